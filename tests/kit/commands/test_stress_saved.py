"""kit.commands.stress_saved: ``--save``'s folder checked before the run (a blank DIR, a file,
a folder that cannot be made or written into refused in one line), and a failing input written
as a sample pair: the next ``sample-N`` of the problem's samples, else ``<slug>-seed<S>``; a pair
that holds it already named, never a different file overwritten nor a link written through, no
half pair left by a full disk. ``stress --save`` end to end (the shrunk case saved, saved again,
a folder that can no longer be written) is in tests/kit/commands/test_stress.py."""

import errno
import shutil
import types
from pathlib import Path

import pytest

from kit.commands import stress_saved
from kit.errors import BuildError
from kit.registry import load_registry


@pytest.fixture
def pairsum(checkout_copy):
    return checkout_copy("pairsum")


def test_save_into_a_folder_names_the_pair_after_the_seed(pairsum, tmp_path):
    problem = load_registry(pairsum)["pairsum"]
    saved, already = stress_saved._save(problem, tmp_path / "found", "1\n1 2\n", b"3\n", 42)
    assert [path.name for path in saved] == ["pairsum-seed42.in", "pairsum-seed42.out"]
    assert not already
    assert stress_saved.save_folder(problem, True) == problem.samples_dir
    assert stress_saved.save_folder(problem, None) is None
    without_answer, _ = stress_saved._save(problem, problem.samples_dir, "1\n1 3\n", None, 7)
    assert [path.name for path in without_answer] == ["sample-2.in"]


def test_a_save_that_cannot_be_made_is_refused_before_the_run(pairsum):
    """An empty DIR (it saved into the current folder), and a samples folder that is a file
    (said after the whole run and its shrink)."""
    problem = load_registry(pairsum)["pairsum"]
    for blank in ("", " "):
        with pytest.raises(BuildError, match=rf"^--save {blank!r}: no folder named \(give DIR,"):
            stress_saved.save_folder(problem, blank)
    shutil.rmtree(problem.samples_dir)
    problem.samples_dir.write_text("")
    with pytest.raises(BuildError, match=r"^--save \(samples/pairsum\): not a folder$"):
        stress_saved.save_folder(problem, True)


def test_save_reuses_an_identical_pair_and_never_overwrites_a_different_one(pairsum, tmp_path):
    """Saved twice, the same failure is found where it is (a sample is not duplicated); a
    different one of the same seed takes the next free name in DIR."""
    problem = load_registry(pairsum)["pairsum"]
    found = tmp_path / "found"
    first, _ = stress_saved._save(problem, found, "1\n1 2\n", b"3\n", 84)
    assert stress_saved._save(problem, found, "1\n1 2\n", b"3\n", 84) == (first, True)
    other, already = stress_saved._save(problem, found, "1\n5 5\n", b"10\n", 84)
    assert [path.name for path in other] == ["pairsum-seed84-2.in", "pairsum-seed84-2.out"]
    assert not already and first[0].read_text() == "1\n1 2\n"
    assert stress_saved._save(problem, found, "1\n5 5\n", b"10\n", 84) == (other, True)
    samples = problem.samples_dir
    sample, already = stress_saved._save(problem, samples, "1\n7 8\n", b"15\n", 1)
    assert [path.name for path in sample] == ["sample-2.in", "sample-2.out"] and not already
    assert stress_saved._save(problem, samples, "1\n7 8\n", b"15\n", 1) == (sample, True)
    assert sorted(path.name for path in samples.iterdir())[-2:] == ["sample-2.in", "sample-2.out"]


def test_save_never_writes_through_a_link_even_a_dangling_one(pairsum):
    """``sample-2.out`` a dangling link to a file outside the samples: the name looked free
    (``exists()`` follows links) and the answer went into the link's target."""
    problem = load_registry(pairsum)["pairsum"]
    outside = pairsum / "OUTSIDE.txt"
    (problem.samples_dir / "sample-2.out").symlink_to(outside)
    saved, _ = stress_saved._save(problem, problem.samples_dir, "1\n7 8\n", b"15\n", 1)
    assert [path.name for path in saved] == ["sample-3.in", "sample-3.out"]
    assert not outside.exists()


class _NoRoom:
    """A file opened for writing on a full disk: created, then its write refused."""

    def __init__(self, handle):
        self.handle = handle

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.handle.close()

    def write(self, _data):
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("refused", [".in", ".out"])
def test_a_save_the_disk_has_no_room_for_leaves_no_half_pair(pairsum, monkeypatch, refused):
    """An empty ``sample-2.in`` without its answer stayed, and the next build blamed the
    solution for its EOFError."""
    problem = load_registry(pairsum)["pairsum"]
    opened = Path.open

    def full(path, mode="r", *args, **kwargs):
        handle = opened(path, mode, *args, **kwargs)
        return _NoRoom(handle) if path.suffix == refused and "x" in mode else handle

    monkeypatch.setattr(Path, "open", full)
    before = sorted(problem.samples_dir.iterdir())
    shrunk = types.SimpleNamespace(text="1\n7 8\n", seed=1)
    with pytest.raises(
        BuildError, match=r"^--save: cannot write into .*: No space left on device$"
    ):
        stress_saved.save_shown(problem, problem.samples_dir, shrunk, b"15\n")
    assert sorted(problem.samples_dir.iterdir()) == before


def test_save_into_a_file_or_below_a_missing_folder_is_one_line_before_the_run(pairsum, tmp_path):
    problem = load_registry(pairsum)["pairsum"]
    (tmp_path / "file").write_text("")
    with pytest.raises(BuildError, match=r"^--save .*file: not a folder$"):
        stress_saved.save_folder(problem, str(tmp_path / "file"))
    with pytest.raises(BuildError, match=r"^--save .*/a/b: no folder .*/a to make it in$"):
        stress_saved.save_folder(problem, str(tmp_path / "a" / "b"))
    assert stress_saved.save_folder(problem, str(tmp_path / "new")) == tmp_path / "new"
    assert not (tmp_path / "new").exists()  # probed, not left behind
    with pytest.raises(BuildError, match=r"^--save /proc/nope: cannot write there: "):
        stress_saved.save_folder(problem, "/proc/nope")  # a folder no one can make


def test_save_into_a_folder_laid_out_as_atcoder_s_is_refused_before_the_run(pairsum):
    """A pair saved beside ``in/`` + ``out/`` would fail the problem's next build ("keep one
    of the two layouts")."""
    problem = load_registry(pairsum)["pairsum"]
    (problem.samples_dir / "in").mkdir()
    with pytest.raises(BuildError, match=r"laid out as in/ with out/ .*: give --save DIR$"):
        stress_saved.save_folder(problem, True)
    (pairsum / "downloaded" / "input").mkdir(parents=True)  # HackerRank's
    with pytest.raises(BuildError, match=r"laid out as input/ with output/ .*: give --save DIR$"):
        stress_saved.save_folder(problem, str(pairsum / "downloaded"))
    (pairsum / "usaco").mkdir()
    (pairsum / "usaco" / "I.1").write_text("1\n")  # USACO's older data
    with pytest.raises(BuildError, match=r"laid out as I.N with O.N .*: give --save DIR$"):
        stress_saved.save_folder(problem, str(pairsum / "usaco"))

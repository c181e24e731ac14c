"""kit.commands.planned_problems: a problem planned (its slug, files, table and samples checked
and rendered) writes nothing; the plans of several problems are written together, their files,
samples and tables all taken back when a write fails, is interrupted or the registry refuses a
table; problems.toml keeps its line ends and is never rewritten when it was not changed; two
writes at once both add their tables, and a reader never sees the file half written. ``new``
planning and writing one problem end to end is in tests/kit/commands/test_new.py, a contest's
tasks in tests/kit/commands/test_new_contest.py."""

import shutil
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from kit import cli, file_locks
from kit.commands import planned_problems
from kit.commands.adopted_files import Adopted
from kit.commands.planned_problems import Asked, exist, page_known, planned, write
from kit.errors import BuildError
from kit.pages.page import ANY_ANSWER_NOTE, Page
from kit.pages.poj import SPECIAL_JUDGE_NOTE
from kit.problem_cases import sample_cases
from kit.registry import load_registry
from tests.command_support import disk_full_at

PAIRS = [("1 2\n", "3\n"), ("4 5\n", "9\n")]


def page(title: str = "Sum", samples=PAIRS) -> Page:
    return Page("POJ", title, 1.0, 64, list(samples), "1000MS", "65536K", "1000")


def files_of(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def plans(root: Path, *slugs: str) -> list:
    """The plans of problems of ``slugs``, one page each (the ids told apart)."""
    registry = load_registry(root)
    return [planned(root, registry, Asked(page(f"Sum {slug}"), slug, "", False)) for slug in slugs]


def test_a_plan_is_checked_and_rendered_and_writes_nothing(toy, capsys):
    before = files_of(toy)
    plan = planned(toy, load_registry(toy), Asked(page(), None, "", False))
    assert files_of(toy) == before
    assert capsys.readouterr().out == ""
    assert (plan.slug, plan.judge, plan.known.id, plan.known.time_limit) == (
        "sum",
        "POJ",
        "1000",
        1.0,
    )
    assert "solutions/sum.py" in plan.made and "stress/sum.py" in plan.made
    assert plan.table.startswith("\n[sum]\n") and 'id = "1000"' in plan.table
    assert plan.samples == toy / "samples" / "sum"
    assert plan.sample_files == [("sample-1.in", "1 2\n"), ("sample-1.out", "3\n"),
                                 ("sample-2.in", "4 5\n"), ("sample-2.out", "9\n")]  # fmt: skip


@pytest.mark.parametrize(
    ("notes", "any_answer"),
    [((), False), ((ANY_ANSWER_NOTE,), True), ((SPECIAL_JUDGE_NOTE,), True)],
)
def test_a_page_whose_answers_are_one_of_several_leaves_a_checker_to_set(notes, any_answer):
    """POJ's Special Judge note was said, but its table had no compare = "checker:PATH" line
    to set: only the any-answer note of Codeforces and AtCoder gave one."""
    known = page_known(replace(page(), notes=notes))
    assert known.any_answer is any_answer
    assert (known.title, known.id, known.time_note) == ("Sum", "1000", "from the page: 1000MS")


def test_an_interactive_plan_leaves_the_page_s_exchanges_out(toy):
    plan = planned(toy, load_registry(toy), Asked(page(), "sum", "", True))
    assert plan.sample_files == [] and "interactors/sum.py" in plan.made
    assert 'interactor = "interactors/sum.py"' in plan.table


def test_a_plan_leaves_out_the_pairs_a_folder_adopted_holds(toy):
    """The user's pair is kept as it is; only the page's pairs under free names are added."""
    (toy / "mine").mkdir()
    (toy / "mine" / "sample-1.in").write_text("1 2\n")
    (toy / "mine" / "sample-1.out").write_text("3\n")
    asked = Asked(page(), "sum", "", False, Adopted(samples="mine"))
    plan = planned(toy, load_registry(toy), asked)
    assert plan.adopted.kept == ((1, False),)
    assert plan.samples == toy / "mine"
    assert [name for name, _ in plan.sample_files] == ["sample-2.in", "sample-2.out"]
    assert 'samples = "mine"' in plan.table and "solutions/sum.py" in plan.made


@pytest.mark.parametrize(
    ("slug", "in_the_way", "said"),
    [
        ("toy_sum", None, "new: toy_sum exists in problems.toml; nothing was changed"),
        ("sum", "bench/sum.py", "new: sum: bench/sum.py exists already; nothing was changed"),
        ("sum", "samples/sum/x", "new: sum: samples/sum/ exists already; nothing was changed"),
    ],
)
def test_a_plan_whose_slug_or_files_are_taken_is_refused(toy, slug, in_the_way, said):
    if in_the_way:
        (toy / in_the_way).parent.mkdir(parents=True, exist_ok=True)
        (toy / in_the_way).write_text("mine\n")
    before = files_of(toy)
    with pytest.raises(BuildError) as raised:
        planned(toy, load_registry(toy), Asked(page(), slug, "", False))
    assert str(raised.value) == said
    assert files_of(toy) == before


def test_the_files_in_the_way_are_said_in_one_phrase():
    assert exist(["a.py"]) == "a.py exists"
    assert exist(["a.py", "b.py"]) == "a.py, b.py exist"


def test_several_plans_are_written_together(toy):
    write(toy, [plan.writes for plan in plans(toy, "alpha", "beta")])
    registry = load_registry(toy)
    for slug in ("alpha", "beta"):
        assert registry[slug].title == f"Sum {slug}"
        assert (toy / "solutions" / f"{slug}.py").exists()
        cases = [case.name for case in sample_cases(registry[slug])]
        assert cases == [f"samples/{slug}/sample-1.in", f"samples/{slug}/sample-2.in"]


@pytest.mark.parametrize(
    ("error", "raised"), [(None, BuildError), (KeyboardInterrupt(), KeyboardInterrupt)]
)
def test_several_plans_are_all_taken_back_when_one_write_fails(toy, monkeypatch, error, raised):
    """The second problem's write fails (a full disk) or is interrupted (Ctrl-C, raised on as
    it is): the first's files, samples and table go too."""
    written = plans(toy, "alpha", "beta")
    before = files_of(toy)
    disk_full_at(monkeypatch, "samples/beta/sample-2.out", error)
    with pytest.raises(raised) as caught:
        write(toy, [plan.writes for plan in written])
    if error is None:
        assert "new: cannot write samples/beta/sample-2.out: No space" in str(caught.value)
    assert files_of(toy) == before
    assert not (toy / "samples" / "alpha").exists() and not (toy / "bench" / "alpha.py").exists()


def test_several_plans_are_all_taken_back_when_the_registry_refuses_a_table(toy):
    alpha, beta = plans(toy, "alpha", "beta")
    before = files_of(toy)
    broken = (beta.made, "\n[beta]\ntitel = 'Sum'\n", beta.samples, beta.sample_files)
    with pytest.raises(BuildError, match="unknown key 'titel'"):
        write(toy, [alpha.writes, broken])
    assert files_of(toy) == before
    assert not (toy / "solutions" / "alpha.py").exists()


def test_new_keeps_the_line_ends_of_a_crlf_problems_toml(toy, capsys):
    """A file edited on Windows keeps its CRLF, the new table's lines included."""
    path = toy / "problems.toml"
    path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    before = path.read_bytes()
    assert cli.main(["new", "alpha", "--judge", "POJ", "--root", str(toy)]) == 0
    after = path.read_bytes()
    assert after.startswith(before) and b"[alpha]\r\n" in after
    assert after.count(b"\n") == after.count(b"\r\n")
    assert "alpha" in load_registry(toy)


def test_a_file_where_a_folder_goes_is_one_line_and_nothing_changes(toy, capsys):
    """A file named ``stress`` where the folder goes was a FileExistsError traceback."""
    shutil.rmtree(toy / "stress", ignore_errors=True)
    (toy / "stress").write_text("x")
    before = (toy / "problems.toml").read_bytes()
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 2
    said = "new: stress is a file, where a folder is needed; nothing was changed"
    assert capsys.readouterr().err == f"cpkit: error: {said}\n"
    assert (toy / "problems.toml").read_bytes() == before
    assert not (toy / "solutions" / "alpha.py").exists()


def test_a_write_that_fails_is_one_line_and_taken_back(toy, capsys, monkeypatch):
    before = (toy / "problems.toml").read_bytes()
    disk_full_at(monkeypatch, "test_alpha.py")
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert err == (
        "cpkit: error: new: cannot write tests/test_alpha.py: No space left on device; "
        "nothing was changed\n"
    )
    assert (toy / "problems.toml").read_bytes() == before
    assert not (toy / "solutions" / "alpha.py").exists()


def _read_only_registry(monkeypatch):
    """problems.toml cannot be written, as for a user without the permission (root writes
    through a chmod, so the denial is made here)."""
    real_open, real_write = Path.open, Path.write_bytes

    def denied(path):
        return OSError(13, "Permission denied", str(path))

    def opening(path, mode="r", *args, **kwargs):
        if path.name == "problems.toml" and mode != "r" and "b" in mode and "r" not in mode:
            raise denied(path)
        return real_open(path, mode, *args, **kwargs)

    def writing(path, data):
        if path.name == "problems.toml":
            raise denied(path)
        return real_write(path, data)

    monkeypatch.setattr(Path, "open", opening)
    monkeypatch.setattr(Path, "write_bytes", writing)


def test_a_problems_toml_that_cannot_be_written_is_one_line_and_nothing_is_made(
    toy, capsys, monkeypatch
):
    """It was two chained tracebacks (the write, then its undo), with every new file left."""
    before = sorted(path.relative_to(toy) for path in toy.rglob("*"))
    _read_only_registry(monkeypatch)
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: cannot write problems.toml: Permission denied; nothing was changed\n"
    )
    assert sorted(path.relative_to(toy) for path in toy.rglob("*")) == before


def test_a_failed_write_does_not_rewrite_a_problems_toml_it_never_changed(toy, capsys, monkeypatch):
    """The undo wrote problems.toml back even when the failure came before it was touched:
    where that write failed too, a traceback hid the first error."""
    disk_full_at(monkeypatch, "test_alpha.py")
    real_write = file_locks.replace

    def writing(path, data):
        if path.name == "problems.toml":
            raise OSError(13, "Permission denied", str(path))
        return real_write(path, data)

    monkeypatch.setattr(file_locks, "replace", writing)
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: cannot write tests/test_alpha.py: No space left on device; "
        "nothing was changed\n"
    )


def test_the_folders_new_made_are_taken_back_with_its_files(tmp_path, capsys, monkeypatch):
    """In a workspace without ``stress/`` and ``bench/``: a write failing in ``bench/`` left
    both folders behind, empty, under "nothing was changed"."""
    assert cli.main(["init", str(tmp_path)]) == 0
    before = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*"))
    disk_full_at(monkeypatch, "bench/alpha.py")
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(tmp_path)]) == 2
    assert "new: cannot write bench/alpha.py" in capsys.readouterr().err
    assert sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*")) == before


def test_a_dangling_link_where_a_file_goes_is_refused_not_written_through(toy, capsys, tmp_path):
    """Written through, it made a file outside the workspace that a take-back then left."""
    (toy / "solutions" / "alpha.py").symlink_to(tmp_path / "outside" / "alpha.py")
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 2
    assert "solutions/alpha.py exists already" in capsys.readouterr().err
    assert not (tmp_path / "outside").exists()


def test_writes_at_once_each_add_their_tables(toy, monkeypatch):
    """Each ``new`` read problems.toml, then wrote it back whole with its table: of 15 pairs
    of ``new`` run at once, 16 to 29 tables of 31 were lost, with no word and exit 0. The time
    each takes to write its files is stretched here, so that without the lock every one reads
    the file before any writes it."""
    slugs = [f"p{index}" for index in range(6)]
    written = plans(toy, *slugs)
    real = planned_problems._write_files

    def slow(*args):
        real(*args)
        time.sleep(0.05)

    monkeypatch.setattr(planned_problems, "_write_files", slow)
    start = threading.Barrier(len(written))
    failed = []

    def one(plan):
        start.wait()
        try:
            write(toy, [plan.writes])
        except BaseException as error:  # told below
            failed.append(error)

    threads = [threading.Thread(target=one, args=(plan,)) for plan in written]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed
    registry = load_registry(toy)
    assert all(slug in registry for slug in slugs)
    assert (toy / "problems.toml").read_text().startswith("# ")  # the header kept


def test_a_reader_sees_problems_toml_whole_while_new_writes_it(toy, monkeypatch):
    """Truncated then written, it read empty to a build beside ``new`` ("no problems ...
    yet") and stayed so when ``new`` was killed there."""
    before = (toy / "problems.toml").read_text()
    seen = []
    real = file_locks.os.fsync

    def syncing(descriptor):
        seen.append((toy / "problems.toml").read_text())
        return real(descriptor)

    monkeypatch.setattr(file_locks.os, "fsync", syncing)
    write(toy, [plans(toy, "alpha")[0].writes])
    assert seen == [before]
    assert "alpha" in load_registry(toy)

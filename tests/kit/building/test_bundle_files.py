"""kit.building.bundle_files on the toy checkout: the bundle staged outside the workspace and run
from there, ``dist/<slug>.py`` written only when everything passed, a failed bundle kept in
``dist/failed/`` and an older ``dist/<slug>.py`` removed, never a source ``dist/`` leads to;
what a build killed outright left behind removed by the next; ``dist/`` left as it was under an
interpreter the judge does not run."""

import errno
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from kit import cache, scratch
from kit.building import bundle_files
from kit.building.bundle_files import remove_bundle, staged
from kit.building.pipeline import build_problem
from kit.building.results import Result, Status
from kit.bundle_making import make_bundle
from kit.errors import BuildError
from kit.judges.targets import Target
from kit.registry import load_registry
from kit.run.cases import RunOptions
from tests.bundle_support import stale_dist, toy_sum
from tests.lock_support import held_by_another

ONE_AT_A_TIME = RunOptions(repeat=1, jobs=1)


def test_a_staged_bundle_runs_outside_the_workspace_then_takes_its_place(toy):
    problem = toy_sum(toy)
    result = Result(problem)
    with staged(problem, b"print(1)\n", result) as script:
        assert script.read_bytes() == b"print(1)\n" and script.name == "toy_sum.py"
        assert toy not in script.parents
    assert problem.dist.read_bytes() == b"print(1)\n"
    assert not script.parent.exists() and result.status == Status.OK and not result.notes


def test_a_failed_staged_bundle_is_kept_in_failed_and_the_older_one_removed(toy):
    problem = toy_sum(toy)
    stale_dist(problem)
    result = Result(problem)
    with staged(problem, b"print(2)\n", result):
        result.fail("wrong answer")
    assert not problem.dist.exists() and problem.failed_dist.read_bytes() == b"print(2)\n"
    assert result.notes == ["the failed bundle is kept as dist/failed/toy_sum.py"]


def test_remove_bundle_removes_an_older_bundle_never_a_source_nor_a_folder(toy):
    problem = toy_sum(toy)
    stale_dist(problem)
    result = Result(problem)
    remove_bundle(problem, result)
    assert not problem.dist.exists() and not result.notes
    problem.dist.mkdir()
    remove_bundle(problem, result)
    assert problem.dist.is_dir()
    problem.dist.rmdir()
    problem.dist.symlink_to(problem.solution)  # the solution itself: kept
    remove_bundle(problem, result)
    assert problem.dist.is_symlink() and problem.solution.is_file()


def test_a_passing_build_replaces_dist_and_drops_an_old_failed_bundle(toy):
    problem = toy_sum(toy)
    problem.failed_dist.parent.mkdir(parents=True)
    problem.failed_dist.write_text("old failure\n")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert (result.passed, result.total) == (1, 1)
    assert problem.dist.read_text() == make_bundle(problem).text
    assert not problem.failed_dist.exists()
    assert [problem.rel(path) for path in result.sources][0] == "solutions/toy_sum.py"
    # dist/failed/, empty, was left; another problem's failure there is not touched
    assert sorted(path.name for path in problem.dist.parent.iterdir()) == ["toy_sum.py"]
    problem.failed_dist.parent.mkdir()
    (problem.failed_dist.parent / "other.py").write_text("another failure\n")
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.OK
    assert (problem.failed_dist.parent / "other.py").read_text() == "another failure\n"


def test_a_wrong_answer_keeps_the_bundle_in_failed_and_removes_the_old_dist(toy):
    problem = toy_sum(toy)
    stale_dist(problem)
    answer = problem.samples_dir / "sample-1.out"
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors[0].startswith("toy_sum: samples/toy_sum/sample-1.in: wrong answer")
    assert not problem.dist.exists() and problem.failed_dist.is_file()
    assert "the failed bundle is kept as dist/failed/toy_sum.py" in result.notes


@pytest.mark.parametrize("passing", [True, False])
def test_a_dist_folder_that_leads_to_the_solutions_never_writes_over_them(toy, passing):
    """``dist`` a link to ``solutions``: a failed build removed "the older dist/toy_sum.py",
    the solution itself, and a passing one would have written the bundle over it."""
    problem = toy_sum(toy)
    shutil.rmtree(problem.dist.parent, ignore_errors=True)
    problem.dist.parent.symlink_to(problem.solution.parent, target_is_directory=True)
    source = problem.solution.read_text()
    if not passing:
        problem.solution.write_text(source + "\nraise SystemExit(3)\n")
    written = problem.solution.read_text()
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert "dist/ leads to solutions/toy_sum.py (a link?)" in " ".join(result.errors)
    assert problem.solution.read_text() == written
    problem.solution.write_text("def broken(:\n")  # no bundle made: removed before any source
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.FAIL
    assert problem.solution.read_text() == "def broken(:\n"


def test_a_failed_bundle_with_a_file_where_its_folder_goes_is_said_so(toy):
    """dist/failed a file: "the failed bundle is not kept as ...: File exists"."""
    problem = toy_sum(toy)
    problem.solution.write_text("print(0)\n")
    problem.failed_dist.parent.parent.mkdir(parents=True, exist_ok=True)
    problem.failed_dist.parent.write_text("")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert (
        "the failed bundle is not kept as dist/failed/toy_sum.py: dist/failed is a file, where a "
        "folder is needed"
    ) in result.notes


def test_an_older_dist_that_cannot_be_removed_is_said(toy, monkeypatch):
    """A read-only dist/ and a failed build: a PermissionError traceback."""
    problem = toy_sum(toy)
    stale_dist(problem)
    problem.solution.write_text("def broken(:\n")
    unlink = Path.unlink

    def refusing(path, *args, **kwargs):
        if path == problem.dist:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", refusing)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert (
        "the older dist/toy_sum.py cannot be removed (Permission denied): it is no bundle of "
        "these sources"
    ) in result.notes


def test_a_dist_that_cannot_be_written_is_one_line(toy):
    (toy / "dist").write_text("a file where the folder goes\n")
    with pytest.raises(BuildError, match=r"^dist is a file, where the bundles' folder goes$"):
        build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    (toy / "dist").unlink()
    (toy / "dist").symlink_to(toy / "gone")  # it said "File exists"
    with pytest.raises(BuildError, match=r"^dist is a link to .*gone, which is not there$"):
        build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])


def test_a_folder_where_the_bundle_goes_fails_the_build_in_one_line(toy):
    """``dist/toy_sum.py`` a folder: an IsADirectoryError traceback once the cases passed."""
    problem = toy_sum(toy)
    problem.dist.mkdir(parents=True)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors == ["toy_sum: cannot write the bundle to dist/toy_sum.py: Is a directory"]
    assert problem.dist.is_dir() and not list(problem.dist.parent.glob(".toy_sum.*"))


def test_an_old_failed_copy_that_cannot_be_removed_does_not_fail_a_passing_build(toy, monkeypatch):
    problem = toy_sum(toy)
    problem.failed_dist.parent.mkdir(parents=True)
    problem.failed_dist.write_text("old failure\n")
    real = Path.unlink

    def refused(path, *args, **kwargs):
        if path == problem.failed_dist:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", refused)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert problem.dist.is_file()


@pytest.mark.parametrize(
    ("folder", "note"),
    [
        # a failed build removes an older dist/toy_sum.py: a folder of that name it leaves
        ("dist", "the failed bundle is kept as dist/failed/toy_sum.py"),
        ("failed_dist", "the failed bundle is not kept as dist/failed/toy_sum.py: Is a directory"),
    ],
)
def test_a_folder_where_a_bundle_goes_is_left_and_said(toy, folder, note):
    problem = toy_sum(toy)
    getattr(problem, folder).mkdir(parents=True)
    answer = problem.samples_dir / "sample-1.out"
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL and getattr(problem, folder).is_dir()
    assert note in result.notes
    assert not list(problem.dist.parent.glob(".toy_sum.*"))  # the staged file removed


def test_a_run_that_rewrites_its_own_file_leaves_the_next_its_own_copy(toy):
    """``open(__file__, "w")``: a judge runs each test from a fresh copy, so does the build
    (the rewritten program was run by the next cases, then the build was failed for it);
    ``dist/`` holds what was built and nothing a run wrote beside it."""
    problem = toy_sum(toy)
    _second_sample(problem)
    tamper = (
        "import os\nopen(os.path.join(os.path.dirname(__file__), 'scratch.bin'), 'w').write('x')\n"
        "open(__file__, 'w').write('print(0)\\n')\n"
    )
    problem.solution.write_text(problem.solution.read_text() + tamper)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert "open(__file__" in problem.dist.read_text()  # as built, not 'print(0)'
    assert sorted(path.name for path in problem.dist.parent.iterdir()) == ["toy_sum.py"]


def test_a_file_a_run_wrote_beside_its_own_file_is_not_there_for_the_next_case(toy):
    """A memo of the first case written beside ``__file__`` and read back on the next: the
    next cases were WA in the build while ``run`` on one of them alone said ok."""
    problem = toy_sum(toy)
    _second_sample(problem)
    memo = (
        "import os, sys\nMEMO = os.path.join(os.path.dirname(__file__), 'memo.txt')\n"
        "if os.path.exists(MEMO):\n    sys.exit('memo.txt from an earlier case')\n"
        "open(MEMO, 'w').write('seen')\n"
    )
    problem.solution.write_text(memo + problem.solution.read_text())
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert result.passed == result.total == 2


def _second_sample(problem):
    for suffix in (".in", ".out"):
        first = problem.samples_dir / f"sample-1{suffix}"
        (problem.samples_dir / f"sample-2{suffix}").write_bytes(first.read_bytes())


def test_a_passing_run_s_scratch_file_beside_its_own_file_is_not_left_in_dist(toy):
    problem = toy_sum(toy)
    scratch = "import os\nopen(os.path.join(os.path.dirname(__file__), 'scratch.bin'), 'w')\n"
    problem.solution.write_text(scratch + problem.solution.read_text())
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert [path.name for path in problem.dist.parent.iterdir()] == ["toy_sum.py"]


@pytest.mark.parametrize("up", ["..", "../.."])
def test_a_run_does_not_find_the_workspace_beside_its_own_file(toy, up):
    """A judge runs the file away from the checkout: a solution reading ``problems.toml``
    through ``__file__`` ran from ``dist/.<slug>.*/`` and found the workspace's (``ok``)."""
    problem = toy_sum(toy)
    peek = f"import os\nopen(os.path.join(os.path.dirname(__file__), '{up}', 'problems.toml'))\n"
    problem.solution.write_text(peek + problem.solution.read_text())
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert "runtime error" in result.errors[0] and "FileNotFoundError" in result.errors[0]


def test_a_bundle_staged_on_another_file_system_is_copied_into_place(toy, monkeypatch):
    """The temporary folder may be another file system than the workspace (``/tmp`` in
    memory): ``os.replace`` across them fails with EXDEV; the bundle is copied in, whole."""
    real = os.replace

    def across(source, target):
        if str(source).startswith(tempfile.gettempdir()):
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real(source, target)

    monkeypatch.setattr(os, "replace", across)
    problem = toy_sum(toy)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    assert [path.name for path in problem.dist.parent.iterdir()] == ["toy_sum.py"]
    assert "def " in problem.dist.read_text()


def test_a_bundle_the_disk_refuses_is_one_line(toy, tmp_path):
    """A file-size limit (``ulimit -f``; a full disk the same way) stops the write: one line,
    exit 2, and no temporary bundle left in dist/ or the temporary folder."""
    root = Path(__file__).resolve().parents[3]
    script = (
        "import resource, sys\nresource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))\n"
        "from kit.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    )
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    environment = {
        **os.environ,
        "PYTHONPATH": str(root),
        "KIT_PYTHONS": "",
        "TMPDIR": str(temporary),
    }
    done = subprocess.run(
        [sys.executable, "-c", script, "--root", str(toy), "toy_sum"], capture_output=True,
        text=True, env=environment, timeout=240, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().endswith(f"cannot write the bundle: {scratch.NO_FOLDER}")
    assert [p.name for p in (toy / "dist").iterdir()] == []
    assert list(temporary.iterdir()) == []


def test_a_staged_bundle_a_killed_build_left_is_removed_when_old(toy):
    """SIGKILL leaves ``dist/.toy_sum.XXXX.py``; the next build removes one over an hour old
    and leaves a fresh one (another build's, under way)."""
    (toy / "dist").mkdir()
    old, fresh = toy / "dist" / ".toy_sum.old1.py", toy / "dist" / ".toy_sum.new1.py"
    for path in (old, fresh):
        path.write_text("x = 1\n")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    assert not old.exists() and fresh.exists()


def test_a_failure_under_an_interpreter_the_judge_does_not_run_keeps_the_good_bundle(toy):
    """``--target`` naming a Python the judge does not run (the kit's own, for CPython 3.8 and
    PyPy targets): its failure says nothing of the judge's, so dist/ keeps the bundle that
    passed; the failed one is kept apart as ever."""
    from kit.judges.targets import Runner, host  # noqa: PLC0415

    problem = toy_sum(toy)
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.OK
    good = problem.dist.read_text()
    problem.solution.write_text("import sys\nsys.exit(3)\n")
    foreign = Runner(Target("cpython", host().version), host(), True)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[], target=foreign)
    assert result.status == Status.FAIL and result.foreign
    assert problem.dist.read_text() == good and problem.failed_dist.is_file()
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.FAIL
    assert not problem.dist.exists()  # the judge's own targets failed it: removed


def test_a_pass_under_an_interpreter_the_judge_does_not_run_writes_nothing_to_dist(toy):
    """Nor does its pass say anything of the judge's: a bundle wrong under the judge's own
    Python only was put in place by ``--target 3.8`` for AtCoder, ready to be submitted."""
    from kit.judges.targets import Runner, host  # noqa: PLC0415

    problem = toy_sum(toy)
    foreign = Runner(Target("cpython", host().version), host(), True)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[], target=foreign)
    assert result.status == Status.OK and result.foreign and not problem.dist.exists()
    assert any("is left as it was" in note for note in result.notes)
    assert not list(problem.dist.parent.glob(f".{problem.slug}.*"))  # nothing staged left
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.OK
    good = problem.dist.read_text()
    problem.solution.write_text(problem.solution.read_text() + "# changed\n")
    build_problem(problem, ONE_AT_A_TIME, interpreters=[], target=foreign)
    assert problem.dist.read_text() == good  # the judge's last pass stays


def test_staged_bundles_of_builds_that_are_gone_are_removed(toy):
    """A build killed outright leaves ``dist/.<slug>.<pid>.*``: the next build removes it
    when that process is gone, at once; an older kit's name (no process id) after an hour; a
    live build's stays, however old (the rule of ``cache.stale``)."""
    problem = load_registry(toy)["toy_sum"]
    dist = problem.dist.parent
    dist.mkdir()
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    gone = dist / f".toy_sum.{ended.stdout.strip()}.ab12cd34"
    live = dist / f".toy_sum.{os.getpid()}.ef56gh78"
    old_live = dist / f".toy_sum.{os.getpid()}.qr78st90"
    legacy, old = dist / ".toy_sum.ij90kl12", dist / ".toy_sum.mn34op56"
    for folder in (gone, live, old_live, legacy, old):
        folder.mkdir()
    hours_ago = time.time() - 2 * cache.STALE_AGE
    os.utime(old, (hours_ago, hours_ago))
    os.utime(old_live, (hours_ago, hours_ago))
    bundle_files._remove_stale(problem)
    assert sorted(p.name for p in dist.iterdir()) == sorted([live.name, old_live.name, legacy.name])


def test_a_dist_folder_that_takes_no_file_stops_before_the_runs(toy, monkeypatch):
    """``dist/`` there but read-only (a read-only checkout; as root only a read-only mount):
    the build stops at once, as for a ``dist/`` it cannot make, not after every case ran."""
    problem = toy_sum(toy)
    problem.dist.parent.mkdir(exist_ok=True)
    real = tempfile.TemporaryFile

    def refused(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == problem.dist.parent:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(bundle_files.tempfile, "TemporaryFile", refused)
    with pytest.raises(
        BuildError, match=r"^cannot write the bundle into dist/: Permission denied$"
    ), staged(problem, b"print(1)\n", Result(problem)):
        pytest.fail("the runs started")


def _saved_during_the_build(problem, monkeypatch, text="print('edited')\n"):
    """The solution saved again once the bundle's runs are done, before it is put in place."""
    real = bundle_files._sources_changed

    def then_saved(*args):
        problem.solution.write_text(text)
        return real(*args)

    monkeypatch.setattr(bundle_files, "_sources_changed", then_saved)


def test_a_bundle_of_a_source_saved_during_its_build_is_put_nowhere(toy, monkeypatch):
    """A build of the good text ended after a later build of a wrong one had failed: it moved
    the old text's bundle into dist/ and removed the later build's dist/failed/ copy."""
    problem = toy_sum(toy)
    problem.failed_dist.parent.mkdir(parents=True)
    problem.failed_dist.write_text("the later build's failure\n")
    _saved_during_the_build(problem, monkeypatch)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL and (result.passed, result.total) == (1, 1)
    assert result.errors == [
        "toy_sum: solutions/toy_sum.py changed during the build: dist/toy_sum.py not written; "
        "run again"
    ]
    assert not problem.dist.exists()
    assert problem.failed_dist.read_text() == "the later build's failure\n"


def test_a_failed_bundle_of_a_source_saved_during_its_build_is_not_kept(toy, monkeypatch):
    problem = toy_sum(toy)
    stale_dist(problem)
    answer = problem.samples_dir / "sample-1.out"
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    _saved_during_the_build(problem, monkeypatch)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.errors[-1] == (
        "toy_sum: solutions/toy_sum.py changed during the build: dist/failed/toy_sum.py not "
        "written; run again"
    )
    assert not problem.failed_dist.exists() and problem.dist.is_file()  # dist/ as it was


@pytest.mark.parametrize("passing", [True, False])
def test_a_target_build_of_a_source_saved_during_it_names_no_dist_file(toy, monkeypatch, passing):
    """``--target`` never writes dist/: its failure said "dist/failed/toy_sum.py not written"
    as if it would have been."""
    from kit.judges.targets import Runner, host  # noqa: PLC0415

    problem = toy_sum(toy)
    if not passing:
        problem.solution.write_text("import sys\nsys.exit(3)\n")
    _saved_during_the_build(problem, monkeypatch)
    foreign = Runner(Target("cpython", host().version), host(), True)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[], target=foreign)
    assert result.status == Status.FAIL and result.foreign
    assert result.errors[-1] == (
        "toy_sum: solutions/toy_sum.py changed during the build; run again"
    )
    assert not problem.dist.exists() and not problem.failed_dist.exists()


def test_bundles_are_put_and_removed_under_the_lock_on_dist(toy, monkeypatch):
    """Two builds of one problem at once moved and removed its files in turns of their own:
    an older build's move came after a newer one's removal."""
    problem = toy_sum(toy)
    seen = []
    for name in ("move", "_remove"):
        real = getattr(bundle_files, name)

        def noted(*args, real=real):
            seen.append(held_by_another(problem.dist.parent))
            return real(*args)

        monkeypatch.setattr(bundle_files, name, noted)
    with staged(problem, b"print(1)\n", Result(problem)):
        pass
    failed = Result(problem)
    with staged(problem, b"print(2)\n", failed):
        failed.fail("wrong answer")
    remove_bundle(problem, Result(problem))
    assert seen == [True, True, True, True, True]

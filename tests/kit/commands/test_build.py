"""kit.commands.build: the build command's options and what it prints: the run options from
the command line, a workspace without problems, a progress line, the table and the exit
status for a passing and a failing problem (run under one interpreter, ``--target``), and
``-v`` and ``--diff``; what ``--watch`` polls."""

import argparse
import os
import re
import shutil
import sys
from functools import partial
from types import SimpleNamespace

import pytest

from kit import invocation
from kit.building import heartbeat
from kit.building.heartbeat import Heartbeat
from kit.building.results import Status
from kit.commands import build
from kit.errors import BuildError
from kit.registry import load_registry
from kit.run.cases import Step
from kit.run.limits import KILL_FACTOR
from kit.run.problem_judges import compiled_judges
from kit.watch import PYTHON_IN, first_change, snapshot
from tests.package_support import PACKAGES


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    build.add_subparser(parser.add_subparsers())
    return parser.parse_args(["build", *argv])


@pytest.fixture(autouse=True)
def named_cpkit(monkeypatch):
    """Messages name the program as ``cpkit`` (cli.main sets the name for the process)."""
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])


def test_the_options_become_the_run_options():
    args = parse()
    options = build._options(args)
    assert (options.repeat, options.jobs, options.kill_factor, options.first_failure) == (
        None, None, KILL_FACTOR, False,
    )  # fmt: skip
    args = parse("--repeat", "3", "-j", "1", "--kill-factor", "2", "--first-failure", "toy_sum")
    options = build._options(args, progress=print)
    assert (options.repeat, options.jobs, options.kill_factor, options.first_failure) == (
        3, 1, 2.0, True,
    )  # fmt: skip
    assert options.progress is print and args.slugs == ["toy_sum"]
    assert build._options(parse()).cut_after_kill  # later runs after a kill killed sooner
    assert not options.cut_after_kill  # a factor given is every run's: how far over it asked


def test_a_kill_factor_given_as_the_default_s_value_still_keeps_every_run_s_kill():
    assert not build._options(parse("--kill-factor", str(KILL_FACTOR))).cut_after_kill


def test_a_kill_factor_below_one_is_a_usage_error(capsys):
    with pytest.raises(SystemExit):
        parse("--kill-factor", "0.5")
    assert "must be at least 1" in capsys.readouterr().err


def test_a_second_target_is_a_usage_error_not_taken_over_the_first(capsys):
    with pytest.raises(SystemExit):
        parse("--target", "3.8", "--target", "pypy3")
    assert "--target given twice" in capsys.readouterr().err
    assert parse("--target", "pypy3").target == "pypy3"


def test_watching_a_problem_named_wrong_is_an_error_not_a_wait(toy, capsys):
    args = parse("toy_sun", "--watch", "--root", str(toy))
    with pytest.raises(BuildError, match=r"^unknown problem 'toy_sun'"):
        args.run(args)
    assert capsys.readouterr().out == ""


def test_a_watched_build_that_cannot_write_dist_says_so_in_one_line(toy, capsys):
    """``dist`` a file: the build's child printed a traceback; the watch says it and waits."""
    (toy / "dist").write_text("a file where the folder goes\n")
    args = parse("toy_sum", "--watch", "--root", str(toy))
    args.runner = None  # as the command sets it: no --target
    assert build._watched_build(args, toy) is None
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(
        r"\d\d:\d\d:\d\d error: dist is a file, where the bundles' folder goes", line
    )


def test_a_workspace_without_problems_says_how_to_add_one(tmp_path, capsys):
    (tmp_path / "problems.toml").write_text("# none yet\n")
    args = parse("--root", str(tmp_path))
    assert args.run(args) == 0
    assert capsys.readouterr().out == (
        f"no problems in {tmp_path.resolve() / 'problems.toml'} yet "
        "(add one: cpkit new SLUG --judge NAME)\n"
    )


def test_a_passing_problem_prints_its_line_the_table_and_exits_0(toy, capsys):
    args = parse("toy_sum", "--target", sys.executable, "--repeat", "1", "-v", "--root", str(toy))
    assert args.run(args) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("[1/1] toy_sum") and "1/1 cases" in lines[0]
    assert lines[1].startswith("    ok   samples/toy_sum/sample-1.in")
    assert any(line.startswith("problem ") for line in lines) and "FAILED" not in out
    assert not (toy / "dist" / "toy_sum.py").exists()  # not the judge's Python: dist/ as it was


def test_a_target_the_judge_does_not_run_is_noted_as_not_the_judge_s(toy, capsys):
    """The toy's judge runs 3.8 and PyPy: this Python's verdicts are not the judge's; named
    among the problem's targets, it gets no note."""
    args = parse("toy_sum", "--target", sys.executable, "--repeat", "1", "--root", str(toy))
    assert args.run(args) == 0
    note = "not a target of nowhere (3.8, pypy3): its verdicts are this interpreter's, not"
    assert f"toy_sum: --target CPython {sys.version_info[0]}.{sys.version_info[1]}: {note}" in (
        capsys.readouterr().out
    )
    registry = toy / "problems.toml"
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    registry.write_text(
        registry.read_text().replace(
            'id = "1"\n', f'id = "1"\ntargets = ["cpython3.8", "cpython{version}"]\n', 1
        )
    )
    assert args.run(args) == 0
    assert "not a target of" not in capsys.readouterr().out


def test_no_slug_in_a_problem_s_folder_builds_that_problem_and_says_so(toy, capsys, monkeypatch):
    """``cpkit`` in ``samples/toy_sum`` (atcoder-cli's ``abc300/b/``) built every problem,
    while ``run`` and ``bench`` there take toy_sum: now the build takes it too, said on stderr
    first; at the root, and in ``solutions/`` (every problem's), it builds them all."""
    built = []
    monkeypatch.setattr(build, "_built", lambda args, problems, progress: built.append(
        [problem.slug for problem in problems]) or [])  # fmt: skip
    for folder, slugs, said in (
        ("samples/toy_sum", ["toy_sum"], "toy_sum (this folder's problem)\n"),
        ("solutions", ["toy_sum", "toy_echo"], ""),
        (".", ["toy_sum", "toy_echo"], ""),
    ):
        monkeypatch.chdir(toy / folder)
        args = parse("--target", sys.executable, "--root", str(toy))
        assert args.run(args) == 0
        assert built.pop() == slugs and capsys.readouterr().err == said
    monkeypatch.chdir(toy / "samples" / "toy_sum")  # --watch: the same problem watched

    def stopped(*_, **__):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "watch", stopped)
    args = parse("--watch", "--root", str(toy))
    assert args.run(args) == 0
    assert capsys.readouterr().out.startswith("watching toy_sum (Ctrl-C to stop)\n")


def test_a_failing_problem_shows_its_diff_and_exits_1(toy, capsys):
    answer = toy / "samples" / "toy_sum" / "sample-1.out"
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    args = parse("toy_sum", "--target", sys.executable, "--diff", "--root", str(toy))
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert "--- samples/toy_sum/sample-1.in (" in out and "\nexpected:\n" in out
    assert out.rstrip().endswith("FAILED: toy_sum")


def test_a_problem_that_could_not_be_bundled_polls_the_folders_of_its_sources(toy):
    """Their entries: a helper created or removed is seen, in a folder made for it too; not
    the kit's output, a virtual environment or hidden folders (4000 files of a venv were
    polled four times a second)."""
    (toy / "dist" / "failed").mkdir(parents=True)
    (toy / "dist" / "failed" / "toy_sum.py").write_text("x = 1\n")
    (toy / "venv" / "lib").mkdir(parents=True)
    (toy / "venv" / "pyvenv.cfg").write_text("home = /usr\n")
    (toy / "venv" / "lib" / "six.py").write_text("\n")
    (toy / ".cache").mkdir()
    (toy / ".cache" / "x.py").write_text("\n")
    (toy / "data").mkdir()
    (toy / "data" / "1.in").write_text("1\n")
    problem = load_registry(toy)["toy_sum"]
    paths = build.watched(toy, [SimpleNamespace(problem=problem, sources=[])])
    listed = {p.parent if p.name == PYTHON_IN else p for p in paths}
    folders = sorted({p.relative_to(toy).as_posix() for p in listed if p.is_dir()})
    assert folders == [
        ".", "bench", "data", "inlined", "interactors", "samples", "samples/toy_echo",
        "samples/toy_sum", "shared", "solutions",
    ]  # fmt: skip
    before = snapshot(paths)
    (toy / "shared" / "geometry.py").write_text("def cross(): return 0\n")
    assert first_change(before, snapshot(paths)) == toy / "shared" / "geometry.py"
    (toy / "shared" / "geo").mkdir()  # a folder made for a helper, then the helper
    paths = build.watched(toy, [SimpleNamespace(problem=problem, sources=[])])
    before = snapshot(paths)
    (toy / "shared" / "geo" / "core.py").write_text("def cross(): return 0\n")
    assert first_change(before, snapshot(paths)) == toy / "shared" / "geo" / "core.py"


def _watched_with_judge_data(toy) -> list:
    """What the watch polls after toy_sum passed, its table naming ``data/toy_sum``."""
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(
        text.replace("[toy_sum]\n", '[toy_sum]\njudge_data = "data/toy_sum"\n', 1)
    )
    problem = load_registry(toy)["toy_sum"]
    passed = SimpleNamespace(problem=problem, sources=[problem.solution], status=Status.OK)
    return build.watched(toy, [passed])


def test_a_problem_s_judge_data_is_watched(toy):
    """An answer edited, or a case added, under ``judge_data`` changes the build's verdict:
    the watch kept saying "ok" while the build failed."""
    (toy / "data" / "toy_sum").mkdir(parents=True)
    (toy / "data" / "toy_sum" / "t1.in").write_text("2 2\n")
    (toy / "data" / "toy_sum" / "t1.out").write_text("4\n")
    paths = _watched_with_judge_data(toy)
    before = snapshot(paths)
    (toy / "data" / "toy_sum" / "t2.in").write_text("1 1\n")
    assert first_change(before, snapshot(paths)) == toy / "data" / "toy_sum" / "t2.in"


def test_the_cases_of_a_folder_laid_out_as_atcoder_s_are_watched(toy):
    """A case edited in ``in/`` or ``out/`` of AtCoder's layout, in the samples or the judge
    data: the folders themselves are watched only for what they hold."""
    for folder in (toy / "data" / "toy_sum", toy / "samples" / "toy_sum"):
        for name in ("in", "out"):
            (folder / name).mkdir(parents=True, exist_ok=True)
            (folder / name / "01.txt").write_text("4\n" if name == "out" else "2 2\n")
    for old in (toy / "samples" / "toy_sum").glob("*.*"):
        old.unlink()
    paths = _watched_with_judge_data(toy)
    for edited in (toy / "data/toy_sum/out/01.txt", toy / "samples/toy_sum/in/01.txt"):
        before = snapshot(paths)
        edited.write_text("5 5 5\n")
        assert first_change(before, snapshot(paths)) == edited


def test_a_missing_helper_imported_under_a_guard_is_seen_when_created(toy):
    """``try: from shared.fast import add`` / ``except ImportError``: the build passes without
    it, and creating it changes the bundle: the folders of what the build read are watched."""
    problem = load_registry(toy)["toy_sum"]
    helper = next(toy.glob("shared/*.py"))
    passed = SimpleNamespace(problem=problem, sources=[problem.solution, helper], status=Status.OK)
    paths = build.watched(toy, [passed])
    before = snapshot(paths)
    (toy / "shared" / "fast.py").write_text("def add(a, b):\n    return a - b\n")
    assert first_change(before, snapshot(paths)) == toy / "shared" / "fast.py"


def test_watching_a_package_problem_polls_its_package(tmp_path, toy):
    package = shutil.copytree(PACKAGES / "kattis_sum", toy / "packs" / "sum")
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[sum]\npackage = "packs/sum"\n')
    problem = load_registry(toy)["sum"]
    result = SimpleNamespace(problem=problem, sources=[problem.solution])
    paths = build.watched(toy, [result])
    assert paths[:3] == [toy / "problems.toml", problem.solution, problem.samples_dir]
    assert package in paths and package / "data" / "secret" in paths


def test_a_failed_build_watches_the_folders_a_missing_helper_may_appear_in(toy):
    """A build that read some helpers and failed on a missing one: creating it rebuilds."""
    problem = load_registry(toy)["toy_sum"]
    failed = SimpleNamespace(problem=problem, sources=[problem.solution], status=Status.FAIL)
    paths = build.watched(toy, [failed])
    before = snapshot(paths)
    (toy / "shared" / "later.py").write_text("LATER = 1\n")
    assert first_change(before, snapshot(paths)) == toy / "shared" / "later.py"
    passed = SimpleNamespace(problem=problem, sources=[problem.solution], status=Status.OK)
    assert toy / "shared" / PYTHON_IN not in build.watched(toy, [passed])  # only what it read


def test_what_the_build_did_not_read_changes_nothing(toy):
    """Another problem's solution edited beside this one's, a README or notes, an editor's
    backup: each rebuilt the problem (and while a build failed, any file anywhere did)."""
    problem = load_registry(toy)["toy_sum"]
    helper = next(toy.glob("shared/*.py"))
    passed = SimpleNamespace(problem=problem, sources=[problem.solution, helper], status=Status.OK)
    other = toy / "solutions" / "other.py"
    other.write_text("print(1)\n")
    for result in (passed, SimpleNamespace(problem=problem, sources=[], status=Status.FAIL)):
        paths = build.watched(toy, [result])
        before = snapshot(paths)
        (toy / "README.md").write_text("notes\n")
        (toy / "shared" / "notes.txt").write_text("notes\n")
        (toy / "samples" / "toy_sum" / "sample-1.out~").write_text("backup\n")
        (toy / "solutions" / "#toy_sum.py#").write_text("auto-save\n")
        if result is passed:
            other.write_text("print(2)\n")
        assert first_change(before, snapshot(paths)) is None
        helper.write_text(helper.read_text() + "\n")  # what it read, or may have: seen
        assert first_change(before, snapshot(paths)) == helper
        for path in (toy / "README.md", toy / "shared" / "notes.txt"):
            path.unlink()


@pytest.mark.parametrize(
    ("slug", "extra", "programs"),
    [
        ("toy_sum", 'compare = "checker:checkers/c.py"', ["checkers/c.py"]),
        ("toy_sum", 'compare = "validator:checkers/v.py case_sensitive"', ["checkers/v.py"]),
        ("toy_echo", 'interactor = "interactors/i.py"', ["interactors/i.py"]),
        ("toy_sum", 'compare = "checker:checkers/c.cpp"\ntestlib = "lib/testlib.h"',
         ["checkers/c.cpp", "lib/testlib.h"]),
    ],
)  # fmt: skip
def test_a_green_build_watches_the_problem_s_own_programs(toy, slug, extra, programs):
    """An edit to the checker or interactor of a problem that passed rebuilds it: only the
    bundle's sources and the samples were watched then."""
    for program in programs:
        (toy / program).parent.mkdir(parents=True, exist_ok=True)
        (toy / program).write_text("\n")
    text = (toy / "problems.toml").read_text()
    text = text.replace('interactor = "interactors/toy_echo.py"\n', "")  # extra may name one
    table = f"[{slug}]\n"
    (toy / "problems.toml").write_text(text.replace(table, f"{table}{extra}\n", 1))
    problem = load_registry(toy)[slug]
    passed = SimpleNamespace(problem=problem, sources=[problem.solution], status=Status.OK)
    paths = build.watched(toy, [passed])
    assert {toy / program for program in programs} <= set(paths)


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_a_watch_sees_the_headers_a_c_checker_s_compile_read(toy, cache_home):
    """Only the checker's .cpp was watched: a header it includes, edited, gave no rebuild."""
    checker = toy / "checkers" / "c.cpp"
    (toy / "checkers" / "lib").mkdir(parents=True)
    (toy / "checkers" / "lib" / "rule.h").write_text('#include "../../up.inc"\n')
    (toy / "up.inc").write_text("#define ACCEPT 1\n")
    checker.write_text('#include "lib/rule.h"\nint main() { return ACCEPT ? 0 : 1; }\n')
    text = (toy / "problems.toml").read_text()
    table = "[toy_sum]\n"
    setting = 'compare = "checker:checkers/c.cpp"\n'
    (toy / "problems.toml").write_text(text.replace(table, table + setting, 1))
    problem = load_registry(toy)["toy_sum"]
    compiled_judges(problem)
    passed = SimpleNamespace(problem=problem, sources=[problem.solution], status=Status.OK)
    paths = build.watched(toy, [passed])
    assert {checker, toy / "checkers" / "lib" / "rule.h", toy / "up.inc"} <= set(paths)


def test_the_live_line_fits_the_terminal_and_is_cleared_when_stopped(toy, monkeypatch, capsys):
    """On a terminal the progress line is cut to its width (it wrapped at 120, leaving
    pieces), and Ctrl-C clears it before "interrupted" is said on it."""
    said = []

    def stopped(problem, options, target=None):
        options.progress("toy_sum: run 1 of 2, " + "x" * 200)
        said.append(True)
        raise KeyboardInterrupt

    monkeypatch.setattr(build.terminal, "takes_escapes", lambda stream: True)
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((31, 24))
    )
    monkeypatch.setattr(build, "build_problem", stopped)
    args = parse("toy_sum", "--root", str(toy))
    args.root, args.runner = toy, None
    with pytest.raises(KeyboardInterrupt):
        build._build(args)
    err = capsys.readouterr().err
    assert said and err == "\r\x1b[K" + "toy_sum: run 1 of 2, " + "x" * 9 + "\r\x1b[K"


def test_off_a_terminal_a_long_problem_says_where_it_is_on_stderr_only(toy, monkeypatch, capsys):
    """In a log (CI, ``| tee``) no live line is written: a problem that runs long gets a plain
    line on stderr every so often (kit.building.heartbeat), stdout the build's lines as ever;
    the same build done sooner says nothing more."""
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(build, "Heartbeat", partial(Heartbeat, clock=lambda: clock.now))
    monkeypatch.setattr(build.terminal, "takes_escapes", lambda stream: False)
    built = build.build_problem

    def slow(problem, options, target=None):
        if options.progress is not None:  # off a terminal, the heartbeat's
            options.progress(Step("toy_sum", "3.8", False, 1, 1, 1, (("3.8", 0),)))
            clock.now += heartbeat.EVERY + 5  # the build's thread, or this, looks: one line
            options.progress.__self__.tick(clock.now)
        return built(problem, options, target=target)

    args = parse("toy_sum", "--target", sys.executable, "--repeat", "1", "--root", str(toy))
    assert args.run(args) == 0
    quick = capsys.readouterr()
    assert quick.err == ""
    monkeypatch.setattr(build, "build_problem", slow)
    assert args.run(args) == 0
    long = capsys.readouterr()
    assert long.err == "toy_sum: 0/1 cases, 35 s\n"
    assert "0/1 cases, 35 s" not in long.out and long.out.startswith("[1/1] toy_sum")

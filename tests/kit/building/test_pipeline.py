"""kit.building.pipeline on the toy checkout: a problem built through the stages (its bundle made:
test_bundle_making.py; where its file goes: test_bundle_files.py); a missing solution is "no
solution", a build error one line; who runs each target."""

import dataclasses
import shutil
import time

import pytest

from kit.building import pipeline
from kit.building.pipeline import build_problem, columns_for
from kit.building.results import Result, Status
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.errors import BuildError
from kit.judges.targets import stand_in
from kit.registry import load_registry
from kit.run.case_judge import CaseJudge
from kit.run.cases import Failure, Ran, RunOptions
from kit.run.game_transcript import HEADING
from tests.bundle_support import stale_dist, toy_sum
from tests.kit.run.case_support import crash

ONE_AT_A_TIME = RunOptions(repeat=1, jobs=1)
TOY_INTERACTOR = 'interactor = "interactors/toy_echo.py"'


def test_a_target_is_told_by_the_interpreter_that_ran_not_the_name_it_was_asked_by(toy):
    """``--target pypy3`` that is PyPy 3.9 does not stand for a judge's PyPy 3.11; it does for
    a judge whose target is any PyPy 3."""
    from kit.judges.targets import Interpreter, Runner, parse_target

    pypy39 = Runner(parse_target("pypy3"), Interpreter("pypy", (3, 9), "pypy3", ()), True)
    problem = dataclasses.replace(toy_sum(toy), targets=[parse_target("pypy3.11")])
    (note,) = pipeline.foreign_target_notes(problem, pypy39)
    assert note.startswith("--target PyPy 3.9: not a target of nowhere (pypy3.11): ")
    anything = dataclasses.replace(problem, targets=[parse_target("pypy3")])
    assert pipeline.foreign_target_notes(anything, pypy39) == []


def test_without_interpreters_every_target_is_run_by_a_stand_in(toy):
    problem = toy_sum(toy)
    columns = columns_for(problem, interpreters=[])
    assert [column.target.name for column in columns] == ["cpython3.8", "pypy3"]
    assert all(column.static_only for column in columns)
    assert [column.runner for column in columns] == [stand_in([t]) for t in problem.targets]


@pytest.mark.parametrize("counts", ["stdout", "all"])
def test_debug_output_on_stderr_is_held_to_the_output_limit_only_where_it_counts(toy, counts):
    """A right answer with 2 MiB of debug lines on stderr, under a 1 MiB output limit: ``ok``
    where the limit holds stdout, an output limit where it holds everything (2025-09)."""
    table = (toy / "problems.toml").read_text()
    settings = f'memory_limit = 64\noutput_limit = 1\noutput_counts = "{counts}"'
    (toy / "problems.toml").write_text(table.replace("memory_limit = 64", settings, 1))
    solution = toy / "solutions" / "toy_sum.py"
    debug = "import sys\nsys.stderr.write('debug line\\n' * 200000)\n"
    solution.write_text(solution.read_text() + debug)
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    if counts == "stdout":
        assert result.status == Status.OK, result.errors
    else:
        assert result.errors[0] == (
            "toy_sum: samples/toy_sum/sample-1.in: output limit: 2.1 MiB written over 1 MiB, "
            "stdout, stderr and files counted together (stdout 116 bytes, stderr 2.1 MiB) "
            "(3.8, pypy3)"
        )
        (failure,) = result.ran.failures  # its stdout whole: --diff shows it as all it wrote
        assert failure.word == "OLE" and not failure.got_cut and len(failure.got) == 116


def test_a_stdout_past_the_output_limit_is_a_head_the_diff_says_so(toy):
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text(
        "import sys\nfor _ in range(1 << 16):\n    sys.stdout.write('1\\n' * 1024)\n"
    )
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    (failure,) = result.ran.failures
    assert failure.word == "OLE" and failure.got_cut


@pytest.mark.parametrize("judge", ["kattis", "nowhere"])
def test_a_run_is_stopped_at_the_output_limit_kattis_too(toy, judge):
    """A program printing forever under a 1 MiB output limit: OLE, as Kattis judges one that
    "outputs much more data than we expect" while it runs (its help page "How judging is
    done"); it was TLE for Kattis when the build judged the size last, as only problemtools
    does (``verify``'s rule: tests/kit/verify/test_judging.py)."""
    table = (toy / "problems.toml").read_text()
    settings = f'judge = "{judge}"\nid = "1"\nkind = "batch"\ntime_limit = 0.5\noutput_limit = 1'
    old = 'judge = "nowhere"\nid = "1"\nkind = "batch"\ntime_limit = 1.0'
    (toy / "problems.toml").write_text(table.replace(old, settings, 1))
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import sys\nwhile True:\n    sys.stdout.write('1\\n' * 1024)\n")
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    failure = result.ran.failures[0]
    assert failure.word == "OLE" and failure.message.startswith("output limit"), failure
    assert not any("checks last" in line for line in failure.details), failure.details


POINTS_CHECKER = "import sys\nprint('points 0 wrong', file=sys.stderr)\nsys.exit(7)\n"


def test_a_checker_s_points_are_a_wrong_answer_naming_them(toy):
    """A testlib checker's ``quitp(0, "wrong")`` (exit status 7) was an accepted case: the
    build said ok of a pass/fail problem, the score shown nowhere. Points accept only where
    the problem is scored by them (``verify``'s Polygon scoring problem)."""
    (toy / "points.py").write_text(POINTS_CHECKER)
    table = (toy / "problems.toml").read_text()
    setting = 'id = "1"\ncompare = "checker:points.py"'
    (toy / "problems.toml").write_text(table.replace('id = "1"', setting, 1))
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    failure = result.ran.failures[0]
    assert failure.word == "WA" and failure.message == (
        "wrong answer: checker: points 0 wrong (exit status 7, testlib's quitp: points 0, a "
        "score, not an accept where the problem is pass/fail)"
    )


def test_failures_alike_on_many_cases_are_told_once_then_counted(toy):
    """An untouched stub raising on every case printed its traceback for each case and target
    (126 tracebacks, 1,270 lines, for a package's 63 cases): the first failure in full, then
    one line counting the others that failed the same way."""
    for number in range(2, 9):
        (toy / "samples" / "toy_sum" / f"sample-{number}.in").write_text("1 2\n")
        (toy / "samples" / "toy_sum" / f"sample-{number}.out").write_text("3\n")
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text(
        "def solve():\n    raise NotImplementedError('write solve()')\n\n\nsolve()\n"
    )
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    assert len(result.ran.failures) == 8  # a case's failure under both targets is one
    assert sum(line.startswith("    Traceback") for line in result.errors) == 1
    assert result.errors[-1] == (
        "toy_sum: 7 more cases failed the same way: samples/toy_sum/sample-2.in, "
        "samples/toy_sum/sample-3.in, ... samples/toy_sum/sample-8.in"
    ), result.errors
    assert len(result.errors) < 15


def test_games_failing_alike_are_told_once_whatever_they_exchanged(toy):
    """A solution reading past the game's end failed every sample so, each game with its own
    numbers exchanged: its traceback and 20 lines of exchange were printed for every case."""
    crash = ["the solution's traceback, in its own files:", "ValueError: invalid literal"]
    result = Result(toy_sum(toy))
    failures = [
        Failure(f"samples/g/{n}.in", ["3.13"], "runtime error", [HEADING, f"  > ! {n}", *crash])
        for n in (1, 2, 3)
    ]
    pipeline._take_run(Ran([], total=3, failures=failures), result)
    assert result.errors == [
        "toy_sum: samples/g/1.in: runtime error (3.13)",
        *(f"    {line}" for line in [HEADING, "  > ! 1", *crash]),
        "toy_sum: 2 more cases failed the same way: samples/g/2.in, samples/g/3.in",
    ]


def test_one_crash_on_inputs_giving_it_other_words_is_told_once_with_its_site(toy):
    """KeyError: 7 and KeyError: 6 from one line of a helper were told in full for each case;
    a crash elsewhere, or failures alike in every word, are told as before."""
    result = Result(toy_sum(toy))
    failures = [
        Failure(f"s/{n}.in", ["3.13"], f"runtime error: KeyError: {key}", crash(key), word="RE")
        for n, key in ((1, 7), (2, 6), (3, 5))
    ]
    elsewhere = crash(4, line=26)
    failures.append(Failure("s/4.in", ["3.13"], "runtime error: KeyError: 4", elsewhere, word="RE"))
    pipeline._take_run(Ran([], total=4, failures=failures), result)
    assert result.errors == [
        "toy_sum: s/1.in: runtime error: KeyError: 7 (3.13)",
        *(f"    {line}" for line in crash(7)),
        "toy_sum: 2 more cases failed the same way (KeyError at shared/x.py, line 25): s/2.in, "
        "s/3.in",
        "toy_sum: s/4.in: runtime error: KeyError: 4 (3.13)",
        *(f"    {line}" for line in elsewhere),
    ]


def test_each_count_of_failures_alike_follows_its_own_first(toy):
    """Two ways of failing, each case's turn interleaved: the count of the second way's
    followers was printed after the first way's, as if it counted the first's."""
    for number, given in ((1, "1 2\n"), (2, "x\n"), (3, "1 2\n"), (4, "x\n")):
        (toy / "samples" / "toy_sum" / f"sample-{number}.in").write_text(given)
        (toy / "samples" / "toy_sum" / f"sample-{number}.out").write_text("3\n")
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import sys\nif 'x' in sys.stdin.read():\n    sys.exit(3)\nprint(0)\n")
    errors = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[]).errors
    firsts = [line for line in errors if line.startswith("toy_sum: samples/")]
    counts = [line for line in errors if "failed the same way" in line]
    assert [line.split(":")[1] for line in firsts] == [
        " samples/toy_sum/sample-1.in",
        " samples/toy_sum/sample-2.in",
    ], errors
    assert counts == [
        "toy_sum: 1 more case failed the same way: samples/toy_sum/sample-3.in",
        "toy_sum: 1 more case failed the same way: samples/toy_sum/sample-4.in",
    ]
    assert errors.index(counts[0]) < errors.index(firsts[1]), errors


def test_a_case_is_counted_with_failures_alike_or_told_in_full_never_both(toy):
    """Games idle alike under two targets, one of 3.13's moved on by what its two sides
    waited for a core: sample-2 was counted as failing the same way as sample-1 under
    pypy3.10, then told in full for 3.13 (its message unlike sample-1's by that remark alone).
    The remark is left out of the comparison; a case told in full is never counted too."""
    idle = "time limit: idle: killed after 0.02 s CPU at the 6 s timeout"
    pypy = idle.replace("0.02", "0.04")
    waited = " (and 0.11 s more for what its two sides waited for a core)"
    hint = ["hint: an idle game is most often an answer not flushed"]
    result = Result(toy_sum(toy))
    failures = [
        Failure("s/1.in", ["3.13"], idle, hint, word="TLE"),
        Failure("s/1.in", ["pypy3.10"], pypy, hint, word="TLE"),
        Failure("s/2.in", ["3.13"], idle + waited, hint, word="TLE"),
        Failure("s/2.in", ["pypy3.10"], pypy, hint, word="TLE"),
    ]
    pipeline._take_run(Ran([], total=2, failures=failures), result)
    assert result.errors == [
        f"toy_sum: s/1.in: {idle} (3.13)",
        f"    {hint[0]}",
        "toy_sum: 1 more case failed the same way: s/2.in",
        f"toy_sum: s/1.in: {pypy} (pypy3.10)",
        f"    {hint[0]}",
        "toy_sum: 1 more case failed the same way: s/2.in",
    ]
    # failing otherwise under 3.13: told in full there, and so not counted under pypy3.10
    failures[2] = Failure("s/2.in", ["3.13"], "wrong answer: game 1", [], word="WA")
    result = Result(toy_sum(toy))
    pipeline._take_run(Ran([], total=2, failures=failures), result)
    assert [line for line in result.errors if not line.startswith("    ")] == [
        f"toy_sum: s/1.in: {idle} (3.13)",
        f"toy_sum: s/1.in: {pypy} (pypy3.10)",
        "toy_sum: s/2.in: wrong answer: game 1 (3.13)",
        f"toy_sum: s/2.in: {pypy} (pypy3.10)",
    ]


def test_a_problem_without_solution_or_samples_yet_is_no_solution(toy):
    """Not a failure for its empty samples folder: ``new`` then no file written yet."""
    problem = toy_sum(toy)
    problem.solution.unlink()
    for sample in problem.samples_dir.iterdir():
        sample.unlink()
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).status == Status.NO_SOLUTION


def test_a_missing_solution_is_no_solution_and_leaves_no_dist(toy):
    problem = toy_sum(toy)
    stale_dist(problem)
    problem.solution.unlink()
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert (result.status, result.errors) == (Status.NO_SOLUTION, [])
    assert not problem.dist.exists()


def test_a_solution_named_in_problems_toml_that_is_not_there_fails(toy):
    """``solution = "nope/x.py"`` (a typo) was "no solution", and a plain build passed."""
    problem = dataclasses.replace(toy_sum(toy), solution_file="nope/x.py")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors == [
        "toy_sum: solution = 'nope/x.py' in problems.toml names no file (from the workspace's root)"
    ]


def test_a_build_error_fails_the_problem_in_one_line_and_runs_nothing(toy):
    problem = toy_sum(toy)
    stale_dist(problem)
    problem.solution.write_text("x = (\n")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL and result.ran is None
    assert result.errors == ["toy_sum: solutions/toy_sum.py:1: syntax error: '(' was never closed"]
    assert not problem.dist.exists() and result.bundle_bytes is None


def test_a_helper_module_that_is_nowhere_is_not_built_as_a_name_a_helper_lacks_is_not(toy):
    """``from .nosuch import y`` in a helper: one line, and no bundle (a missing name's way),
    where the check's error came after the bundle was kept."""
    problem = toy_sum(toy)
    stale_dist(problem)
    (problem.root / "shared" / "toy_text.py").write_text("from .nosuch import y\n")
    problem.solution.write_text("from shared.toy_text import y\nprint(y)\n")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL and result.ran is None
    assert result.errors == [
        "toy_sum: shared/toy_text.py:1: cannot find helper module 'shared.nosuch'; looked for "
        "shared/nosuch.py and shared/nosuch/ in the workspace"
    ]
    assert not problem.dist.exists() and result.bundle_bytes is None


@pytest.mark.parametrize(("source", "reads"), [('print("Hello World!")\n', False),
                                               ("n = input()\nprint(n)\n", True)])  # fmt: skip
def test_the_result_says_whether_the_bundle_may_read_stdin(toy, source, reads):
    """For the note on an empty sample input (kit.problem_cases.empty_files_note)."""
    problem = toy_sum(toy)
    problem.solution.write_text(source)
    assert build_problem(problem, ONE_AT_A_TIME, interpreters=[]).reads_stdin == reads


def test_paths_are_told_from_the_current_folder_but_the_bundle_is_the_same(toy, monkeypatch):
    problem = toy_sum(toy)
    monkeypatch.chdir(toy / "samples" / "toy_sum")
    answer = problem.samples_dir / "sample-1.out"
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert "the failed bundle is kept as ../../dist/failed/toy_sum.py" in result.notes
    assert result.errors[0].startswith("toy_sum: sample-1.in: wrong answer")
    assert problem.failed_dist.read_text().startswith("# dist/toy_sum.py: ")


def test_a_traceback_names_the_sources_from_the_root_as_the_bundle_does(toy, monkeypatch):
    """From a problem's samples folder the solution's lines were ``../../solutions/...``
    beside its helpers' ``shared/...``: places in the sources stay named from the root."""
    problem = toy_sum(toy)
    problem.solution.write_text("print(1 // 0)\n")
    monkeypatch.chdir(toy / "samples" / "toy_sum")
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    (failure,) = result.ran.failures
    assert any('File "solutions/toy_sum.py", line 1' in line for line in failure.details)


# --- checks beside the first runs -------------------------------------------------------------


class SlowCheck:
    """The real checks, started and ended at recorded times, taking at least ``seconds``."""

    def __init__(self, seconds, findings=()):
        self.seconds, self.findings = seconds, list(findings)
        self.ended = None

    def __call__(self, problem, bundle, runners, runs=None):
        checked = check(problem, bundle, runners, runs)
        time.sleep(self.seconds)
        checked.errors += self.findings
        self.ended = time.monotonic()
        return checked


@pytest.fixture
def run_starts(monkeypatch):
    """When each run of a case started (``time.monotonic()``), and under which runner."""
    starts = []
    real = CaseJudge.repeat

    def repeat(self, case, runner, limits, runs):
        starts.append((time.monotonic(), runner))
        return real(self, case, runner, limits, runs)

    monkeypatch.setattr(CaseJudge, "repeat", repeat)
    return starts


def many_cases(problem, count):
    for number in range(2, count + 1):
        for suffix in (".in", ".out"):
            source = problem.samples_dir / f"sample-1{suffix}"
            (problem.samples_dir / f"sample-{number}{suffix}").write_bytes(source.read_bytes())


def built_beside_a_slow_check(toy, monkeypatch, jobs, cases=4):
    """toy_sum with ``cases`` cases built ``jobs`` at a time, its checks taking a second more:
    the result and the checks (their end time)."""
    problem = toy_sum(toy)
    many_cases(problem, cases)
    slow = SlowCheck(1.0)
    monkeypatch.setattr(pipeline, "check", slow)
    result = build_problem(problem, RunOptions(jobs=jobs), interpreters=[])
    assert result.status == Status.OK, result.errors
    return result, slow


def test_the_first_runs_start_while_the_checks_run(toy, monkeypatch, run_starts):
    result, slow = built_beside_a_slow_check(toy, monkeypatch, jobs=2)
    assert run_starts and min(start for start, _ in run_starts) < slow.ended
    alone = result.ran.schedule.retimed_slowest  # timed again alone: once the checks are done
    assert alone and min(start for start, _ in run_starts[-alone:]) >= slow.ended


def test_one_case_at_a_time_starts_once_the_checks_are_done(toy, monkeypatch, run_starts):
    """With one run at a time its times are the figures: nothing runs beside them."""
    _, slow = built_beside_a_slow_check(toy, monkeypatch, jobs=1)
    assert run_starts and min(start for start, _ in run_starts) >= slow.ended


def test_a_target_whose_stand_in_is_older_waits_for_the_checks(toy, monkeypatch, run_starts):
    monkeypatch.setattr(pipeline, "waits_for_checks", lambda runner, target: True)
    _, slow = built_beside_a_slow_check(toy, monkeypatch, jobs=2)
    assert run_starts and min(start for start, _ in run_starts) >= slow.ended


def test_once_the_checks_fail_no_case_starts_and_only_their_errors_are_told(
    toy, monkeypatch, run_starts
):
    problem = toy_sum(toy)
    many_cases(problem, 60)
    answer = problem.samples_dir / "sample-1.out"  # a run's failure, never to be reported
    answer.write_text(answer.read_text().replace("line 3:      6", "line 3:      7"))
    finding = "solutions/toy_sum.py:1: a finding (targets cpython3.8)"
    monkeypatch.setattr(pipeline, "check", SlowCheck(0.0, [finding]))
    result = build_problem(problem, RunOptions(jobs=1), interpreters=[])
    assert result.status == Status.FAIL and result.ran is None
    assert result.errors == [f"toy_sum: {finding}"]
    assert len(run_starts) < 60  # the checks end long before the last case would start


def test_the_checks_are_told_which_targets_run(toy, monkeypatch):
    """Every target is checked; under ``--target`` only its cases run, and the checks are told
    so: an older stand-in of another target is not started to say whether its cases may run."""
    told = []
    monkeypatch.setattr(pipeline, "check", lambda *given: told.append(given[2:]) or check(*given))
    problem = toy_sum(toy)
    everything = {column.target: column.runner for column in columns_for(problem, [])}
    assert build_problem(problem, interpreters=[]).status == Status.OK
    assert told == [(everything, set(everything))]
    told.clear()
    first = stand_in([problem.targets[0]])
    assert build_problem(problem, interpreters=[], target=first).status == Status.OK
    assert told == [(everything, {problem.targets[0]})]


def test_a_launcher_per_slot_starts_before_the_bundle_is_made(toy, monkeypatch):
    """The runs' launchers start up while the solution is bundled, one per run at a time."""
    events: list = []
    monkeypatch.setattr(pipeline, "warm_launcher", lambda count=1: events.append(("warm", count)))
    real = make_bundle
    monkeypatch.setattr(pipeline, "make_bundle", lambda p: events.append("bundle") or real(p))
    assert build_problem(toy_sum(toy), RunOptions(jobs=2)).status == Status.OK
    assert events == [("warm", 2), "bundle"]
    events.clear()
    build_problem(toy_sum(toy), RunOptions(jobs=64))  # no more than there are runs
    cases = len(list((toy / "samples" / "toy_sum").glob("*.in")))
    assert events == [("warm", min(64, cases * 2)), "bundle"]


@pytest.mark.parametrize(
    ("slug", "setting", "said"),
    [
        ("toy_sum", 'compare = "checker:checkers/gone.py"',
         "problems.toml's compare names checker checkers/gone.py, which is not there"),
        ("toy_sum", 'compare = "validator:checkers/gone.py case_sensitive"',
         "problems.toml's compare names validator checkers/gone.py, which is not there"),
        ("toy_echo", 'interactor = "testlib:interactors/gone.cpp"',
         "problems.toml's interactor names interactors/gone.cpp, which is not there"),
        # a folder was "checker checkers not found", exit 2 for every problem of the workspace
        ("toy_sum", 'compare = "checker:checkers"',
         "problems.toml's compare names checker checkers, which is a folder, not a file"),
    ],
)  # fmt: skip
def test_a_missing_checker_or_interactor_fails_its_problem_alone(toy, slug, setting, said):
    """As a missing solution does: the registry loads, the other problems build, and this one
    fails saying which file is not there (every command of every problem stopped on it)."""
    table = toy / "problems.toml"
    text = table.read_text()
    if slug == "toy_echo":  # the setting replaces its interactor
        text = text.replace(f"{TOY_INTERACTOR}\n", "")
    table.write_text(text.replace(f"[{slug}]\n", f"[{slug}]\n{setting}\n", 1))
    (toy / "checkers").mkdir(exist_ok=True)
    (toy / "interactors").mkdir(exist_ok=True)
    registry = load_registry(toy)
    assert registry[slug].unavailable == said
    assert [p.slug for p in registry.values() if p.unavailable] == [slug]
    result = build_problem(registry[slug])
    assert result.status == Status.FAIL and result.errors[0] == f"{slug}: {said}"


def test_a_missing_interactor_does_not_hide_a_bad_compare_setting(toy):
    """The other setting is still read: it failed every command once the file came back."""
    table = toy / "problems.toml"
    setting = 'interactor = "interactors/gone.py"\ncompare = "float:abc"'
    table.write_text(table.read_text().replace(f"{TOY_INTERACTOR}\n", f"{setting}\n", 1))
    with pytest.raises(BuildError, match="the tolerance must be a positive number"):
        load_registry(toy)


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_a_checker_that_includes_a_header_found_nowhere_names_the_key_for_its_folder(toy):
    """The build said the header was missing, not that ``testlib = "DIR"`` gives it."""
    (toy / "checkers").mkdir()
    (toy / "checkers" / "c.cpp").write_text('#include "testlib.h"\nint main() { return 0; }\n')
    text = (toy / "problems.toml").read_text()
    table = "[toy_sum]\n"
    extra = 'compare = "checker:checkers/c.cpp"\n'
    (toy / "problems.toml").write_text(text.replace(table, table + extra, 1))
    result = build_problem(toy_sum(toy), ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert any(
        "it includes testlib.h, which is neither beside it nor in an include folder "
        '(problems.toml\'s testlib = "DIR" names the folder that holds it)' in error
        for error in result.errors
    ), result.errors

"""kit.commands.stress on a copy of tests/fixtures/pairsum: a correct solution passes its
cases; a planted bug is found, shrunk, shown with expected and got and the line that
reproduces it, and saved as the next sample pair. Where ``--save`` writes and how the pair is
named and written is in tests/kit/commands/test_stress_saved.py."""

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
import types
from pathlib import Path

import pytest

from kit import cli, invocation
from kit.commands import stress, stress_report
from kit.errors import BuildError
from kit.registry import load_registry
from kit.run.limits import moved_on
from kit.stress import engine, inputs, progress


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    stress.add_subparser(parser.add_subparsers())
    return parser.parse_args(["stress", *argv])


def failed_stress(root, capsys, *argv):
    """What ``stress pairsum ARGV`` printed, which must end as a failure (exit 1)."""
    args = parse("pairsum", *argv, "--root", str(root))
    assert args.run(args) == 1
    return capsys.readouterr().out


@pytest.fixture(autouse=True)
def named_cpkit(monkeypatch):
    """Messages name the program as ``cpkit`` (cli.main sets the name for the process)."""
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])


@pytest.fixture
def pairsum(checkout_copy, own_imports):
    return checkout_copy("pairsum")


def test_the_options_and_their_defaults():
    args = parse("pairsum")
    assert (args.seed, args.cases, args.seconds, args.jobs, args.save) == (
        None,
        None,
        None,
        1,
        None,
    )
    assert (args.param, args.shrink_seconds) == ([], stress.SHRINK_SECONDS)
    assert parse("pairsum", "--save").save is True
    with pytest.raises(SystemExit):
        parse("pairsum", "--cases", "3", "--seconds", "2")  # one or the other


@pytest.mark.parametrize("brute", [[], ["--brute", "no-such-brute"]])
def test_a_malformed_param_is_one_line_before_anything_the_options_name(pairsum, capsys, brute):
    """A syntax error, refused as the command line is read: the missing brute force named
    after it was said first."""
    argv = ["stress", "pairsum", "--param", "n", *brute, "--root", str(pairsum)]
    with pytest.raises(SystemExit) as exited:
        cli.main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "cpkit stress: error: argument --param: expected NAME=INTEGER: 'n' "
        "(see cpkit stress --help)"
    ]


def test_a_correct_solution_passes_every_case(pairsum, capsys):
    args = parse("pairsum", "--seed", "5", "--cases", "3", "--root", str(pairsum))
    assert args.run(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("stress pairsum: seeds from 5, parameters cases=8 bound=1000, 1 at")
    assert out[1].startswith("ok: 3 files passed in ") and out[2].startswith("slowest: ")


SCRIPT_FOLDER_REFERENCE = """

import mylib
from a import solve  # the solution itself, found in its folder


def reference(text):
    assert callable(solve)
    return "".join(f"{mylib.pair_sum(*map(int, case.split()))}\\n" for case in split_cases(text))
"""


def test_a_stress_module_finds_what_a_solution_in_a_script_s_folder_finds(
    pairsum, capsys, no_checkout_shared
):
    """``solution = "abc300/a.py"`` beside its helper abc300/mylib.py: the stress module imports
    both as ``python abc300/a.py`` would (it found the workspace's root alone:
    ModuleNotFoundError)."""
    (pairsum / "abc300").mkdir()
    (pairsum / "abc300" / "mylib.py").write_text("def pair_sum(a, b):\n    return a + b\n")
    solution = pairsum / "solutions" / "pairsum.py"
    text = solution.read_text().replace("{a + b}", "{mylib.pair_sum(a, b)}")
    (pairsum / "abc300" / "a.py").write_text("import mylib\n" + text)
    solution.unlink()
    table = pairsum / "problems.toml"
    table.write_text(table.read_text() + 'solution = "abc300/a.py"\n')
    stress_module = pairsum / "stress" / "pairsum.py"
    stress_module.write_text(stress_module.read_text() + SCRIPT_FOLDER_REFERENCE)
    args = parse("pairsum", "--seed", "5", "--cases", "3", "--root", str(pairsum))
    assert args.run(args) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("ok: 3 files passed in ")


def test_a_planted_bug_is_found_shrunk_shown_and_saved_as_the_next_sample(pairsum, capsys):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=2", "--save",
        "--shrink-seconds", "2", "--root", str(pairsum),
    )  # fmt: skip
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert "\nFAILED: the file of seed " in out and "\nshrinking...\n" in out
    assert "\nVerdict: wrong answer" in out
    assert "warning: the generator made another file" not in out  # it follows its seed
    shown = out[out.index("\nInput:\n") :]
    assert shown.startswith("\nInput:\n1\n")  # shrunk to one case
    reproduce = next(line for line in out.splitlines() if line.startswith("Reproduce: "))
    assert reproduce.startswith("Reproduce: cpkit stress pairsum --seed ")
    assert " --cases 1 --param " in reproduce and "--param cases=" in reproduce
    assert "saved: samples/pairsum/sample-2.in, samples/pairsum/sample-2.out" in out
    problem = load_registry(pairsum)["pairsum"]
    given = (problem.samples_dir / "sample-2.in").read_text()
    a, b = map(int, given.splitlines()[1].split())
    assert a + b >= 1000
    assert (problem.samples_dir / "sample-2.out").read_text() == f"{a + b}\n"


def test_a_file_over_the_limit_alone_is_a_time_failure_reported_and_saved(pairsum, capsys):
    """Its answer right, the run over the limit but under 3x: ``ok`` (exit 0), even with
    ``-j 1``, where ``run`` on the same input said TLE. Timed again alone, it fails."""
    table = pairsum / "problems.toml"
    table.write_text(table.read_text().replace("time_limit = 1.0", "time_limit = 0.3"))
    solution = pairsum / "solutions" / "pairsum.py"
    spin = (
        "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end:\n    pass\n"
    )
    solution.write_text(spin + solution.read_text())
    out = failed_stress(
        pairsum, capsys, "--seed", "1", "--cases", "1", "--param", "cases=2", "--save"
    )
    head = "FAILED: the file of seed 1 (1 file run, "
    assert head in out and "): time limit: median of 3 runs " in out, out
    assert "is over the 0.3 s limit, timed again alone (not shrunk: " in out
    assert "\nshrinking...\n" not in out and "\nInput:\n2\n" in out
    assert "   (the file that failed, not shrunk, the input shown; parameters " in out
    # shown as a wrong answer is: its verdict, the file, then each run's time alone
    verdict = out.index("\nVerdict: time limit: median of 3 runs ")
    times = out.index("\nTime of each run alone (the limit: 0.3 s; its answer was right):\n")
    assert verdict < out.index("\nInput:\n2\n") < times
    assert re.match(r"(\d+\.\d{3} s\n){3}\n", out[times:].split(":\n", 1)[1]), out
    assert "saved: samples/pairsum/sample-2.in, samples/pairsum/sample-2.out" in out


def test_a_run_killed_at_its_timeout_is_reported_as_found_not_shrunk(pairsum, capsys):
    """A bundle looping forever: each try of a shrink runs to the kill (3x the limit), then
    the final run and two more; the one rule of a time limit reports it as found."""
    table = pairsum / "problems.toml"
    table.write_text(table.read_text().replace("time_limit = 1.0", "time_limit = 0.25"))
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text("while True:\n    pass\n" + solution.read_text())
    out = failed_stress(pairsum, capsys, "--seed", "1", "--cases", "1", "--param", "cases=2")
    assert "FAILED: the file of seed 1 (1 file run, " in out, out
    # at 0.75 s, or later on a loaded machine, as measured
    later = r", at \d+\.\d\d s of wall time this time"
    assert re.search(
        rf"\(not shrunk: each try would run until the kill(?: at 0\.75 s|{later})\)\n", out
    ), out
    assert "\nshrinking...\n" not in out and "\nVerdict: time limit: " in out
    assert "   (the file that failed, not shrunk, the input shown; parameters " in out


def test_a_generator_that_ignores_its_seed_is_noted_under_the_first_line(pairsum, capsys):
    module = pairsum / "stress" / "pairsum.py"
    text = module.read_text()
    module.write_text(
        text.replace("    p = {**PARAMS", "    rng = random.Random(0)\n    p = {**PARAMS")
    )
    args = parse("pairsum", "--seed", "5", "--cases", "3", "--root", str(pairsum))
    assert args.run(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("note: seeds 5 to 7 made the same file, byte for byte: ")
    assert out[2].startswith("ok: 3 files passed in ")


def test_the_shrink_keeps_the_failure_found_and_notes_another(pairsum, capsys):
    """A wrong answer (a sum of 1000 or more) and a crash (a lone pair with a small first
    number): the shrink slipped from the wrong answer into the crash, and said nothing."""
    solution = pairsum / "solutions" / "pairsum.py"
    text = solution.read_text().replace("a + b}", "(a + b) % 1000}")
    head = "def solve(data: bytes) -> str:\n"
    crash = "    pairs = list(read_pairs(data))\n    if len(pairs) == 1 and pairs[0][0] < 10:\n"
    solution.write_text(text.replace(head, f"{head}{crash}        [][0]\n"))
    argv = ["--seed", "1", "--cases", "20", "--param", "cases=2", "--shrink-seconds", "4"]
    out = failed_stress(pairsum, capsys, *argv)
    assert "\nVerdict: wrong answer" in out, out
    assert "note: smaller inputs failed otherwise too (runtime error: " in out
    a, b = map(int, out[out.index("\nInput:\n") :].splitlines()[3].split())
    assert a + b >= 1000


def test_the_shrink_keeps_a_wrong_answer_from_a_crash_in_a_thread(pairsum, capsys):
    """A wrong answer (a sum of 1000 or more) and an IndexError in the thread that solves
    (a lone pair with a small first number): the run exits 0 with no output, a wrong answer
    too, and the shrink slipped from the one into the other, a thread's crash for the bug."""
    solution = pairsum / "solutions" / "pairsum.py"
    text = solution.read_text().replace("a + b}", "(a + b) % 1000}")
    head = "def solve(data: bytes) -> str:\n"
    crash = "    pairs = list(read_pairs(data))\n    if len(pairs) == 1 and pairs[0][0] < 10:\n"
    text = text.replace(head, f"{head}{crash}        [][0]\n").replace(
        "    sys.stdout.write(solve(sys.stdin.buffer.read()))",
        "    import threading\n\n    def main():\n"
        "        sys.stdout.write(solve(sys.stdin.buffer.read()))\n\n"
        "    threading.Thread(target=main).start()",
    )
    solution.write_text(text)
    argv = ["--seed", "1", "--cases", "20", "--param", "cases=2", "--shrink-seconds", "4"]
    out = failed_stress(pairsum, capsys, *argv)
    assert "\nVerdict: wrong answer" in out and "IndexError" not in out.split("\nVerdict")[1]
    note = "note: smaller inputs failed otherwise too (wrong answer: line 1: expected "
    assert note in out and ", its stderr ending in a traceback (IndexError)): passed over" in out
    a, b = map(int, out[out.index("\nInput:\n") :].splitlines()[3].split())
    assert a + b >= 1000


def test_the_shrink_keeps_a_crash_s_exception_and_notes_another_crash(pairsum, capsys):
    """An IndexError (a sum of 1000 or more) and a ZeroDivisionError (a lone pair with a
    small first number): both runtime errors, the shrink slipped from the first into the
    second, and the large-input bug was gone from the report."""
    solution = pairsum / "solutions" / "pairsum.py"
    head = "def solve(data: bytes) -> str:\n"
    crashes = (
        "    pairs = list(read_pairs(data))\n"
        "    if any(a + b >= 1000 for a, b in pairs):\n        [][0]\n"
        "    if len(pairs) == 1 and pairs[0][0] < 10:\n        1 // 0\n"
    )
    solution.write_text(solution.read_text().replace(head, head + crashes))
    argv = ["--seed", "1", "--cases", "20", "--param", "cases=2", "--shrink-seconds", "4"]
    out = failed_stress(pairsum, capsys, *argv)
    assert "\nVerdict: runtime error: exit status 1: IndexError" in out, out
    assert "note: smaller inputs failed otherwise too (runtime error: exit status 1: " in out
    assert "ZeroDivisionError" in out


def test_no_shrink_time_shows_the_failure_found_as_it_is(pairsum, capsys):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=4",
        "--shrink-seconds", "0", "--root", str(pairsum),
    )  # fmt: skip
    assert args.shrink_seconds == 0 and args.run(args) == 1
    out = capsys.readouterr().out
    assert "\nshrinking...\n" not in out and "\nVerdict: wrong answer" in out
    assert out[out.index("\nInput:\n") :].startswith("\nInput:\n4\n")  # its four cases
    # not called the smallest that fails: the one found
    assert "   (the file that failed, not shrunk, the input shown; parameters " in out
    with pytest.raises(SystemExit):
        parse("pairsum", "--shrink-seconds", "-1")


def test_the_reproduce_line_names_the_workspace_when_it_is_not_found_from_here(
    pairsum, capsys, monkeypatch
):
    """Run from outside the workspace with --root, the line keeps --root (as a path from the
    same folder); from inside it, it needs none."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    argv = ["pairsum", "--seed", "1", "--cases", "20", "--shrink-seconds", "1"]
    for here, shown in [(pairsum.parent, True), (pairsum / "solutions", False)]:
        monkeypatch.chdir(here)
        args = parse(*argv, "--root", str(pairsum))
        assert args.run(args) == 1
        out = capsys.readouterr().out
        reproduce = next(line for line in out.splitlines() if line.startswith("Reproduce: "))
        assert (" --root pairsum   (" in reproduce) == shown and reproduce.count("--root") == shown


def test_the_reproduce_line_says_the_text_was_cut_only_when_it_was(pairsum, capsys):
    """With a validator the failure is cut below its generated file (given the time); without
    one the input shown is a generated file itself, and the line says so."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    module = pairsum / "stress" / "pairsum.py"
    for said, seconds in (("before its text was cut", "30"), ("the input shown", "1")):
        args = parse("pairsum", "--seed", "1", "--cases", "20", "--param", "cases=2",
                     "--shrink-seconds", seconds, "--root", str(pairsum))  # fmt: skip
        assert args.run(args) == 1
        out = capsys.readouterr().out
        reproduce = next(line for line in out.splitlines() if line.startswith("Reproduce: "))
        assert f"(the smallest generated file that fails, {said}; parameters " in reproduce
        module.write_text(module.read_text().replace("def validate(", "def checked("))


def _stressed_from_seed_1(pairsum):
    """``stress pairsum`` on 20 files from seed 1, shrunk for 2 s at most: its exit status."""
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--shrink-seconds", "2",
        "--root", str(pairsum),
    )  # fmt: skip
    return args.run(args)


def test_a_crash_is_shown_where_it_happened_in_the_user_s_files(pairsum, capsys):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("{a + b}", "{[a + b][a % 7]}"))
    assert _stressed_from_seed_1(pairsum) == 1
    out = capsys.readouterr().out
    assert "\nVerdict: runtime error: exit status 1: IndexError: list index out of range" in out
    where = out[out.index("\nWhere:\n") :].splitlines()
    assert '  File "solutions/pairsum.py", line 9, in <genexpr>' in where
    assert "IndexError: list index out of range" in where


def _planted_bug_stressed(pairsum, monkeypatch, outcome_of):
    """pairsum with a planted bug (sums mod 1000) stressed from seed 1, each run's outcome
    passed through ``outcome_of(name, outcome)``; the command's exit status."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    judge = engine.Stress.judge

    def judged(self, text, name="case", label="", seed=None):
        return outcome_of(name, judge(self, text, name, label))

    monkeypatch.setattr(engine.Stress, "judge", judged)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=2",
        "--shrink-seconds", "2", "--root", str(pairsum),
    )  # fmt: skip
    return args.run(args)


def _passed(outcome):
    """The same run, accepted."""
    return engine.Outcome(False, got=outcome.expected, expected=outcome.expected)


def test_a_shrunk_input_that_passes_on_its_final_run_is_said_with_a_run_that_failed_on_it(
    pairsum, capsys, monkeypatch
):
    """A nondeterministic solution: the final run on the shrunk input passes. The report says
    so and shows the verdict, expected and got of a failed run on that same input (exit 1)."""

    def passing_at_the_end(name, outcome):
        return _passed(outcome) if name == "final" else outcome

    assert _planted_bug_stressed(pairsum, monkeypatch, passing_at_the_end) == 1
    out = capsys.readouterr().out
    report = out[out.index("\nPassed when run again: the smallest failing input found passed") :]
    assert "(the solution may be nondeterministic or timing-dependent)" in report
    shown = report[report.index("\nVerdict: ") :]
    verdict, given, *_ = shown.split("\n\n")
    _, count, pair = given.splitlines()
    a, b = map(int, pair.split())
    assert count == "1" and verdict.endswith(f"expected '{a + b}', got '{(a + b) % 1000}'")
    assert f"\nExpected:\n{a + b}\n\nGot:\n{(a + b) % 1000}\n" in shown
    assert shown.count("\nVerdict: ") == 1 and "\nReproduce: cpkit stress pairsum" in shown


@pytest.mark.parametrize("passes", [0, 1])
def test_a_failing_final_input_is_run_again_and_a_pass_is_a_warning(
    pairsum, capsys, monkeypatch, passes
):
    """A solution wrong at random (30 %) failed its final run, and its Reproduce line passed
    3 times in 4: the input is run twice more, and a pass says so before that line."""
    names = []

    def passing_again(name, outcome):
        names.append(name)
        again = name == "again" and names.count("again") <= passes
        return _passed(outcome) if again else outcome

    assert _planted_bug_stressed(pairsum, monkeypatch, passing_again) == 1
    out = capsys.readouterr().out
    assert names[-3:] == ["final", "again", "again"]
    warning = "\nwarning: run 2 more times, the same input passed 1 of them: the solution is "
    assert (warning in out) == bool(passes)
    if passes:
        assert out.index(warning) < out.index("\nReproduce: ")
    assert "the expected answer on the same input changed" not in out  # the reference is sure


def test_a_reference_whose_answer_changes_is_a_warning_not_the_solution_s_failure(
    pairsum, capsys, monkeypatch
):
    """A brute force wrong at random failed a right solution, and the two runs again reused
    its first answer: only the solution was suspected. Its answer is computed again too."""
    fresh, calls = engine.Stress.fresh_answer, []

    def changing(self, text, doing="on an input"):
        calls.append(text)
        answer = fresh(self, text, doing)
        return answer if len(calls) % 2 == 0 else b"-1\n" + answer

    monkeypatch.setattr(engine.Stress, "fresh_answer", changing)
    assert _stressed_from_seed_1(pairsum) == 1
    out = capsys.readouterr().out
    assert (
        "\nwarning: computed 2 more times, the expected answer on the same input changed 1 "
        "of them: stress/pairsum.py: reference() is nondeterministic, so the failure may be "
        "its, not the solution's"
    ) in out


def test_an_output_flood_is_told_by_what_was_written_not_by_the_head_kept(pairsum, capsys):
    """Past the output limit only the run's head is kept: Got says how much was written."""
    registry = pairsum / "problems.toml"
    registry.write_text(
        registry.read_text().replace("[pairsum]\n", "[pairsum]\noutput_limit = 1\n")
    )
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(
        solution.read_text().replace(
            "    sys.stdout.write(", "    sys.stdout.write('9' * (2 << 20))\n    ("
        )
    )
    args = parse(
        "pairsum", "--seed", "1", "--cases", "1", "--shrink-seconds", "1", "--root", str(pairsum)
    )
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert (
        f"\nGot: (first {stress_report.SHOWN_CHARS} characters of more than 1 MiB written)\n" in out
    )


def test_a_reference_that_hangs_while_shrinking_stops_it_with_the_smallest_so_far(
    pairsum, capsys, monkeypatch, released
):
    """The shrink runs watched as the search does: a call of the module's that runs STUCK
    seconds (here on the first one-case file) ends it, the smallest failure found shown."""
    monkeypatch.setattr(engine, "STUCK", 0.5)
    monkeypatch.setattr(engine, "POLL", 0.05)
    _wrong_with_a_reference_hung_on_one_case(pairsum, released)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=6",
        "--shrink-seconds", "30", "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError) as caught:
        args.run(args)
    assert caught.value.status == 1  # a failure was shown and saved: the exit status says so
    assert str(caught.value).startswith(
        "pairsum: stress/pairsum.py: reference() has not returned in 0.5 s (shrinking the file "
        "of seed "
    )
    out = capsys.readouterr().out
    assert re.search(r"\nshrunk in [1-9][0-9]* runs \(stopped by an error, below\)\n", out)
    shown = out[out.index("\nInput (the smallest failing one found before the error):\n") :]
    count = int(shown.splitlines()[2])
    assert 1 < count < 6  # smaller than the file found, not yet one case


def test_a_reference_that_hangs_when_asked_again_is_given_up_too(
    pairsum, capsys, monkeypatch, released
):
    """The reference asked again on the failing input (is its answer the same?) ran outside
    the watch: one that never returned there held the run forever, while the live line said
    it was stopped at STUCK. Here it hangs on its second call on an input, until the test ends
    or for 5 s at most (the run without the watch then ends, without the error)."""
    monkeypatch.setattr(engine, "STUCK", 0.5)
    monkeypatch.setattr(engine, "POLL", 0.05)
    _wrong_with_a_reference_hung(
        pairsum,
        released,
        "text in SEEN and time.monotonic() < ends",
        before="    ends = time.monotonic() + 5\n",
        after="    SEEN.add(text)\n",
    )
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--shrink-seconds", "0", "--root", str(pairsum)
    )
    with pytest.raises(BuildError) as caught:
        args.run(args)
    assert caught.value.status == 1  # the failure was shown and saved first
    assert str(caught.value).startswith(
        "pairsum: stress/pairsum.py: reference() has not returned in 0.5 s (the shrunk input, "
        "again); it may never return (on "
    )
    assert "\nInput (the smallest failing one found before the error):\n" in (
        capsys.readouterr().out
    )


def _wrong_with_a_reference_hung_on_one_case(pairsum: Path, released) -> None:
    """The solution made wrong on large sums, the stress module's reference made to hang on
    one-case files until ``released.path`` exists."""
    _wrong_with_a_reference_hung(pairsum, released, "text.startswith('1\\n')")


def _wrong_with_a_reference_hung(
    pairsum: Path, released, hangs: str, *, before: str = "", after: str = ""
) -> None:
    """The solution made wrong on large sums, the stress module's reference made to wait
    while ``hangs`` (an expression of its ``text`` and of ``SEEN``, a set of the module's),
    until ``released.path`` exists; ``before`` and ``after``: its lines before the wait and
    after it."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    module = pairsum / "stress" / "pairsum.py"
    module.write_text(
        module.read_text()
        .replace(
            "def reference(text: str) -> str:\n",
            "def reference(text: str) -> str:\n"
            + before
            + f"    while {hangs} and not RELEASED.exists():\n"
            "        time.sleep(0.05)\n" + after,
        )
        .replace(
            "import random\n",
            "import random\nimport time\nfrom pathlib import Path\n\n"
            "SEEN = set()\n"
            f"RELEASED = Path({str(released.path)!r})\n",
        )
    )


HEADERS = {
    "validate": "def validate(text: str) -> None:\n",
    "reference": "def reference(text: str) -> str:\n",
}


def unlucky_on_one_case(pairsum, function="validate"):
    """The planted bug, and the module's ``function`` raising on a file of one case (the
    validator: a module's bug the shrink meets once it has found a smaller failing file of two
    cases; the reference: no answer for such a file)."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    module = pairsum / "stress" / "pairsum.py"
    header = HEADERS[function]
    module.write_text(
        module.read_text().replace(
            header,
            header + "    if len(split_cases(text)) == 1:\n        raise KeyError('unlucky')\n",
        )
    )


def test_a_shrink_stopped_by_an_error_reports_and_saves_the_input_it_shows(pairsum, capsys):
    """The verdict, expected and got are the shown input's own, a Reproduce line gives its
    file back, and --save names it as the report does (the next sample-N, with .out)."""
    unlucky_on_one_case(pairsum)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=4", "--save",
        "--shrink-seconds", "5", "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError, match=r"^stress/pairsum.py: validate\(\) raised KeyError"):
        args.run(args)
    out = capsys.readouterr().out
    shown = out[out.index("\nVerdict: ") :]
    verdict, given, expected, got, *_ = shown.split("\n\n")
    title, *lines = given.splitlines()
    assert title == "Input (the smallest failing one found before the error):"
    sums = [sum(map(int, line.split())) for line in lines[1:]]
    assert lines[0] == "2" and expected == "Expected:\n" + "\n".join(map(str, sums))
    assert got == "Got:\n" + "\n".join(str(total % 1000) for total in sums)
    number = next(i for i, total in enumerate(sums, 1) if total >= 1000)
    assert verdict.startswith(f"\nVerdict: wrong answer: line {number}: expected ")
    assert "\nReproduce: cpkit stress pairsum --seed " in shown
    assert "\nsaved: samples/pairsum/sample-2.in, samples/pairsum/sample-2.out\n" in shown
    samples = pairsum / "samples" / "pairsum"
    assert (samples / "sample-2.in").read_text() == "\n".join(lines) + "\n"


def test_a_reference_failing_on_a_smaller_input_is_passed_over_and_warned_of(
    pairsum, capsys, tmp_path, monkeypatch
):
    """With no answer to judge a candidate by, the shrink goes on without it: here every
    one-case file, so the failure shown has two cases; the run still ends as a failure. Only
    the input of the failure the warning names is kept in the temp folder."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    unlucky_on_one_case(pairsum, "reference")
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=4",
        "--shrink-seconds", "5", "--root", str(pairsum),
    )  # fmt: skip
    assert args.run(args) == 1
    out = capsys.readouterr().out
    warning = re.search(r"\nwarning: the reference failed on ([0-9]+) smaller inputs?, passed "
                        r"over by the shrink; the first: (.*)\n", out)  # fmt: skip
    assert warning and int(warning[1]) >= 2
    raised = "stress/pairsum.py: reference() raised KeyError: 'unlucky' at stress/pairsum.py:"
    assert re.match(re.escape(raised) + "[0-9]+ \\(on ", warning[2]), warning[2]
    note = out[warning.end() :].partition("\n")[0]
    assert note.startswith("note: validate() accepted them: if the statement's constraints"), out
    shown = out[out.index("\nInput:\n") :]
    assert shown.startswith("\nInput:\n2\n") and "\nVerdict: wrong answer" in out
    assert len(list(tmp_path.glob("pairsum-reference-*.in"))) == 1


@pytest.mark.parametrize(("purpose", "at"), [("shrink", 6), ("final", 1)])
def test_ctrl_c_while_shrinking_or_in_the_final_run_shows_and_saves_the_smallest_failure(
    pairsum, capsys, monkeypatch, purpose, at
):
    """The interrupt still ends the command (exit 130 at the command line), after the input
    found so far is shown with its verdict and saved; in the run that confirms the smallest
    input too (it may take 3 x the limit: an interrupt there lost the whole shrink)."""
    from kit.stress import engine

    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    judge, calls = engine.Stress.judge, []

    def interrupted(self, text, called_for, *rest, **options):
        if called_for == purpose:
            calls.append(text)
            if len(calls) == at:
                raise KeyboardInterrupt
        return judge(self, text, called_for, *rest, **options)

    monkeypatch.setattr(engine.Stress, "judge", interrupted)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=8", "--save",
        "--shrink-seconds", "30", "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(KeyboardInterrupt):
        args.run(args)
    out = capsys.readouterr().out
    if purpose == "shrink":
        assert "\nshrunk in 5 runs (stopped by Ctrl-C)\n" in out
    shown = out[out.index("\nInput (the smallest failing one found before Ctrl-C):\n") :]
    assert "\nReproduce: cpkit stress pairsum --seed " in shown
    assert "\nsaved: samples/pairsum/sample-2.in, samples/pairsum/sample-2.out\n" in shown


@pytest.mark.parametrize(
    ("at", "over", "said"),
    [
        (4, 0, "stopped: 3 files judged in S s (seeds 5 to 7), every one passed"),
        (4, 1, "stopped: 3 files judged in S s (seeds 5 to 7), 1 of them over the 1 s limit, "
         "not timed again alone"),
        (1, 0, "stopped: no file judged yet (S s)"),
    ],
)  # fmt: skip
def test_ctrl_c_before_a_failure_says_how_many_files_were_judged(
    pairsum, capsys, monkeypatch, at, over, said
):
    """Stopped in the search, the command said only that it was interrupted: now how many
    files, of which seeds, and that they passed (or how many were over the time limit, their
    times not judged alone yet)."""
    from kit.stress import engine

    judge, calls = engine.Stress.judge, []

    def interrupted(self, text, *rest, **options):
        calls.append(text)
        if len(calls) == at:
            raise KeyboardInterrupt
        self.over_limit = over
        return judge(self, text, *rest, **options)

    monkeypatch.setattr(engine.Stress, "judge", interrupted)
    args = parse("pairsum", "--seed", "5", "--cases", "20", "--root", str(pairsum))
    with pytest.raises(KeyboardInterrupt):
        args.run(args)
    stopped = capsys.readouterr().out.splitlines()[-1]
    assert re.sub(r"\d+\.\d s", "S s", stopped) == said


def test_a_save_into_another_problem_s_samples_is_refused_before_the_run(pairsum, capsys):
    """``--save samples/other`` (a slip of the slug) wrote pairsum's failing input there, and
    the other problem's build then ran it as its own sample and failed on it."""
    with (pairsum / "problems.toml").open("a") as toml:
        toml.write('\n[other]\njudge = "nowhere"\nid = "2"\nkind = "batch"\n')
        toml.write("time_limit = 1.0\nmemory_limit = 64\n")
    (pairsum / "samples" / "other").mkdir()
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--save", str(pairsum / "samples" / "other"),
        "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError, match=r"the samples folder of problem 'other', whose build "):
        args.run(args)
    assert "shrinking" not in capsys.readouterr().out
    assert not any((pairsum / "samples" / "other").iterdir())


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="no /proc to fail to write into")
def test_a_save_that_cannot_be_written_is_one_line_when_the_shrink_stopped_too(
    pairsum, capsys, monkeypatch
):
    """A folder that could be written when the run started and no longer can at the save
    (the probe before the run is passed over here)."""
    monkeypatch.setattr(stress, "save_folder", lambda problem, save, problems: Path(save))
    unlucky_on_one_case(pairsum)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=4", "--save", "/proc/x",
        "--shrink-seconds", "5", "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError, match=r"^--save: cannot write into /proc/x: "):
        args.run(args)
    assert "\nInput (the smallest failing one found before the error):\n" in (
        capsys.readouterr().out
    )


def test_a_reference_that_hangs_is_given_up_past_the_shrink_s_budget(
    pairsum, capsys, monkeypatch, released
):
    """--shrink-seconds 1 with a reference that never returns on one-case files: given up
    OVERTIME seconds past the budget, not after STUCK (60 s)."""
    monkeypatch.setattr(engine, "OVERTIME", 0.5)
    monkeypatch.setattr(engine, "POLL", 0.05)
    _wrong_with_a_reference_hung_on_one_case(pairsum, released)
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--param", "cases=6",
        "--shrink-seconds", "1", "--root", str(pairsum),
    )  # fmt: skip
    started = time.monotonic()
    with pytest.raises(BuildError, match=r"reference\(\) has not returned in 1.5 s \(shrinking"):
        args.run(args)
    assert time.monotonic() - started < 20


def test_a_reference_that_printed_nothing_is_pointed_at(pairsum, capsys):
    """An empty answer against the solution's output: most often the brute force is broken
    (one that reads and prints nothing), which the report now says beside it."""
    brute = pairsum / "brute.py"
    brute.write_text("import sys\nsys.stdin.read()\n")
    args = parse(
        "pairsum", "--seed", "1", "--cases", "1", "--shrink-seconds", "0",
        "--brute", f"{sys.executable} {brute}", "--root", str(pairsum),
    )  # fmt: skip
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert "\nExpected:\n(nothing)\n(the reference printed nothing for this input: is that" in out


def test_a_reference_whose_answer_changed_is_blamed_when_the_input_passes_again(
    pairsum, capsys, monkeypatch
):
    """A brute force wrong the first time it sees an input, right after: the failure found is
    the brute force's; when the shrunk input's answer, computed again (no answer kept), let it
    pass, the report blamed the solution ("may be nondeterministic") and never asked the
    reference again."""
    monkeypatch.setattr(engine, "ANSWERS_KEPT", 0)
    seen = pairsum / "seen"
    seen.mkdir()
    brute = pairsum / "brute.py"
    brute.write_text(
        "import hashlib, pathlib, sys\n"
        "text = sys.stdin.read()\n"
        f"mark = pathlib.Path({str(seen)!r}) / hashlib.sha1(text.encode()).hexdigest()\n"
        "first = not mark.exists()\n"
        "mark.touch()\n"
        "for line in text.splitlines()[1:]:\n"
        "    print(sum(map(int, line.split())) + first)\n"
    )
    out = failed_stress(
        pairsum, capsys, "--seed", "1", "--cases", "5", "--param", "cases=3",
        "--shrink-seconds", "10", "--brute", f"{sys.executable} {brute}",
    )  # fmt: skip
    assert "\nPassed when run again: " in out, out
    assert "the solution may be nondeterministic" not in out
    assert "the solution is nondeterministic" not in out
    assert "the expected answer on the same input changed" in out
    assert "is nondeterministic, so the failure may be its, not the solution's" in out


def test_a_checker_failing_on_smaller_inputs_is_its_own_warning_not_the_reference_s(
    pairsum, capsys
):
    """A checker that fails (exit 3) on a file of one case, a solution wrong on sums of 1000
    or more: the shrink passed those files over and warned that the reference failed, and
    named none of them ("on shrink")."""
    checker = pairsum / "checker.py"
    checker.write_text(
        "import sys\n"
        "given, got, wanted = (open(name).read().split() for name in sys.argv[1:4])\n"
        "if given[0] == '1':\n    sys.exit(3)\n"
        "sys.exit(0 if got == wanted else 1)\n"
    )
    table = pairsum / "problems.toml"
    table.write_text(
        table.read_text().replace(
            'kind = "batch"', 'kind = "batch"\ncompare = "checker:checker.py"', 1
        )
    )
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    argv = ["--seed", "1", "--cases", "20", "--param", "cases=3", "--shrink-seconds", "4"]
    out = failed_stress(pairsum, capsys, *argv)
    assert "the reference failed" not in out, out
    assert "\nwarning: the judge's own program failed on " in out
    assert (
        " (a judge error: neither the solution's failure nor the reference's), passed over" in out
    )
    assert "on shrink" not in out and "the first: pairsum: on the input saved as " in out
    assert ": checker failed: it reported a failure (exit status 3)" in out


def test_a_generator_that_does_not_follow_its_seed_is_warned_of(pairsum, capsys):
    """Its failure cannot be made again from a seed: the Reproduce line may pass."""
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    module = pairsum / "stress" / "pairsum.py"
    module.write_text(module.read_text().replace("(rng.randint(0, p", "(random.randint(0, p"))
    args = parse(
        "pairsum", "--seed", "1", "--cases", "20", "--shrink-seconds", "1", "--root", str(pairsum)
    )
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert "\nwarning: the generator made another file from seed " in out


def test_a_generator_that_follows_the_hash_seed_is_warned_of(pairsum, capsys):
    """A generator drawing from a set of strings follows its seed within one process and
    makes another file in the next, whose hash seed differs: the same --seed gave other
    files and no warning, and the Reproduce line did not reproduce."""
    if os.environ.get("PYTHONHASHSEED") == "0":
        pytest.skip("this process's hash seed is the fresh process's")
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    module = pairsum / "stress" / "pairsum.py"
    words = "{" + ", ".join(repr("w" * n) for n in range(1, 13)) + "}"
    first = '[(rng.randint(0, p["bound"]), '
    drawn = f"[(len(rng.choice(list({words}))) * 99, "
    module.write_text(module.read_text().replace(first, drawn, 1))
    out = failed_stress(pairsum, capsys, "--seed", "1", "--cases", "20", "--shrink-seconds", "0")
    assert (
        "\nwarning: the generator made another file from seed 1 in a fresh process (another "
        "hash seed: a set's order of strings?)"
    ) in out, out


def test_a_failure_saved_again_is_said_to_be_saved_already(pairsum, capsys):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("a + b}", "(a + b) % 1000}"))
    argv = ["pairsum", "--seed", "1", "--cases", "20", "--param", "cases=1", "--save"]
    for said in ("saved: ", "already saved as "):
        args = parse(*argv, "--shrink-seconds", "30", "--root", str(pairsum))
        assert args.run(args) == 1
        out = capsys.readouterr().out
        assert f"\n{said}samples/pairsum/sample-2.in, samples/pairsum/sample-2.out\n" in out
    assert not (pairsum / "samples" / "pairsum" / "sample-3.in").exists()


def test_atcoder_s_compile_run_is_made_before_the_files(pairsum, capsys):
    """A solution whose cases import what AtCoder's `python Main.py ONLINE_JUDGE` wrote
    (kit.run.compile_step) passes here as there."""
    table = pairsum / "problems.toml"
    text = table.read_text().replace('judge = "nowhere"', 'judge = "AtCoder"')
    table.write_text(text.replace('targets = ["cpython3.8"]', 'targets = ["cpython3.13"]'))
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(
        solution.read_text().replace(
            'if __name__ == "__main__":\n',
            'if sys.argv[-1] == "ONLINE_JUDGE":\n'
            '    open("made_here.py", "w").write("ADD = 0\\n")\n'
            'elif __name__ == "__main__":\n'
            "    from made_here import ADD\n\n",
        )
    )
    args = parse("pairsum", "--seed", "5", "--cases", "2", "--root", str(pairsum))
    assert args.run(args) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert "ok: 2 files passed in " in out
    assert "note: AtCoder's compile step" in out and "wrote made_here.py)" in out


def test_an_older_stand_in_that_cannot_run_the_bundle_is_passed_over(pairsum, capsys):
    """pypy3.10 with only PyPy 3.9 here: `match` would be a SyntaxError under it, a crash
    the target does not give, on every file: the files run under the build's fallback, a
    CPython, said in a note; with none, refused in one line before any file is run."""
    from kit import commands  # noqa: PLC0415
    from kit.judges import targets  # noqa: PLC0415

    if not [i for i in targets.found() if i.impl == "pypy" and i.version < (3, 10)]:
        pytest.skip("needs a PyPy older than 3.10 here")
    table = pairsum / "problems.toml"
    table.write_text(table.read_text().replace('"cpython3.8"', '"pypy3.10"'))
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text() + "match 1:\n    case _:\n        pass\n")
    args = parse("pairsum", "--seed", "5", "--cases", "3", "--root", str(pairsum))
    assert args.run(args) == 0
    said = capsys.readouterr()
    assert "note: PyPy 3.9 is older than pypy3.10 and cannot run this bundle (" in said.err
    assert re.search(r"bundle under CPython 3\.\d+ for pypy3\.10", said.out), said.out
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(commands, "fallback_for", lambda target, runner: None)
        with pytest.raises(BuildError, match=r"is older than pypy3\.10 and cannot run this bun"):
            args.run(args)


def test_a_stopped_command_takes_back_the_inputs_of_messages_not_shown(
    pairsum, monkeypatch, tmp_path
):
    kept = []

    def interrupted(args):
        problem = load_registry(pairsum)["pairsum"]
        kept.append(inputs.keep_file(problem, "brute", "1\n"))
        raise KeyboardInterrupt

    monkeypatch.setattr(stress, "_stressed", interrupted)
    args = parse("pairsum", "--root", str(pairsum))
    with pytest.raises(KeyboardInterrupt):
        args.run(args)
    assert not kept[0].exists()


def test_files_over_the_limit_that_passed_alone_are_warned_of(capsys):
    """Right answers over the limit beside other runs, the slowest within it timed again
    alone: "ok", with a warning that counts them and says the slowest were timed alone."""
    problem = types.SimpleNamespace(time_limit=1.0, slug="pairsum")
    timed = types.SimpleNamespace(
        count=6, slowest=(1.3, "seed 5"), problem=problem, over_limit=2,
        late=[(1.1, 4, "x"), (1.3, 5, "y")],
    )  # fmt: skip
    stress._passed(timed, 3.0, [])
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        "ok: 6 files passed in 3.0 s",
        "slowest: 1.300 s (the file of seed 5, over the 1 s limit)",
    ]
    assert out[2].startswith(
        "warning: 2 of the 6 files ran over the 1 s limit, and the slowest 2, timed again alone, "
        "within it: `cpkit run pairsum FILE` times one"
    )


def slow_brute(root, seconds):
    """A right brute force for pairsum that sleeps ``seconds`` first."""
    brute = root / "slow_brute.py"
    brute.write_text(
        "import sys, time\n"
        "lines = sys.stdin.read().splitlines()[1:]\n"
        f"time.sleep({seconds})\n"
        "for line in lines:\n"
        "    print(sum(map(int, line.split())))\n"
    )
    return f"{sys.executable} {brute}"


@pytest.mark.parametrize("terminal", [True, False])
def test_a_slow_brute_force_is_named_on_a_terminal_while_it_runs(
    pairsum, capsys, monkeypatch, terminal
):
    """Silent until the end before: on a terminal, a line on stderr names the program that
    has run long on one input, its seconds so far and its stop, rewritten in place and
    cleared before the result; in a log (not a terminal), nothing."""
    monkeypatch.setattr(progress, "SLOW", 0.3)
    monkeypatch.setattr(progress, "TICK", 0.05)
    monkeypatch.setattr(stress.terminal, "takes_escapes", lambda stream: terminal)
    monkeypatch.setenv("COLUMNS", "400")  # the line is cut to the terminal's width
    args = parse(
        "pairsum", "--seed", "1", "--cases", "1",
        "--brute", slow_brute(pairsum, 1.5), "--root", str(pairsum),
    )  # fmt: skip
    assert args.run(args) == 0
    captured = capsys.readouterr()
    assert "ok: 1 file passed" in captured.out
    named = "slow_brute.py': still running on the file of seed 1, "
    if terminal:
        assert f"\r\x1b[K--brute '{sys.executable} " in captured.err
        assert named in captured.err and "so far (stopped at 60 s)" in captured.err
        assert captured.err.endswith("\r\x1b[K")  # cleared
    else:
        assert captured.err == ""


def test_a_brute_force_stopped_at_its_limit_is_one_line_naming_it_and_its_input(
    pairsum, monkeypatch
):
    """A brute force still running when the stress run stops it: said as a stop, not as the
    solution's time limit ("time limit: killed at 60 s (60x the 1 s limit)"), its input saved."""
    monkeypatch.setattr(engine, "STUCK", 0.5)  # the bundle's 3 s kill comes first
    args = parse(
        "pairsum", "--seed", "1", "--cases", "1",
        "--brute", slow_brute(pairsum, 60), "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError) as raised:
        args.run(args)
    said = str(raised.value)
    assert re.fullmatch(
        r"--brute '.*slow_brute\.py' was stopped: still running at 3 s(?: \(and [\d.]+ s more "
        r"for what it waited for a core other work on this machine held: [\d.]+ s of wall time "
        r"in all\))?, when a stress run "
        r"stops a brute force \(on the input saved as \S+pairsum-brute-\S+\.in, the file of "
        r"seed 1, parameters cases=8 bound=1000\)",
        said,
    ), said
    assert "time limit" not in said


def test_a_brute_force_s_flood_is_said_in_lines_not_kept_never_the_watch_s_bytes(pairsum):
    """A brute force writing a line of 10 MB between two short ones, then failing: its message
    counts the line its watch left out, never its raw ``[... 10000001 bytes of stderr not
    kept ...]`` (a figure without separators, in bytes)."""
    brute = pairsum / "flooding_brute.py"
    brute.write_text(
        "import sys\nsys.stderr.write('a\\n' + 'x' * 10**7 + '\\nb\\n')\nsys.exit(1)\n"
    )
    args = parse(
        "pairsum", "--seed", "1", "--cases", "1",
        "--brute", f"{sys.executable} {brute}", "--root", str(pairsum),
    )  # fmt: skip
    with pytest.raises(BuildError) as raised:
        args.run(args)
    said = str(raised.value)
    assert "a / b (1 line not kept)" in said, said
    assert "bytes of stderr" not in said


def test_a_stopped_run_clears_the_live_line_before_it_says_so(capsys):
    """Ctrl-C with a run left under way: "stopped: ..." was printed while the line could
    still be written, and was written over; the line is now cleared and stopped first."""
    under_way = progress.UnderWay(clock=lambda: 0.0)
    under_way._write = lambda text: print(f"<line {text!r}>")
    left = under_way.running("the bundle (3.8)", "on the file of seed 5", 3.0)
    left.__enter__()  # never left: the run abandoned
    under_way.tick(progress.SLOW + 1.0)
    stopped = types.SimpleNamespace(under_way=under_way, count=0)
    stress._interrupted(stopped, 5, 1.25)
    under_way.tick(progress.SLOW + progress.EVERY + 2.0)
    assert capsys.readouterr().out.splitlines()[1:] == [
        "<line ''>",
        "stopped: no file judged yet (1.2 s)",
    ]


def test_in_a_task_s_folder_the_slug_may_be_left_out(pairsum, capsys, monkeypatch):
    """``cd abc300/a && cpkit stress`` needed its SLUG; outside, it still does, and a SLUG
    that ``--save`` took for its folder is said."""
    task = pairsum / "abc300" / "a"
    task.mkdir(parents=True)
    (pairsum / "solutions" / "pairsum.py").rename(task / "main.py")
    (pairsum / "samples" / "pairsum").rename(task / "tests")
    table = pairsum / "problems.toml"
    table.write_text(
        f'{table.read_text()}solution = "abc300/a/main.py"\nsamples = "abc300/a/tests"\n'
    )
    monkeypatch.chdir(task / "tests")
    assert cli.main(["stress", "--seed", "5", "--cases", "2"]) == 0
    out, err = capsys.readouterr()
    assert err == "pairsum (this folder's problem)\n"
    assert out.startswith("stress pairsum: seeds from 5, ")
    monkeypatch.chdir(pairsum)
    assert cli.main(["stress", "--cases", "2"]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: stress needs a SLUG: this folder is in no single problem's solution or "
        "samples folder (problems.toml has: pairsum)\n"
    )
    assert cli.main(["stress", "--cases", "2", "--save", "pairsum"]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: --save pairsum: a problem's slug taken for the folder to save into; name "
        "the problem first: `cpkit stress pairsum --save`\n"
    )


PACKAGE_SUM = Path(__file__).resolve().parents[2] / "fixtures" / "packages" / "kattis_sum"
TWO_NUMBERS = (  # exit 42: two integers, else 43
    "import sys\ntokens = sys.stdin.read().split()\n"
    "sys.exit(42 if len(tokens) == 2 and all(t.lstrip('-').isdigit() for t in tokens) else 43)\n"
)


def test_a_package_s_input_validator_checks_the_cuts_of_a_module_without_validate(
    tmp_path, capsys, monkeypatch
):
    """A module without validate() left a package's problem uncut ("cuts: none (no
    validator)"), though the package's validator, which verify runs, says what is valid. The
    first line names the validators left out too (it named those run alone)."""
    package = _sum_with_validator(tmp_path, TWO_NUMBERS, "a > 9", "{rng.randint(10, 999)} 2")
    (package / "input_validators" / "format.viva").write_text("<[n] == 2>\n")  # not run here
    monkeypatch.chdir(tmp_path)
    args = parse("sum", "--seed", "1", "--cases", "5", "--root", str(tmp_path))
    assert args.run(args) == 1
    out = capsys.readouterr().out
    assert (
        ", the shrink's inputs validated by the package's input_validators/check.py "
        "(input_validators/format.viva (VIVA) is not run here), "
    ) in out
    assert re.search(r"; cuts: \d+ -> 5 bytes\)", out), out
    assert "\nInput:\n10 0\n" in out


def _sum_with_validator(root, validator, bug, generated):
    """A workspace at ``root`` whose problem ``sum`` is a copy of the Kattis sum package with
    ``validator`` as its input_validators/check.py, a solution off by one when ``bug`` holds,
    and a stress module generating ``f"GENERATED\\n"``, ``generated`` the f-string's text; the
    package's folder."""
    package = shutil.copytree(PACKAGE_SUM, root / "packages" / "sum")
    (package / "input_validators").mkdir()
    (package / "input_validators" / "check.py").write_text(validator)
    (root / "problems.toml").write_text('[sum]\npackage = "packages/sum"\n')
    (root / "solutions").mkdir()
    (root / "solutions" / "sum.py").write_text(
        f"a, b = map(int, input().split())\nprint(a + b + ({bug}))\n"
    )
    (root / "stress").mkdir()
    (root / "stress" / "sum.py").write_text(
        "PARAMS = {}\ndef generate(rng):\n    return f'" + generated + "\\n'\n"
        "def reference(text):\n    return str(sum(map(int, text.split()))) + '\\n'\n"
    )
    return package


def test_a_generated_input_the_package_s_validator_refuses_is_a_warning_naming_it(
    tmp_path, capsys, monkeypatch
):
    """A generator making inputs the package's validator refuses left the shrink nothing to
    cut, and said only `shrunk in 0 runs (...; cuts: 4 -> 4 bytes)`: the validator, which the
    search's files never see, is asked of the file found, and its refusal is one warning. The
    failure is still shown (the validator may be the one that is wrong)."""
    refusing = (
        "import sys\nnumbers = sys.stdin.read().split()\n"
        "if len(numbers) != 2 or max(map(int, numbers)) > 5:\n"
        "    print('two numbers from 0 to 5 expected')\n    sys.exit(43)\nsys.exit(42)\n"
    )
    _sum_with_validator(tmp_path, refusing, "a > 3", "{rng.randint(6, 9)} {rng.randint(10, 20)}")
    monkeypatch.chdir(tmp_path)
    args = parse("sum", "--seed", "1", "--cases", "5", "--root", str(tmp_path))
    assert args.run(args) == 1
    out = capsys.readouterr().out
    warnings = [line for line in out.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: the package's validator refuses the generated input itself (seed 1, "
        "parameters none): input_validators/check.py: exit status 43: two numbers from 0 to "
        "5 expected; the shrink keeps to inputs it accepts, so it cut nothing, and the failure "
        "shown is on an input the judge never gives: make the generator (stress/sum.py: "
        "generate()) keep to the package's constraints, or fix the validator if they allow "
        "this input (`cpkit verify` runs it on the cases)"
    ]
    assert re.search(r"; cuts: \d+ -> \d+ bytes\)\n", out) and "\nInput:\n7 19\n" in out, out


def test_a_kill_that_came_past_its_timeout_is_said_when_it_came():
    """A run killed on a loaded machine came to its kill later than its timeout (its deadline
    moved on by what it waited for a core): "each try would run until the kill at 1.5 s"
    said the nominal figure, not the 8.07 s measured. Said by its verdict's rule
    (``kit.run.limits.said_moved``, of what it waited): a kill reaped at 1.62 s, having waited
    for nothing, is the timeout's, as its verdict's message says (``moved_on``: nothing)."""
    killed = engine.Outcome(True, "time limit: killed at 1.5 s", word="TLE", wall=1.52)
    assert stress._until_the_kill(1.5, killed) == "each try would run until the kill at 1.5 s"
    killed.wall = 1.62  # a slow reap, no wait
    assert moved_on(1.5, killed.wall, killed.waited) == ""
    assert stress._until_the_kill(1.5, killed) == "each try would run until the kill at 1.5 s"
    killed.wall, killed.waited = 8.07, 6.5
    assert moved_on(1.5, killed.wall, killed.waited) != ""
    assert stress._until_the_kill(1.5, killed) == (
        "each try would run until the kill, at 8.07 s of wall time this time"
    )
    killed.played = True  # a game's message says its own timeout and what moved it on
    assert stress._until_the_kill(1.5, killed) == "each try would run until the kill at 1.5 s"

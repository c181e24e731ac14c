"""kit.run.failure_hints: the hints of a failure, without a run: a run held to its CPU time
beyond its wall time, an interpreter whose packages the system manages, a long input read with
input() (none when a faster reader would not have saved the time), an idle game's hint by who
spoke last; and the hints of a run's stderr, as ``explain`` adds them (the digit limit, the
recursion hint that fits the program, a data file beside a helper, a scratch file's cap)."""

import warnings
from dataclasses import replace

import pytest

from kit.judges.targets import host
from kit.registry import load_registry
from kit.run import failure_hints
from kit.run.limits import limits_for
from kit.run.tracebacks import explain
from kit.startup import TOY


def test_a_run_timed_by_its_cpu_beyond_its_wall_time_is_told_why():
    """The hint of a run held to its CPU time: ran side by side here (its wall time less), and
    none where the two agree within what measuring gives (a run on one core, or loaded)."""
    limits = limits_for(load_registry(TOY)["toy_sum"], host())
    (hint,) = failure_hints.side_by_side(limits, cpu=1.311, wall=0.762)
    assert hint.startswith("hint: its processes or threads ran side by side on this machine's")
    assert "0.762 s of wall time, and took 1.311 s of CPU together" in hint
    assert failure_hints.side_by_side(limits, cpu=1.311, wall=1.29) == []
    assert failure_hints.side_by_side(replace(limits, clock="cpu"), cpu=1.311, wall=0.762) == []


def test_an_interpreter_whose_library_is_marked_externally_managed_is_told(tmp_path):
    library = tmp_path / "lib"
    library.mkdir()
    fake = tmp_path / "python"
    fake.write_text(f"#!/bin/sh\necho {library}\n")
    fake.chmod(0o755)
    assert not failure_hints.externally_managed(str(fake))
    (library / "EXTERNALLY-MANAGED").write_text("[externally-managed]\n")
    assert not failure_hints.externally_managed(str(fake))  # asked once per interpreter
    failure_hints.externally_managed.cache_clear()
    assert failure_hints.externally_managed(str(fake))
    assert not failure_hints.externally_managed(str(tmp_path / "no-such-python"))


def test_the_digit_limit_s_hint_names_pypy_and_an_older_cpython_with_the_backport():
    """PyPy 3.9 (7.3.11) and CPython 3.8.18, 3.9.18, 3.10.13 all say "Exceeds the limit
    (4300)": the interpreter that ran, not the words, says whose limit it is."""
    pypy = replace(host(), impl="pypy", version=(3, 9))
    assert failure_hints.int_digits_hint(pypy).startswith(
        "hint: PyPy 3.9, as CPython 3.11+, limits int<->str conversions to 4300 digits; call "
    )
    older = replace(host(), impl="cpython", version=(3, 10))
    assert failure_hints.int_digits_hint(older).startswith(
        "hint: CPython 3.10 (a patch release with 3.11's limit) limits int<->str conversions"
    )
    newer = replace(host(), impl="cpython", version=(3, 12))
    assert failure_hints.int_digits_hint(newer) == failure_hints.int_digits_hint()
    said = ["ValueError: ...", failure_hints.int_digits_hint(), "other"]
    assert failure_hints.named_for(said, pypy) == [
        said[0],
        failure_hints.int_digits_hint(pypy),
        "other",
    ]


def test_a_long_input_read_with_input_gets_a_hint_on_a_time_limit_failure(tmp_path):
    """The builtin a line at a time on a million lines is most of a 2 s limit under CPython;
    a program that made ``input`` a faster reader of its own gets no hint."""
    given = tmp_path / "big.in"
    given.write_bytes(b"1 2\n" * failure_hints.SLOW_INPUT_LINES)
    (hint,) = failure_hints.slow_input_hint("n = int(input())\n", given)
    assert hint.startswith(f"hint: the input has {failure_hints.SLOW_INPUT_LINES} lines and ")
    rebound = "import sys\ninput = sys.stdin.readline\nn = int(input())\n"
    assert failure_hints.slow_input_hint(rebound, given) == []
    assert failure_hints.slow_input_hint("import sys\nsys.stdin.read()\n", given) == []
    small = tmp_path / "small.in"
    small.write_bytes(b"1 2\n" * 10)
    assert failure_hints.slow_input_hint("n = int(input())\n", small) == []
    read_all = given.stat().st_size  # killed after it had read it all: the time went elsewhere
    assert failure_hints.slow_input_hint("n = int(input())\n", given, read_all) == []


def test_no_input_hint_for_a_run_over_by_more_than_a_faster_reader_saves(tmp_path):
    """200,000 lines cost about 0.2 s more with input(): a run 4 s over the limit (killed
    at 3 x 2 s) has a slower algorithm, not a slow reader."""
    given = tmp_path / "big.in"
    given.write_bytes(b"1 2\n" * 200_000)
    saved = 200_000 * failure_hints.INPUT_LINE_SECONDS
    assert failure_hints.slow_input_hint("n = int(input())\n", given, over=4.0) == []
    assert failure_hints.slow_input_hint("n = int(input())\n", given, over=saved * 0.9) != []


SILENT = failure_hints.SILENT_HINT


@pytest.mark.parametrize(
    ("transcript", "hint"),
    [
        (["< 100", "> ? 50", "< >"], failure_hints.FLUSH_HINT),  # the solution did not answer
        (["< 100", "> ? 50"], failure_hints.UNANSWERED_HINT.format(line="? 50")),
        # its line never ended: the interactor waits for the rest (it was "slow or stuck")
        (["< 100", "> ? 50  [no end of line]"], failure_hints.UNENDED_HINT.format(line="? 50")),
        (["< [4 more bytes, sent after the solution had closed its output]"], SILENT),
        ([], failure_hints.SILENT_HINT),
    ],
)
def test_an_idle_game_s_hint_follows_who_spoke_last(transcript, hint):
    assert failure_hints.idle_hint(transcript) == hint


def test_an_idle_game_of_a_solution_of_next_to_no_cpu_names_a_read_too_many_and_a_sleep():
    """A solution that slept before its first query, the interactor's line the last: its
    answer may be unflushed, or it waited to read, or slept; with some CPU, the flush."""
    hint = failure_hints.idle_hint(["< 100"], cpu=0.02)
    assert hint == failure_hints.WAITED_HINT.format(cpu=0.02)
    assert "0.02 s of CPU" in hint and "a read too many" in hint and "slept" in hint
    assert hint.startswith(failure_hints.FLUSH_HINT[: len("hint: an idle game is most often")])
    assert failure_hints.idle_hint(["< 100"], cpu=0.5) == failure_hints.FLUSH_HINT
    assert failure_hints.idle_hint(["< 100"]) == failure_hints.FLUSH_HINT
    # the solution's own line unanswered: not its read nor its sleep
    unanswered = failure_hints.idle_hint(["< 100", "> ? 50"], cpu=0.02)
    assert unanswered == failure_hints.UNANSWERED_HINT.format(line="? 50")


def test_an_idle_game_after_the_interactor_finished_is_not_blamed_on_the_interactor():
    hint = failure_hints.idle_hint(["< 1", "> ! 5"], finished=0)
    assert hint == failure_hints.RAN_ON_HINT.format(code=0)
    still = failure_hints.idle_hint(["< 1", "> ! 5"], finished=None)
    assert still == failure_hints.UNANSWERED_HINT.format(line="! 5")


@pytest.mark.parametrize(
    ("stderr", "hint"),
    [
        (b"ValueError: Exceeds the limit (4300 digits) for integer string conversion", "4300"),
        (b"ValueError: Exceeds the limit (4300) for integer string conversion; use", "4300"),
        (b"RecursionError: maximum recursion depth exceeded", "setrecursionlimit"),
        (b"RecursionError: maximum recursion depth exceeded", "functools.lru_cache"),
        (b"FileNotFoundError: [Errno 2] No such file or directory: "
         b"'/tmp/kit-run-p3s24spz/shared/table.txt'", "in a folder of its own"),
    ],
)  # fmt: skip
def test_usual_mistakes_get_a_hint(toy_run, stderr, hint):
    problem, bundle, script, _ = toy_run
    details = explain(problem, bundle, script, stderr)
    assert details[0] == stderr.decode() and hint in details[-1] and details[-1].startswith("hint:")


def test_the_recursion_hint_of_a_program_that_raises_the_limit_already(toy_run):
    """Raised already: C's limit when it memoises with functools, else not raised enough."""
    problem, bundle, script, _ = toy_run
    stderr = b"RecursionError: maximum recursion depth exceeded\n"
    assert explain(problem, bundle, script, stderr)[-1] == failure_hints.RECURSION_HINT
    raised = replace(bundle, text=bundle.text + "import sys\nsys.setrecursionlimit(10**6)\n")
    assert explain(problem, raised, script, stderr)[-1] == failure_hints.LOW_RECURSION_HINT
    cached = replace(raised, text=raised.text + "from functools import lru_cache\n")
    assert explain(problem, cached, script, stderr)[-1] == failure_hints.RAISED_RECURSION_HINT
    for memo in ("from functools import cache\n", "@functools.cache\ndef f(n):\n    pass\n"):
        cached = replace(raised, text=raised.text + memo)
        assert explain(problem, cached, script, stderr)[-1] == failure_hints.RAISED_RECURSION_HINT
    own = replace(raised, text=raised.text + "cache = {}\ncache[1] = 2\n")  # a dict of its own
    assert explain(problem, own, script, stderr)[-1] == failure_hints.LOW_RECURSION_HINT
    assert "raises sys.setrecursionlimit already" in failure_hints.RAISED_RECURSION_HINT
    assert "went past the limit: raise it before the recursion starts" in (
        failure_hints.LOW_RECURSION_HINT
    )  # the call may be on a path this run did not take: the hint does not say it ran


@pytest.mark.parametrize(
    ("limit", "raised"),
    [("10**6", True), ("10 ** 6", True), ("1 << 20", True), ("1_000_000", True),
     ("6000", False), ("n + 10", False)],
)  # fmt: skip
def test_a_recursion_that_stopped_well_short_of_the_limit_set_went_through_c(
    toy_run, limit, raised
):
    """``sum(map(dfs, g[v]))`` 6,000 deep after setrecursionlimit(10**6) stops near 5,000
    frames under 3.13: no limit of the program's (the hint said to raise it further, or to
    use a thread's larger stack, which does not help); short of a limit of 6,000 it may be."""
    problem, bundle, script, _ = toy_run
    frame = '  File "x.py", line 6, in dfs\n    return sum(map(dfs, g[v])) + 1\n'
    stderr = b"Traceback (most recent call last):\n" + frame.encode() * 3
    stderr += b"  [Previous line repeated 4997 more times]\n"
    stderr += b"RecursionError: maximum recursion depth exceeded\n"
    text = bundle.text + f"import sys\nsys.setrecursionlimit({limit})\n"
    hint = explain(problem, replace(bundle, text=text), script, stderr)[-1]
    assert hint == (
        failure_hints.RAISED_RECURSION_HINT if raised else failure_hints.LOW_RECURSION_HINT
    )


def test_a_scratch_file_past_the_output_cap_is_said_to_be_the_kit_s_cap(toy_run):
    """RLIMIT_FSIZE, the cap on stdout, holds for every file the run writes: a bare
    ``OSError: [Errno 27] File too large`` read like the program's own bug."""
    problem, bundle, script, _ = toy_run
    stderr = b"OSError: [Errno 27] File too large\n"
    assert explain(problem, bundle, script, stderr)[-1] == failure_hints.FILE_CAP_HINT
    assert failure_hints.FILE_CAP_HINT not in explain(problem, bundle, script, b"OSError: x\n")
    # stdout past the limit raises the same EFBIG: an output-limit failure, no scratch file's
    assert failure_hints.FILE_CAP_HINT not in explain(problem, bundle, script, stderr, True)


def test_an_idle_game_under_a_kattis_validator_names_the_solution_s_read_past_the_end():
    """A solution that read again after its last answer, its validator reading on to the end
    of the solution's output (trailing output refused): the hint blamed the interactor ("slow
    or stuck"); problemtools kills both at its wall-time limit and says TLE, the solution's."""
    hint = failure_hints.idle_hint(["< 1000", "> ! 737"], cpu=0.04, kattis=True)
    assert hint == failure_hints.READ_PAST_HINT.format(line="! 737")
    assert "'! 737'" in hint and "reads again after its last line" in hint
    assert "TLE" in hint and "slow or stuck" not in hint
    kit_s = failure_hints.idle_hint(["< 1000", "> ! 737"], cpu=0.04)  # its own protocol's
    assert kit_s == failure_hints.UNANSWERED_HINT.format(line="! 737")


@pytest.mark.parametrize(
    ("source", "got", "hinted"),
    [
        ('sys.stdout.write("2\\n")\nos._exit(0)\n', b"", True),  # nothing flushed: empty
        ("from os import _exit\nprint(1)\nprint(2)\n_exit(0)\n", b"1\n", True),  # cut
        ("import os\nprint(1, 3)\nos._exit(0)\n", b"1 3\n", False),  # as long: not cut
        ("import os\nprint(1)\nprint(2, end='')\nos._exit(0)\n", b"1\n2", False),  # all there
        ("from os import (\n    _exit,\n)\nprint(1)\n_exit(0)\n", b"", True),  # on lines
        ('sys.stdout.write("2\\n")\nsys.exit(0)\n', b"", False),  # sys.exit flushes
        ("# os._exitcode is not called\nprint(3)\n", b"", False),
        # read from the syntax tree: another name for os, or for _exit; a comment, a string
        ("import os as o\nprint(1)\no._exit(0)\n", b"", True),
        ("from os import _exit as quit_now\nprint(1)\nquit_now(0)\n", b"", True),
        ("import posix\nprint(1)\nposix._exit(0)\n", b"", True),
        ("print(1)  # not os._exit(0): it flushes nothing\n", b"", False),
        ('print("os._exit(0)")\n', b"", False),
        ("from os import _exit\nprint(1)\n", b"", False),  # imported, never called
        ("os._exit(0\n", b"", False),  # no program: it never ran
        ("import os\nprint(1)\nos.write(1, b'')  # not _exit\n", b"", False),  # os's other
        (
            "class Game:\n    def _exit(self):\n        pass\n\n\ng = Game()\ng._exit()\n",
            b"",
            False,
        ),
    ],
)
def test_a_short_output_from_a_program_that_calls_os_exit_is_told_it_was_not_flushed(
    source, got, hinted
):
    """``os._exit`` flushes no buffer: a judge's stdout, a file, loses what was not flushed,
    and the verdict stays WA ("got end of output"); the hint says why."""
    expected = b"1\n2\n"
    hint = failure_hints.os_exit_hint(source, got, expected)
    assert hint == ([failure_hints.OS_EXIT_HINT] if hinted else [])


@pytest.mark.parametrize(
    ("source", "hinted"),
    [
        ('import os, re\nprint(re.findall("\\d", "1"))\nos._exit(0)\n', True),
        ("x = 1" + " + 1" * 100_000 + "\nos._exit(0)\n", False),  # too deep for the parser
    ],
)
def test_the_os_exit_hint_reads_a_source_as_the_kit_does_without_a_warning_or_a_crash(
    source, hinted
):
    """Reading the source for the hint printed its SyntaxWarning (an invalid escape, ``"\\d"``)
    into the kit's output, and one nested deeper than the parser follows raised
    RecursionError or MemoryError out of a wrong answer's hints."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        hint = failure_hints.os_exit_hint(source, b"", b"1\n")
    assert hint == ([failure_hints.OS_EXIT_HINT] if hinted else [])
    assert said == []

"""kit.building.report: what the build prints, from results made by hand: the progress line, the
table (stand-in marks, a span for interactive problems without an interactor), ``-v`` verdict lines,
``--diff`` with what a terminal hides made visible, the games of a problem timed per move, the
notes for CRLF samples, and colour only when asked (``kit.terminal`` says when)."""

import dataclasses

import pytest

from kit.building import report
from kit.building.results import Result, Status
from kit.judges.difference_messages import quoted
from kit.judges.targets import parse_target, stand_in
from kit.launcher import STDERR_HEAD, STDERR_KEPT, kept_stderr
from kit.processes import Kept
from kit.registry import load_registry
from kit.run.cases import Column, Failure, Ran, Verdict
from kit.run.process import Timing
from kit.run.verdicts import NO_ANSWER, WITHOUT_ANSWER


def toy_sum(root):
    return load_registry(root)["toy_sum"]


def column(name, seconds=(), peak_mib=0, static_only=False):
    target = parse_target(name)
    return Column(
        target,
        stand_in([target]),
        static_only=static_only,
        slowest=Timing(list(seconds)),
        peak_kib=peak_mib * 1024,
    )


def passed(problem, columns, total=1, verdicts=()):
    ran = Ran(columns, total=total, verdicts=list(verdicts))
    return Result(problem, bundle_bytes=2048, columns=columns, ran=ran)


# --- the progress line and the table -------------------------------------------------------


def test_a_passing_problem_s_progress_line_gives_size_cases_and_slowest_times(toy):
    columns = [column("cpython3.8", [0.25, 0.5]), column("pypy3", [0.125])]
    lines = report.progress(1, 2, passed(toy_sum(toy), columns))
    assert lines == [
        "[1/2] toy_sum            ok          bundle 2.0 KiB; 1/1 cases; "
        "slowest 3.8 0.500 s, pypy3 0.125 s"
    ]


@pytest.mark.parametrize(
    ("cut", "shown"), [(40, "40 bytes"), (102, "102 bytes"), (2048, "2.0 KiB")]
)
def test_unreached_helper_code_cut_is_never_shown_as_nothing(toy, cut, shown):
    result = passed(toy_sum(toy), [column("cpython3.8", [0.25])])
    result.unreachable_bytes = cut
    (line,) = report.progress(1, 1, result)
    assert f"bundle 2.0 KiB ({shown} of unreached helper code cut); " in line


def test_a_problem_without_its_solution_names_the_missing_file(toy):
    result = Result(toy_sum(toy), status=Status.NO_SOLUTION)
    assert report.progress(3, 3, result) == [
        "[3/3] toy_sum            no solution solutions/toy_sum.py does not exist yet"
    ]


def test_a_watch_line_without_the_solution_names_the_missing_file_as_the_build_does(toy):
    """A save that removed the solution for a moment said ``toy_sum no solution (built in
    0.00 s)``, no file named, where the build's line names it."""
    result = Result(toy_sum(toy), status=Status.NO_SOLUTION)
    line = report.watch_line(result, 0.004)
    assert line[8:] == (
        " toy_sum no solution: solutions/toy_sum.py does not exist yet (built in 0.00 s)"
    )
    assert report.progress(1, 1, result)[0].endswith(
        "no solution solutions/toy_sum.py does not exist yet"
    )


def test_a_failure_s_lines_follow_its_progress_line(toy):
    result = Result(toy_sum(toy))
    result.fail("solutions/toy_sum.py:3: syntax error", ["detail"])
    lines = report.progress(1, 1, result)
    assert lines[0].startswith("[1/1] toy_sum            FAIL") and lines[0].endswith("not built")
    assert lines[1:] == ["toy_sum: solutions/toy_sum.py:3: syntax error", "    detail"]


def test_a_watch_shows_a_failure_s_heading_only_with_its_lines_and_says_what_it_left_out(toy):
    """The watch cut a build's errors at five lines: a game's third failure ended on its
    transcript's heading with none of its lines, and the failures after it went unsaid."""
    result = Result(toy_sum(toy))
    heading = "last lines exchanged (> from the solution, < to it):"
    for case in (1, 2, 3):
        result.fail(f"sample-{case}.in: judge error: interactor failed", [heading, f"  < {case}"])
    assert report.watch_errors(result) == [
        "toy_sum: sample-1.in: judge error: interactor failed", f"    {heading}", "      < 1",
        "toy_sum: sample-2.in: judge error: interactor failed",
        "[5 more lines, 1 more error: the build without --watch shows them all]",
    ]  # fmt: skip


def test_a_watch_shows_every_error_line_when_they_fit(toy):
    result = Result(toy_sum(toy))
    result.fail("sample-1.in: wrong answer", ["expected 3", "got 4"])
    assert report.watch_errors(result) == result.errors


def test_the_table_has_a_column_per_target_and_marks_a_stand_in(toy):
    columns = [column("cpython3.8", [0.5, 0.25], peak_mib=10), column("pypy3", static_only=True)]
    text = report.table([passed(toy_sum(toy), columns)])
    header, rule, row = text.splitlines()
    assert header.split("  ")[0] == "problem" and "3.8 med/max, peak" in header
    assert "pypy3 med/max, peak" in header and rule == "-" * len(header)
    assert row.split() == [
        "toy_sum", "batch", "2.0", "KiB", "1/1", "0.375/0.500", "s", "10.0", "MiB", "*",
        "1", "s,", "64", "MiB", "ok",
    ]  # fmt: skip


def test_a_column_whose_runs_were_all_killed_shows_no_peak_rather_than_zero(toy):
    columns = [column("cpython3.8", [3.0]), column("pypy3", [0.5], peak_mib=40)]
    row = report.table([passed(toy_sum(toy), columns)]).splitlines()[2]
    assert "3.000/3.000 s     -      0.500/0.500 s  40.0 MiB" in row


@pytest.mark.parametrize(
    ("peak_mib", "cells"),
    [
        (272.9, ["0.016/0.016 s  272.9 MiB", "0.500/0.500 s   40.0 MiB"]),
        (1234.5, ["0.016/0.016 s  1234.5 MiB", "0.500/0.500 s    40.0 MiB"]),
    ],
)
def test_a_peak_of_100_mib_or_more_keeps_the_gap_and_the_column_s_alignment(toy, peak_mib, cells):
    """A peak of 272.9 MiB took the space before it: ``0.016/0.016 s 272.9 MiB``."""
    columns = [column("cpython3.8", [0.016], peak_mib=peak_mib), column("pypy3", [0.5], 40)]
    row = report.table([passed(toy_sum(toy), columns)]).splitlines()[2]
    assert f"{cells[0]}  {cells[1]}" in row, row


def test_a_column_whose_cases_all_failed_shows_its_peak_without_a_time(toy):
    columns = [column("cpython3.8", peak_mib=12), column("pypy3", static_only=True)]
    row = report.table([passed(toy_sum(toy), columns)]).splitlines()[2]
    assert row.split()[5:8] == ["-", "12.0", "MiB"], row


def test_an_interactive_problem_without_an_interactor_spans_the_cases_and_targets(toy):
    echo = dataclasses.replace(load_registry(toy)["toy_echo"], interactor=None)
    result = Result(echo, bundle_bytes=1024, columns=[column("cpython3.8")])
    row = report.table([result]).splitlines()[2]
    assert f"1.0 KiB  {report.INTERACTIVE}" in row and row.endswith("1 s, 64 MiB  ok")


def test_more_targets_than_fit_side_by_side_give_a_row_per_problem_and_target(toy):
    """Problems of several judges: a column per target made 187 characters for five; past
    WIDE_TARGETS, each problem's own targets in rows of their own, under one timing column."""
    problem = toy_sum(toy)
    first = passed(problem, [column("cpython3.13", [0.5], 10), column("pypy3.10", [0.25], 50)])
    second = passed(problem, [column("cpython3.8", [0.125], 9)])
    header, rule, *rows = report.table([first, second]).splitlines()
    assert header.split() == [
        "problem", "kind", "bundle", "cases", "target", "med/max,", "peak", "limits", "result"
    ]  # fmt: skip
    assert rows[0].split()[:6] == ["toy_sum", "batch", "2.0", "KiB", "1/1", "3.13"]
    assert rows[0].endswith("1 s, 64 MiB  ok") and "0.500/0.500 s  10.0 MiB" in rows[0]
    assert rows[1].split() == ["pypy3.10", "0.250/0.250", "s", "50.0", "MiB"]
    assert rows[1].index("pypy3.10") == header.index("target")
    assert rows[2].split()[5:9] == ["3.8", "0.125/0.125", "s", "9.0"] and len(rows) == 3
    two = report.table([second, passed(problem, [column("pypy3", [0.25])])]).splitlines()
    assert "3.8 med/max, peak" in two[0] and "pypy3 med/max, peak" in two[0]  # side by side


def test_labels_are_every_target_in_order_of_appearance(toy):
    problem = toy_sum(toy)
    first = passed(problem, [column("cpython3.8"), column("pypy3")])
    second = passed(problem, [column("cpython3.13"), column("cpython3.8")])
    assert report.labels([first, second]) == ["3.8", "pypy3", "3.13"]


# --- -v and --diff -----------------------------------------------------------------------------


def test_verbose_lines_give_each_verdict_and_what_an_accepting_checker_said(toy):
    verdicts = [
        Verdict("samples/toy_sum/sample-1.in", "3.8", "ok", 0.01, "fine"),
        Verdict("samples/toy_sum/sample-1.in", "pypy3", "WA", 0.02),
        Verdict("samples/toy_sum/sample-2.in", "3.8", "ok", 0.2, alone=False),
    ]
    result = passed(toy_sum(toy), [column("cpython3.8")], verdicts=verdicts)
    assert report.verdicts(result) == [
        "    ok   samples/toy_sum/sample-1.in  3.8  0.010 s  (fine)",
        "    WA   samples/toy_sum/sample-1.in  pypy3  0.020 s",
        "    ok   samples/toy_sum/sample-2.in  3.8  0.200 s beside another run",
    ]


def test_a_verbose_line_of_a_case_without_answer_never_says_ok(toy):
    """A lone sample-2.in that ran cleanly passed the build's count, but nothing judged its
    output: its word is ``without answer`` (as ``run`` says), where it was ``ok``."""
    verdicts = [Verdict("samples/toy_sum/sample-2.in", "3.8", "ok", 0.026, NO_ANSWER)]
    result = passed(toy_sum(toy), [column("cpython3.8")], verdicts=verdicts)
    assert report.verdicts(result) == [
        f"    {WITHOUT_ANSWER} samples/toy_sum/sample-2.in  3.8  0.026 s  ({NO_ANSWER})"
    ]
    (painted,) = report.verdicts(result, colour=True)
    assert painted.startswith(f"    \x1b[33m{WITHOUT_ANSWER}\x1b[0m ")


def failed_result(toy, expected: bytes, got: bytes) -> Result:
    problem = toy_sum(toy)
    source = problem.samples_dir / "sample-1.in"
    failure = Failure(
        "samples/toy_sum/sample-1.in", ["3.8"], "wrong answer", [], source, expected, got, "WA"
    )
    return Result(problem, status="FAIL", ran=Ran([], total=1, failures=[failure]))


def test_diff_of_long_outputs_starts_a_little_before_their_first_difference(toy):
    """Both cut at their first 2000 characters, two outputs differing near the end of 50,000
    lines looked alike; the excerpts now start two lines before the difference."""
    expected = "".join(f"{i}\n" for i in range(50000)).encode()
    got = expected.replace(b"\n49990\n", b"\n-1\n")
    lines = report.diffs(failed_result(toy, expected, got))
    start = lines.index(next(line for line in lines if line.startswith("expected:")))
    assert lines[start].startswith("expected: (characters ") and lines[start + 1 : start + 4] == [
        "    49988",
        "    49989",
        "    49990",
    ]
    at = lines.index(next(line for line in lines if line.startswith("got:")))
    assert lines[at + 3] == "    -1" and lines[at].endswith(f"of {len(got)})")
    one_line = failed_result(toy, b"x" * 50000 + b"a", b"x" * 50000 + b"b")
    (head,) = [line for line in report.diffs(one_line) if line.startswith("got:")]
    assert head == "got: (characters 49501-50001 of 50001)"


def test_diff_of_a_crlf_answer_starts_each_text_before_the_line_that_differs(toy):
    """An answer with CRLF endings, a solution's with LF and line 701 wrong: the first raw
    difference was the first line's ``\\r``, so neither excerpt held line 701, and one offset
    for both texts put them at different lines."""
    expected = "".join(f"{i}\r\n" for i in range(1000)).encode()
    got = "".join(f"{-1 if i == 700 else i}\n" for i in range(1000)).encode()
    lines = report.diffs(failed_result(toy, expected, got))
    at = lines.index(next(line for line in lines if line.startswith("expected:")))
    assert lines[at + 1 : at + 4] == ["    698\\r", "    699\\r", "    700\\r"]
    at = lines.index(next(line for line in lines if line.startswith("got:")))
    assert lines[at + 1 : at + 4] == ["    698", "    699", "    -1"]


def test_diff_shows_carriage_returns_tabs_and_a_missing_final_newline(toy):
    result = failed_result(toy, b"6\r\n6\r\nend\tof\r\n", b"6\n6\nend\tof")
    assert report.diffs(result) == [
        "--- samples/toy_sum/sample-1.in (3.8): wrong answer",
        "input:",
        "    1 2 3",
        "    ",
        "    10 -4",
        "expected:",
        "    6\\r",
        "    6\\r",
        "    end\\tof\\r",
        "got:",
        "    6",
        "    6",
        "    end\\tof",
        "    (no newline at end)",
    ]


def test_diff_shows_what_the_solution_wrote_on_stderr_unless_it_crashed(toy):
    """Its debug lines beside its wrong answer (as ``oj t`` shows them); a crash's traceback
    is already told with the failure."""
    result = failed_result(toy, b"6\n", b"7\n")
    result.ran.failures[0].stderr = b"dbg n= 150000\n"
    assert report.diffs(result)[-2:] == ["stderr:", "    dbg n= 150000"]
    result.ran.failures[0].word = "RE"
    assert "stderr:" not in report.diffs(result)
    result.ran.failures[0].word, result.ran.failures[0].stderr = "WA", b" \n"
    assert "stderr:" not in report.diffs(result)
    # an output limit's traceback (EFBIG) is told with the failure in the sources' terms: its
    # raw text named the bundle's temporary copy
    result.ran.failures[0].word = "OLE"
    result.ran.failures[0].stderr = (
        b'Traceback (most recent call last):\n  File "/w/dist/.a.x1/a.py", line 7\n'
        b"OSError: [Errno 27] File too large\n"
    )
    assert "stderr:" not in report.diffs(result)


def test_diff_says_the_lines_of_stderr_not_kept_where_the_watch_said_bytes(toy):
    """A run's debug lines around one of 10 MB, beside its wrong answer: ``--diff`` showed
    the watch's raw ``[... 10000001 bytes of stderr not kept ...]``, a figure without
    separators and in bytes, where every other view says the lines not kept."""
    result = failed_result(toy, b"6\n", b"7\n")
    written = b"a\n" + b"x" * 10**7 + b"\nb\n"
    kept = kept_stderr(written[:STDERR_HEAD], written[-STDERR_KEPT:], len(written))
    result.ran.failures[0].stderr = Kept.of(kept, written.count(b"\n"), written[-1:])
    assert report.diffs(result)[-4:] == ["stderr:", "    a", "      [... 1 line not kept]", "    b"]
    many = Kept(b"a\n  [... 9 bytes of stderr not kept ...]\nb\n", lines_not_kept=1_233)
    result.ran.failures[0].stderr = many
    assert report.diffs(result)[-2] == "      [... 1,234 lines not kept]"


def test_diff_splits_at_newlines_only_and_marks_other_controls_and_empty_output(toy):
    result = failed_result(toy, b"a\rb\x1b[0m\n", b"")
    lines = report.diffs(result)
    assert lines[lines.index("expected:") + 1 :] == ["    a\\rb\\x1b[0m", "got:", "    (empty)"]


def test_diff_shows_a_byte_that_is_not_utf_8_as_the_message_does(toy):
    """Shown as ``\\ufffd`` (three bad bytes alike) while the message said ``\\xff``: each
    is ``\\xff`` in ``--diff`` too, its stderr's included."""
    result = failed_result(toy, "é\n".encode(), b"\xff\xfe\xfd\xc3\n")
    result.ran.failures[0].stderr = b"dbg \x80\n"
    lines = report.diffs(result)
    assert lines[lines.index("got:") + 1] == "    \\xff\\xfe\\xfd\\xc3"
    assert lines[lines.index("expected:") + 1] == "    é"
    assert lines[-2:] == ["stderr:", "    dbg \\x80"]


def test_diff_shows_a_nul_and_a_backslash_as_the_message_does(toy):
    """A NUL was ``\\u2400`` under a message saying ``\\x00``, and the text ``\\xff`` (four
    characters) looked like the byte 0xff."""
    result = failed_result(toy, b"1 2 3\n", b"1 \xff\x00 \\xff 3\n")
    lines = report.diffs(result)
    assert lines[lines.index("got:") + 1] == "    1 \\xff\\x00 \\\\xff 3"  # the message's
    assert quoted(b"1 \xff\x00 \\xff 3") == "'1 \\xff\\x00 \\\\xff 3'"


def test_a_long_text_is_cut_and_says_so(toy):
    got = b"x" * (report.DIFF_CHARS + 5)
    lines = report.diffs(failed_result(toy, b"1\n", got))
    assert f"got: (first {report.DIFF_CHARS} of {report.DIFF_CHARS + 5} characters)" in lines
    assert lines[-1] == "    " + "x" * report.DIFF_CHARS


def test_the_head_kept_of_a_run_over_the_output_limit_is_not_told_as_all_it_wrote(toy):
    """A run stopped past 64 MiB left a 64 KiB head: "first 2000 of 65536 characters" read as
    if it had written 65536."""
    result = failed_result(toy, b"1\n", b"1\n" * 32768)
    result.ran.failures[0].word, result.ran.failures[0].got_cut = "OLE", True
    lines = report.diffs(result)
    assert "got: (first 2000 of the first 65536 characters kept)" in lines
    result.ran.failures[0].got_cut = False  # over a limit counting stderr: its stdout whole
    assert "got: (first 2000 of 65536 characters)" in report.diffs(result)


def test_shown_lines_split_at_newlines_only():
    assert report.shown_lines("a\r\nb\rc\n\n\x00\x7f") == [
        "a\\r",
        "b\\rc",
        "",
        "\\x00\\x7f",
    ]


# --- games timed per move -------------------------------------------------------------------


def test_games_timed_per_move_add_their_moves_and_keep_the_longest_think(toy):
    echo = dataclasses.replace(
        load_registry(toy)["toy_echo"], interactor="interactor.py", game_timeout=30.0
    )
    said = [
        "accepted in 2 moves, longest think 0.75 s",
        "accepted in 40 moves, longest think 0.5 s",
    ]
    verdicts = [Verdict(f"g{i}", "3.8", "ok", 1.0, text) for i, text in enumerate(said)]
    verdicts.append(Verdict("g9", "3.8", "WA", 1.0, "in 100 moves, longest think 9 s"))
    result = passed(echo, [column("cpython3.8", [1.0])], total=3, verdicts=verdicts)
    assert report.per_move(result)
    assert report.games_summary(result, "3.8") == (42, 0.75)
    assert report.games_cell(result, "3.8") == "42 moves, think 0.750 s"
    assert report.games_line(result) == "; longest think 3.8 0.750 s (42 moves)"
    assert not report.per_move(passed(toy_sum(toy), []))


# --- notes --------------------------------------------------------------------------------------


def test_an_answer_alone_with_crlf_gets_its_own_note(toy):
    out = toy / "samples" / "toy_sum" / "sample-1.out"
    out.write_bytes(out.read_bytes().replace(b"\n", b"\r\n"))
    notes = [line for line in report.notes([Result(toy_sum(toy))]) if "CRLF" in line]
    assert notes == [
        "toy_sum: note: CRLF (\\r\\n) line ends in samples/toy_sum/sample-1.out: answers are "
        "compared without their \\r, except by a checker (dos2unix converts them)"
    ]


@pytest.mark.parametrize("reads", [True, False])
def test_an_empty_input_is_noted_only_where_the_solution_reads_stdin(toy, reads):
    """Kattis' hello reads nothing: its empty input is no paste that did not happen."""
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"")
    result = Result(toy_sum(toy), reads_stdin=reads)
    noted = [line for line in report.notes([result]) if "whitespace" in line]
    assert len(noted) == reads


def test_lf_samples_get_no_note(toy):
    assert not [line for line in report.notes([Result(toy_sum(toy))]) if "CRLF" in line]


def test_a_target_decided_statically_is_noted_only_when_cases_ran(toy):
    """A stand-in that cannot run the bundle is noted beside the cases that ran; when the
    checks failed and nothing ran, the failure says why: no note may claim that the target
    accepts the bundle, nor that cases ran under the stand-in."""
    unrun = dataclasses.replace(column("pypy3.11", static_only=True), unrun="x.py:1: too new")
    ran = passed(toy_sum(toy), [column("cpython3.13", [0.1]), unrun])
    (note,) = [line for line in report.notes([ran]) if "pypy3.11" in line]
    assert "decided statically" in note and "(for " in note and "x.py:1: too new" in note
    failed = Result(toy_sum(toy), Status.FAIL, columns=[column("cpython3.13"), unrun])
    (note,) = [line for line in report.notes([failed]) if "pypy3.11" in line]
    assert note == (
        "note: * pypy3.11: no interpreter of that version here; syntax and APIs were checked "
        "statically"
    )


def test_a_target_whose_older_stand_in_was_passed_over_names_it_and_why(toy):
    over = dataclasses.replace(
        column("pypy3.10", [0.1], static_only=True), passed_over=("PyPy 3.9", "x.py:1: too new")
    )
    ran = passed(toy_sum(toy), [over])
    (note,) = [line for line in report.notes([ran]) if "PyPy 3.9" in line]
    assert note == (
        f"note: toy_sum: pypy3.10's cases ran under {over.runner.interpreter.label}: PyPy 3.9 "
        "here is older and cannot run the bundle, which pypy3.10's syntax and APIs accept "
        "(for PyPy 3.9: x.py:1: too new)"
    )


def test_no_case_passed_where_no_target_ran_one():
    assert Ran([], total=3).passed == 0
    assert Ran([column("pypy3.10")], total=3).passed == 3


def test_a_target_checked_statically_is_one_note_when_one_problem_ran_and_one_did_not(toy):
    """Two notes named the same target, one "checked statically" (the problem whose checks
    failed), one "and the cases ran under" (the problem that ran): the second says it all."""
    static = column("pypy3.11", static_only=True)
    ran = passed(toy_sum(toy), [column("cpython3.13", [0.1]), static])
    failed = Result(toy_sum(toy), Status.FAIL, columns=[column("cpython3.13"), static])
    for results in ([failed, ran], [ran, failed]):
        (note,) = [line for line in report.notes(results) if "pypy3.11" in line]
        assert note.startswith("note: * pypy3.11: ") and ", and the cases ran under " in note


def test_a_pypy_target_run_by_cpython_is_said_to_have_no_pypy_time_or_memory(toy):
    """With no PyPy here its cases run under CPython: the answers stand for PyPy's, the time
    and memory do not (a whole-process 100 MiB limit: MLE under PyPy, ok under CPython)."""
    from kit.judges.targets import Runner, host

    pypy = parse_target("pypy3.10")
    stood_in = Column(pypy, Runner(pypy, host(), False), True, slowest=Timing([0.1]))
    result = passed(toy_sum(toy), [column("cpython3.13", [0.1]), stood_in])
    (note,) = [line for line in report.notes([result]) if "pypy3.10" in line]
    assert f"the cases ran under {host().label}, whose time and memory are not PyPy's" in note
    pypy_here = dataclasses.replace(host(), impl="pypy")
    other = Column(pypy, Runner(pypy, pypy_here, False), True, slowest=Timing([0.1]))
    (note,) = [line for line in report.notes([passed(toy_sum(toy), [other])]) if "pypy3.10" in line]
    assert "not PyPy's" not in note  # an older PyPy stands in: its own kind


def test_a_newer_stand_in_is_said_not_to_catch_what_only_the_target_refuses(toy):
    """pypy3.8's cases under PyPy 3.9: ``ok`` for ``dict | dict``, a TypeError under 3.8, with
    a note that said only that the cases ran there."""
    from kit.judges.targets import Runner, host

    older = parse_target("cpython3.8")
    stood_in = Column(older, Runner(older, host(), False), True, slowest=Timing([0.1]))
    (note,) = [line for line in report.notes([passed(toy_sum(toy), [stood_in])]) if "* " in line]
    said = f"; {host().label} is newer: code that runs there and not on the target is missed"
    assert note.endswith(said)
    same = dataclasses.replace(host(), version=(3, 8))
    exact = Column(older, Runner(older, same, False), True, slowest=Timing([0.1]))
    (note,) = [line for line in report.notes([passed(toy_sum(toy), [exact])]) if "* " in line]
    assert "newer" not in note


def test_a_note_for_several_targets_names_those_each_clause_holds_for(toy):
    """One stand-in for cpython3.13, pypy3.11 and pypy3.10 (no interpreter here): "not PyPy's"
    and "is newer" were said of all three, true of two and of one."""
    from kit.judges.targets import Runner, host

    names = ["cpython3.13", "pypy3.11", "pypy3.10"]
    columns = [
        Column(t, Runner(t, dataclasses.replace(host(), version=(3, 11)), False), True)
        for t in map(parse_target, names)
    ]
    for each in columns:
        each.slowest = Timing([0.1])
    (note,) = [line for line in report.notes([passed(toy_sum(toy), columns)]) if "* " in line]
    assert note.startswith("note: * cpython3.13, pypy3.11, pypy3.10: no interpreter")
    assert "(PyPy alone holds about 50 MiB): the TLE and MLE of pypy3.11, pypy3.10, or" in note
    assert note.endswith(" is newer than pypy3.10: code that runs there and not on it is missed")


def test_the_note_on_how_times_were_taken_keeps_each_schedule_s_figures():
    """Combined, the slowest cases' count was taken as the runs of each re-timed case ("re-timed
    alone, once" after three runs), and the slowest cases timed alone went unsaid."""
    from types import SimpleNamespace

    from kit.run.schedule import Schedule

    schedules = [Schedule(2, retimed_near_limit=1, runs=3, retimed_slowest=1), Schedule(2)]
    results = [SimpleNamespace(ran=SimpleNamespace(schedule=s)) for s in schedules]
    assert report._how_timed(results) == [
        "note: times: verdicts with 2 cases at a time; the slowest case of each target timed "
        "again alone; 1 run(s) over half the limit re-timed alone, the median of 3 deciding"
    ]

"""kit.run.tracebacks: a run's stderr told in the author's terms: the solution's frames in its
own lines, a helper's frame with the line of code Python could not show, the bundle's loader
as one line, a long traceback cut to its last frames and the solution's own deepest, a long
stderr to its last lines, control characters shown."""

from kit.launcher import STDERR_HEAD, STDERR_KEPT, kept_stderr
from kit.processes import Kept
from kit.run.tracebacks import STDERR_LINES, crash_site, explain, kept_text, without_markers
from kit.visible import text_of
from tests.kit.run.case_support import crash


def test_a_crash_in_the_solution_is_told_in_the_solution_s_lines(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    line = bundle.text.splitlines().index("def main():") + 2  # its annotations cut
    stderr = f'Traceback:\n  File "{script}", line {line}, in main\nValueError: x\n'.encode()
    details = explain(problem, bundle, script, stderr)
    written = problem.solution.read_text().splitlines().index("def main() -> None:") + 2
    assert details[1] == f'  File "solutions/toy_sum.py", line {written}, in main'
    elsewhere = b'  File "/usr/lib/python3/x.py", line 3, in f\n'
    assert explain(problem, bundle, script, elsewhere) == [
        '  File "/usr/lib/python3/x.py", line 3, in f'
    ]


def test_a_crash_in_a_helper_shows_the_helper_s_line_of_code(toy_run):
    """Helpers are compiled under their workspace paths, which the run's folder cannot show:
    the kit adds the line Python left out, and only where it left it out."""
    problem, bundle, script, _ = toy_run
    helper = problem.root / "shared" / "toy_numbers.py"
    number, code = next(
        (n, line.strip())
        for n, line in enumerate(helper.read_text().splitlines(), 1)
        if line.startswith("    ") and line.strip()
    )
    frame = f'  File "shared/toy_numbers.py", line {number}, in f'
    shown = explain(problem, bundle, script, f"Traceback:\n{frame}\nValueError: x\n".encode())
    assert shown == ["Traceback:", frame, f"    {code}", "ValueError: x"]
    told = f"{frame}\n    already shown\n".encode()
    assert explain(problem, bundle, script, told) == [frame, "    already shown"]
    beyond = '  File "shared/toy_numbers.py", line 9999, in f'
    outside = '  File "../toy/shared/toy_numbers.py", line 1, in f'
    not_bundled = '  File "problems.toml", line 1, in f'  # a file, not one of the bundle's
    for line in (beyond, outside, not_bundled):
        assert explain(problem, bundle, script, line.encode()) == [line]


def test_a_helper_named_as_the_bundle_is_told_as_the_helper(toy_run):
    """``shared/toy_numbers.py`` in a bundle named ``toy_numbers.py``: the helper's frame is
    neither the loader's nor the bundle's own line."""
    problem, bundle, script, _ = toy_run
    named_alike = script.with_name("toy_numbers.py")
    frame = '  File "shared/toy_numbers.py", line 1, in <module>'
    shown = explain(problem, bundle, named_alike, f"Traceback:\n{frame}\nValueError: x\n".encode())
    assert shown[:2] == ["Traceback:", frame] and len(shown) == 4, shown


def _frame(file: str, line: int, code: str, carets: bool = False) -> list[str]:
    return [f'  File "{file}", line {line}, in f', f"    {code}"] + (["    ~~~^^^"] * carets)


def test_a_long_traceback_keeps_whole_frames_and_the_solution_s_own(toy_run):
    """The last frames whole (their carets under 3.11+ too), the solution's deepest frame
    before them, the frames left out counted, and the exception."""
    problem, bundle, script, _ = toy_run
    own = _frame("solutions/toy_sum.py", 3, "main()") + _frame("solutions/toy_sum.py", 9, "f(x)")
    helper = [line for n in range(5) for line in _frame("/lib/h.py", n + 1, f"g{n}()", True)]
    stderr = ["Traceback (most recent call last):", *own, *helper, "ValueError: x"]
    shown = explain(problem, None, script, "\n".join(stderr).encode())
    assert shown == [
        "Traceback (most recent call last):",
        "  [... 1 frame of solutions/toy_sum.py not shown]",
        *_frame("solutions/toy_sum.py", 9, "f(x)"),
        "  [... 2 frames of /lib/h.py not shown]",
        *helper[-9:],
        "ValueError: x",
    ]
    short = ["Traceback (most recent call last):", *own[2:], "ValueError: x"]
    assert explain(problem, None, script, "\n".join(short).encode()) == short


def test_a_recursion_s_traceback_keeps_the_frame_that_entered_it(toy_run):
    """Python shows a recursion's frame three times, then "[Previous line repeated N more
    times]": the solution's own frame before them is the call that started it, not a fourth
    copy of the recursive frame."""
    problem, bundle, script, _ = toy_run
    entry = _frame("solutions/toy_sum.py", 12, "print(f(10**5))")
    recursive = _frame("solutions/toy_sum.py", 5, "return 1 + f(n - 1)", True)
    repeated = "  [Previous line repeated 996 more times]"
    frames = [*_frame("solutions/toy_sum.py", 15, "main()"), *entry, *recursive * 4, repeated]
    stderr = ["Traceback (most recent call last):", *frames, "RecursionError: x"]
    shown = explain(problem, None, script, "\n".join(stderr).encode())
    assert shown[:-1] == [
        "Traceback (most recent call last):",
        "  [... 1 frame of solutions/toy_sum.py not shown]",
        *entry,
        "  [... 1 frame of solutions/toy_sum.py not shown]",
        *recursive * 3,
        repeated,
        "RecursionError: x",
    ]


def test_only_the_last_lines_of_stderr_are_kept(toy_run):
    problem, bundle, script, _ = toy_run
    stderr = "".join(f"line {n}\n" for n in range(20)).encode()
    assert explain(problem, bundle, script, stderr) == [
        "  [... 14 lines not shown]",
        *(f"line {n}" for n in range(14, 20)),
    ]


def test_control_characters_of_stderr_are_shown_not_sent_to_the_terminal(toy_run):
    """A program's escape sequences would move the cursor over the kit's own lines."""
    problem, bundle, script, _ = toy_run
    stderr = b"\x1b[3A\x1b[J[1/1] spoof ok\r\nnext\tline\x00"
    assert explain(problem, bundle, script, stderr) == [
        "\\x1b[3A\\x1b[J[1/1] spoof ok",
        "next\\tline\\x00",
    ]


def test_a_byte_of_stderr_that_is_not_utf_8_is_shown_as_its_escape(toy_run):
    """As a wrong answer's message shows it, where each was ``\\ufffd`` alike."""
    problem, bundle, script, _ = toy_run
    stderr = b"dbg \xff\xfe\nValueError: \xc3"
    assert explain(problem, bundle, script, stderr) == ["dbg \\xff\\xfe", "ValueError: \\xc3"]


def test_a_traceback_s_backslashes_are_left_as_python_wrote_them(toy_run):
    """Python's escapes and the user's code (``"\\n".join``), not doubled as in an output."""
    problem, bundle, script, _ = toy_run
    stderr = b'  File "x.py", line 1\n    print("\\n".join(a))\nValueError: \'1\\r\'\x01\n'
    assert explain(problem, None, script, stderr)[1:] == [
        '    print("\\n".join(a))',
        "ValueError: '1\\r'\\x01",
    ]


def test_debug_output_before_a_long_traceback_is_said_to_be_left_out(toy_run):
    """The lines a program wrote before it crashed are counted in their place, and the
    traceback keeps its header."""
    problem, bundle, script, _ = toy_run
    frames = [line for n in range(4) for line in _frame("/lib/h.py", n + 1, f"g{n}()")]
    debug = ["debug 1", "debug 2", "debug 3"]
    stderr = [*debug, "Traceback (most recent call last):", *frames, "IndexError: x"]
    shown = explain(problem, None, script, "\n".join(stderr).encode())
    assert shown[:3] == [
        "  [... 3 lines not shown]",
        "Traceback (most recent call last):",
        "  [... 1 frame of /lib/h.py not shown]",
    ]
    assert shown[-1] == "IndexError: x"


def test_the_lines_of_stderr_not_kept_are_counted_with_those_not_shown(toy_run):
    """A run that wrote a million lines, then raised: the watch kept whole lines of its head
    and tail (``Kept``); the lines it did not keep are counted with the kept ones left out,
    as ``summary_line`` counts them, and a view that left none out says them alone."""
    problem, bundle, script, _ = toy_run
    debug = [f"debug {n}" for n in range(8161)]
    frames = _frame("/lib/h.py", 1, "g()")
    stderr = "\n".join([*debug, "Traceback (most recent call last):", *frames, "IndexError: x"])
    shown = explain(problem, None, script, Kept(stderr.encode(), lines_not_kept=991_808))
    assert shown[:2] == [
        "  [... 8,161 lines not shown; 991,808 lines not kept]",
        "Traceback (most recent call last):",
    ]
    lines = "".join(f"line {n}\n" for n in range(20)).encode()
    assert explain(problem, None, script, Kept(lines, lines_not_kept=5))[0] == (
        "  [... 14 lines not shown; 5 lines not kept]"
    )
    assert explain(problem, None, script, Kept(lines))[0] == "  [... 14 lines not shown]"


def _launcher_kept(stderr: bytes) -> Kept:
    """``stderr`` as a run's watch keeps it: its head and tail, the launcher's marker between
    them, its lines not kept counted (``kit.run.process.kept_stderr``)."""
    head, tail = stderr[:STDERR_HEAD], stderr[STDERR_HEAD:][-STDERR_KEPT:]
    kept = kept_stderr(head, tail, len(stderr))
    return Kept.of(kept, stderr.count(b"\n"), stderr[-1:])


def test_the_lines_not_kept_are_counted_where_the_launcher_left_them_out(toy_run):
    """A run wrote ten lines of 30 KB and exited: the view said "[... 6 lines not kept]" above
    line 0 and the launcher's marker of bytes after it; the seven lines left out (1 to 7) are
    counted where they were, in the marker's place, with the lines left out there."""
    problem, bundle, script, _ = toy_run
    wide = b"".join(b"line %d " % n + b"x" * 30_000 + b"\n" for n in range(10))
    shown = explain(problem, None, script, _launcher_kept(wide))
    assert [line[:7] for line in shown] == ["line 0 ", "  [... ", "line 8 ", "line 9 "]
    assert shown[1] == "  [... 7 lines not kept]"
    many = b"".join(b"debug %d\n" % n for n in range(300_000)) + b"the end\n"
    shown = explain(problem, None, script, _launcher_kept(many))
    kept = len(_launcher_kept(many).splitlines()) - 1  # the marker's line not among them
    assert (
        shown[0]
        == f"  [... {kept - STDERR_LINES:,} lines not shown; {300_001 - kept:,} lines not kept]"
    )
    assert shown[-1] == "the end"
    frames = "".join(f"{line}\n" for n in range(9000) for line in _frame("/lib/h.py", n, "g()"))
    deep = f"Traceback (most recent call last):\n{frames}RecursionError: x\n".encode()
    shown = explain(problem, None, script, _launcher_kept(deep))
    kept = _launcher_kept(deep).count(b'File "') - 3  # whole: the header, frames, exception
    assert shown[:2] == [
        "Traceback (most recent call last):",
        f"  [... {kept:,} frames of /lib/h.py not shown; {18_002 - kept * 2 - 8:,} lines not kept]",
    ]
    alone = Kept(b"a\n  [... 9 bytes of stderr not kept ...]\nb\n", lines_not_kept=1)
    assert explain(problem, None, script, alone) == ["a", "  [... 2 lines not kept]", "b"]


def test_one_long_line_kept_in_part_is_not_counted_as_a_line_not_kept(toy_run):
    """``sys.stderr.write("x" * 10**7)``, then a crash: the view said "[... 1 line not shown;
    1 line not kept]" above the traceback, where the one line was kept in part (its head, cut),
    and none was left out whole."""
    problem, bundle, script, _ = toy_run
    frames = "".join(f"{line}\n" for line in _frame("/lib/h.py", 1, "g()"))
    crash = f"Traceback (most recent call last):\n{frames}IndexError: x\n".encode()
    for written in (b"x" * 10**7 + crash, b"x" * 10**7 + b"\n" + crash):
        shown = explain(problem, None, script, _launcher_kept(written))
        assert shown[0].startswith("xxxx") and shown[1] == "Traceback (most recent call last):"
        assert not [line for line in shown if "not kept" in line]


def test_kept_text_says_the_launcher_s_line_as_the_lines_not_kept():
    """The raw line said bytes without separators (``[... 231872 bytes of stderr not kept
    ...]``), where the views say lines (``--diff``'s stderr: ``kit.building.report``)."""
    kept = Kept(b"a\n  [... 231872 bytes of stderr not kept ...]\nb\n", lines_not_kept=8_166)
    assert kept_text(kept) == "a\n  [... 8,167 lines not kept]\nb\n"
    assert kept_text(b"a\xff\n") == text_of(b"a\xff\n")  # as the views read it


def test_the_frames_left_out_are_said_with_the_files_they_are_in(toy_run):
    """A crash in a helper said "[... 1 frame not shown]", which could be read as the kit
    hiding the solution's code: the files are named, in order, the bundle's loader as such, at
    most three."""
    problem, bundle, script, _ = toy_run
    own = [line for n in (1, 2) for line in _frame("solutions/toy_sum.py", n, "f()")]
    helper = [line for n in range(4) for line in _frame("shared/toy_numbers.py", n + 1, "h()")]
    stderr = "\n".join(["Traceback:", *own, *helper, "ValueError: x"])
    assert explain(problem, bundle, script, stderr.encode())[:5] == [
        "Traceback:",
        "  [... 1 frame of solutions/toy_sum.py not shown]",
        *own[2:],
        "  [... 1 frame of shared/toy_numbers.py not shown]",
    ]
    loader = f'  File "{script}", line {bundle.entry_first_line - 3}, in <module>'
    files = ["/lib/a.py", "/lib/b.py", "/lib/a.py", "/lib/c.py"]
    frames = [line for n, file in enumerate(files) for line in _frame(file, n + 1, "g()")]
    stderr = "\n".join(["Traceback:", loader, *frames, *own[2:], *helper[4:], "ValueError: x"])
    assert explain(problem, bundle, script, stderr.encode())[:2] == [
        "Traceback:",
        "  [... 5 frames of the bundle's loader, /lib/a.py, /lib/b.py, ... not shown]",
    ]


def test_the_bundle_s_loader_frames_become_one_line(toy_run):
    """A helper failing on import fails inside the loader the bundle runs first: its frames,
    with or without their lines of code, are one line; the solution's and helpers' stay."""
    problem, bundle, script, _ = toy_run
    loader = bundle.entry_first_line - 3
    helper = '  File "shared/toy_numbers.py", line 1, in <module>'
    importing = '  File "<frozen importlib._bootstrap>", line 690, in _load_unlocked'
    for code in ([], ["    _kit_load(("]):
        frames = [f'  File "{script}", line {loader}, in <module>', *code, importing]
        frames += [f'  File "{script}", line {loader + 1}, in exec_module', *code]
        stderr = "\n".join(["Traceback:", *frames, helper, "    X = 1", "ValueError: x"])
        shown = explain(problem, bundle, script, stderr.encode())
        assert shown == [
            "Traceback:",
            "  (the bundle loading its helpers)",
            helper,
            "    X = 1",
        ] + ["ValueError: x"]


def test_without_markers_leaves_a_traceback_as_pypy_prints_it():
    """Only the lines of 3.11+'s position markers go: code holding a ``^`` or ``~`` stays."""
    marked = ['  File "a.py", line 3, in f', "    x = a ^ ~b", "        ~~^~~~", "            ^^^^"]
    assert without_markers([*marked, "ValueError: ^"]) == [*marked[:2], "ValueError: ^"]


def test_a_crash_s_site_is_its_exception_s_type_at_its_last_frame():
    """KeyError: 7 and KeyError: 6 from one line of a helper were told as two failures."""
    assert crash_site(crash(7)) == crash_site(crash(6)) == "KeyError at shared/x.py, line 25"
    assert crash_site(crash(7, line=26)) == "KeyError at shared/x.py, line 26"
    assert (
        crash_site([*crash(7)[:-2], "KeyboardInterrupt"])
        == "KeyboardInterrupt at shared/x.py, line 25"
    )
    assert crash_site(["wrong answer", "  expected 3"]) is None

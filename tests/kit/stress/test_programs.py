"""kit.stress.programs: the user's brute force and generator as commands (``--brute CMD``,
``--gen CMD``): a .py file under the bundle's interpreter, an executable, a name on the PATH,
later words naming files made absolute; their runs as the bundle's, a failure in one line
naming the program and its input or seed, and where a Python one raised."""

import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges.targets import parse_target, stand_in
from kit.registry import load_registry
from kit.run.limits import limits_for
from kit.run.process import TIME, Run
from kit.stress.programs import Program, made_elsewhere, parse_program
from tests.memory_support import traced_peak

RUNNER = stand_in([parse_target("cpython3.8")])


@pytest.fixture
def maxsum(checkout_copy, monkeypatch):
    root = checkout_copy("maxsum")
    monkeypatch.chdir(root)  # CMD is read as a shell would read it, here
    return load_registry(root)["maxsum"]


def test_a_python_file_runs_under_the_bundle_s_interpreter(maxsum):
    """Under it, not isolated (``-I``): the user's own tool keeps the user's PYTHONPATH."""
    program = parse_program("brute/maxsum_brute.py", "--brute", RUNNER, maxsum)
    brute = str(maxsum.root / "brute" / "maxsum_brute.py")
    assert list(program.argv) == [RUNNER.interpreter.executable, *RUNNER.extra_flags, brute]
    assert program.shown == "--brute brute/maxsum_brute.py"
    assert program.named == "--brute 'brute/maxsum_brute.py'"


def test_later_words_naming_files_are_made_absolute(maxsum):
    program = parse_program("python3 brute/maxsum_gen.py -x missing.txt", "--gen", RUNNER, maxsum)
    assert program.argv[1:] == (str(maxsum.root / "brute" / "maxsum_gen.py"), "-x", "missing.txt")
    assert Path(program.argv[0]).name.startswith("python3")


def test_an_executable_file_runs_itself(maxsum):
    script = maxsum.root / "brute" / "run.sh"
    script.write_text("#!/bin/sh\necho 1\n")
    os.chmod(script, 0o755)
    assert parse_program("brute/run.sh", "--brute", RUNNER, maxsum).argv == (str(script),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "--brute: no command given"),
        ("'brute.py", '--brute "\'brute.py": No closing quotation'),
        ("brute/none.py", "--brute 'brute/none.py': no such program: brute/none.py"),
        ("no-such-program-here", "no program no-such-program-here (not a file here, nor on the"),
        ("problems.toml", "--brute 'problems.toml': problems.toml is not executable"),
        # a folder was said not to be there
        ("brute/", "--brute 'brute/': brute/ is a folder, not a program"),
        # a misspelt script: said before anything runs, not as the brute force's crash
        ("python3 brut/maxsum_brute.py", "'python3 brut/maxsum_brute.py': no such file: brut/"),
        ("python3 -X dev nope.py 5", "-X dev nope.py 5': no such file: nope.py (from the current"),
    ],
)
def test_a_command_that_names_nothing_to_run_is_one_line(maxsum, text, message):
    with pytest.raises(BuildError) as caught:
        parse_program(text, "--brute", RUNNER, maxsum)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_script_in_the_home_folder_or_a_folder_that_runs_is_found(maxsum, monkeypatch):
    """``python3 ~/brute.py`` was checked with ``~`` read, then run with it unread; ``python3
    brutedir`` (a folder with ``__main__.py``, which Python runs) was refused."""
    monkeypatch.setenv("HOME", str(maxsum.root / "brute"))
    program = parse_program("python3 ~/maxsum_brute.py", "--brute", RUNNER, maxsum)
    assert program.argv[-1] == str(maxsum.root / "brute" / "maxsum_brute.py")
    (maxsum.root / "brutedir").mkdir()
    (maxsum.root / "brutedir" / "__main__.py").write_text("print(1)\n")
    assert parse_program("python3 brutedir", "--brute", RUNNER, maxsum).argv[-1] == str(
        maxsum.root / "brutedir"
    )


@pytest.mark.parametrize("text", ["python3 -c 'print(1)'", "python3 -m json.tool", "python3 -"])
def test_an_interpreter_without_a_script_is_not_looked_for_one(maxsum, text):
    assert parse_program(text, "--brute", RUNNER, maxsum).argv[1] in ("-c", "-m", "-")


def test_a_brute_force_answers_and_a_generator_prints_the_file_of_its_seed(maxsum, tmp_path):
    limits = limits_for(maxsum, RUNNER)
    brute = parse_program("brute/maxsum_brute.py", "--brute", RUNNER, maxsum)
    assert brute.answer("4\n-1 3 -2 5\n", cwd=tmp_path, limits=limits) == b"6\n"
    gen = parse_program(f"{sys.executable} brute/maxsum_gen.py", "--gen", RUNNER, maxsum)
    first = gen.generate(7, 3, cwd=tmp_path, limits=limits)
    assert first == gen.generate(7, 3, cwd=tmp_path, limits=limits)
    n, values = first.splitlines()
    assert 1 <= int(n) <= 3 and len(values.split()) == int(n)


def in_a_script_folder(problem):
    """The problem with its solution moved to abc300/a.py, beside a helper abc300/mylib.py."""
    folder = problem.root / "abc300"
    folder.mkdir()
    (folder / "mylib.py").write_text("WORD = 'beside'\n")
    problem.solution.rename(folder / "a.py")
    table = problem.root / "problems.toml"
    table.write_text(table.read_text() + 'solution = "abc300/a.py"\n')
    return load_registry(problem.root)[problem.slug]


def test_the_programs_find_what_a_solution_in_a_script_s_folder_finds(maxsum, tmp_path):
    """A brute force, a generator and the stress module's file made again in a fresh process
    import abc300/mylib.py, beside the solution, as ``python abc300/a.py`` does: it was
    ModuleNotFoundError, and the file made again was taken for the same."""
    problem = in_a_script_folder(maxsum)
    limits = limits_for(problem, RUNNER)
    (problem.root / "tool.py").write_text("import sys, mylib\nprint(mylib.WORD, *sys.argv[1:])\n")
    brute = parse_program("tool.py", "--brute", RUNNER, problem)
    assert brute.answer("1\n5\n", cwd=tmp_path, limits=limits) == b"beside\n"
    gen = parse_program("tool.py", "--gen", RUNNER, problem)
    assert gen.generate(7, None, cwd=tmp_path, limits=limits) == "beside 7\n"
    problem.stress.write_text(
        "import mylib\n\n\ndef generate(rng, n):\n    return f'{mylib.WORD} {n}\\n'\n"
    )
    made = made_elsewhere(problem, 7, {"n": 3}, cwd=tmp_path, limits=limits)
    assert made == "beside 3\n"


def test_a_failing_program_is_one_line_with_its_input_or_seed(maxsum, tmp_path):
    limits = limits_for(maxsum, RUNNER)
    brute = parse_program("brute/maxsum_brute.py", "--brute", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        brute.answer("x\n", cwd=tmp_path, limits=limits)
    message = str(caught.value)
    assert message.startswith("--brute 'brute/maxsum_brute.py' failed: runtime error")
    assert message.endswith("(on 'x\\n')")
    (maxsum.root / "bad_gen.py").write_text("import sys\nsys.stdout.buffer.write(b'\\xff')\n")
    gen = parse_program("bad_gen.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError, match=r"^--gen 'bad_gen.py' \(run with 3\) printed something"):
        gen.generate(3, None, cwd=tmp_path, limits=limits)
    (maxsum.root / "quiet.py").write_text("import sys\nsys.exit('no such table')\n")
    quiet = parse_program("quiet.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:  # no traceback: what it said is shown
        quiet.generate(3, None, cwd=tmp_path, limits=limits)
    assert str(caught.value) == (
        "--gen 'quiet.py' (run with 3) failed: runtime error: exit status 1 (it said: no such "
        "table)"
    )


def test_a_brute_force_stopped_late_on_a_loaded_machine_says_when_it_was_stopped(
    maxsum, tmp_path, monkeypatch
):
    """Its deadline moved on by what it waited for a core (``kit.run.limits.moved_on``): the
    stop said the timeout alone where it came seconds later; it says when, measured."""
    limits = replace(limits_for(maxsum, RUNNER), timeout=0.6)
    late = Run(-9, b"", b"", seconds=8.47, cpu_seconds=0.5, peak_kib=1, killed=TIME, waited=7.83)
    monkeypatch.setattr(Program, "_run", staticmethod(lambda *args, **settings: late))
    brute = parse_program("brute/maxsum_brute.py", "--brute", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        brute.answer("x\n", cwd=tmp_path, limits=limits)
    assert str(caught.value) == (
        "--brute 'brute/maxsum_brute.py' was stopped: still running at 0.6 s (and 7.87 s more "
        "for what it waited for a core other work on this machine held: 8.47 s of wall time in "
        "all), when a stress run stops a brute force (on 'x\\n')"
    )


def test_a_program_that_raises_is_said_where(maxsum, tmp_path):
    """A generator's or brute force's traceback names the line to fix, not its last line
    alone (``ZeroDivisionError: division by zero`` said nothing of where)."""
    limits = limits_for(maxsum, RUNNER)
    (maxsum.root / "crash_gen.py").write_text(
        "import sys\n\nseed = int(sys.argv[1])\nprint(1 // (seed - 3))\n"
    )
    gen = parse_program("crash_gen.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        gen.generate(3, None, cwd=tmp_path, limits=limits)
    assert str(caught.value) == (
        "--gen 'crash_gen.py' (run with 3) failed: runtime error: exit status 1: "
        "ZeroDivisionError: integer division or modulo by zero "
        "(at crash_gen.py, line 4: print(1 // (seed - 3)))"
    )
    brute = parse_program("crash_gen.py", "--brute", RUNNER, maxsum)
    with pytest.raises(
        BuildError, match=r"IndexError: list index out of range \(at crash_gen.py, line 3: seed"
    ):
        brute.answer("1\n", cwd=tmp_path, limits=limits)


def test_a_brute_force_that_answers_on_stderr_only_is_one_line_not_the_solution_s_fault(
    maxsum, tmp_path
):
    limits = limits_for(maxsum, RUNNER)
    (maxsum.root / "loud.py").write_text("import sys\nprint(6, file=sys.stderr)\n")
    loud = parse_program("loud.py", "--brute", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        loud.answer("1\n6\n", cwd=tmp_path, limits=limits)
    assert str(caught.value).startswith(
        "--brute 'loud.py' failed: it printed nothing on stdout, and on stderr: 6 (on "
    )
    (maxsum.root / "blank.py").write_text("pass\n")
    blank = parse_program("blank.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError, match=r"^--gen 'blank.py' \(run with 3\) printed nothing$"):
        blank.generate(3, None, cwd=tmp_path, limits=limits)
    (maxsum.root / "silent.py").write_text("pass\n")  # an empty answer may be the answer
    silent = parse_program("silent.py", "--brute", RUNNER, maxsum)
    assert silent.answer("4\n-1 3 -2 5\n", cwd=tmp_path, limits=limits) == b""


def test_a_flood_of_an_answer_is_read_blank_or_not_without_a_copy_of_it(
    maxsum, tmp_path, monkeypatch
):
    """A brute force's 16 MiB answer was copied whole (``strip()``) to tell whether it was
    blank; read in place, the kit's peak there is what it held already. A blank one (ASCII
    whitespace, as ``strip()`` took) beside a stderr is still told."""
    limits = limits_for(maxsum, RUNNER)
    brute = parse_program("brute/maxsum_brute.py", "--brute", RUNNER, maxsum)
    flood = b"3 " * (8 << 20)
    runs = {"flood": Run(0, flood, b"", seconds=0.1, cpu_seconds=0.1, peak_kib=1)}
    monkeypatch.setattr(Program, "_run", staticmethod(lambda *args, **settings: runs["flood"]))
    peak, answer = traced_peak(lambda: brute.answer("1\n6\n", cwd=tmp_path, limits=limits))
    assert answer is flood
    assert peak < 1 << 20, peak
    runs["flood"] = Run(0, b" \n\t\r\x0b\x0c", b"6\n", seconds=0.1, cpu_seconds=0.1, peak_kib=1)
    with pytest.raises(BuildError, match="it printed nothing on stdout, and on stderr: 6 "):
        brute.answer("1\n6\n", cwd=tmp_path, limits=limits)


@pytest.mark.parametrize(
    ("printed", "said"),
    [
        (b"\xff\xfe 1\n", "invalid start byte \\xff at byte 0"),
        (b"2\n1 caf\xe9\n", "invalid continuation byte \\xe9 at byte 7"),
    ],
)
def test_a_generator_printing_bytes_that_are_not_utf_8_is_told_the_first(
    maxsum, tmp_path, printed, said
):
    """A generator's output that is not UTF-8 (a stress file is shrunk, validated and shown as
    text) was said to be so with no place in it: the first bad byte and its offset."""
    (maxsum.root / "bytes_gen.py").write_text(f"import sys\nsys.stdout.buffer.write({printed!r})\n")
    gen = parse_program("bytes_gen.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        gen.generate(3, None, cwd=tmp_path, limits=limits_for(maxsum, RUNNER))
    assert str(caught.value) == (
        f"--gen 'bytes_gen.py' (run with 3) printed something that is not UTF-8 text ({said} "
        "of its output)"
    )


def test_the_user_s_own_programs_keep_the_user_s_environment(maxsum, tmp_path, monkeypatch):
    """``--brute "python3 brute.py"`` is the user's tool, not a program a judge runs: it sees
    ``PYTHONPATH`` and the like as the user's shell has them (it lost them, and failed)."""
    monkeypatch.setenv("KIT_USER_SETTING", "kept")
    code = "import os; print(os.environ.get('KIT_USER_SETTING'))"
    gen = parse_program(f'{sys.executable} -c "{code}"', "--gen", RUNNER, maxsum)
    assert gen.generate(1, None, cwd=tmp_path, limits=limits_for(maxsum, RUNNER)) == "kept\n"


def test_a_brute_force_imports_the_workspace_s_helpers(maxsum, tmp_path):
    """The workspace's root is first on its PYTHONPATH, a .py one is not isolated: a brute
    force reuses a helper of the solution's, as the solution does from source."""
    helper = maxsum.root / "shared" / "brute_help.py"
    helper.parent.mkdir(exist_ok=True)
    helper.write_text("def answer(text):\n    return str(len(text.split()))\n")
    brute = maxsum.root / "brute" / "uses_helper.py"
    brute.write_text("import sys\nfrom shared.brute_help import answer\n")
    brute.write_text(brute.read_text() + "print(answer(sys.stdin.read()))\n")
    program = parse_program("brute/uses_helper.py", "--brute", RUNNER, maxsum)
    limits = limits_for(maxsum, RUNNER)
    assert program.answer("1 2 3\n", cwd=tmp_path, limits=limits) == b"3\n"


@pytest.mark.parametrize(
    ("code", "over", "said", "do"),
    [
        ("import time\ntime.sleep(30)\n", {"time": 0.2, "timeout": 0.6}, "time limit: killed",
         "make it faster"),
        ("x = b'1' * (300 << 20)\n", {"memory_kib": 64 << 10}, "memory limit: ",
         "make it use less memory"),
        ("print('1 ' * (1 << 20))\n", {"output_bytes": 1 << 16}, "output limit: more than",
         "make it print less"),
    ],
)  # fmt: skip
def test_a_program_over_a_limit_is_told_the_limit_is_the_problem_s_and_what_to_do(
    maxsum, tmp_path, code, over, said, do
):
    """A generator over a limit was told it as if the limit were its own (``time limit:
    killed at 6 s (3x the 2 s limit)``): it is the problem's, which the user's programs run
    under as the bundle does."""
    limits = replace(limits_for(maxsum, RUNNER), **over)
    (maxsum.root / "over.py").write_text(code)
    gen = parse_program("over.py", "--gen", RUNNER, maxsum)
    with pytest.raises(BuildError) as caught:
        gen.generate(3, None, cwd=tmp_path, limits=limits)
    message = str(caught.value)
    assert message.startswith(f"--gen 'over.py' (run with 3) failed: {said}")
    assert (
        ": maxsum's limit, which a --gen program runs under as the bundle does (docs/stress.md): "
        f"{do}"
    ) in message
    assert message.endswith(
        "or write the stress module's generate() in its place (held to a stress run's own "
        "stops, not the problem's limits)"
    )


def test_a_brute_force_of_a_problem_of_named_files_runs_as_the_solution_does(maxsum, tmp_path):
    """A Polygon package's ``input-file="input.txt" output-file="output.txt"``: the brute
    force reads the input from input.txt, stdin empty, and its answer is output.txt's."""
    from types import SimpleNamespace

    named = replace(maxsum, source=SimpleNamespace(input_file="in.txt", output_file="out.txt"))
    script = tmp_path / "named_brute.py"
    script.write_text(
        "import sys\n"
        "assert sys.stdin.read() == ''\n"
        "values = open('in.txt').read().split()[1:]\n"
        "open('out.txt', 'w').write(str(max(map(int, values))) + '\\n')\n"
    )
    brute = parse_program(str(script), "--brute", RUNNER, named)
    work = tmp_path / "work"
    work.mkdir()
    limits = limits_for(maxsum, RUNNER)
    assert brute.answer("3\n-1 7 2\n", cwd=work, limits=limits) == b"7\n"

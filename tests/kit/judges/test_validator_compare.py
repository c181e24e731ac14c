"""kit.judges.validator_compare: output validators in the Kattis protocol (a Python one from
tests/fixtures/packages, and written for the test), their failures, a hang once, the passes of
a multi-pass problem, and a validator folder of several scripts. The default output
validator's rules are tests/kit/judges/test_kattis_compare.py's, what a validator leaves in its
feedback folder tests/kit/judges/test_kattis_feedback.py's; compiled validators and the
programs themselves tests/kit/judges/test_programs.py's."""

import re
import textwrap
from pathlib import Path

import pytest

from kit import processes
from kit.judges.compare import parse_compare

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"
WHERE = "problems.toml: [toy]"
NO_INPUT = Path("/nonexistent/input")


def judge(spec, expected, got, input_path=NO_INPUT, root=ROOT):
    return parse_compare(spec, root, WHERE).judge(input_path, expected, got)


# output validators in the Kattis protocol


SPLIT = PACKAGES / "kattis_split_py"


def split_judge(spec, got, number):
    input_path = SPLIT / "data" / "secret" / f"{number}.in"
    return judge(spec, input_path.with_suffix(".ans").read_bytes(), got, input_path, root=SPLIT)


def test_a_python_validator_accepts_on_42_and_rejects_on_43_with_its_message():
    spec = "validator:output_validators/split_check"
    assert split_judge(spec, b"7 3\n", 1).accepted
    rejected = split_judge(spec, b"7 4\n", 1)
    assert not rejected.accepted and not rejected.checker_failed
    assert rejected.message == "validator: 7 + 4 is not 10 (exit status 43)"


def write(path, text):
    path.write_text(textwrap.dedent(text))
    return path


def test_validator_gets_input_answer_feedback_folder_and_flags_and_the_output_on_stdin(tmp_path):
    write(
        tmp_path / "echo.py",
        """\
        import sys
        input_text = open(sys.argv[1]).read().strip()
        answer = open(sys.argv[2]).read().strip()
        with open(sys.argv[3] + "judgemessage.txt", "w") as file:
            file.write(f"{input_text}|{answer}|{sys.stdin.read().strip()}|{sys.argv[4:]}")
        sys.exit(43)
        """,
    )
    (tmp_path / "case.in").write_text("the input\n")
    spec = "validator:echo.py case_sensitive 'two words'"
    found = judge(spec, b"the answer\n", b"the output\n", tmp_path / "case.in", root=tmp_path)
    assert found.message == (
        "validator: the input|the answer|the output|['case_sensitive', 'two words'] "
        "(exit status 43)"
    )


@pytest.mark.parametrize(
    ("body", "failure"),
    [
        ("sys.exit(0)", "validator exit status 0, neither 42 (accepted) nor 43 (wrong answer)"),
        ("sys.exit(1)", "validator exit status 1, neither 42"),
        ("raise ValueError('bad')", "validator exit status 1, neither 42 (accepted) nor 43 "),
        ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", "validator killed by SIGKILL"),
    ],
)
def test_any_other_status_is_the_validators_own_failure(tmp_path, body, failure):
    write(tmp_path / "broken.py", f"import sys\n{body}\n")
    found = judge("validator:broken.py", b"1\n", b"1\n", root=tmp_path)
    assert not found.accepted and found.checker_failed
    assert found.message.startswith(f"checker failed: {failure}")


def test_a_validator_killed_at_its_timeout_once_is_not_run_again_with_any_flags(tmp_path):
    write(tmp_path / "hang.py", "import time\ntime.sleep(60)\n")
    validator = parse_compare("validator:hang.py", tmp_path, WHERE, checker_timeout=0.5)
    assert judge_with(validator, ("float_tolerance", "1")).message.endswith("(killed)")
    for flagged in (validator, validator.with_flags(("case_sensitive",))):
        later = judge_with(flagged, ())
        assert later.checker_failed and later.message == (
            "checker failed: not run: it was killed at 0.5 s on an earlier case"
        )


def test_a_validator_over_its_memory_limit_fails_saying_the_limit(tmp_path):
    """A Kattis package's validator is held to limits.validation_memory; past it, a judge
    error (problemtools: the allocation fails, the validator crashes), the limit said."""
    write(tmp_path / "greedy.py", "import sys\nblock = bytearray(400 << 20)\nsys.exit(42)\n")
    held = parse_compare("validator:greedy.py", tmp_path, WHERE, checker_memory=200)
    found = held.with_flags(("case_sensitive",)).judge(NO_INPUT, b"1\n", b"1\n")
    assert found.checker_failed and found.message.startswith(
        "checker failed: validator exit status 1, neither 42 (accepted) nor 43"
    )
    assert found.message.endswith(
        "(greedy.py, line 2: block = bytearray(400 << 20)) (its memory limit: 200 MiB)"
    )
    assert judge("validator:greedy.py", b"1\n", b"1\n", root=tmp_path).accepted


def test_a_validator_is_held_to_its_cpu_time_with_the_wall_time_a_back_stop(tmp_path):
    """problemtools holds a Kattis validator to limits.validation_time of CPU time
    (RLIMIT_CPU): the kit killed one at as many seconds of wall time, a sleep or a loaded
    machine's wait a judge error. A spin past it is one, said so, and not run again; a sleep
    past it is no matter, until the wall's back-stop."""
    write(tmp_path / "spin.py", "while True:\n    pass\n")
    held = parse_compare("validator:spin.py", tmp_path, WHERE, checker_timeout=30, checker_cpu=1)
    found = judge_with(held, ())
    assert (
        found.checker_failed
        and not found.hung
        and found.message
        == ("checker failed: validator killed by SIGXCPU (its limit: 1 s of CPU time)")
    )
    assert judge_with(held, ()).message == (
        "checker failed: not run: it was killed at 1 s on an earlier case"
    )
    write(tmp_path / "nap.py", "import sys, time\ntime.sleep(1.5)\nsys.exit(42)\n")
    nap = parse_compare("validator:nap.py", tmp_path, WHERE, checker_timeout=30, checker_cpu=1)
    assert judge_with(nap, ()).accepted
    late = parse_compare("validator:nap.py", tmp_path, WHERE, checker_timeout=0.5, checker_cpu=1)
    assert judge_with(late, ()).message == (
        "checker failed: no verdict after 0.5 s of wall time (killed; its limit: 1 s of CPU time)"
    )


def test_a_validator_that_ignores_sigxcpu_is_said_killed_at_its_hard_cpu_limit(tmp_path):
    """One that ignores SIGXCPU dies by SIGKILL at the hard limit, a second later (problemtools'
    timelim + 1): a judge error said of its CPU time, not run again; the kit said "validator
    killed by SIGKILL (its memory limit: 1024 MiB)", SIGKILL being one of memory's signals."""
    write(
        tmp_path / "stubborn.py",
        "import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True:\n    pass\n",
    )
    held = parse_compare(
        "validator:stubborn.py",
        tmp_path,
        WHERE,
        checker_timeout=60,
        checker_cpu=1,
        checker_memory=1024,
    )
    found = judge_with(held, ())
    assert found.checker_failed and not found.hung
    assert found.message == (
        "checker failed: validator killed by SIGKILL at its hard CPU limit "
        "(2 s of CPU time; it ignored SIGXCPU at 1 s)"
    )
    assert judge_with(held, ()).message == (
        "checker failed: not run: it was killed at 2 s on an earlier case"
    )


# a validator that ignores SIGXCPU, spends over half its 1 s of CPU, then holds 40 MiB and is
# ended by SIGKILL, as the kernel's out-of-memory killer ends one (a cgroup's smaller than its
# memory limit): sent here by itself, so that the test needs no such machine
KILLED_FOR_MEMORY = (
    "import os, signal, time\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"
    "start = time.process_time()\nwhile time.process_time() - start < 0.6:\n    pass\n"
    "hoard = [bytearray(1 << 20) for _ in range(40)]\nos.kill(os.getpid(), signal.SIGKILL)\n"
)


def test_a_validator_killed_for_memory_after_half_its_cpu_is_not_said_at_its_cpu_limit(tmp_path):
    """Its SIGXCPU kept off and half its CPU spent were taken for the hard CPU limit's kill:
    "killed by SIGKILL at its hard CPU limit (2 s of CPU time ...)" at 0.6 s; a SIGKILL well
    short of that limit is memory's, as the kit's rule for a judging program has it, and it is
    run again (no time-out)."""
    write(tmp_path / "hog.py", KILLED_FOR_MEMORY)
    held = parse_compare(
        "validator:hog.py", tmp_path, WHERE, checker_timeout=60, checker_cpu=1, checker_memory=64
    )
    found = judge_with(held, ())
    assert found.checker_failed and not found.hung
    assert found.message == "checker failed: validator killed by SIGKILL (its memory limit: 64 MiB)"
    assert "not run" not in judge_with(held, ()).message


def test_a_validator_the_out_of_memory_killer_killed_is_said_so(tmp_path, monkeypatch):
    """The same SIGKILL while /proc/vmstat's oom_kill rose (read here as 5, then 6), the
    validator holding over half of the 64 MiB the machine gives: said the kernel's
    out-of-memory killer's, its own memory limit beside it."""
    monkeypatch.setattr(processes, "oom_kills", iter((5, 6)).__next__)
    monkeypatch.setattr(processes, "machine_memory", lambda: (64 << 20, "memory.max"))
    write(tmp_path / "hog.py", KILLED_FOR_MEMORY)
    held = parse_compare(
        "validator:hog.py", tmp_path, WHERE, checker_timeout=60, checker_cpu=1, checker_memory=64
    )
    found = judge_with(held, ())
    assert found.checker_failed and not found.hung
    assert re.fullmatch(
        r"checker failed: validator killed by the kernel's out-of-memory killer: of the 64 MiB "
        r"memory\.max gives this machine, it held \d+ MiB \(its memory limit: 64 MiB\)",
        found.message,
    )


# a program ended by a signal of its own, leaving no core file
SIGNALLED = (
    "import os, resource, signal; resource.setrlimit(resource.RLIMIT_CORE, (0, 0)); "
    "os.kill(os.getpid(), signal.{})"
)
BAD_ALLOC = "terminate called after throwing an instance of 'std::bad_alloc'"


@pytest.mark.parametrize(
    ("body", "of_memory"),
    [
        ("[1][5]", False),  # an IndexError
        ("sys.exit(3)", False),
        (SIGNALLED.format("SIGTERM"), False),
        ("raise MemoryError", True),
        (f"sys.stderr.write({BAD_ALLOC!r}); sys.exit(1)", True),
        (SIGNALLED.format("SIGABRT"), True),
        (SIGNALLED.format("SIGSEGV"), True),
    ],
)
def test_only_a_validator_failing_of_memory_is_said_its_memory_limit(tmp_path, body, of_memory):
    """Every crash of a validator held to a memory limit said the limit: an IndexError read
    as a memory problem. A MemoryError, a std::bad_alloc, a signal an allocation refused ends
    in (with an address-space limit set) say it; no other failure, and none without a limit."""
    write(tmp_path / "crash.py", f"import sys\n{body}\n")
    held = parse_compare("validator:crash.py", tmp_path, WHERE, checker_memory=1024)
    found = held.judge(NO_INPUT, b"1\n", b"1\n")
    assert found.checker_failed
    assert found.message.endswith(" (its memory limit: 1024 MiB)") == of_memory, found.message
    free = judge("validator:crash.py", b"1\n", b"1\n", root=tmp_path)
    assert free.checker_failed and "memory limit" not in free.message


def judge_with(validator, flags):
    return validator.with_flags(flags).judge(NO_INPUT, b"1\n", b"1\n")


def test_a_pass_keeps_the_feedback_folder_and_hands_over_nextpass_in(tmp_path):
    write(
        tmp_path / "passes.py",
        """\
        import sys
        from pathlib import Path
        count = Path(sys.argv[3], "count")
        count.write_text(count.read_text() + "x" if count.exists() else "x")
        Path(sys.argv[3], "nextpass.in").write_text(f"{len(count.read_text())}\\n")
        sys.exit(42 if sys.stdin.read() == "ok" else 43)
        """,
    )
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    validator = parse_compare("validator:passes.py", tmp_path, WHERE)
    first = validator.judge_pass(NO_INPUT, b"", b"ok", feedback)
    second = validator.judge_pass(NO_INPUT, b"", b"ok", feedback)
    assert (first.accepted, first.next_input, second.next_input) == (True, b"1\n", b"2\n")
    assert not (feedback / "nextpass.in").exists()  # taken out: the next pass has none
    rejected = validator.judge_pass(NO_INPUT, b"", b"no", feedback)
    assert rejected.checker_failed and "wrote nextpass.in, and rejected" in rejected.message
    assert validator.judge(NO_INPUT, b"", b"ok").next_input == b"1\n"  # a folder of its own
    assert parse_compare("tokens", tmp_path, WHERE).judge_pass(NO_INPUT, b"1", b"1", feedback)


def test_a_validator_folder_with_several_scripts_runs_the_first_as_problemtools_does(tmp_path):
    """No ``main.py``: problemtools runs the first file by name (``problemtools/languages.py``);
    the kit refused the folder."""
    (tmp_path / "v").mkdir()
    write(tmp_path / "v" / "a.py", "import sys\nsys.exit(42)\n")
    write(tmp_path / "v" / "b.py", "import sys\nsys.exit(43)\n")
    assert judge("validator:v", b"1\n", b"1\n", root=tmp_path).accepted

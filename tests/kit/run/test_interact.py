"""kit.run.interact: guess-the-number solutions against their interactor, one verdict each.

The programs are in tests/fixtures/interactive: a guess-the-number interactor, a broken one,
and solutions that are right, wrong, crashing, slow, idle, quitting early or never reading.
"""

import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges.profiles import JOINED, PROBLEMTOOLS
from kit.run import interact, process, relay_cost
from kit.run.game_verdicts import INTERACTOR_ACCEPTED, Ending, Exit, Statuses
from kit.run.interact import run_interactive
from kit.run.limits import Limits
from tests.kit.run.hostile import HOG, PACED_HOG, forked_hog
from tests.process_support import alive, assert_ends, launcher_with

ROOT = Path(__file__).resolve().parents[3]
PROGRAMS = ROOT / "tests" / "fixtures" / "interactive"
LATE = re.compile(r"> \[\d+ more bytes, sent after the interactor had closed its output\]")
INTERACTOR = [sys.executable, str(PROGRAMS / "guess_interactor.py")]


LEFT_OUT = re.compile(r"[<>] \[\d+ lines? not shown\]")  # lines dropped, said in their place


def exchanged(transcript):
    """The lines exchanged, without the note of what the solution sent once the interactor
    had stopped (there only when it wrote between the interactor's exit and the relay closing
    its pipe: a write after that fails, as with the pipes joined), which may only end it."""
    lines = [line for line in transcript if not LATE.fullmatch(line)]
    assert transcript[: len(lines)] == lines, transcript
    return lines


def program(name, *arguments):
    return [sys.executable, "-I", "-S", str(PROGRAMS / name), *arguments]


@pytest.fixture
def secret(tmp_path):
    """N = 100, at most 7 guesses, secret 37."""
    path = tmp_path / "sample-1.in"
    path.write_text("100 7 37\n")
    return path


def play(
    solution,
    secret,
    *,
    interactor=INTERACTOR,
    time_limit=2.0,
    timeout=5.0,
    memory_kib=1 << 30,
    output_bytes=64 << 20,
    games=JOINED,
    **options,
):
    limits = Limits(
        time_limit, timeout, memory_kib, output_bytes, stack_bytes=64 << 20, games=games
    )
    return run_interactive(
        solution, interactor, secret, cwd=secret.parent, limits=limits, **options
    )


def scripted(folder, solution, interactor, secret, **options):
    """A game of two scripts written in ``folder`` on the secret input text ``secret``."""
    (folder / "solution.py").write_text(solution)
    (folder / "interactor.py").write_text(interactor)
    (folder / "secret.in").write_text(secret)
    return play(
        [sys.executable, "-I", str(folder / "solution.py")],
        folder / "secret.in",
        interactor=[sys.executable, "-I", str(folder / "interactor.py")],
        **options,
    )


def test_correct_solution_is_accepted_with_the_whole_exchange(secret):
    run = play(program("binary_search.py"), secret)
    assert (run.verdict, run.message) == ("ok", "accepted: found 37 in 3 guesses")
    assert run.transcript == ["< 100 7", "> 50", "< <", "> 25", "< >", "> 37", "< ="]
    assert 0 < run.solution_seconds < 2.0
    assert run.cpu_seconds <= run.solution_seconds + 0.05
    assert run.solution_stderr == b""


def test_transcript_keeps_the_last_lines_of_each_direction(secret):
    run = play(program("binary_search.py"), secret, transcript_lines=2)
    assert run.verdict == "ok"
    assert run.transcript == ["> 25", "< >", "> 37", "< ="]


def test_wrong_solution_gets_the_interactors_message(secret):
    run = play(program("linear_search.py"), secret)
    assert (run.verdict, run.message) == ("WA", "wrong answer: more than 7 guesses")
    assert exchanged(run.transcript)[-5:] == ["> 6", "< >", "> 7", "< >", "> 8"]


def test_crash_is_a_runtime_error_with_the_stderr_tail(secret):
    run = play(program("crashing.py"), secret)
    assert run.verdict == "RE"
    assert run.message.startswith(
        "runtime error: exit status 1: ValueError: invalid literal for int()"
    )
    assert b"Traceback" in run.solution_stderr
    assert run.transcript == ["< 100 7", "> 50", "< <"]


def test_death_by_a_signal_is_named(secret, tmp_path):
    body = """\
        import os, signal, sys
        sys.stdin.readline()
        print(50, flush=True)
        sys.stdin.readline()
        os.kill(os.getpid(), signal.SIGSEGV)
    """
    script = tmp_path / "segfault.py"
    script.write_text(textwrap.dedent(body))
    run = play([sys.executable, str(script)], secret)
    assert (run.verdict, run.message) == ("RE", "runtime error: killed by SIGSEGV")


@pytest.mark.parametrize(
    "kill",
    ["os.kill(os.getppid(), signal.SIGKILL)", "os.kill(os.getppid(), signal.SIGSTOP)"],
)
def test_a_solution_that_kills_its_watch_is_a_runtime_error_and_ends_at_once(
    secret, tmp_path, kill
):
    """Its parent, the watch, killed, or stopped (it then timed nothing, and the game ended
    at its timeout as an idle one, "0.03 s CPU"): the game ends then, not at the timeout,
    with the message a batch run gets, and the solution is gone, with the child it forked
    (in its process group, apart from the watch's: the kit ends that group too)."""
    pid_file = tmp_path / "solution.pid"
    script = _forking_after_a_line(tmp_path / "parricide.py", pid_file, kill)
    started = time.monotonic()
    run = play([sys.executable, str(script)], secret, timeout=60.0)
    assert time.monotonic() - started < 15.0  # far below the 60 s timeout
    assert (run.verdict, run.message) == (
        "RE",
        "runtime error: it killed its parent, the kit's run launcher"
        " (a judge's sandbox would not let it)",
    )
    solution, child = map(int, pid_file.read_text().split())
    assert_ends(solution, "the game")  # killed as the game ended, it may die a moment later
    assert_ends(child, "the game")


def _forking_after_a_line(script, pid_file, action):
    """A solution that forks a sleeping child, writes both pids to ``pid_file``, reads a line,
    does ``action`` (a line of Python), then sleeps and answers 37."""
    body = f"""\
        import os, signal, sys, time
        child = os.fork()
        if child == 0:
            time.sleep(120)
            os._exit(0)
        open({str(pid_file)!r}, "w").write(f"{{os.getpid()}} {{child}}")
        sys.stdin.readline()
        {action}
        time.sleep(120)
        print(37, flush=True)
    """
    script.write_text(textwrap.dedent(body))
    return script


@pytest.mark.parametrize(
    ("signum", "verdict", "message"),
    [
        ("SIGKILL", "RE", "runtime error: killed by SIGKILL"),
        ("SIGTERM", "RE", "runtime error: killed by SIGTERM"),
        ("SIGSTOP", "TLE", "time limit: idle: killed after 0."),
    ],
)
def test_a_solution_that_signals_its_own_process_group_gets_a_batch_run_s_verdict(
    secret, tmp_path, signum, verdict, message
):
    """``os.killpg(0, ...)`` reaches the solution's group alone, as on a judge (and in a batch
    run), not its watch: killed or ended by the signal, RE with its name; stopped, it waits
    for good, and the game ends at its timeout as an idle one (TLE). It was RE, "it killed its
    parent" (SIGKILL, SIGSTOP: the watch shared its group), or "exit status 143" (SIGTERM:
    the watch's own exit). The child it forked ends with it."""
    pid_file = tmp_path / "solution.pid"
    script = _forking_after_a_line(
        tmp_path / "group_signal.py", pid_file, f"os.killpg(0, signal.{signum})"
    )
    started = time.monotonic()
    run = play([sys.executable, str(script)], secret, timeout=2.0)
    assert time.monotonic() - started < 30.0
    assert run.verdict == verdict and run.message.startswith(message), run.message
    for pid in map(int, pid_file.read_text().split()):
        assert_ends(pid, "the game")


def test_an_interactor_s_detached_child_holding_its_pipe_does_not_hold_up_the_game(
    secret, tmp_path
):
    """A child in a session of its own, holding the interactor's stdout: each game waited
    4 s for it before it was given up (12 s for three games of ``stress``); then it was left
    running, out of every group the kit ends, after the game and after the kit. Timed from the
    interactor's end (when it wrote ``ended``): what the kit's start of three interpreters
    takes on a busy machine is not counted."""
    wrapper, pid_file, ended = tmp_path / "orphaning.py", tmp_path / "child.pid", tmp_path / "ended"
    wrapper.write_text(
        "import pathlib, runpy, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'],"
        " start_new_session=True)\n"
        f"pathlib.Path({str(pid_file)!r}).write_text(str(child.pid))\n"
        f"sys.argv = [{str(PROGRAMS / 'guess_interactor.py')!r}, *sys.argv[1:]]\n"
        "try:\n    runpy.run_path(sys.argv[0], run_name='__main__')\n"
        f"finally:\n    pathlib.Path({str(ended)!r}).write_text(repr(time.monotonic()))\n"
    )
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(wrapper)])
    assert run.verdict == "ok", run.message
    # the drain's 0.5 s and the kill; the 2 s wait for a relay still held up is not in it
    assert time.monotonic() - float(ended.read_text()) < 2.0
    assert_ends(int(pid_file.read_text()), "the game", 10.0)  # killed; reaped by its adopter


def test_an_interactor_s_stderr_is_kept_in_memory_its_tail_only(tmp_path):
    """Its stderr went to a file of the kit's, all of it: an interactor printing in a loop
    wrote 440 MB a second there (3.5 GB by the kill of a Codeforces game of 2 s); now the kit
    reads it as it comes and keeps the last 64 KiB."""
    flooding = (
        "import os, sys\n"
        "for _ in range(8):\n"
        "    sys.stderr.write('x' * (1 << 20))\n"
        "sys.stderr.write(f'\\nwrong answer: stderr holds {os.fstat(2).st_size} bytes\\n')\n"
        "sys.exit(1)\n"
    )
    run = scripted(tmp_path, "", flooding, "1\n")
    assert run.verdict == "WA"
    assert run.message.startswith("wrong answer: stderr holds 0 bytes"), run.message


def test_a_game_over_the_limit_is_timed_by_its_wall_time(secret):
    """The game's verdict is the interactor's; the limit is held to the wall time, as a batch
    run's (the median of the runs decides, in kit.run.case_judge)."""
    run = play(program("slow.py", "0.4"), secret, time_limit=0.2, timeout=10.0)
    assert run.verdict == "ok"
    assert run.solution_seconds > 0.4


def test_idle_solution_is_killed_at_the_timeout(secret):
    started = time.monotonic()
    run = play(program("unflushed.py"), secret, timeout=1.0)
    assert time.monotonic() - started < 8.0
    assert run.verdict == "TLE"
    assert run.message.startswith("time limit: idle: killed after 0.")
    assert " s CPU at the 1 s timeout" in run.message
    assert "each waiting for the other" in run.message
    assert run.transcript == ["< 100 7"]
    assert run.cpu_seconds < 0.5 <= run.solution_seconds


BUSY_INTERACTOR = """import sys
print(100, flush=True)
while True:
    pass
"""
SLEEPING_INTERACTOR = """import sys, time
print(100, flush=True)
time.sleep(30)
"""
WAITING = "import sys\nsys.stdin.readline()\nsys.stdin.readline()\n"
# what a loaded machine adds to a timeout's words: the wait for a core it gave back
GIVEN_BACK = (
    r"(?: \(and \d+\.\d\d s more for (?:the relay's hops|what its two sides waited for a core)"
    r"(?: and \d+\.\d\d s more for what its two sides waited for a core)?\))?"
)


@pytest.mark.parametrize(
    ("interactor", "verdict", "said"),
    [
        (BUSY_INTERACTOR, "JE", r"judge error: interactor busy: \d\.\d\d s CPU of its own"
         r"(?: and \d+\.\d\d s ready for a core other work held)? by "
         r"the 1 s timeout" + GIVEN_BACK + r", while the solution waited \(0\.\d\d s CPU\): "
         r"the time was the interactor's"),
        (SLEEPING_INTERACTOR, "TLE", r"time limit: idle: killed after 0\.\d\d s CPU at the 1 s "
         r"timeout" + GIVEN_BACK + r" \(both sides still running: each waiting for the other\?\)"),
    ],
)  # fmt: skip
def test_an_interactor_that_spins_while_the_solution_waits_is_the_judge_s_failure(
    tmp_path, interactor, verdict, said
):
    """A game timed as a whole, killed at its timeout while the solution waits for a reply:
    an interactor that spent the time on its own CPU (a loop) is the judge's failure, not the
    solution's idleness (``stress`` shrank such a game as the solution's TLE); one that sleeps
    leaves the game idle."""
    run = scripted(tmp_path, WAITING, interactor, "1\n", time_limit=0.5, timeout=1.0)
    assert run.verdict == verdict, run.message
    assert re.fullmatch(said, run.message), run.message


def test_a_solution_busy_after_its_last_answer_is_over_the_limit_not_idle(secret, tmp_path):
    spinner = tmp_path / "spin.py"
    source = (PROGRAMS / "binary_search.py").read_text() + "\nwhile True:\n    pass\n"
    spinner.write_text(source)
    run = play([sys.executable, "-I", "-S", str(spinner)], secret, time_limit=0.3, timeout=1.0)
    assert run.verdict == "TLE"
    assert re.fullmatch(
        r"time limit: \d\.\d\d s CPU, over the 0\.3 s limit, killed at the 1 s timeout"
        + GIVEN_BACK,
        run.message,
    ), run.message


def test_a_busy_solution_in_a_game_with_a_game_timeout_is_busy_not_idle(secret, tmp_path):
    """Timed per move (``game_timeout``): a spinning solution was said to be idle, and the
    limit that stopped the game was not named."""
    spinner = tmp_path / "spin.py"
    source = (PROGRAMS / "binary_search.py").read_text() + "\nwhile True:\n    pass\n"
    spinner.write_text(source)
    limits = Limits(1.0, 1.0, 1 << 30, 64 << 20, stack_bytes=64 << 20, per_move=True)
    solution = [sys.executable, "-I", "-S", str(spinner)]
    run = run_interactive(solution, INTERACTOR, secret, cwd=secret.parent, limits=limits)
    if run.verdict == "JE":  # beside busy loops: starved of a core half its move, not judged
        assert re.fullmatch(STARVED_AT_THE_GAME_TIMEOUT, run.message), run.message
        return
    assert run.verdict == "TLE"
    assert re.fullmatch(
        r"time limit: \d\.\d\d s CPU in a game stopped at the 1 s game_timeout" + GIVEN_BACK,
        run.message,
    ), run.message


STARVED_AT_THE_GAME_TIMEOUT = (
    r"judge error: not judged here: killed after 0\.\d\d s CPU at the 1 s game_timeout, "
    r"having waited (?:0\.[5-9]|1\.\d)\d s for a core other work on this machine held \(.+\)"
)


def test_a_game_s_result_keeps_what_the_solution_waited_for_a_core():
    """The time a game's solution waited for a core reaches the run, which leaves it out of
    the limit's time as a batch run's (it was dropped: the game was TLE on a loaded machine)."""
    played = Exit(0, 3.0, cpu=0.5, waited=1.2)
    judge = Exit(0, 3.1)
    end = Ending(played, judge, {}, "solution", b"", "", False, 9.0, Statuses())
    run = interact._result(end, Limits(2.0, 6.0, 1 << 30, 64 << 20), 1.0, [], b"")
    assert (run.verdict, run.solution_seconds, run.waited) == ("ok", 2.0, 1.2)


QUERIES_FIRST = """import sys
count = int(sys.stdin.readline())
sys.stdout.write(("? " + "x" * 97 + "\\n") * count)
sys.stdout.flush()
for _ in range(count):
    sys.stdin.readline()
print("! done", flush=True)
"""
ANSWERS_EACH = """import sys
count = int(open(sys.argv[1]).read())
print(count, flush=True)
for _ in range(count):
    assert sys.stdin.readline().startswith("?")
    print("y" * 98, flush=True)
sys.exit(0 if sys.stdin.readline() == "! done\\n" else 1)
"""


@pytest.mark.parametrize(("count", "verdict"), [(1000, "ok"), (2000, "TLE")])
def test_the_relay_holds_what_a_joined_pipe_holds(tmp_path, count, verdict):
    """A solution that writes all its 100-byte queries before it reads a reply deadlocks with
    its pipes joined from about 1,400 queries (64 KiB each way, and the readers' buffers); the
    relay's two hops of 64 KiB and its chunk let 3,000 through: ok where a judge hangs."""
    run = scripted(tmp_path, QUERIES_FIRST, ANSWERS_EACH, f"{count}\n", time_limit=1.0, timeout=1.5)
    assert run.verdict == verdict, run.message


# the interactor's side of a game of many exchanges that lasts whatever the machine: a
# sleep of 2.5 ms before each of its 600 numbers (relay_cost.ASKING's, otherwise)
ASKING_SLOWLY = relay_cost.ASKING.replace("import sys\n", "import sys, time\n", 1).replace(
    "    print(number, flush=True)\n", "    time.sleep(0.0025)\n    print(number, flush=True)\n"
)


@pytest.mark.parametrize(("per_chunk", "verdict"), [(0.0, "TLE"), (0.02, "ok")])
def test_a_game_of_many_exchanges_lives_past_its_timeout_on_the_relay_s_allowance(
    tmp_path, per_chunk, verdict
):
    """600 exchanges, each after a sleep of 2.5 ms of the interactor's (1.5 s at least on
    any machine), under a 1 s timeout: without an allowance they are killed as "idle" at
    the timeout; with 20 ms a chunk relayed (8 times what an exchange takes here, under load
    too) they go on past it and end. Whether this machine's own figure
    (``relay_cost.per_chunk()``) covers its relay is a timing, printed by ``python -m
    benchmarks.relay``: a test of it, 5,000 quick exchanges under a timeout a quarter over
    their joined time, failed under load."""
    assert ASKING_SLOWLY.count("time.sleep(0.0025)") == 1
    options = {"time_limit": 60.0, "timeout": 1.0, "per_chunk": per_chunk}
    run = scripted(tmp_path, relay_cost.ANSWERING, ASKING_SLOWLY, "600\n", **options)
    assert run.verdict == verdict, run.message
    assert verdict == "ok" or "idle" in run.message
    assert run.solution_seconds > 1.0  # past the timeout by the wall clock


def test_problemtools_pipes_hold_a_mebibyte_each_way(tmp_path):
    """Kattis runs a game through pipes of 1 MiB (problemtools' interactive runner): 5,000
    queries written before a reply is read deadlocked here at 64 KiB, a TLE Kattis does not
    give."""
    run = scripted(
        tmp_path, QUERIES_FIRST, ANSWERS_EACH, "5000\n", time_limit=1.0, timeout=1.5,
        games=PROBLEMTOOLS,
    )  # fmt: skip
    assert run.verdict == "ok", run.message


ONE_LINE = """import sys
print("go", flush=True)
line = sys.stdin.readline()
sys.exit(0 if line.strip() else 3)
"""


@pytest.mark.parametrize(("games", "verdict"), [(JOINED, "OLE"), (PROBLEMTOOLS, "ok")])
def test_a_game_s_output_is_limited_except_as_problemtools_runs_it(tmp_path, games, verdict):
    """problemtools measures only a batch run's output (judge/validate.py): a 2 MiB answer
    line under a 1 MiB limit was an output limit for Kattis too."""
    long_line = "input()\nprint('1' * (2 << 20), flush=True)\n"
    run = scripted(tmp_path, long_line, ONE_LINE, "\n", output_bytes=1 << 20, games=games)
    assert run.verdict == verdict, run.message


@pytest.mark.parametrize(("games", "verdict"), [(JOINED, "RE"), (PROBLEMTOOLS, "JE")])
def test_an_interactor_s_failure_after_a_crash_is_a_judge_error_as_problemtools_runs_it(
    tmp_path, games, verdict
):
    """The solution crashes first and the interactor then fails (testlib's 3): problemtools
    reads a validator's failure before the submission's, for any interactor of a Kattis game;
    joined pipes give the solution's crash."""
    run = scripted(tmp_path, "input()\nraise SystemExit(7)\n", ONE_LINE, "\n", games=games)
    assert run.verdict == verdict, run.message


LINGERING_REJECTION = """import os, pathlib, sys, time
print(-1, flush=True)
os.close(1)  # its output closed first,
pid_file, deadline = pathlib.Path("solution.pid"), time.monotonic() + 20
while time.monotonic() < deadline and not pid_file.exists():
    time.sleep(0.01)
for pid in pid_file.read_text().split():  # the solution's, then its watch's (the kit
    while time.monotonic() < deadline and os.path.exists(f"/proc/{pid}"):  # times the
        time.sleep(0.01)  # solution's exit by it): until both have ended and been reaped,
time.sleep(0.6)  # its exit well after the solution's
sys.exit(1)
"""
CRASH_ON_MINUS_ONE = """import os, sys
open("solution.pid.new", "w").write(f"{os.getpid()} {os.getppid()}")
os.rename("solution.pid.new", "solution.pid")
if int(sys.stdin.readline()) < 0:
    raise RuntimeError('got -1')
"""


@pytest.mark.parametrize("games", [JOINED, PROBLEMTOOLS])
def test_a_solution_that_crashes_before_the_interactor_exits_is_a_runtime_error(tmp_path, games):
    """Judges go by who exited first (Codeforces' rule; problemtools' ``first``): the
    interactor closed its output first but exited 0.6 s after the solution's crash (after
    the solution's process and its watch's were gone, however slow a busy machine made them),
    which the kit judged a wrong answer, reading who stopped talking first."""
    run = scripted(tmp_path, CRASH_ON_MINUS_ONE, LINGERING_REJECTION, "\n", games=games)
    assert (run.verdict, run.message) == (
        "RE",
        "runtime error: exit status 1: RuntimeError: got -1",
    )


def _slow_to_exit(folder):
    """The watch, copied into ``folder``, sleeping 0.5 s after its report (a busy machine):
    the kit reaps it that much after it reaped its solution."""
    return launcher_with(
        folder, "def wrap(", '    code = answer["returncode"]', "    time.sleep(0.5)\n"
    )


def test_a_crash_is_timed_by_the_solution_s_own_exit_not_its_watch_s(tmp_path, monkeypatch):
    """The interactor fails as soon as the solution, crashed, stops talking; the solution's
    watch exits 0.5 s later: the solution still exited first (RE), as the watch saw it."""
    (tmp_path / "watch").mkdir()
    monkeypatch.setattr(process, "WATCH", _slow_to_exit(tmp_path / "watch"))
    crash = "input()\nraise SystemExit(7)\n"
    run = scripted(tmp_path, crash, ONE_LINE, "\n", games=JOINED)
    assert (run.verdict, run.message) == ("RE", "runtime error: exit status 7"), run.message


HANGS_AFTER_A_LINE = """import sys, time
print("go", flush=True)
sys.stdin.readline()
time.sleep(60)
"""
ACCEPTS_AT_ONCE = """import sys
print("go", flush=True)
"""


def test_a_crash_beside_an_interactor_the_kit_killed_is_the_solution_s_as_problemtools_runs_it(
    tmp_path,
):
    """The solution crashed and the interactor hung until the kit killed it: a judge error,
    the kill read as the validator's failure; problemtools gives RTE (its own kill at the
    wall limit is no failure of the validator's)."""
    crash = "input()\nraise SystemExit(7)\n"
    run = scripted(tmp_path, crash, HANGS_AFTER_A_LINE, "\n", timeout=0.5, games=PROBLEMTOOLS)
    assert run.verdict == "RE", run.message


def writes(size):
    return f"input()\nimport sys\nsys.stdout.write('x' * {size})\nsys.stdout.flush()\n"


@pytest.mark.parametrize(("size", "verdict"), [(int(1.3 * (1 << 20)), "TLE"), (900 << 10, "ok")])
def test_a_flood_after_the_acceptance_blocks_as_on_problemtools_pipe(tmp_path, size, verdict):
    """problemtools keeps the solution's pipe open after its validator accepted but reads
    none of it: what its 1 MiB does not hold blocks the solution (TLE); the relay read it all
    and the game was accepted, then let 1.5 MiB through (its hold and its own pipe)."""
    run = scripted(tmp_path, writes(size), ACCEPTS_AT_ONCE, "\n", timeout=1.0, games=PROBLEMTOOLS)
    assert run.verdict == verdict, run.message


ACCEPTS_SLOWLY = """import sys, time
print("go", flush=True)
time.sleep(0.5)  # its stdin open, unread
"""


def test_a_flood_while_the_interactor_exits_slowly_blocks_as_on_problemtools_pipe(tmp_path):
    """The flood reached the interactor's pipe, unread, before it exited (a slow exit, a busy
    machine): that half of the path was emptied at its exit and the hold let as much again
    through, 1.5 MiB in all, accepted where problemtools' 1 MiB pipe blocks the solution."""
    run = scripted(
        tmp_path,
        writes(int(1.3 * (1 << 20))),
        ACCEPTS_SLOWLY,
        "\n",
        timeout=1.5,
        games=PROBLEMTOOLS,
    )
    assert run.verdict == "TLE", run.message


CLOSES_THEN_READS = """import os, sys
print("go", flush=True)
os.close(1)  # it says nothing more, and reads on
total = len(sys.stdin.buffer.read())
sys.exit(0 if total == 2 << 20 else 1)
"""


def test_an_interactor_that_closes_its_output_and_reads_on_is_not_held(tmp_path):
    """The hold counted from the interactor's end of output, not its exit: 2 MB it was still
    reading were held back, and the game was "idle"."""
    run = scripted(
        tmp_path, writes(2 << 20), CLOSES_THEN_READS, "\n", timeout=2.0, games=PROBLEMTOOLS
    )
    assert run.verdict == "ok", run.message


def test_solution_that_stops_early_gets_the_interactors_verdict(secret):
    run = play(program("quitter.py"), secret)
    assert run.verdict == "WA"
    assert run.message == "wrong answer: end of output after 0 guesses, secret not found"


def test_solution_that_never_reads_is_stopped_after_the_rejection(secret):
    started = time.monotonic()
    run = play(program("flood.py"), secret, timeout=20.0)
    assert time.monotonic() - started < 8.0  # the grace period, not the timeout
    # the same message whether the flood's write ended in the closed pipe or it was ended
    # after the grace period, asleep
    assert (run.verdict, run.message) == ("WA", "wrong answer: more than 7 guesses")
    # the flood's head was left out, said in its place (how much, and where the replies come
    # among the last guesses, depends on how much of the flood the relay read before them),
    # the last of what the interactor said, in its order: its "100 7" too, before the flood
    # or, when the relay read it late (an interactor slow to start, on a busy machine), after
    # the guesses already in its pipe
    lines = [line for line in exchanged(run.transcript) if not LEFT_OUT.fullmatch(line)]
    assert "> 1" in lines and set(lines) <= {"> 1", "< 100 7", "< >"}, lines
    replies = [line for line in lines if line.startswith("< ")]
    said = ["< 100 7"] + ["< >"] * 7
    assert replies == said[len(said) - len(replies) :], lines
    assert run.peak_kib > 1024  # measured, though killed after the grace period


@pytest.mark.parametrize("closes", [False, True])
def test_the_time_a_solution_runs_on_after_the_rejection_is_not_its_own(secret, tmp_path, closes):
    """problemtools caps the runtime of a submission the validator rejected first (judge/
    execute.py: "the submission can behave erratically ... after the validator exited"),
    BAPCtools kills it at once: a spin after a wrong guess was 1.04 s, and verify's inferred
    limit rose from 1 s to 3 s on it."""
    spinner = tmp_path / "spinner.py"
    close = "import os\nos.close(1)\n" if closes else ""
    spinner.write_text(
        "import time\ninput()\nprint(0, flush=True)\n" + close
        + "end = time.process_time() + 1.2\nwhile time.process_time() < end:\n    pass\n"
    )  # fmt: skip
    run = play([sys.executable, "-I", str(spinner)], secret, timeout=20.0)
    assert run.verdict == "WA", run.message
    assert run.cpu_seconds < 0.6 and run.solution_seconds < 0.6, run


def test_interactor_that_raises_is_a_wrong_answer_with_its_exception(secret):
    """Exit status 1 with a traceback is a rejection, as testlib's exit 1 and oj's non-zero."""
    interactor = [sys.executable, str(PROGRAMS / "broken_interactor.py")]
    run = play(program("binary_search.py"), secret, interactor=interactor)
    assert (run.verdict, run.message) == (
        "WA",
        "wrong answer: KeyError: 50 (the interactor's broken_interactor.py, line 9)",
    )
    assert exchanged(run.transcript) == ["< 100 7", "> 50"]


# An interactor that sends the header, reads one guess as a number and then ends as ENDING
# says; the guess, 50, is not the secret.
ENDING_INTERACTOR = """\
import os, signal, sys
with open(sys.argv[1]) as file:
    n, queries, secret = map(int, file.read().split())
print(n, queries, flush=True)
guess = int(sys.stdin.readline())  # ValueError on a malformed guess
{ending}
"""


@pytest.mark.parametrize(
    ("ending", "verdict", "said"),
    [
        (
            'assert guess == secret, f"guess {guess} is not the secret"',
            "WA",
            "wrong answer: AssertionError: guess 50 is not the secret "
            "(the interactor's ending.py, line 6)",
        ),
        (
            "assert guess == secret",
            "WA",
            "wrong answer: AssertionError "
            "(the interactor's ending.py, line 6: assert guess == secret)",
        ),
        (
            'print("bad layout", file=sys.stderr); sys.exit(4)',
            "PE",
            "presentation error: bad layout",
        ),
        (
            'print("no secret", file=sys.stderr); sys.exit(3)',
            "JE",
            "judge error: interactor failed: it reported a failure (exit status 3): no secret",
        ),
        (
            "sys.exit(42)",
            "JE",
            "judge error: interactor failed: exit status 42, none of testlib's (a Kattis "
            "validator's accepted: name it `validator:PATH` as a checker, `kattis:PATH` as an "
            "interactor)",
        ),
        (
            "os.kill(os.getpid(), signal.SIGKILL)",
            "JE",
            "judge error: interactor killed by SIGKILL",
        ),
    ],
)
def test_interactor_exit_statuses_read_as_a_checker_s(secret, tmp_path, ending, verdict, said):
    script = tmp_path / "ending.py"
    script.write_text(ENDING_INTERACTOR.format(ending=ending))
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(script)])
    assert (run.verdict, run.message) == (verdict, said)
    assert run.transcript[:2] == ["< 100 7", "> 50"]


def test_interactor_that_raises_on_a_malformed_guess_is_a_wrong_answer(secret, tmp_path):
    solution = tmp_path / "words.py"
    solution.write_text('import sys\ninput()\nprint("fifty", flush=True)\nsys.stdin.read()\n')
    script = tmp_path / "ending.py"
    script.write_text(ENDING_INTERACTOR.format(ending="assert guess == secret"))
    run = play([sys.executable, str(solution)], secret, interactor=[sys.executable, str(script)])
    assert run.verdict == "WA"
    assert run.message == (
        "wrong answer: ValueError: invalid literal for int() with base 10: 'fifty\\n' "
        "(the interactor's ending.py, line 5)"
    )
    assert run.transcript == ["< 100 7", "> fifty"]


def test_interactor_with_a_traceback_still_fails_by_its_status(secret, tmp_path):
    """The status decides: exit 3 is the interactor's own failure, a traceback or not."""
    ending = """\
import traceback
try:
    int("x")
except ValueError:
    traceback.print_exc()
    sys.exit(3)
"""
    script = tmp_path / "ending.py"
    script.write_text(ENDING_INTERACTOR.format(ending=ending))
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(script)])
    assert run.verdict == "JE"
    assert run.message == (
        "judge error: interactor failed: it reported a failure (exit status 3): "
        "ValueError: invalid literal for int() with base 10: 'x' "
        "(the interactor's ending.py, line 8)"
    )


def test_interactor_still_running_after_the_solution_exits(secret, tmp_path):
    body = """\
        import sys, time
        print("100 7", flush=True)
        sys.stdin.read()
        time.sleep(60)
    """
    script = tmp_path / "stuck.py"
    script.write_text(textwrap.dedent(body))
    run = play(program("quitter.py"), secret, interactor=[sys.executable, str(script)], timeout=1)
    assert run.verdict == "JE"
    assert run.message.startswith("judge error: interactor still running at the 1 s timeout")
    assert run.message.endswith(": killed 2 s later")  # the backstop's, not the timeout's kill


def test_what_the_interactor_started_and_left_ends_with_the_game(secret, tmp_path):
    """A process the interactor started, its streams elsewhere, outlived the kit (an accepted
    game: nothing ended the interactor's group)."""
    mark = tmp_path / "child.pid"
    script = tmp_path / "spawning.py"
    script.write_text(
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],"
        " stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"open({str(mark)!r}, 'w').write(str(child.pid))\n"
        + (PROGRAMS / "guess_interactor.py").read_text()
    )
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(script)])
    assert run.verdict == "ok", run.message
    child = int(mark.read_text())
    gone = time.monotonic() + 20  # well before its own end, 60 s from its start
    while alive(child) and time.monotonic() < gone:
        time.sleep(0.02)
    assert not alive(child)


def test_long_lines_and_a_last_line_without_newline_in_the_transcript(secret, tmp_path):
    body = """\
        import sys
        print("x" * 100000, flush=True)
        sys.stdout.write("done")
    """
    script = tmp_path / "long.py"
    script.write_text(textwrap.dedent(body))
    run = play([sys.executable, str(script)], secret)
    assert run.verdict == "WA"
    long_line = next(line for line in run.transcript if line.startswith("> x"))
    assert len(long_line) == 202 and long_line.endswith("...")


def test_a_program_that_cannot_start_is_a_build_error(secret):
    with pytest.raises(BuildError, match="cannot start the solution /nonexistent/solution"):
        play(["/nonexistent/solution"], secret)
    with pytest.raises(BuildError, match="cannot start the interactor /nonexistent/interactor"):
        play(program("binary_search.py"), secret, interactor=["/nonexistent/interactor"])


def test_output_past_the_limit_is_an_output_limit(secret, tmp_path):
    flood = tmp_path / "endless.py"
    # one endless line: the interactor waits for its end, so only the cap can stop it
    flood.write_text("import sys\nwhile True:\n    sys.stdout.write('1' * 65536)\n")
    run = play([sys.executable, "-I", "-S", str(flood)], secret, output_bytes=1 << 20)
    assert run.verdict == "OLE", run.message
    assert run.message.startswith("output limit: more than 1 MiB written")

    lingering = tmp_path / "lingering.py"  # its pipe closed, it stays until it is killed
    lingering.write_text(
        "import sys, time\ntry:\n    while True:\n        sys.stdout.write('1' * 65536)\n"
        "except OSError:\n    time.sleep(30)\n"
    )
    run = play([sys.executable, "-I", "-S", str(lingering)], secret, output_bytes=1 << 20)
    assert run.verdict == "OLE", run.message
    assert run.peak_kib > 1024, run.peak_kib  # its watch ended it and still reported (gave 0)


def test_a_flood_after_the_interactor_rejected_keeps_the_rejection(secret, tmp_path):
    """What the solution writes once the interactor has stopped is no output a judge counts
    (its pipe is closed): the interactor's wrong answer stands, not the output limit."""
    flood = tmp_path / "guesses.py"
    flood.write_text("import sys\nwhile True:\n    sys.stdout.write('1\\n' * 65536)\n")
    run = play([sys.executable, "-I", "-S", str(flood)], secret, output_bytes=1 << 20)
    assert (run.verdict, run.message) == ("WA", "wrong answer: more than 7 guesses"), run.message
    assert "> 1" in exchanged(run.transcript)


def test_a_write_after_the_interactor_accepted_fails_as_on_a_judge(secret, tmp_path):
    """With the pipes joined, the interactor's exit closes the solution's pipe: a farewell
    line written after it fails (BrokenPipeError), a runtime error after the acceptance."""
    farewell = tmp_path / "farewell.py"
    farewell.write_text(
        (PROGRAMS / "binary_search.py")
        .read_text()
        .replace(
            "    main()\n",
            "    main()\n    import select, sys\n"
            "    sys.stdin.read()  # its input ends as the interactor exits\n"
            "    gone = select.poll()\n    gone.register(1, select.POLLERR)\n"
            "    gone.poll(1000)  # until its output's reader is gone too (if it goes)\n"
            "    print('bye', flush=True)\n",
        )
    )
    run = play([sys.executable, "-I", "-S", str(farewell)], secret)
    assert run.verdict == "RE", run.message
    assert run.message.endswith(INTERACTOR_ACCEPTED) and "BrokenPipeError" in run.message
    # problemtools keeps the solution's pipe open unless the interactor rejected: accepted
    run = play([sys.executable, "-I", "-S", str(farewell)], secret, games=PROBLEMTOOLS)
    assert run.verdict == "ok", run.message


def test_a_memory_hog_is_a_memory_limit_with_its_peak(secret, tmp_path):
    hog = tmp_path / "hog.py"
    hog.write_text(PACED_HOG)
    run = play([sys.executable, "-I", "-S", str(hog)], secret, memory_kib=64 * 1024)
    assert run.verdict == "MLE", run.message
    assert 64 * 1024 < run.peak_kib < 200 * 1024  # read every few ms: not far past it
    assert run.message.startswith("memory limit: peak")


def test_a_hog_in_forked_children_is_a_memory_limit_of_its_processes_together(secret, tmp_path):
    """Four children of 30 MiB: each under the 64 MiB limit alone, over it together."""
    hog = tmp_path / "forked_hog.py"
    hog.write_text(forked_hog(4, 30))
    run = play([sys.executable, "-I", "-S", str(hog)], secret, memory_kib=64 * 1024)
    assert run.verdict == "MLE", run.message
    assert run.peak_kib > 64 * 1024
    assert "processes together" in run.message


def test_the_solution_s_own_peak_memory_is_reported(secret):
    run = play(program("binary_search.py"), secret)
    assert run.verdict == "ok"
    assert 1024 < run.peak_kib < 100 * 1024  # the solution's interpreter, not the build's


def test_a_solution_that_goes_on_after_the_rejection_keeps_the_interactors_verdict(
    secret, tmp_path
):
    """One guess too many is a wrong answer, whatever the solution does after it: here it
    hoards memory past the limit while the interactor has already stopped."""
    solution = tmp_path / "too_many.py"
    solution.write_text(
        "import sys\ninput()\nfor _ in range(8):\n    print(99, flush=True)\n" + HOG
    )
    run = play([sys.executable, str(solution)], secret, memory_kib=64 * 1024)
    assert (run.verdict, run.message) == ("WA", "wrong answer: more than 7 guesses")


def test_a_solution_that_closes_its_output_and_runs_on_gets_the_rejection(secret, tmp_path):
    """Its stdout closed first, the interactor rejected, and the kit ended it after the grace
    period: that kill was read as its own crash (a runtime error, killed by SIGKILL)."""
    solution = tmp_path / "closer.py"
    solution.write_text("import os, time\ninput()\nos.close(1)\ntime.sleep(10)\n")
    run = play([sys.executable, str(solution)], secret, timeout=20.0)
    assert run.verdict == "WA", run.message
    assert run.message.startswith("wrong answer: end of output after 0 guesses"), run.message


def test_a_solution_that_closes_its_output_then_crashes_after_the_rejection_gets_it(
    secret, tmp_path
):
    """The interactor rejected and exited at once; the solution exited 0.5 s after its input's
    end (the interactor's output, closed at its exit: however late a busy machine let it
    exit), within the kit's grace period, with status 5. The exits in the order they happened
    give the rejection (it was RE: the order of the ends of output was read)."""
    solution = tmp_path / "closer.py"
    solution.write_text(
        "import os, sys, time\ninput()\nos.close(1)\nsys.stdin.read()\ntime.sleep(0.5)\n"
        "sys.exit(5)\n"
    )
    run = play([sys.executable, str(solution)], secret)
    assert run.verdict == "WA", run.message
    assert run.message.startswith("wrong answer: end of output after 0 guesses")


def test_an_interactor_that_cannot_run_is_its_own_failure(secret, tmp_path):
    """Exit 1 with an import error is no rejection of the solution: it was WA."""
    script = tmp_path / "broken.py"
    script.write_text("import helper_not_there\n")
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(script)])
    assert run.verdict == "JE"
    assert run.message == (
        "judge error: interactor failed: it could not run: "
        "ModuleNotFoundError: No module named 'helper_not_there' "
        "(the interactor's broken.py, line 1)"
    )
    script.write_text(
        "import sys\nprint(100, 7, flush=True)\nsys.stdin.readline()\nprint(respnse)\n"
    )
    run = play(program("binary_search.py"), secret, interactor=[sys.executable, str(script)])
    assert (run.verdict, run.message) == (
        "JE",
        "judge error: interactor failed: it failed on a bug of its own: "
        "NameError: name 'respnse' is not defined (the interactor's broken.py, line 4)",
    )


def test_an_interactor_that_raises_before_the_solution_wrote_is_its_own_failure(tmp_path):
    """A Python interactor that raised on its own secret input (a KeyError before its first
    line) exits 1, read as a rejection: the solution, which had written nothing and still
    waited for that line, was WA, and stress shrank the interactor's bug as the solution's."""
    run = scripted(
        tmp_path,
        "n = int(input())\nprint('!', n, flush=True)\n",
        "import sys\nn = int(open(sys.argv[1]).read())\nprint({}[n], flush=True)\n",
        "13\n",
    )
    assert (run.verdict, run.message) == (
        "JE",
        "judge error: interactor failed: it raised before the solution wrote anything: "
        "KeyError: 13 (the interactor's interactor.py, line 3)",
    )


def test_an_interactor_that_raises_on_a_silent_solutions_end_rejects_it(tmp_path):
    """The solution ended without a word, and the interactor raised on the end of its output:
    a rejection, as before."""
    run = scripted(
        tmp_path,
        "input()\n",
        "import sys\nprint(5, flush=True)\nprint(int(sys.stdin.readline()))\n",
        "5\n",
    )
    assert run.verdict == "WA", run.message
    assert run.message.startswith("wrong answer: ValueError: invalid literal"), run.message


def test_an_interactor_does_not_outlive_a_kit_killed_outright(secret, tmp_path):
    """The kit's process SIGKILLed mid-game (no handler runs): an interactor that neither
    reads nor exits (here it sleeps, holding its pipes) ends with it, as the solution's
    watch does."""
    pid_file = tmp_path / "interactor.pid"
    stuck = tmp_path / "stuck.py"
    stuck.write_text(
        "import os, sys, time\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "print('100 7', flush=True)\n"
        "while True:\n    time.sleep(0.1)\n"
    )
    game = (
        "import sys\nfrom pathlib import Path\n"
        "from tests.kit.run.test_interact import play\n"
        f"play([sys.executable, '-c', 'import time; time.sleep(60)'], Path({str(secret)!r}),"
        f" interactor=[sys.executable, {str(stuck)!r}], timeout=60.0)\n"
    )
    kit = subprocess.Popen([sys.executable, "-c", game], cwd=ROOT)
    try:
        deadline = time.monotonic() + 20
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline and kit.poll() is None
            time.sleep(0.05)
        interactor_pid = int(pid_file.read_text())
    finally:
        kit.kill()
        kit.wait()
    deadline = time.monotonic() + 5
    while alive(interactor_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert not alive(interactor_pid)
    finally:
        if alive(interactor_pid):
            os.kill(interactor_pid, 9)

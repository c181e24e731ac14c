"""The commands of build.py (kit.commands): the listing, new, stress (with a planted bug found
and shrunk), run, and their one-line errors."""

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kit import cli
from kit.commands import NAMES
from tests.header_convention import header_problems

ROOT = Path(__file__).resolve().parent.parent


def command(*args, root=None, stdin=None):
    extra = ["--root", str(root)] if root is not None else []
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, *extra],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "KIT_PYTHONS": ""},
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert 'build.py", line' not in output and "kit/" not in output, output
    return done.returncode, done.stdout, done.stderr


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(["--help"])
    assert exited.value.code == 0
    listing = capsys.readouterr().out
    for name in NAMES:
        assert f"\n    {name} " in listing, name


def test_no_command_means_build(toy):
    code, out, _ = command("toy_sum", "--repeat", "1", root=toy)
    assert code == 0 and "[1/1] toy_sum" in out


# --- new -------------------------------------------------------------------------------------


def test_new_scaffolds_a_batch_problem_end_to_end(toy):
    code, out, _ = command("new", "domino_tiling", "--judge", "POJ", root=toy)
    assert code == 0, out
    for path in (
        "solutions/domino_tiling.py",
        "stress/domino_tiling.py",
        "bench/domino_tiling.py",
        "tests/test_domino_tiling.py",
    ):
        assert (toy / path).is_file(), path
    assert (toy / "samples" / "domino_tiling").is_dir()
    assert "[domino_tiling]" in (toy / "problems.toml").read_text()

    # right after new, the build says what is missing, in one line
    code, out, err = command("domino_tiling", "--repeat", "1", root=toy)
    assert code == 1
    assert "domino_tiling: samples/domino_tiling/ holds no samples (add sample-1.in and" in out

    # stress says which template function is still to write
    code, _, err = command("stress", "domino_tiling", "--cases", "2", root=toy)
    assert code == 2
    assert err.splitlines()[-1] == (
        "build.py: error: stress/domino_tiling.py: generate(), reference() are still the "
        "template's stub (write them, or give --brute CMD and --gen CMD)"
    )

    # with a sample, the template solution is what is missing
    (toy / "samples" / "domino_tiling" / "sample-1.in").write_text("1\n")
    (toy / "samples" / "domino_tiling" / "sample-1.out").write_text("1\n")
    code, out, _ = command("domino_tiling", "--repeat", "1", root=toy)
    assert code == 1
    assert "NotImplementedError: solutions/domino_tiling.py: write solve()" in out

    # the templates are honest: the header passes the convention, the test module skips
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs"],
        cwd=toy,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(toy)},
    )
    assert "no tests written yet" in done.stdout, done.stdout


def test_a_new_problem_s_stubs_do_not_stop_a_stress_run_with_the_user_s_programs(toy):
    command("new", "echo", "--judge", "POJ", root=toy)
    (toy / "solutions" / "echo.py").write_text("print(input())\n")
    (toy / "gen.py").write_text("import sys\nprint(sys.argv[1])\n")
    (toy / "brute.py").write_text("print(input())\n")
    gen, brute = (f"{sys.executable} {toy / name}" for name in ("gen.py", "brute.py"))
    programs = ("--gen", gen, "--brute", brute)
    code, out, err = command("stress", "echo", *programs, "--cases", "3", root=toy)
    assert code == 0, err
    assert "(not validated: stress/echo.py's validate() is still the template's stub)" in out
    assert "ok: 3 files passed" in out


def test_template_headers_follow_the_convention(toy):
    command("new", "alpha", "--judge", "POJ", root=toy)
    command("new", "beta", "--interactive", "--judge", "POJ", root=toy)
    for path in ("solutions/alpha.py", "stress/alpha.py", "solutions/beta.py", "stress/beta.py"):
        assert header_problems((toy / path).read_text()) == [], path


def test_new_interactive_problem_has_an_interactor(toy):
    code, out, _ = command("new", "guess", "--interactive", "--judge", "POJ", root=toy)
    assert code == 0, out
    assert (toy / "interactors" / "guess.py").is_file()
    assert 'interactor = "interactors/guess.py"' in (toy / "problems.toml").read_text()
    code, out, _ = command("guess", root=toy)
    assert code == 1 and "add sample-1.in, the interactor's input" in out

    # with a sample, the template interactor is what is missing: a judge error, not a WA
    (toy / "samples" / "guess" / "sample-1.in").write_text("100 37\n")
    code, out, _ = command("guess", "--repeat", "1", "--target", sys.executable, root=toy)
    assert code == 1
    assert "judge error: interactor failed: it reported a failure (exit status 3): " in out
    assert "interactors/guess.py: write main() (2 words of input)" in out

    # stress has its module of secret inputs to write, or a generator program
    code, _, err = command("stress", "guess", "--cases", "2", root=toy)
    assert code == 2
    assert err.splitlines()[-1] == (
        "build.py: error: stress/guess.py: generate() is still the template's stub (write it, "
        "or give --gen CMD)"
    )


def test_new_refuses_an_existing_slug_without_touching_anything(toy):
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    code, _, err = command("new", "toy_sum", "--judge", "POJ", root=toy)
    assert code == 2
    assert (
        err.strip() == "build.py: error: new: toy_sum exists in problems.toml; nothing was changed"
    )
    (toy / "stress").mkdir()
    (toy / "stress" / "lonely.py").write_text("x = 1\n")
    before[toy / "stress" / "lonely.py"] = b"x = 1\n"
    code, _, err = command("new", "lonely", "--judge", "POJ", root=toy)
    assert code == 2 and "stress/lonely.py exists already; nothing was changed" in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def _offline(monkeypatch):
    """No network: a proxy on a closed port refuses the connection as a network that is not
    there does, so no page is fetched (the tests themselves need none)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for name in ("https_proxy", "HTTPS_PROXY"):
        monkeypatch.setenv(name, f"http://127.0.0.1:{port}")
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)


def test_new_from_an_address_offline_scaffolds_what_the_address_says_and_exits_1(toy, monkeypatch):
    """No network (``_offline``): the page not fetched, the address's facts scaffolded."""
    _offline(monkeypatch)
    address = "https://codeforces.com/contest/1900/problem/A"
    code, out, err = command("new", "--from", address, root=toy)
    assert code == 1 and err == "", (out, err)
    assert f"note: {address} was not fetched (" in out
    table = (toy / "problems.toml").read_text().split("[codeforces_1900a]\n")[1]
    assert table.startswith('title = "Codeforces 1900A"\njudge = "Codeforces"')
    assert f'id = "1900A"\nurl = "{address}"\n' in table
    assert "time_limit = 1.0  # seconds (a placeholder: set the statement's)" in table
    code, out, _ = command("codeforces_1900a", root=toy)  # the samples are still to be added
    assert code == 1 and "samples/codeforces_1900a/ holds no samples" in out


def test_a_problem_scaffolded_offline_is_filled_in_by_new_from_again(toy, monkeypatch):
    """Offline (a proxy on a closed port), then offline again (refused, nothing to fill),
    then with the page saved: the title, limits and samples filled in, exit 0."""
    _offline(monkeypatch)
    address = "https://atcoder.jp/contests/dp/tasks/dp_b"
    assert command("new", "--from", address, root=toy)[0] == 1
    code, out, err = command("new", "--from", address, root=toy)
    assert code == 2 and out == "" and f"{address} is still not reachable (" in err, err
    assert "nothing to fill; nothing was changed" in err
    saved = str(ROOT / "tests" / "fixtures" / "pages" / "atcoder.html")
    code, out, err = command("new", "--from", saved, root=toy)
    assert code == 0 and err == "", (out, err)
    assert out.startswith("new: filled in dp_b from the page: title, time_limit, memory_limit")
    table = (toy / "problems.toml").read_text().split("[dp_b]\n")[1]
    assert table.startswith('title = "Frog & Toad"\n')
    assert "time_limit = 2.5  # seconds (from the page: 2.5 sec)" in table
    assert sorted(os.listdir(toy / "samples" / "dp_b"))[0] == "sample-1.in"
    code, _, err = command("new", "--from", saved, root=toy)  # filled: no longer so marked
    assert code == 2 and "new: dp_b exists in problems.toml (AtCoder dp_b); nothing" in err


def test_a_filling_whose_samples_cannot_be_written_exits_1_saying_what_was_done(toy, monkeypatch):
    """A file where the samples' folder must be: the table filled in, the samples not; one
    line on stderr says both, naming the file and why, no traceback; exit status 1."""
    _offline(monkeypatch)
    assert command("new", "--from", "https://atcoder.jp/contests/dp/tasks/dp_b", root=toy)[0] == 1
    (toy / "samples" / "dp_b").rmdir()
    (toy / "samples" / "dp_b").write_text("mine\n")
    saved = str(ROOT / "tests" / "fixtures" / "pages" / "atcoder.html")
    code, out, err = command("new", "--from", saved, root=toy)
    assert code == 1 and out == "" and err.count("\n") == 1, (out, err)
    assert err.startswith("build.py: error: new: filled in dp_b from the page: title, ")
    assert "; the page's samples not all written (samples/dp_b: File exists); the solution" in err
    table = (toy / "problems.toml").read_text().split("[dp_b]\n")[1]
    assert table.startswith('title = "Frog & Toad"\n')


@pytest.mark.parametrize(
    ("slug", "suggested"),
    [("Bad-Name", "bad_name"), ("9lives", "poj_9lives"), ("_x", "x"), ("a" * 65, "a" * 64)],
)
def test_new_refuses_a_bad_slug_suggesting_the_slug_it_makes(toy, slug, suggested):
    code, _, err = command("new", slug, "--judge", "POJ", root=toy)
    rule = "a slug is a lower-case letter, then lower-case letters, digits and '_', 64 at most"
    rule += f" (did you mean {suggested!r}?)" if suggested else ""
    assert code == 2 and err.endswith(f"error: new: {slug!r}: {rule}\n")


@pytest.mark.parametrize("slug", ["class", "match", "shared"])
def test_new_refuses_a_slug_that_cannot_name_the_solution_s_module(toy, slug):
    code, _, err = command("new", slug, "--judge", "POJ", root=toy)
    rule = "a slug may not be a Python keyword nor 'shared' (it names the solution's module)"
    assert code == 2 and err.endswith(f"error: new: {slug!r}: {rule}\n")
    assert not (toy / "solutions" / f"{slug}.py").exists()


def test_new_needs_a_judge_and_refuses_a_misspelt_one_touching_nothing(toy):
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    code, _, err = command("new", "alpha", root=toy)
    assert code == 2 and "new: name the judge with --judge NAME (codeforces, atcoder" in err
    code, _, err = command("new", "alpha", "--judge", "Codeforce", root=toy)
    assert code == 2 and "unknown judge 'Codeforce' (did you mean 'codeforces'? a name close" in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def test_new_writes_the_judge_with_what_it_sets(toy):
    command("new", "alpha", "--judge", "codeforces", root=toy)
    command("new", "beta", "--judge", "POJ", root=toy)
    text = (toy / "problems.toml").read_text()
    assert 'judge = "codeforces"  # Codeforces: targets cpython3.13, pypy3.10, source limit' in text
    assert 'judge = "POJ"  # no profile: the strictest targets (cpython3.8, pypy3)' in text


def test_the_build_says_once_which_judges_have_no_profile(toy):
    command("new", "alpha", "--judge", "POJ", root=toy)
    for name in ("alpha",):
        (toy / "samples" / name / "sample-1.in").write_text("1\n")
        (toy / "samples" / name / "sample-1.out").write_text("1\n")
    _code, out, _ = command("--repeat", "1", root=toy)
    notes = [line for line in out.splitlines() if "no judge profile" in line]
    assert notes == [
        "note: no judge profile for 'nowhere' (toy_sum, toy_echo); 'POJ' (alpha): the strictest "
        "targets were assumed (cpython3.8, pypy3); profiles: codeforces, atcoder, kattis, "
        "timus, domjudge, spoj, library checker, cses"
    ]


# --- stress ----------------------------------------------------------------------------------


@pytest.fixture
def pairsum(checkout_copy):
    return checkout_copy("pairsum")


def test_stress_passes_a_correct_solution(pairsum):
    code, out, _ = command("stress", "pairsum", "--seed", "3", "--cases", "40", root=pairsum)
    assert code == 0, out
    assert "ok: 40 files passed" in out
    assert "\nslowest: " in out and "(the file of seed " in out


def test_stress_fails_a_file_over_the_limit_timed_again_alone(pairsum):
    """Right answers over the time limit (within the 3x kill) passed, timing being left to
    bench; the slowest are timed again alone, and a median over the limit fails."""
    solution = pairsum / "solutions" / "pairsum.py"
    slow = "import time\nif b'7' in sys.stdin.buffer.peek(1 << 16):\n    time.sleep(1.2)\n"
    solution.write_text(solution.read_text().replace("if __name__", slow + "if __name__"))
    code, out, _ = command("stress", "pairsum", "--seed", "3", "--cases", "6", root=pairsum)
    assert code == 1, out
    assert re.search(
        r"\nFAILED: the file of seed \d+ \(6 files run, [0-9.]+ s\): time limit: "
        r"median of 3 runs [0-9.]+ s is over the 1 s limit, timed again alone",
        out,
    )


def test_stress_that_passes_says_the_build_s_checks_refuse_the_bundle(pairsum):
    """Right answers from a bundle over the judge's source limit: "ok" for the answers, and a
    warning that the judge would not take it (only "ok" before)."""
    table = pairsum / "problems.toml"
    table.write_text(
        table.read_text().replace("time_limit = 1.0", "time_limit = 1.0\nsource_limit = 99")
    )
    code, out, _ = command("stress", "pairsum", "--seed", "3", "--cases", "2", root=pairsum)
    assert code == 0 and "ok: 2 files passed" in out, out
    (line,) = [line for line in out.splitlines() if line.startswith("warning: ")]
    assert "the build's checks refuse this bundle for " in line
    assert "over the judge's source limit of 99 bytes: the judge would not accept it" in line


def test_stress_stopped_ends_the_run_under_way_at_once(pairsum):
    """SIGTERM during a run that would take its whole limit (30 s): the command ends within
    a second or two, and the run with it (it waited for the run's own kill before); 10 s
    allowed for a busy machine."""
    table = pairsum / "problems.toml"
    table.write_text(table.read_text().replace("time_limit = 1.0", "time_limit = 30.0"))
    pid_file = pairsum.parent / "run.pid"
    solution = pairsum / "solutions" / "pairsum.py"
    spin = f"import os\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\nwhile True: pass\n"
    solution.write_text(spin + solution.read_text())
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "stress", "pairsum", "--seed", "1"]
        + ["--cases", "3", "-j", "1", "--root", str(pairsum)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    started = time.monotonic()
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() - started < 30 and process.poll() is None
        time.sleep(0.05)
    run = int(pid_file.read_text())
    process.send_signal(signal.SIGTERM)
    stopped = time.monotonic()
    assert process.wait(timeout=60) == 128 + signal.SIGTERM
    assert time.monotonic() - stopped < 10.0
    assert process.stderr.read().endswith("stopped by SIGTERM\n")
    process.stdout.close()
    process.stderr.close()
    while Path(f"/proc/{run}").exists() and time.monotonic() - stopped < 10.0:
        time.sleep(0.05)
    assert not Path(f"/proc/{run}").exists()


def test_stress_finds_a_planted_bug_and_shrinks_it_to_one_small_case(pairsum):
    solution = pairsum / "solutions" / "pairsum.py"
    text = solution.read_text()
    planted = text.replace("{a + b}", "{a + b if a < 700 else a - b}")
    assert planted != text
    solution.write_text(planted)
    saved = pairsum / "found"
    code, out, _ = command(
        "stress", "pairsum", "--seed", "5", "--cases", "50", "--save", str(saved), root=pairsum
    )
    assert code == 1, out
    assert "FAILED: the file of seed" in out
    shrunk = out.split("\nInput:\n", 1)[1].split("\n\n", 1)[0]
    assert shrunk.splitlines()[0] == "1"  # a single test case
    a, b = map(int, shrunk.splitlines()[1].split())
    assert a == 700 and b == 1  # the smallest failing pair
    assert "\nExpected:\n701\n" in out and "\nGot:\n699\n" in out
    assert "build.py stress pairsum --seed " in out.split("Reproduce: ", 1)[1]
    (name,) = [path.stem for path in saved.glob("*.in")]
    assert (saved / f"{name}.in").read_text() == "1\n700 1\n"
    assert (saved / f"{name}.out").read_text() == "701\n"

    # the reproduction line gives the failure back
    line = out.split("Reproduce: ", 1)[1].split("build.py ", 1)[1].split("   ")[0]
    code, again, _ = command(*line.split(), root=pairsum)
    assert code == 1 and "FAILED: the file of seed" in again


def plant_bug(pairsum):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("{a + b}", "{a + b if a < 700 else a - b}"))


def test_stress_shrinks_with_a_strict_split_cases_that_refuses_malformed_files(pairsum):
    """split_cases may rely on validate: the shrinker never gives it (nor anything else) a
    candidate validate has not accepted."""
    plant_bug(pairsum)
    module = pairsum / "stress" / "pairsum.py"
    module.write_text(
        module.read_text().replace(
            "def split_cases(text: str) -> list:\n",
            "def split_cases(text: str) -> list:\n"
            "    count, *rows = text.strip().split('\\n')\n"
            "    if int(count) != len(rows) or any(len(row.split()) != 2 for row in rows):\n"
            "        raise ValueError('not a count line and that many pairs')\n",
        )
    )
    code, out, err = command("stress", "pairsum", "--seed", "5", "--cases", "50", root=pairsum)
    assert code == 1, out + err
    assert "\nInput:\n1\n700 1\n" in out


def test_a_stress_module_raising_mid_shrink_is_one_line_and_the_case_so_far_is_saved(pairsum):
    plant_bug(pairsum)
    module = pairsum / "stress" / "pairsum.py"
    module.write_text(
        module.read_text().replace(
            "def validate(text: str) -> None:\n",
            "def validate(text: str) -> None:\n"
            "    if len(split_cases(text)) < 3:\n"
            "        raise ZeroDivisionError('few cases')\n",
        )
    )
    code, out, err = command("stress", "pairsum", "--seed", "5", "--cases", "50", root=pairsum)
    assert code == 1, out + err  # a failure was found, shown and saved: the error comes after
    (line,) = err.splitlines()
    raised = module.read_text().splitlines().index("        raise ZeroDivisionError('few cases')")
    assert line.startswith(
        "build.py: error: stress/pairsum.py: validate() raised ZeroDivisionError: few cases at "
        f"stress/pairsum.py:{raised + 1} (on the input saved as "
    )
    saved = Path(out.split("\nsaved: ", 1)[1].split("\n", 1)[0])
    text = saved.read_text()
    assert len(text.splitlines()) >= 4 and text.split("\n", 1)[0] == str(len(text.splitlines()) - 1)
    assert text in out  # shown as the smallest failing input found before the error


def test_stress_saved_into_the_samples_becomes_the_next_sample(pairsum):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("{a + b}", "{a * b}"))
    samples = pairsum / "samples" / "pairsum"
    code, out, _ = command(
        "stress", "pairsum", "--seed", "1", "--cases", "5", "--save", str(samples), root=pairsum
    )
    assert code == 1, out
    assert (samples / "sample-2.in").is_file() and (samples / "sample-2.out").is_file()


def test_stress_catches_a_crash_and_runs_in_parallel(pairsum):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(
        solution.read_text().replace("{a + b}", "{a + b if b % 7 != 3 else a // 0}")
    )
    code, out, _ = command(
        "stress", "pairsum", "--seed", "2", "--cases", "40", "-j", "2", root=pairsum
    )
    assert code == 1, out
    assert "runtime error: exit status 1: ZeroDivisionError" in out
    assert "\nInput:\n1\n0 3\n" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stress", "nope"], "unknown problem 'nope'"),
        (["run", "nope"], "unknown problem 'nope'"),
        (["stress", "pairsum", "--seed", "1", "-j", "0"], "argument -j/--jobs: must be at least"),
        (["stress", "pairsum", "--param", "size=3"], "--param size: not a parameter"),
        (["stress", "pairsum", "--seed", "x"], "argument --seed: not a whole number: 'x'"),
        (["stress", "pairsum", "--cases", "3", "--seconds", "2"], "not allowed with argument"),
    ],
)
def test_stress_usage_errors_are_one_line_and_exit_2(pairsum, args, message):
    code, _, err = command(*args, root=pairsum)
    assert code == 2 and message in err


def test_stress_without_a_stress_module_is_one_line(toy):
    code, _, err = command("stress", "toy_sum", root=toy)
    assert code == 2
    assert "toy_sum: no stress/toy_sum.py (a generator, validator and reference" in err


# --- run -------------------------------------------------------------------------------------


def test_run_prints_the_output_and_reports_on_stderr(pairsum):
    code, out, err = command("run", "pairsum", stdin="2\n1 2\n3 4\n", root=pairsum)
    assert code == 0
    assert out == "3\n7\n"
    assert err.startswith("[pairsum: without answer, ") and err.rstrip().endswith("]")


def test_run_reads_a_file_and_maps_a_crash_to_the_author_s_lines(pairsum, tmp_path):
    case = tmp_path / "short.in"
    case.write_text("2\n1 2\n")
    code, out, err = command("run", "pairsum", str(case), root=pairsum)
    assert code == 1
    assert out == ""
    assert 'File "shared/pair_io.py", line 6' in err
    assert "IndexError: list index out of range" in err and "exit status 1" in err


# --- build --watch ---------------------------------------------------------------------------


def watching(toy, *options):
    """``build.py toy_sum --watch`` started on ``toy``, and a queue of its output lines (stdout
    and stderr), read as they come, then None at their end."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "toy_sum", "--watch", "--root", str(toy)]
        + list(options),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "KIT_PYTHONS": ""},
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(
        target=lambda: [*(lines.put(line) for line in process.stdout), lines.put(None)],
        daemon=True,
    ).start()
    return process, lines


@pytest.mark.usefixtures("ctrl_c_works")
def test_watch_rebuilds_on_each_change_and_stops_cleanly_on_ctrl_c(toy):
    process, lines = watching(toy, "--repeat", "1")

    def next_status(expected):
        """The first of at most three status lines that holds ``expected``, else the last: a
        step may give a build more (the toy's files, written just before the first build,
        count as changed during it: kit/watch.changed_during)."""
        for _ in range(3):
            line = lines.get(timeout=30)
            while not (line[:2].isdigit() and " toy_sum " in line):
                line = lines.get(timeout=30)
            if expected in line:
                break
        return line

    try:
        assert " toy_sum ok, 1/1 cases" in next_status(" toy_sum ok, 1/1 cases")
        helper = toy / "shared" / "toy_text.py"
        original = helper.read_text()
        helper.write_text(original.replace('"""totals:', '"""TOTALS:'))  # a helper changed
        wrong = " toy_sum FAIL, 0/1 cases (1 WA)"
        assert wrong in next_status(wrong)
        helper.write_text(original)
        assert " toy_sum ok" in next_status(" toy_sum ok")
        (toy / "samples" / "toy_sum" / "sample-2.ans").write_text("1\n")  # a lone answer
        assert " toy_sum FAIL (built in" in next_status(" toy_sum FAIL (built in")
        assert "sample-2.ans has no sample-2.in" in lines.get(timeout=30)
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    rest = list(iter(lambda: lines.get(timeout=30), None))  # the reader may lag the exit
    assert rest[-1:] == ["stopped watching\n"]


def test_a_watch_ended_by_sigterm_exits_as_the_kit_does_for_it(toy):
    """Ctrl-C is how a watch ends (0); SIGTERM is a stop (128 + 15), as for every command,
    said in one line, as there (it said "stopped watching" too)."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "toy_sum", "--watch", "--root", str(toy)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "KIT_PYTHONS": ""},
    )
    assert process.stdout.readline().startswith("watching toy_sum")
    assert " toy_sum " in process.stdout.readline()
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 128 + signal.SIGTERM
    assert process.stdout.read() == ""
    assert process.stderr.read().endswith(": stopped by SIGTERM\n")


@pytest.mark.usefixtures("ctrl_c_works")
def test_watch_abandons_a_build_when_a_file_it_read_changes_and_ends_its_runs(toy):
    """A save during a long build (a run of 60 s under a 30 s limit) abandons it at once: its
    run is ended, no line of it is printed, and the build of the new text starts (within 40 s
    of the watch's start, for a busy machine: far below the run's 60 s)."""
    table = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(table.replace("time_limit = 1.0", "time_limit = 30.0", 1))
    solution = toy / "solutions" / "toy_sum.py"
    fixed = solution.read_text()
    pid_file = toy.parent / "run.pid"  # outside the workspace, whose folders are watched
    slow = f"import os, time\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
    solution.write_text(slow + "time.sleep(60)\n" + fixed)
    started = time.monotonic()
    process, lines = watching(toy)
    try:
        while not (pid_file.exists() and pid_file.read_text()):  # the slow run has started
            assert time.monotonic() - started < 30 and process.poll() is None
            time.sleep(0.05)
        run = int(pid_file.read_text())  # its pid written: /proc/0 would pass whatever ran
        solution.write_text(fixed)
        said = [lines.get(timeout=30) for _ in range(2)]
        assert said[0].startswith("watching toy_sum")
        assert said[1].endswith(" solutions/toy_sum.py changed: build abandoned\n")
        status = lines.get(timeout=30)
        assert " toy_sum ok, 1/1 cases" in status, status
        assert time.monotonic() - started < 40  # the 60 s run was not waited for
        gone = time.monotonic() + 10  # ended with its build (reaped by then)
        while Path(f"/proc/{run}").exists() and time.monotonic() < gone:
            time.sleep(0.05)
        assert not Path(f"/proc/{run}").exists()
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0

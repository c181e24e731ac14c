"""stress on an interactive problem: random secret inputs played through the problem's
interactor (tests/fixtures/guess: several guess-the-number games per input), an off-by-one
binary search found and shrunk to one secret, saved as a sample; its one-line errors."""

import re
from pathlib import Path

import pytest

from tests.command_support import run_build


def command(*args, root):
    return run_build(*args, root=root, cwd=root)


@pytest.fixture
def guess(checkout_copy):
    return checkout_copy("guess")


def plant_off_by_one(root):
    """The search starts on 1..N-1: a secret N is never found (N = 1: it guesses 0)."""
    solution = root / "solutions" / "guess.py"
    text = solution.read_text()
    solution.write_text(text.replace("low, high = 1, n\n", "low, high = 1, n - 1\n"))
    assert solution.read_text() != text


def test_a_correct_guesser_passes_against_the_interactor(guess):
    code, out, err = command("stress", "guess", "--seed", "1", "--cases", "12", root=guess)
    assert code == 0, out + err
    assert "parameters games=5 n=20, played through interactors/guess.py, 1 at a time" in out
    assert "ok: 12 files passed" in out


def test_an_off_by_one_is_found_and_shrunk_to_one_secret_and_saved(guess):
    plant_off_by_one(guess)
    args = ["stress", "guess", "--seed", "1", "--cases", "30", "--save"]
    code, out, err = command(*args, root=guess)
    assert code == 1, out + err
    assert "FAILED: the file of seed 1 " in out
    assert "(cases: 5 -> 1; params: games 5 -> 1, n 20 -> 1" in out
    assert "\nVerdict: wrong answer: game 1, guess 1: expected an integer in 1..1, got '0'\n" in out
    assert "\nInput:\n1\n1 1 1\n" in out  # one game, the secret N = 1
    assert "\nLast lines exchanged (> from the solution, < to it):\n< 1\n< 1 1\n> 0\n" in out
    assert "Expected:" not in out
    assert "build.py stress guess --seed " in out.split("Reproduce: ", 1)[1]
    samples = guess / "samples" / "guess"
    assert "saved: samples/guess/sample-2.in\n" in out
    assert (samples / "sample-2.in").read_text() == "1\n1 1 1\n"
    assert not (samples / "sample-2.out").exists()


def test_secret_inputs_from_a_generator_program(guess):
    """A generator without a size: the smallest failing file among the next seeds, then cut."""
    plant_off_by_one(guess)
    (guess / "gen.py").write_text(
        "import sys\nn = int(sys.argv[1]) % 7 + 1\nprint(1)\nprint(n, n.bit_length(), n)\n"
    )
    args = ["stress", "guess", "--seed", "3", "--cases", "5", "--gen", "gen.py"]
    code, out, err = command(*args, root=guess)
    assert code == 1, out + err
    assert "files from gen.py SEED, played through interactors/guess.py" in out
    assert "FAILED: the file of seed 3 " in out and "the smallest failing file is seed 7's" in out
    assert "\nInput:\n1\n1 1 1\n" in out


def test_interactive_stress_takes_no_brute_force_for_an_interactor_given_no_answer(guess):
    code, out, err = command("stress", "guess", "--brute", "gen.py", root=guess)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.endswith(
        "guess: --brute makes the ANSWER file of a kattis: or testlib: interactor; "
        "interactors/guess.py, of the kit's protocol, takes none (it judges each game alone)"
    )


def test_an_interactive_problem_without_an_interactor_is_one_line(guess):
    registry = guess / "problems.toml"
    registry.write_text(registry.read_text().replace('interactor = "interactors/guess.py"\n', ""))
    code, _, err = command("stress", "guess", root=guess)
    assert code == 2
    assert "guess: stress plays an interactive problem through its interactor" in err


def test_an_interactive_stress_module_needs_only_a_generator(guess):
    module = guess / "stress" / "guess.py"
    module.write_text(module.read_text().replace("def generate(", "def generated("))
    code, _, err = command("stress", "guess", root=guess)
    assert code == 2
    assert "stress/guess.py: defines no generate (or give --gen CMD)" in err


def test_an_interactor_s_own_failure_is_one_line_not_the_solution_s(guess):
    """An interactor exiting 3 (testlib's FAIL) was a FAILED report with a judge error,
    shrunk, exit 1: as a failing brute force, it is the command's error, exit 2."""
    interactor = guess / "interactors" / "guess.py"
    interactor.write_text("import sys\nprint('jury bug', file=sys.stderr)\nsys.exit(3)\n")
    code, out, err = command("stress", "guess", "--seed", "1", "--cases", "5", root=guess)
    assert code == 2, out + err
    assert "FAILED" not in out and "shrinking" not in out
    said = re.search(
        r"guess: on the input saved as (\S+), the file of seed 1, parameters \S+ \S+: judge "
        r"error: interactor failed: it reported a failure \(exit status 3\): jury bug$",
        err.strip(),
    )  # the input it failed on, kept, and what made it (only "on seed 1" was said)
    assert said, err
    assert Path(said.group(1)).read_text().strip()


def test_an_interactor_that_spins_is_the_judge_s_failure_not_the_solution_s_idleness(guess):
    """An interactor looping while the solution waits for its reply was the solution's TLE
    ("idle"), shrunk and reported FAILED: it is the interactor's failure, exit 2."""
    interactor = guess / "interactors" / "guess.py"
    interactor.write_text("print(1, flush=True)\nwhile True:\n    pass\n")
    code, out, err = command("stress", "guess", "--seed", "1", "--cases", "3", root=guess)
    assert code == 2, out + err
    assert "FAILED" not in out and "shrinking" not in out
    assert re.search(r"guess: on the input saved as \S+, the file of seed 1, .*: judge error: "
                     r"interactor busy: ", err)  # fmt: skip
    assert "while the solution waited" in err


def test_an_idle_game_is_reported_as_found_not_shrunk(guess):
    """A guess never flushed: each game ends at the idle timeout. It was shrunk try by try
    (6 s each on a 2 s limit), its final run and two more after: 85 s for a 60 s budget.
    A time limit shows only at the limit: reported as found, not shrunk nor run again."""
    solution = guess / "solutions" / "guess.py"
    text = solution.read_text()
    text = text.replace("print(middle, flush=True)", "print(middle)")  # input() would flush
    solution.write_text("import sys\n" + text.replace("input()", "sys.stdin.readline()"))
    registry = guess / "problems.toml"
    registry.write_text(registry.read_text().replace("time_limit = 1.0", "time_limit = 0.25"))
    args = ["stress", "guess", "--seed", "1", "--cases", "3", "--param", "games=1"]
    code, out, err = command(*args, root=guess)
    assert code == 1, out + err
    failed = re.search(r"FAILED: the file of seed 1 \(1 file run, .*\): time limit: idle: (.*)",
                       out)  # fmt: skip
    assert failed, out
    assert failed.group(1).endswith("(not shrunk: each try would run until the kill at 0.75 s)")
    assert "shrinking" not in out and "shrunk in" not in out
    assert "\nLast lines exchanged (> from the solution, < to it):\n< 1\n" in out
    assert "(the file that failed, not shrunk, the input shown; " in out.split("Reproduce: ")[1]

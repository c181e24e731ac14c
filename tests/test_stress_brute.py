"""stress against a brute force and a generator written as programs (--brute, --gen,
--gen-size) on a one-case problem, tests/fixtures/maxsum (no split_cases/join_cases, no
reference): a planted bug (Kadane started at 0, wrong when every number is negative) found and
shrunk, --save into the samples, and the one-line errors of bad options and failing programs.
"""

import random
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.command_support import run_build

BRUTE = "brute/maxsum_brute.py"
GEN = "brute/maxsum_gen.py"


def command(*args, root):
    """``build.py ARGS --root ROOT``, started from ROOT (the programs' paths are relative)."""
    return run_build(*args, root=root, cwd=root)


@pytest.fixture
def maxsum(checkout_copy):
    """A copy of the fixture with the bug planted in its solution."""
    root = checkout_copy("maxsum")
    solution = root / "solutions" / "maxsum.py"
    text = solution.read_text()
    solution.write_text(text.replace("best = values[0]", "best = 0"))
    assert solution.read_text() != text
    return root


def shown(out, title):
    """The text printed under ``title:`` (up to the next blank line)."""
    return out.split(f"\n{title}:\n", 1)[1].split("\n\n", 1)[0] + "\n"


def assert_shrunk_to_one_negative_number(out):
    assert shown(out, "Input") == "1\n-1\n"
    assert shown(out, "Expected") == "-1\n" and shown(out, "Got") == "0\n"


# --- one case per file ------------------------------------------------------------------------


def test_a_one_case_module_needs_no_split_or_join(maxsum):
    module = maxsum / "stress" / "maxsum.py"
    module.write_text(
        module.read_text()
        + "\n\ndef reference(text):\n"
        + "    n, *values = map(int, text.split())\n"
        + "    runs = (sum(values[i:j]) for i in range(n) for j in range(i + 1, n + 1))\n"
        + "    return f'{max(runs)}\\n'\n"
    )
    code, out, err = command("stress", "maxsum", "--seed", "1", "--cases", "30", root=maxsum)
    assert code == 1, out + err
    assert "shrunk in " in out and "(cases: one per file; params: " in out
    assert_shrunk_to_one_negative_number(out)


# --- --brute ----------------------------------------------------------------------------------


def test_a_correct_solution_passes_against_the_brute_force_program(checkout_copy):
    root = checkout_copy("maxsum")
    code, out, err = command(
        "stress", "maxsum", "--seed", "1", "--cases", "20", "--brute", BRUTE, root=root
    )
    assert code == 0, out + err
    assert f"parameters n=8 bound=10, answers from {BRUTE}, 1 at a time" in out
    assert "ok: 20 files passed" in out


def test_a_brute_force_has_a_reference_s_time_not_the_solution_s(checkout_copy):
    """A brute force slower than 3 x the solution's 1 s limit was stopped as a failure of its
    own ("killed at 3 s"); a stress module's reference() has 60 s, and so has it now."""
    root = checkout_copy("maxsum")
    slow = root / "brute" / "slow_brute.py"
    slow.write_text("import time\ntime.sleep(3.3)\n" + (root / BRUTE).read_text())
    code, out, err = command(
        "stress", "maxsum", "--seed", "1", "--cases", "1", "--brute", "brute/slow_brute.py",
        root=root,
    )  # fmt: skip
    assert code == 0 and "ok: 1 file passed" in out, out + err


def test_a_brute_force_program_finds_the_bug_and_its_failure_is_shrunk(maxsum):
    brute = f"{shlex.quote(sys.executable)} {BRUTE}"  # shell words, a path from the cwd
    args = ["stress", "maxsum", "--seed", "1", "--cases", "30", "--brute", brute]
    code, out, err = command(*args, root=maxsum)
    assert code == 1, out + err
    assert "FAILED: the file of seed " in out and "cases: one per file" in out
    assert_shrunk_to_one_negative_number(out)

    # the reproduction line names the brute force and gives the failure back
    line = out.split("Reproduce: ", 1)[1].split("build.py ", 1)[1].split("   ")[0]
    assert f"--brute {shlex.quote(brute)}" in line
    code, again, _ = command(*shlex.split(line), root=maxsum)
    assert code == 1 and "FAILED: the file of seed " in again


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc here")
def test_a_brute_force_in_c(maxsum, tmp_path):
    binary = tmp_path / "brute"
    source = maxsum / "brute" / "maxsum_brute.c"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(source)], check=True, timeout=120)
    args = ["stress", "maxsum", "--seed", "1", "--cases", "30", "--brute", str(binary)]
    code, out, err = command(*args, root=maxsum)
    assert code == 1, out + err
    assert_shrunk_to_one_negative_number(out)


def test_save_writes_the_input_and_the_brute_force_s_answer_as_the_next_sample(maxsum):
    args = ["stress", "maxsum", "--seed", "1", "--cases", "30", "--brute", BRUTE, "--save"]
    code, out, err = command(*args, root=maxsum)
    assert code == 1, out + err
    samples = maxsum / "samples" / "maxsum"
    assert "saved: samples/maxsum/sample-2.in, samples/maxsum/sample-2.out" in out
    assert (samples / "sample-2.in").read_text() == "1\n-1\n"
    assert (samples / "sample-2.out").read_text() == "-1\n"
    # the build now fails on it
    code, out, _ = command("maxsum", root=maxsum)
    assert code == 1 and "sample-2" in out


# --- --gen ------------------------------------------------------------------------------------


def generated(seed, size=8):
    """What brute/maxsum_gen.py prints for ``seed`` and ``size``."""
    rng = random.Random(seed)
    n = rng.randint(1, size)
    return f"{n}\n" + " ".join(str(rng.randint(-10, 10)) for _ in range(n)) + "\n"


def test_a_generator_that_takes_a_size_is_shrunk_by_its_size(maxsum):
    (maxsum / "stress" / "maxsum.py").unlink()  # no validator: the size is what shrinks
    gen = f"{shlex.quote(sys.executable)} {GEN}"
    args = ["--gen", gen, "--gen-size", "20", "--brute", BRUTE]
    code, out, err = command("stress", "maxsum", "--seed", "3", "--cases", "60", *args, root=maxsum)
    assert code == 1, out + err
    assert f"files from {gen} SEED 20, answers from {BRUTE}" in out
    first = int(re.search(r"FAILED: the file of seed (\d+)", out)[1])
    assert first == 32  # the first seed from 3 whose file (size 20) is all negative
    assert "params: size 20 -> 1 " in out and "cuts: none (no validator)" in out
    seed = int(re.search(r"Reproduce: .* --seed (\d+) ", out)[1])
    assert first <= seed < first + 20
    assert shown(out, "Input") == generated(seed, 1)  # the generator's file of size 1
    line = out.split("Reproduce: ", 1)[1].split("build.py ", 1)[1].split("   ")[0]
    assert (
        "--gen-size 1" in line
        and "(the smallest generated file that fails, the input shown; size 1)" in out
    )
    code, again, _ = command(*shlex.split(line), root=maxsum)
    assert code == 1 and "FAILED: the file of seed " in again


def test_without_a_validator_or_a_size_the_smallest_failing_seed_is_reported(maxsum):
    (maxsum / "stress" / "maxsum.py").unlink()
    args = ["--gen", GEN, "--brute", BRUTE]
    code, out, err = command("stress", "maxsum", "--seed", "1", "--cases", "30", *args, root=maxsum)
    assert code == 1, out + err
    first = int(re.search(r"FAILED: the file of seed (\d+)", out)[1])
    failing = [
        (len(text), [abs(int(word)) for word in text.split()], seed, text)
        for seed in range(first, first + 20)
        if max(map(int, (text := generated(seed)).split()[1:])) < 0  # all negative: wrong
    ]
    *_, seed, text = min(failing)
    assert f"seeds {first} to {first + 19}: the smallest failing file is seed {seed}'s" in out
    assert shown(out, "Input") == text
    assert f"--seed {seed} --cases 1 --gen {GEN} --brute {BRUTE}" in out


def test_a_generator_program_with_the_module_s_validator_is_cut_down(maxsum):
    args = ["--gen", GEN, "--brute", BRUTE]
    code, out, err = command("stress", "maxsum", "--seed", "1", "--cases", "30", *args, root=maxsum)
    assert code == 1, out + err
    assert_shrunk_to_one_negative_number(out)


# --- one-line errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--brute", "./nope"], "--brute './nope': no such program: ./nope"),
        (["--brute", "no-such-program-here"], "nor on the PATH"),
        (["--brute", "'unclosed"], '--brute "\'unclosed": No closing quotation'),
        (["--brute", ""], "--brute: no command given"),
        (["--brute", "samples/maxsum/sample-1.in"], "is not executable (nor a .py file)"),
        (["--gen", "./nope", "--brute", BRUTE], "--gen './nope': no such program: ./nope"),
        (["--gen-size", "3"], "--gen-size: for a generator program given with --gen CMD"),
        (["--gen", GEN, "--param", "n=3"], "--param n=3: for the stress module's generate()"),
        ([], "stress/maxsum.py: defines no reference (or give --brute CMD)"),
        (["--brute", BRUTE, "--param", "m=3"], "--param m: not a parameter (known: bound, n)"),
    ],
)
def test_bad_options_are_one_line_errors(maxsum, args, message):
    code, out, err = command("stress", "maxsum", "--seed", "1", "--cases", "5", *args, root=maxsum)
    assert code == 2, out + err
    assert out == ""
    (line,) = err.splitlines()
    assert message in line


def test_no_stress_module_needs_both_programs(maxsum):
    (maxsum / "stress" / "maxsum.py").unlink()
    code, _, err = command("stress", "maxsum", "--brute", BRUTE, root=maxsum)
    assert code == 2
    assert err.strip().endswith(
        "maxsum: no stress/maxsum.py (a generator of inputs: PARAMS and generate(); or --gen CMD)"
    )


def test_split_cases_without_join_cases_is_refused(maxsum):
    module = maxsum / "stress" / "maxsum.py"
    module.write_text(module.read_text() + "\n\ndef split_cases(text):\n    return [text]\n")
    code, _, err = command("stress", "maxsum", "--brute", BRUTE, root=maxsum)
    assert code == 2
    assert "stress/maxsum.py: defines split_cases but no join_cases" in err


def test_a_brute_force_that_crashes_is_one_line_naming_it_and_its_input(maxsum):
    crash = maxsum / "brute" / "crash.py"
    crash.write_text("import sys\nsys.stdin.read()\nraise SystemExit(3)\n")
    code, _, err = command("stress", "maxsum", "--brute", "brute/crash.py", root=maxsum)
    assert code == 2
    (line,) = err.splitlines()
    assert line.startswith(
        "build.py: error: --brute 'brute/crash.py' failed: runtime error: exit status 3 "
        "(on the input saved as "
    )
    saved, made = line.rsplit("saved as ", 1)[1].split(", ", 1)
    assert Path(saved).read_text().startswith(tuple("12345678"))
    assert re.fullmatch(r"the file of seed \d+, parameters n=8 bound=10\)", made), made


def test_a_generator_that_fails_or_breaks_the_validator_is_one_line(maxsum):
    bad = maxsum / "brute" / "bad_gen.py"
    bad.write_text("import sys\nif sys.argv[1] == '4': sys.exit(1)\nprint(0)\n")
    args = ["stress", "maxsum", "--seed", "4", "--gen", "brute/bad_gen.py", "--brute", BRUTE]
    code, _, err = command(*args, root=maxsum)
    assert code == 2
    assert "--gen 'brute/bad_gen.py' (run with 4) failed: runtime error: exit status 1" in err
    code, _, err = command(*args[:3], "5", *args[4:], root=maxsum)
    assert code == 2
    (line,) = err.splitlines()
    assert line.endswith(
        "maxsum: --gen 'brute/bad_gen.py' made a file that stress/maxsum.py's validate() "
        "refuses (seed 5) on '0\\n': expected two lines: N, then N numbers"
    )
    bad.write_text("print('3')\nprint('1 2')\nprint('4')\n")  # longer: saved, and named
    code, _, err = command(*args, root=maxsum)
    (line,) = err.splitlines()
    assert code == 2 and "refuses (seed 4) on the input saved as " in line, line
    saved = Path(line.split("saved as ", 1)[1].split(": ", 1)[0])
    assert saved.read_text() == "3\n1 2\n4\n"
    saved.unlink()

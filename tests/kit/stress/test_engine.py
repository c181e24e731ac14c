"""kit.stress.engine on a copy of tests/fixtures/pairsum: files made from a seed and checked by
the validator, the bundle judged on them against the reference as the build judges a case,
the search stopping at the first failing seed, and an input a message is about shown when
short, else kept in a file."""

import re
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from kit import scaffold
from kit.bundle_making import write_bundle
from kit.errors import BuildError
from kit.judges.targets import parse_target, stand_in
from kit.registry import load_registry
from kit.run import case_judge
from kit.run.failure_hints import SILENT_CRASH_HINT
from kit.run.process import TIME, Run
from kit.stress import engine
from kit.stress.engine import Stress, search
from kit.stress.source import source_for

RUNNER = stand_in([parse_target("cpython3.8")])


def stress_of(problem, tmp_path):
    source = source_for(problem, RUNNER, brute=None, gen=None, gen_size=None, given=[])
    folder = tmp_path / "run"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    return Stress(problem, source, bundle, script, folder=folder, runner=RUNNER)


@pytest.fixture
def pairsum(checkout_copy, own_imports):
    return load_registry(checkout_copy("pairsum"))["pairsum"]


def plant_bug(problem):
    """A solution wrong only when a sum reaches 1000."""
    text = problem.solution.read_text()
    problem.solution.write_text(text.replace('f"{a + b}\\n"', 'f"{(a + b) % 1000}\\n"'))


def test_a_file_is_the_generator_s_for_its_seed_and_the_bundle_passes_on_it(pairsum, tmp_path):
    stress = stress_of(pairsum, tmp_path)
    params = {"cases": 3, "bound": 50}
    text = stress.make(11, params)
    assert text == stress.make(11, params) != stress.make(12, params)
    assert text.startswith("3\n") and len(text.splitlines()) == 4
    assert stress.answer(text).decode() == stress.source.module.reference(text)
    outcome = stress.judge(text, "case0", "seed 11")
    assert (outcome.failed, outcome.word) == (False, "ok")
    assert outcome.got == outcome.expected  # what a passing run printed is kept too
    assert stress.slowest[1] == "seed 11" and stress.slowest[0] > 0


def test_the_slowest_file_is_timed_by_the_judge_s_clock(checkout_copy, own_imports, tmp_path):
    """A Kattis problem's time is CPU time, as the build counts it: a sleep is not counted."""
    root = checkout_copy("pairsum")
    toml = root / "problems.toml"
    text = toml.read_text()
    judge = next(line for line in text.splitlines() if line.startswith("judge = "))
    toml.write_text(text.replace(judge, 'judge = "Kattis"', 1))
    problem = load_registry(root)["pairsum"]
    problem.solution.write_text("import time\ntime.sleep(0.4)\n" + problem.solution.read_text())
    stress = stress_of(problem, tmp_path)
    assert not stress.judge(stress.make(11, {"cases": 3, "bound": 50}), "case0", "seed 11").failed
    assert 0 < stress.slowest[0] < 0.3


def test_a_wrong_answer_is_a_failed_outcome_with_got_and_expected(pairsum, tmp_path):
    plant_bug(pairsum)
    stress = stress_of(pairsum, tmp_path)
    outcome = stress.judge("2\n1 2\n999 1\n")
    assert (outcome.failed, outcome.word) == (True, "WA")
    assert (outcome.got, outcome.expected) == (b"3\n0\n", b"3\n1000\n")
    assert outcome.message.startswith("wrong answer")


def test_a_reference_that_fails_is_no_answer_the_solution_is_not_blamed(pairsum, tmp_path):
    """Told apart from the bundle's failures (the shrink passes such a file over), with the
    reference's own one line."""
    stress = stress_of(pairsum, tmp_path)
    stress.source.module._module.reference = lambda text: 1 // 0
    with pytest.raises(engine.NoAnswer) as caught:
        stress.judge("1\n1 2\n")
    assert str(caught.value).startswith("stress/pairsum.py: reference() raised ZeroDivisionError")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_reference_that_fails_in_the_search_names_the_file_s_seed(pairsum, tmp_path, jobs):
    """Its input was saved, but the seed that makes it again was not said (the generator's
    own error named it)."""
    stress = stress_of(pairsum, tmp_path)
    reference = stress.source.module._module.reference
    unlucky = stress.make(8, {"cases": 2, "bound": 9})
    stress.source.module._module.reference = lambda text: (
        1 // 0 if text == unlucky else reference(text)
    )
    with pytest.raises(engine.NoAnswer) as caught:
        search(stress, 7, {"cases": 2, "bound": 9}, limit_cases=4, limit_seconds=None, jobs=jobs)
    said = str(caught.value)
    assert said.startswith("stress/pairsum.py: reference() raised ZeroDivisionError"), said
    # one bracket: its input, then the file it is (two in a row read as two remarks)
    assert said.endswith(".in, the file of seed 8, parameters cases=2 bound=9)"), said
    assert ") (" not in said, said


def test_a_reference_s_error_without_its_input_still_names_the_file_once(pairsum, tmp_path):
    """An error whose message has no input phrase (a value of the wrong type) gets the file's
    bracket of its own."""
    stress = stress_of(pairsum, tmp_path)
    stress.source.module._module.reference = lambda text: 7
    with pytest.raises(engine.NoAnswer) as caught:
        search(stress, 3, {"cases": 2, "bound": 9}, limit_cases=1, limit_seconds=None, jobs=1)
    assert str(caught.value) == (
        "stress/pairsum.py: reference() returned int, not str "
        "(the file of seed 3, parameters cases=2 bound=9)"
    )


def test_a_stopped_command_s_judging_thread_leaves_off_before_the_clean_up(
    pairsum, tmp_path, monkeypatch
):
    """Ctrl-C or SIGTERM while the shrink's thread judges: it is told to stop and waited for
    (it wrote into the run's folder while it was removed: a traceback, a folder left)."""
    stress = stress_of(pairsum, tmp_path)
    judged = []

    def work():
        while True:
            judged.append(stress.judge("1\n1 2\n"))

    def interrupted(stress, what, stuck=None):
        if judged:
            raise KeyboardInterrupt

    monkeypatch.setattr(engine, "_check_stuck", interrupted)
    monkeypatch.setattr(engine, "POLL", 0.05)
    with pytest.raises(KeyboardInterrupt):
        engine.watched(stress, work, "shrinking")
    assert stress.stopped.is_set()
    count = len(judged)
    time.sleep(0.3)
    assert len(judged) == count  # the thread left off
    with pytest.raises(engine.Abandoned):
        stress.judge("1\n1 2\n")


def test_the_search_stops_at_the_first_failing_seed(pairsum, tmp_path):
    plant_bug(pairsum)
    stress = stress_of(pairsum, tmp_path)
    params = {"cases": 4, "bound": 1000}
    found = search(stress, 1, params, limit_cases=30, limit_seconds=None, jobs=1)
    assert found is not None
    seed, text, outcome = found
    assert outcome.failed and text == stress.make(seed, params)
    assert stress.count == seed  # seeds 1..seed were tried, each once
    assert all(not stress.judge(stress.make(s, params)).failed for s in range(1, seed))


def test_with_jobs_an_error_on_a_later_seed_does_not_hide_an_earlier_failure(pairsum, tmp_path):
    """Seeds judged side by side: the first failure in seed order is found even when a later
    seed of its batch raised (a brute force that crashed); an error on an earlier seed is the
    error."""
    plant_bug(pairsum)
    stress = stress_of(pairsum, tmp_path)
    params = {"cases": 4, "bound": 1000}
    first, _, _ = search(stress, 1, params, limit_cases=30, limit_seconds=None, jobs=1)
    make = stress.make

    def crashing_after(seed, given):
        if seed == first + 1:
            raise BuildError("--brute 'brute.py' failed: runtime error")
        return make(seed, given)

    stress.make = crashing_after
    found = search(stress, first, params, limit_cases=2, limit_seconds=None, jobs=2)
    assert found is not None and found[0] == first and found[2].failed
    with pytest.raises(BuildError, match="^--brute 'brute.py' failed"):
        search(stress, first + 1, params, limit_cases=2, limit_seconds=None, jobs=2)


def test_with_jobs_a_later_seed_that_hangs_does_not_hide_an_earlier_failure(
    pairsum, tmp_path, monkeypatch, released
):
    monkeypatch.setattr(engine, "STUCK", 0.5)
    monkeypatch.setattr(engine, "POLL", 0.05)
    plant_bug(pairsum)
    stress = stress_of(pairsum, tmp_path)
    params = {"cases": 4, "bound": 1000}
    first, _, _ = search(stress, 1, params, limit_cases=30, limit_seconds=None, jobs=1)
    hangs = stress.make(first + 1, params)  # the reference never returns on the next file
    module = stress.source.module
    reference = module._module.reference
    monkeypatch.setattr(
        module._module,
        "reference",
        lambda text: released.wait(3) if text == hangs else reference(text),
    )
    found = search(stress, first, params, limit_cases=2, limit_seconds=None, jobs=2)
    assert found is not None and found[0] == first and found[2].failed


def test_without_a_failure_the_search_ends_at_its_limit(pairsum, tmp_path):
    stress = stress_of(pairsum, tmp_path)
    found = search(stress, 5, {"cases": 2, "bound": 9}, limit_cases=3, limit_seconds=None, jobs=2)
    assert found is None and stress.count == 3


def test_a_generator_that_ignores_its_seed_is_a_note_at_the_third_file(pairsum, tmp_path):
    """The same file from every seed was found out only after a failure, if ever: the note
    comes once the first three files are in, once, with jobs too."""
    pairsum.stress.write_text(
        pairsum.stress.read_text().replace(
            "    p = {**PARAMS, **params}\n",
            "    rng = random.Random(0)\n    p = {**PARAMS, **params}\n",
        )
    )
    stress = stress_of(pairsum, tmp_path)
    notes = []
    params = {"cases": 2, "bound": 9}
    found = search(stress, 5, params, limit_cases=6, limit_seconds=None, jobs=2, note=notes.append)
    assert found is None and notes == [
        "note: seeds 5 to 7 made the same file, byte for byte: stress/pairsum.py: generate() "
        "seems to ignore its seed (its files must come from the rng it is given), or has only "
        "a few files to make"
    ]


def test_files_that_differ_or_are_too_few_are_no_note(pairsum, tmp_path):
    stress = stress_of(pairsum, tmp_path)
    notes = []
    params = {"cases": 2, "bound": 9}
    search(stress, 5, params, limit_cases=4, limit_seconds=None, jobs=1, note=notes.append)
    assert notes == []
    same = {"cases": 1, "bound": 0}  # only "1\n0 0\n" to make: two of them are no note yet
    search(stress, 5, same, limit_cases=2, limit_seconds=None, jobs=1, note=notes.append)
    assert notes == []


def test_a_file_the_validator_refuses_is_one_line_naming_the_seed(pairsum, tmp_path):
    stress = stress_of(pairsum, tmp_path)
    with pytest.raises(BuildError) as caught:
        stress.make(4, {"cases": 2, "bound": 10**7})
    said = str(caught.value)
    head = "pairsum: stress/pairsum.py: generate() made a file that validate() refuses (seed 4) "
    assert said.startswith(head + "on the input saved as "), said
    saved = Path(said.removeprefix(head + "on the input saved as ").partition(": bad pair")[0])
    assert saved.read_text() == stress.generate(4, {"cases": 2, "bound": 10**7})
    assert said.endswith(f"{saved}: bad pair line {said.rpartition('bad pair line ')[2]}")
    saved.unlink()


@pytest.mark.parametrize("answer", ["False", "True", "'no'"])
def test_a_validator_that_answers_with_a_bool_is_read_so(pairsum, tmp_path, answer):
    """``return False`` refuses as ``ValueError`` does (it was taken as valid: the shrinker
    then reported inputs the author's own constraints refuse); any other value is an error."""
    text = pairsum.stress.read_text()
    refusal = '            raise ValueError(f"bad pair line {line!r}")\n'
    assert refusal in text
    pairsum.stress.write_text(text.replace(refusal, f"            return {answer}\n"))
    stress = stress_of(pairsum, tmp_path)
    if answer == "True":
        assert stress.make(4, {"cases": 2, "bound": 10**7})  # True accepts
        return
    with pytest.raises(BuildError) as caught:
        stress.make(4, {"cases": 2, "bound": 10**7})
    said = str(caught.value)
    if answer == "False":
        assert "validate() refuses (seed 4) on the input saved as " in said, said
        assert said.endswith(".in: validate() returned False"), said
    else:
        assert said.startswith("stress/pairsum.py: validate() returned str: raise ValueError"), said


def test_a_file_judged_again_does_not_ask_the_reference_again(pairsum, tmp_path):
    """The failing file is judged once more at the end: a slow brute force's answer was
    computed twice (21.7 s of a 43 s stress run)."""
    calls = tmp_path / "calls"
    pairsum.stress.write_text(
        pairsum.stress.read_text().replace(
            "def reference(text: str) -> str:\n",
            f"def reference(text: str) -> str:\n    open({str(calls)!r}, 'a').write('.')\n",
        )
    )
    stress = stress_of(pairsum, tmp_path)
    first, second = stress.make(4, {"cases": 2, "bound": 10}), stress.make(5, {"cases": 2})
    for text in (first, first, second, first):
        assert not stress.judge(text).failed
    assert calls.read_text() == ".."


def test_a_generator_that_raises_is_one_line_naming_the_seed_and_parameters(pairsum, tmp_path):
    pairsum.stress.write_text(
        pairsum.stress.read_text().replace(
            "    p = {**PARAMS, **params}\n",
            "    p = {**PARAMS, **params}\n"
            "    if p['cases'] == 3:\n"
            "        raise KeyError('unlucky')\n",
        )
    )
    unlucky = pairsum.stress.read_text().splitlines().index("        raise KeyError('unlucky')") + 1
    stress = stress_of(pairsum, tmp_path)
    assert stress.make(4, {"cases": 2, "bound": 10})
    with pytest.raises(BuildError) as caught:
        stress.make(4, {"cases": 3, "bound": 10})
    assert str(caught.value) == (
        "stress/pairsum.py: generate() raised KeyError: 'unlucky' at stress/pairsum.py:"
        f"{unlucky} (seed 4, parameters cases=3 bound=10)"
    )


def test_a_generator_that_returns_an_empty_file_is_one_line_naming_the_seed(pairsum, tmp_path):
    """As a --gen program that prints nothing: without a validator the empty file was run, and
    the solution's crash on it reported as the failure found."""
    text = pairsum.stress.read_text().replace("def validate(", "def unused_validate(")
    pairsum.stress.write_text(
        text.replace(
            "    p = {**PARAMS, **params}\n", "    return ''\n    p = {**PARAMS, **params}\n"
        )
    )
    stress = stress_of(pairsum, tmp_path)
    with pytest.raises(BuildError) as caught:
        stress.make(4, {"cases": 2, "bound": 10})
    assert str(caught.value) == (
        "stress/pairsum.py: generate() returned an empty file (seed 4, parameters cases=2 bound=10)"
    )


def test_a_generator_that_does_not_return_is_one_line_past_the_budget(
    pairsum, tmp_path, monkeypatch, released
):
    monkeypatch.setattr(engine, "OVERTIME", 0.2)
    stress = stress_of(pairsum, tmp_path)
    stress.limits = replace(stress.limits, timeout=0.1)
    monkeypatch.setattr(stress, "make", lambda seed, params: released.wait(3) and "")
    started = time.monotonic()
    with pytest.raises(BuildError) as caught:
        search(stress, 1, {}, limit_cases=None, limit_seconds=0.1, jobs=1)
    assert time.monotonic() - started < 2.5  # not waited for
    assert str(caught.value) == (
        "pairsum: the files from seed 1 were not made and judged 0.3 s past the --seconds "
        "budget (stress/pairsum.py: generate(), or stress/pairsum.py: reference(), may never "
        "return)"
    )


def test_a_file_whose_run_is_killed_at_its_limit_past_the_budget_is_still_judged(
    pairsum, tmp_path, monkeypatch
):
    """A bundle looping under a 4 s limit is killed at 12 s: a fixed 10 s past a --seconds
    budget gave the run up as a stress module that never returns (exit 2) and lost the TLE;
    the wait is OVERTIME beyond the longest the file's programs may run."""
    monkeypatch.setattr(engine, "OVERTIME", 0.2)
    stress = stress_of(pairsum, tmp_path)
    stress.limits = replace(stress.limits, timeout=1.0)
    assert stress.overtime() == pytest.approx(1.2)
    slow = engine.Outcome(True, "time limit: killed at 1 s", word="TLE")
    monkeypatch.setattr(stress, "judge", lambda *args: time.sleep(0.8) or slow)
    found = search(stress, 1, {"cases": 2, "bound": 9}, limit_cases=None, limit_seconds=0.1, jobs=1)
    assert found is not None and found[2] is slow


def test_a_module_function_that_does_not_return_is_one_line_without_a_budget(
    pairsum, tmp_path, monkeypatch, released
):
    monkeypatch.setattr(engine, "STUCK", 0.3)
    monkeypatch.setattr(engine, "POLL", 0.05)
    stress = stress_of(pairsum, tmp_path)
    module = stress.source.module
    monkeypatch.setattr(module._module, "reference", lambda text: released.wait(3) and "")
    started = time.monotonic()
    with pytest.raises(BuildError) as caught:
        search(stress, 7, {"cases": 2, "bound": 9}, limit_cases=5, limit_seconds=None, jobs=1)
    assert time.monotonic() - started < 2.5  # not waited for
    said = str(caught.value)  # its input saved (it named none), as a brute force's is
    assert re.fullmatch(
        r"pairsum: stress/pairsum\.py: reference\(\) has not returned in 0\.3 s; it may never "
        r"return \(on the input saved as (\S+pairsum-stuck-\S+\.in), the file of seed 7\)",
        said,
    ), said
    saved = Path(re.search(r"saved as (\S+\.in)", said).group(1))
    assert saved.read_text() == stress.make(7, {"cases": 2, "bound": 9})
    assert module.longest_call()[1] == "reference"  # still running, left behind


def test_a_generator_that_does_not_return_names_the_file_it_was_making(
    pairsum, tmp_path, monkeypatch, released
):
    monkeypatch.setattr(engine, "STUCK", 0.3)
    monkeypatch.setattr(engine, "POLL", 0.05)
    stress = stress_of(pairsum, tmp_path)
    monkeypatch.setattr(
        stress.source.module._module, "generate", lambda rng, **params: released.wait(3) and ""
    )
    with pytest.raises(BuildError) as caught:
        search(stress, 4, {"cases": 2, "bound": 9}, limit_cases=5, limit_seconds=None, jobs=1)
    assert str(caught.value) == (  # the seed said once (the batch's was said too)
        "pairsum: stress/pairsum.py: generate() has not returned in 0.3 s; it may never return "
        "(making the file of seed 4)"
    )


def test_a_validator_that_does_not_return_names_the_search_s_files(
    pairsum, tmp_path, monkeypatch, released
):
    """It names no file of its own: the batch it was validating is said."""
    monkeypatch.setattr(engine, "STUCK", 0.3)
    monkeypatch.setattr(engine, "POLL", 0.05)
    stress = stress_of(pairsum, tmp_path)
    monkeypatch.setattr(stress.source.module._module, "validate", lambda text: released.wait(3))
    with pytest.raises(BuildError) as caught:
        search(stress, 4, {"cases": 2, "bound": 9}, limit_cases=5, limit_seconds=None, jobs=1)
    assert str(caught.value) == (
        "pairsum: stress/pairsum.py: validate() has not returned in 0.3 s (the files from "
        "seed 4); it may never return"
    )


def test_a_slow_module_function_under_the_limit_is_waited_for(pairsum, tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "STUCK", 5.0)
    monkeypatch.setattr(engine, "POLL", 0.05)
    stress = stress_of(pairsum, tmp_path)
    module = stress.source.module
    reference = module._module.reference
    monkeypatch.setattr(
        module._module, "reference", lambda text: time.sleep(0.3) or reference(text)
    )
    found = search(stress, 7, {"cases": 2, "bound": 9}, limit_cases=2, limit_seconds=None, jobs=1)
    assert found is None and stress.count == 2 and module.longest_call() is None


def test_each_thread_runs_in_a_folder_of_its_own(pairsum, tmp_path):
    """A run empties its folder after it: with -j 2 a shared one lost the other run's files
    (a script copied in beside a package's included files, a --gen program's scratch)."""

    stress = stress_of(pairsum, tmp_path)
    seen = []
    workers = [threading.Thread(target=lambda: seen.append(stress.empty)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(set(seen)) == 2 and all(folder.is_dir() for folder in seen)
    assert stress.empty == stress.empty and stress.judge_case.empty == stress.empty


def test_a_checker_is_compiled_with_the_problem_s_header_folders(pairsum, tmp_path, monkeypatch):
    """``testlib = "PATH"`` in problems.toml: the build's folder for a checker's testlib.h, so
    a stress run's checker compiles where the build's does."""
    from dataclasses import replace

    asked = []
    from kit.run import problem_judges

    real = problem_judges.parse_compare
    monkeypatch.setattr(  # the one home of a problem's comparison
        problem_judges, "parse_compare", lambda *args, **kw: asked.append(kw) or real(*args, **kw)
    )
    folder = tmp_path / "testlib"
    stress_of(replace(pairsum, include=(folder,)), tmp_path)
    assert asked[0]["include"] == (folder,)


def test_a_module_function_that_grows_without_end_is_stopped_at_its_memory_cap(
    pairsum, tmp_path, monkeypatch, released
):
    """The module runs in the kit's own process: a generator given a mistyped --param grew it
    by 60 MB/s; past its cap it is a one-line error, before it exhausts the machine."""
    monkeypatch.setattr(engine, "POLL", 0.05)
    monkeypatch.setattr(engine, "MODULE_MEMORY_FACTOR", 0)
    monkeypatch.setattr(engine, "MODULE_MEMORY_LEAST_MIB", 64)
    monkeypatch.setattr(engine, "STUCK", 2.0)  # without the cap: 320 MiB, then this error
    stress = stress_of(pairsum, tmp_path)
    module = stress.source.module
    held = []

    def growing(rng, **params):
        while not released.wait(0.05):  # the thread is left behind: the test ends it
            held.append(bytearray(8 << 20))  # 8 MiB a step, touched (zeroed)
        return ""

    monkeypatch.setattr(module._module, "generate", growing)
    started = time.monotonic()
    with pytest.raises(BuildError) as caught:
        search(stress, 7, {"cases": 2, "bound": 9}, limit_cases=5, limit_seconds=None, jobs=1)
    assert time.monotonic() - started < 5
    message = str(caught.value)
    assert message.startswith("pairsum: stress/pairsum.py: generate() holds ")
    assert message.endswith(
        "MiB (the files from seed 7), over the 64 MiB a stress module's call may take here "
        "(0 x the memory limit, at least 64 MiB): stopped before it exhausts this machine"
    )
    released.set()
    # stopped within a few polls of the cap: the process's own growth beside it counts too
    # (in a whole test run, 8 blocks, 64 MiB, were enough)
    assert 64 - 16 < len(held) * 8 < 64 + 200
    held.clear()


def test_a_failure_s_kind_is_its_verdict_and_the_exception_it_names():
    """A checker's rejection and the checker's own crash are both wrong answers to the build,
    but not the same failure to the shrink; a token that looks like an exception is not one."""
    kinds = [
        engine.Outcome(True, message, word=word).kind
        for word, message in [
            ("WA", "wrong answer: checker: index 1 is not a maximum"),
            ("WA", "wrong answer: checker: IndexError: list index out of range (c.py, line 4)"),
            ("WA", "wrong answer: token 1: expected 'ValueError', got 'x'"),
            ("RE", "runtime error: exit status 1: ZeroDivisionError: division by zero"),
        ]
    ]
    assert kinds == [("WA", None), ("WA", "IndexError"), ("WA", None), ("RE", "ZeroDivisionError")]


def test_a_wrong_answer_after_a_crash_in_a_thread_is_not_a_clean_wrong_answer():
    """A run that exited 0 with a traceback on stderr (the build's hint heads its details)
    names that traceback's exception, which a clean wrong answer has not: the shrink took a
    thread's IndexError, its output cut short, for the off-by-one it was shrinking."""
    clean = engine.Outcome(True, "wrong answer: token 3: expected '169', got '170'", word="WA")
    traceback = [
        "Traceback (most recent call last):",
        '  File "solutions/a.py", line 5, in main',
        "    print(d[1 + 2 * i])",
        "IndexError: list index out of range",
    ]
    short = "wrong answer: token 1: expected '0', got end of output"
    crashed = engine.Outcome(True, short, word="WA", details=[SILENT_CRASH_HINT, *traceback])
    unread = engine.Outcome(True, short, word="WA", details=[SILENT_CRASH_HINT, "garbled"])
    assert [clean.kind, crashed.kind, unread.kind] == [
        ("WA", None),
        ("WA", "IndexError"),
        ("WA", "Traceback"),
    ]
    assert clean.described == clean.message
    assert crashed.described == f"{short}, its stderr ending in a traceback (IndexError)"
    assert unread.described == f"{short}, its stderr ending in a traceback"
    # a traceback shown without the hint (a crash's own details) adds nothing to its message
    crash = engine.Outcome(
        True, "runtime error: exit status 1: IndexError", "", "RE", None, traceback
    )
    assert crash.kind == ("RE", "IndexError") and crash.described == crash.message


def test_a_module_call_is_said_to_stop_when_it_is_given_up(pairsum, tmp_path, monkeypatch):
    """The live line's "stopped at" of reference() and generate() is when the watch gives up
    on them (``module_stop``), the shrink's own limit while it runs, where it said
    max(3 x the time limit, STUCK) for reference() (the brute force's kill)."""
    stress = stress_of(pairsum, tmp_path)
    stress.limits = replace(stress.limits, timeout=90.0)  # a 30 s limit's kill: past STUCK
    stops: dict[str, float] = {}
    running = stress.under_way.running

    def recorded(program, doing, stop, text=None):
        stops[program] = stop
        return running(program, doing, stop, text)

    monkeypatch.setattr(stress.under_way, "running", recorded)
    reference, generator = stress.source.reference, stress.source.generator
    stress.fresh_answer(stress.generate(3, {"cases": 2, "bound": 9}))
    assert stops == {reference: engine.STUCK, generator: engine.STUCK}
    engine.watched(stress, lambda: stress.fresh_answer(stress.generate(4, {})), "shrinking", 7.0)
    assert stops == {reference: 7.0, generator: 7.0}
    assert stress.module_stop() == engine.STUCK  # the shrink's own ends with it


def test_a_call_given_up_stops_the_live_line_before_its_error(pairsum, tmp_path, monkeypatch):
    """The call given up stays under way: its line, cleared, is not written again over the
    error and what follows it."""
    stress = stress_of(pairsum, tmp_path)
    monkeypatch.setattr(stress.source.module, "longest_call", lambda: (61.0, "reference"))
    lines: list[str] = []
    stress.under_way._write = lines.append
    with stress.under_way.running("reference()", "on the file of seed 2", 60.0, "1 2\n"):
        stress.under_way.tick(time.monotonic() + 61.0)
        with pytest.raises(BuildError, match=r"reference\(\) has not returned in 60 s"):
            engine._check_stuck(stress, "the files from seed 2")
        assert lines[-1] == ""
        stress.under_way.tick(time.monotonic() + 100.0)
    assert len(lines) == 2


# a Kattis interactive validator (INPUT ANSWER FEEDBACK_DIR/) that fails on an empty ANSWER
# file, else sends the input's number and accepts the reply that is the answer
ANSWER_READER = (
    "import sys\n"
    "answer = open(sys.argv[2]).read().split()\n"
    "if not answer:\n    print('the ANSWER file is empty', file=sys.stderr)\n    sys.exit(1)\n"
    "print(open(sys.argv[1]).read().strip(), flush=True)\n"
    "sys.exit(42 if sys.stdin.readline().split() == answer else 43)\n"
)


def doubling_game(root, reference=True):
    """A workspace at ``root`` whose interactive problem ``double`` is judged by
    ``ANSWER_READER``, its solution doubling the number it is sent; its stress module has a
    ``reference`` (the double) or none. The problem."""
    for folder in ("solutions", "stress", "interactors"):
        (root / folder).mkdir(parents=True)
    (root / "problems.toml").write_text(
        '[double]\ntitle = "Double"\njudge = "nowhere"\nid = "1"\nkind = "interactive"\n'
        'interactor = "kattis:interactors/val.py"\ntime_limit = 1.0\nmemory_limit = 64\n'
        'targets = ["cpython3.8"]\n'
    )
    (root / "interactors" / "val.py").write_text(ANSWER_READER)
    (root / "solutions" / "double.py").write_text("print(2 * int(input()), flush=True)\n")
    (root / "stress" / "__init__.py").write_text("")
    module = "PARAMS = {}\ndef generate(rng):\n    return f'{rng.randint(1, 9)}\\n'\n"
    if reference:
        module += "def reference(text):\n    return f'{2 * int(text)}\\n'\n"
    (root / "stress" / "double.py").write_text(module)
    return load_registry(root)["double"]


def test_a_kattis_interactor_is_given_the_reference_s_answer_as_its_answer_file(
    tmp_path, own_imports
):
    """A Kattis validator, run as ``INPUT ANSWER FEEDBACK_DIR/``, was given an empty ANSWER
    file in every game of a stress run: a judge gives it the case's answer, here the
    reference's on the file."""
    stress = stress_of(doubling_game(tmp_path / "double"), tmp_path)
    assert stress.notes == []
    outcome = stress.judge("7\n")
    assert (outcome.failed, outcome.word, outcome.played) == (False, "ok", True)
    assert outcome.expected == b"14\n"


def test_a_kattis_interactor_without_a_reference_to_answer_is_a_note(tmp_path, own_imports):
    """Without a reference() the ANSWER file stays empty, which a note under the first line
    says (the validator's failure on it is a judge error, as before)."""
    stress = stress_of(doubling_game(tmp_path / "double", reference=False), tmp_path)
    assert stress.notes == [
        "note: kattis:interactors/val.py is given an empty ANSWER file: stress/double.py has "
        "no reference() to make the answer a judge gives it (reference(text) returns it for "
        "each file; or give --brute CMD)"
    ]
    with pytest.raises(engine.JudgeFailed, match="the ANSWER file is empty"):
        stress.judge("7\n")


def test_the_interactive_template_s_reference_stub_leaves_the_answer_file_empty_with_its_note(
    tmp_path, own_imports
):
    """``new --interactive``'s stress module had no ``reference()``: a kattis: interactor's
    user got the note and no place to write it. The template's stub, left as it is, counts as
    absent: the ANSWER file stays empty, and the note names the stub."""
    problem = doubling_game(tmp_path / "double", reference=False)
    module = scaffold.files("double", True)["stress/double.py"]
    written = "\n\ndef generate(rng, **params):\n    return f'{rng.randint(1, 9)}\\n'\n"
    problem.stress.write_text(module + written)
    stress = stress_of(problem, tmp_path)
    assert stress.notes == [
        "note: kattis:interactors/val.py is given an empty ANSWER file: stress/double.py's "
        "reference() is still the template's stub to make the answer a judge gives it "
        "(reference(text) returns it for each file; or give --brute CMD)"
    ]
    assert stress.answer("7\n") is None


def test_a_brute_force_makes_a_kattis_interactor_s_answer_file(tmp_path, own_imports):
    """``--brute`` was refused for every interactive problem; for an interactor given the
    case's answer file it makes that file, as it makes a batch problem's answers: run on the
    secret input, its output is the ANSWER (here with no reference() in the module)."""
    problem = doubling_game(tmp_path / "double", reference=False)
    brute = tmp_path / "brute.py"
    brute.write_text("print(2 * int(input()))\n")
    source = source_for(problem, RUNNER, brute=str(brute), gen=None, gen_size=None, given=[])
    assert source.described().endswith(
        f"played through kattis:interactors/val.py, answers from {brute}"
    )
    folder = tmp_path / "run"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    stress = Stress(problem, source, bundle, script, folder=folder, runner=RUNNER)
    assert stress.notes == []
    outcome = stress.judge("7\n")
    assert (outcome.failed, outcome.word, outcome.played) == (False, "ok", True)
    assert outcome.expected == b"14\n"
    brute.write_text("print(3 * int(input()))\n")  # a wrong brute force: the game is lost
    wrong = stress.judge("5\n")
    assert (wrong.failed, wrong.word, wrong.expected) == (True, "WA", b"15\n")


def test_a_kill_s_outcome_keeps_its_wall_time_and_what_it_waited(pairsum, tmp_path, monkeypatch):
    """What its kill came later by is said by its wait for a core (``said_moved``), as its
    verdict's message says it: the outcome keeps that wait beside the wall time."""
    stress = stress_of(pairsum, tmp_path)
    killed = Run(-9, b"", b"", 8.07, 1.4, 9000, killed=TIME, waited=6.5)
    said = case_judge.Outcome("TLE", "time limit: killed at 1.5 s")
    monkeypatch.setattr(stress.judge_case, "once", lambda case, runner, limits: (said, killed))
    outcome = stress.judge("1\n1 2\n")
    assert (outcome.word, outcome.wall, outcome.waited) == ("TLE", 8.07, 6.5)


def test_a_stress_run_s_limits_say_its_times_are_taken_beside_others(pairsum, tmp_path):
    """Its runs go side by side, timed as no judge times them: one that passed past the limit
    passes (timed again alone), and one that failed past it is its failure, shrunk as a crash
    (kit.run.limits.exceeded), not a time-out said to run "until the kill"."""
    assert stress_of(pairsum, tmp_path).limits.side_by_side

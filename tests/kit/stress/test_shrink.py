"""kit.stress.shrink on a fake problem module (tests/fixtures/shrink/arrays.py) and planted
failures.

The planted failure: a case holds the digit 7 and has at least 3 digits. Its smallest inputs
are one case of three digits, a 7 and two 0s ("3\\n0 0 7\\n0\\n" up to order).
"""

import importlib.util
import random
import threading
import time
import types
from pathlib import Path

import pytest

from kit.stress import shrink as shrink_module
from kit.stress.shrink import generic_cuts, shrink

ROOT = Path(__file__).resolve().parents[3]
MINIMAL_BYTES = len("3\n0 0 7\n0\n")


def load_arrays():
    path = ROOT / "tests" / "fixtures" / "shrink" / "arrays.py"
    spec = importlib.util.spec_from_file_location("arrays_problem", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


arrays = load_arrays()
# The same problem without the optional parts: no cuts(), no MIN_PARAMS.
plain = types.SimpleNamespace(
    **{name: getattr(arrays, name) for name in dir(arrays) if name not in ("cuts", "MIN_PARAMS")}
)


def cases_of(text):
    return [list(map(int, case.split("\n")[1].split())) for case in arrays.split_cases(text)]


def planted(text):
    return any(7 in case and len(case) >= 3 for case in cases_of(text))


class Counted:
    """A predicate that counts its calls and checks that it only ever sees valid inputs."""

    def __init__(self, predicate, module=arrays, delay=0.0):
        self.predicate, self.module, self.delay = predicate, module, delay
        self.seen = []

    def __call__(self, text):
        self.module.validate(text)  # raises: the shrinker passed an invalid candidate
        self.seen.append(text)
        if self.delay:
            time.sleep(self.delay)
        return self.predicate(text)


def failing_start(params, predicate=planted, module=arrays):
    """The first seed from 0 whose generated file fails, with that file."""
    for seed in range(1000):
        text = module.generate(random.Random(seed), **params)
        if predicate(text):
            return seed, text
    raise AssertionError("no failing seed")


def shrinker_clock(monkeypatch, clock):
    """The shrinker reads ``clock[0]`` as its ``time.monotonic()``: its own name ``time``
    stands in, not the ``time`` module, whose fake clock every thread of the process read
    meanwhile (the kit's watchers, other fixtures)."""
    monkeypatch.setattr(shrink_module, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))


def assert_minimal(text):
    arrays.validate(text)
    (case,) = cases_of(text)
    assert sorted(case) == [0, 0, 7]
    assert len(text.encode()) == MINIMAL_BYTES


@pytest.mark.parametrize("module", [arrays, plain], ids=["with cuts", "without cuts"])
def test_planted_failure_shrinks_to_a_minimal_case(module):
    params = {"cases": 8, "n": 20, "value": 9}
    seed, text = failing_start(params, module=module)
    fails = Counted(planted, module)
    result = shrink(module, fails, text, seed, params)
    assert_minimal(result.text)
    assert planted(result.text)
    assert result.steps == len(fails.seen) == len(set(fails.seen))  # no candidate run twice
    assert result.steps < 400
    # the recorded seed and parameters regenerate a failing file
    assert planted(module.generate(random.Random(result.seed), **result.params))
    assert result.params["value"] == 7 and result.params["n"] == 3
    assert result.stages[0] == f"cases: {len(arrays.split_cases(text))} -> 1"
    assert result.stages[1].startswith("params: cases 8 -> 1, n 20 -> 3, value 9 -> 7 (")
    assert result.stages[-1].startswith("cuts: ") and result.stages[-1].endswith(
        f"-> {MINIMAL_BYTES} bytes"
    )


def test_shrinking_is_deterministic():
    params = {"cases": 6, "n": 30, "value": 9}
    seed, text = failing_start(params)
    first = shrink(arrays, Counted(planted), text, seed, params)
    second = shrink(arrays, Counted(planted), text, seed, params)
    assert first == second


def test_validate_is_honoured():
    """Candidates validate() rejects (bad lengths, stray tokens) never reach fails()."""
    rejected = []

    def validate(text):
        try:
            arrays.validate(text)
        except ValueError:
            rejected.append(text)
            raise
        if cases_of(text) and cases_of(text)[0][0] == 0:
            rejected.append(text)
            raise ValueError("the first digit may not be 0 (a rule of this test)")

    strict = types.SimpleNamespace(**{**vars(plain), "validate": validate})
    fails = Counted(planted, strict)
    text = "5\n3 1 7 4 5\n0\n"
    result = shrink(strict, fails, text, 0, {"cases": 1, "n": 5, "value": 9})
    assert rejected  # the generic cuts did propose invalid candidates
    assert not set(rejected) & set(fails.seen)
    (case,) = cases_of(result.text)
    assert len(case) == 3 and 7 in case and case[0] != 0
    assert len(result.text) == MINIMAL_BYTES


def test_a_multi_case_file_shrinks_to_its_one_failing_case():
    cases = [f"3\n{d} {d} {d}" for d in (1, 2, 3, 4)] + ["4\n9 9 7 9"] + ["2\n5 5"] * 3
    text = arrays.join_cases(cases)

    def fails(text):
        return planted(text)

    # no generator: only the cases and the cuts stages run
    fixed = types.SimpleNamespace(
        **{name: getattr(arrays, name) for name in ("validate", "split_cases", "join_cases")}
    )
    result = shrink(fixed, fails, text, 0, {})
    assert result.stages[0] == "cases: 8 -> 1"
    assert_minimal(result.text)
    assert result.seed == 0 and result.params == {}


def test_failure_that_needs_two_cases_keeps_both():
    def fails(text):
        found = cases_of(text)
        return any(5 in case for case in found) and any(7 in case for case in found)

    text = arrays.join_cases(["1\n1", "2\n5 1", "1\n2", "1\n3", "3\n1 7 1", "1\n4"])
    result = shrink(arrays, Counted(fails), text, 0, {"cases": 1, "n": 1, "value": 0})
    assert result.stages[:2] == [
        "cases: 6 -> 2",
        "params: kept cases=1 n=1 value=0 (no lower value gave a failing file)",
    ]
    assert result.text == "1\n5\n1\n7\n0\n"


def test_a_passed_deadline_returns_the_input_untouched():
    params = {"cases": 8, "n": 20, "value": 9}
    seed, text = failing_start(params)
    fails = Counted(planted)
    result = shrink(arrays, fails, text, seed, params, deadline=time.monotonic() - 1)
    assert (result.text, result.steps, fails.seen) == (text, 0, [])
    assert result.stages == ["stopped at the deadline"]


def test_the_deadline_stops_a_slow_shrink_with_the_best_so_far(monkeypatch):
    """Each run takes 0.02 s of a clock of the test's own: on the machine's clock, a loaded
    machine's pause (a container's CPU quota spent, a process stopped 0.7 s a second) took the
    shrink 0.9 s past a start 0.3 s before its deadline, and the test's bound of 0.6 s failed."""
    params = {"cases": 8, "n": 40, "value": 9}
    seed, text = failing_start(params)
    clock = [0.0]

    def fails(candidate):
        clock[0] += 0.02
        return planted(candidate)

    shrinker_clock(monkeypatch, clock)
    result = shrink(arrays, Counted(fails), text, seed, params, deadline=0.3)
    assert clock[0] < 0.3 + 0.02 + 1e-9  # no run began past the deadline
    assert result.stages[-1] == "stopped at the deadline"
    assert result.steps >= 1
    assert planted(result.text) and len(result.text) < len(text)


def test_the_deadline_stops_cuts_that_never_end():
    """A ``cuts()`` yielding the case it was given, forever (a user's bug): the shrink skipped
    each without looking at the clock, and ran past ``--shrink-seconds`` until killed."""

    given_up = threading.Event()

    def endless(case):
        while not given_up.is_set():  # ends once the test gave up: no thread left spinning
            yield case

    module = types.SimpleNamespace(**{**vars(plain), "cuts": endless})
    params = {"cases": 2, "n": 5, "value": 9}
    seed, text = failing_start(params)
    done = []
    deadline = time.monotonic() + 0.5
    worker = threading.Thread(
        target=lambda: done.append(
            shrink(module, Counted(planted), text, seed, params, deadline=deadline)
        ),
        daemon=True,
    )
    worker.start()
    worker.join(30.0)  # as long as a loaded machine may take: a shrink that stops returns early
    given_up.set()
    assert done, "the shrink ran on past its deadline"
    assert done[0].stages[-1] == "stopped at the deadline" and planted(done[0].text)


def test_a_deadline_in_the_middle_of_dropping_cases_keeps_the_smaller_failure_found(monkeypatch):
    """The cases stage cut short had judged a smaller failing file; the original was shown
    (with the 6 s runs of a slow failure, most of a shrink's budget went so)."""
    params = {"cases": 8, "n": 20, "value": 9}
    seed, text = failing_start(params)
    clock = [0.0]

    def fails(candidate):
        clock[0] += 1.0  # each run takes a second; the deadline comes after the second
        return planted(candidate)

    shrinker_clock(monkeypatch, clock)
    result = shrink(arrays, fails, text, seed, params, deadline=2.0)
    assert result.stages == ["stopped at the deadline"] and result.steps == 2
    assert planted(result.text) and len(cases_of(result.text)) < len(cases_of(text))
    assert (result.seed, result.params["cases"]) == (seed, 8)


def test_parameters_stay_at_their_minimum_or_above():
    params = {"cases": 3, "n": 6, "value": 9}

    def fails(text):  # any file fails: everything can go down to the minimum
        return True

    result = shrink(arrays, fails, arrays.generate(random.Random(5), **params), 5, params)
    assert result.params == {"cases": 1, "n": 1, "value": 0}
    assert (
        result.stages[1] == "params: cases 3 -> 1, n 6 -> 1, value 9 -> 0 (the file 14 -> 6 bytes)"
    )
    assert result.text == "1\n0\n0\n"


def test_generic_cuts():
    cuts = list(generic_cuts("3\n1 7 2"))
    assert cuts[:4] == ["1 7 2", "0 7 2", "3", "2"]  # drop a line, also with the count lowered
    assert "2\n7 2" in cuts and "2\n1 2" in cuts  # drop a token and lower the count
    assert "3\n0 7 2" in cuts and "3\n1 3 2" in cuts and "3\n1 6 2" in cuts  # lower a number
    assert all(cut != "3\n1 7 2" for cut in cuts)
    assert "-1\n0" in list(generic_cuts("-2\n0")) and "0\n0" in list(generic_cuts("-2\n0"))
    assert not [cut for cut in generic_cuts("0 5 0") if "-" in cut]  # no larger magnitude


def test_integers_that_must_stay_equal_shrink_together():
    """A failure on two equal numbers (or a count said twice): lowering either alone passes,
    so "37 x 37" stayed as it was; every 37 lowered at once reaches 0."""

    def fails(text):
        numbers = text.split()
        return len(numbers) == 3 and numbers[0] == numbers[2]

    module = types.SimpleNamespace(validate=lambda text: None)
    shrunk = shrink(module, fails, "37 5 37\n", 0, {})
    assert shrunk.text == "0 0 0\n"  # the middle one lowered alone, the ends together
    assert "0 5 0" in list(generic_cuts("37 5 37"))


def test_an_integer_with_a_property_is_tried_at_small_values():
    """A failure when n % 7 == 3 and x > 5: halving and one less both pass on 133927, where
    the shrink stopped; ``10 6`` fails too."""

    def fails(text):
        numbers = text.split()
        if len(numbers) != 2:
            return False
        n, x = map(int, numbers)
        return n % 7 == 3 and x > 5 and x <= n

    module = types.SimpleNamespace(validate=lambda text: None)
    shrunk = shrink(module, fails, "133927 6\n", 0, {})
    n, x = map(int, shrunk.text.split())
    assert (n, x) == (10, 6), shrunk.text


def test_an_error_of_the_module_stops_the_shrink_with_the_best_so_far():
    params = {"cases": 8, "n": 20, "value": 9}
    seed, text = failing_start(params)
    calls = []

    def split_cases(whole):
        calls.append(whole)
        if len(calls) > 3:
            raise IndexError("list index out of range")
        return arrays.split_cases(whole)

    broken = types.SimpleNamespace(**{**vars(plain), "split_cases": split_cases})
    result = shrink(broken, Counted(planted), text, seed, params)
    assert isinstance(result.error, IndexError)
    assert result.stages[-1] == "stopped by an error, below"
    assert planted(result.text) and len(result.text) <= len(text)


def test_a_stage_the_deadline_stops_still_says_what_it_did():
    """The parameters stage cut short by the deadline is named, with what it lowered so far
    (the summary said only "stopped at the deadline" after the stage before)."""
    whole = types.SimpleNamespace(
        **{
            name: getattr(arrays, name)
            for name in dir(arrays)
            if name not in ("split_cases", "join_cases", "cuts")
        }
    )  # one case per file: no calls before the parameters stage
    params = {"cases": 8, "n": 40, "value": 9}
    seed, text = failing_start(params, module=whole)
    fails = Counted(planted, module=whole, delay=0.15)
    result = shrink(whole, fails, text, seed, params, deadline=time.monotonic() + 0.4)
    assert result.stages[0] == "cases: one per file"
    assert result.stages[1].startswith("params: ")
    assert result.stages[-1] == "stopped at the deadline"


def test_each_failing_candidate_is_told_with_the_generated_file_it_was_cut_from():
    """``on_failing`` hears of every failing candidate with the seed and parameters of the
    generated file it came from: those make a failing file again, and they move with the
    parameters stage (a caller stopping the shrink from outside can still reproduce it)."""
    params = {"cases": 8, "n": 20, "value": 9}
    seed, text = failing_start(params)
    told = []
    result = shrink(
        arrays, Counted(planted), text, seed, params, on_failing=lambda *a: told.append(a)
    )
    assert planted(result.text) and told
    for _, made_seed, made_params in told:
        assert planted(arrays.generate(random.Random(made_seed), **made_params))
    assert {(s, tuple(p.items())) for _, s, p in told} != {(seed, tuple(params.items()))}
    last = next(entry for entry in reversed(told) if entry[0] == result.text)
    assert last[1:] == (result.seed, result.params)


def test_each_kept_cut_costs_no_run_of_every_cut_before_it():
    """A failure that needs 100 numbers and not their values: each of 120 numbers goes to 0
    by a cut of its own, and every drop before it passes. Restarting the cuts' order after
    each kept cut took 8,536 runs; going on from the kept cut's place, 271."""

    def validate(text):
        count, values = text.split("\n")[:2]
        if len(values.split()) != int(count):
            raise ValueError(text)

    rng = random.Random(5)
    text = f"120\n{' '.join(str(rng.randint(1, 1000)) for _ in range(120))}\n"
    module = types.SimpleNamespace(validate=validate)
    shrunk = shrink(module, lambda text: int(text.split()[0]) >= 100, text, 0, {})
    assert shrunk.text == "100\n" + " ".join(["0"] * 100) + "\n"
    assert shrunk.steps < 4 * 120


def test_a_parameter_far_above_the_failure_s_threshold_is_lowered_in_logarithmic_steps():
    """A failure that needs ``bound`` above 1000, found at 5000: a binary search, 14 runs in
    all (halving, else a step of one, took 379 and ran out of time on slower programs)."""
    module = types.SimpleNamespace(
        PARAMS={"bound": 5000}, generate=lambda rng, bound: f"{bound}\n", validate=int
    )
    result = shrink(module, lambda text: int(text) > 1000, "5000\n", 0, {"bound": 5000})
    assert result.params == {"bound": 1001} and result.text == "1001\n"
    assert result.steps <= 20 + shrink_module.SMALL_VALUES  # the small values tried after


def test_other_seeds_are_tried_when_lower_parameters_make_no_smaller_file():
    """Without a validator only generated files are candidates: a size the failure does not
    depend on was lowered in vain, and the file found stayed, where another seed's failed
    too, smaller (``--gen-size``: 3 cases kept, where without it 1)."""

    def generate(rng, n):
        return "".join(f"{rng.randint(0, 9)}\n" for _ in range(rng.randint(1, 6)))

    module = types.SimpleNamespace(PARAMS={"n": 1000}, generate=generate)
    seed = next(s for s in range(100) if generate(random.Random(s), 1000).count("\n") == 6)
    text = generate(random.Random(seed), 1000)
    result = shrink(module, lambda text: True, text, seed, {"n": 1000})
    assert result.text.count("\n") == 1, result
    assert any(stage.startswith("seeds ") for stage in result.stages), result.stages


def test_the_parameters_stage_leaves_half_the_time_left_to_the_cuts(monkeypatch):
    """Lower parameters whose files never fail cost 20 runs each: the stage stops at half
    the time, and the cuts, which the deadline used to leave no time, make "9 0" a 7."""
    clock = [0.0]

    def fails(text):
        clock[0] += 1.0
        return int(text.split()[0]) >= 7

    module = types.SimpleNamespace(
        PARAMS={"bound": 10**9},
        generate=lambda rng, bound: f"{rng.randint(0, 6)} {bound} {rng.randint(0, 10**6)}\n",
        validate=lambda text: int(text.split()[0]),
    )
    shrinker_clock(monkeypatch, clock)
    result = shrink(module, fails, "9 0\n", 0, {"bound": 10**9}, deadline=100.0)
    assert "(stopped at 50% of the time, for the cuts)" in result.stages
    assert result.stages[-1] == "cuts: 4 -> 2 bytes" and result.text == "7\n"
    assert 50.0 <= clock[0] < 100.0


def test_lower_parameters_that_fail_in_no_smaller_file_are_said():
    module = types.SimpleNamespace(
        PARAMS={"n": 3}, generate=lambda rng, n: "1 1 1\n", validate=lambda text: None
    )
    result = shrink(module, lambda text: True, "1\n", 0, {"n": 3})
    assert result.params == {"n": 3} and result.text == "0\n"  # the cuts lower the 1
    assert result.stages[1] == (
        "params: files made with n=1 fail too, but none is smaller than the one kept "
        "(made with n=3)"
    )


def test_lower_parameters_that_fail_in_no_smaller_file_name_only_those_lowered():
    module = types.SimpleNamespace(
        PARAMS={"n": 3, "bound": 9},
        generate=lambda rng, n, bound: "1 1 1\n",
        validate=lambda text: None,
    )
    result = shrink(module, lambda text: True, "1\n", 0, {"n": 3, "bound": 1})
    assert result.stages[1] == (
        "params: files made with n=1 fail too, but none is smaller than the one kept "
        "(made with n=3)"
    )


def test_a_failure_by_chance_is_lowered_past_a_value_that_missed_once():
    """A crash on a value that is 3 mod 7 (tests/fixtures/pairsum's module): 20 files of
    bound 500 happen to hold none, and a binary search took every value below as passing,
    ending at bound 510; half way down from there it fails again, and goes on to 3."""
    path = ROOT / "tests" / "fixtures" / "pairsum" / "stress" / "pairsum.py"
    spec = importlib.util.spec_from_file_location("pairsum_problem", path)
    pairsum = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pairsum)

    def fails(text):
        return any(int(line.split()[1]) % 7 == 3 for line in text.splitlines()[1:])

    text = pairsum.generate(random.Random(4), cases=8, bound=1000)
    result = shrink(pairsum, fails, text, 4, {"cases": 8, "bound": 1000})
    assert result.params["bound"] <= 10 and result.text == "1\n0 3\n"


def refusing(at_least=None, only=None):
    """A one-parameter module whose generator raises for n below ``at_least`` (or at n ==
    ``only``): a file of n ones, every file failing."""

    def generate(rng, n):
        if (at_least is not None and n < at_least) or n == only:
            raise ValueError(f"n must be at least {at_least}, got {n}")
        return "1 " * n + "\n"

    return types.SimpleNamespace(PARAMS={"n": 8}, generate=generate)


def test_the_generator_s_first_error_that_kept_a_parameter_up_is_kept():
    """It was taken as a value the generator refuses, and nothing said so: 'params: no smaller
    failing file', n never lowered, without a word of the generator's ValueError."""
    start = "1 " * 8 + "\n"
    result = shrink(refusing(at_least=5), lambda text: True, start, 3, {"n": 8})
    assert result.params == {"n": 5} and result.error is None
    raised = result.generator_raised
    assert (raised.name, raised.kept, raised.seed, raised.params) == ("n", 5, 3, {"n": 4})
    assert str(raised.error) == "n must be at least 5, got 4"


def test_no_generator_error_is_kept_when_the_parameter_went_below_it_or_none_was_raised():
    start = "1 " * 8 + "\n"
    passed = shrink(refusing(only=4), lambda text: True, start, 3, {"n": 8})
    assert passed.params == {"n": 1} and passed.generator_raised is None
    quiet = shrink(refusing(), lambda text: True, start, 3, {"n": 8})
    assert quiet.params == {"n": 1} and quiet.generator_raised is None


def test_the_shrink_says_whether_the_cuts_changed_the_text():
    """``cuts: 2 -> 2 bytes`` may be no change at all: the Reproduce line says the file was
    cut only when it was."""
    module = types.SimpleNamespace(validate=lambda text: None)
    kept = shrink(module, lambda text: text == "5\n", "5\n", 0, {})
    assert kept.stages[-1] == "cuts: 2 -> 2 bytes" and kept.text == "5\n" and not kept.cut
    cut = shrink(module, lambda text: "7" in text, "1 7\n", 0, {})
    assert cut.text == "7\n" and cut.cut
    unvalidated = shrink(types.SimpleNamespace(), lambda text: True, "1 7\n", 0, {})
    assert unvalidated.stages[-1] == "cuts: none (no validator)" and not unvalidated.cut


def test_cuts_the_deadline_stops_still_say_what_they_did(monkeypatch):
    """The cuts cut short by the deadline are named with the bytes they took off (the summary
    said only "stopped at the deadline", and the reproduce line's "before its text was cut"
    named a stage the summary did not show)."""
    no_generator = types.SimpleNamespace(
        **{name: getattr(arrays, name) for name in dir(arrays) if name != "generate"}
    )  # no parameters stage: the cuts start at once
    params = {"cases": 1, "n": 60, "value": 9}
    seed, text = failing_start(params)
    clock = [0.0]

    def fails(candidate):
        clock[0] += 1.0  # each run takes a second
        return planted(candidate)

    shrinker_clock(monkeypatch, clock)
    result = shrink(no_generator, fails, text, seed, params, deadline=20.0)
    assert result.stages[-1] == "stopped at the deadline"
    assert result.stages[-2] == f"cuts: {len(text)} -> {len(result.text)} bytes"
    assert result.cut and len(result.text) < len(text) and planted(result.text)

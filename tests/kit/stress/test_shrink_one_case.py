"""kit.stress.shrink on what a program-driven stress run gives it: a module with one case per
file (no split_cases/join_cases), no validator (only generated files are ever tried), and a
generator given as a function of a seed (a program) with or without a size.

The problem: a file is ``N`` and then N digits; the planted failure is a 7 among at least three
digits, whose smallest file is ``3\\n0 0 7\\n`` up to order.
"""

import random
import types

from kit.stress.shrink import shrink


def digits_file(rng, size):
    n = rng.randint(1, size)
    return f"{n}\n" + " ".join(str(rng.randint(0, 9)) for _ in range(n)) + "\n"


def validate(text):
    lines = text.split("\n")
    if len(lines) != 3 or lines[2] or not lines[0].isdigit() or int(lines[0]) < 1:
        raise ValueError("expected N, then N digits")
    words = lines[1].split(" ")
    if len(words) != int(lines[0]) or not all(len(w) == 1 and w.isdigit() for w in words):
        raise ValueError("bad digits")


def planted(text):
    values = text.split()[1:]
    return "7" in values and len(values) >= 3


class Recorded:
    def __init__(self, allowed=None):
        self.seen, self.allowed = [], allowed

    def __call__(self, text):
        if self.allowed is not None:
            assert text in self.allowed, f"not a generated file: {text!r}"
        self.seen.append(text)
        return planted(text)


def first_failing(make, start=0):
    for seed in range(start, start + 1000):
        text = make(seed)
        if planted(text):
            return seed, text
    raise AssertionError("no failing seed")


def test_one_case_per_file_without_split_or_join_is_cut_to_the_minimum():
    module = types.SimpleNamespace(
        PARAMS={"size": 30},
        generate=digits_file,
        validate=validate,
    )
    seed, text = first_failing(lambda s: module.generate(random.Random(s), size=30))
    result = shrink(module, Recorded(), text, seed, {"size": 30})
    assert result.error is None
    assert result.stages[0] == "cases: one per file"
    assert result.text.split("\n")[0] == "3" and sorted(result.text.split()[1:]) == ["0", "0", "7"]
    assert result.text.endswith("\n")


def test_without_a_validator_only_generated_files_are_tried_and_the_size_lowered():
    made = set()

    def generate(seed, params):
        text = digits_file(random.Random(seed), params["size"])
        made.add(text)
        return text

    module = types.SimpleNamespace(PARAMS={"size": 40}, MIN_PARAMS={"size": 1})
    seed, text = first_failing(lambda s: generate(s, {"size": 40}))
    result = shrink(module, Recorded(made), text, seed, {"size": 40}, generate=generate)
    assert result.error is None
    assert "cuts: none (no validator)" in result.stages
    assert result.params["size"] < 40 and planted(result.text)
    assert result.text == generate(result.seed, result.params)  # reproducible as reported


def test_without_a_validator_or_parameters_the_smallest_failing_seed_is_kept():
    def generate(seed, params):
        assert params == {}
        return digits_file(random.Random(seed), 12)

    seed, text = first_failing(lambda s: generate(s, {}))
    fails = Recorded({generate(s, {}) for s in range(seed, seed + 20)})
    result = shrink(types.SimpleNamespace(), fails, text, seed, {}, generate=generate)
    failing = [
        (len(generate(s, {})), s) for s in range(seed, seed + 20) if planted(generate(s, {}))
    ]
    smallest = min(failing)[1]
    assert (result.seed, result.text) == (smallest, generate(smallest, {}))
    said = f"seeds {seed} to {seed + 19}: the smallest failing file is seed {smallest}'s ("
    (stage,) = [stage for stage in result.stages if stage.startswith(said)]
    assert all(len(t) < len(text) for t in fails.seen)  # only smaller files were run
    run = len(fails.seen)
    assert stage.endswith(
        f"(19 other seeds' files: {run} run (smaller than the smallest failing file so far), "
        f"{19 - run} not run (no smaller))"
    ), stage
    assert result.steps == len(fails.seen)


def test_seeds_whose_files_are_none_smaller_are_said_not_run():
    """The first failing file the smallest: "shrunk in 0 runs" named 20 seeds as if each
    had run; it says that none of their files was smaller, so none ran."""
    module = types.SimpleNamespace()
    fails = Recorded({"9" * 30})
    result = shrink(module, fails, "9" * 30, 28, {}, generate=lambda seed, params: "1" * 40)
    assert result.steps == 0 and fails.seen == []
    said = "seeds 28 to 47: the smallest failing file is seed 28's (19 other seeds' files: 19"
    assert said + " not run (no smaller))" in result.stages


def test_a_smaller_file_judged_already_is_said_not_run_again():
    """Every seed making the same smaller file (which passes): it is run once, and the 18
    seeds after are said not run, the file judged already, not counted as smaller runs."""
    fails = Recorded({"9" * 30, "1"})
    result = shrink(types.SimpleNamespace(), fails, "9" * 30, 28, {}, generate=lambda s, p: "1")
    assert result.steps == 1 and fails.seen == ["1"]
    said = "(19 other seeds' files: 1 run (smaller than the smallest failing file so far), 18 not"
    assert any(
        stage.endswith(said + " run (a file judged already, or the time was up))")
        for stage in result.stages
    ), result.stages


def test_seeds_whose_files_the_validator_refuses_are_said_refused():
    """Smaller files the validator refuses are not run; the stage said "none of the 19
    others smaller", which read as if they were all larger (they are never compared)."""

    def only_nines(text):
        if set(text) != {"9"}:
            raise ValueError("nines only")

    module = types.SimpleNamespace(validate=only_nines)
    fails = Recorded({"9" * 30})
    result = shrink(module, fails, "9" * 30, 28, {}, generate=lambda seed, params: "1" * 4)
    said = "seeds 28 to 47: the smallest failing file is seed 28's (19 other seeds' files: 19"
    assert said + " refused by the validator)" in result.stages


def test_a_validator_with_a_program_generator_still_cuts():
    module = types.SimpleNamespace(PARAMS={}, validate=validate)
    seed, text = first_failing(lambda s: digits_file(random.Random(s), 30))
    result = shrink(
        module,
        Recorded(),
        text,
        seed,
        {},
        generate=lambda s, _params: digits_file(random.Random(s), 30),
    )
    assert sorted(result.text.split()[1:]) == ["0", "0", "7"]

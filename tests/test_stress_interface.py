"""The stress modules' common interface, for each batch problem: parameters, deterministic
generation that validate() accepts, split/join round trips, cuts, the samples' expected outputs
by reference(), and reference() against the solution on seeded random files."""

import importlib
import random
from pathlib import Path

import pytest

from tests.stress_check import assert_agrees

ROOT = Path(__file__).resolve().parent.parent
SLUGS = ["megacheckers", "checkers_check", "twixt_connect", "stake_your_claim"]


@pytest.fixture(params=SLUGS)
def slug(request):
    return request.param


@pytest.fixture
def module(slug):
    return importlib.import_module(f"stress.{slug}")


def min_params(module):
    return {name: getattr(module, "MIN_PARAMS", {}).get(name, 1) for name in module.PARAMS}


def test_parameters_are_named_ints_with_legal_minimums(module):
    assert module.PARAMS and all(type(v) is int for v in module.PARAMS.values())
    low = min_params(module)
    assert set(getattr(module, "MIN_PARAMS", {})) <= set(module.PARAMS)
    assert all(low[name] <= value for name, value in module.PARAMS.items())


def test_generate_is_deterministic_and_fills_in_defaults(module):
    assert module.generate(random.Random(5)) == module.generate(random.Random(5), **module.PARAMS)
    assert module.generate(random.Random(5)) != module.generate(random.Random(6))
    with pytest.raises(ValueError):
        module.generate(random.Random(5), no_such_parameter=3)


def test_generated_files_validate(module, scaled):
    low = min_params(module)
    big = {name: 2 * value for name, value in module.PARAMS.items()}
    for seed in range(scaled(100)):
        for params in ({}, low, big):
            text = module.generate(random.Random(seed), **params)
            try:
                module.validate(text)
            except ValueError as error:
                pytest.fail(f"seed {seed}, params {params}: {error}\n{text}")


def test_case_count_follows_the_cases_parameter(module):
    if "cases" not in module.PARAMS:
        pytest.skip("no cases parameter")
    for cases in (1, 3, 7):
        assert len(module.split_cases(module.generate(random.Random(cases), cases=cases))) == cases


def test_split_and_join_round_trip(module, scaled):
    for seed in range(scaled(40)):
        text = module.generate(random.Random(seed))
        cases = module.split_cases(text)
        assert module.join_cases(cases) == text
        assert all(module.split_cases(module.join_cases([case])) == [case] for case in cases)
        assert module.split_cases(module.join_cases(cases[::-1])) == cases[::-1]


def test_cuts_are_smaller_and_validate(module, scaled):
    if not hasattr(module, "cuts"):
        pytest.skip("no cuts()")
    seen = 0
    for seed in range(scaled(30)):
        for case in module.split_cases(module.generate(random.Random(seed))):
            for smaller in module.cuts(case):
                assert smaller != case
                assert len(smaller) <= len(case) + 2
                module.validate(module.join_cases([smaller]))
                seen += 1
    assert seen > 0


def test_reference_gives_the_samples_expected_outputs(slug, module):
    samples = sorted((ROOT / "samples" / slug).glob("*.in"))
    assert samples
    for path in samples:
        text = path.read_text()
        module.validate(text)
        assert module.reference(text) == path.with_suffix(".out").read_text(), path.name


def test_reference_agrees_with_the_solution_on_random_files(slug, module, scaled):
    solve = importlib.import_module(f"solutions.{slug}").solve
    for seed in range(scaled(60)):
        text = module.generate(random.Random(seed))
        assert_agrees(module, solve, text, f"{slug} seed {seed}")

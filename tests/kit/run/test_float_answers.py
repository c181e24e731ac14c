"""kit.run.float_answers: a wrong answer under an exact comparison whose every difference is a
number close to the expected one gets the compare setting that would accept it; any other
difference, a number far off, or a comparison that allows an error already, gets nothing."""

import pytest

from kit.run.float_answers import float_hint
from tests.memory_support import traced_peak


def test_a_rounded_answer_is_pointed_at_the_float_comparison():
    (hint,) = float_hint("lines", b"3.14159265358979\n2.5\n", b"3.141593\n2.5\n")
    assert hint.startswith(
        "hint: every difference is a number within an absolute or relative error of 1.1e-07 "
        "(3.141593 for 3.14159265358979 first)"
    )
    assert hint.endswith('an error of 1e-6, set compare = "float:1e-6" in problems.toml')


def test_the_largest_difference_decides_the_tolerance_absolute_or_relative():
    # 0.00049 absolute on 0.5 (relative 1e-3 is larger); 2e-7 relative on 1e9 (absolute 200)
    (hint,) = float_hint("tokens", b"0.5 1000000000.0", b"0.50049 1000000200.0")
    assert 'compare = "float:1e-3"' in hint
    (hint,) = float_hint("tokens", b"1.0", b"1")  # the same number, written otherwise
    assert 'compare = "float:1e-9"' in hint


@pytest.mark.parametrize(("want", "have"), [(b"3.000000", b"3.0"), (b"0.000010", b"1e-05")])
def test_the_same_value_written_otherwise_is_said_so_not_as_an_error_of_zero(want, have):
    """``print(x)`` of a float for an answer of fixed digits: "within an ... error of 0.0e+00
    (3.0 for 3.000000 first): if the statement accepts an error of 1e-9" read as if 1e-9 were
    the tolerance it needs."""
    (hint,) = float_hint("tokens", want + b"\n", have + b"\n")
    assert hint == (
        f"hint: every difference is a number of the same value written otherwise ({have.decode()} "
        f"for {want.decode()} first): print it as the answer does, or, if the statement accepts "
        'an error, set compare = "float:1e-9" in problems.toml'
    )


@pytest.mark.parametrize(
    ("spec", "setting"),
    [
        ("kattis", "kattis:float_tolerance 1e-6"),
        ("kattis:case_sensitive", "kattis:case_sensitive float_tolerance 1e-6"),
    ],
)
def test_kattis_default_validator_is_pointed_at_its_own_tolerance_flag(spec, setting):
    (hint,) = float_hint(spec, b"3.14159265358979\n", b"3.141593\n")
    assert hint.endswith(f'an error of 1e-6, set compare = "{setting}" in problems.toml')


@pytest.mark.parametrize(
    ("spec", "expected", "got"),
    [
        ("lines", b"3.5\nYES\n", b"3.5000001\nNO\n"),  # another difference too
        ("lines", b"3.5\n", b"3.5000001\n4\n"),  # another count of tokens
        ("lines", b"3.5\n", b"3.6\n"),  # a wrong number, not a rounding
        ("lines", b"1000000\n", b"1000001\n"),  # integers: no error is accepted for them
        ("lines", b"5\n", b"5.0\n"),  # an integer expected, a float given: / for //
        ("tokens", b"999999999", b"1000000000.0"),  # an integer off by one
        ("tokens", b"123456789012345678", b"1.2345678901234568e+17"),  # precision lost
        ("tokens", b"1000.5", b"1_000.5"),  # float() reads it, the comparison does not
        ("lines", b"nan\n", b"1.0\n"),
        ("float:1e-9", b"3.5\n", b"3.5000001\n"),  # the comparison allows an error already
        ("kattis:float_tolerance 1e-9", b"3.5\n", b"3.5000001\n"),
        ("kattis:float_relative_tolerance 1e-9", b"3.5\n", b"3.5000001\n"),
    ],
)
def test_other_wrong_answers_get_no_hint(spec, expected, got):
    assert float_hint(spec, expected, got) == []


def _hint_and_peak(compare, expected, got):
    """The float hint and the most memory Python held while it was found."""
    peak, hint = traced_peak(lambda: float_hint(compare, expected, got))
    return hint, peak


def test_a_long_output_is_read_without_holding_its_tokens():
    """Three hundred thousand lines whose every number is off by a rounding: the hint is
    found a chunk at a time (three million short lines held 200 MiB in the kit)."""
    expected, got = b"0.5000001\n" * 300_000, b"0.5\n" * 300_000
    hint, peak = _hint_and_peak("lines", expected, got)
    assert hint and 'compare = "float:1e-7"' in hint[0], hint
    assert peak < 4 << 20, peak
    assert float_hint("lines", expected, got + b"0.5\n") == []  # a token more: no hint


def test_a_long_number_is_read_in_place_and_shown_cut():
    """A number of three million digits answered with its last digit off: read in place (as
    the float comparison reads it), no copy of it held, and shown cut as messages cut it."""
    expected = b"0." + b"3" * 3_000_000 + b"\n"
    got = b"0." + b"3" * 2_999_999 + b"4\n"
    hint, peak = _hint_and_peak("tokens", expected, got)
    assert hint and "(0.33333" in hint[0] and '"float:1e-9"' in hint[0], hint
    assert len(hint[0]) < 400, hint
    assert peak < 1 << 20, peak


@pytest.mark.parametrize(
    ("want", "have"),
    [(b"1.5", b"1.5" + b"0" * 3_000_000), (b"1.5" + b"0" * 3_000_000 + b"1", b"1.5")],
    ids=["output long", "answer long"],
)
def test_a_long_number_against_a_short_one_is_read_in_place(want, have):
    """A number read in place (longer than two chunks) against a short one on the other side
    is read in place too (``float`` of it would copy it), the hint given with it cut."""
    expected, got = want + b"\n", have + b"\n"
    peak, hint = traced_peak(lambda: float_hint("tokens", expected, got))
    assert hint and "same value written otherwise" in hint[0] and "1.5000000" in hint[0], hint
    assert len(hint[0]) < 400, hint
    assert peak < 1 << 20, peak

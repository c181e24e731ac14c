"""kit.errors.BuildError: the one error the build reports as a line of its own, caught wherever
the kit catches ordinary errors, its text exactly the line the user sees."""

import pytest

from kit.errors import AfterFailure, BuildError


def test_its_text_is_the_line_shown():
    error = BuildError("problems.toml: [x]: time_limit must be positive")
    assert str(error) == "problems.toml: [x]: time_limit must be positive"
    assert error.args == ("problems.toml: [x]: time_limit must be positive",)


def test_it_is_an_ordinary_error_and_no_other_kind():
    with pytest.raises(Exception) as caught:  # what `except Exception` in a command catches
        raise BuildError("x")
    assert type(caught.value) is BuildError
    assert not isinstance(caught.value, (ValueError, OSError, KeyError))
    assert BuildError.__doc__ and "one line" in BuildError.__doc__


def test_a_usage_error_exits_2_and_one_after_a_failure_shown_exits_1():
    assert BuildError("x").status == 2
    after = AfterFailure("stress/p.py: reference() has not returned in 60 s")
    assert isinstance(after, BuildError) and after.status == 1

"""kit.errors.BuildError: the one error the build reports as a line of its own, caught wherever
the kit catches ordinary errors, its text exactly the line the user sees; ``trimmed``, a value
such a line shows cut short; ``machine_refused``, the machine's limits told from a tool's
failure."""

import errno

import pytest

from kit.errors import SHOWN, AfterFailure, BuildError, machine_refused, trimmed


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


def test_a_value_shown_is_cut_to_its_limit_with_dots():
    assert trimmed("x" * SHOWN) == "x" * SHOWN
    assert trimmed("x" * (SHOWN + 1)) == "x" * (SHOWN - 3) + "..."
    assert len(trimmed("y" * 10_000)) == SHOWN == 60
    assert trimmed("abcdef", 5) == "ab..."


def test_the_machine_s_limits_are_told_from_a_tool_s_failure():
    """A file refused (ulimit -n, the system's table) and a fork refused (ulimit -u) are the
    machine's limits, which kit.cli names; a missing program is not."""
    assert machine_refused(OSError(errno.EMFILE, "Too many open files"))
    assert machine_refused(OSError(errno.ENFILE, "Too many open files in system"))
    assert machine_refused(BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable"))
    assert not machine_refused(FileNotFoundError(errno.ENOENT, "No such file or directory"))

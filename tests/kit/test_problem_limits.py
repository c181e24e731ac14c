"""kit.problem_limits: a problem's limits as problems.toml sets them, each bad one a one-line
error: a time limit in seconds (a number, not milliseconds, not under any judge's), memory and
output limits in MiB (not KiB or bytes), all above 0, the output limit's default the judge's;
a source limit above 0, what the output limit holds, and an interactive game's whole time above
its per-move limit."""

import re

import pytest

from kit.errors import BuildError
from kit.registry import load_registry
from tests.registry_support import TABLE, error, registry


def test_time_limit_in_milliseconds_is_refused(toy):
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace("1.0", "2000"))
    with pytest.raises(BuildError, match=r"time_limit = 2000 looks like milliseconds; .*= 2\)"):
        load_registry(toy)


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_a_time_limit_that_is_not_a_number_is_refused(toy, value):
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace("1.0", value))
    with pytest.raises(BuildError, match=f"time_limit = {value} is not a number of seconds$"):
        load_registry(toy)


@pytest.mark.parametrize("value", ["1e-9", "0.009"])
def test_a_time_limit_shorter_than_any_judge_s_is_refused(toy, value):
    """1e-9 was taken: every case was killed at 3e-09 s."""
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace("1.0", value))
    with pytest.raises(BuildError) as caught:
        load_registry(toy)
    assert str(caught.value) == (
        f"problems.toml:6: [toy_sum]: time_limit = {float(value):g} is under 0.01 s, shorter "
        "than any judge's limit; the unit is seconds"
    )
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace("1.0", "0.01"))
    assert load_registry(toy)["toy_sum"].time_limit == 0.01


def test_memory_limit_in_kib_is_refused(toy):
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace("64", "65536"))
    with pytest.raises(BuildError, match=r"memory_limit = 65536 looks like KiB"):
        load_registry(toy)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [  # each fix offered is one the check takes; none where no unit makes sense of it
        ("64", "1073741824", r"memory_limit = 1073741824 looks like bytes; the unit is MiB "
         r"\(memory_limit = 1024\)$"),
        ("64", "1000000000000000", r"looks like bytes; the unit is MiB$"),
        ("1.0", "2500.0", r"time_limit = 2500.0 looks like milliseconds; .* \(time_limit = 2.5\)$"),
        ("1.0", "1e308", r"time_limit = 1e\+308 looks like no limit in seconds"),
        ("64", "2.5", r"'memory_limit' has the wrong type \(2.5; expected a whole number\)$"),
    ],
)  # fmt: skip
def test_a_limit_in_another_unit_gets_a_fix_the_check_would_take(toy, old, new, said):
    (toy / "problems.toml").write_text(TABLE.format(judge="x", extra="").replace(old, new))
    with pytest.raises(BuildError, match=said):
        load_registry(toy)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("time_limit = 1.0", "time_limit = 0", "time_limit = 0 must be positive"),
        ("memory_limit = 64", "memory_limit = -5", "memory_limit = -5 must be positive"),
        ("memory_limit = 64", "memory_limit = 64\noutput_limit = 0",
         "output_limit = 0 must be positive"),
    ],
)  # fmt: skip
def test_a_limit_that_is_not_positive_is_named(toy, old, new, message):
    (toy / "problems.toml").write_text(TABLE.format(judge="POJ", extra="").replace(old, new))
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    line = {"time_limit": 6, "memory_limit": 7, "output_limit": 8}[message.split()[0]]
    assert str(raised.value) == f"problems.toml:{line}: [toy_sum]: {message}"


@pytest.mark.parametrize(("judge", "mib"), [("Kattis", 8), ("Codeforces", 64), ("POJ", 64)])
def test_the_output_limit_defaults_to_the_judge_s_own(toy, judge, mib):
    """Kattis' package format gives 8 MiB as its typical default (as its packages are read);
    other judges get the kit's 64; a problem's own output_limit wins."""
    assert registry(toy, judge=judge)["toy_sum"].output_limit == mib
    assert registry(toy, judge=judge, extra="output_limit = 20")["toy_sum"].output_limit == 20


def test_game_timeout_is_for_interactive_problems_above_the_limit(tmp_path):
    """A limit per move (the interactor times each reply) with a bound on the whole game."""
    table = (
        '[game]\njudge = "nowhere"\nid = "1"\nkind = "KIND"\ntime_limit = 1.0\n'
        "memory_limit = 64\ngame_timeout = TIMEOUT\n"
    )
    (tmp_path / "problems.toml").write_text(
        table.replace("KIND", "interactive").replace("TIMEOUT", "300")
    )
    assert load_registry(tmp_path)["game"].game_timeout == 300.0
    for kind, timeout, said in (
        ("batch", "300", 'is for kind = "interactive" alone'),
        ("interactive", "0.5", "must be above time_limit: 0.5 s against 1 s"),
        ("interactive", "nan", "nan is not a number of seconds"),  # a deadlocked game ran on
        ("interactive", "inf", "inf is not a number of seconds"),
        ("interactive", "1" + "0" * 400, "00 is not a number of seconds"),
    ):
        (tmp_path / "problems.toml").write_text(
            table.replace("KIND", kind).replace("TIMEOUT", timeout)
        )
        with pytest.raises(BuildError, match=f"game_timeout .*{re.escape(said)}$"):
            load_registry(tmp_path)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("1" + "0" * 400, r"time_limit = 10{400} is not a number of seconds$"),
        ("1" + "0" * 5000, r"^problems\.toml: a number it holds cannot be read: Exceeds the limit"),
    ],
)
def test_a_time_limit_too_large_for_a_float_or_to_read_is_one_line(toy, value, said):
    table = toy / "problems.toml"
    table.write_text(re.sub(r"time_limit = [0-9.]+", f"time_limit = {value}", table.read_text()))
    with pytest.raises(BuildError, match=said):
        load_registry(toy)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("source_limit = 0", "source_limit must be positive"),
        ('output_counts = "stderr"', "output_counts must be 'stdout' or 'all', not 'stderr'"),
    ],
)
def test_a_bad_source_limit_or_output_counts_is_one_line(toy, extra, message):
    assert message in error(toy, extra=extra)

"""kit.toml_places: the line of a problem's table in problems.toml (its name bare or quoted)
and of each key it sets, and an error about the table given the line it is about."""

import pytest

from kit.errors import BuildError
from kit.toml_places import place, table_lines

TEXT = """\
# problems of the workspace
[first]
judge = "POJ"
time_limit = 1

{header}
"judge" = "POJ"
time_limit = 0
'id' = "2"
time_limit = 3

[[series]]
memory_limit = 64
"""


@pytest.mark.parametrize(
    "header",
    ["[toy_sum]", '["toy_sum"]', "['toy_sum']", "[ toy_sum ]", '[ "toy_sum" ]  # the toy'],
)
def test_a_table_is_found_by_its_name_bare_or_quoted(header):
    assert table_lines(TEXT.format(header=header), "toy_sum") == (
        6,
        {"judge": 7, "time_limit": 8, "id": 9},
    )


def test_a_key_s_line_is_the_first_that_sets_it_in_its_own_table():
    """Another table's keys, and those of an array of tables after it, are not its own."""
    header, keys = table_lines(TEXT.format(header="[toy_sum]"), "first")
    assert (header, keys) == (2, {"judge": 3, "time_limit": 4})


def test_a_table_not_found_has_no_line_and_its_error_stays_as_it_was():
    text = TEXT.format(header="[toy_sum]")
    assert table_lines(text, "other") == (None, {})
    error = BuildError("problems.toml: [other]: missing 'judge'")
    place(error, "other", text)
    assert str(error) == "problems.toml: [other]: missing 'judge'"


@pytest.mark.parametrize(
    ("said", "placed"),
    [
        ("time_limit = 0 must be positive", "problems.toml:8: [toy_sum]: time_limit = 0 must"),
        ("'id' has the wrong type", "problems.toml:9: [toy_sum]: 'id' has the wrong type"),
        ("missing 'memory_limit'", "problems.toml:6: [toy_sum]: missing 'memory_limit'"),
    ],
)
def test_an_error_is_given_the_line_of_the_first_key_it_names_else_the_table_s(said, placed):
    error = BuildError(f"problems.toml: [toy_sum]: {said}")
    place(error, "toy_sum", TEXT.format(header="[toy_sum]"))
    assert str(error).startswith(placed)


def test_an_error_about_no_table_is_left_as_it_was():
    error = BuildError("problems.toml: not UTF-8 (byte 23)")
    place(error, "toy_sum", TEXT.format(header="[toy_sum]"))
    assert str(error) == "problems.toml: not UTF-8 (byte 23)"

"""kit.toml_places: the line of a problem's table in problems.toml (its name bare or quoted)
and of each key it sets, and an error about the table given the line it is about; the table
a line lies in, for a syntax error's message."""

import pytest
import tomllib

from kit.errors import BuildError
from kit.toml_places import not_utf_8, place, syntax_error, table_at, table_lines

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


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'[toy_sum]\njudge = "POJ"\ntitle = "Toy \xff Sum"\n',
         "problems.toml:3: [toy_sum]: not UTF-8 text (byte \\xff: invalid start byte): save the "
         "file as UTF-8, which TOML requires"),
        (b"# caf\xe9\n[toy_sum]\n",
         "problems.toml:1: not UTF-8 text (byte \\xe9: invalid continuation byte): save the file "
         "as UTF-8, which TOML requires"),
        (b'\xef\xbb\xbf[a]\n[b]\nid = "\xc3"\n',
         "problems.toml:3: [b]: not UTF-8 text (byte \\xc3: invalid continuation byte): save the "
         "file as UTF-8, which TOML requires"),
    ],
)  # fmt: skip
def test_a_byte_not_utf_8_is_given_its_line_and_table_not_its_offset(data, said):
    """``problems.toml: not UTF-8 (byte 3722)`` left the byte to be counted; a byte-order mark
    opening the file is not counted (the decoding passes over it)."""
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        assert not_utf_8(error) == said
    else:
        raise AssertionError("decoded")


def test_the_table_a_line_lies_in_is_the_nearest_header_above_it():
    text = TEXT.format(header='[ "toy_sum" ]  # the toy')
    assert [table_at(text, line) for line in (1, 2, 5, 6, 10, 12, 13)] == [
        None, "first", "first", "toy_sum", "toy_sum", None, None,
    ]  # fmt: skip


def test_a_syntax_error_is_given_its_line_and_table_as_the_file_s_other_errors():
    text = TEXT.format(header="[toy_sum]")
    said = "Illegal character '\\n' (at line 9, column 8)"
    assert (
        syntax_error(said, text) == "problems.toml:9: [toy_sum]: Illegal character '\\n' (column 8)"
    )
    before = "Invalid statement (at line 1, column 3)"
    assert syntax_error(before, text) == "problems.toml:1: Invalid statement (column 3)"
    ending = "Unclosed array (at end of document)"
    assert (
        syntax_error(ending, "[a]\nx = [1,\n")
        == "problems.toml: [a]: Unclosed array (at end of document)"
    )


@pytest.mark.parametrize(
    ("header", "said"),
    [
        ("[pairs", "Expected ']' at the end of a table declaration (at line 4, column 7)"),
        (
            "[pairs] x",
            "Expected newline or end of document after a statement (at line 4, column 9)",
        ),
        ("[[pairs", "Expected ']]' at the end of an array declaration (at line 4, column 8)"),
    ],
)
def test_a_broken_header_names_no_table_not_the_one_above_it(header, said):
    """``[pairs`` on line 34 was said as ``problems.toml:34: [guess]: Expected ']' ...``."""
    text = f'[guess]\nid = "1"\n\n{header}\nid = "2"\n'
    assert syntax_error(said, text) == f"problems.toml:4: {said.replace('at line 4, ', '')}"


def tomllib_said(text: str) -> str:
    with pytest.raises(tomllib.TOMLDecodeError) as raised:
        tomllib.loads(text)
    return str(raised.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("[pairs]\nx = [\n  [1, 2,, 3],\n]\n", "Invalid value (column 9)"),
        ("[pairs]\nx = [\n  [a\n]\n", "Invalid value (column 4)"),
        ("[pairs]\nx = [\n  [1] y\n]\n", "Unclosed array (column 7)"),
        (
            "[pairs]\nid = 1\nx = 1 y\n",
            "Expected newline or end of document after a statement (column 7)",
        ),
    ],
)
def test_an_error_on_a_line_that_is_no_header_keeps_its_table(text, where):
    """A line of a multi-line array opening with [ was taken for a broken header: the error
    was said as problems.toml:3: Invalid value, its table unnamed. A key's line with a
    header's error (x = 1 y) is no header either."""
    assert syntax_error(tomllib_said(text), text) == f"problems.toml:3: [pairs]: {where}"


@pytest.mark.parametrize(("header", "name"), [("[pairs]", "pairs"), ('["it\'s"]', "it's")])
def test_a_table_declared_twice_is_said_in_toml_s_words_whatever_its_name_s_quotes(header, name):
    """A name with an apostrophe, its tuple's repr in double quotes, kept tomllib's
    Cannot declare ("it's",) twice."""
    text = f"{header}\nid = 1\n{header}\n"
    column = len(header)  # tomllib points at the closing ]
    assert syntax_error(tomllib_said(text), text) == (
        f"problems.toml:3: [{name}]: declared a second time (the first at line 1) (column {column})"
    )


@pytest.mark.parametrize(
    ("key", "shown"), [("time_limit", "'time_limit'"), ('"q k"', "'q k'"), ("a.b", "'a.b'")]
)
def test_a_key_set_twice_in_a_table_is_named_with_the_first_s_line(key, shown):
    """It said tomllib's words, naming no key: problems.toml:5: [hb]: Cannot overwrite a value
    (column 15)."""
    text = f"[first]\n{key} = 1\n[hb]\n{key} = 1\nx = 2\n  {key} = 3\n"
    assert syntax_error(tomllib_said(text), text) == (
        f"problems.toml:6: [hb]: {shown} given twice (the first at line 4)"
    )


def test_a_value_overwritten_by_a_dotted_key_keeps_tomllib_s_words():
    text = "[hb]\na = 1\na.b = 2\n"
    assert syntax_error(tomllib_said(text), text) == (
        "problems.toml:3: [hb]: Cannot overwrite a value (column 8)"
    )

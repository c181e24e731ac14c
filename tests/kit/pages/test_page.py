"""kit.pages.page: the readings every judge's reader shares: time and memory limits in the
page's own units, a sample as its file holds it, the sample pairs, and the one-line errors of
a page without them."""

import pytest

from kit.errors import BuildError
from kit.pages.page import (
    ANY_ANSWER_NOTE,
    any_answer_notes,
    judge_file,
    limits,
    mebibytes,
    paired,
    possessive,
    sample_file,
    seconds,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1000MS", 1.0),
        ("2 seconds", 2.0),
        ("2 sec", 2.0),
        ("1.5 s", 1.5),
        ("CPU Time limit 1 second", 1.0),
        ("250 milliseconds", 0.25),
        # Codeforces' and Polygon's Russian pages (refused: "no time limit found")
        ("ограничение по времени на тест 2 секунды", 2.0),
        ("15 секунд", 15.0),
        ("1 секунда", 1.0),
        ("500 мс", 0.5),
        ("none", None),
    ],
)
def test_seconds(text, value):
    assert seconds(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("65536K", 64),
        ("256 megabytes", 256),
        ("1024 MiB", 1024),
        ("2 GB", 2048),
        ("100 kB", 0),  # under 1 MiB: limits refuses it
        ("1500 KiB", 1),  # rounded down
        ("ограничение по памяти на тест 256 мегабайт", 256),
        ("1024 мегабайта", 1024),
        ("65536 килобайт", 64),
        ("lots", None),
        ("1" + "0" * 400 + "K", None),  # no number: it was an OverflowError
    ],
)
def test_mebibytes(text, value):
    assert mebibytes(text) == value


def test_a_sample_as_its_file_holds_it():
    assert sample_file("\r\n\n3 4\r\n5\r\n\n  ") == "3 4\n5\n"
    assert sample_file("\n\n") == ""
    assert sample_file("1\n5 >= 2 \n") == "1\n5 >= 2 \n"  # the last line's space, as the page


def test_a_sample_as_a_judge_s_file_holds_it():
    """Competitive Companion's "1 2" was written without its final newline, "11\\r\\n" in
    CRLF; blank lines and spaces stay as given."""
    assert judge_file("1 2") == "1 2\n" and judge_file("11\r\n2\r\n") == "11\n2\n"
    assert judge_file("\nabc  \n\n") == "\nabc  \n\n" and judge_file("a \r\nb ") == "a \nb \n"
    assert judge_file("") == ""


def test_possessive():
    assert (possessive("POJ"), possessive("Codeforces")) == ("POJ's", "Codeforces'")


def test_pairs_in_order_or_the_side_that_is_missing_or_short():
    assert paired("p.html", ["1\n", "2"], ["a", "b\n\n"], "pre") == [("1\n", "a\n"), ("2\n", "b\n")]
    with pytest.raises(BuildError, match=r"^p\.html: no sample input found \(expected pre\)$"):
        paired("p.html", [], ["a"], "pre")
    with pytest.raises(BuildError, match=r"^p\.html: no sample output found"):
        paired("p.html", ["1"], [], "pre")
    with pytest.raises(BuildError, match=r"^p\.html: 2 sample inputs but 1 sample outputs"):
        paired("p.html", ["1", "2"], ["a"], "pre")
    # blank on both sides: left out (written as empty files), as Companion's data leaves them
    assert paired("p.html", ["", "1"], ["\n ", "2"], "pre") == [("1\n", "2\n")]
    assert paired("p.html", ["\n"], [""], "pre") == []


def test_limits_with_the_words_as_shown_or_the_one_missing():
    assert limits("p.html", "POJ", "1000MS", "65536K", "plm") == (1.0, 64, "1000MS", "65536K")
    with pytest.raises(BuildError, match=r"^p\.html: no time limit found \(expected POJ's plm\)$"):
        limits("p.html", "POJ", "0 ms", "65536K", "plm")
    with pytest.raises(BuildError, match=r"^p\.html: no memory limit found"):
        limits("p.html", "POJ", "1 s", None, "plm")
    big = "1" + "0" * 400 + "MS"  # infinite: said of the page (it was said of problems.toml)
    with pytest.raises(BuildError, match=r"^p\.html: the time limit '10+MS' is no limit in sec"):
        limits("p.html", "POJ", big, "65536K", "plm")


@pytest.mark.parametrize(
    ("time", "memory", "said"),
    [("0.0001MS", "65536K", "the time limit '0.0001MS' is no limit in seconds (from 0.01 s, "
      "under 100 s)"),  # was time_limit = 1.0000000000000001e-07
     ("1000000MS", "65536K", "the time limit '1000000MS' is no limit in seconds"),
     ("1000MS", "0K", "the memory limit '0K' is no limit in MiB (from 1 MiB, under 4096 MiB)"),
     ("1000MS", "100 kB", "the memory limit '100 kB' is no limit in MiB"),  # were 1 MiB
     ("1000MS", "65536M", "the memory limit '65536M' is no limit in MiB")],
)  # fmt: skip
def test_a_limit_problems_toml_would_refuse_is_refused_not_rounded(time, memory, said):
    with pytest.raises(BuildError) as caught:
        limits("p.html", "POJ", time, memory, "plm")
    assert str(caught.value).startswith(f"p.html: {said}")


def test_a_host_is_one_of_a_judge_s_or_a_subdomain_of_one():
    from kit.pages.page import on_hosts

    assert on_hosts("open.kattis.com", ("kattis.com",)) and on_hosts("poj.org", ("poj.org",))
    assert not on_hosts("notkattis.com", ("kattis.com",))


@pytest.mark.parametrize(
    ("statement", "any_answer"),
    [
        ("If there are multiple answers, print any of them.", True),
        ("If there are several solutions,\n output any.", True),
        ("Output any such pair.", True),
        ('Note: "3 91125" is valid too.', True),
        ("The answer 1 3 is also correct.", True),
        ("Если ответов несколько, выведите любой из них.", True),
        ("答えが複数存在する場合、どれを出力しても正解とみなされます。", True),
        ("If there is more than one answer, print any.", True),
        ("If there are multiple optimal answers, you may print any.", True),
        ("Output any of the optimal answers", True),
        ("print any of the possible answers", True),
        ("Если существует несколько решений, разрешается вывести любое.", True),
        ("条件を満たすものが複数ある場合、そのいずれを出力しても構いません。", True),
        ("いずれを出力しても", True),
        ("Print a and b, or -1. Do not print any extra spaces.", False),
        ("Print the answer modulo 998244353.", False),
        ("If there are multiple answers, print the lexicographically smallest.", False),
        ("If there are multiple solutions, print the one with minimum sum.", False),
        ("There are several solutions...; output the lexicographically smallest one.", False),
        ("Note that there can be many solutions, so print it modulo 10^9+7.", False),
        ("[1,2] is also valid, but it has larger cost.", False),
        ('the string "ab" is also a valid bracket sequence', False),
        ("There are many solutions. Print the number of any ones in the grid.", False),
    ],
)
def test_a_statement_accepting_any_valid_answer_gives_a_note(statement, any_answer):
    """Codeforces 1913A's note ('"3 91125" is valid too') was judged by tokens unsaid; "If
    there are multiple answers, print the lexicographically smallest" was taken for one, "If
    there is more than one answer, print any." was not."""
    assert any_answer_notes(statement) == ((ANY_ANSWER_NOTE,) if any_answer else ())

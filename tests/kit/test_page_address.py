"""kit.page_address: what problems.toml's ``url`` and ``new`` take for a problem page's address
(http or https, a host, one line without blanks), and what they pass over (a file's path, as
cph's local problems give, another scheme, no host); a judge's query for the page's language
left out."""

import pytest

from kit.page_address import is_page_address, page_address


@pytest.mark.parametrize(
    "text",
    [
        "https://atcoder.jp/contests/abc300/tasks/abc300_a",
        "http://poj.org/problem?id=1000",
        "HTTPS://codeforces.com/contest/1/problem/A",
        "http://127.0.0.1:8000/kattis.html",
    ],
)
def test_an_http_or_https_address_with_a_host_is_a_page_s(text):
    assert is_page_address(text) and page_address(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "ftp://example.com/p/1",
        "",
        "example.com",
        "/home/me/cp/a.cpp",
        "file:///home/me/cp/a.cpp",
        "https://",
        "http:///p/1",
        "http://[::1",
        "https://example.com/a b",
        "https://example.com/a\nb",
    ],
)
def test_anything_else_is_none(text):
    assert not is_page_address(text) and page_address(text) is None


@pytest.mark.parametrize("value", [12, None, ["https://example.com"]])
def test_a_value_that_is_not_text_is_none(value):
    assert page_address(value) is None


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "https://atcoder.jp/contests/abc173/tasks/abc173_c?lang=ja",
            "https://atcoder.jp/contests/abc173/tasks/abc173_c",
        ),
        (
            "https://atcoder.jp/contests/abc173/tasks/abc173_c?lang=en",
            "https://atcoder.jp/contests/abc173/tasks/abc173_c",
        ),
        ("https://atcoder.jp/x?a=1&lang=en&b=%20c", "https://atcoder.jp/x?a=1&b=%20c"),
        (
            "https://codeforces.com/contest/1/problem/A?locale=ru",
            "https://codeforces.com/contest/1/problem/A",
        ),
        (
            "https://m1.codeforces.com/problemset/problem/1/A?locale=en",
            "https://m1.codeforces.com/problemset/problem/1/A",
        ),
    ],
)
def test_a_judge_s_language_query_is_left_out(text, kept):
    """The same task in Japanese or English is one address; the judge's other queries stay."""
    assert page_address(text) == kept


@pytest.mark.parametrize(
    "text",
    [
        "http://poj.org/problem?id=1000&lang=ja",  # another site's lang is its own
        "https://atcoder.jp/contests/abc173/tasks/abc173_c?language=ja",
        "https://notatcoder.jp/p?lang=ja",
    ],
)
def test_any_other_query_is_kept(text):
    assert page_address(text) == text

"""A problem page's address, as problems.toml's ``url`` key holds it: an ``http://`` or
``https://`` address with a host, on one line without blanks (``oj d URL`` takes it as it is).
``new`` writes one only where it knows it (a page fetched, Competitive Companion's or
atcoder-cli's data); a file's path, as cph's local problems give, is none. The query that only
picks the language a judge shows the page in (AtCoder's ``lang``, Codeforces' ``locale``) is
left out: the problem is the same in either; any other query is kept as it is.

    page_address("https://atcoder.jp/contests/abc300/tasks/abc300_a")  # the address
    page_address("https://atcoder.jp/contests/abc300/tasks/abc300_a?lang=ja")  # the same
    page_address("/home/me/a.cpp"), page_address("example.com")  # None, None
"""

from __future__ import annotations

import urllib.parse

SCHEMES = ("http", "https")
# a judge's host, and the query that only picks the language its pages are shown in
LANGUAGE_QUERIES = {"atcoder.jp": "lang", "codeforces.com": "locale"}


def page_address(text: object) -> str | None:
    """``text`` when it is a page's address (``is_page_address``), without the query that only
    picks the page's language; else None."""
    if not isinstance(text, str) or not is_page_address(text):
        return None
    return _without_language(text)


def _without_language(address: str) -> str:
    """``address`` without its judge's language query (``?lang=ja``), the rest of the query
    kept byte for byte."""
    parts = urllib.parse.urlsplit(address)
    host = parts.hostname or ""
    name = next(
        (
            key
            for site, key in LANGUAGE_QUERIES.items()
            if host == site or host.endswith("." + site)
        ),
        None,
    )
    if name is None or not parts.query:
        return address
    kept = [field for field in parts.query.split("&") if field.split("=", 1)[0] != name]
    return urllib.parse.urlunsplit(parts._replace(query="&".join(kept)))


def is_page_address(text: str) -> bool:
    """Whether ``text`` is an http(s) address with a host, without blanks or control
    characters (which urllib.parse passes over, and no address holds)."""
    if not text.isprintable() or any(char.isspace() for char in text):
        return False
    try:
        parts = urllib.parse.urlsplit(text)
        host = parts.hostname
    except ValueError:  # "http://[::1"
        return False
    return parts.scheme in SCHEMES and bool(host)

"""A problem page's address, as problems.toml's ``url`` key holds it: an ``http://`` or
``https://`` address with a host, on one line without blanks (``oj d URL`` takes it as it is).
``new`` writes one only where it knows it (a page fetched, Competitive Companion's or
atcoder-cli's data); a file's path, as cph's local problems give, is none.

    page_address("https://atcoder.jp/contests/abc300/tasks/abc300_a")  # the address
    page_address("/home/me/a.cpp"), page_address("example.com")  # None, None
"""

from __future__ import annotations

import urllib.parse

SCHEMES = ("http", "https")


def page_address(text: object) -> str | None:
    """``text`` when it is a page's address (``is_page_address``), else None."""
    return text if isinstance(text, str) and is_page_address(text) else None


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

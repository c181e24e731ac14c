"""Tests for kit.commands.new_filling: a problem scaffolded from its address alone, filled in
from its page (the command run whole: tests/kit/commands/test_new.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from kit import scaffold
from kit.commands.new_filling import _filled_table
from kit.pages import read_page

DP_B = SimpleNamespace(judge="AtCoder", id="dp_b")  # the registry's problem, as it is read
SAVED = Path(__file__).resolve().parents[2] / "fixtures" / "pages" / "atcoder.html"


def address_table() -> str:
    """dp_b's table as its address alone writes it."""
    return scaffold.table("dp_b", False, "AtCoder", scaffold.Known("AtCoder dp_b", "dp_b"))


def test_the_lines_as_written_are_replaced_in_place_with_the_file_s_line_ends():
    """CRLF kept, an indented line replaced with its indent, another table's lines untouched."""
    text = '[other]\ntitle = "AtCoder dp_b"\n' + address_table().replace(
        "time_limit", "  time_limit"
    )
    text = text.replace("\n", "\r\n")
    page = read_page(str(SAVED), "")
    filled, names, kept = _filled_table(text, "dp_b", page, DP_B)
    assert (names, kept) == (["title", "time_limit", "memory_limit"], [])
    assert filled.startswith('[other]\r\ntitle = "AtCoder dp_b"\r\n')
    assert '\r\ntitle = "Frog & Toad"\r\n' in filled
    assert "\r\n  time_limit = 2.5  # seconds (from the page: 2.5 sec)\r\n" in filled
    assert filled.count("\r\n") == text.count("\r\n") and "\n" not in filled.replace("\r\n", "")


def test_a_line_changed_or_missing_is_kept_and_said():
    text = address_table().replace("memory_limit = 256", "memory_limit = 512")
    text = text.replace('title = "AtCoder dp_b"\n', "")
    filled, names, kept = _filled_table(text, "dp_b", read_page(str(SAVED), ""), DP_B)
    assert (names, kept) == (["time_limit"], ["title", "memory_limit"])
    assert "memory_limit = 512  # MiB (a placeholder: set the statement's)" in filled

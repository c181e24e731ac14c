"""Tests for kit.commands.new_filling: a problem scaffolded from its address alone, filled in
from its page (the command run whole: tests/kit/commands/test_new.py)."""

from __future__ import annotations

import builtins
import socket
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from kit import cli, scaffold
from kit.commands import new_filling
from kit.commands.new_filling import PartlyFilled, _filled_table, fill
from kit.pages import read_page
from kit.registry import load_registry

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


def scaffolded_offline(root: Path, capsys, monkeypatch) -> None:
    """dp_b scaffolded from its address alone: its host's name not resolved."""

    def unreachable(*args, **kwargs):
        raise urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))

    with monkeypatch.context() as patched:
        patched.setattr(urllib.request, "urlopen", unreachable)
        address = "https://atcoder.jp/contests/dp/tasks/dp_b"
        assert cli.main(["new", "--from", address, "--root", str(root)]) == 1
    capsys.readouterr()


def test_samples_not_all_written_leave_the_table_filled_and_say_which_file_and_why(
    toy, capsys, monkeypatch
):
    """The second sample's input failing as on a full disk: the line says the table was
    filled and which file was not written, and why; exit status 1."""
    scaffolded_offline(toy, capsys, monkeypatch)

    def full(path, *args, **kwargs):
        if str(path).endswith("sample-2.in"):
            raise OSError(28, "No space left on device", str(path))
        return builtins.open(path, *args, **kwargs)

    monkeypatch.setattr(new_filling, "open", full, raising=False)
    with pytest.raises(PartlyFilled) as raised:
        fill(toy, "dp_b", read_page(str(SAVED), ""))
    assert raised.value.status == 1
    assert str(raised.value) == (
        "new: filled in dp_b from the page: title, time_limit, memory_limit in problems.toml; "
        "the page's samples not all written (samples/dp_b/sample-2.in: No space left on "
        "device); the solution untouched"
    )
    assert load_registry(toy)["dp_b"].title == "Frog & Toad"


def test_samples_written_whole_are_said_and_nothing_raised(toy, capsys, monkeypatch):
    scaffolded_offline(toy, capsys, monkeypatch)
    said = fill(toy, "dp_b", read_page(str(SAVED), ""))
    assert said.endswith("; 2 samples written into samples/dp_b/; the solution untouched")

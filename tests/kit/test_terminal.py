"""kit.terminal: escapes only on a terminal that takes them, colour only there without
``NO_COLOR``, and the live line cut to the terminal's width."""

import os
import shutil
import threading
import time

import pytest

from kit import terminal


class Stream:
    def __init__(self, tty):
        self.tty = tty

    def isatty(self):
        return self.tty


@pytest.mark.parametrize(
    ("tty", "no_colour", "expected"), [(True, None, True), (True, "1", False), (False, None, False)]
)
def test_colour_only_on_a_terminal_without_no_color(monkeypatch, tty, no_colour, expected):
    monkeypatch.setenv("TERM", "xterm")
    if no_colour is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", no_colour)
    assert terminal.use_colour(Stream(tty)) is expected
    monkeypatch.setenv("TERM", "dumb")  # a terminal that takes no escape sequences
    assert terminal.use_colour(Stream(tty)) is False


@pytest.mark.parametrize(
    ("tty", "term", "expected"),
    [(True, "xterm", True), (True, "dumb", False), (False, "xterm", False)],
)
def test_escapes_only_on_a_terminal_that_takes_them(monkeypatch, tty, term, expected):
    """The live progress line and colour both ask this: ``TERM=dumb`` takes no escapes."""
    monkeypatch.setenv("TERM", term)
    monkeypatch.setenv("NO_COLOR", "1")  # colour off: escapes for the progress line still
    assert terminal.takes_escapes(Stream(tty)) is expected


def test_paint_wraps_in_the_kind_s_colour_only_when_asked():
    assert terminal.paint("ok", "good", True) == "\x1b[32mok\x1b[0m"
    assert terminal.paint("ok", "good", False) == "ok"
    assert terminal.paint("ok", "plain", True) == "ok"


def test_the_live_line_is_cut_to_the_terminal_s_width_and_cleared_by_nothing(monkeypatch, capsys):
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((11, 24))
    )
    terminal.live_line("0123456789abc")
    terminal.live_line("")
    assert capsys.readouterr().err == "\r\x1b[K0123456789\r\x1b[K"


def test_ticking_calls_its_tick_while_the_block_runs_and_never_after():
    called = threading.Event()
    calls = []

    def tick():
        calls.append(1)
        called.set()

    with terminal.ticking(0.001, tick):
        assert called.wait(30)  # the thread ticks while the block waits
    after = len(calls)
    time.sleep(0.05)
    assert len(calls) == after  # the thread ended with the block

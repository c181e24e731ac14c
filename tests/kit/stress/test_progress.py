"""kit.stress.progress: the programs under way, and the line naming one that runs long,
looked at by ``tick(now)`` with ``now`` given (no waiting), and by its thread in ``shown``."""

import threading
import time

from kit.stress import progress
from kit.stress.progress import UnderWay

BRUTE = "--brute 'python3 b.py'"


def test_a_slow_program_is_named_with_its_input_sparingly_then_cleared(monkeypatch):
    monkeypatch.setattr(progress, "SLOW", 100.0)
    monkeypatch.setattr(progress, "EVERY", 50.0)
    lines: list[str] = []
    under_way = UnderWay()
    under_way._write = lines.append  # as shown() sets it, without its thread
    with under_way.running(BRUTE, "on the file of seed 8", 60.0):
        now = time.monotonic()
        under_way.tick(now + 99.0)  # not yet slow
        assert lines == []
        under_way.tick(now + 100.2)
        under_way.tick(now + 130.0)  # within EVERY of the last: not rewritten
        assert lines == [
            f"{BRUTE}: still running on the file of seed 8, 100 s so far (stopped at 60 s)"
        ]
        under_way.tick(now + 151.2)
        assert lines[-1].startswith(f"{BRUTE}: still running on the file of seed 8, 151 s")
        assert len(lines) == 2
    assert lines[-1] == ""  # cleared as the program ended, before its caller goes on


def test_the_longest_running_program_is_named_and_a_quick_one_leaves_no_line(monkeypatch):
    monkeypatch.setattr(progress, "SLOW", 10.0)
    lines: list[str] = []
    under_way = UnderWay()
    under_way._write = lines.append
    with under_way.running("the bundle", "on the file of seed 1", 3.0):
        pass
    under_way.tick(time.monotonic() + 1000.0)  # nothing runs
    older = under_way.running(BRUTE, "on the file of seed 2", 60.0)
    with older, under_way.running("the bundle", "on the file of seed 3", 3.0):
        under_way.tick(time.monotonic() + 10.0)
    assert lines == [
        f"{BRUTE}: still running on the file of seed 2, 10 s so far (stopped at 60 s)",
        "",
    ]


def test_shown_ticks_in_a_thread_and_clears_the_line_at_its_end(monkeypatch):
    monkeypatch.setattr(progress, "SLOW", 0.0)
    monkeypatch.setattr(progress, "TICK", 0.01)
    lines: list[str] = []
    said = threading.Event()

    def write(text: str) -> None:
        lines.append(text)
        said.set()

    under_way = UnderWay()
    with under_way.shown(write), under_way.running(BRUTE, "on the file of seed 4", 60.0):
        assert said.wait(30)
    assert lines[0].startswith(f"{BRUTE}: still running on the file of seed 4, ")
    assert lines[-1] == ""
    under_way.tick(time.monotonic())  # after the block: nothing written
    assert lines.count("") == 1


def test_the_longest_running_is_chosen_by_its_start_alone():
    """Two runs of one program started at the same moment, one reading an input and one
    not: their records compared whole raised TypeError (None against a str)."""
    starts = iter([5.0, 5.0, 4.0])
    under_way = UnderWay(clock=lambda: next(starts))
    with under_way.running(BRUTE, "on an input", 60.0), under_way.running(
        BRUTE, "on an input", 60.0, "1 2\n"
    ):
        assert under_way.longest(BRUTE) in (("on an input", None), ("on an input", "1 2\n"))
        with under_way.running(BRUTE, "on the file of seed 3", 60.0, "3 4\n"):  # started at 4
            assert under_way.longest(BRUTE) == ("on the file of seed 3", "3 4\n")
    assert under_way.longest(BRUTE) is None


def test_a_stopped_line_is_cleared_and_not_written_again_while_a_run_is_left_under_way(
    monkeypatch,
):
    """A run given up (a call that never returns) stays under way: once the line is stopped,
    before the messages that follow, ticks write nothing over them."""
    monkeypatch.setattr(progress, "SLOW", 10.0)
    lines: list[str] = []
    under_way = UnderWay(clock=lambda: 100.0)
    under_way._write = lines.append
    left = under_way.running("reference()", "on the file of seed 2", 60.0)
    left.__enter__()  # never left: the call that does not return
    under_way.tick(120.0)
    assert lines == [
        "reference(): still running on the file of seed 2, 20 s so far (stopped at 60 s)"
    ]
    under_way.stop()
    under_way.tick(200.0)
    assert lines[1:] == [""]

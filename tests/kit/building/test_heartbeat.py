"""kit.building.heartbeat: a long problem's line in a log, on a fake clock: none for a problem
done within EVERY seconds, then one every EVERY seconds with its cases run per runner, the
runs timed again alone and the time so far, none once it ended."""

from kit.building import heartbeat
from kit.building.heartbeat import Heartbeat, duration, where
from kit.run.cases import Step


def step(ended, retimes=0, cases=48) -> Step:
    """A run starting, ``ended`` each runner's (label, first runs ended)."""
    started = sum(count for _, count in ended) + 1
    return Step("attack", ended[0][0], bool(retimes), started, cases * len(ended), cases,
                tuple(ended), retimes)  # fmt: skip


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_problem_done_within_every_seconds_says_nothing():
    """The build's output of a quick problem is what it was."""
    said, clock = [], Clock()
    beat = Heartbeat(said.append, clock)
    beat.start("attack")
    beat.step(step([("CPython 3.8", 47)]))
    beat.tick(clock.now + heartbeat.EVERY - 0.5)
    beat.end()
    beat.tick(clock.now + 10 * heartbeat.EVERY)
    assert said == []


def test_a_long_problem_says_where_it_is_every_every_seconds_until_it_ends():
    said, clock = [], Clock()
    beat = Heartbeat(said.append, clock)
    beat.start("attack")
    for second in range(0, 200, 1):
        if second == 50:
            beat.step(step([("CPython 3.8", 12)]))
        if second == 100:
            beat.step(step([("CPython 3.8", 48)], retimes=7))
        if second == 150:
            beat.end()
        beat.tick(clock.now + second)
    assert said == [
        "attack: no case run yet, 30 s",
        "attack: 12/48 cases, 1 min 0 s",
        "attack: 12/48 cases, 1 min 30 s",
        "attack: 48/48 cases, 7 timed again alone, 2 min 0 s",
    ]


def test_the_next_problem_starts_its_own_count():
    said, clock = [], Clock()
    beat = Heartbeat(said.append, clock)
    beat.start("attack")
    beat.step(step([("CPython 3.8", 12)]))
    beat.end()
    clock.now += 100
    beat.start("defence")
    beat.tick(clock.now + heartbeat.EVERY - 1)
    assert said == []
    beat.tick(clock.now + heartbeat.EVERY)
    assert said == ["defence: no case run yet, 30 s"]


def test_each_runner_s_cases_are_counted_where_several_run_them():
    two = step([("CPython 3.8", 12), ("PyPy 3.10", 10)])
    assert where(two) == "12/48 cases under CPython 3.8, 10/48 under PyPy 3.10"
    assert where(step([("CPython 3.8", 48)], retimes=3)) == "48/48 cases, 3 timed again alone"
    assert where(None) == "no case run yet"


def test_a_duration_reads_in_seconds_minutes_and_hours():
    assert [duration(s) for s in (0, 45.9, 60, 190, 1102, 3720)] == [
        "0 s", "45 s", "1 min 0 s", "3 min 10 s", "18 min 22 s", "1 h 2 min",
    ]  # fmt: skip

"""kit.run.relay_cost: the relay's cost a chunk on this machine, measured once and kept in the
cache under the machine, MARGIN times it (at least LEAST) the allowance a chunk adds."""

import json

import pytest

from kit.run import relay_cost


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A cache of its own, and no figure kept in the process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    relay_cost.per_chunk.cache_clear()
    yield tmp_path / "cpkit" / relay_cost.CACHE
    relay_cost.per_chunk.cache_clear()


def test_a_figure_is_measured_once_kept_under_the_machine_and_read_back(fresh, monkeypatch):
    calls = []
    monkeypatch.setattr(relay_cost, "measured", lambda: calls.append(1) or 100e-6)
    assert relay_cost.per_chunk() == pytest.approx(relay_cost.MARGIN * 100e-6)
    assert json.loads(fresh.read_text()) == {relay_cost._machine(): 100e-6}
    relay_cost.per_chunk.cache_clear()
    assert relay_cost.per_chunk() == pytest.approx(relay_cost.MARGIN * 100e-6)
    assert calls == [1]  # the second from the cache


def test_a_fast_machine_still_gets_the_least_figure_and_a_bad_entry_is_measured_again(
    fresh, monkeypatch
):
    fresh.parent.mkdir(parents=True)
    fresh.write_text(json.dumps({relay_cost._machine(): "fast"}))
    monkeypatch.setattr(relay_cost, "measured", lambda: 1e-6)
    assert relay_cost.per_chunk() == relay_cost.LEAST
    assert json.loads(fresh.read_text()) == {relay_cost._machine(): 1e-6}


def test_the_figures_of_the_newest_machines_alone_are_kept(fresh, monkeypatch):
    """Each kernel update is a machine more: the file kept them all, for good."""
    fresh.parent.mkdir(parents=True)
    old = {f"machine {n}": 50e-6 for n in range(relay_cost.CACHE_ENTRIES)}
    fresh.write_text(json.dumps(old))
    monkeypatch.setattr(relay_cost, "measured", lambda: 100e-6)
    relay_cost.per_chunk()
    kept = json.loads(fresh.read_text())
    assert list(kept) == [*list(old)[1:], relay_cost._machine()]


def test_the_measure_plays_the_ping_pong_both_ways(monkeypatch):
    """A figure of this machine: under a millisecond a chunk, and the same games as played."""
    monkeypatch.setattr(relay_cost, "EXCHANGES", 200)
    cost = relay_cost.measured()
    assert 0 <= cost < 1e-3

"""tuning/depth_match.py: two weight sets at a fixed depth, each opening played with both
colours, scores and costs booked to the right side."""

import pytest

from shared.loa_bitboard import build_tables
from tuning import depth_match

TABLES = build_tables()
BLIND = {"conc": 0, "cent": 0, "group": 0, "quad": 0, "tempo": 0, "mob": 0}  # sees only wins


def test_the_same_weights_with_colours_swapped_replay_the_game_the_other_way():
    """Fresh searchers with equal weights play the same game whichever side is A: A's score
    and its nodes in the swapped game are B's in the first."""
    score, nodes, _ = depth_match.play_pair(3, False, {}, {}, 2, tables=TABLES)
    swapped, swapped_nodes, _ = depth_match.play_pair(3, True, {}, {}, 2, tables=TABLES)
    assert swapped == 1.0 - score
    assert swapped_nodes == (nodes[1], nodes[0])


@pytest.mark.parametrize("swap", [False, True])
def test_a_blind_evaluation_loses_to_the_default_with_either_colour(swap):
    """A (no positional terms) against B (the defaults) at depth 2: B wins as either colour,
    so A's weights and its colour are the ones booked."""
    score, nodes, cpu = depth_match.play_pair(5, swap, BLIND, {}, 2, tables=TABLES)
    assert score == 0.0
    assert min(nodes) > 0 and min(cpu) > 0


def test_main_prints_the_score_and_rejects_an_unknown_weight(capsys):
    assert depth_match.main(["--a", "conn=50", "--depth", "1", "--games", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("A 'conn=50' vs B '', depth 1, 2 games: +")
    assert out[1].startswith("nodes A ")
    with pytest.raises(SystemExit) as stop:
        depth_match.main(["--a", "bogus=1"])
    assert stop.value.code == 2

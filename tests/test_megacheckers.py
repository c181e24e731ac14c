"""MegaCheckers (POJ 3116): samples, rule readings (each checked against the brute force of
stress/megacheckers.py too), proof checks of the solver's bounds, and the bench's worst-case
files. The seeded stress tests are in tests/test_stress_megacheckers.py."""

import random
from pathlib import Path

import pytest

import solutions.megacheckers as mc
from stress import megacheckers as st
from tests.pypy_support import jit_params_of_main

INF = mc.INF

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "megacheckers"


def grid_case(rows):
    """Board from a picture: one string per row, '.' light square, 0/1/2 on homes."""
    n, m = len(rows), len(rows[0])
    homes = []
    for r, line in enumerate(rows):
        assert len(line) == m
        for c, ch in enumerate(line):
            if (r + c) % 2 == 0:
                homes.append(int(ch))
            else:
                assert ch == ".", (r, c)
    return n, m, homes


def both(rows):
    n, m, homes = grid_case(rows)
    got = mc.best_capture(n, m, homes)
    assert got == st.most_captures(n, m, homes)
    return got


def test_samples_from_source():
    for inp in sorted(SAMPLES.glob("*.in")):
        assert mc.solve(inp.read_bytes()) == inp.with_suffix(".out").read_text()


def test_rule_start_home_is_empty_after_leaving():
    """Rule: the moving piece's home is empty once it has left, so a capture loop may land on
    it again. Four pieces around the centre of a 5 x 5 board: 4 captures, not 3."""
    rows = [
        "0.1.0",
        ".2.2.",
        "0.0.0",
        ".2.2.",
        "0.0.0",
    ]
    assert both(rows) == 4


def test_rule_own_pieces_block_landing():
    """Rule: a jump needs an EMPTY landing home; our other piece there blocks it (and a piece
    of ours is never jumped)."""
    assert both(["1.0", ".2.", "1.0"]) == 1  # (0,0) over (1,1) to (2,2); (2,0) likewise to (0,2)
    assert both(["1.0", ".2.", "0.1"]) == 0  # each landing home holds our other piece
    assert both(["1.0", ".1.", "0.0"]) == 0  # cannot jump our own piece


def test_rule_each_piece_jumped_once():
    """Rule: an opponent piece cannot be jumped twice (it is removed), so bouncing back and
    forth over one piece scores 1."""
    assert both(["1.0", ".2.", "0.0"]) == 1


def test_rule_backward_and_turning_jumps():
    """Rule: captures go forward or backward and may change direction: from row 4 the piece
    jumps 'backward' toward row 0 and then turns."""
    rows = [
        "0.0.0",
        ".2.2.",
        "0.0.0",
        ".2.0.",
        "1.0.0",
    ]
    # (4,0) -> (2,2) over (3,1); then over (1,1) to (0,0) or over (1,3) to (0,4): 2 in all
    assert both(rows) == 2


def test_rule_one_piece_per_move_and_no_own_piece():
    """Reading: the answer is the best single piece's capture; a board with no piece of ours
    scores 0."""
    assert both(["0.0", ".2.", "0.0"]) == 0
    # two of our pieces, each can capture one different piece: still 1
    assert both(["1.0.1", ".2.2.", "0.0.0"]) == 1


def test_lattice_reading_one_edge_per_piece():
    """Proof step 1 of the header: for a given mover every opponent piece is one edge only.
    A piece at (1,1) could be jumped along both diagonals by different movers, never twice
    by the same one: movers at (0,0) and (0,2) each take 1, not 2."""
    assert both(["1.1", ".2.", "0.0"]) == 1


def _random_graph(rng, v, p):
    nbr = [0] * v
    for a in range(v):
        for b in range(a + 1, v):
            if rng.random() < p:
                nbr[a] |= 1 << b
                nbr[b] |= 1 << a
    return nbr


def _exact_trail(x, nbr):
    best = 0
    m = nbr[x]
    while m:
        low = m & -m
        m ^= low
        y = low.bit_length() - 1
        nbr[x] ^= low
        nbr[y] ^= 1 << x
        best = max(best, 1 + _exact_trail(y, nbr))
        nbr[x] ^= low
        nbr[y] ^= 1 << x
    return best


def test_bounds_sandwich_the_exact_longest_trail(scaled):
    """Proof check of the header's bounds on random graphs: Euler construction <= exact longest
    trail <= matching bound <= cheap bound, exact <= bridge-tree bound, and the search returns
    the exact value."""
    rng = random.Random(20061)
    for case in range(scaled(2000)):
        v = rng.randint(2, 9)
        nbr = _random_graph(rng, v, rng.choice([0.25, 0.4, 0.6]))
        while sum(bin(a).count("1") for a in nbr) > 2 * 13:  # keep the plain search quick
            nbr = _random_graph(rng, v, 0.4)
        x = rng.randrange(v)
        exact = _exact_trail(x, nbr[:])
        _, comp = mc._bfs_layers(1 << x, nbr)
        edges, terminals, cheap = mc._analyse(x, nbr, comp)
        _, _, dist = terminals
        gcost, pairs = mc._greedy_matching(dist, len(dist))
        lb = mc._trail_after_join(x, nbr, terminals, pairs)
        mcost, mpairs = mc._matching_bnb(dist, len(dist), gcost + 1)
        ub = edges - mcost
        ctx = (case, x, nbr, exact, lb, ub, cheap)
        assert lb <= exact <= ub <= cheap, ctx
        assert exact <= mc._bridge_bound(x, nbr, comp), ctx
        if mpairs is not None:
            assert mc._trail_after_join(x, nbr, terminals, mpairs) <= exact, ctx
        saved = nbr[:]
        assert mc._longest_trail(x, nbr, 0) == exact, ctx
        assert nbr == saved  # the search restores the graph


def _cheapest_pairing(dist, terms, left_out):
    """The least total distance pairing up ``terms``, one of them left out when ``left_out``."""
    if not terms:
        return 0
    first, rest = terms[0], terms[1:]
    best = _cheapest_pairing(dist, rest, False) if left_out else INF
    for j, other in enumerate(rest):
        pair = dist[first][other] + _cheapest_pairing(dist, rest[:j] + rest[j + 1 :], left_out)
        best = min(best, pair)
    return best


def test_pairing_bound_stays_below_the_cheapest_pairing(scaled):
    """The pairing search against every pairing: exact when it finishes, and when its node
    budget runs out (1, 5, 30 nodes) the bound it answers (the assignment potentials' or the
    nearest partners', at the root) is still at most the cheapest pairing."""
    rng = random.Random(31163)
    stopped = 0
    for case in range(scaled(300)):
        v = rng.randint(4, 14)
        nbr = _random_graph(rng, v, rng.choice([0.2, 0.3, 0.5]))
        x = rng.randrange(v)
        _, comp = mc._bfs_layers(1 << x, nbr)
        _, (terms, _, dist), _ = mc._analyse(x, nbr, comp)
        k = len(terms)
        cheapest = _cheapest_pairing(dist, list(range(k)), True)
        assert mc._matching_bnb(dist, k, INF)[0] == cheapest, (case, nbr, x)
        for cap in (1, 5, 30):
            cost, pairs = mc._matching_bnb(dist, k, INF, node_cap=cap)
            if pairs is None:
                stopped += 1
                assert cost <= cheapest, (case, nbr, x, cap, cost, cheapest)
            else:
                assert cost == cheapest == sum(dist[i][j] for i, j in pairs), (case, cap)
    assert stopped >= scaled(300) // 2  # the budget did run out


def test_short_complement_trail_is_exact_within_its_slack(scaled):
    """Listing the complements of at most k edges finds the exact longest trail when that trail
    leaves at most k edges, and otherwise a shorter trail than edges - k (or -1); the graph is
    restored."""
    rng = random.Random(31160)
    for case in range(scaled(1500)):
        v = rng.randint(2, 9)
        nbr = _random_graph(rng, v, rng.choice([0.25, 0.4, 0.6]))
        while sum(bin(a).count("1") for a in nbr) > 2 * 13:
            nbr = _random_graph(rng, v, 0.4)
        x = rng.randrange(v)
        exact = _exact_trail(x, nbr[:])
        _, comp = mc._bfs_layers(1 << x, nbr)
        edges, odd = mc._degrees(comp, nbr)
        saved = nbr[:]
        for k in range(edges + 1):
            got = mc._short_complement_trail(x, nbr, odd ^ (1 << x), k, cap=1 << 40)
            if edges - exact <= k:
                assert got == exact, (case, x, saved, k)
            else:
                assert got < edges - k, (case, x, saved, k)
            assert nbr == saved


def test_worst_case_files_answers():
    """The bench's worst-case files (ten full webs of the four extreme shapes; the adversarial
    boards; dense random webs) give the answers the brute force computed for them."""
    assert mc.solve(st.ten_full_webs().encode()) == st.TEN_FULL_WEBS_ANSWERS
    assert mc.solve(st.adversarial().encode()) == st.ADVERSARIAL_ANSWERS
    for name, text, *expected in st.worst_cases():
        st.validate(text)
        got = mc.solve(text.encode())
        assert got.count("\n") == len(st.split_cases(text)), name
        if expected:
            assert got == expected[0], name


@pytest.mark.slow
def test_worst_case_answers_by_brute():
    """Recomputes the kept answers of the ten full webs, the adversarial boards and the climbed
    board with the brute force (about a minute)."""
    assert st.reference(st.ten_full_webs()) == st.TEN_FULL_WEBS_ANSWERS
    assert st.reference(st.adversarial()) == st.ADVERSARIAL_ANSWERS
    assert st.reference(st.climbed_repeated(1)) == "8\n"


def test_under_pypy_main_sets_the_jit_to_unroll_no_recursion(monkeypatch):
    """PyPy's default unrolling of the recursive searches costs a third more time on the
    hardest bench files (docs/megacheckers.md, Figures)."""
    assert jit_params_of_main(monkeypatch, mc) == ["max_unroll_recursion=0"]

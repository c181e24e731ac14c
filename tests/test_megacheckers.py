"""MegaCheckers (POJ 3116): samples, rule readings, bound proofs and stress tests against the
brute force in tests/brute/megacheckers_brute.py."""

import os
import random
from pathlib import Path

import pytest

import solutions.megacheckers as mc
from tests.brute import megacheckers_brute as brute

SCALE = float(os.environ.get("STRESS_SCALE", "1"))
SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "megacheckers"
SHAPES = [(n, m) for n in range(3, 21) for m in range(3, 21) if n * m <= 200]


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
    assert got == brute.best_capture(n, m, homes)
    return got


def fail_text(n, m, homes, want, got):
    return f"input:\n{brute.format_case(n, m, homes)}0 0\nexpected {want}, got {got}"


def test_samples_from_source():
    for inp in sorted(SAMPLES.glob("*.in")):
        want = inp.with_suffix(".out").read_text()
        assert mc.solve(inp.read_bytes()) == want
        assert brute.solve(inp.read_bytes()) == want


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


def test_bounds_sandwich_the_exact_longest_trail():
    """Proof check of the header's bounds on random graphs: Euler construction <= exact longest
    trail <= matching bound <= cheap bound, exact <= bridge-tree bound, and the search returns
    the exact value."""
    rng = random.Random(20061)
    for case in range(int(2000 * SCALE)):
        v = rng.randint(2, 9)
        nbr = _random_graph(rng, v, rng.choice([0.25, 0.4, 0.6]))
        while sum(bin(a).count("1") for a in nbr) > 2 * 13:  # keep the plain search quick
            nbr = _random_graph(rng, v, 0.4)
        x = rng.randrange(v)
        exact = _exact_trail(x, nbr[:])
        _, comp = mc._bfs_layers(1 << x, nbr)
        edges, jl, layers, dist, cheap = mc._analyse(x, nbr, comp)
        gcost, pairs = mc._greedy_matching(dist, len(jl))
        lb = mc._trail_after_join(x, nbr, (jl, layers, dist), pairs)
        mcost, mpairs = mc._matching_bnb(dist, len(jl), gcost + 1)
        ub = edges - mcost
        ctx = (case, x, nbr, exact, lb, ub, cheap)
        assert lb <= exact <= ub <= cheap, ctx
        assert exact <= mc._bridge_bound(x, nbr, comp), ctx
        if mpairs is not None:
            assert mc._trail_after_join(x, nbr, (jl, layers, dist), mpairs) <= exact, ctx
        saved = nbr[:]
        assert mc._longest_trail(x, nbr, 0) == exact, ctx
        assert nbr == saved  # the search restores the graph


def _stress(rng, count, make):
    for _ in range(count):
        n, m, homes = make(rng)
        want = brute.best_capture(n, m, homes)
        got = mc.best_capture(n, m, homes)
        assert got == want, fail_text(n, m, homes, want, got)


def test_stress_random_boards():
    """Uniform random boards of every shape up to 120 squares, all densities."""
    small = [s for s in SHAPES if s[0] * s[1] <= 120]

    def make(rng):
        n, m = rng.choice(small)
        p2 = rng.choice([0.1, 0.3, 0.5, 0.7, 0.9])
        p1 = rng.choice([0.02, 0.05, 0.1, 0.3])
        return n, m, brute.random_board(rng, n, m, p2, p1)

    _stress(random.Random(3116), int(2000 * SCALE), make)


def test_stress_dense_webs():
    """Dense capture webs (the worst-case shape with holes, strays and several own pieces) up
    to 150 squares: the boards where bounds and search matter."""
    shapes = [s for s in SHAPES if s[0] * s[1] <= 150]

    def make(rng):
        n, m = rng.choice(shapes)
        homes = brute.dense_board(
            rng,
            n,
            m,
            rng.choice([0.7, 0.85, 0.95, 1.0]),
            rng.choice([1, 2, 3, 5, 10, 20]),
            rng.choice([0, 0.05, 0.15, 0.3]),
        )
        return n, m, homes

    _stress(random.Random(2006), int(1500 * SCALE), make)


def test_full_webs_against_brute():
    """The full web (every odd/odd home taken) on boards small enough for the brute force."""
    rng = random.Random(7)
    shapes = [(n, m) for n, m in SHAPES if n * m <= 100]
    for _ in range(int(60 * SCALE)):
        n, m = rng.choice(shapes)
        evens = [(r, c) for r in range(0, n, 2) for c in range(0, m, 2)]
        own = set(rng.sample(evens, rng.randint(1, min(4, len(evens)))))
        homes = brute.full_web(n, m, own)
        want = brute.best_capture(n, m, homes)
        got = mc.best_capture(n, m, homes)
        assert got == want, fail_text(n, m, homes, want, got)


@pytest.mark.slow
def test_stress_dense_webs_large():
    """Dense webs on boards of up to 200 squares (brute force takes a while there)."""

    def make(rng):
        n, m = rng.choice(SHAPES)
        homes = brute.dense_board(
            rng,
            n,
            m,
            rng.choice([0.8, 0.95, 1.0]),
            rng.choice([1, 3, 10, 30]),
            rng.choice([0, 0.1]),
        )
        return n, m, homes

    _stress(random.Random(200), int(500 * SCALE), make)


def _bench_module():
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "bench" / "megacheckers.py"
    spec = importlib.util.spec_from_file_location("bench_megacheckers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_worst_case_files_answers():
    """The bench's worst-case files (ten full webs of the four extreme shapes; the adversarial
    boards) give the answers the brute force computed for them."""
    bench = _bench_module()
    assert mc.solve(bench.ten_full_webs().encode()) == bench.TEN_FULL_WEBS_ANSWERS
    assert mc.solve(bench.adversarial().encode()) == bench.ADVERSARIAL_ANSWERS
    for name, text, *expected in bench.cases():
        got = mc.solve(text.encode())
        assert got.count("\n") == text.count("\n") // 2, name
        if expected:
            assert got == expected[0], name


@pytest.mark.slow
def test_worst_case_answers_by_brute():
    """Recomputes the kept answers of the ten full webs with the brute force (about a minute)."""
    bench = _bench_module()
    text = bench.ten_full_webs()
    assert brute.solve(text.encode()) == bench.TEN_FULL_WEBS_ANSWERS
    assert brute.solve(bench.adversarial().encode()) == bench.ADVERSARIAL_ANSWERS

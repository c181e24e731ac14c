"""Test support (not a test module): shared data and helpers for the Lines of Action tests.

- ``from_diagram(rows)``: (white, black) bit-boards from 8 strings, rank 8 first;
- ``count_groups(bb)``: the number of 8-connected groups of a bit-board;
- ``POSITIONS``: named positions (diagram, side to move) for perft counts and searches;
- ``EXAMPLE``: a position matching every fact the statement gives about its missing figure 2;
- ``fixed_depth(white, black, side, depth)``: (move, score, nodes) of a fresh searcher's
  fixed-depth search (shared/loa_search.search_to_depth with a new searcher).
"""


def from_diagram(rows):
    """Bit-boards (white, black) from 8 strings, rank 8 first, 'w'/'b'/'.' per file A..H."""
    white = black = 0
    for i, row in enumerate(rows):
        r = 7 - i
        for f, ch in enumerate(row.replace(" ", "")):
            if ch in "wW":
                white |= 1 << (8 * r + f)
            elif ch in "bB":
                black |= 1 << (8 * r + f)
    return white, black


def count_groups(bb):
    """The number of 8-connected groups of the set bits, square by square (a check on the
    helpers' bit-parallel flood fills, so written differently from them)."""
    pieces = {(s % 8, s // 8) for s in range(64) if bb >> s & 1}
    n = 0
    while pieces:
        n += 1
        todo = [pieces.pop()]
        while todo:
            f, r = todo.pop()
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if (f + df, r + dr) in pieces:
                        pieces.remove((f + df, r + dr))
                        todo.append((f + df, r + dr))
    return n


# Figure 2 is missing from the statement. This position satisfies every fact the text gives about
# the black piece on F3 (Black to move):
# - rank 3 holds 4 pieces (A3 w, D3 b, F3 b, H3 w): F3-B3 is 4 long and jumps the black D3;
#   to the right 4 squares do not fit;
# - the diagonal D1-H5 holds 2 (D1 b, F3 b): F3-H5 is legal, F3-D1 has the right length but
#   ends on a black piece;
# - the diagonal A8-H1 holds 2 (D5 w, F3 b): F3-D5 captures, F3-H1 is legal;
# - file F holds 4 (F1 b, F3 b, F4 w, F6 w): F3-F7 would jump white pieces, downwards only two
#   squares exist.
EXAMPLE = [
    "........",
    "........",
    ".....w..",
    "...w....",
    ".....w..",
    "w..b.b.w",
    "........",
    "...b.b..",
]

# Fixed positions (rank 8 first), side to move 'W' or 'B'.
POSITIONS = {
    "start": (
        [
            ".bbbbbb.",
            "w......w",
            "w......w",
            "w......w",
            "w......w",
            "w......w",
            "w......w",
            ".bbbbbb.",
        ],
        "W",
    ),
    "midgame": (
        [
            "..b.bb..",
            "w..b...w",
            "..w.b..w",
            ".w.bw...",
            "..wb.w..",
            "w..b..bw",
            "...w...w",
            ".b..b...",
        ],
        "B",
    ),
    "crowded-centre": (
        [
            "........",
            "...bw...",
            "..wbbw..",
            ".bwwbbw.",
            "..bwwb..",
            "..wbbw..",
            "...wb...",
            "........",
        ],
        "W",
    ),
    "sparse": (
        [
            "b......w",
            "........",
            "........",
            "...w....",
            "....b...",
            "........",
            "........",
            "w......b",
        ],
        "B",
    ),
    "statement-example": (EXAMPLE, "B"),
    # Positions from games the bot lost at the real clock (random 4-ply openings, the loser's
    # side named); "ply N" = N plies had been played.
    # Game 4, ply 33, the bot (Black) to move; four moves later White connected.
    "lost-a-turning-point": (
        [
            ".bb.....",
            "..ww....",
            "...bbwb.",
            "..w...b.",
            "...b....",
            ".......b",
            "..b.....",
            "........",
        ],
        "B",
    ),
    # Game 4, ply 36: White to move connects by force in three moves (five plies).
    "lost-a-forced-win": (
        [
            ".bb.....",
            "..wbw.b.",
            "...bb.b.",
            "..w.....",
            "...b....",
            "........",
            "..b.....",
            "........",
        ],
        "W",
    ),
    # Game 6, ply 32: White to move connects by force in three moves.
    "lost-b-forced-win": (
        [
            "........",
            "........",
            "....b...",
            ".b.b....",
            "...bww..",
            ".wb.w...",
            "...bw...",
            ".....b..",
        ],
        "W",
    ),
    # Game 8, ply 25, the bot (Black) to move; it played C7-E5 and White connected four moves
    # later.
    "lost-c-turning-point": (
        [
            "......bb",
            "..b.....",
            "w..bww..",
            "w.w..wb.",
            "..wwb...",
            "........",
            "...b....",
            "........",
        ],
        "B",
    ),
}


def fixed_depth(white, black, side, depth, tables=None):
    """(move, score, nodes) of a fresh searcher's search to ``depth`` plies (or less when the
    result is decided sooner), 200 plies from the move limit."""
    from shared.loa_eval import make_evaluator
    from shared.loa_search import Searcher, search_to_depth

    searcher = Searcher(make_evaluator(None, tables), tables)
    return search_to_depth(searcher, white, black, side, depth)[1:]


def random_position(rng):
    """Ten white and ten black pieces on random squares (rng: random.Random)."""
    squares = rng.sample(range(64), 20)
    w = sum(1 << s for s in squares[:10])
    b = sum(1 << s for s in squares[10:])
    return w, b

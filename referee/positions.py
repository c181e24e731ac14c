"""Fixed Lines of Action positions: move sequences from the start, from early, middle and late
stages of self-play and greedy games.

``POSITIONS``: [(name, plies), ...], plies space-separated, White's first. bench/lines_of_action.py
times the bot on them. ``GAMES`` and ``search_positions()``: a larger fixed set, these included,
for tuning/search_speed.py. tests/test_search_speed.py checks that each is a legal game that is
not yet won, by the rules of referee/rules.py.
"""

POSITIONS = [
    ("start (first move, start-up)", ""),
    ("opening 2", "A2-C4 B1-B3"),
    ("opening 4", "H2-F4 C8-C6 H3-G4 B8-B6"),
    (
        "early 12",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 E8-B5 F5-B5 G4-E2",
    ),
    (
        "middle 16",
        "A3-C5 G8-G6 A5-C7 F1-H3 A4-C6 H3-F5 H2-E5 E8-E5 H4-F2 F8-D6 A2-B3 D8-D5 B3-B6 C8-E6 "
        "H5-F3 E1-E4",
    ),
    (
        "middle 16b",
        "A3-C5 G8-G6 A5-C7 F1-H3 A4-C6 H3-F5 A7-D7 F8-H6 A6-E6 E1-E4 C5-F5 D1-F3 C6-G6 F3-F5 "
        "H5-F5 E8-G6",
    ),
    (
        "middle 20",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 G4-E2 A4-D4 F1-C4 H4-F2 G8-D5 "
        "A3-C3 A5-E5 F4-C4 E8-E3 A2-D5 D1-D4",
    ),
    (
        "late 34",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 G4-E2 A4-D4 F1-C4 H4-F2 G8-D5 "
        "A3-C3 A5-E5 F4-C4 E8-E3 A2-D5 D1-D4 A7-A5 C6-B5 F5-E6 E3-C3 E6-D7 C1-C4 D7-D4 B1-B4 "
        "D5-C6 E1-E4 D4-D5 F8-F6 F2-G3 C4-F4",
    ),
]


# Twelve whole games, for fixed-depth speed checks of the search (tuning/search_speed.py):
# four random plies (random.Random(7)), then both sides a fresh searcher's depth-2 move, to
# the last ply before a side connects or to ply 60. Stored, so that a search that plays
# differently is still measured on the same positions.
GAMES = [
    (
        "A5-C3 E1-G3 A6-A1 C1-E3 A3-B2 G3-C3 A4-C2 F1-E2 H3-E3 C3-E3 H2-F4 G1-C1 A7-C5 E3-C5 "
        "A1-C3 C1-F4 H4-F4 E2-E4 A2-D2 D1-F3 H5-F3 G8-F7 H6-E3 C5-E3 H7-F7 E3-D4 F3-D3 D8-C7 "
        "F7-E6 C7-C3 E6-D5 C8-C5 D5-C4 B8-B5 F4-F2 B1-C1"
    ),
    (
        "H2-H8 G8-E6 H3-F3 B8-H8 H6-E6 C8-E6 H7-F5 H8-G7 H4-F4 G7-E7 H5-E5 F8-C5 A2-C4 E6-C4 "
        "F4-C4 D8-D6 F3-E4 B1-E4 A5-B6 C1-C4 A6-D6 E8-F7 A4-B5 E1-E5 B5-C6 E4-C6 A3-B3 F1-D3 "
        "F5-D3 E5-D4 A7-D7 G1-G2 B3-B5 G2-E4 D7-E6 D1-E2 D6-E5 F7-D7 E6-G4 E2-D2 D3-E3"
    ),
    (
        "H2-F2 G8-G6 H3-F5 B1-F5 H4-E1 B8-C7 A2-B3 F8-D6 A7-D4 D8-D4 H5-F3 E8-E6 E1-C3 C8-C4 "
        "H6-F4 C7-C3 A5-C3 D6-F4 A3-B4 C1-E3 A4-B5 D1-F3 F2-G2"
    ),
    (
        "H2-F4 D8-F6 A6-D6 C1-F4 A7-C5 B1-D3 A3-D3 F1-D3 A2-C4 C8-C5 H4-F6 D3-D6 H3-G3 E8-E6 "
        "H5-E5 G8-D5 H6-F4 D1-D4 A4-B5 E1-C3 H7-G6 B8-B6 A5-C3 G1-F1 B5-C6 F8-E8 C4-E2 F1-F4 "
        "E2-E6 E8-C6 C3-E3"
    ),
    (
        "H4-F4 C1-A3 H6-H1 D1-D3 H5-G4 F1-F4 H1-G2 G1-E3 H7-F7 E1-E4 F7-F4 E4-E7 A2-C4 B1-B3 "
        "A7-C5 E3-C5 A4-E4 B3-B5 H2-E5 B8-E5 H3-E3 G8-E6 C4-E6 C5-E3 G4-F3 D3-D5 A6-C6 A3-D6 "
        "A5-C7 E8-F7 C7-C4 E3-D4 G2-H2"
    ),
    (
        "A3-C5 F1-D3 H7-E4 C1-C4 A2-C2 E1-E4 A7-B7 D1-D4 A4-C6 B1-B4 B7-E4 F8-C5 A6-D6 G1-G3 "
        "A5-C7 E8-C6 E4-C6 G8-E6 H4-D4 C8-F5 C6-D5 B8-B6 H5-G6 D8-E7 H6-G5 B4-C3 G5-F4 E7-E5 "
        "F4-C4 G3-F2 C4-E4 F2-F4 H3-E3 D3-C4 E3-C3 B6-B5 H2-H3 B5-C6 C7-D7 C4-B5 G6-F7 E5-E8 "
        "C3-E5 B5-C4 C2-F5 E8-F8 F5-D3 C5-C8 D4-C5 F8-D8 H3-F3 C4-A6"
    ),
    (
        "A6-C8 B1-B3 H4-F2 C1-C3 A7-C7 D1-A4 A5-D8 G8-D5 H7-G6 B8-B6 H3-F5 E8-C6 H6-D6 C3-D4 "
        "H2-E5 B3-B5 G6-C6 E1-E3 F5-E4 F8-F5 A3-C5 F1-D3 A2-C4 B6-B4 D8-B6 E3-C3 H5-G4 F5-F3 "
        "G4-E6 C3-E1 B6-F6 E1-C1"
    ),
    (
        "H7-F5 D1-B3 A5-C3 E8-E6 H6-E6 E1-C3 H2-F4 C1-C4 H5-G4 G1-G4 H3-D3 B1-B4 H4-F6 B4-E7 "
        "A6-D6 C3-E5 A3-E7 B3-D3 F5-D3 B8-B7 A7-B6 F1-G2 B6-C5 C8-C5 F4-E3 B7-D5 E3-C5 G2-E4 "
        "A4-B5 G4-E6 B5-C6 D8-C7 C6-D7 G8-G7 D3-F1 E4-C6 F1-F4 F8-E8 A2-B2"
    ),
    (
        "H3-F3 D1-B3 H5-F5 F1-D3 H7-D3 E1-C3 F3-E4 C1-A3 A5-C3 B1-B4 A2-C2 G1-E3 H4-D4 B8-B5 "
        "H6-F4 B3-D5 H2-F2 D8-D4 F2-F6 F8-C5 C2-G6 G8-D8 A6-D6 B5-F5 A4-C6 C8-E6 C3-E1"
    ),
    (
        "A3-C3 F1-D3 A6-C6 D1-F3 A7-C7 G1-F2 A2-C4 E1-E3 A4-D4 C1-F4 A5-D8 E8-C6 H2-F2 F3-D5 "
        "C7-F4 C8-C4 H6-E3 B8-D6 H3-D3 F8-F5 F2-F5 D6-F4 C3-E5 G8-G7 H5-D5 G7-E7 H4-G3 E7-D6 "
        "E3-C5 C6-B5 G3-E3 D6-C6 H7-G7 B1-B3 D8-E7 B3-B1"
    ),
    (
        "H7-F5 C1-E3 H6-F4 D1-F3 A3-E3 B1-D3 H5-E5 G1-G3 H4-E4 F1-C4 H3-E6 E1-C3 A5-C3 D3-D5 "
        "A4-B3 D5-D7 H2-F2 B8-B6 A6-C4 C8-C5 F5-D3 C5-E5 C3-E5 F8-F4 A2-A4 D7-A4 F2-B6 D8-B6 "
        "A7-A5 F3-F5"
    ),
    (
        "A4-C6 F8-H6 C6-A4 H6-G7 H7-F5 C8-F5 H3-F5 B8-F8 H2-G3 F8-F5 H5-F3 G8-E6 H4-F4 E8-E5 "
        "A7-C5 D8-D6 A6-D6 E5-E2 A5-D5 B1-D3 C5-F5 E6-E3 G3-G6 G7-F6 G6-D3 C1-F4 D6-F4 D1-B3 "
        "A4-C4 E1-E4 A3-B4 G1-G2 F4-E5 B3-A4 A2-D2 G2-D2 B4-D2 E4-H4 F5-C5 F1-G1"
    ),
]


def search_positions(first=6, every=3):
    """(name, plies) of POSITIONS and of the positions of GAMES after ``first`` plies and every
    ``every`` plies from there: the fixed set of tuning/search_speed.py."""
    found = list(POSITIONS)
    for g, game in enumerate(GAMES):
        plies = game.split()
        for n in range(first, len(plies) + 1, every):
            found.append((f"game {g + 1} ply {n}", " ".join(plies[:n])))
    return found

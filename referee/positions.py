"""Fixed Lines of Action positions: move sequences from the start, from early, middle and late
stages of self-play and greedy games.

``POSITIONS``: [(name, plies), ...], plies space-separated, White's first. bench/lines_of_action.py
times the bot on them; tests/test_lines_of_action.py checks that each is a legal game that is not
yet won, by the rules of referee/rules.py.
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

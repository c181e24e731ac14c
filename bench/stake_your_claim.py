"""Worst-case inputs for Stake Your Claim (POJ 3317): 8 x 8 boards with 10 empty squares.

Each case is one input file of 100 boards from one family (all deterministic): random fill,
checkerboard, stripes, big blocks, clustered empties, empties on the borders between regions
(the seeded generators of stress/stake_your_claim.py), and "climbed": boards found by
hill-climbing (moving empties, swapping a 0 and a 1) the number of threshold sweeps the
bit-set solver needs -- its costliest inputs, 8 sweeps against ~3 on random boards -- each in
5 orientations. GOAL_SECONDS is the goal for one 100-board file.
"""

import random

from stress.stake_your_claim import FAMILIES, case_text, join_cases

GOAL_SECONDS = 1.0
N = 8
EMPTIES = 10
BOARDS = 100


# 8 x 8 boards (row-major, 64 characters) from the hill-climb described above.
CLIMBED = [
    "101101100.1..1.01100001101111.1001100011.00..11001.100110.010000",
    "1..00001.10..00010011.100001001.11110110.0110011110101101.0.0101",
    "000.0001110.101011001.01111.11111010000011.01.01.0.0.00.01111001",
    ".010001.111.111100.10101010101110001..1.010100000011.1.00.110001",
    "111100.01000.011.0101.1000111010011.000111.001010001.011100.1..1",
    "10011001.010.00000110..10000.11111011.1.00101100000101101.1..111",
    "100.011010001101110101100..1.100000.110.10100001.100.11.10.10111",
    "011011.000111.0.11.10.00.0010110100.00.11001111101.1100001001.01",
    "0001011111111101.011000.01.001.01100.10001110.00.111..000.010011",
    ".10100.1100001010001011101.011110.0.10..111000.111000.0.10101011",
    "101010001010...100.11.0110110.11000..1101011.01000111100000101.1",
    "0.01.1100010111000110110.1111..0011.01.0.001.1100101.01110100000",
    "1001100001.1000010011.00101100.0..1100111011.111.10.0.1010.01011",
    "10011.1.11110.0111.1.10.100.01.0000.010010010100111101.000001110",
    "10.110100111100.1010110010..0.011000.111100010..011001.011100.01",
    "10.100.11111101001.10000010.11110.10.11100..11101.011.0100000000",
    "0.1.101.110.1110110101110.0100.0.1100010110.111010011000.001.000",
    "1.00.100110100.0100100011000...11.10110.10101011101.110.10111000",
    "001110000..11100100111..00.0.000000.11.1.1100111111011001111.000",
    "0.11.000111101.0101.011001110100111.00.011.011.1.0.0001011000010",
]


def orientations(rows):
    """The board, rotated by 90, 180 and 270 degrees, and transposed (all legal positions)."""
    out = [rows]
    cur = rows
    for _ in range(3):
        cur = ["".join(row[c] for row in reversed(cur)) for c in range(len(cur))]
        out.append(cur)
    out.append(["".join(row[c] for row in rows) for c in range(len(rows))])
    return out


def climbed_boards(count=BOARDS):
    boards = []
    for flat in CLIMBED:
        boards.extend(orientations([flat[r * N : (r + 1) * N] for r in range(N)]))
    return boards[:count]


def family_boards(name, seed, count=BOARDS):
    rng = random.Random(f"{name}-{seed}")
    return [FAMILIES[name](rng, N, EMPTIES) for _ in range(count)]


def render(boards):
    return join_cases([case_text(rows) for rows in boards])


def cases():
    out = [(f"{name}-100x8x8e10", render(family_boards(name, 1))) for name in FAMILIES]
    out.append(("climbed-100x8x8e10", render(climbed_boards())))
    return out

"""Worst cases for MegaCheckers (POJ 3116), built with the generators of stress/megacheckers.py.

The densest capture web the limits allow: opponent pieces on every (odd row, odd column) home
-- exactly floor(NM/4) of them on 14 x 14 (49), 10 x 20 and 20 x 10 (50), 12 x 16 (48) -- with
one or a few of our pieces on the empty (even, even) homes. A plain depth-first search over
capture sequences explodes there (the brute force needs 44 s for the first file).

cases():
  ten-full-webs        the four shapes in turn, one own piece on boards 1-5, two to five on
                       boards 6-10 (answers checked by the brute force and kept here);
  ten-webs-many-own    the same webs with 6-12 of our pieces each (more starts, blocked homes;
                       answers checked by the brute force and kept here);
  adversarial-8        boards found by hill-climbing the solver's own running time over holes
                       in the web and own pieces that cut it: the cases that need the search
                       (answers checked by the brute force and kept here);
  dense-random-30      thirty random dense webs of 150-200 squares with holes and strays
                       (answers checked by the brute force and kept here);
  mixed-200            two hundred random boards of every shape and density (answers by the
                       brute force, which is quick on these, when the cases are made).
GOAL_SECONDS = 1.0 for a whole file, start-up included.
"""

import random

from stress.megacheckers import (
    case_text,
    dense_board,
    join_cases,
    random_full_web,
    reference,
    scattered_board,
)

GOAL_SECONDS = 1.0
SHAPES = [(14, 14), (10, 20), (20, 10), (12, 16)]
TEN_FULL_WEBS_ANSWERS = "28\n36\n32\n30\n36\n32\n32\n33\n28\n31\n"

# Found by hill-climbing the solver's running time over own pieces and holes in the web.
ADVERSARIAL = [
    (
        14,
        14,
        "0 0 0 0 0 0 0 2 0 2 2 2 2 2 0 0 0 0 0 0 0 2 2 2 0 0 2 0 0 0 0 0 0 0 0 0 2 2 2 2 2 2 "
        "0 0 0 1 0 0 1 2 2 2 2 2 2 2 0 0 0 1 0 0 1 2 2 2 2 2 0 2 0 0 1 1 0 0 0 2 0 2 2 2 2 0 "
        "0 0 0 0 0 0 0 2 2 2 2 2 2 2",
    ),
    (
        14,
        14,
        "0 0 1 1 0 0 0 2 2 2 2 2 2 0 0 1 0 0 0 0 0 2 2 2 2 2 2 2 1 0 0 0 0 0 0 2 0 2 2 2 2 2 "
        "1 0 1 0 0 0 0 2 2 2 2 2 2 2 1 0 0 0 0 0 0 2 2 2 2 2 2 2 0 0 0 0 0 0 0 2 2 2 2 2 2 2 "
        "0 0 0 0 0 0 0 0 0 0 2 2 2 0",
    ),
    (
        14,
        14,
        "0 0 1 0 0 0 1 2 2 2 2 2 2 2 0 0 0 0 1 0 0 2 2 0 2 2 2 2 0 1 0 0 0 0 0 2 2 0 2 2 2 2 "
        "0 0 0 1 0 0 0 2 2 2 2 2 2 0 0 1 0 0 0 0 1 2 2 2 2 2 0 2 0 0 0 0 0 0 1 0 0 2 0 2 2 0 "
        "0 1 0 0 0 0 0 2 2 2 2 2 2 2",
    ),
    (
        10,
        20,
        "0 0 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 0 0 1 0 0 0 1 0 0 0 2 2 2 2 2 2 2 2 2 2 0 0 "
        "0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 0 0 0 0 0 0 0 0 0 0 2 2 2 0 2 2 2 0 2 2 0 0 0 0 "
        "0 0 1 0 0 0 2 2 2 0 2 2 2 0 2 2",
    ),
    (
        12,
        16,
        "0 0 0 0 0 1 0 0 2 0 2 2 2 2 2 2 0 1 0 0 1 0 0 0 2 2 2 2 0 2 2 0 0 0 0 0 0 0 0 0 0 2 "
        "2 2 2 2 2 2 0 0 0 0 0 0 0 1 2 2 0 2 2 2 0 2 0 0 0 1 0 0 0 0 0 2 0 2 2 2 0 2 0 0 0 0 "
        "0 0 0 0 0 2 2 2 2 2 0 2",
    ),
    (
        10,
        20,
        "1 1 0 0 0 0 0 0 0 1 2 2 2 2 0 0 2 2 2 2 1 0 0 0 1 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 1 1 "
        "0 1 0 0 0 1 0 0 2 2 2 2 2 2 0 2 0 2 0 0 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 0 0 1 1 "
        "0 0 0 0 0 0 2 2 2 2 2 0 2 0 2 2",
    ),
    (
        12,
        16,
        "0 1 0 0 0 1 0 0 2 2 0 2 2 2 2 2 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 0 0 0 0 0 0 1 0 2 2 "
        "0 2 2 2 2 2 1 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 0 0 0 0 0 0 0 0 2 0 2 2 2 0 2 2 1 1 0 0 "
        "0 0 0 0 2 2 2 2 2 2 2 2",
    ),
    (
        14,
        14,
        "1 0 0 0 0 1 1 2 2 2 2 2 2 2 0 0 0 1 0 0 1 2 2 2 2 2 2 0 0 1 0 0 0 0 0 2 2 2 0 2 2 2 "
        "0 1 0 0 0 0 0 2 2 2 2 2 0 2 0 0 0 0 0 0 0 2 2 2 0 2 2 2 0 0 0 0 0 0 0 2 2 2 0 2 2 0 "
        "0 0 0 0 0 0 0 0 2 2 2 2 2 0",
    ),
]
ADVERSARIAL_ANSWERS = "18\n28\n21\n26\n18\n20\n21\n22\n"
# Checked by the brute force (18 s and 90 s).
MANY_OWN_ANSWERS = "32\n29\n26\n21\n28\n24\n24\n29\n17\n16\n"
DENSE_RANDOM_ANSWERS = (
    "27 18 27 23 16 33 17 25 28 14 25 16 29 13 36 27 23 27 11 22 24 16 32 40 23 9 22 31 21 24"
)


def _webs(seed, own_count):
    """Ten full webs, the four shapes in turn, own_count(t, rng) own pieces on board t."""
    rng = random.Random(seed)
    out = []
    for t in range(10):
        n, m = SHAPES[t % 4]
        out.append(case_text(n, m, random_full_web(rng, n, m, own_count(t, rng))))
    return join_cases(out)


def ten_full_webs():
    return _webs(7, lambda t, rng: 1 if t < 5 else rng.randint(2, 5))


def ten_webs_many_own():
    return _webs(8, lambda t, rng: rng.randint(6, 12))


def adversarial():
    return join_cases([f"{n} {m}\n{homes}\n" for n, m, homes in ADVERSARIAL])


def dense_random(count=30):
    rng = random.Random(3116)
    shapes = [(n, m) for n in range(3, 21) for m in range(3, 21) if 150 <= n * m <= 200]
    out = []
    for _ in range(count):
        n, m = rng.choice(shapes)
        fill = rng.choice([0.85, 0.95, 1.0])
        own = rng.choice([1, 2, 3, 5, 8])
        homes = dense_board(rng, n, m, fill=fill, own=own, stray=rng.choice([0, 0.05]))
        out.append(case_text(n, m, homes))
    return join_cases(out)


def mixed(count=200):
    rng = random.Random(2006)
    shapes = [(n, m) for n in range(3, 21) for m in range(3, 21) if n * m <= 200]
    out = []
    for _ in range(count):
        n, m = rng.choice(shapes)
        homes = scattered_board(rng, n, m, rng.random(), rng.choice([0.02, 0.05, 0.1, 0.3]))
        out.append(case_text(n, m, homes))
    return join_cases(out)


def cases():
    text = mixed()
    return [
        ("ten-full-webs", ten_full_webs(), TEN_FULL_WEBS_ANSWERS),
        ("ten-webs-many-own", ten_webs_many_own(), MANY_OWN_ANSWERS),
        ("adversarial-8", adversarial(), ADVERSARIAL_ANSWERS),
        ("dense-random-30", dense_random(), DENSE_RANDOM_ANSWERS.replace(" ", "\n") + "\n"),
        ("mixed-200", text, reference(text)),
    ]

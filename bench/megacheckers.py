"""Worst cases for MegaCheckers (POJ 3116): stress/megacheckers.py's worst_cases(), timed.

The densest capture web the limits allow: opponent pieces on every (odd row, odd column) home
-- exactly floor(NM/4) of them on 14 x 14 (49), 10 x 20 and 20 x 10 (50), 12 x 16 (48) -- with
one or a few of our pieces on the empty (even, even) homes. A plain depth-first search over
capture sequences explodes there (the brute force's time on the first file:
docs/megacheckers.md, Summary).

cases():
  ten-full-webs        the four shapes in turn, one own piece on boards 1-5, two to five on
                       boards 6-10 (answers checked by the brute force and kept with them);
  ten-webs-many-own    the same webs with 6-12 of our pieces each (more starts, blocked homes;
                       answers checked by the brute force and kept with them);
  adversarial-13       boards found by hill-climbing the solver's own running time over holes
                       in the web and own pieces that cut it: the cases that need the search
                       (answers checked by the brute force and kept with them);
  hardest-5-x4         the five hardest of them, four times over: many hard boards in a file;
  climbed-11x18-x10    a board climbed against the solver's pairing search, ten times over
                       (answer checked by the brute force);
  dense-random-30      thirty random dense webs of 150-200 squares with holes and strays
                       (answers checked by the brute force and kept with them);
  mixed-200            two hundred random boards of every shape and density (answers by the
                       brute force, which is quick on these, when the cases are made).
GOAL_SECONDS = 1.0 for a whole file, start-up included.
"""

from stress.megacheckers import worst_cases

GOAL_SECONDS = 1.0


def cases():
    return worst_cases()

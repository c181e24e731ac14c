"""Worst-case inputs for Stake Your Claim (POJ 3317): 8 x 8 boards with 10 empty squares.

The files are built by worst_cases() of stress/stake_your_claim.py. Each is one input file of
100 boards from one family (all deterministic): random fill, checkerboard, stripes, big blocks,
clustered empties, empties on the borders between regions (the seeded generators of the stress
module), and "climbed": boards found by hill-climbing (moving empties, swapping a 0 and a 1)
the number of threshold sweeps the bit-set solver needs -- its costliest inputs, 8 sweeps
against ~3 on random boards -- each in 5 orientations. GOAL_SECONDS is the goal for one
100-board file.
"""

from stress.stake_your_claim import worst_cases

GOAL_SECONDS = 1.0


def cases():
    return worst_cases()

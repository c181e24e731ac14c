"""Baseline Lines of Action players, runnable as scripts (random, greedy)."""

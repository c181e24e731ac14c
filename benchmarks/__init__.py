"""Benchmarks of the kit itself (not of the problems: those are ``bench/<slug>.py``)."""

"""Tests of ``kit.stress``, one module per module of ``kit/stress/``."""

"""Tests of ``kit.judges``, one module per module of ``kit/judges/``."""

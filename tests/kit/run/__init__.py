"""Tests of ``kit.run``, one module per module of ``kit/run/``."""

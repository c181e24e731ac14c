"""Tests of ``kit.check``, one module per module of ``kit/check/``."""

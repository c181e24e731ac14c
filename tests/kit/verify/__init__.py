"""Tests of ``kit.verify``, one module per module of ``kit/verify/``."""

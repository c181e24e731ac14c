"""Tests of ``kit.packages``, one module per module of ``kit/packages/``."""

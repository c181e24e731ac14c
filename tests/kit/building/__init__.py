"""Tests of ``kit.building``, one module per module of ``kit/building/``."""

"""Tests of ``kit.bundle``, one module per module of ``kit/bundle/``."""

"""Tests of ``kit.pages``, one module per module of ``kit/pages/``."""

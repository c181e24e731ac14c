"""Tests of ``kit.checktestdata``, one module per module of ``kit/checktestdata/``."""

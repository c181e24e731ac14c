"""Tests of the kit, one module per module of ``kit/`` in the same place:
``kit/run/limits.py`` is tested by ``tests/kit/run/test_limits.py`` (tests/kit/test_mirror.py)."""

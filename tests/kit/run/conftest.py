"""Fixtures of the run tests: the toy problem's bundle under one stand-in."""

import pytest

from tests.kit.run.case_support import bundled


@pytest.fixture
def toy_run(toy, tmp_path):
    """The toy_sum problem, its bundle written, and one stand-in for both of its targets."""
    return bundled(toy, "toy_sum", tmp_path)

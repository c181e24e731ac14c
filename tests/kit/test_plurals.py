"""kit.plurals: a count and its noun, in the singular for one alone."""

import pytest

from kit.plurals import counted


@pytest.mark.parametrize(
    ("count", "shown"), [(0, "0 cases"), (1, "1 case"), (2, "2 cases"), (11, "11 cases")]
)
def test_a_count_and_its_noun(count, shown):
    assert counted(count, "case") == shown

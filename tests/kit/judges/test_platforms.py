"""kit.judges.platforms: the levels of C recursion a run here spends first to have what a
Windows judge's CPython 3.13 has (Py_C_RECURSION_LIMIT 3000 there, 10000 on Linux), and none
anywhere else."""

import pytest

from kit.judges.platforms import UNIX, WINDOWS, c_recursion_to_spend


@pytest.mark.parametrize(
    ("impl", "version", "platform", "spent"),
    [
        ("cpython", (3, 13), WINDOWS, 7000),
        ("cpython", (3, 13), UNIX, 0),
        ("cpython", (3, 12), WINDOWS, 0),
        ("cpython", (3, 8), WINDOWS, 0),
        ("pypy", (3, 10), WINDOWS, 0),
    ],
)
def test_only_cpython_3_13_on_windows_spends_levels(impl, version, platform, spent):
    assert c_recursion_to_spend(impl, version, platform) == spent

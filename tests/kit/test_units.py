"""kit.units: the bounds past which a limit's number is no longer in the kit's units, held
alike by every reader of limits (problems.toml, Competitive Companion's data, packages)."""

import json

import pytest

from kit.errors import BuildError
from kit.pages import companion
from kit.registry import load_registry
from kit.units import KIB_FROM, MILLISECONDS_FROM, finite, in_seconds
from tests.file_support import write_files

TABLE = """\
[p]
title = "P"
judge = "POJ"
id = "1"
kind = "batch"
time_limit = {time}
memory_limit = {memory}
"""


def _package(folder, time_limit):
    """A Kattis package of one case and one accepted submission, its ``.timelimit`` given."""
    files = {
        "problem.yaml": "name: x\n",
        ".timelimit": f"{time_limit}\n",
        "data/secret/1.in": "1\n",
        "data/secret/1.ans": "1\n",
        "submissions/accepted/a.py": "print(1)\n",
    }
    return write_files(folder, files)


def _table(root, time, memory):
    (root / "problems.toml").write_text(TABLE.format(time=time, memory=memory))
    return load_registry(root)["p"]


def test_problems_toml_takes_limits_under_the_bounds_only(tmp_path):
    assert _table(tmp_path, MILLISECONDS_FROM - 1, KIB_FROM - 1).time_limit == MILLISECONDS_FROM - 1
    with pytest.raises(BuildError, match="looks like milliseconds"):
        _table(tmp_path, MILLISECONDS_FROM, 256)
    with pytest.raises(BuildError, match="looks like KiB"):
        _table(tmp_path, 1, KIB_FROM)


def test_companion_data_takes_limits_under_the_bounds_only():
    data = {"name": "P", "url": "http://poj.org/problem?id=1", "tests": []}
    under = {**data, "timeLimit": MILLISECONDS_FROM * 1000 - 1, "memoryLimit": KIB_FROM - 1}
    assert companion.read(json.dumps(under).encode(), "p").time_limit < MILLISECONDS_FROM
    for over in ({"timeLimit": MILLISECONDS_FROM * 1000}, {"memoryLimit": KIB_FROM}):
        with pytest.raises(BuildError):
            companion.read(json.dumps({**under, **over}).encode(), "p")


def test_a_package_takes_a_time_limit_under_the_bound_only(tmp_path):
    from kit.packages import kattis

    under = _package(tmp_path / "a", MILLISECONDS_FROM - 1)
    assert kattis.read(under, "x").time_limit == MILLISECONDS_FROM - 1
    with pytest.raises(BuildError, match="no limit in seconds"):
        kattis.read(_package(tmp_path / "b", MILLISECONDS_FROM), "x")
    assert not in_seconds(float("nan")) and in_seconds(MILLISECONDS_FROM - 0.5)


def test_an_integer_too_large_for_a_float_is_not_finite_nor_seconds():
    assert finite(3) and finite(2.5) and not finite(float("nan")) and not finite(10**400)
    assert not in_seconds(10**400) and in_seconds(2)

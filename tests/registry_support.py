"""Test support (not a test module): a workspace whose problems.toml holds toy_sum's table alone,
written for a test (``TABLE``: its judge and extra keys filled in), loaded (``registry``) or
its one-line error (``error``); for the tests of the registry, of a problem's limits and of
the paths its table names."""

import pytest

from kit.errors import BuildError
from kit.registry import load_registry

TABLE = """\
[toy_sum]
title = "Toy Sum"
judge = "{judge}"
id = "1"
kind = "batch"
time_limit = 1.0
memory_limit = 64
{extra}
"""


def registry(root, judge="nowhere", extra=""):
    """The problems of ``root`` once its problems.toml is ``TABLE`` so filled in."""
    (root / "problems.toml").write_text(TABLE.format(judge=judge, extra=extra))
    return load_registry(root)


def error(root, **table):
    """The one-line error of ``registry(root, **table)``."""
    with pytest.raises(BuildError) as raised:
        registry(root, **table)
    return str(raised.value)

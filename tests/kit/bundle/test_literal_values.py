"""kit.bundle.literal_values: an expression of operators on literals evaluated here, unsafe
when it raises, may differ between targets or would make too large a value."""

import ast
import sys

import pytest

from kit.bundle.literal_values import Unsafe, evaluates


def no_call(node):
    raise Unsafe("a call")


def value(text):
    return evaluates(ast.parse(text, mode="eval").body, no_call)


def test_literals_and_operators_that_raise_nothing_are_evaluated():
    assert value("(10**9 + 7) * 2 << 3") == (10**9 + 7) * 2 << 3
    assert value("(1, 'a') + (2,) if not 1 < 2.5 else {1: [2]}") == {1: [2]}
    assert value("'ab' * 3 + 'c'") == "abababc"


@pytest.mark.parametrize(
    "text",
    [
        "1 << -1",  # ValueError
        "(1,) + [2]",  # TypeError
        "1 < 'a'",
        "2.0 ** 10000",  # OverflowError
        "{[]: 1}",  # unhashable
        "1 // 0 if 0 else 1",  # both branches evaluated
        "'%s %s' % 5",  # formatting: refused whatever its arguments
        "{1: 2} | {3: 4}",  # 3.9's
        "{**{1: 2}}",
        "x + 1",  # a name
        "f(1) + 1",  # a call, unless the caller makes it
    ],
)
def test_what_raises_or_may_differ_between_targets_is_unsafe(text):
    with pytest.raises(Unsafe):
        value(text)


def test_a_large_value_is_refused_before_it_is_made():
    for text in ("[0] * 10**9", "2 ** 10**9", "1 << 10**9", "'ab' * 10**9"):
        with pytest.raises(Unsafe):
            value(text)


def test_a_long_chain_is_evaluated_without_recursion():
    """The tree of 2,000 additions (what ``ast.parse`` builds) is deeper than recursion
    would take with the interpreter's limit lowered."""
    tree = ast.parse(" + ".join(["1"] * 2000), mode="eval").body
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        assert evaluates(tree, no_call) == 2000
    finally:
        sys.setrecursionlimit(limit)

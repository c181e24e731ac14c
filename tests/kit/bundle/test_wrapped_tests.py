"""kit.bundle.wrapped_tests: a test written around another, read as that test or its
negation; any other use of a test inside an expression found, to be read as no test."""

import ast

import pytest

from kit.bundle.wrapped_tests import around, chained, is_bool_valued, nesting, unwrapped


def expr(text):
    return ast.parse(text, mode="eval").body


# each the same as V, or as not V, on CPython 3.8.18 to 3.13.0 and PyPy 3.9 (measured: the
# comparisons give the bool singletons, so ``is`` holds as ``==`` does)
@pytest.mark.parametrize(
    ("test", "inner", "negated"),
    [
        ("(not V) == False", "not V", True),
        ("(not V) == True", "not V", False),
        ("False == (not V)", "not V", True),
        ("(sys.version_info >= (3, 9)) is True", "sys.version_info >= (3, 9)", False),
        ("(sys.version_info >= (3, 9)) is not True", "sys.version_info >= (3, 9)", True),
        ("hasattr(math, 'lcm') != False", "hasattr(math, 'lcm')", False),
        ("hasattr(math, 'lcm') != True", "hasattr(math, 'lcm')", True),
        ("V == True", "V", False),  # V: a name the caller knows is bound to a bool
        ("bool(V + 0)", "V + 0", False),  # bool(x) is as true as x, whatever x is
        ("1 if V else 0", "V", False),
        ("0 if V else 'x'", "V", True),
    ],
)
def test_a_test_around_another_is_read_as_it_or_its_negation(test, inner, negated):
    read = around(expr(test), {"V"})
    assert read is not None
    assert (ast.unparse(read[0]), read[1]) == (inner, negated)


@pytest.mark.parametrize(
    "test",
    [
        "V == True",  # a name not known to be bound to a bool: getattr's value, say
        "getattr(sys, 'pypy_version_info', None) == True",  # a tuple or None: never == True
        "(not V) == 1",  # 1 == True, but an int: not read
        "(not V) == 0",
        "(not V) < True",
        "(not V) in (True,)",
        "(not V) == False == x",  # chained: more than the test
        "bool(*a)",
        "bool(V, x=1)",
        "1 if V else 2",  # both true
        "f(V) if V else 0",
        "V",
    ],
)
def test_anything_else_is_not_read_around(test):
    assert around(expr(test)) is None


def test_unwrapped_takes_off_every_not_and_form_around():
    assert ast.unparse(unwrapped(expr("not ((not V) == False)"))[0]) == "V"
    assert unwrapped(expr("not ((not V) == False)"))[1] is True
    assert unwrapped(expr("bool(not V) is False"))[1] is False
    assert ast.unparse(unwrapped(expr("V + 0"))[0]) == "V + 0"


def test_what_gives_a_bool_and_nothing_else():
    bools = {"V"}
    assert [is_bool_valued(expr(t), bools) for t in ("a < b", "not a", "hasattr(a, 'b')")] == [
        True,
        True,
        True,
    ]
    assert is_bool_valued(expr("V and a < b"), bools)
    assert not is_bool_valued(expr("V and x"), bools)  # x may be any value
    assert not is_bool_valued(expr("getattr(a, 'b', None)"), bools)
    assert not is_bool_valued(expr("W"), bools)


@pytest.mark.parametrize(
    ("node", "nests"),
    [
        ("(not V) == 1", True),
        ("V + 0", True),
        ("[0, 1][V]", True),
        ("f(V)", True),
        ("(W := V)", True),
        ("x if V else y", True),
        ("V", False),  # the test itself, no operand of another
        ("sys.version_info >= (3, 9)", False),
    ],
)
def test_a_test_used_as_an_operand_is_found_inside(node, nests):
    assert nesting(lambda inner: getattr(inner, "id", None) == "V")(expr(node)) is nests


def test_each_node_of_a_long_chain_is_asked_of_its_children_once():
    """``_ = 0 + 1 + ... + 1`` (2,000 terms) asked at each of its nodes, as a guard's reader
    asks: each node is tested by its parent alone, not once for each node above it (its
    subtree walked anew at each took minutes), and no recursion reaches Python's limit."""
    chain = expr("V" + " + 1" * 2000)
    asked = []
    nests = nesting(lambda inner: asked.append(inner) or getattr(inner, "id", None) == "V")
    node = chain
    while isinstance(node, ast.BinOp):
        assert nests(node)
        node = node.left
    assert not nests(node)
    assert len(asked) <= len(list(ast.walk(chain)))  # each child asked by its parent alone


def test_a_chained_comparison_is_the_and_of_its_links_the_same_nodes_each_time():
    test = expr("sys.version_info >= (3, 9) != False")
    links = chained(test)
    assert ast.unparse(links) == "sys.version_info >= (3, 9) and (3, 9) != False"
    assert chained(test) is links and links.values[0].left is test.left  # ids kept
    assert chained(expr("a < b")) is None and chained(expr("a and b")) is None

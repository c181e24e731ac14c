"""kit.check.member_uses: ``module.member`` and ``from module import member`` of the modules
asked about, however the module is bound; nothing of other modules or other objects."""

import ast

from kit.check.member_uses import member_uses


def uses(code, modules=("os", "fractions")):
    return [
        (node.lineno, owner, name) for node, owner, name in member_uses(ast.parse(code), modules)
    ]


def test_each_way_of_binding_a_module_is_read():
    code = (
        "import os as o\nimport os.path\nfrom fractions import gcd, Fraction\n"
        "o.fork()\nos.getuid()\nimport fractions\nfractions.gcd(1, 2)\n"
    )
    assert sorted(uses(code)) == [
        (3, "fractions", "Fraction"), (3, "fractions", "gcd"), (4, "os", "fork"),
        (5, "os", "getuid"), (7, "fractions", "gcd"),
    ]  # fmt: skip


def test_other_modules_and_objects_of_the_same_name_are_not_uses():
    assert uses("import math\nmath.gcd(1, 2)\n") == []
    assert uses("class F:\n    gcd = 1\nfractions = F()\nprint(fractions.gcd)\n") == []
    assert uses("import os.path as p\np.join('a')\n") == []  # os.path bound, not os
    assert uses("from . import fractions\n") == []


def test_a_star_import_s_names_read_and_bound_nowhere_are_each_star_module_s():
    """A contest template's ``from fractions import *``: ``gcd(a, b)`` is a use of
    ``fractions.gcd`` (and of every other module star-imported: the last one's wins); a name
    the file binds itself (a parameter, an assignment, a def) is its own."""
    code = (
        "from fractions import *\nfrom os import *\n"
        "def f(getuid):\n    fork = 1\n    return gcd(2, 4) + getuid + fork + sep\n"
    )
    assert sorted(uses(code)) == [
        (5, "fractions", "gcd"), (5, "fractions", "sep"), (5, "os", "gcd"), (5, "os", "sep"),
    ]  # fmt: skip
    assert uses("from math import *\nprint(gcd(2, 4))\n") == []  # not a module asked about

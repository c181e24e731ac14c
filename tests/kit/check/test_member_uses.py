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

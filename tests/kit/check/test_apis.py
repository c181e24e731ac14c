"""kit.check.apis: what a shipped module needs of a Python newer than 3.8, outside version
guards: the kit's own rules (methods builtin types gained, ``to_bytes`` defaults, dict ``|``,
class-body annotations 3.8 evaluates) and vermin's findings (``math.lcm``, ``functools.cache``)
with their lines and versions."""

import ast
import textwrap
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.check import apis


def module(text, rel="shared/m.py", name="shared.m"):
    text = textwrap.dedent(text)
    return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)


def own(text):
    source = module(text)
    found = apis._own_rules(source, [source])
    return sorted((line, what, version) for _, line, what, version, *_ in found)


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")


def test_methods_builtin_types_gained_after_3_8():
    assert own("a = x.bit_count()\nb = s.removeprefix('p')\nc = s.removesuffix('q')\n") == [
        (1, "int.bit_count()", (3, 10)),
        (2, "str/bytes.removeprefix()", (3, 9)),
        (3, "str/bytes.removesuffix()", (3, 9)),
    ]


def test_a_method_of_that_name_defined_in_the_bundle_is_its_own():
    assert own("def bit_count(self):\n    return 0\n\nn = tree.bit_count()\n") == []


def test_a_method_of_that_name_does_not_cover_calls_on_evident_builtins():
    text = "class T:\n    def removeprefix(self, p):\n        return self\n\n"
    text += "t = T().removeprefix('a')\nw = input().removeprefix('a')\n"
    text += "v = s.strip().removesuffix('\\n')\nu = f'{n}'.removeprefix('-')\n"
    text += "k = str(n).removeprefix('-')\nb = (7).bit_count()\n"
    text += "def bit_count(self):\n    return 0\n\ndef removesuffix(self):\n    return 0\n"
    assert own(text) == [
        (6, "str/bytes.removeprefix()", (3, 9)),
        (7, "str/bytes.removesuffix()", (3, 9)),
        (8, "str/bytes.removeprefix()", (3, 9)),
        (9, "str/bytes.removeprefix()", (3, 9)),
        (10, "int.bit_count()", (3, 10)),
    ]


def test_to_bytes_and_from_bytes_relying_on_3_11_defaults():
    text = "a = n.to_bytes()\nb = n.to_bytes(2, 'big')\n"
    text += "c = int.from_bytes(d)\ne = int.from_bytes(d, 'little')\nf = n.to_bytes(2)\n"
    text += "g = n.to_bytes(length=2, byteorder='big')\n"
    assert own(text) == [
        (1, ".to_bytes() without length and byteorder", (3, 11)),
        (3, ".from_bytes() without byteorder", (3, 11)),
        (5, ".to_bytes() without length and byteorder", (3, 11)),
    ]


def test_to_bytes_called_on_int_itself_and_a_method_of_the_user_s_own():
    """``int.to_bytes(5, 4)`` gives the int first: one argument short of 3.8's two (it passed);
    a class of the user's with its own ``to_bytes(self)`` needs nothing (it was refused)."""
    text = "a = int.to_bytes(5, 4)\nb = int.to_bytes(5, 4, 'big')\nc = int.from_bytes(d, 'big')\n"
    assert own(text) == [(1, ".to_bytes() without length and byteorder", (3, 11))]
    mine = "class Enc:\n    def to_bytes(self):\n        return b''\n\nx = Enc().to_bytes()\n"
    assert own(mine) == []


def test_math_gcd_of_other_than_two_arguments_however_bound():
    """3.9 let ``math.gcd`` take any number of integers; 3.8 takes two."""
    text = """\
        import math
        import math as m
        from math import gcd as g
        a = math.gcd(2, 4, 6)
        b = m.gcd(*values)
        c = g()
        d = math.gcd(2, 4)
        e = g(x, y)
        """
    found = own(text)
    assert found == [(line, "math.gcd() of other than two integers", (3, 9)) for line in (4, 5, 6)]
    star = "from math import *\nv = gcd(*values)\n"
    assert own(star) == [(2, "math.gcd() of other than two integers", (3, 9))]
    shadowed = star + "\ndef f(gcd):\n    return gcd(1, 2, 3)\n"  # a gcd of the file's own
    assert own(shadowed) == []  # anywhere in it: every gcd is read as the file's


def test_dict_union_and_class_body_annotations():
    text = """\
        merged = {'a': 1} | other
        sets = a | b
        class Point:
            xs: list[int]
            tag: int | None
            plain: int
        """
    assert own(text) == [
        (1, "dict union with |", (3, 9)),
        (4, "class-body annotation list[int]", (3, 9)),
        (5, "class-body annotation int | None", (3, 10)),
    ]


def test_a_dict_union_between_names_and_one_under_a_version_test():
    """``best = {}`` then ``best | extra`` raises TypeError on 3.8 (``kit.check.dict_names``),
    but not under ``if sys.version_info >= (3, 9):``, whose branch runs from 3.9 on."""
    text = """\
        import sys
        best = {}
        counts = dict(pairs)
        merged = best | extra
        if sys.version_info >= (3, 9):
            counts |= other
        else:
            counts.update(other)
        """
    assert own(text) == [(line, "dict union with |", (3, 9)) for line in (4, 6)]
    assert [f[1:4] for f in apis.findings([module(text)])] == [(4, "dict union with |", (3, 9))]


def test_postponed_annotations_and_guarded_code_need_nothing():
    assert own("from __future__ import annotations\nclass P:\n    xs: list[int]\n") == []
    guarded = """\
        import sys
        if sys.version_info >= (3, 10):
            n = x.bit_count()
        try:
            p = s.removeprefix('a')
        except AttributeError:
            p = s
        """
    assert apis.findings([module(guarded)]) == []  # the version test's branch: from 3.10 on


def test_a_version_test_every_target_answers_alike_guards_nothing():
    """``sys.version_info > (3, 8)`` is true on 3.8.18 (and ``!= (3, 8)``, ``.major >= 3``):
    its branch runs on 3.8, where ``math.lcm`` is missing; ``>= (3, 9)`` runs it from 3.9 on,
    where ``math.cbrt`` (3.11) still fails for 3.9 and 3.10."""
    text = """\
        import math, sys
        if sys.version_info > (3, 8):
            a = math.lcm(2, 3)
        if sys.version_info.major >= 3:
            b = x.bit_count()
        if sys.version_info >= (3, 9):
            c = math.lcm(2, 3)
            d = math.cbrt(8.0)
        if sys.version_info < (3, 9):
            pass
        else:
            e = math.lcm(2, 3)
        """
    found = {
        (line, what, needs, low) for _, line, what, needs, low, *_ in apis.findings([module(text)])
    }
    assert found == {
        (3, "'math.lcm' member", (3, 9), (3, 8)),
        (5, "int.bit_count()", (3, 10), (3, 8)),
        (8, "'math.cbrt' member", (3, 11), (3, 9)),
    }


def test_vermin_finds_standard_library_members_by_version_and_findings_are_sorted():
    source = module(
        """\
        import math
        from functools import cache
        n = math.lcm(4, 6)
        k = x.bit_count()
        if hasattr(math, 'isqrt'):
            r = math.isqrt(n)
        """
    )
    found = apis.findings([source])
    assert found == sorted(found) and len(set(found)) == len(found)
    needs = {(f[1], f[3]) for f in found}
    assert {(2, (3, 9)), (3, (3, 9)), (4, (3, 10))} <= needs
    assert not [f for f in found if f[1] in (5, 6)]
    assert all(f[0] == "shared/m.py" for f in found)


def test_an_object_of_the_file_s_own_named_as_a_module_is_no_module():
    """``math = M()`` with no ``import math``: vermin took ``math.lcm`` for 3.9's member and
    the build failed; where the module is imported too, the finding stays."""
    mine = "class M:\n    lcm = staticmethod(max)\n\n\nmath = M()\nx = math.lcm(1, 2)\n"
    assert apis.findings([module(mine)]) == []
    both = module("import math\n" + mine)
    assert [(f[1], f[2]) for f in apis.findings([both])] == [(7, "'math.lcm' member")]


def test_members_a_star_import_gives_are_found_where_they_are_read():
    """Contest templates start ``from math import *``: ``lcm(a, b)`` is ``math.lcm``, which
    vermin knows only by its module's name; a keyword 3.10 added too, and a guarded use and
    the file's own ``pairwise`` pass."""
    source = module(
        """\
        import sys
        from math import *
        from bisect import *
        x = lcm(4, 6) + bisect_right([1], 1, key=abs)
        if sys.version_info >= (3, 9):
            y = lcm(2, 3)
        def pairwise(a):
            return a
        z = pairwise([1])
        """
    )
    found = {(f[1], f[2], f[3]) for f in apis.findings([source])}
    assert found == {
        (4, "'math.lcm' member", (3, 9)),
        (4, "'bisect.bisect_right(key)'", (3, 10)),
    }


def test_a_hasattr_test_every_target_passes_guards_nothing():
    """``math.isqrt`` is in 3.8: the branch runs on every target, and ``math.cbrt`` (3.11) and
    ``bit_count`` (3.10) in it fail before their versions; a test of ``math.cbrt`` itself, or of
    a member not known to every target, still guards its branch."""
    source = module(
        """\
        import math
        if hasattr(math, "isqrt"):
            r = math.cbrt(8) + (5).bit_count()
            ok = isinstance(r, int | float)
        if hasattr(math, "cbrt"):
            r = math.cbrt(8) + (5).bit_count()
            ok = isinstance(r, int | float)
        """
    )
    needs = {(f[1], f[3]) for f in apis.findings([source])}
    assert needs == {(3, (3, 11)), (3, (3, 10)), (4, (3, 10))}


def test_a_flag_a_helper_binds_to_a_test_every_target_passes_guards_nothing():
    compat = module(
        "import math\nHAS = hasattr(math, 'isqrt')\n", "shared/compat.py", "shared.compat"
    )
    main = module("from shared.compat import HAS\nimport math\nif HAS:\n    math.cbrt(8)\n", "a.py")
    assert {(f[1], f[3]) for f in apis.findings([main, compat])} == {(4, (3, 11))}


def test_an_empty_shipped_module_is_not_read():
    assert apis.findings([module("")]) == []


def test_a_flag_imported_from_a_helper_guards_the_importer_for_both_readers():
    """``from shared.env import NEW``: the kit's own rules and vermin both pass what it
    guards, as they pass what a flag the module binds itself guards; ``PYPY`` holds its
    branch to PyPy, as the module's own would."""
    env = module(
        "import sys\nPYPY = 'PyPy' in sys.version\nNEW = hasattr(sys, 'set_int_max_str_digits')\n",
        "shared/env.py",
        "shared.env",
    )
    body = "if NEW:\n    import math\n    n = math.lcm(4, 6)\n    k = x.bit_count()\n"
    main = module("from shared.env import NEW\n" + body, "a.py", "__main__")
    assert apis.findings([main, env]) == []
    unflagged = module("NEW = len('x')\n" + body, "a.py", "__main__")
    assert {f[1] for f in apis.findings([unflagged, env])} == {4, 5}
    pypy = module("from shared.env import PYPY\n" + body.replace("NEW", "PYPY"), "a.py", "__main__")
    assert {(f[1], f[6]) for f in apis.findings([pypy, env])} == {(4, "pypy"), (5, "pypy")}


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        # a method of a builtin type the user's own attribute shares a name with
        ("class B:\n    def __init__(self, n):\n        self.bit_count = n\n"
         "print(B(3).bit_count)\n", []),
        ("p.removeprefix = 'x'\n", []),
        ("n = x.bit_count()\nf = int.bit_count\ng = str.removeprefix\nh = x.bit_count\n",
         [1, 2, 3, 4]),
    ],
)  # fmt: skip
def test_only_what_needs_a_newer_python_is_found_not_names_that_look_alike(code, lines):
    assert [line for line, _, _ in own(code)] == lines


def test_a_use_in_a_branch_of_a_member_added_later_hides_none_outside_it():
    """vermin names one line for all the uses of a member: each branch of an ``if`` on a
    member added after 3.8 is read alone, its findings with the versions it runs on, so
    ``math.cbrt`` on line 2 is said though lines 4 and 6 use it too (on one line with its
    ``if``, a guarded use is read as ``pass``)."""
    source = module(
        """\
        import math
        r = math.cbrt(8)
        if hasattr(math, "lcm"):
            r = math.cbrt(8) + math.lcm(2, 3)
        if hasattr(math, "cbrt"): r = math.cbrt(8)
        if hasattr(math, "cbrt"): r = math.cbrt(8)
        """
    )
    found = [(f[1], f[2], f[3], f[4], f[5]) for f in apis.findings([source])]
    assert found == [
        (2, "'math.cbrt' member", (3, 11), (3, 8), (99, 0)),
        (4, "'math.cbrt' member", (3, 11), (3, 9), (99, 0)),
    ]


def test_an_elif_under_an_if_on_a_member_added_later_is_read_below_its_version():
    source = module(
        """\
        import math
        if hasattr(math, "lcm"):
            pass
        elif n:
            r = math.lcm(2, 3)
        """
    )
    found = [(f[1], f[3], f[4], f[5]) for f in apis.findings([source])]
    assert found == [(5, (3, 9), (3, 8), (3, 9))]


def refused(text):
    """{version: [(line, what)]}: what ``findings`` refuses on each CPython, 3.8 to 3.11."""
    found = apis.findings([module(text)])
    versions = [(3, 8), (3, 9), (3, 10), (3, 11)]
    return {v: [(f[1], f[2]) for f in found if apis.lacks(f, v, "cpython")] for v in versions}


CBRT = "'math.cbrt' member"
SLOTS = "'dataclasses.dataclass(slots)'"


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        (  # the branch's first statement decorated: read from its decorator
            "import math, dataclasses\nif hasattr(math, 'lcm'):\n"
            "    @dataclasses.dataclass(slots=True)\n    class P:\n        a: int\n",
            {(3, 9): [(3, SLOTS)]},
        ),
        (  # an if within: read alone, its use of cbrt hides none in the branch around it
            "import math\nif hasattr(math, 'lcm'):\n    x = math.cbrt(8)\n"
            "    if hasattr(math, 'cbrt'):\n        y = math.cbrt(8)\n",
            {(3, 9): [(3, CBRT)], (3, 10): [(3, CBRT)]},
        ),
        (  # a branch on its else's own line
            "import math\nif hasattr(math, 'lcm'): r = 1\nelse: r = math.cbrt(2)\n",
            {(3, 8): [(3, CBRT)]},  # below 3.9 only: the else does not run from 3.9 on
        ),
        (  # not the test: the branches the other way round
            "import math\nif not hasattr(math, 'lcm'):\n    z = 1\nelse:\n    y = math.cbrt(8)\n",
            {(3, 9): [(5, CBRT)], (3, 10): [(5, CBRT)]},
        ),
        (  # a guarded import of a newer module, among the imports a branch is read after
            "try:\n    import tomllib\nexcept ImportError:\n    tomllib = None\nimport math\n"
            "if hasattr(math, 'lcm'):\n    y = 1\n",
            {},
        ),
    ],
)
def test_each_branch_of_an_if_on_a_member_added_later_is_read_on_its_versions(text, refuses):
    assert refused(text) == {v: refuses.get(v, []) for v in refused(text)}


def test_a_branch_for_one_implementation_counts_against_that_implementation_s_targets():
    """A PyPy-only branch is PyPy's to run: ``math.cbrt`` (3.11) there fails a PyPy 3.10
    target (no PyPy here to run the cases, the check alone tells), not a CPython 3.10 one;
    its ``else`` is CPython's; a flag the module binds reads the same; a branch for PyPy
    within CPython's runs nowhere; so is a branch whose test also asks something else, no
    guard (``PYPY and len(sys.argv) > 1``)."""
    text = """\
        import math, sys
        PYPY = sys.implementation.name == "pypy"
        if "PyPy" in sys.version:
            a = math.cbrt(8.0)
        else:
            b = math.lcm(2, 3)
        if not PYPY:
            c = x.bit_count()
            if hasattr(sys, "pypy_version_info"):
                d = math.cbrt(8.0)
        if PYPY and len(sys.argv) > 1:
            e = math.cbrt(8.0)
        """
    found = {f[1]: f for f in apis.findings([module(text)])}
    assert {line: f[6] for line, f in found.items()} == {4: "pypy", 6: "cpython", 8: "cpython",
                                                          10: "", 12: "pypy"}  # fmt: skip
    lacking = {
        line: [impl for impl in ("pypy", "cpython") if apis.lacks(f, (3, 10), impl)]
        for line, f in found.items()
    }
    assert lacking == {4: ["pypy"], 6: [], 8: [], 10: [], 12: ["pypy"]}
    assert [impl for impl in ("pypy", "cpython") if apis.lacks(found[6], (3, 8), impl)] == [
        "cpython"
    ]
    assert apis.lacks(found[8], (3, 9), "cpython") and not apis.lacks(found[8], (3, 9), "pypy")


ANEXT, AITER, GROUP = "'anext' builtin", "'aiter' builtin", "'ExceptionGroup' builtin"
EAFP = "try:\n    anext\nexcept NameError:\n    {}\nprint(anext)\n"  # a handler, then a read
BELOW_3_10 = {(3, 8), (3, 9)}


# each read of a builtin 3.8 lacks, with what it raises there (CPython 3.8.18, measured: the
# read in a try whose handler does not catch that dies with it; 3.10.13 runs each)
BUILTIN_READS = {
    "f = anext": "NameError",
    "import builtins\n    f = builtins.anext": "AttributeError",
    "from builtins import anext": "ImportError",
}
# the handlers, with what of those they catch: itself and its bases, a tuple any of its members
HANDLERS = {
    "NameError": {"NameError"},
    "AttributeError": {"AttributeError"},
    "ImportError": {"ImportError"},
    "ModuleNotFoundError": set(),  # only a missing module's: not a name missing from one
    "(NameError, ValueError)": {"NameError"},
    "(AttributeError, ValueError)": {"AttributeError"},
    "(ImportError, ValueError)": {"ImportError"},
    "LookupError": set(),
    "ValueError": set(),
    "Exception": {"NameError", "AttributeError", "ImportError"},
    "BaseException": {"NameError", "AttributeError", "ImportError"},
    "": {"NameError", "AttributeError", "ImportError"},  # a bare except
}


@pytest.mark.parametrize("handler", HANDLERS)
@pytest.mark.parametrize("read", BUILTIN_READS)
def test_a_try_guards_a_builtin_s_read_only_catching_what_it_raises(read, handler):
    """``try: f = anext`` / ``except AttributeError:`` dies on 3.8 with its NameError: the
    check took any handler of a use for a guard of it."""
    text = f"try:\n    {read}\nexcept {handler}:\n    f = None\n".replace("except :", "except:")
    line = text.splitlines().index(f"    {read.splitlines()[-1].strip()}") + 1
    caught = BUILTIN_READS[read] in HANDLERS[handler]
    expected = [] if caught else [(line, ANEXT)]
    assert refused(text) == {v: expected if v in BELOW_3_10 else [] for v in refused(text)}


@pytest.mark.parametrize(
    ("text", "lines", "versions"),
    [
        # read from the module builtins, however bound: as the name read directly
        ("print(anext)\n", [(1, ANEXT)], BELOW_3_10),
        ("import builtins\nf = builtins.anext(x)\n", [(2, ANEXT)], BELOW_3_10),
        ("import builtins as b\nf = b.aiter\n", [(2, AITER)], BELOW_3_10),
        ("from builtins import anext\nf = anext\n", [(1, ANEXT)], BELOW_3_10),
        ("from builtins import anext as nx, len\n", [(1, ANEXT)], BELOW_3_10),
        ("import builtins\nbuiltins.anext = f\n", [], set()),  # set, not read
        # guarded as a member is: a try catching what it raises there
        ("try:\n    f = anext\nexcept NameError:\n    f = None\n", [], set()),
        ("try:\n    from builtins import anext\nexcept ImportError:\n    anext = None\n",
         [], set()),
        ("try:\n    from builtins import anext\nexcept AttributeError:\n    anext = None\n",
         [(2, ANEXT)], BELOW_3_10),  # an import raises ImportError: not caught
        ("import builtins\ntry:\n    f = builtins.anext\nexcept AttributeError:\n    pass\n",
         [], set()),
        # hasattr(builtins, ...) bounds its branches as hasattr(math, "lcm") does
        ("import builtins\nif hasattr(builtins, 'anext'):\n    f = builtins.anext\n", [], set()),
        ("import builtins\nif hasattr(builtins, 'anext'):\n    pass\nelse:\n    f = anext\n",
         [(5, ANEXT)], BELOW_3_10),
        ("import builtins\nif not hasattr(builtins, 'aiter'):\n    pass\nelse:\n    f = aiter\n",
         [], set()),
        ("import builtins\nif hasattr(builtins, 'anext'):\n    f = ExceptionGroup\n",
         [(3, GROUP)], {(3, 10)}),
        # a test of a builtin every target has guards nothing: its branch runs everywhere
        ("import builtins\nif hasattr(builtins, 'print'):\n    f = anext(x)\n",
         [(3, ANEXT)], BELOW_3_10),
        ("import builtins as b\nf = anext(x) if hasattr(b, 'len') else None\n",
         [(2, ANEXT)], BELOW_3_10),
        ("import builtins\nif not hasattr(builtins, 'print'):\n    f = anext(x)\n", [], set()),
        # and a comparison of the version
        ("import sys\nif sys.version_info >= (3, 10):\n    from builtins import anext\n",
         [], set()),
        ("import sys\nif sys.version_info >= (3, 10):\n    f = ExceptionGroup\n",
         [(3, GROUP)], {(3, 10)}),
        ("import sys\nif sys.version_info < (3, 10):\n    pass\nelse:\n    import builtins\n"
         "    f = builtins.anext\n", [], set()),
    ],
)  # fmt: skip
def test_a_builtin_added_after_3_8_is_read_and_guarded_as_a_member_is(text, lines, versions):
    """``builtins.anext``, ``b.aiter`` and ``from builtins import anext`` are the builtin read
    by its name; a ``try`` catching what it raises there, ``hasattr(builtins, "anext")`` (its
    ``else`` runs below 3.10) and ``sys.version_info`` guard it, as they do ``math.lcm``."""
    assert refused(text) == {v: lines if v in versions else [] for v in refused(text)}


@pytest.mark.parametrize(
    ("text", "lines", "versions"),
    [
        # a stand-in set at the module's top level: every read after it passes
        ("import builtins\nbuiltins.anext = f\nprint(anext(x))\n", [], set()),
        ("import builtins as b\nsetattr(b, 'anext', f)\ng = b.anext\n", [], set()),
        ("import builtins\nbuiltins.anext = f\nfrom builtins import anext\n", [], set()),
        ("import builtins\nbuiltins.aiter = builtins.anext = f\ndef g():\n    return anext\n",
         [], set()),
        # ... where it lacks: under a test that runs it below the version that has the builtin
        ("import builtins\nif not hasattr(builtins, 'anext'):\n    builtins.anext = f\n"
         "print(anext)\n", [], set()),
        ("import builtins, sys\nif sys.version_info < (3, 10):\n    builtins.anext = f\n"
         "print(anext)\n", [], set()),
        ("import builtins, sys\nif sys.version_info < (3, 9):\n    builtins.anext = f\n"
         "print(anext)\n", [(4, ANEXT)], {(3, 9)}),
        # not where it runs only on versions that have the builtin, or maybe not at all
        ("import builtins\nif hasattr(builtins, 'anext'):\n    builtins.anext = f\n"
         "print(anext)\n", [(4, ANEXT)], BELOW_3_10),
        ("import builtins\nif fast:\n    builtins.anext = f\nprint(anext)\n",
         [(4, ANEXT)], BELOW_3_10),
        ("import builtins\ndef setup():\n    builtins.anext = f\nsetup()\nprint(anext)\n",
         [(5, ANEXT)], BELOW_3_10),
        # nor a read before it, nor one in a function defined before it, nor another name
        ("import builtins\nprint(anext)\nbuiltins.anext = f\n", [(2, ANEXT)], BELOW_3_10),
        ("def g():\n    return anext\nimport builtins\nbuiltins.anext = f\n",
         [(2, ANEXT)], BELOW_3_10),
        ("import builtins\nbuiltins.aiter = f\nprint(anext)\n", [(3, ANEXT)], BELOW_3_10),
        ("import builtins\nsetattr(builtins, name, f)\nprint(anext)\n", [(3, ANEXT)], BELOW_3_10),
        ("import builtins\nbuiltins = Fake()\nbuiltins.anext = f\nprint(anext)\n",
         [(4, ANEXT)], BELOW_3_10),
        # set, or bound in the module, by the handler of a try reading it: where it is missing
        (EAFP.format("import builtins\n    builtins.anext = f"), [], set()),
        (EAFP.format("import builtins\n    setattr(builtins, 'anext', f)"), [], set()),
        (EAFP.format("async def anext(it):\n        return await it.__anext__()"), [], set()),
        (EAFP.format("anext = f"), [], set()),
        ("import builtins\ntry:\n    builtins.anext\nexcept AttributeError:\n"
         "    builtins.anext = f\nprint(anext)\n", [], set()),
        # not by one that binds nothing, or another name
        (EAFP.format("pass"), [(5, ANEXT)], BELOW_3_10),
        (EAFP.format("import builtins\n    builtins.aiter = f"), [(6, ANEXT)], BELOW_3_10),
        (EAFP.format("async def aiter(it):\n        return it"), [(6, ANEXT)], BELOW_3_10),
    ],
)  # fmt: skip
def test_a_builtin_the_program_sets_itself_passes_after_it(text, lines, versions):
    """``builtins.anext = f`` (or ``setattr(builtins, "anext", f)``) at a module's top level,
    unconditionally or below the version that has it (``if not hasattr(builtins, "anext"):``),
    is the builtin a later read finds on every version, and so is one set (or the module's own
    ``anext`` bound) in the handler of a ``try`` that reads it, ``except NameError:``; a
    stand-in set in a function, under another test, or after the read, is not, nor a handler
    that binds nothing or another name."""
    assert refused(text) == {v: lines if v in versions else [] for v in refused(text)}


@pytest.mark.parametrize(
    ("caught", "lines"),
    [
        ("ImportError", []),
        ("Exception", []),
        ("AttributeError", [(2, "'math.lcm' member")]),
        # 3.8 has math: lcm missing from it raises ImportError, not ModuleNotFoundError
        ("ModuleNotFoundError", [(2, "'math.lcm' member")]),
    ],
)
def test_a_member_imported_in_a_try_whose_handler_defines_it_passes(caught, lines):
    """``try: from math import lcm`` / ``except ImportError: def lcm(a, b): ...`` defines it
    where 3.8 lacks it (its ImportError caught): the import is guarded, a later call passes;
    a handler of what the import does not raise guards nothing."""
    text = f"try:\n    from math import lcm\nexcept {caught}:\n    def lcm(a, b):\n"
    text += "        return a * b\nprint(lcm(4, 6))\n"
    assert refused(text)[(3, 8)] == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("try:\n    if x:\n        from math import lcm\nexcept ImportError:\n    lcm = 0\n", []),
        ("try:\n    for i in r:\n        a = math.lcm(i, 2)\nexcept ImportError:\n    pass\n",
         [(3, "'math.lcm' member")]),
        ("try:\n    def f():\n        return math.lcm(2, 3)\nexcept AttributeError:\n    pass\n",
         [(3, "'math.lcm' member")]),
        ("try:\n    for i in range(math.lcm(2, 3)):\n        import tomllib\n"
         "except AttributeError:\n    pass\n", [(3, "'tomllib' module")]),
        ("import functools\ntry:\n    @functools.cache\n    def f(n):\n        return n\n"
         "except AttributeError:\n    f = functools.lru_cache(None)(lambda n: n)\n", []),
        ("try:\n    def f(x=math.lcm(2, 3), *, y=math.cbrt(8)) -> math.lcm:\n        return x\n"
         "except AttributeError:\n    pass\n", []),
        ("try:\n    def f(x=math.lcm(2, 3)):\n        return math.cbrt(x)\n"
         "except AttributeError:\n    pass\n", [(3, CBRT)]),
        ("try:\n    f = lambda n=math.lcm(2, 3): n\nexcept AttributeError:\n    pass\n", []),
        ("try:\n    f = lambda n: math.lcm(n, 3)\nexcept AttributeError:\n    pass\n",
         [(2, "'math.lcm' member")]),
        ("try:\n    f = functools.cache(\n        lambda n: math.cbrt(n))\n"
         "except AttributeError:\n    pass\n", [(3, CBRT)]),
        ("import functools\nprint(math.lcm(2, 3))\ntry:\n    @ functools.cache\n    def f(n):\n"
         "        return n\nexcept AttributeError:\n    pass\n", [(2, "'math.lcm' member")]),
    ],
)  # fmt: skip
def test_a_try_guards_the_statements_of_blocks_within_its_body_not_a_function_s(text, lines):
    """``from math import lcm`` under an ``if`` in a ``try`` / ``except ImportError`` runs
    inside it (it was refused); a function defined there runs its body outside it (CPython
    3.8.18 dies in ``f()``: it passed), its decorators, defaults and annotations inside it
    (they were refused); a lambda's body outside it too (``f()`` died: it passed), its
    defaults inside it."""
    assert refused("import math\n" + text)[(3, 8)] == [(line + 1, what) for line, what in lines]


def test_a_branch_on_its_if_s_line_in_a_try_is_refused_on_the_versions_it_runs_on():
    """``if sys.version_info >= (3, 9): f = lambda: math.cbrt(2)`` in a ``try`` catching
    AttributeError, ``f()`` after it: CPython 3.9.18 and 3.10.13 die there (measured); the
    branch's text was lost and ``math.cbrt`` passed for them."""
    text = "import math, sys\ntry:\n    if sys.version_info >= (3, 9): f = lambda: math.cbrt(2)\n"
    found = refused(text + "except AttributeError:\n    pass\nf()\n")
    assert found == {(3, 8): [], (3, 9): [(3, CBRT)], (3, 10): [(3, CBRT)], (3, 11): []}


LCM = "'math.lcm' member"


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        # CPython 3.9.18 and 3.10.13 die on the first three (AttributeError), 3.8.18 and
        # 3.11.7 do not (measured): the branch runs from 3.9 on, as an if's would
        ("x = math.cbrt(2) if sys.version_info >= (3, 9) else 0\n", {9: [2], 10: [2]}),
        ("f = (lambda: math.cbrt(2)) if sys.version_info >= (3, 9) else None\n", {9: [2], 10: [2]}),
        ("x = math.cbrt(2) if hasattr(math, 'lcm') else 0\n", {9: [2], 10: [2]}),
        ("x = math.cbrt(2) if hasattr(math, 'cbrt') else 0\n", {}),  # the very name asked
        ("x = 0 if sys.version_info >= (3, 9) else math.cbrt(2)\n", {8: [2]}),  # below 3.9
        ("x = 0 if not sys.version_info < (3, 9) else math.cbrt(2)\n", {8: [2]}),
        (  # chained: each branch on its own versions, the one within another on both's
            "x = 0 if sys.version_info < (3, 9) else math.lcm(2, 3) if sys.version_info < "
            "(3, 11) else math.cbrt(2)\n",
            {},
        ),
        (  # over lines: each finding on its branch's line and versions
            "x = (math.cbrt(2) if sys.version_info >= (3, 9) else\n     math.lcm(\n 2, 3))\n",
            {8: [(3, LCM)], 9: [2], 10: [2]},
        ),
        # the statement around it runs on every version (3.8.18 dies: AttributeError)
        ("x = math.lcm(2, 3) + (1 if sys.version_info >= (3, 9) else 0)\n", {8: [(2, LCM)]}),
        (  # within an if's branch: on the versions of both
            "if sys.version_info >= (3, 10):\n"
            "    x = math.cbrt(2) if hasattr(math, 'lcm') else 0\n",
            {10: [3]},
        ),
        (  # a try that catches what it raises guards it still
            "try:\n    x = math.cbrt(2) if sys.version_info >= (3, 9) else 0\n"
            "except AttributeError:\n    x = 0\n",
            {},
        ),
    ],
)
def test_a_conditional_expression_on_a_version_test_is_read_by_the_versions_each_branch_runs_on(
    text, refuses
):
    """A conditional expression on a test of the version (or a member added later) guards
    its branches as an ``if`` does, on the versions each runs on, not its whole statement:
    ``math.cbrt`` (3.11) in ``math.cbrt(2) if sys.version_info >= (3, 9) else 0`` passed for
    every target. ``refuses``: {minor: [line, or (line, what)]}, ``math.cbrt`` by its line."""
    expected = {
        (3, minor): [(f, CBRT) if isinstance(f, int) else f for f in refuses.get(minor, [])]
        for minor in (8, 9, 10, 11)
    }
    assert refused("import math, sys\n" + text) == expected


BIT_COUNT, PREFIX, UNION = "int.bit_count()", "str/bytes.removeprefix()", "dict union with |"
GCD = "math.gcd() of other than two integers"
BIT_COUNT_FROM_3_9 = "n = x.bit_count() if sys.version_info >= (3, 9) else 0"
DEEPER = "Dict[list[str], list[int] if sys.version_info >= (3, 9) else list]"

# the kit's own rules in conditional expressions on a version test, each with the targets it
# dies on: CPython 3.8.18 and 3.9.18 die where refused (AttributeError, TypeError, NameError),
# and run the rest, 3.10.13 and 3.11.7 run all (measured, x = 5, t = "ab", e = {}, v = [2, 4])
OWN_IN_EXPRESSIONS = [
    ('n = x.bit_count() if sys.version_info >= (3, 9) else bin(x).count("1")', {9: BIT_COUNT}),
    ('n = x.bit_count() if sys.version_info >= (3, 10) else bin(x).count("1")', {}),
    ('n = bin(x).count("1") if sys.version_info < (3, 9) else x.bit_count()', {9: BIT_COUNT}),
    ('n = bin(x).count("1") if not sys.version_info >= (3, 9) else x.bit_count()', {9: BIT_COUNT}),
    # a test written the other way round reads as its mirror (the literal first)
    ("n = x.bit_count() if (3, 9) <= sys.version_info else 0", {9: BIT_COUNT}),
    ("n = x.bit_count() if (3, 9) < sys.version_info[:2] else 0", {}),
    ('n = x.bit_count() if hasattr(math, "lcm") else 0', {9: BIT_COUNT}),
    (  # within another's branch: from 3.9, below 3.11
        "n = 0 if sys.version_info < (3, 9) else x.bit_count() if sys.version_info < (3, 11) "
        "else 1",
        {9: BIT_COUNT},
    ),
    (  # the statement around it runs on every version
        "n = x.bit_count() + (1 if sys.version_info >= (3, 10) else 0)",
        {8: BIT_COUNT, 9: BIT_COUNT},
    ),
    (  # over lines: each finding on its line and its branch's versions
        'n = (x.bit_count() if sys.version_info >= (3, 9)\n     else t.removeprefix("a"))',
        {8: (3, PREFIX), 9: BIT_COUNT},
    ),
    ('p = t.removeprefix("a") if sys.version_info < (3, 9) else t', {8: PREFIX}),
    ('p = t.removeprefix("a") if sys.version_info >= (3, 9) else t', {}),
    ("d = {} if sys.version_info < (3, 9) else {1: 2} | e", {}),
    ("d = {1: 2} | e if sys.version_info < (3, 10) else {}", {8: UNION}),
    ("g = math.gcd(*v) if sys.version_info >= (3, 9) else 0", {}),
    ("g = 0 if sys.version_info >= (3, 9) else math.gcd(2, 4, 6)", {8: GCD}),
    ("T = list[int] if sys.version_info >= (3, 9) else list", {}),
    (
        "T = int | None if sys.version_info >= (3, 9) else int",
        {9: "int | None (a union of types with |)"},
    ),
    ("f = anext if sys.version_info >= (3, 9) else None", {9: "'anext' builtin"}),
    # an annotation 3.8 evaluates: each branch of one on the version on its versions
    ("class A:\n    a: list[int] if sys.version_info >= (3, 9) else list = None", {}),
    (
        "class A:\n    a: list[int] if sys.version_info < (3, 9) else list = None",
        {8: (3, "class-body annotation list[int]")},
    ),
    (
        "class A:\n    a: list[int] = [] if sys.version_info >= (3, 9) else None",
        {8: (3, "class-body annotation list[int]")},
    ),
    ("def f(a: list[int] if sys.version_info >= (3, 9) else list):\n    pass", {}),
    # deeper in the annotation: the branch on its versions, the rest on every one
    ("class A:\n    a: Dict[str, list[int] if sys.version_info >= (3, 9) else list] = {}", {}),
    (
        "class A:\n    a: Dict[str, int | None if sys.version_info >= (3, 9) else list] = {}",
        {9: (3, "class-body annotation int | None")},
    ),
    (
        f"class A:\n    a: {DEEPER} = {{}}",
        {8: (3, f"class-body annotation {DEEPER}")},
    ),
    # a module's annotation the bundle keeps: 3.8 evaluates it
    ("a: list[int] if sys.version_info >= (3, 9) else list = {}", {}),
    (
        "a: list[int] if sys.version_info < (3, 9) else list = {}",
        {8: "module annotation list[int]"},
    ),
    (f"a: {DEEPER} = {{}}", {8: f"module annotation {DEEPER}"}),
    ("f = aiter if sys.version_info >= (3, 10) else None", {}),
    ('f = anext if hasattr(builtins, "anext") else None', {}),
    # a whole statement's guard that holds still guards it
    (f"if sys.version_info >= (3, 10):\n    {BIT_COUNT_FROM_3_9}", {}),
    (f"try:\n    {BIT_COUNT_FROM_3_9}\nexcept AttributeError:\n    n = 0", {}),
    (
        "try:\n    d = {1: 2} | e if sys.version_info < (3, 10) else {}\n"
        "except TypeError:\n    d = {}",
        {},
    ),
    ('n = x.bit_count() if hasattr(x, "bit_count") else 0', {}),  # no test of the version
    # a try that does not catch what it raises does not
    (f"try:\n    {BIT_COUNT_FROM_3_9}\nexcept TypeError:\n    n = 0", {9: (3, BIT_COUNT)}),
]


@pytest.mark.parametrize("minor", [8, 9, 10, 11])
@pytest.mark.parametrize(("text", "refuses"), OWN_IN_EXPRESSIONS)
def test_the_kit_s_own_rules_read_a_conditional_expression_by_the_versions_each_branch_runs_on(
    monkeypatch, text, refuses, minor
):
    """A conditional expression on a test of the version guards the kit's own rules' findings
    (``x.bit_count()``, ``removeprefix``, ``|`` on dicts, ``math.gcd`` of more, ``int | None``
    evaluated, later builtins) in its branches on the versions each runs on, as it does
    vermin's, not its whole statement: ``x.bit_count() if sys.version_info >= (3, 9) else 0``
    passed for 3.9, which dies there. ``refuses``: {minor: what, on line 2, or (line, what)}
    (vermin's findings left out: none here)."""
    monkeypatch.setattr(apis, "vermin", lambda shipped: [])
    found = refused("import builtins, math, sys\n" + text)[(3, minor)]
    what = refuses.get(minor)
    assert found == ([] if what is None else [what if isinstance(what, tuple) else (2, what)])


# conditional expressions on a guard's test read by no version, each with the CPythons it is
# refused for: CPython 3.8.18 (and 3.9.18 for bit_count) dies on the first four with x = 5,
# AttributeError, and runs the others (measured); the line after "import builtins, math, sys"
# and "PYPY = ..." is 3
OTHER_GUARDS = [
    ('y = math.lcm(2, 3) + (x.bit_count() if hasattr(x, "bit_count") else 0)', {8: LCM}),
    ('y = math.lcm(2, 3) + (1 if "PyPy" in sys.version else 0)', {8: LCM}),
    ("y = math.lcm(2, 3) + (1 if PYPY else 0)", {8: LCM}),
    (
        'y = x.bit_count() + (1 if sys.implementation.name == "pypy" else 0)',
        {8: BIT_COUNT, 9: BIT_COUNT},
    ),
    # the test asks for no lcm: refused, whatever x is
    ('y = math.lcm(2, 3) if hasattr(x, "bit_count") else 6', {8: LCM}),
    ('y = (x.bit_count() + math.lcm(2, 3)) if hasattr(x, "bit_count") else 0', {8: LCM}),
    ('y = math.lcm(2, 3) if not hasattr(x, "bit_count") else x.bit_count()', {8: LCM}),
    ('y = x.bit_count() if hasattr(y, "bit_count") else 0', {8: BIT_COUNT, 9: BIT_COUNT}),
    ('y = x.bit_count() if hasattr(x, "bit_count") or x else 0', {8: BIT_COUNT, 9: BIT_COUNT}),
    # sound: the member asked for, on its object (or any, asked of its type), a version test
    ('y = math.lcm(2, 3) if hasattr(math, "lcm") else 6', {}),
    ('y = x.bit_count() if hasattr(x, "bit_count") else bin(x).count("1")', {}),
    ('y = x.bit_count() if not hasattr(x, "bit_count") and 0 else 0', {8: BIT_COUNT, 9: BIT_COUNT}),
    ('y = bin(x).count("1") if not hasattr(x, "bit_count") else x.bit_count()', {}),
    ('y = x.bit_count() if hasattr(x, "bit_count") and x > 1 else 0', {}),
    ('y = x.bit_count() if hasattr(int, "bit_count") else 0', {}),
    ('y = math.lcm(2, 3) if getattr(math, "lcm", None) else 6', {}),
    ('y = sys.set_int_max_str_digits(0) if hasattr(sys, "set_int_max_str_digits") else 1', {}),
    ("y = math.lcm(2, 3) if sys.version_info[:2] == (3, 9) else 6", {}),  # its branch whole
    # the if statement guards its branch whole, as before
    ('if hasattr(x, "bit_count"):\n    y = x.bit_count() + math.lcm(2, 3)', {}),
    ('y = x.bit_count() if hasattr(x, "bit_count") else 0 if PYPY else math.lcm(2, 3)', {8: LCM}),
]


@pytest.mark.parametrize(("text", "refuses"), OTHER_GUARDS)
def test_a_conditional_expression_on_another_guard_s_test_guards_the_members_it_asks_for(
    text, refuses
):
    """A conditional expression on a guard's test that is no version's (``hasattr(x,
    "bit_count")``, a test of the implementation, a flag) guards what its branch holds, and of
    a test asking for a member only that member there, never its whole statement: ``math.lcm(2,
    3) + (1 if PYPY else 0)`` passed for 3.8, which dies there. Both readers, vermin's and the
    kit's own rules; ``refuses``: {minor: what}, on line 3."""
    found = refused("import builtins, math, sys\nPYPY = sys.implementation.name == 'pypy'\n" + text)
    expected = {
        (3, minor): [(3, refuses[minor])] if minor in refuses else [] for minor in (8, 9, 10, 11)
    }
    assert found == expected


CBRT_UNTIL_3_11 = {8: CBRT, 9: CBRT, 10: CBRT}
# a test of the implementation tells who runs each branch (CPython 3.8.18 and PyPy 3.9.16 run
# the first and last, measured; CPython 3.8.18 dies on the third and fourth with
# AttributeError): {(implementation, minor): what}, on line 3 (4 under an if)
IMPLEMENTATION_EXPRESSIONS = [
    ('y = x.bit_count() if PYPY else bin(x).count("1")', {}, {8: BIT_COUNT}),
    (
        'y = x.bit_count() if sys.implementation.name == "pypy" else bin(x).count("1")',
        {},
        {8: BIT_COUNT},
    ),
    ("y = x.bit_count() if not PYPY else 0", {8: BIT_COUNT, 9: BIT_COUNT}, {}),
    ("y = math.lcm(2, 3) + (1 if PYPY else 0)", {8: LCM}, {8: LCM}),
    ("y = math.cbrt(8) if PYPY else 0", {}, CBRT_UNTIL_3_11),
    ('y = 0 if "PyPy" in sys.version else math.cbrt(8)', CBRT_UNTIL_3_11, {}),
    ("y = x.bit_count() if PYPY and x > 1 else 0", {}, {8: BIT_COUNT}),
    ("y = 0 if PYPY and x > 1 else x.bit_count()", {8: BIT_COUNT, 9: BIT_COUNT}, {8: BIT_COUNT}),
    ("y = (x.bit_count() if not PYPY else 0) if PYPY else 0", {}, {}),  # never runs
    ("y = (math.cbrt(8) if sys.version_info >= (3, 11) else 0) if PYPY else 0", {}, {}),
    ("y = 0 if PYPY else math.lcm(2, 3) if sys.version_info >= (3, 9) else 6", {}, {}),
    (
        "y = 0 if PYPY else math.cbrt(8) if sys.version_info >= (3, 9) else 6",
        {9: CBRT, 10: CBRT},
        {},
    ),
    ("if PYPY:\n    y = 0 if PYPY else math.cbrt(8) + x.bit_count()", {}, {}),  # never runs
    ("if not PYPY:\n    y = math.cbrt(8) if not PYPY else x.bit_count()", CBRT_UNTIL_3_11, {}),
]


@pytest.mark.parametrize(("text", "cpython", "pypy"), IMPLEMENTATION_EXPRESSIONS)
def test_a_conditional_expression_on_a_test_of_the_implementation_runs_each_branch_under_one(
    text, cpython, pypy
):
    """A conditional expression on a test of the implementation is read as an ``if`` on it:
    its branch under the implementation it tells, its ``else`` under the other, the rest of
    its statement under both (``x.bit_count() if PYPY else bin(x).count("1")`` was refused
    for CPython 3.8, which never runs its branch). Both readers, vermin's and the kit's own
    rules; ``cpython``, ``pypy``: {minor: what} each refuses."""
    prefix = "import builtins, math, sys\nx = 5\nPYPY = sys.implementation.name == 'pypy'\n"
    found = apis.findings([module(prefix + text)])
    for impl, refuses in (("cpython", cpython), ("pypy", pypy)):
        for minor in (8, 9, 10, 11):
            said = [f[2] for f in found if apis.lacks(f, (3, minor), impl)]
            assert said == ([refuses[minor]] if minor in refuses else []), (impl, minor)


# each finding 3.8 takes but not so, dying with TypeError there (CPython 3.8.18, measured; the
# version named runs it): the kit's own rules, then vermin's keyword arguments
TYPE_ERRORS = [
    "d = {1: 2} | {3: 4}",  # 3.9
    "d = {}\n    d |= {3: 4}",  # 3.9
    "b = (5).to_bytes()",  # 3.11
    "n = int.from_bytes(b'1')",  # 3.11
    "import math\n    g = math.gcd(4, 6, 8)",  # 3.9
    "t = list[int]",  # 3.9
    "u = int | str",  # 3.10
    "z = zip(a, b, strict=True)",  # 3.10
    "import bisect\n    i = bisect.bisect_left(a, 1, key=abs)",  # 3.10
]
TYPE_HANDLERS = {  # whether each catches TypeError
    "TypeError": True,
    "(ValueError, TypeError)": True,
    "Exception": True,
    "": True,  # a bare except
    "AttributeError": False,
    "ImportError": False,
    "ValueError": False,
}


@pytest.mark.parametrize("handler", TYPE_HANDLERS)
@pytest.mark.parametrize("read", TYPE_ERRORS)
def test_a_try_guards_what_3_8_takes_but_not_so_only_catching_type_error(read, handler):
    """``try: d = a | b`` / ``except AttributeError:`` passed, and dies on 3.8 with the
    TypeError of a dict union (a subscripted builtin type, ``zip(strict=)``...)."""
    text = f"try:\n    {read}\nexcept {handler}:\n    pass\n".replace("except :", "except:")
    line = 1 + len(read.splitlines())
    found = sorted({at for at, _ in refused(text)[(3, 8)]})
    assert found == ([] if TYPE_HANDLERS[handler] else [line])


def test_vermin_s_two_findings_of_a_bare_cache_decorator_are_one_construct():
    """``@functools.cache`` is one use, which vermin finds twice on its line: as a member and
    as a ``user function decorator``; the build said both (a field library's memoised
    helper gave two errors for one line)."""
    member = apis.construct("'functools.cache' member")
    assert apis.construct("'functools.cache' user function decorator") == member
    assert apis.construct("'functools.lru_cache' user function decorator") != member


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a default runs inside the try, the body on its line when f is called, outside it
        ("import math\ntry:\n    def f(x=math.lcm(2, 3)): return x.bit_count()\n"
         "except AttributeError:\n    pass\n", [3]),
        # an if's test runs on every version, its branch on its line under the guard only
        ("if x.bit_count() and hasattr(x, 'y'): pass\n", [1]),
        ("if hasattr(x, 'y'): x.bit_count()\n", []),
    ],
)  # fmt: skip
def test_the_kit_s_own_rules_read_guards_by_node_not_by_line(text, lines):
    """``if x.bit_count() and hasattr(x, 'y'): pass`` passed: its branch on the test's line
    took the test for guarded."""
    assert [line for line, *_ in own(text)] == lines


BIT = [(4, "'int.bit_count' member"), (4, "int.bit_count()")]  # vermin's, the kit's


@pytest.mark.parametrize(
    ("test", "refuses"),
    [
        # CPython 3.8.18 and 3.9.18 die on the first two, 3.8.18 on the third (AttributeError),
        # 3.10.13 and PyPy 3.9.16 run them all, each the last (measured): a test runs wherever
        # its if is reached, on its branch's line too
        ("x.bit_count() > 5 and sys.implementation.name == 'pypy': pass", {8: BIT, 9: BIT}),
        ("x.bit_count() > 5 and PYPY: y = x.bit_count()", {8: BIT, 9: BIT}),
        ("math.lcm(2, 3) > 5 and PYPY: pass", {8: [(4, LCM)]}),  # vermin's finding alike
        ("sys.version_info >= (3, 10): y = x.bit_count()", {}),  # the branch from 3.10 on
    ],
)
def test_an_if_s_test_runs_wherever_the_if_is_reached_on_its_branch_s_line_too(test, refuses):
    """``if x.bit_count() > 5 and PYPY: y = x.bit_count()`` on one line: its test was read as
    PyPy's, as its branch is, by its line; each is read by its node now, and vermin's findings
    by the text each was found in (the branch read alone, the module with it out)."""
    text = f"import math, sys\nPYPY = sys.implementation.name == 'pypy'\nx = 7\nif {test}\n"
    found = [f for f in apis.findings([module(text)]) if f[6] is None]  # under both
    on = {v: [(f[1], f[2]) for f in found if apis.lacks(f, (3, v), "cpython")] for v in (8, 9, 10)}
    assert on == {v: refuses.get(v, []) for v in (8, 9, 10)}


CBRT_ON, OWN_BIT = [(4, CBRT)], [(4, "int.bit_count()")]  # an operand read alone: no type of x


@pytest.mark.parametrize(
    ("operation", "cpython", "pypy"),
    [
        # CPython 3.8.18 runs the first three, 3.9.18 and 3.10.13 die on the fourth and
        # 3.8.18 on the fifth (AttributeError), each running the sixth and seventh; 3.8.18
        # and 3.9.18 die on the eighth, PyPy 3.9.16 on none but the fourth (measured)
        ("sys.version_info >= (3, 9) and math.lcm(2, 3)", {}, {}),
        ("sys.version_info < (3, 9) or math.lcm(2, 3)", {}, {}),
        ("not hasattr(math, 'lcm') or math.lcm(2, 3)", {}, {}),
        ("sys.version_info >= (3, 9) and math.cbrt(8.0)", {9: CBRT_ON, 10: CBRT_ON},
         {9: CBRT_ON, 10: CBRT_ON}),
        ("math.lcm(2, 3) and sys.version_info >= (3, 9)", {8: [(4, LCM)]}, {8: [(4, LCM)]}),
        ("sys.version_info >= (3, 10) and x.bit_count()", {}, {}),
        ("PYPY and x.bit_count()", {}, {8: OWN_BIT}),  # PyPy has it from 3.9 on
        ("not PYPY and x.bit_count()", {8: OWN_BIT, 9: OWN_BIT}, {}),
    ],
)  # fmt: skip
def test_what_follows_a_test_in_and_or_or_runs_where_the_test_lets_it(operation, cpython, pypy):
    """``sys.version_info >= (3, 9) and math.lcm(2, 3)`` was refused for 3.8, which stops
    at the test: the operands after a test of the version or the implementation run where
    it does not end the ``and`` (after ``or``, where it is false), read as an ``if``'s
    branch on it, vermin's findings and the kit's own rules alike."""
    text = f"import math, sys\nPYPY = sys.implementation.name == 'pypy'\nx = 7\ny = {operation}\n"
    found = apis.findings([module(text)])
    for impl, refuses in (("cpython", cpython), ("pypy", pypy)):
        on = {v: [(f[1], f[2]) for f in found if apis.lacks(f, (3, v), impl)] for v in (8, 9, 10)}
        assert on == {v: refuses.get(v, []) for v in (8, 9, 10)}, impl


def test_a_comparison_of_a_sys_the_module_binds_otherwise_tells_no_version():
    """``sys = S`` (a class of the program's whose ``version_info`` is ``(3, 10)``), then
    ``sys.version_info >= (3, 9) and math.lcm(2, 3)``: the test holds on CPython 3.8.18 too,
    which dies on ``math.lcm`` (AttributeError, measured); what follows it is read on every
    version, as it is after a test of ``import sys``'s, from 3.9 on."""
    shadow = "import math, sys\nclass S:\n    version_info = (3, 10)\nsys = S\n"
    operation = "y = sys.version_info >= (3, 9) and math.lcm(2, 3)\n"
    found = apis.findings([module(shadow + operation)])
    assert [(f[1], f[2]) for f in found if apis.lacks(f, (3, 8), "cpython")] == [(5, LCM)]
    found = apis.findings([module("import math, sys\n" + operation)])
    assert [(f[1], f[2]) for f in found if apis.lacks(f, (3, 8), "cpython")] == []


# a name bound once at the top level to a test of the version is read as that test: CPython
# 3.8.18 dies on the eighth when x holds, 3.9.18, 3.10.13 and PyPy 3.9.16 on the sixth and
# seventh (AttributeError), 3.11.7 on none (measured); the first and third were refused for 3.8,
# the sixth and seventh, a guard's whole branch, passed for 3.9 and 3.10
FLAGS_OF_THE_VERSION = [
    ("y = V and math.lcm(2, 3)", {}),
    ("if V and x:\n    math.lcm(2, 3)", {}),
    ("y = not V or math.lcm(2, 3)", {}),
    ("y = math.lcm(2, 3) if V else 0", {}),
    ("y = H and math.lcm(2, 3)", {}),
    ("if V and x:\n    math.cbrt(8.0)", {9: [(6, CBRT)], 10: [(6, CBRT)]}),
    ("y = V and math.cbrt(8.0)", {9: [(5, CBRT)], 10: [(5, CBRT)]}),
    ("if V or x:\n    math.lcm(2, 3)", {8: [(6, LCM)]}),
    # bound again anywhere, it is no flag: 3.8.18 dies on math.lcm when f(True) is called
    ("def f(V):\n    return V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("def f():\n    global V\n    V = True\ny = V and math.lcm(2, 3)", {8: [(8, LCM)]}),
    ("V += 1\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("for V in [1]:\n    pass\ny = V and math.lcm(2, 3)", {8: [(7, LCM)]}),
    ("(V := 1)\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("import os as V\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("del V\nV = 1\ny = V and math.lcm(2, 3)", {8: [(7, LCM)]}),
    # bound again by what may bind any name: 3.8.18 dies on math.lcm after each (measured)
    ("exec('V = True')\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("globals()['V'] = True\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("sys.modules[__name__].V = True\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
    ("from os.path import *\ny = V and math.lcm(2, 3)", {8: [(6, LCM)]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), FLAGS_OF_THE_VERSION)
def test_a_flag_bound_once_to_a_test_of_the_version_is_read_as_that_test(code, refuses):
    """``V = sys.version_info >= (3, 9)``, then ``V and math.lcm(2, 3)``: refused for 3.8,
    which stops at ``V``; and ``if V and x: math.cbrt(8.0)`` passed, its branch a guard's. A
    name bound once, at the top level and alone, to a test of the version (or of a member
    added later, ``H = hasattr(math, "lcm")``) and nowhere else is read as that test."""
    head = "import math, sys\nV = sys.version_info >= (3, 9)\nH = hasattr(math, 'lcm')\n"
    text = f"{head}x = 1\n{code}\n"
    assert refused(text) == {(3, v): refuses.get(v, []) for v in (8, 9, 10, 11)}


# a comparison of the micro version: its minor version runs both ways, on every target of it
# (whose micro version the kit does not know): CPython 3.8.18 dies on the fifth, 3.9.18,
# 3.10.13 and PyPy 3.9.16 on the second and fourth, 3.11.7 on none (measured); the first,
# third and sixth were refused for 3.8, the second and fourth for 3.8 too, the last for 3.10
MICRO_TESTS = [
    ("sys.version_info >= (3, 9, 5) and math.lcm(2, 3)", {}),
    ("sys.version_info >= (3, 9, 5) and math.cbrt(8.0)", {9: [(2, CBRT)], 10: [(2, CBRT)]}),
    ("sys.version_info < (3, 9, 5) or math.lcm(2, 3)", {}),
    ("sys.version_info < (3, 9, 5) or math.cbrt(8.0)", {9: [(2, CBRT)], 10: [(2, CBRT)]}),
    ("sys.version_info >= (3, 8, 5) and math.lcm(2, 3)", {8: [(2, LCM)]}),
    ("sys.version_info >= (3, 10, 2) and math.lcm(2, 3)", {}),
    ("sys.version_info < (3, 9, 5) and math.cbrt(8.0)", {8: [(2, CBRT)], 9: [(2, CBRT)]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), MICRO_TESTS)
def test_what_follows_a_test_of_the_micro_version_runs_on_each_minor_it_may(code, refuses):
    """``sys.version_info >= (3, 9, 5) and math.lcm(2, 3)`` was refused for 3.8, which stops
    at the test: what follows a comparison turning within a minor version runs on the
    versions where the test may let it, that minor version both ways (a ``pypy3.10``
    target's micro version is not known)."""
    assert refused(f"import math, sys\ny = {code}\n") == {
        (3, v): refuses.get(v, []) for v in (8, 9, 10, 11)
    }


def test_a_function_s_parameter_named_as_a_flag_is_no_flag():
    """``def f(PYPY): return PYPY and x.bit_count()``: the parameter was read as the module's
    flag of the implementation, and ``bit_count`` passed for CPython 3.8 and 3.9, which die
    on it when ``f(True)`` is called (3.8.18 and 3.9.18, measured)."""
    text = "import sys\nPYPY = sys.implementation.name == 'pypy'\nx = 7\n"
    text += "def f(PYPY):\n    return PYPY and x.bit_count()\n"
    on = refused(text)
    assert [v for v, found in on.items() if found] == [(3, 8), (3, 9)]


# CPython 3.8.18 dies on the first, third, fifth, seventh and eighth when x holds, on the sixth
# when it fails, 3.9.18, 3.10.13 and PyPy 3.9.16 on the second and fourth when it holds
# (AttributeError), every one of them on none of the last four (measured): a guard in an and
# or or's operand guards where the operation sends its branch
THE_BRANCHES_OF_AND_AND_OR = [
    ("if sys.version_info >= (3, 9) or x:\n    math.lcm(2, 3)", {8: [(5, LCM)]}),
    ("if sys.version_info >= (3, 9) and x:\n    math.cbrt(8.0)", {9: [(5, CBRT)], 10: [(5, CBRT)]}),
    ("if HAS or x:\n    math.lcm(2, 3)", {8: [(5, LCM)]}),
    ("y = math.cbrt(8.0) if sys.version_info >= (3, 9) and x else 0",
     {9: [(4, CBRT)], 10: [(4, CBRT)]}),
    ("t = s.removeprefix('a') if x or sys.version_info >= (3, 9) else s",
     {8: [(4, PREFIX)]}),
    ("if sys.version_info < (3, 9) and x:\n    pass\nelse:\n    math.lcm(2, 3)", {8: [(7, LCM)]}),
    ("if not (sys.version_info >= (3, 9) or x):\n    pass\nelse:\n    math.lcm(2, 3)",
     {8: [(7, LCM)]}),
    ("y = math.lcm(2, 3) if x or HAS else 0", {8: [(4, LCM)]}),
    ("if sys.version_info >= (3, 9) and x:\n    math.lcm(2, 3)", {}),
    ("if sys.version_info < (3, 9) or x:\n    pass\nelse:\n    math.lcm(2, 3)", {}),
    ("if sys.version_info >= (3, 9) or sys.version_info >= (3, 10):\n    math.lcm(2, 3)", {}),
    ("y = 0 if sys.version_info < (3, 9) or x else math.lcm(2, 3)", {}),
    # TYPE_CHECKING, false wherever the code runs, sends no version to the branch of an or
    ("if TYPE_CHECKING or HAS:\n    math.lcm(2, 3)", {}),
    ("if sys.version_info >= (3, 9) or TYPE_CHECKING:\n    math.lcm(2, 3)", {}),
    ("y = math.lcm(2, 3) if typing.TYPE_CHECKING or HAS else 0", {}),
    ("y = math.lcm(2, 3) if sys.version_info >= (3, 9) or TYPE_CHECKING else 0", {}),
    ("if TYPE_CHECKING or x:\n    math.lcm(2, 3)", {8: [(5, LCM)]}),
    ("if sys.version_info < (3, 9) and not TYPE_CHECKING:\n    pass\nelse:\n    math.lcm(2, 3)",
     {}),
    ("if sys.version_info < (3, 9) and not x:\n    pass\nelse:\n    math.lcm(2, 3)",
     {8: [(7, LCM)]}),
    # not swaps the branches of and and or: CPython 3.9.18, 3.10.13 and PyPy 3.9.16 die on the
    # first three when x holds, 3.8.18 to 3.10.13 on the fourth when it fails, on the fifth
    # and sixth when it holds (AttributeError, measured); their branch or else was a guard's
    ("if not (sys.version_info >= (3, 9) and x):\n    pass\nelse:\n    math.cbrt(8.0)",
     {9: [(7, CBRT)], 10: [(7, CBRT)]}),
    ("y = 0 if not (sys.version_info >= (3, 9) and x) else math.cbrt(8.0)",
     {9: [(4, CBRT)], 10: [(4, CBRT)]}),
    ("if not not (sys.version_info >= (3, 9) and x):\n    math.cbrt(8.0)",
     {9: [(5, CBRT)], 10: [(5, CBRT)]}),
    ("if not (sys.version_info >= (3, 11) or x):\n    math.cbrt(8.0)",
     {8: [(5, CBRT)], 9: [(5, CBRT)], 10: [(5, CBRT)]}),
    ("if not (sys.version_info >= (3, 11) or x):\n    pass\nelse:\n    math.cbrt(8.0)",
     {8: [(7, CBRT)], 9: [(7, CBRT)], 10: [(7, CBRT)]}),
    ("if not (sys.version_info >= (3, 11) and x):\n    math.cbrt(8.0)",
     {8: [(5, CBRT)], 9: [(5, CBRT)], 10: [(5, CBRT)]}),
    ("if not (sys.version_info >= (3, 11) and x):\n    pass\nelse:\n    math.cbrt(8.0)", {}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), THE_BRANCHES_OF_AND_AND_OR)
def test_a_guard_in_an_and_or_or_guards_the_branch_that_operation_sends_it_to(code, refuses):
    """``if sys.version_info >= (3, 9) or x: math.lcm(2, 3)`` was accepted for 3.8, whose
    branch runs when ``x`` holds: a guard anywhere in the test guarded both branches. The
    branch of ``A and B`` runs where both hold, on the versions each test of the version
    lets it (a plain operand: any), its ``else`` anywhere; that of ``A or B`` where either
    does (on the versions of either when both are such tests, else any), its ``else`` where
    both fail; ``not`` swaps them; a conditional expression's branches alike."""
    imports = "import math, sys, typing; from typing import TYPE_CHECKING"
    text = f"{imports}\nHAS = hasattr(math, 'lcm')\ns, x = 'ab', 1\n{code}\n"
    assert refused(text) == {(3, v): refuses.get(v, []) for v in (8, 9, 10, 11)}


def test_a_generator_a_lazy_call_keeps_in_a_try_is_refused_where_its_iterator_is_run_later():
    """``it = map(int, (math.lcm(x, 2) for x in a))`` in a ``try``, ``list(it)`` after it:
    CPython 3.8.18 dies outside the handler (AttributeError, measured); it passed. Given to
    ``list`` at once, the same generator dies inside the ``try``, and passes."""
    text = "import math\na = [1, 2]\ntry:\n    it = map(int, (math.lcm(x, 2) for x in a))\n"
    text += "except AttributeError:\n    it = []\n"
    text += "try:\n    b = list(map(int, (math.lcm(x, 2) for x in a)))\n"
    text += "except AttributeError:\n    b = []\nprint(list(it), b)\n"
    assert refused(text) == {(3, 8): [(4, LCM)], (3, 9): [], (3, 10): [], (3, 11): []}

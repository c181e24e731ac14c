"""Test support (not a test module): small tests made of ``not``, ``and``, ``or`` and
comparisons of the platform, the version and plain values, generated from a seed, and which of
their probes (calls ``f0()``, ``f1()``, ...) the interpreter runs on each Python, for the
property tests of the two readers of ``and`` and ``or``: ``kit.bundle.guards.
untaken_on_windows`` (tests/kit/bundle/test_guards.py) and ``kit.check.settled_tests``'
windows (tests/kit/check/test_settled_tests.py).

Each test is run by the interpreter running the tests, on stand-ins for ``sys``, ``os`` and
``math`` holding each Python's values (``sys.version_info`` 3.8 to 3.13, at micro 0 and 99;
Windows' ``"win32"`` and ``"nt"``, else Linux's): ``not``, ``and``, ``or`` and comparisons
evaluate alike on CPython 3.8.18 to 3.13.0 and PyPy 3.9 (the language's rules; the same
tests run under each, measured).
"""

from __future__ import annotations

import ast
import itertools
import random
import types

HEAD = "import sys, os, math\nV = sys.version_info >= (3, 9)\nW = sys.platform == 'win32'\n"
ATOMS = [
    'sys.platform == "win32"', 'os.name != "nt"', 'sys.platform.startswith("linux")',
    "sys.version_info >= (3, 9)", "sys.version_info < (3, 10)", 'hasattr(math, "lcm")',
    "sys.version_info >= (3, 9, 5)", "x", "y", "V", "W", "V == True", "W != False",
    "(sys.version_info >= (3, 9)) == False", "sys.version_info >= (3, 9) != False",
    'sys.platform != "win32" != False', "(3, 9) <= sys.version_info < (3, 11)", "bool(x)",
    "(not V) is True", "x < y < 1",
]  # fmt: skip
# of the platform and plain values alone: no version test, which guards both branches for the
# platform check
PLATFORM_ATOMS = [
    'sys.platform == "win32"', 'os.name != "nt"', 'sys.platform.startswith("linux")', "x", "y",
    "W", "W != False", "W == True", 'sys.platform != "win32" != False', "bool(x)", "x < y < 1",
    '(os.name == "nt") == False', '"win" in sys.platform', 'sys.platform in ("linux", "darwin")',
]  # fmt: skip
SLOTS = 40  # probes f0 to f29 in a test, f30 to f33 in the forms around it


def expression(rng: random.Random, depth: int, probes: list[int], atoms: list[str] = ATOMS) -> str:
    """A test of ``atoms``, probes, ``not``, ``and`` and ``or``, ``depth`` deep at most."""
    draw = rng.random()
    if depth == 0 or draw < 0.3:
        if rng.random() < 0.25 and len(probes) < 30:
            probes.append(len(probes))
            return f"f{probes[-1]}()"
        return rng.choice(atoms)
    if draw < 0.45:
        return f"not {expression(rng, depth - 1, probes, atoms)}"
    joined = f" {rng.choice(['and', 'or'])} "
    return (
        "("
        + joined.join(expression(rng, depth - 1, probes, atoms) for _ in range(rng.choice([2, 3])))
        + ")"
    )


def programs(seed: int, count: int, atoms: list[str] = ATOMS) -> list[str]:
    """``count`` programs (after ``HEAD``), each a generated test as a value, as a conditional
    expression's test and as an ``if``'s, with probes in the branches."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        test = expression(rng, 3, [], atoms)
        found += [f"r = {test}\n", f"r = f30() if {test} else f31()\n"]
        found.append(f"if {test}:\n    f32()\nelse:\n    f33()\n")
    return found


def probes(tree: ast.Module) -> dict[int, ast.Call]:
    """The probe calls of ``tree`` by their number."""
    return {
        int(node.func.id[1:]): node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "f")[:1] == "f"
        and getattr(node.func, "id", "")[1:].isdigit()
    }


def runs(program: str):
    """(minor, windows, the probes run) for each Python, 3.8 to 3.13 at micro 0 and 99, on
    Windows and Linux, and each value of the plain ``x`` and ``y``."""
    code = compile(HEAD.split("\n", 1)[1] + program, "<test>", "exec")
    for minor, micro, windows, x, y in itertools.product(
        range(8, 14), (0, 99), (0, 1), (0, 1), (0, 1)
    ):
        seen: set[int] = set()

        def probe(number, x=x, seen=seen):
            seen.add(number)
            return bool((number + x) % 2)

        names = {
            "sys": types.SimpleNamespace(
                platform="win32" if windows else "linux", version_info=(3, minor, micro, "final", 0)
            ),
            "os": types.SimpleNamespace(name="nt" if windows else "posix"),
            "math": types.SimpleNamespace(**({"lcm": 1} if minor >= 9 else {})),
            "x": x,
            "y": y,
        }
        names.update({f"f{n}": (lambda n=n: probe(n)) for n in range(SLOTS)})
        exec(code, names)
        yield minor, bool(windows), seen

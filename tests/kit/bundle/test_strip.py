"""kit.bundle.strip and kit.bundle.spans: what does not ship is cut out of the author's text,
nothing regenerated; the result computes the same and parses under 3.8."""

import ast
import re
import subprocess
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.bundle.strip import ANNOTATION_READERS, DOC_READERS, reads_any
from tests.bundle_support import bundle_of, interpreter, run_bundle, strip_source, write


def test_stripping_removes_docstrings_comments_annotations_and_test_only_code(toy):
    text = bundle_of(toy).text
    for gone in (
        "docstring: stripped",  # module docstring of a helper
        "A comment: stripped",
        "Imports the other helper",
        "toy_text_selftest",  # the helper's __main__ block
        "-> str",
        "data: bytes",
        "width: int",
        "Indented multi-line literal",  # a comment in the solution
        "Toy Sum: the sum",  # the solution's docstring
    ):
        assert gone not in text, gone
    assert "label: str" in text  # dataclass fields are data: kept
    # the solution's own main block stays, in the author's own text
    assert text.rstrip().endswith('if __name__ == "__main__":\n    main()')


def test_multi_line_literals_survive_in_helpers_and_in_an_indented_solution_function(toy):
    bundle = bundle_of(toy)
    got = run_bundle(toy, bundle, b"1\n")[1].decode()
    assert got.startswith("totals:\n    (indented line, kept exactly)\nlast line of the banner\n")
    assert got.endswith("end\n  of\n    totals\n")


STRIP_CASES = '''\
"""Module docstring."""
from __future__ import annotations
import functools

RAW = r"""a\\b
   indented {braces}
"""
F = f"{RAW!r:>{10}}" + f'{"nested"}' + f"{{literal}}"
B = b"\\x00\\n" + rb"\\d"
counter: int = 0
unused: str


class Point:
    """Class docstring."""

    x: int
    y: int = 5

    def norm(self) -> int:
        """Method docstring."""
        total: int = abs(self.x) + abs(self.y)
        pending: list
        return total


def positional(a, /, b: int = 2, *args: int, c: "str" = "c", **kw: float) -> tuple:
    """Only a docstring and a return."""
    return (a, b, args, c, kw)


def walrus(values):
    if (n := len(values)) > 2:
        return [y for x in values if (y := x * n) % 2 == 0]
    return {k: v for k, v in zip(values, values[1:])}


def only_doc():
    """Nothing else here."""


def power():
    return (-2) ** 2, -2 ** 2, not (True and False), 1 if 0 else 2 if 1 else 3


@functools.lru_cache(maxsize=None)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


if __name__ == "__main__":
    SIDE = "main block ran"
else:
    SIDE = "imported"

RESULT = (RAW, F, B, counter, Point.__annotations__, Point(), positional(1, 2, 3, c="d", e=1.0),
          walrus([1, 2, 3, 4]), walrus([1, 2]), only_doc(), power(), fib(30), SIDE)
'''


def _result(source, name):
    namespace = {"__name__": name}
    exec(compile(source, "<test>", "exec", dont_inherit=True), namespace)
    result = list(namespace["RESULT"])
    point = result[5]
    point.x = 3
    result[5] = point.norm()
    return result


def test_stripped_code_computes_the_same_as_the_original():
    for name, drop in (("__main__", False), ("shared.helper", True)):
        stripped = strip_source(STRIP_CASES, "case.py", drop_main_block=drop)
        assert _result(stripped, name) == _result(STRIP_CASES, name)
        assert "docstring" not in stripped
        assert "->" not in stripped and "b: int" not in stripped
        assert "x: int" in stripped  # class-body annotation kept
        assert ("main block ran" in stripped) is not drop


def test_stripping_is_3_8_syntax_and_3_8_runs_it_the_same():
    python38 = interpreter("cpython3.8")
    stripped = strip_source(STRIP_CASES, "case.py", drop_main_block=True)
    script = (
        "ns = {'__name__': 'shared.helper'}\n"
        f"exec(compile({stripped!r}, 'case.py', 'exec', 0, True), ns)\n"
        "print(repr(ns['RESULT'][:5] + ns['RESULT'][6:]))\n"
    )
    done = subprocess.run(
        [python38, "-I", "-S", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    expected = _result(stripped, "shared.helper")
    assert done.stdout.strip() == repr(tuple(expected[:5] + expected[6:]))


FORMATTED = {  # annotations as ``ruff format`` lays out a long one: parentheses on lines apart
    "a return": "def ann() -> (\n    int\n):\n    return 42\n\n\nprint(ann())\n",
    "a variable": "x: (\n    int\n) = 42\nprint(x)\n",
    "a comment inside": "def f() -> (int  # c\n):\n    return 42\n\n\nprint(f())\n",
    "a parameter": "def f(\n    a: (\n        int\n    ) = 42,\n):\n    return a\n\n\nprint(f())\n",
}


@pytest.mark.parametrize("shape", sorted(FORMATTED))
def test_an_annotation_in_parentheses_on_lines_of_their_own_is_cut_whole(shape):
    stripped = strip_source(FORMATTED[shape], "ann.py", drop_main_block=False)
    assert not re.search(r"\bint\b", stripped), stripped
    namespace: dict = {}
    exec(compile(stripped, "ann.py", "exec"), namespace)  # it parses, and runs


def test_docstrings_stay_when_the_module_reads_doc():
    source = '"""Usage: toy."""\nimport sys\nprint(__doc__)\n'
    assert strip_source(source, "x.py", drop_main_block=False).startswith('"""Usage: toy."""')


def test_a_write_of_doc_is_no_read_and_a_string_naming_it_is():
    """``method.__doc__ = text`` (sortedcontainers does it) reads no docstring: they are
    still cut; ``getattr(f, "__doc__")`` reads one."""
    write_only = Source(
        "x", Path("x.py"), "x.py", False, "f.__doc__ = 'text'\n", ast.parse("f.__doc__ = 't'\n")
    )
    assert not reads_any([write_only], DOC_READERS)
    reading = ("print(f.__doc__)\n", "print(getattr(f, '__doc__'))\n", "g.__doc__ = f.__doc__\n")
    for text in (*reading, "f.__doc__ += ' (patched)'\n"):
        read = Source("x", Path("x.py"), "x.py", False, text, ast.parse(text))
        assert reads_any([read], DOC_READERS), text
    helpful = Source("x", Path("x.py"), "x.py", False, "s = 'help'\n", ast.parse("s = 'help'\n"))
    assert not reads_any([helpful], DOC_READERS)  # a word, not a dunder's name


def test_solution_that_reads_doc_still_sees_it_in_the_bundle(toy):
    write(
        toy, "solutions/toy_sum.py", '"""Usage: toy."""\nimport shared.toy_text\nprint(__doc__)\n'
    )
    assert run_bundle(toy, bundle_of(toy), b"")[1] == b"Usage: toy.\n"


def test_docstrings_stay_when_a_standard_module_that_reads_them_is_imported(toy):
    """``cmd`` prints a ``do_`` method's docstring for ``help add``; ``doctest`` and
    ``unittest`` read them too: importing one anywhere keeps every docstring."""
    for text in ("import cmd\n", "from doctest import testmod\n", "import unittest as u\n"):
        read = Source("x", Path("x.py"), "x.py", False, text, ast.parse(text))
        assert reads_any([read], DOC_READERS), text
    other = Source("x", Path("x.py"), "x.py", False, "import os\n", ast.parse("import os\n"))
    assert not reads_any([other], DOC_READERS)
    write(
        toy,
        "shared/toy_shell.py",
        """\
        import cmd


        class Shell(cmd.Cmd):
            prompt = ""

            def do_add(self, arg):
                '''add A B: print A+B'''
                print(sum(map(int, arg.split())))

            def do_EOF(self, arg):
                return True
        """,
    )
    solution = "import sys\nfrom shared.toy_shell import Shell\n"
    solution += "Shell(stdin=sys.stdin, stdout=sys.stdout).cmdloop()\n"
    write(toy, "solutions/toy_sum.py", solution)
    got = run_bundle(toy, bundle_of(toy), b"add 1 2\nhelp add\n")[1]
    assert got == b"3\nadd A B: print A+B\n"


def test_annotations_stay_when_help_or_pydoc_prints_them(toy):
    """``help(f)`` prints ``f(a: int) -> int``, as ``pydoc`` renders it."""
    for text in ("help(f)\n", "import pydoc\n"):
        read = Source("x", Path("x.py"), "x.py", False, text, ast.parse(text))
        assert reads_any([read], ANNOTATION_READERS), text
    write(toy, "shared/toy_typed.py", "def f(a: int) -> int:\n    return a\n")
    solution = "import pydoc\nimport shared.toy_typed as h\n"
    solution += "print(pydoc.render_doc(h.f, renderer=pydoc.plaintext).splitlines()[-1])\n"
    write(toy, "solutions/toy_sum.py", solution)
    assert run_bundle(toy, bundle_of(toy), b"")[1] == b"f(a: int) -> int\n"


EFFECTS = """\
import typing
SEEN = []


def note(v):
    SEEN.append(v)
    return int


class Box:
    pass


box, table = Box(), {}


def g(a: note("param"), b: typing.List[int] = None, *c: "Box") -> note("return"):
    local: note("local") = 1
    return local


def h(a: typing.Optional[Box]) -> typing.Dict[str, typing.List[int]]:
    return a


X: note("constant") = 1
Y: note("bare")
Z: typing.List[int] = [g(1)]
W: int
table[note("index")]: int
(P): note("parenthesised") = 2
box.q: note("attribute") = 3
RESULT = SEEN
"""
LAZY = "from __future__ import annotations\n" + EFFECTS


@pytest.mark.parametrize("text", [EFFECTS, LAZY], ids=["evaluated", "lazy"])
def test_an_annotation_whose_evaluation_can_act_is_kept_and_a_type_is_cut(text):
    """``def g(a: note("param"))``: the call runs when ``def`` runs; it was cut, and a
    solution counting the calls printed 0 from the bundle, 2 from source. Kept now where it is
    evaluated (not in a function's body; under the ``__future__`` import only where 3.8 still
    evaluates it, a target other than a plain name), and 3.8 runs the result as it runs the
    source; a type is still cut."""
    stripped = strip_source(text, "case.py", drop_main_block=True)
    lazy = text is LAZY
    for annotation in ("param", "return", "constant", "bare"):
        assert (f'note("{annotation}")' in stripped) is not lazy, annotation
    for kept in ('note("index")', 'note("parenthesised")', 'note("attribute")'):
        assert kept in stripped, kept
    for cut in ('note("local")', "List[int]", "Optional", '"Box"', "W: int"):
        assert cut not in stripped, cut
    assert _seen(stripped, "cpython3.8") == _seen(text, "cpython3.8")
    here: list[dict] = [{}, {}]
    for namespace, code in zip(here, (stripped, text)):
        exec(compile(code, "case.py", "exec", dont_inherit=True), namespace)
    assert here[0]["SEEN"] == here[1]["SEEN"]


def _seen(text, target):
    script = (
        f"ns = {{}}\nexec(compile({text!r}, 'case.py', 'exec', 0, True), ns)\nprint(ns['SEEN'])"
    )
    done = subprocess.run(
        [interpreter(target), "-I", "-S", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout

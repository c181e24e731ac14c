"""The bundle's stages before running: discovery, stripping, assembly (kit.bundle.discover,
kit.bundle.strip, kit.bundle.assemble, through kit.pipeline.make_bundle) and the checks
(kit.check.checks).

Most tests work on a copy of the toy checkout kit/data/toy: Toy Sum, a solution with
two helpers (one importing the other), a dataclass, multi-line literals, comments, docstrings,
annotations and a test-only __main__ block that would write a file.
"""

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.bundle.strip import DOC_READERS, reads_any, same_tree, strip, verify
from kit.check.checks import check
from kit.errors import BuildError
from kit.judges.targets import found, parse_target, runner_for
from kit.pipeline import columns_for, make_bundle
from kit.registry import load_registry
from kit.run import nowrite
from kit.startup import TOY

FIXTURE = TOY
KIT_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_IN = FIXTURE / "samples" / "toy_sum" / "sample-1.in"
SAMPLE_OUT = FIXTURE / "samples" / "toy_sum" / "sample-1.out"


def bundle_of(root, slug="toy_sum"):
    return make_bundle(load_registry(root)[slug])


def checked(root, slug="toy_sum"):
    """The bundle, after the checks for the problem's targets; the first error raised."""
    problem = load_registry(root)[slug]
    bundle = make_bundle(problem)
    runners = {column.target: column.runner for column in columns_for(problem)}
    errors = check(problem, bundle, runners).errors
    if errors:
        raise BuildError(errors[0])
    return bundle


def interpreter(name):
    """The executable of target ``name`` when it is installed here, else skip the test."""
    runner = runner_for(parse_target(name), list(found()))
    if runner is None or not runner.exact:
        pytest.skip(f"{name} not installed")
    return runner.interpreter.executable


def strip_source(text, rel, *, drop_main_block):
    """``text`` stripped as a helper (main blocks dropped) or as the solution, and verified."""
    name = "shared.case" if drop_main_block else "__main__"
    source = Source(name, Path(rel), rel, False, text, ast.parse(text))
    shipped, cuts = strip(
        source, keep_docs=reads_any([source], DOC_READERS), keep_annotations=False
    )
    verify(source, shipped, cuts)
    return shipped


def run_script(path, stdin, python=sys.executable, cwd=None):
    return subprocess.run(
        [python, "-I", "-S", str(path)],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def run_source(root, stdin, slug="toy_sum"):
    """The solution run from source, as documented: PYTHONPATH=. python solutions/<slug>.py"""
    done = subprocess.run(
        [sys.executable, str(root / "solutions" / f"{slug}.py")],
        input=stdin,
        capture_output=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr.splitlines()[-1:]


def run_bundle(root, bundle, stdin, python=sys.executable):
    """The bundle run from an empty folder beside the checkout, -I -S."""
    folder = root.parent / "empty"
    folder.mkdir(exist_ok=True)
    path = root.parent / "bundle.py"
    path.write_text(bundle.text, encoding="utf-8")
    done = run_script(path, stdin, python=python, cwd=folder)
    return done.returncode, done.stdout, done.stderr.splitlines()[-1:]


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# --- discovery and layout --------------------------------------------------------------------


def test_discovery_collects_helpers_packages_first_and_dependencies_before_users(toy):
    bundle = bundle_of(toy)
    assert [h.name for h in bundle.helpers] == ["shared", "shared.toy_text", "shared.toy_numbers"]
    assert [h.is_package for h in bundle.helpers] == [True, False, False]
    # stdlib modules are imported, not bundled
    assert "dataclasses" not in {h.name for h in bundle.helpers}


def test_helpers_imported_only_inside_functions_are_bundled_too(toy):
    write(toy, "shared/late.py", "def twice(x):\n    return 2 * x\n")
    write(
        toy,
        "solutions/toy_sum.py",
        """\
        def main():
            from shared.late import twice
            print(twice(21))


        main()
        """,
    )
    bundle = bundle_of(toy)
    assert "shared.late" in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"")[1] == b"42\n"


def test_relative_imports_inside_a_helper_package_work(toy):
    write(toy, "shared/pkg/__init__.py", "from .inner import VALUE\n")
    write(toy, "shared/pkg/inner.py", "from ..toy_text import BANNER\nVALUE = len(BANNER)\n")
    write(toy, "solutions/toy_sum.py", "import shared.pkg\nprint(shared.pkg.VALUE)\n")
    bundle = checked(toy)
    names = [h.name for h in bundle.helpers]
    assert names.index("shared.toy_text") < names.index("shared.pkg.inner")
    assert names.index("shared.pkg.inner") < names.index("shared.pkg")
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"")
    assert run_source(toy, b"")[1].strip().isdigit()


def test_import_cycle_between_helpers_is_a_clear_error(toy):
    write(toy, "shared/a.py", "from shared.b import B\nA = 1\n")
    write(toy, "shared/b.py", "from shared.a import A\nB = 2\n")
    write(toy, "solutions/toy_sum.py", "from shared.a import A\nprint(A)\n")
    with pytest.raises(BuildError, match=r"import cycle among helpers: shared\.a -> shared\.b"):
        bundle_of(toy)


def test_relative_import_in_a_solution_is_refused(toy):
    write(toy, "solutions/toy_sum.py", "from .other import x\nprint(x)\n")
    with pytest.raises(BuildError, match=r"solutions/toy_sum\.py:1: relative import"):
        bundle_of(toy)


def test_bundle_answers_exactly_like_the_source(toy):
    bundle = checked(toy)
    stdin = SAMPLE_IN.read_bytes()
    assert run_bundle(toy, bundle, stdin) == run_source(toy, stdin)
    assert run_bundle(toy, bundle, stdin)[1] == SAMPLE_OUT.read_bytes()


# --- stripping ----------------------------------------------------------------------------


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


def test_docstrings_stay_when_the_module_reads_doc():
    source = '"""Usage: toy."""\nimport sys\nprint(__doc__)\n'
    assert strip_source(source, "x.py", drop_main_block=False).startswith('"""Usage: toy."""')


def test_solution_that_reads_doc_still_sees_it_in_the_bundle(toy):
    write(
        toy, "solutions/toy_sum.py", '"""Usage: toy."""\nimport shared.toy_text\nprint(__doc__)\n'
    )
    assert run_bundle(toy, bundle_of(toy), b"")[1] == b"Usage: toy.\n"


# --- the checks ---------------------------------------------------------------------------


def test_non_stdlib_import_anywhere_fails_naming_module_and_line(toy):
    helper = toy / "shared" / "toy_text.py"
    lines = helper.read_text().splitlines()
    lines.insert(lines.index("def format_total(total: Total) -> str:") + 1, "    import numpy")
    helper.write_text("\n".join(lines) + "\n")
    line = lines.index("    import numpy") + 1
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).startswith(f"shared/toy_text.py:{line}: imports 'numpy', which is")


def test_missing_helper_module_is_named(toy):
    write(toy, "solutions/toy_sum.py", "import sys\nfrom shared.nothing import x\nprint(x)\n")
    with pytest.raises(BuildError, match=r"toy_sum\.py:2: cannot find helper module 'shared\.no"):
        checked(toy)


def test_test_only_code_of_helpers_is_not_checked(toy):
    helper = toy / "shared" / "toy_text.py"
    text = helper.read_text()
    text += "    import pytest\n    print((5).bit_count(), 'x'.removeprefix('x'))\n"
    helper.write_text(text)
    checked(toy)  # no error: that block never ships


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "def ones(n):\n    return n.bit_count()\n",
            r"int\.bit_count\(\) needs Python 3\.10 \(targets cpython3\.8, pypy3\)",
        ),
        ("def strip(s):\n    return s.removeprefix('x')\n", r"removeprefix\(\) needs Python 3\.9"),
        (
            "def raw(n):\n    return n.to_bytes()\n",
            r"to_bytes\(\) without length and byteorder needs Python 3\.11",
        ),
        (
            "import functools\n@functools.cache\ndef f(n):\n    return n\n",
            r"'functools\.cache' member needs Python 3\.9",
        ),
        ("import math\ndef f(a, b):\n    return math.lcm(a, b)\n", r"'math\.lcm' member"),
        ("def f(a, b):\n    return list(zip(a, b, strict=True))\n", r"zip\(strict\)"),
        (
            "class P:\n    xs: list[int] = []\n",
            r"class-body annotation list\[int\] needs Python 3\.9",
        ),
    ],
)
def test_python_3_9_and_later_apis_fail_the_build_with_file_and_line(toy, code, message):
    helper = write(toy, "shared/newer.py", code)
    write(toy, "solutions/toy_sum.py", "from shared.newer import *\n")
    with pytest.raises(BuildError, match=message) as error:
        checked(toy)
    assert str(error.value).startswith("shared/newer.py:")
    assert helper.exists()


def test_a_method_of_the_kit_s_own_with_a_new_api_name_is_not_flagged(toy):
    code = "class B:\n    def bit_count(self):\n        return 1\nprint(B().bit_count())\n"
    write(toy, "solutions/toy_sum.py", code)
    checked(toy)


def test_syntax_error_names_file_and_line(toy):
    write(toy, "shared/broken.py", "def f(:\n    pass\n")
    write(toy, "solutions/toy_sum.py", "from shared.broken import f\n")
    with pytest.raises(BuildError, match=r"shared/broken\.py:1: syntax error"):
        bundle_of(toy)


# --- run-time behaviour -------------------------------------------------------------------


def test_bundle_is_reproducible_across_processes_and_hash_seeds(toy):
    script = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from kit.pipeline import make_bundle; from kit.registry import load_registry;"
        "root = Path(sys.argv[2]);"
        "sys.stdout.write(make_bundle(load_registry(root)['toy_sum']).text)"
    )
    texts = set()
    for seed in ("1", "2", "random"):
        done = subprocess.run(
            [sys.executable, "-c", script, str(KIT_ROOT), str(toy)],
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=60,
            check=True,
        )
        texts.add(done.stdout)
    texts.add(bundle_of(toy).text.encode())
    assert len(texts) == 1


def test_bundle_writes_no_file_and_the_audit_hook_would_catch_one(toy, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    path = tmp_path / "bundle.py"
    path.write_text(bundle_of(toy).text)
    done = subprocess.run(
        nowrite.command(sys.executable, path),
        input=SAMPLE_IN.read_bytes(),
        capture_output=True,
        cwd=empty,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, SAMPLE_OUT.read_bytes()), done.stderr
    assert list(empty.iterdir()) == []

    # control: a program that writes (and even swallows the error) is caught
    writer = tmp_path / "writer.py"
    writer.write_text("try:\n    open('out.txt', 'w')\nexcept OSError:\n    pass\nprint('done')\n")
    done = subprocess.run(
        nowrite.command(sys.executable, writer),
        capture_output=True,
        cwd=empty,
        timeout=60,
        check=False,
    )
    assert done.returncode == nowrite.DENIED_EXIT
    assert b"write attempts refused: open('out.txt'" in done.stderr
    assert list(empty.iterdir()) == []


def test_bundle_runs_under_python_3_8(toy):
    python38 = interpreter("cpython3.8")
    got = run_bundle(toy, checked(toy), SAMPLE_IN.read_bytes(), python=python38)
    assert got[:2] == (0, SAMPLE_OUT.read_bytes())


def test_bundle_runs_under_pypy(toy):
    pypy = interpreter("pypy3")
    got = run_bundle(toy, checked(toy), SAMPLE_IN.read_bytes(), python=pypy)
    assert got[:2] == (0, SAMPLE_OUT.read_bytes())


def test_a_helper_exception_traceback_names_the_helper(toy):
    write(toy, "shared/boom.py", "def boom():\n    return 1 // 0\n")
    write(toy, "solutions/toy_sum.py", "from shared.boom import boom\nboom()\n")
    path = toy.parent / "bundle.py"
    path.write_text(bundle_of(toy).text, encoding="utf-8")
    done = run_script(path, b"")
    assert done.returncode == 1
    assert b'File "shared/boom.py", line 2, in boom' in done.stderr
    assert done.stderr.splitlines()[-1] == b"ZeroDivisionError: integer division or modulo by zero"


def test_bundled_modules_look_imported(toy):
    code = (
        "import sys\nimport shared.toy_text as t\nfrom shared import toy_numbers\n"
        "print(t.__name__, toy_numbers.__package__, sys.modules['shared'].toy_text is t)\n"
    )
    write(toy, "solutions/toy_sum.py", code)
    assert run_bundle(toy, bundle_of(toy), b"")[1] == b"shared.toy_text shared True\n"


def test_verify_refuses_a_stripped_text_that_changed_the_code(toy):
    """The check behind every strip: the shipped text must parse to the original tree minus
    exactly the cuts made. A change anywhere else, even one that keeps the text parsing and
    its line numbers, is refused."""
    problem = load_registry(toy)["toy_sum"]
    bundle = make_bundle(problem)
    helper = next(h for h in bundle.helpers if h.name == "shared.toy_text")
    shipped, cuts = strip(helper, keep_docs=False, keep_annotations=False)
    verify(helper, shipped, cuts)  # as the build made it: accepted
    assert shipped == helper.shipped
    changed = shipped.replace("total", "totl", 1)
    assert changed != shipped
    with pytest.raises(BuildError, match=r"shared/toy_text\.py:\d+: stripping changed the code"):
        verify(helper, changed, cuts)


def test_same_tree_sees_one_changed_value_in_a_long_table():
    """verify compares long constant tables as value lists (ast.dump was the build's slowest
    step on a precomputed table): a single changed, retyped or added element must show."""
    table = ", ".join(str(i) for i in range(1000))
    base = ast.parse(f"T = [{table}]\nU = ('a', 'b')\n")
    assert same_tree(base, ast.parse(f"T = [{table}]\nU = ('a', 'b')\n"))
    for changed in (
        table.replace("500,", "501,"),
        table.replace("500,", "500.0,"),
        table.replace("500,", "True,"),
        table + ", 1000",
    ):
        assert not same_tree(base, ast.parse(f"T = [{changed}]\nU = ('a', 'b')\n")), changed
    assert not same_tree(base, ast.parse(f"T = ({table})\nU = ('a', 'b')\n"))
    assert not same_tree(base, ast.parse(f"T = [{table}]\nU = ('a', 'c')\n"))


def test_solution_futures_do_not_leak_into_helpers(toy):
    """Run from source, a helper's class-body annotations are evaluated even when the solution
    says `from __future__ import annotations`; the bundle must keep that."""
    write(toy, "shared/plain.py", "class Plain:\n    size: int = 0\n")
    code = (
        "from __future__ import annotations\nfrom shared.plain import Plain\n"
        "class Mine:\n    size: int = 0\nprint(Plain.__annotations__, Mine.__annotations__)\n"
    )
    write(toy, "solutions/toy_sum.py", code)
    expected = b"{'size': <class 'int'>} {'size': 'int'}\n"
    assert run_source(toy, b"")[1] == expected
    assert run_bundle(toy, checked(toy), b"")[1] == expected


def test_each_helper_is_compiled_under_its_own_file_name(toy):
    text = bundle_of(toy).text
    assert 'compile(source, filename, "exec", 0, True)' in text
    assert "'shared/toy_text.py'" in text


def test_stripped_stdlib_of_3_8_compiles_under_3_8(scaled):
    """Stripping cuts spans and never rewrites code, so 3.8 input stays 3.8: a spread of
    CPython 3.8's own library (60 modules by default, times STRESS_SCALE; STRESS_SCALE=27
    takes all of it, about 1,600 modules, and passes) is stripped and compiled by 3.8."""
    python38 = interpreter("cpython3.8")
    probe = "import sysconfig; print(sysconfig.get_paths()['stdlib'])"
    stdlib = subprocess.run(
        [python38, "-I", "-S", "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    files = sorted(
        path
        for path in Path(stdlib).rglob("*.py")
        if "site-packages" not in path.parts and "bad" not in path.name
    )
    count = scaled(60)
    picked = files[:: max(1, len(files) // count)][:count]
    units = []
    for path in picked:
        try:
            source = path.read_text(encoding="utf-8")
            ast.parse(source)
        except (SyntaxError, UnicodeDecodeError):
            continue  # deliberately broken test data, or not UTF-8
        units.append([str(path), strip_source(source, str(path), drop_main_block=True)])
    checker = (
        "import json, sys\n"
        "for name, text in json.load(sys.stdin):\n"
        "    try:\n"
        "        compile(text, name, 'exec', 0, True)\n"
        "    except SyntaxError as error:\n"
        "        print(name, error.lineno, error.msg)\n"
    )
    done = subprocess.run(
        [python38, "-I", "-S", "-c", checker],
        input=json.dumps(units),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert len(units) >= count // 2
    assert (done.returncode, done.stdout) == (0, ""), done.stdout + done.stderr

"""kit.bundle.assemble: the one file runs as the source does, reproducibly, writing nothing, its
helpers under their own names."""

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kit.bundle.strip import same_tree, strip, verify
from kit.bundle_making import make_bundle
from kit.errors import BuildError
from kit.judges.targets import host
from kit.registry import load_registry
from kit.run import forbidden, judged
from tests.bundle_support import (
    KIT_ROOT,
    SAMPLE_IN,
    SAMPLE_OUT,
    bundle_of,
    checked,
    interpreter,
    run_bundle,
    run_script,
    run_source,
    strip_source,
    write,
)


def test_bundle_is_reproducible_across_processes_and_hash_seeds(toy):
    script = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from kit.bundle_making import make_bundle; from kit.registry import load_registry;"
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
        judged.wrapped(host(), path, no_files=True),
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
        judged.wrapped(host(), writer, no_files=True),
        capture_output=True,
        cwd=empty,
        timeout=60,
        check=False,
    )
    assert done.returncode == forbidden.DENIED_EXIT
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


def test_a_helper_s_source_is_read_through_its_loader(toy):
    """``inspect.getsource`` and ``traceback`` find a helper's lines as from source (the
    finder's ``get_source``), though no file of that name is beside the bundle."""
    write(toy, "shared/boom.py", "def boom():\n    return 1 // 0\n")
    code = (
        "import inspect, traceback\nfrom shared.boom import boom\n"
        "print(inspect.getsource(boom), end='')\n"
        "try:\n    boom()\nexcept ZeroDivisionError:\n    traceback.print_exc()\n"
    )
    write(toy, "solutions/toy_sum.py", code)
    path = toy.parent / "bundle.py"
    path.write_text(bundle_of(toy).text, encoding="utf-8")
    done = run_script(path, b"", cwd=toy.parent)
    assert done.stdout == b"def boom():\n    return 1 // 0\n", done.stderr
    assert b'File "shared/boom.py", line 2, in boom\n    return 1 // 0' in done.stderr


def test_the_solution_reading_its_own_source_keeps_its_empty_lines(toy):
    """``inspect.getsource`` of the solution's own function gave it without its empty lines
    (the solution's were all dropped); they are kept when the bundle reads its own text, its
    lines shifted only by those above it, each one's source line as ``entry_lines`` says."""
    write(toy, "shared/boom.py", "def boom():\n    return 1\n")
    function = "def g(x):\n\n    y = x + 1\n\n    return y\n"
    code = f"import inspect\nfrom shared.boom import boom\n\n\n{function}\n\n"
    code += "print(inspect.getsource(g), end='')\n"
    write(toy, "solutions/toy_sum.py", code)
    bundle = bundle_of(toy)
    path = toy.parent / "bundle.py"
    path.write_text(bundle.text, encoding="utf-8")
    done = run_script(path, b"", cwd=toy.parent)
    assert done.stdout == function.encode(), done.stderr
    lines = bundle.text.splitlines()
    assert lines[bundle.entry_first_line + 4 - 1] == "def g(x):"
    assert bundle.source_line(bundle.entry_first_line + 4) == 5


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
    assert 'compile(text, filename, "exec", 0, True)' in text
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


@pytest.mark.parametrize(
    "solution",
    [
        '"""Doc."""; import shared.toy_text\nprint(__doc__, shared.toy_text.BANNER != "")\n',
        "from __future__ import annotations; from shared.toy_text import BANNER\n"
        "print('Doc.', BANNER != '')\n",
        '"""Doc.\n"""; import shared.toy_text as t\nprint(__doc__.strip(), t.BANNER != "")\n',
    ],
)
def test_a_docstring_or_future_import_sharing_its_line_keeps_the_rest_in_place(toy, solution):
    """Hoisted to the top of the bundle, the docstring or __future__ import took the whole
    line with it: the import after its ``;`` ran before the bundle's loader existed."""
    write(toy, "solutions/toy_sum.py", solution)
    assert run_bundle(toy, make_bundle(load_registry(toy)["toy_sum"]), b"")[:2] == (
        0,
        b"Doc. True\n",
    )


def test_a_future_import_after_another_on_its_line_is_one_line_error(toy):
    future = "from __future__ import annotations; from __future__ import division\nprint(1)\n"
    write(toy, "solutions/toy_sum.py", future)
    with pytest.raises(BuildError, match=r"toy_sum\.py:1: the docstring or __future__ import"):
        make_bundle(load_registry(toy)["toy_sum"])


@pytest.mark.parametrize("name", ["pypyjit", "_pypyjson"])
def test_a_helper_named_as_a_module_pypy_has_built_in_runs_as_from_source(toy, name):
    """A workspace stub of PyPy's own module (kept so the code runs under CPython): PyPy
    imports its built-in one from source, and the bundle's finder, first on ``sys.meta_path``,
    replaced it; CPython, which has none, imports the stub both ways. (``__pypy__`` is
    imported as PyPy starts: no finder is asked for it.)"""
    pypy = interpreter("pypy3")
    write(toy, f"{name}.py", "STUB = True\n")
    code = f"import sys, {name}\nprint(sys.implementation.name, getattr({name}, 'STUB', False))\n"
    write(toy, "solutions/toy_sum.py", code)
    bundle = bundle_of(toy)
    source = [pypy, str(toy / "solutions" / "toy_sum.py")]
    env = {**os.environ, "PYTHONPATH": str(toy)}
    from_source = subprocess.run(source, capture_output=True, env=env, timeout=60, check=True)
    assert from_source.stdout == b"pypy False\n"
    assert run_bundle(toy, bundle, b"", python=pypy)[:2] == (0, b"pypy False\n")
    assert run_bundle(toy, bundle, b"")[:2] == (0, b"cpython True\n")
    assert run_source(toy, b"")[:2] == (0, b"cpython True\n")


def test_a_title_with_a_nul_makes_a_header_python_compiles(toy):
    """A page's title may hold a NUL, which problems.toml keeps: the bundle's header comment
    held it raw, and its compile check failed, blaming the bundle."""
    table = toy / "problems.toml"
    text = table.read_text()
    table.write_text(re.sub(r'^title = "(.*)"$', r'title = "\1\\u0000x"', text, flags=re.M))
    bundle = bundle_of(toy)
    assert "\0" not in bundle.text
    compile(bundle.text, "bundle", "exec")


def test_a_title_that_reads_as_a_coding_declaration_leaves_the_bundle_utf_8(toy):
    """``# dist/x.py: Arithmetic coding: easy (...)`` on the bundle's first line is a PEP 263
    declaration: Python refused the file, "unknown encoding: easy", on every judge."""
    table = toy / "problems.toml"
    text = table.read_text()
    text = re.sub(r'^title = "(.*)"$', 'title = "Arithmetic coding: easy"', text, flags=re.M)
    table.write_text(text)
    bundle = bundle_of(toy)
    assert "Arithmetic coding: easy" in "".join(bundle.text.splitlines()[:2])
    got = run_bundle(toy, bundle, SAMPLE_IN.read_bytes())
    assert got[:2] == (0, SAMPLE_OUT.read_bytes())


def test_a_helper_named_not_in_ascii_is_bundled_by_a_kit_in_the_c_locale(toy):
    """``shared/müll.py`` under ``LC_ALL=C PYTHONUTF8=0``: the resolver's pipes were in ASCII
    (UnicodeEncodeError), then the bundle's title held the name's escapes, which no UTF-8 file
    can hold; it is named in UTF-8 as under any other locale."""
    (toy / "shared" / "müll.py").write_text("def zwei():\n    return 2\n", encoding="utf-8")
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("from shared.müll import zwei\n" + solution.read_text(), encoding="utf-8")
    code = (
        "import sys\nfrom pathlib import Path\nfrom kit.bundle_making import make_bundle\n"
        "from kit.registry import load_registry\n"
        "bundle = make_bundle(load_registry(Path(sys.argv[1]))['toy_sum'])\n"
        "sys.stdout.buffer.write(bundle.text.encode('utf-8'))\n"
    )
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    env["PYTHONPATH"] = str(KIT_ROOT)
    done = subprocess.run(
        [sys.executable, "-c", code, str(toy)],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    title = [line for line in done.stdout.decode("utf-8").splitlines() if line.startswith("#")]
    assert "shared/müll.py" in " ".join(title), title

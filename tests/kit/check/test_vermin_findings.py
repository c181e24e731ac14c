"""kit.check.vermin_findings: vermin's findings on the shipped modules: the standard library's
members a star import or another name hides from it written out, its versions read, its cache
keyed by its version, its options and the kit's reading, its run free of the user's config."""

import ast
import importlib.machinery
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.check import vermin_findings
from kit.check.vermin_findings import vermin
from kit.errors import BuildError
from tests.kit.run.hostile import machine_refusals


def module(text, rel="shared/m.py", name="shared.m"):
    text = textwrap.dedent(text)
    return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")


def test_a_name_a_star_imported_helper_binds_may_be_its_own():
    """``from shared.h import *`` after ``from math import *``: its ``lcm`` wins; after a star
    import of a module neither the helpers' nor the standard library's, no name is known."""
    helper = module("def lcm(a, b):\n    return a * b\n", "shared/h.py", "shared.h")
    main = module("from math import *\nfrom shared.h import *\nx = lcm(2, 3) + lcm(4, 6)\n")
    assert vermin([main, helper]) == []
    foreign = module("from math import *\nfrom numpy import *\nx = lcm(2, 3)\n")
    assert vermin([foreign]) == []
    alone = module("from math import *\nx = lcm(2, 3)\n")
    assert [f[2] for f in vermin([alone])] == ["'math.lcm' member"]


def test_a_member_imported_under_another_name_is_found_with_its_keywords():
    """``from bisect import bisect_left as bl`` then ``bl(a, x, key=f)``: 3.10's keyword,
    which vermin knows only as ``bisect.bisect_left``'s; a name rebound later is the file's."""
    source = module(
        """\
        from bisect import bisect_left as bl, insort as put
        i = bl([1, 2], 2, key=abs)
        put = print
        put([1], 2, key=abs)
        """
    )
    found = {(f[1], f[2], f[3]) for f in vermin([source])}
    assert found == {(2, "'bisect.bisect_left(key)'", (3, 10))}


@pytest.mark.parametrize(
    ("text", "version"), [("3.9", (3, 9)), ("!3.10", (3, 10)), ("~3.11.2", (3, 11)), ("x", None)]
)
def test_vermin_s_versions_are_read_as_major_and_minor(text, version):
    assert vermin_findings._version(text) == version


@pytest.fixture
def fresh_identity():
    vermin_findings._vermin_identity.cache_clear()
    yield vermin_findings._vermin_identity.cache_clear
    vermin_findings._vermin_identity.cache_clear()


def test_the_vermin_cache_key_changes_with_vermin_s_version(tmp_path, monkeypatch, fresh_identity):
    package = tmp_path / "vermin"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (tmp_path / "vermin-1.0.0.dist-info").mkdir()
    spec = importlib.machinery.ModuleSpec("vermin", None, origin=str(package / "__init__.py"))
    monkeypatch.setattr(vermin_findings.importlib.util, "find_spec", lambda name: spec)
    before = vermin_findings._key("import math")
    assert vermin_findings._key("import math") == before
    (tmp_path / "vermin-1.0.0.dist-info").rename(tmp_path / "vermin-1.1.0.dist-info")
    fresh_identity()
    assert vermin_findings._key("import math") != before


def test_the_vermin_cache_key_without_vermin_is_still_a_key(monkeypatch, fresh_identity):
    monkeypatch.setattr(vermin_findings.importlib.util, "find_spec", lambda name: None)
    assert vermin_findings._vermin_identity() == "?"
    assert len(vermin_findings._key("x = 1")) == 64


def test_vermin_runs_without_the_site_from_its_own_folder():
    """vermin is started ``-I -S`` (no .pth file read) with its folder on the path, and runs."""
    command = vermin_findings._vermin_command()
    assert command[:3] == [sys.executable, "-I", "-S"]
    done = subprocess.run(
        [*command, "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and done.stdout.strip()[0].isdigit(), done.stdout + done.stderr


@machine_refusals
def test_vermin_without_a_file_to_open_is_the_machine_s_limit(monkeypatch, refusal):
    """An open refused under ``ulimit -n`` is not vermin failing to run, nor its process
    refused under ``ulimit -u`` ('cannot run vermin: [Errno 11] ...'): it goes up as it is,
    for the command line to name the limit (kit.cli)."""

    def refused(*_args, **_kwargs):
        raise refusal

    monkeypatch.setattr(vermin_findings.subprocess, "run", refused)
    with pytest.raises(OSError) as raised:
        vermin_findings._run_vermin({"a.py": "x = 1\n"})
    assert raised.value.errno == refusal.errno and not isinstance(raised.value, BuildError)


@pytest.mark.parametrize(
    ("name", "config"),
    [
        (".vermin", "[vermin]\ntargets = 3.10-\nonly_show_violations = yes\n"),
        ("setup.cfg", "[vermin]\nexclusions = math.lcm\n"),
    ],
)
def test_a_vermin_config_of_the_user_s_changes_no_finding(tmp_path, monkeypatch, name, config):
    """vermin reads a config file from the folder it runs in upwards; the kit's run reads none,
    wherever the kit was started."""
    (tmp_path / name).write_text(config)
    monkeypatch.chdir(tmp_path)
    found = vermin([module("import math\nn = math.lcm(4, 6)\n")])
    assert (2, (3, 9)) in {(f[1], f[3]) for f in found}


def test_the_vermin_cache_key_changes_with_vermin_s_options(monkeypatch):
    before = vermin_findings._key("import math")
    monkeypatch.setattr(vermin_findings, "VERMIN_OPTIONS", vermin_findings.VERMIN_OPTIONS[1:])
    assert vermin_findings._key("import math") != before


def test_the_vermin_cache_key_changes_with_the_kit_s_own_reading_of_it(monkeypatch):
    """A kit upgrade may read vermin's findings otherwise: its answers are asked again."""
    before = vermin_findings._key("import math")
    monkeypatch.setattr(vermin_findings, "_HERE", "another build of kit/check/vermin_findings.py")
    assert vermin_findings._key("import math") != before


def test_each_branch_is_read_alone_and_its_lines_are_the_module_s():
    """A branch of an ``if`` on a member added after 3.8, an ``elif`` among them, is read after
    the module's imports under an ``if True:``; vermin's lines there are taken back to the
    module's."""
    source = module(
        """\
        import math
        if hasattr(math, "lcm"):
            r = math.lcm(2, 3)
        elif n:
            r = math.cbrt(8)
        """
    )
    found = {(f[1], f[2]) for f in vermin([source])}
    assert found == {(3, "'math.lcm' member"), (5, "'math.cbrt' member")}


def test_a_branch_opening_on_a_decorator_spaced_from_its_at_sign_is_read():
    """``@ functools.cache`` (a space after ``@``) first in a branch lost its ``@`` there: the
    branch's text did not parse, and what it reads was not looked at."""
    source = module(
        """\
        import functools
        if hasattr(functools, "cache"):
            @ functools.cache
            def f(n):
                return math.lcm(n, 2)
        """
    )
    found = {(f[1], f[2]) for f in vermin([source])}
    assert (5, "'math.lcm' member") in found


def test_a_neutralised_text_that_does_not_parse_is_read_whole(monkeypatch):
    """A text with its guarded code out that does not parse (a fault of the neutralising)
    gave vermin nothing to read, and every finding of the module passed: the module is read
    with its guarded code in instead, refusing more, never less."""
    source = module(
        """\
        import math
        print(math.lcm(2, 3))
        if hasattr(math, "cbrt"):
            print(math.cbrt(8))
        """
    )
    broken = lambda text, *_, **__: text.replace("if hasattr", "@pass\nif hasattr")  # noqa: E731
    monkeypatch.setattr(vermin_findings, "neutralised", broken)
    found = {(f[1], f[2]) for f in vermin([source])}
    assert (2, "'math.lcm' member") in found
    assert (4, "'math.cbrt' member") in found  # guarded, read as any code


def test_a_branch_opening_on_a_parenthesised_decorator_is_read_from_its_at_sign():
    """``@(functools.cache)``, over two lines, first in a branch: the branch is read from its
    ``@`` (its text began at the expression, and did not parse)."""
    source = module(
        """\
        import functools
        if hasattr(functools, "cache"):
            @(
                functools.cache)
            def f(n):
                return math.lcm(n, 2)
        """
    )
    found = {(f[1], f[2]) for f in vermin([source])}
    assert (6, "'math.lcm' member") in found


def test_a_branch_opening_on_a_decorator_a_try_takes_out_is_read_from_its_place():
    """A branch opening on a decorator that a ``try`` around its ``if`` guards: in the text
    with guarded code out the decorator is ``pass``, and its ``@`` was looked for back to the
    module's first line, so the branch's text did not parse and the function's body, which
    runs outside the ``try``, was not read (``math.cbrt`` passed for 3.8)."""
    source = module(
        """\
        import functools
        import math
        import sys
        try:
            if sys.version_info >= (3, 9):
                @functools.cache
                def f(n):
                    return math.cbrt(n)
        except AttributeError:
            pass
        """
    )
    found = {(f[1], f[2]) for f in vermin([source])}
    assert (8, "'math.cbrt' member") in found


ONE_LINE_BRANCHES = [  # each branch opening on its if's (elif's, else's) own line
    "if sys.version_info >= (3, 9): f = lambda: math.cbrt(2)",
    "if hasattr(math, 'lcm'): f = lambda: math.cbrt(2)",
    "if sys.implementation.name == 'pypy': f = lambda: math.cbrt(2)",
    "if sys.version_info < (3, 9): f = None\n    elif sys.version_info >= (3, 10): f = 0 or (\n"
    "        lambda: math.cbrt(2))",
    "if sys.version_info >= (3, 9):\n        f = lambda: math.cbrt(2)",
    "if sys.version_info < (3, 9): f = None\n    else: f = lambda: math.cbrt(2)",
]


@pytest.mark.parametrize("handler", ["AttributeError", "Exception", ""])
@pytest.mark.parametrize("branch", ONE_LINE_BRANCHES)
def test_a_branch_on_its_if_s_line_in_a_try_is_read_from_its_place(branch, handler):
    """A branch opening on its ``if``'s line in a ``try`` that catches what the test raises:
    the test was made ``None`` in the text the branch is read from, its columns moved, and
    the branch's text was lost, so the lambda's ``math.cbrt``, called after the ``try``,
    passed (CPython 3.9.18 and 3.10.13 die in ``f()``: measured)."""
    text = f"import math, sys\ntry:\n    {branch}\nexcept {handler}:\n    pass\nf()\n"
    found = {(f[1], f[2]) for f in vermin([module(text.replace("except :", "except:"))])}
    assert found == {(2 + len(branch.splitlines()), "'math.cbrt' member")}


def test_names_are_written_out_right_to_left_where_the_text_still_holds_them():
    """``_qualified``: two names on a line both written out (right to left, so the first's
    column still holds), a branch's line a space further right, and a place the text no
    longer holds the name at (guarded code blanked, or a longer name) left as it is."""
    places = {1: [(4, "gcd", "math.gcd"), (13, "lcm", "math.lcm")], 2: [(4, "lcm", "math.lcm")]}
    text = "x = gcd(1) + lcm(2)\ny = lcmx(1)\n"
    assert vermin_findings._qualified(text, 0, 0, places) == (
        "x = math.gcd(1) + math.lcm(2)\ny = lcmx(1)\n"
    )
    branch = "import math\nif True:\n     y = lcm(1)\n"  # module line 2, "    y = lcm(1)"
    assert vermin_findings._qualified(branch, -1, 2, {2: [(8, "lcm", "math.lcm")]}) == (
        "import math\nif True:\n     y = math.lcm(1)\n"
    )


def test_vermin_failing_is_one_line(monkeypatch):
    """A vermin that cannot run (not installed, broken) is a one-line error: its last line of
    errors and how to reinstall, no traceback."""
    failing = "import sys; sys.stderr.write('Traceback\\nboom\\n'); sys.exit(2)"
    monkeypatch.setattr(vermin_findings, "_vermin_command", lambda: [sys.executable, "-c", failing])
    with pytest.raises(BuildError) as raised:
        vermin([module("x = 1\n")])
    assert str(raised.value).startswith("vermin failed (boom): ")
    assert "\n" not in str(raised.value)


def test_the_vermin_cache_keeps_this_build_s_texts_alone_when_it_grows(monkeypatch, cache_home):
    """Past ``VERMIN_CACHE_ENTRIES`` texts, the cache is written with this build's alone."""
    monkeypatch.setattr(vermin_findings, "VERMIN_CACHE_ENTRIES", 1)
    vermin([module("import math\nn = math.lcm(4, 6)\n")])
    assert len(json.loads((cache_home / vermin_findings.VERMIN_CACHE).read_text())) == 1
    vermin([module("x = 1\n"), module("y = 2\n", "shared/n.py", "shared.n")])
    kept = json.loads((cache_home / vermin_findings.VERMIN_CACHE).read_text())
    keys = {vermin_findings._key(text) for text in ("x = 1\n", "y = 2\n")}
    assert set(kept) == keys


@pytest.mark.parametrize(
    ("what", "kind"),
    [
        ("'tomllib' module", "module"),  # import tomllib: ModuleNotFoundError on 3.8
        ("'wsgiref.types' module", "member"),  # from wsgiref import types: ImportError
        ("'zoneinfo.ZoneInfo' member", "module"),  # a member of a module 3.8 lacks
        ("'math.lcm' member", "member"),  # AttributeError, from math import lcm ImportError
        ("'int.bit_count' member", "member"),
        ("'functools.cache' user function decorator", "member"),
        ("'zip(strict)'", "type"),  # TypeError on 3.8.18, measured
        ("'bisect.bisect_left(key)'", "type"),
        ("dict union (dict | dict)", "type"),
    ],
)
def test_each_finding_is_guarded_by_a_try_catching_what_it_raises_on_3_8(what, kind):
    """``try: from math import lcm`` / ``except ModuleNotFoundError:`` passed, and 3.8 raises
    ImportError there (math is no missing module); ``except AttributeError:`` passed
    ``zip(a, b, strict=True)``, a TypeError."""
    assert vermin_findings.raised_kind(what) == kind


# a missing module's import in a try, and what CPython 3.8.18 raises there (measured; 3.11.7
# runs each): a submodule of a package 3.8 has imported from it by name ImportError ("cannot
# import name"), the missing module itself (imported, or imported from) ModuleNotFoundError
MODULE_IMPORTS = [
    ("from wsgiref import types", "ImportError"),
    ("from wsgiref import util, types", "ImportError"),
    ("from importlib.resources import abc", "ImportError"),
    ("import wsgiref.types", "ModuleNotFoundError"),
    ("from wsgiref.types import StartResponse", "ModuleNotFoundError"),
    ("from importlib.resources.abc import Traversable", "ModuleNotFoundError"),
    ("import tomllib", "ModuleNotFoundError"),
    ("from tomllib import loads", "ModuleNotFoundError"),
]


@pytest.mark.parametrize("handler", ["ModuleNotFoundError", "ImportError"])
@pytest.mark.parametrize(("statement", "raised"), MODULE_IMPORTS)
def test_a_missing_module_s_import_is_guarded_by_what_3_8_raises_there(statement, raised, handler):
    """``try: from wsgiref import types`` / ``except ModuleNotFoundError:`` passed, and 3.8
    (which has wsgiref) raises ImportError there; ``import wsgiref.types`` and ``from
    tomllib import loads`` raise ModuleNotFoundError, which either handler catches."""
    text = f"try:\n    {statement}\nexcept {handler}:\n    pass\n"
    caught = handler == "ImportError" or raised == handler
    assert [line for _, line, *_ in vermin([module(text)])] == ([] if caught else [2])


def test_each_branch_of_a_conditional_expression_on_a_version_test_is_read_on_its_versions():
    """Read alone, with the versions it runs on (within another's branch, those of both:
    ``math.cbrt`` runs on none here), and out of the text of the branch around it and of its
    statement's (where it would count on every version)."""
    text = (
        "import math, sys\n"
        "x = math.lcm(2, 3) if sys.version_info >= (3, 9) else (\n"
        "    math.cbrt(2) if sys.version_info >= (3, 11) else 0)\n"
    )
    found = {(f[1], f[2], f[4]) for f in vermin([module(text)])}
    assert found == {
        (2, "'math.lcm' member", ((3, 9), (99, 0))),
        (3, "'math.cbrt' member", ((3, 11), (3, 9))),
    }


def test_a_flag_of_the_version_imported_from_a_helper_reads_its_branches_on_their_versions():
    """``from shared.env import PY39`` (bound once there to ``sys.version_info >= (3, 9)``): an
    ``if``'s branches, a conditional expression's and an ``and``'s operands on it are read on
    the versions each runs on, as on a flag of the module's own (``helper_flags``), not as a
    guard's, read nowhere."""
    env = module("import sys\nPY39 = sys.version_info >= (3, 9)\n", "shared/env.py", "shared.env")
    text = (
        "import math\nfrom shared.env import PY39\n"
        "if PY39:\n    math.lcm(2, 3)\nelse:\n    math.cbrt(2)\n"
        "x = math.lcm(4, 6) if PY39 else 0\ny = PY39 and math.lcm(6, 8)\n"
    )
    found = {(f[1], f[2], f[4]) for f in vermin([module(text), env])}
    assert found == {
        (4, "'math.lcm' member", ((3, 9), (99, 0))),
        (6, "'math.cbrt' member", ((3, 8), (3, 9))),
        (7, "'math.lcm' member", ((3, 9), (99, 0))),
        (8, "'math.lcm' member", ((3, 9), (99, 0))),
    }


def test_what_a_conditional_expression_on_another_guard_s_test_guards_is_read_nowhere():
    """Its guarded parts (``settled_tests.guarded_parts``) out of the text its statement is
    read in, never read alone; the rest of the statement read on every version: the member a
    ``hasattr`` test asks for passes, ``math.lcm`` beside it does not, nor in a version test's
    branch within a guarded one is anything read."""
    text = (
        "import math, sys\n"
        "x = sys.set_int_max_str_digits(0) + math.lcm(2, 3) if hasattr(\n"
        "    sys, 'set_int_max_str_digits') else 0\n"
        "y = math.gcd(2, 3) + (0 if sys.version_info[:2] == (3, 9) else (math.cbrt(2) if\n"
        "    sys.version_info >= (3, 9) else 1))\n"
    )
    found = {(f[1], f[2], f[4]) for f in vermin([module(text)])}
    assert found == {(2, "'math.lcm' member", ((3, 8), (99, 0)))}


def test_an_operand_after_two_tests_is_read_alone_once():
    """``sys.version_info >= (3, 9) and hasattr(math, "cbrt") and math.cbrt(8.0)``: the
    ``math.cbrt`` call follows both tests (``versioned_operands`` gives it in the run after
    each), yet is one hole, read alone once, on the versions of both: the module's text with
    both operands out, then each operand alone."""
    text = "import math, sys\ny = sys.version_info >= (3, 9) and hasattr(math, 'cbrt') and "
    text += "math.cbrt(8.0)\n"
    source = module(text)
    read = vermin_findings._for_vermin(source, [source])
    alone = [(t.split("\n")[-2].strip(), window) for t, _, _, window, _ in read[1:]]
    assert alone == [
        ("hasattr(math, 'cbrt'))", ((3, 9), (99, 0))),
        ("math.cbrt(8.0))", ((3, 11), (99, 0))),
    ]
    assert "cbrt(8.0)" not in read[0][0]

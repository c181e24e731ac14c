"""kit.check.memo through its users in kit.check.syntax: a compile check or ruff's parse of the
same texts by the same program file is answered from the cache, the same answer; a changed
text, a changed program or an edited check module asks again; a check that failed to run is
not remembered; CPKIT_CACHE=0 asks every time."""

import ast
import json
import os
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.check import memo, syntax
from kit.errors import BuildError
from tests.cache_support import counting, runs

MATCH = "def f(x):\n    match x:\n        case 1:\n            return 'one'\n"


def module(rel: str, text: str) -> Source:
    return Source(rel, Path(rel), rel, False, text, ast.parse(text), shipped=text)


def interpreter(tmp_path: Path) -> Path:
    """An 'interpreter' whose compile check finds an error in any text holding 'match'."""
    return counting(
        tmp_path,
        "python3.99",
        'if grep -q match; then echo \'["s.py", 2, "invalid syntax"]\'; fi',
    )


def test_a_compile_check_is_answered_once_per_text_and_interpreter(tmp_path, cache_home):
    python = interpreter(tmp_path)
    units = [("s.py", MATCH)]
    first = syntax.compile_errors([str(python), "-I"], units)
    assert first == ("s.py", 2, "invalid syntax")
    assert syntax.compile_errors([str(python), "-I"], units) == first
    assert runs(tmp_path) == 1 and (cache_home / memo.CACHE).is_file()
    assert syntax.compile_errors([str(python), "-I"], [("s.py", "x = 1\n")]) is None
    assert runs(tmp_path) == 2  # another text
    assert syntax.compile_errors([str(python), "-I", "-S"], units) == first
    assert runs(tmp_path) == 3  # other flags
    python.write_text(python.read_text() + "\n")  # the interpreter replaced
    assert syntax.compile_errors([str(python), "-I"], units) == first
    assert runs(tmp_path) == 4


def test_an_edited_check_module_asks_again(tmp_path, cache_home, monkeypatch):
    python = interpreter(tmp_path)
    syntax.compile_errors([str(python)], [("s.py", "x = 1\n")])
    monkeypatch.setattr(syntax, "_HERE", syntax._HERE + "|edited")
    syntax.compile_errors([str(python)], [("s.py", "x = 1\n")])
    assert runs(tmp_path) == 2


def test_a_check_that_failed_to_run_is_not_remembered(tmp_path, cache_home):
    broken = counting(tmp_path, "python3.98", "echo crashed >&2; exit 3")
    for _ in range(2):
        with pytest.raises(BuildError, match="crashed"):
            syntax.compile_errors([str(broken)], [("s.py", "x = 1\n")])
    assert runs(tmp_path) == 2
    assert not (cache_home / memo.CACHE).exists()


def test_ruffs_parse_is_answered_once_per_text_and_version(tmp_path, cache_home, monkeypatch):
    real = syntax.ruff_executable()
    ruff = counting(tmp_path, "ruff", f'exec "{real}" "$@"')
    monkeypatch.setenv("KIT_RUFF", str(ruff))
    modules = [module("solutions/s.py", "x = 1\n" + MATCH)]
    first = syntax.static_errors(modules, (3, 8))
    assert [(rel, line) for rel, line, _ in first] == [("solutions/s.py", 3)]
    assert syntax.static_errors(modules, (3, 8)) == first and runs(tmp_path) == 1
    assert syntax.static_errors(modules, (3, 10)) == [] and runs(tmp_path) == 2
    changed = [module("solutions/s.py", "x = 2\n" + MATCH)]
    assert syntax.static_errors(changed, (3, 8)) == first and runs(tmp_path) == 3


def test_without_the_cache_every_check_runs(tmp_path, cache_home, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    python = interpreter(tmp_path)
    for _ in range(2):
        assert syntax.compile_errors([str(python)], [("s.py", MATCH)]) is not None
    assert runs(tmp_path) == 2 and not cache_home.exists()


def test_the_cache_keeps_the_newest_answers_only(tmp_path, cache_home, monkeypatch):
    monkeypatch.setattr(memo, "ENTRIES", 3)
    python = interpreter(tmp_path)
    for number in range(5):
        syntax.compile_errors([str(python)], [("s.py", f"x = {number}\n")])
    syntax.compile_errors([str(python)], [("s.py", "x = 4\n")])
    assert runs(tmp_path) == 5  # the newest was kept
    syntax.compile_errors([str(python)], [("s.py", "x = 0\n")])
    assert runs(tmp_path) == 6  # the oldest was not
    assert len(os.listdir(cache_home)) == 1


@pytest.mark.parametrize("other", [["x"], [["s.py", "2", "invalid syntax"]], 7, {"a": 1}])
def test_an_answer_of_another_shape_is_asked_again_and_replaced(
    tmp_path, cache_home, monkeypatch, other
):
    """Another kit's answer under the same key (or a hand-edited file): ``["x"]`` was a
    ValueError traceback (not enough values to unpack) in every build; the docs say a cache
    that cannot be read is not used."""
    real = syntax.ruff_executable()
    ruff = counting(tmp_path, "ruff", f'exec "{real}" "$@"')
    monkeypatch.setenv("KIT_RUFF", str(ruff))
    python = interpreter(tmp_path)
    modules = [module("solutions/s.py", "x = 1\n" + MATCH)]
    parsed = syntax.static_errors(modules, (3, 8))
    compiled = syntax.compile_errors([str(python)], [("s.py", MATCH)])
    assert runs(tmp_path) == 2
    place = cache_home / memo.CACHE
    place.write_text(json.dumps({key: other for key in json.loads(place.read_text())}))
    assert syntax.static_errors(modules, (3, 8)) == parsed
    assert syntax.compile_errors([str(python)], [("s.py", MATCH)]) == compiled
    assert runs(tmp_path) == 4  # asked again, and the answers replaced:
    assert syntax.static_errors(modules, (3, 8)) == parsed and runs(tmp_path) == 4
    assert syntax.compile_errors([str(python)], [("s.py", MATCH)]) == compiled
    assert runs(tmp_path) == 4


def test_a_kit_whose_answers_have_another_format_asks_again(tmp_path, cache_home, monkeypatch):
    python = interpreter(tmp_path)
    syntax.compile_errors([str(python)], [("s.py", MATCH)])
    monkeypatch.setattr(memo, "FORMAT", memo.FORMAT + "+1")
    syntax.compile_errors([str(python)], [("s.py", MATCH)])
    assert runs(tmp_path) == 2

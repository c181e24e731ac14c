"""A helper's stripped text remembered across builds (kit/bundle/stripped.py): the bundle the
same, byte for byte, with the cache off, cold and warm; anything a helper's text depends on
changed (its text, what the solution reaches of it, the options) strips it anew."""

import json
import os

import pytest

from kit.bundle import stripped
from tests.bundle_support import bundle_of, bundle_run

pytestmark = pytest.mark.usefixtures("cache_home")

HELPER = """
def used():
    \"\"\"A docstring.\"\"\"
    return "used"  # a comment


def other():
    return "other"
"""


def text_without_cache(root, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    text = bundle_of(root).text
    monkeypatch.delenv("CPKIT_CACHE")
    return text


def stripping_forbidden(monkeypatch):
    """Any module stripped from now on fails the test: every helper must come from the cache."""

    def refused(source, **_):
        assert source.is_entry, f"{source.rel} stripped again"
        return original(source, **_)

    original = stripped.strip
    monkeypatch.setattr(stripped, "strip", refused)


def test_a_warm_cache_gives_the_same_bytes_without_stripping_the_helpers(toy, monkeypatch):
    plain = text_without_cache(toy, monkeypatch)
    cold = bundle_of(toy).text
    stripping_forbidden(monkeypatch)
    warm = bundle_of(toy).text
    assert plain == cold == warm


def test_an_edited_solution_strips_only_itself(toy, monkeypatch):
    bundle_of(toy)
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text(solution.read_text() + "# an edit\nEDITED = 1\n")
    plain = text_without_cache(toy, monkeypatch)
    stripping_forbidden(monkeypatch)
    text = bundle_of(toy).text
    assert "EDITED = 1" in text and text == plain


def test_an_edited_helper_is_stripped_anew(toy, monkeypatch):
    bundle_of(toy)
    helper = toy / "shared" / "toy_text.py"
    helper.write_text(helper.read_text().replace("last line of", "an edited line of"))
    text = bundle_of(toy).text
    assert "an edited line of the banner" in text and text == text_without_cache(toy, monkeypatch)


def test_what_the_solution_reaches_decides_the_entry(toy, monkeypatch):
    first, done = bundle_run(toy, "from shared.dyn import used\nprint(used())", HELPER)
    assert done.stdout == "used\n" and "def other" not in first
    second, done = bundle_run(toy, "from shared.dyn import other\nprint(other())", HELPER)
    assert done.stdout == "other\n" and "def other" in second and "def used" not in second


def test_a_solution_reading_docstrings_keeps_the_helpers_ones(toy, monkeypatch):
    bundle_run(toy, "from shared.dyn import used\nprint(used())", HELPER)
    text, done = bundle_run(toy, "from shared.dyn import used\nprint(used.__doc__)", HELPER)
    assert done.stdout == "A docstring.\n" and text == text_without_cache(toy, monkeypatch)


def test_an_unreadable_or_edited_cache_is_not_used(toy, monkeypatch, cache_home):
    plain = text_without_cache(toy, monkeypatch)
    bundle_of(toy)
    path = cache_home / stripped.CACHE
    entries = json.loads(path.read_text())
    path.write_text(json.dumps({key: ["print('wrong')\n"] for key in entries}))
    assert bundle_of(toy).text == plain
    path.write_text("{not json")
    assert bundle_of(toy).text == plain


def test_nothing_is_written_with_the_cache_off(toy, monkeypatch, cache_home):
    text_without_cache(toy, monkeypatch)
    assert not os.path.exists(cache_home / stripped.CACHE)


def test_another_bundling_code_strips_anew(toy, monkeypatch):
    bundle_of(toy)
    monkeypatch.setattr(stripped, "_code_identity", lambda: "another kit")
    calls = []
    original = stripped.strip
    monkeypatch.setattr(stripped, "strip", lambda *a, **k: calls.append(1) or original(*a, **k))
    bundle_of(toy)
    assert len(calls) == 4  # the solution, the package and its two helpers

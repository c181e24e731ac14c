"""kit.verify.generated_tests: a Polygon package's generated tests whose inputs are missing
made by the generators problem.xml names, as Polygon makes them (stdout, or a ``from-file``
file), kept in the cache; a generator that fails is a one-line error naming the test and its
command. Through ``cpkit verify``: tests/kit/verify/test_made_answers.py."""

import shutil
import types
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages import polygon
from kit.verify import generated_tests
from kit.verify.generated_tests import generated
from tests.package_support import generating

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")


def made(package: Path) -> dict[str, bytes]:
    lacked = polygon.unanswered(package, "sum")
    found = generated(package, "sum", lacked)
    return {path.relative_to(package).as_posix(): text for path, text in found.items()}


@needs_gxx
def test_a_generated_test_is_its_generator_s_stdout_kept_in_the_cache(
    tmp_path, cache_home, monkeypatch
):
    package = generating(tmp_path, 'cmd="gen 5 10 3"', "cmd='gen.cpp 2 \"40\"'")
    assert made(package) == {"tests/02": b"18 1\n", "tests/03": b"42 1\n"}
    assert len(list((cache_home / "generated").iterdir())) == 2
    assert not (package / "tests" / "02").exists()

    def unrun(*args, **kwargs):
        raise AssertionError("the generator ran again")

    monkeypatch.setattr(generated_tests, "program_ran", unrun)
    assert made(package) == {"tests/02": b"18 1\n", "tests/03": b"42 1\n"}


@needs_gxx
def test_a_generated_test_is_a_file_entry_of_the_cache_kept_and_read_back(
    tmp_path, cache_home, monkeypatch
):
    """One cap over programs and tests (``kit.cache.trim``): a test is kept as a file entry of
    ``generated`` (``kit.cache.keep``, which trims the cache) and read back by ``kit.cache.kept``
    (which marks it used, so the used longest ago go first)."""
    package = generating(tmp_path, 'cmd="gen 5 10 3"')
    calls = []
    real = generated_tests.cache
    seen = types.SimpleNamespace(**vars(real))  # this module's calls only
    seen.keep = lambda kind, *given: calls.append(("keep", kind)) or real.keep(kind, *given)
    seen.kept = lambda kind, key: calls.append(("kept", kind)) or real.kept(kind, key)
    monkeypatch.setattr(generated_tests, "cache", seen)
    made(package)
    assert calls == [("kept", "generated"), ("keep", "generated")]
    del calls[:]
    made(package)
    assert calls == [("kept", "generated")]


@needs_gxx
def test_a_from_file_test_is_the_file_its_generator_wrote_in_one_run(tmp_path, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    package = generating(
        tmp_path,
        'cmd="gen w 2=7 03=9" from-file="2"',
        'cmd="gen w 2=7 03=9" from-file="3"',
    )
    runs = []
    real = generated_tests.program_ran
    monkeypatch.setattr(
        generated_tests, "program_ran", lambda *a, **k: runs.append(a) or real(*a, **k)
    )
    assert made(package) == {"tests/02": b"7 7\n", "tests/03": b"9 9\n"}
    assert len(runs) == 1


@needs_gxx
@pytest.mark.parametrize(
    ("test", "message"),
    [
        (
            'cmd="gen fail 7"',
            "sum: test tests/02: its command `gen fail 7` failed: exit status 3: bad seed",
        ),
        (
            'cmd="gen w 5=1" from-file="4"',
            'sum: test tests/02: its command `gen w 5=1` wrote no file 4 (from-file="4")',
        ),
        (
            'cmd="other 1"',
            "sum: test tests/02: its generator other is not among problem.xml's "
            "<files><executables>",
        ),
    ],
)
def test_a_generator_that_fails_is_a_one_line_error_naming_the_test_and_command(
    tmp_path, monkeypatch, test, message
):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    package = generating(tmp_path, test)
    with pytest.raises(BuildError) as raised:
        made(package)
    assert str(raised.value) == message

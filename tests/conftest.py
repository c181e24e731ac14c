"""Fixtures shared by the tests: the stress scale and copies of the toy checkouts.

- ``scaled(n)``: ``n`` random cases times ``STRESS_SCALE`` (default 1), at least 1. Stress tests
  take their counts from it, so ``STRESS_SCALE=10 python -m pytest`` runs ten times as many.
- ``toy``: a fresh copy of the toy checkout the kit carries (``kit/data/toy``, which
  ``startup`` measures), a small checkout the build's tests break.
- ``own_imports``: for a test that imports a copied checkout's modules in this process
  (``kit.checkout_modules.import_from_checkout`` puts the checkout first on ``sys.path``):
  ``sys.path`` restored afterwards and the modules imported from under ``tmp_path`` forgotten,
  so that no later test imports a copy's ``shared`` or ``stress`` in place of this checkout's.
- ``ctrl_c_works``: SIGINT at its default for the children a test starts, as in a terminal, even
  when the tests themselves were started with it ignored (``nohup cmd &`` from a shell without job
  control): an ignored signal stays ignored across exec, and ``--watch`` could not be stopped.
- the system's temp folder (``TMPDIR``, ``tempfile.tempdir``) under pytest's base folder for the
  whole run, for the kit here and the commands the tests start, set before the tests are
  collected (collecting test_checks makes a folder there to learn whether it lists any): nothing
  is left in /tmp. Under ``-p no:tmpdir`` (no base folder) the run makes a base folder of its
  own in the system's temp folder and removes it at its end.
- the kit's cache (``XDG_CACHE_HOME``) a folder of the run's own under pytest's base folder, set
  before the tests are collected (collecting asks the interpreters their versions) and inherited
  by every command the tests start, ``CPKIT_CACHE`` and ``CPKIT_CACHE_MB`` unset: no result
  depends on what an earlier run or the user left in ``~/.cache/cpkit``, and nothing is written
  there. ``cache_home``: an empty folder of the test's own instead.
- ``released``: what ends the calls a test leaves hung on purpose (a stress module's function
  the kit gives up on), at the test's end; and no thread a test starts outlives it (each test
  fails that leaves one running 10 s past its end): a fork in a process with threads left
  is unsafe, and later tests fork.
- ``crowded_core``, ``shared_core``: three busy loops, or one, on the first core the tests may
  use, and the argv prefix that puts a run there too (the time a run waits for a core).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from kit.startup import TOY
from tests.process_support import PIN_FIRST_CORE

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def _stress_scale() -> float:
    text = os.environ.get("STRESS_SCALE", "1")
    try:
        scale = float(text)
    except ValueError:
        raise pytest.UsageError(f"STRESS_SCALE must be a number, not {text!r}") from None
    if scale <= 0:
        raise pytest.UsageError(f"STRESS_SCALE must be positive, not {text!r}")
    return scale


CACHE_SETTINGS = ("XDG_CACHE_HOME", "CPKIT_CACHE", "CPKIT_CACHE_MB")
_ENV_BEFORE = pytest.StashKey[dict]()  # their values and TMPDIR's before the run
_TEMPDIR_BEFORE = pytest.StashKey["str | None"]()  # tempfile.tempdir before the run
_OWN_BASE = pytest.StashKey[Path]()  # the run's base folder under -p no:tmpdir


@pytest.hookimpl(trylast=True)  # after pytest's own set-up: its base folder is known
def pytest_configure(config):
    """The run's own cache and temp folder, before any test module is collected
    (``os.environ``: this process and every command the tests start; put back by
    ``pytest_unconfigure``)."""
    config.stash[_ENV_BEFORE] = {name: os.environ.get(name) for name in (*CACHE_SETTINGS, "TMPDIR")}
    config.stash[_TEMPDIR_BEFORE] = tempfile.tempdir
    for name in CACHE_SETTINGS:
        os.environ.pop(name, None)
    make = _folder_maker(config)
    os.environ["XDG_CACHE_HOME"] = str(make("cache"))
    # the inputs a failing stress run keeps, and every scratch folder, go where pytest clears
    # old runs away instead of piling up in /tmp
    os.environ["TMPDIR"] = tempfile.tempdir = str(make("temp"))


def _folder_maker(config):
    """``mktemp(name)`` of pytest's base folder; under ``-p no:tmpdir``, which has none (the
    tests that ask for ``tmp_path`` then say it is not found), a folder of the run's own in
    the system's temp folder, removed by ``pytest_unconfigure``."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is not None:
        return factory.mktemp
    base = Path(tempfile.mkdtemp(prefix="cpkit-tests-"))
    config.stash[_OWN_BASE] = base

    def make(name: str) -> Path:
        (base / name).mkdir()
        return base / name

    return make


def pytest_unconfigure(config):
    if _TEMPDIR_BEFORE in config.stash:
        tempfile.tempdir = config.stash[_TEMPDIR_BEFORE]
    for name, value in config.stash.get(_ENV_BEFORE, {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    if _OWN_BASE in config.stash:
        shutil.rmtree(config.stash[_OWN_BASE], ignore_errors=True)


@pytest.fixture(scope="session")
def stress_scale() -> float:
    return _stress_scale()


@pytest.fixture(scope="session")
def scaled(stress_scale):
    """``scaled(n)``: how many random cases a stress test of nominal size ``n`` runs."""

    def count(n: int) -> int:
        return max(1, int(n * stress_scale))

    return count


def copy_fixture(name: str, destination: Path) -> Path:
    root = destination / name
    shutil.copytree(FIXTURES / name, root, ignore=shutil.ignore_patterns("dist", "__pycache__"))
    return root


@pytest.fixture
def toy(tmp_path) -> Path:
    """A copy of the toy checkout (problems.toml, solutions, shared, samples, bench)."""
    root = tmp_path / "toy"
    shutil.copytree(TOY, root, ignore=shutil.ignore_patterns("dist", "__pycache__"))
    return root


@pytest.fixture
def checkout_copy(tmp_path):
    """``checkout_copy(name, under="")``: a fresh copy of ``tests/fixtures/<name>``."""

    def copy(name: str, under: str = "") -> Path:
        destination = tmp_path / under if under else tmp_path
        destination.mkdir(parents=True, exist_ok=True)
        return copy_fixture(name, destination)

    return copy


@pytest.fixture
def own_imports(tmp_path, monkeypatch):
    """``sys.path`` and the modules imported from under ``tmp_path`` as they were before."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if str(getattr(sys.modules[name], "__file__", None) or "").startswith(str(tmp_path)):
            del sys.modules[name]


@pytest.fixture
def no_checkout_shared(monkeypatch):
    """This checkout's ``shared`` (imported by other tests in the process) out of
    ``sys.modules``: it would hide a test workspace's own ``shared`` from a module the kit
    imports in its process (the kit says so; a user's ``cpkit`` process holds none)."""
    for name in [name for name in sys.modules if name.partition(".")[0] == "shared"]:
        monkeypatch.delitem(sys.modules, name)


@pytest.fixture
def hang_fails():
    """A test that would hang fails after 30 s instead (``TimeoutError`` raised in the main
    thread, whose blocking call SIGALRM interrupts)."""

    def expired(*_):
        raise TimeoutError("the test hung for 30 s")

    before = signal.signal(signal.SIGALRM, expired)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


class Release:
    """Set at a test's end: ``wait(seconds)`` hangs until then (a call patched in), a module
    written to disk polls ``path.exists()``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._event = threading.Event()

    def wait(self, seconds: float) -> bool:
        return self._event.wait(seconds)

    def set(self) -> None:
        self.path.touch()
        self._event.set()


@pytest.fixture
def released(tmp_path):
    release = Release(tmp_path / "released")
    yield release
    release.set()


THREADS_END_WITHIN = 10.0  # seconds a thread a test started may outlive it


@pytest.fixture(autouse=True)
def _threads_end_with_their_test():
    """Torn down after every fixture the test asked for (``released`` first)."""
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + THREADS_END_WITHIN
    while (left := set(threading.enumerate()) - before) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not left, f"threads left running by the test: {sorted(t.name for t in left)}"


@pytest.fixture
def ctrl_c_works():
    """SIGINT handled by Python's default handler in this process while the test runs, so that
    the children it starts begin with SIGINT at its default (Ctrl-C raises KeyboardInterrupt)."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """The kit's cache folder under ``tmp_path`` (not created yet), caching on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    return tmp_path / "cache" / "cpkit"


def _busy_loops(count: int):
    """``count`` busy loops on the first core the tests may use while the fixture lasts, each in a
    session of its own (a kernel that groups tasks by session for fairness, autogroup, then
    shares the core out as one without it: a run, its own session's, got half the core
    beside three loops of one session, a quarter where autogroup was off); the argv prefix
    that puts a run there too."""
    if not hasattr(os, "sched_setaffinity") or not Path("/proc/self/task").is_dir():
        pytest.skip("needs Linux's affinity and /proc")
    loop = f"import os; {PIN_FIRST_CORE}\nwhile True:\n    pass\n"
    loops = [
        subprocess.Popen([sys.executable, "-c", loop], start_new_session=True) for _ in range(count)
    ]
    try:
        yield [
            sys.executable,
            "-c",
            f"import os, sys; {PIN_FIRST_CORE}; exec(sys.argv[1])",
        ]
    finally:
        for busy in loops:
            busy.kill()
            busy.wait()


@pytest.fixture
def crowded_core():
    """Three busy loops on the first core: a run put there gets a quarter of it at most,
    whatever else the machine does."""
    yield from _busy_loops(3)


@pytest.fixture
def shared_core():
    """One busy loop on the first core: a run put there gets about half of it."""
    yield from _busy_loops(1)

"""kit.scratch: a kit's temporary files in one folder of its own, removed when it ends, and by
the next kit when it was killed outright; the files a message names stay in the temp folder."""

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kit import scratch

ADOPT = (
    "import sys, tempfile; from kit import scratch; scratch.adopt(); "
    "print(tempfile.mkdtemp(), scratch.system_folder(), flush=True); "
)


# the temp folder as the tests were collected (test_checks makes a folder there then)
COLLECTED_UNDER = (os.environ.get("TMPDIR"), tempfile.gettempdir())


def test_the_tests_temp_folder_is_the_run_s_from_their_collection_on(tmp_path_factory):
    """The tests' temp folder is one under pytest's base folder from before their collection
    (tests/conftest.py): it was set when the first test ran, and collecting them made a
    folder in /tmp; ``tempfile`` and ``TMPDIR`` agree, for this process and the commands the
    tests start; once a test ran a command in this process, ``tempfile``'s is the kit's own
    folder within it (``kit.scratch.adopt``), as in any command's process."""
    base = tmp_path_factory.getbasetemp()
    for place in COLLECTED_UNDER:
        assert place is not None and base in Path(place).parents
    assert os.environ["TMPDIR"] == COLLECTED_UNDER[0]
    now = Path(tempfile.gettempdir())
    assert now == Path(COLLECTED_UNDER[0]) or Path(COLLECTED_UNDER[0]) in now.parents


def test_the_tests_run_without_pytest_s_temp_folders_in_a_folder_of_their_own(tmp_path):
    """Under ``-p no:tmpdir`` pytest has no base folder for the run's temp folder and cache
    (tests/conftest.py): an INTERNALERROR before any test; now the run makes one of its own in
    the system's temp folder and removes it at its end."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:tmpdir", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, "tests/test_headers.py", "-k", "game_search"],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and "INTERNALERROR" not in done.stdout, done.stdout + done.stderr
    assert list(tmp_path.iterdir()) == []


def _python(code, tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    command = [sys.executable, "-c", code]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False)


def _dead_pid():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_kit_s_temporary_files_go_in_its_folder_removed_when_it_ends(tmp_path):
    done = _python(ADOPT, tmp_path)
    made, system = done.stdout.split()
    own = Path(made).parent
    assert own.parent == tmp_path and own.name.startswith(f"cpkit-{scratch._namespace()}-")
    assert system == str(tmp_path)
    assert list(tmp_path.iterdir()) == []  # the folder and what was in it are gone


def test_a_killed_kit_s_folder_is_removed_by_the_next_kit(tmp_path):
    killed = _python(ADOPT + "import os, signal; os.kill(os.getpid(), signal.SIGKILL)", tmp_path)
    assert killed.returncode == -signal.SIGKILL
    left = Path(killed.stdout.split()[0]).parent
    assert left.is_dir()
    _python(ADOPT, tmp_path)
    assert not left.exists()


def test_the_sweep_keeps_live_kits_and_other_namespaces(tmp_path):
    namespace = scratch._namespace()
    dead = tmp_path / f"cpkit-{namespace}-{_dead_pid()}-abc"
    live = tmp_path / f"cpkit-{namespace}-{os.getpid()}-def"
    other = tmp_path / f"cpkit-1{namespace}-{_dead_pid()}-ghi"
    unrelated = tmp_path / "cpkit-watch-xyz"
    for folder in (dead, live, other, unrelated):
        (folder / "inner").mkdir(parents=True)
    assert scratch.sweep(tmp_path, namespace) == [dead]
    assert sorted(tmp_path.iterdir()) == sorted([live, other, unrelated])


def test_an_input_a_message_names_outlives_the_kit(tmp_path):
    code = ADOPT + (
        "from kit.stress.inputs import keep_file; "
        "import types; print(keep_file(types.SimpleNamespace(slug='toy'), 'failing', 'x'))"
    )
    done = _python(code, tmp_path)
    kept = Path(done.stdout.split()[-1])
    assert kept.parent == tmp_path and kept.read_text() == "x", done.stderr


def test_a_folder_still_in_use_by_a_thread_at_exit_is_left_to_the_next_kit(tmp_path):
    """A kit ending while a thread of it still runs (a measure started ahead) removed the
    files that thread's run was about to use: the launcher complained on the terminal."""
    sleeper = "threading.Thread(target=time.sleep, args=(5,), daemon=True).start()"
    code = ADOPT + "import threading, time; " + sleeper
    left = Path(_python(code, tmp_path).stdout.split()[0]).parent
    assert left.is_dir()
    _python(ADOPT, tmp_path)
    assert not left.exists()


def test_the_system_folder_follows_a_temp_folder_set_after_the_kit_s(tmp_path, monkeypatch):
    """After a command adopted its folder in this process, a test that set tempfile's folder
    found the inputs a message names in /tmp instead."""
    scratch.adopt()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert scratch.system_folder() == str(tmp_path)


EXHAUSTED = """
import atexit, os, resource, tempfile
from pathlib import Path
from kit import scratch
from kit.cli import exit_now
scratch.adopt()
kept = tempfile.TemporaryDirectory(dir={where})
Path(kept.name, "inner").mkdir()
{how}
print(kept.name, flush=True)
resource.setrlimit(resource.RLIMIT_NOFILE, (32, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
held = []
while True:  # every descriptor the limit allows taken, as a game's runs under way held them
    try:
        held.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        break
exit_now(1)
"""
FINALIZED = "None"  # removed by tempfile's finalizer at exit (weakref.finalize)
REGISTERED = "atexit.register(kept.cleanup)"  # removed by an exit handler, as kit.judges.programs


@pytest.mark.parametrize("how", [FINALIZED, REGISTERED])
def test_a_temporary_folder_the_exit_cannot_remove_says_nothing(tmp_path, how):
    """Under ulimit -n 8 a game's command said the one line of the limit, then a traceback from
    tempfile's clean-up at exit, refused a descriptor too: the folder is the kit's own, which
    goes whole with the next kit's sweep."""
    done = _python(EXHAUSTED.format(where="None", how=how), tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    kept = Path(done.stdout.split()[0])
    assert kept.is_dir()  # left: no descriptor to remove it with
    _python(ADOPT, tmp_path)
    assert not kept.exists()


@pytest.mark.parametrize("how", [FINALIZED, REGISTERED])
def test_a_folder_outside_the_kit_s_own_the_exit_cannot_remove_is_still_said(tmp_path, how):
    done = _python(EXHAUSTED.format(where="scratch.system_folder()", how=how), tmp_path)
    assert done.returncode == 1
    assert "Too many open files" in done.stderr
    assert done.stderr.strip().endswith(f"{done.stdout.split()[0]}'"), done.stderr


def test_a_number_no_process_can_have_is_not_alive():
    """A leftover's name with a number past any process id (``.x.99999999999999999999.tmp``):
    ``os.kill`` raised OverflowError out of the sweep's rule; it is no live process."""
    assert scratch.alive(os.getpid()) and not scratch.alive(10**20)

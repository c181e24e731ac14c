"""kit/watch.py: what makes ``build --watch`` build again (the command itself is exercised
end to end in tests/test_commands.py)."""

import os
import signal
import threading
import time

import pytest

from kit import watch as watch_module
from kit.watch import first_change, snapshot, watch


class Stop(Exception):
    """Raised by the fake sleep: the watcher has settled into polling."""


def stop_polling(_seconds):
    raise Stop


def run_watch(helper, edit_during_first_build):
    """The number of builds before the watcher settles; the helper is watched only once the
    first build has named it (as the bundle's sources do), and may be edited during that
    build, after its status line."""
    builds = []

    def build():
        builds.append(len(builds))
        if edit_during_first_build and len(builds) == 1:
            helper.write_text("changed\n")

    with pytest.raises(Stop):
        watch(build, lambda: [helper] if builds else [], sleep=stop_polling)
    return len(builds)


def old_file(tmp_path):
    helper = tmp_path / "helper.py"
    helper.write_text("original\n")
    past = time.time() - 60
    os.utime(helper, (past, past))
    return helper


def test_a_file_first_watched_after_a_build_and_edited_during_it_gives_a_rebuild(tmp_path):
    # The edit lands before the watcher's first look at the file, so its size and time are
    # all the watcher knows of it: only its modification time, later than the build's start,
    # tells that the build may have read the file before the edit.
    assert run_watch(old_file(tmp_path), edit_during_first_build=True) == 2


def test_a_file_untouched_since_before_the_build_gives_no_rebuild(tmp_path):
    assert run_watch(old_file(tmp_path), edit_during_first_build=False) == 1


def test_a_file_written_just_before_the_build_gives_no_rebuild_where_stamps_are_fine(tmp_path):
    """A helper written a moment before the edit that imports it: a whole second of slack
    built it twice; a stamp with a fraction is trusted to a few ticks. A file system that
    keeps whole seconds keeps the second."""
    helper = tmp_path / "helper.py"
    helper.write_text("new\n")
    recent = time.time_ns() - 300_000_000
    os.utime(helper, ns=(recent, recent + 1))  # 0.3 s ago, a stamp with a fraction
    assert run_watch(helper, edit_during_first_build=False) == 1
    whole = (time.time_ns() // 1_000_000_000 + 1) * 1_000_000_000  # a stamp of whole seconds
    os.utime(helper, ns=(whole, whole))
    assert run_watch(helper, edit_during_first_build=False) == 2


def test_an_edit_to_a_watched_file_during_a_build_gives_a_rebuild(tmp_path):
    helper = old_file(tmp_path)
    builds = []

    def build():
        builds.append(len(builds))
        if len(builds) == 2:
            helper.write_text("edited while building\n")

    polls = []

    def sleep(_seconds):
        polls.append(1)
        if len(builds) == 1 and len(polls) == 1:
            helper.write_text("edited while waiting\n")  # gives the second build
            return
        raise Stop

    with pytest.raises(Stop):
        watch(build, lambda: [helper], sleep=sleep)
    assert len(builds) == 3


class Beside:
    """A build running beside the watch for ``polls`` looks, abandoned or not."""

    def __init__(self, polls):
        self.polls, self.abandoned = polls, False

    def finished(self):
        self.polls -= 1
        return self.polls < 0

    def abandon(self):
        self.abandoned = self.abandoned or self.polls >= 0  # nothing once it has finished


def test_a_change_while_a_build_runs_beside_abandons_it_and_starts_the_next(tmp_path):
    helper = old_file(tmp_path)
    builds, told = [], []

    def start():
        builds.append(Beside(polls=5 if not builds else 0))
        return builds[-1]

    def sleep(_seconds):
        if len(builds) == 1:
            helper.write_text("saved again\n")
        else:
            raise Stop

    with pytest.raises(Stop):
        watch(start, lambda: [helper], sleep=sleep, on_abandon=told.append)
    assert [b.abandoned for b in builds] == [True, False]
    assert told == [helper]


def test_a_build_running_beside_is_abandoned_when_the_watch_is_stopped(tmp_path):
    running = Beside(polls=100)

    def interrupted(_seconds):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        watch(lambda: running, lambda: [old_file(tmp_path)], sleep=interrupted)
    assert running.abandoned


def test_a_build_started_is_abandoned_however_early_the_watch_is_stopped(tmp_path, monkeypatch):
    """Ctrl-C between a build's start and the first look at it (its forked process left
    writing into the watch's folder while the watch removed it: ``Directory not empty``)."""
    running = Beside(polls=100)

    def interrupted(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(watch_module, "_until_done", interrupted)
    with pytest.raises(KeyboardInterrupt):
        watch(lambda: running, lambda: [old_file(tmp_path)], sleep=stop_polling)
    assert running.abandoned


def test_a_ctrl_c_as_a_build_starts_is_raised_once_the_watch_holds_it(tmp_path):
    """Ctrl-C landing after the build's process was forked, before ``start()`` returned it:
    the watch had no name for it, left it running, removed its folder, and the build wrote
    into the folder gone (a FileNotFoundError after "stopped watching"). The Ctrl-C is sent to
    this thread, as the watch's process of one thread takes it: sent to the process, another
    thread of pytest's took it, and a start() taking a moment raised it inside, the hold or not."""
    running = Beside(polls=100)

    def start():
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # handled at once, unheld:
        return running  # inside start()

    with pytest.raises(KeyboardInterrupt):
        watch(start, lambda: [old_file(tmp_path)], sleep=stop_polling)
    assert running.abandoned


def test_the_first_change_is_a_file_edited_added_or_gone(tmp_path):
    (tmp_path / "a").write_text("1")
    (tmp_path / "b").write_text("1")
    before = snapshot([tmp_path])
    assert first_change(before, snapshot([tmp_path])) is None
    (tmp_path / "a").write_text("12")  # edited in place
    assert first_change(before, snapshot([tmp_path])) == tmp_path / "a"
    (tmp_path / "a").write_text("1")  # written back, its time set back: still a change
    os.utime(tmp_path / "a", ns=(before[tmp_path / "a"].modified,) * 2)
    assert first_change(before, snapshot([tmp_path])) == tmp_path / "a"
    (tmp_path / "c").write_text("new")
    assert first_change(before, snapshot([tmp_path])) == tmp_path / "c"
    (tmp_path / "c").unlink()
    (tmp_path / "b").unlink()
    assert first_change(before, snapshot([tmp_path])) == tmp_path / "b"


def test_an_edit_that_keeps_the_size_and_the_modification_time_is_a_change(tmp_path):
    """``touch -r`` after an edit of the same size (``a + b`` to ``a - b``): its modification
    time and size alone were compared, and the wrong answer was never built."""
    helper = tmp_path / "h.py"
    helper.write_text("return a + b\n")
    stamp = helper.stat()
    before = snapshot([helper])
    time.sleep(0.05)  # past a tick of the kernel's clock: the change time moves
    helper.write_text("return a - b\n")
    os.utime(helper, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert helper.stat().st_mtime_ns == stamp.st_mtime_ns
    assert first_change(before, snapshot([helper])) == helper


def test_what_the_build_writes_beside_the_sources_is_no_change(tmp_path):
    """``dist/`` made by a first build, caches: not a change; a new folder of helpers is."""
    (tmp_path / "a.py").write_text("1\n")
    before = snapshot([tmp_path])
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "x.py").write_text("built\n")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / ".cache").mkdir()
    assert first_change(before, snapshot([tmp_path])) is None
    (tmp_path / "geometry").mkdir()
    assert first_change(before, snapshot([tmp_path])) == tmp_path / "geometry"


def test_a_file_watched_first_for_being_there_then_for_its_contents_has_not_changed(tmp_path):
    """After a failed build the folders' Python files are watched for their contents, where
    before only their being there was: the same unchanged file rebuilt the problem twice."""
    (tmp_path / "other.py").write_text("1\n")
    (tmp_path / "notes.txt").write_text("1\n")
    names, python = tmp_path / watch_module.NAMES_IN, tmp_path / watch_module.PYTHON_IN
    before = snapshot([names])
    assert before[tmp_path / "other.py"] == watch_module.THERE
    assert tmp_path / "notes.txt" not in before  # not Python: nothing a build reads
    seen = snapshot([python])
    assert not watch_module.changed_during(before, seen, started=0)
    assert first_change(before, seen) is None
    (tmp_path / "other.py").unlink()
    assert first_change(before, snapshot([python])) == tmp_path / "other.py"
    (tmp_path / "other.py").write_text("2\n")  # back, edited: only its being there counts here
    assert first_change(before, snapshot([names])) is None
    (tmp_path / "new.py").write_text("1\n")
    assert first_change(before, snapshot([names])) == tmp_path / "new.py"

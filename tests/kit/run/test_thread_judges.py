"""One CaseJudge per thread (kit.run.thread_judges): each thread its own empty folder, all
removed when the check ends."""

from __future__ import annotations

import threading
from pathlib import Path

from kit.run import thread_judges
from kit.run.thread_judges import ThreadJudges


class _Judge:
    def __init__(self, problem, **given):
        self.problem = problem
        self.given = given


def test_one_judge_per_thread_each_in_its_own_folder_removed_at_the_end(monkeypatch):
    monkeypatch.setattr(thread_judges, "CaseJudge", _Judge)
    seen = []
    with ThreadJudges("problem", "bundle", "script", "cmp", None) as judges:
        first = judges.get()
        assert judges.get() is first
        worker = threading.Thread(target=lambda: seen.append(judges.get()))
        worker.start()
        worker.join()
        (other,) = seen
        assert other is not first
        folders = [first.given["empty"], other.given["empty"]]
        assert folders[0] != folders[1]
        assert all(folder.is_dir() and not any(folder.iterdir()) for folder in folders)
        assert first.problem == "problem" and first.given["comparator"] == "cmp"
    assert not any(Path(folder).exists() for folder in folders)

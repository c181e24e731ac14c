"""One ``CaseJudge`` per thread of a check (``ThreadJudges``), each with an empty folder of its
own to run its cases in, all removed when the check ends."""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

from kit.run.case_judge import CaseJudge


class ThreadJudges:
    """One CaseJudge per thread, each with an empty folder of its own to run in."""

    def __init__(  # noqa: PLR0913
        self, problem, bundle, script, comparator, interactor, beside=None, prepared=None
    ) -> None:
        self.make = lambda empty: CaseJudge(
            problem,
            bundle=bundle,
            script=script,
            comparator=comparator,
            interactor=interactor,
            empty=empty,
            beside=beside,
            prepared=prepared,
        )
        self.local = threading.local()
        self.folders: list[tempfile.TemporaryDirectory] = []
        self.lock = threading.Lock()

    def get(self) -> CaseJudge:
        if not hasattr(self.local, "judge"):
            folder = tempfile.TemporaryDirectory(prefix="kit-run-")
            with self.lock:
                self.folders.append(folder)
            self.local.judge = self.make(Path(folder.name))
        return self.local.judge

    def __enter__(self) -> ThreadJudges:
        return self

    def __exit__(self, *_) -> None:
        for folder in self.folders:
            folder.cleanup()

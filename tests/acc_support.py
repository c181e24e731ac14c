"""Test support (not a test module): atcoder-cli's layout of a contest in a workspace, a task's
folder (``abc300/a/main.py``, its samples in ``tests/``) and the contest's
``abc300/contest.acc.json``, for the tests of ``new`` adopting them."""

import json
from pathlib import Path

ACC_TASK = {"path": "a", "testdir": "tests", "submit": "main.py"}  # a task's directory


def acc_task(root: Path, samples: dict[str, str] | None = None) -> Path:
    """atcoder-cli's layout of a task: ``abc300/a/main.py`` with its samples in ``tests/``."""
    task = root / "abc300" / "a"
    (task / "tests").mkdir(parents=True)
    (task / "main.py").write_text("print(sum(map(int, input().split())))\n")
    for name, text in (samples or {"sample-1.in": "1 2\n", "sample-1.out": "3\n"}).items():
        (task / "tests" / name).write_text(text)
    return task


def acc_contest(root: Path, tasks: dict[str, dict | None]) -> Path:
    """atcoder-cli's ``abc300/contest.acc.json``: a task of each id in ``tasks``, with the
    ``directory`` given (None: none, a task ``acc add`` has not made yet), as atcoder-cli
    writes the file (its src/project.ts: label, title, url, directory)."""
    contest = root / "abc300" / "contest.acc.json"
    contest.parent.mkdir(exist_ok=True)
    url = "https://atcoder.jp/contests/abc300"
    listed = [
        {"id": f"abc300_{task}", "label": task.upper(), "title": f"Task {task.upper()}",
         "url": f"{url}/tasks/abc300_{task}", **({"directory": made} if made else {})}
        for task, made in tasks.items()
    ]  # fmt: skip
    data = {"contest": {"id": "abc300", "title": "ABC 300", "url": url}, "tasks": listed}
    contest.write_text(json.dumps(data, indent=2))
    return contest

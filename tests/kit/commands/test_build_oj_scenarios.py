"""kit.commands.build on online-judge-tools' own ``oj test`` scenarios (its
tests/command_test.py): the same few sample files and the same solution, written as a
workspace's problem and built with ``-v``, each case's verdict asserted. Where the kit's
verdict differs from oj's, the judge's rule decides (docs/verdicts.md, "online-judge-tools'
own scenarios", gives the table and the reasons). The sleeps and the hundred parallel runs are
scaled down; oj-only options (display modes, selected files, formats, exact match) are left
out."""

import argparse
import os
import sys
from pathlib import Path

import pytest

from kit import invocation
from kit.commands import build

CAT = "import sys\nsys.stdout.buffer.write(sys.stdin.buffer.read())\n"
SPACED = [
    ("foo\n", "foo\n"),
    ("bar\n", "foo\n"),
    ("foo  bar \n", "foo bar\n"),
    ("foo \n bar \n", "foo bar\n"),
]
MULTILINE = [("foo\nfoobar\n", "foo\nfoobar\n"), ("bar\nfoobar\n", "bar\nbarbar\n")]
HUNDRED_MB = "print(len(b'A' * 100000000))\n"


@pytest.fixture(autouse=True)
def named_cpkit(monkeypatch):
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])


def verdicts(root: Path, capsys, solution, cases, *, judge="POJ", files=None, **table):
    """Each case's verdict, in order, of a problem of these samples (input, answer or None)
    and this solution, built under this Python; ``table`` adds problems.toml keys."""
    root.mkdir(parents=True, exist_ok=True)
    limits = {"time_limit": 1.0, "memory_limit": 256, **table}
    keys = "".join(f"{key} = {value!r}\n".replace("'", '"') for key, value in limits.items())
    (root / "problems.toml").write_text(
        f'[scene]\ntitle = "Scene"\njudge = "{judge}"\nid = "1"\nkind = "batch"\n{keys}'
    )
    for relative, text in {"solutions/scene.py": solution, **(files or {})}.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    samples = root / "samples" / "scene"
    samples.mkdir(parents=True, exist_ok=True)
    for number, (given, answer) in enumerate(cases, 1):
        (samples / f"sample-{number}.in").write_bytes(given.encode())
        if answer is not None:
            (samples / f"sample-{number}.out").write_bytes(answer.encode())
    return _built(root, capsys, len(cases))


def _built(root, capsys, count):
    parser = argparse.ArgumentParser(prog="cpkit")
    build.add_subparser(parser.add_subparsers())
    argv = ["build", "scene", "--target", sys.executable, "--repeat", "1", "-v"]
    args = parser.parse_args([*argv, "--root", str(root)])
    args.run(args)
    out = capsys.readouterr().out
    words = {}
    for line in out.splitlines():  # "    WORD samples/...", the word perhaps two: without answer
        fields = line.split()
        at = next((i for i, f in enumerate(fields) if f.startswith("samples/")), None)
        if line.startswith("    ") and at:
            words[fields[at]] = " ".join(fields[:at])
    return [words.get(f"samples/scene/sample-{n}.in", out) for n in range(1, count + 1)]


def test_simple(tmp_path, capsys):
    """POJ (no profile: the kit's ``lines``) has a presentation error: the same tokens spaced
    otherwise are PE there, where oj says WA (with its warning)."""
    assert verdicts(tmp_path, capsys, CAT, SPACED) == ["ok", "WA", "PE", "PE"]


def test_simple_with_ignore_spaces(tmp_path, capsys):
    """oj's ``ignore-spaces`` keeps lines (its case 4 WA); Codeforces' comparison, testlib's
    wcmp, reads tokens across lines: a newline for a space is accepted."""
    got = verdicts(tmp_path, capsys, CAT, SPACED, judge="Codeforces")
    assert got == ["ok", "WA", "ok", "ok"]


def test_simple_with_ignore_spaces_and_newlines(tmp_path, capsys):
    assert verdicts(tmp_path, capsys, CAT, SPACED, judge="Kattis") == ["ok", "WA", "ok", "ok"]


def test_float(tmp_path, capsys):
    cases = [
        ("1.0\n", "1.0001\n"),
        ("1.0\n", "1.2\n"),
        ("foo 3.01\n", "foo 3.02\n"),
        ("foo\n", "bar\n"),
        ("1.0\n2.0\n", "1.0\n"),
    ]
    got = verdicts(tmp_path, capsys, CAT, cases, compare="float:0.1")
    assert got == ["ok", "WA", "ok", "WA", "WA"]


LINE_COUNTS = """import sys
for path, count in zip(sys.argv[1:], (2, 1, 3)):
    with open(path, "rb") as file:
        assert len(file.readlines()) == count
"""


def test_special_judge(tmp_path, capsys):
    """A checker asserting the input's, the output's and the answer's line counts: its exit
    1 (an assertion) is a wrong answer, for oj and for testlib alike."""
    cases = [
        ("foo\nfoobar\n", "foo\nfoo\nfoo\n"),
        ("foo\nfoobar\n", "foo\nfoo\nfoo\nbar\n"),
        ("foofoobar\n", "foo\nfoo\nfoo\n"),
    ]
    files = {"checkers/line_counts.py": LINE_COUNTS}
    got = verdicts(
        tmp_path, capsys, "print('foo')\n", cases, files=files,
        compare="checker:checkers/line_counts.py",
    )  # fmt: skip
    assert got == ["ok", "WA", "WA"]


def test_multiline(tmp_path, capsys):
    assert verdicts(tmp_path, capsys, CAT, MULTILINE) == ["ok", "WA"]


def test_multiline_with_display_mode_diff(tmp_path, capsys):
    """The diff is oj's display; the data: lines replaced, one missing, one extra."""
    cases = [
        ("foo\nfoobar\n", "foo\nfoobar\n"),
        ("bar baz\nfoo bar\n", "hello world\nhello world\n"),
        ("bar\nfoo\n", "bar\nfoobar\nbar\n"),
        ("bar\nfoobar\nbar\n", "bar\nfoobar\n"),
    ]
    assert verdicts(tmp_path, capsys, CAT, cases) == ["ok", "WA", "WA", "WA"]


def test_ignore_backup(tmp_path, capsys):
    """Editors' ``NAME.in~`` beside the samples are no cases; an input without an answer is
    judged by how its run ends."""
    backups = {"samples/scene/sample-1.in~": "bar\n", "samples/scene/sample-2.in~": "bar\n"}
    got = verdicts(tmp_path, capsys, CAT, [("foo\n", "bar\n"), ("baz\n", None)], files=backups)
    assert got == ["WA", "without answer"]


def test_tle(tmp_path, capsys):
    """A sleeper is judged on the wall clock: killed at 3 x the limit."""
    sleeper = "import time\ntime.sleep(1)\n"
    assert verdicts(tmp_path, capsys, sleeper, [("foo\n", None)], time_limit=0.1) == ["TLE"]


def test_not_tle(tmp_path, capsys):
    """oj sleeps 1 s under a 2 s limit; here 0.2 s under 1 s."""
    sleeper = "import time\ntime.sleep(0.2)\n"
    assert verdicts(tmp_path, capsys, sleeper, [("foo\n", None)]) == ["without answer"]


def test_large_memory(tmp_path, capsys):
    assert verdicts(tmp_path, capsys, HUNDRED_MB, [("foo\n", None)]) == ["without answer"]


def test_small_memory(tmp_path, capsys):
    assert verdicts(tmp_path, capsys, "print('foo')\n", [("foo\n", None)]) == ["without answer"]


def test_memory_limit_error(tmp_path, capsys):
    """oj measures after the run (GNU time, ``--mle 50``); the kit kills it once over."""
    got = verdicts(tmp_path, capsys, HUNDRED_MB, [("foo\n", None)], memory_limit=50)
    assert got == ["MLE"]


def test_stderr(tmp_path, capsys):
    to_stderr = "import sys\nprint('foo', file=sys.stderr)\n"
    assert verdicts(tmp_path, capsys, to_stderr, [("foo\n", None)]) == ["without answer"]


def test_runtime_error(tmp_path, capsys):
    assert verdicts(tmp_path, capsys, "exit(1)\n", [("foo\n", None)]) == ["RE"]


def test_stderr_and_fail(tmp_path, capsys):
    """oj judges the output over the exit status (WA); a judge sees exit 255 first: RE."""
    failing = "import sys\nprint('good bye', file=sys.stderr)\nexit(255)\n"
    assert verdicts(tmp_path, capsys, failing, [("foo\n", "foo\n")]) == ["RE"]


def test_non_unicode(tmp_path, capsys):
    every_byte = "import sys\nsys.stdout.buffer.write(bytes(range(256)))\n"
    assert verdicts(tmp_path, capsys, every_byte, [("foo\n", None)]) == ["without answer"]


def writes(data: bytes) -> str:
    return f"import sys\nsys.stdout.buffer.write({data!r})\n"


def test_output_uses_crlf(tmp_path, capsys):
    solution = writes(b"foo\r\nbar\r\nbaz\r\n")
    assert verdicts(tmp_path, capsys, solution, [("", "foo\nbar\nbaz\n")]) == ["ok"]


def test_expected_uses_crlf_with_default_mode(tmp_path, capsys):
    solution = writes(b"foo\nbar\nbaz\n")
    assert verdicts(tmp_path, capsys, solution, [("", "foo\r\nbar\r\nbaz\r\n")]) == ["ok"]


def test_output_uses_both_lf_and_crlf_with_default_mode(tmp_path, capsys):
    solution = writes(b"foo\r\nbar\nbaz\r\n")
    assert verdicts(tmp_path, capsys, solution, [("", "foo\nbar\nbaz\n")]) == ["ok"]


def test_in_parallel(tmp_path, capsys):
    """oj's hundred cases, each printing 1 (its one-second sleep left out), two at a time."""
    cases = [(f"{n}\n", f"{n}\n") for n in range(100)]
    got = verdicts(tmp_path, capsys, "print(1)\n", cases)
    assert got == ["WA", "ok"] + ["WA"] * 98


def test_check_no_orphan_with_tle(tmp_path, capsys):
    """Both sleepers are TLE and neither is left running afterwards (each writes its process
    id where the test reads it: a file of its own name, since both run at once)."""
    pids = tmp_path / "pids"
    pids.mkdir()
    sleeper = f"import os, time\nopen({str(pids)!r} + '/%d' % os.getpid(), 'w').close()\n"
    sleeper += "time.sleep(100)\n"
    got = verdicts(tmp_path / "ws", capsys, sleeper, [("foo\n", None)] * 2, time_limit=0.1)
    assert got == ["TLE", "TLE"]
    started = [int(path.name) for path in pids.iterdir()]
    assert len(started) == 2 and not [pid for pid in started if _alive(pid)]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_simple_on_timus(tmp_path, capsys):
    """Timus has no presentation error (its verdict lists, docs/targets.md): the same tokens
    spaced otherwise are its Wrong answer, where POJ says PE."""
    assert verdicts(tmp_path, capsys, CAT, SPACED, judge="Timus") == ["ok", "WA", "WA", "WA"]

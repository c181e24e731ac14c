"""Cases as online-judge-tools' ``oj t`` finds them (kit.registry), and how the build reports
them (kit.report): editors' backup files skipped."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.registry import judge_cases, load_registry, sample_cases

ROOT = Path(__file__).resolve().parent.parent


def build(root, *args):
    """build.py on ``root`` with the build's own Python as every target's stand-in."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "KIT_PYTHONS": "", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    output = done.stdout + done.stderr
    assert 'build.py", line' not in output and "kit/" not in output, output
    return done.returncode, output


def toy_sum(root):
    return load_registry(root)["toy_sum"]


def with_judge_data(root, folder="../official"):
    registry = root / "problems.toml"
    text = registry.read_text().replace(
        "memory_limit = 64\n", f'memory_limit = 64\njudge_data = "{folder}"\n', 1
    )
    registry.write_text(text)
    return toy_sum(root)


# --- backup and editor files ----------------------------------------------------------------

EDITOR_FILES = [
    "sample-1.in~",  # Emacs' and many editors' backups
    "sample-1.out~",
    "#sample-1.in#",  # Emacs' auto-save
    ".#sample-1.in",  # Emacs' lock (a dangling link)
    ".sample-1.in.swp",  # Vim's swap files
    ".sample-1.out.swo",
]


@pytest.mark.parametrize("name", EDITOR_FILES)
def test_editor_files_beside_the_samples_are_skipped_silently(toy, name):
    path = toy / "samples" / "toy_sum" / name
    if name.startswith(".#"):
        path.symlink_to("user@host.1234:1700000000")
    else:
        path.write_text("1\n")
    cases = sample_cases(toy_sum(toy))
    assert [(case.name, case.expected.name) for case in cases] == [
        ("samples/toy_sum/sample-1.in", "sample-1.out")
    ]


def test_other_stray_files_are_still_named(toy):
    (toy / "samples" / "toy_sum" / "sample-1.in.bak").write_text("1\n")
    with pytest.raises(BuildError, match=r"sample-1\.in\.bak: not a sample file"):
        sample_cases(toy_sum(toy))


def test_editor_files_in_judge_data_are_skipped_silently(toy, tmp_path):
    official = tmp_path / "official"
    official.mkdir()
    (official / "big.in").write_text("5 5\n")
    (official / "big.out").write_text("10\n")
    (official / ".#big.in").symlink_to("user@host.1234:1700000000")
    (official / "._big.in").write_bytes(b"\x00\x05\x16\x07")  # macOS AppleDouble file
    for name in ("big.in~", "#big.in#", ".big.in.swp", "big.out~"):
        (official / name).write_text("1\n")
    cases, note = judge_cases(with_judge_data(toy))
    assert note is None
    assert [(case.name, case.expected.name) for case in cases] == [
        ("../official/big.in", "big.out")
    ]


def test_the_build_passes_with_backup_files_beside_the_samples(toy):
    folder = toy / "samples" / "toy_sum"
    (folder / "sample-1.in~").write_text("garbage\n")
    (folder / "#sample-1.out#").write_text("garbage\n")
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    assert "1/1 cases" in output and "not a sample file" not in output

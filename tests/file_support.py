"""Test support (not a test module): writing a tree of small files for a test (a package)."""

from pathlib import Path


def write_files(folder: Path, files: dict[str, str]) -> Path:
    """Each of ``files`` (relative path -> text) written under ``folder``; ``folder``."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder

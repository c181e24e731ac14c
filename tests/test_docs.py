"""The documents for their readers: a README well under 20 KB, and every link in the README,
the changelog and docs/ resolving to a file of this checkout (and to a heading there, when the
link names one)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for a Markdown file's headings."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def broken_links(document: Path) -> list[str]:
    broken = []
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        path = (document.parent / path_part).resolve() if path_part else document
        if not path.exists():
            broken.append(f"{document.name}: {target} (no such file)")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{document.name}: {target} (no such heading)")
    return broken


def test_the_readme_is_well_under_20_kb():
    assert (ROOT / "README.md").stat().st_size < 20_000


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_link_resolves(document):
    assert broken_links(document) == []


def test_a_broken_link_is_seen(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n[ok](page.md#title) [gone](missing.md) [bad](page.md#nowhere)\n")
    assert broken_links(page) == [
        "page.md: missing.md (no such file)",
        "page.md: page.md#nowhere (no such heading)",
    ]

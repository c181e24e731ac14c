"""The files a compile of a C or C++ program read, as the compiler itself lists them, and the
key of a binary made from them.

The compiler is asked once, after a compile (``-MM``, the make rules of each source: every
file it read outside the system's headers); the list is kept beside the cache's entries
(``record``, under the key of the compiler, its command and the sources, ``recorded`` reads
it back), and a binary is kept under ``content_key``: that key with the path and bytes of
each file listed, so a header edited anywhere it is included from (``"lib/rule.h"``,
``"../up.h"``, ``"up.inc"``) is another key, and compiles again.

    rules_files(text, folder) -> list[Path]   # the files make rules (``-MM``'s output) name
    record(base, files);  recorded(base) -> list[Path] | None
    content_key(base, files) -> str
    changed_since(files, started_ns) -> bool  # one may have been written since the compile began
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from kit import cache
from kit.watch import stamp_slack

_recorded: dict[str, list[str]] = {}  # base key -> files, this process (the cache may be off)
_WORD = re.compile(r"(?:\\.|[^\s\\])+")  # a word of a make rule, ``\ `` inside it


def rules_files(text: str, folder: Path) -> list[Path]:
    """The prerequisites of the make rules ``text`` holds (targets dropped, lines joined at
    a backslash, ``\\ `` an escaped space, ``$$`` a dollar), from ``folder``, once each."""
    joined = text.replace("\\\r\n", " ").replace("\\\n", " ")
    found: dict[Path, None] = {}
    for word in _WORD.findall(joined):
        if word.endswith(":"):  # a target (``check.o:``)
            continue
        name = re.sub(r"\\(.)", r"\1", word).replace("$$", "$")
        found[Path(folder, name).resolve()] = None
    return list(found)


def _name(base: str) -> str:
    return f"programs/{base}/reads.json"


def record(base: str, files: list[Path]) -> None:
    """Keep ``files`` as what the program of ``base`` read when last compiled."""
    names = [str(path) for path in files]
    _recorded[base] = names
    place = cache.folder()
    if place is not None and (place / "programs" / base).is_dir():
        cache.write_json(_name(base), {"files": names})


def recorded(base: str) -> list[Path] | None:
    """What the program of ``base`` read when last compiled, None when it never was."""
    names = _recorded.get(base) or cache.read_json(_name(base)).get("files")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return None
    return [Path(name) for name in names]


def content_key(base: str, files: list[Path]) -> str:
    """``base`` with the path and bytes of each file (a missing one said so)."""
    digest = hashlib.sha256(base.encode() + b"\0")
    for path in files:
        digest.update(str(path).encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\0missing")
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def changed_since(files: list[Path], started_ns: int) -> bool:
    """Whether a file was written after ``started_ns`` (a compile's start, as ccache checks
    its headers): then the binary may hold what it was before, and is not kept under what it
    is now. Its change time is read (no file's can be set back, nor into the future, where a
    modification time can: ``touch -d``, a clock skew made every compile "changed"), with the
    slack of a kernel's clock a tick behind (``kit.watch.stamp_slack``)."""
    for path in files:
        try:
            changed = path.stat().st_ctime_ns
        except OSError:
            continue
        if changed >= started_ns - stamp_slack(changed):
            return True
    return False

"""A helper's stripped text remembered across builds: stage 2 for a module seen before.

Stripping a module and checking the result (``kit.bundle.strip``'s ``strip`` and ``verify``)
costs a tokenizing, three parses and two walks of its tree: on a rerun after an edit of the
solution, most of the bundling time of a large library, whose modules have not changed. So
each helper's shipped text, with the bytes of unreached code it cut, is kept in the kit's
cache (``kit.cache``, file ``stripped.json``), keyed by everything it depends on: the module's
text, the stripping's options, the statements cut as unreached (by kind and place: the
solution decides them), the kit's bundling code (each file of ``kit/bundle/`` by its stamp) and
the Python that parses it. Only a text that passed ``verify`` is kept; the solution itself,
edited between reruns, is stripped anew every time and not kept.

    Options(keep_docs, keep_annotations, keep_source)
    Remembered() ; .shipped(source, options, unreachable) -> (text, tree | None, cut bytes)
    .save()
"""

from __future__ import annotations

import ast
import hashlib
import sys
from pathlib import Path
from typing import NamedTuple

from kit import cache
from kit.bundle.sources import Source
from kit.bundle.strip import node_key, strip, verify

CACHE = "stripped.json"
ENTRIES = 300  # modules kept, the newest: the libraries of a few workspaces


class Options(NamedTuple):
    keep_docs: bool
    keep_annotations: bool
    keep_source: bool


def _code_identity() -> str:
    """The bundling code and the Python running it: either changed, every text is stripped
    anew (a stamp that cannot be read gives a key no other build makes)."""
    stamps = [cache.file_stamp(str(path)) for path in sorted(Path(__file__).parent.glob("*.py"))]
    return "\n".join([sys.version, *(stamp or f"unreadable {id(stamps)}" for stamp in stamps)])


class Remembered:
    """The stripped texts of one build, read from the cache once and written back once."""

    def __init__(self) -> None:
        self.known = cache.read_json(CACHE)
        self.used: dict[str, list] = {}
        self.changed = False
        self.code = _code_identity() if cache.folder() is not None else ""

    def shipped(
        self, source: Source, options: Options, unreachable: list[ast.stmt]
    ) -> tuple[str, ast.Module | None, int]:
        """What ships of ``source``, its tree when parsed here (None when it comes from the
        cache or is empty), and the bytes of unreached code cut."""
        key = self._key(source, options, unreachable)
        entry = self.known.get(key) if key else None
        if _valid(entry):
            self.used[key] = entry
            return entry[0], None, entry[1]
        text, cuts = strip(
            source,
            keep_docs=options.keep_docs,
            keep_annotations=options.keep_annotations,
            unreachable=unreachable,
            keep_source=options.keep_source,
        )
        tree = verify(source, text, cuts)
        if key:
            self.used[key] = [text, cuts.unreachable_bytes]
            self.changed = True
        return text, tree, cuts.unreachable_bytes

    def save(self) -> None:
        """The entries this build used written back as the newest, when any was new."""
        if not self.changed:
            return
        kept = {k: v for k, v in self.known.items() if k not in self.used} | self.used
        cache.write_json(CACHE, dict(list(kept.items())[-ENTRIES:]))

    def _key(self, source: Source, options: Options, unreachable: list[ast.stmt]) -> str:
        """The entry's key; "" (not kept) for the solution or with the cache off."""
        if source.is_entry or not self.code:
            return ""
        cut = sorted(repr(node_key(statement)) for statement in unreachable)
        parts = [self.code, repr(tuple(options)), *cut, "\0text", source.text]
        return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _valid(entry: object) -> bool:
    """An entry as written: [text, bytes cut]; anything else (an edited cache) is not used."""
    return (
        isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and type(entry[1]) is int
    )

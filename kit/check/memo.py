"""The syntax checks' answers remembered by everything they depend on.

A check that starts a program (ruff's parser, an interpreter's ``compile``) gives the same
answer for the same program file, arguments and texts, so a rerun that changed none of them
(a sample edited, the same build run again) takes the answer from the kit's cache
(``kit.cache``, file ``checks.json``) instead of starting the program. The key is a hash of the
entries' format (``FORMAT``), the program's stamp (real path, size, time: a new ruff or
interpreter is asked again), the check's name and arguments and every text checked. Only
answers are kept: a check that failed to run raises as before and nothing is written. An
entry of another shape than its caller's (``valid``: another kit's answer under the same key,
a hand-edited file) is not used, as an unreadable cache is not: asked again, and replaced.

    remembered(parts, compute, valid) -> value   # parts: strings, or None for "do not cache"
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import Any

from kit import cache

CACHE = "checks.json"
# in every key: raised when an answer's shape changes, so that kits of two formats sharing
# the cache folder do not read each other's answers
FORMAT = "checks-1"
ENTRIES = 400  # answers kept, the newest: a few builds of every problem of a workspace
_lock = threading.Lock()  # the checks of one build run in threads: one writer at a time


def remembered(
    parts: Sequence[str | None], compute: Callable[[], Any], valid: Callable[[Any], bool]
) -> Any:
    """``compute()``'s answer (JSON data), from the cache when ``parts`` were seen before and
    the answer kept is ``valid`` (of the shape ``compute`` gives). A None among ``parts`` (a
    program that cannot be stamped) turns the cache off."""
    if any(part is None for part in parts):
        return compute()
    digest = hashlib.sha256()
    for part in (FORMAT, *parts):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    key = digest.hexdigest()
    with _lock:
        known = cache.read_json(CACHE)
    if key in known and valid(known[key]):
        return known[key]
    answer = compute()
    with _lock:
        known = cache.read_json(CACHE)
        known.pop(key, None)
        known[key] = answer
        cache.write_json(CACHE, dict(list(known.items())[-ENTRIES:]))
    return answer

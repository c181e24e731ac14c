"""Competitive Companion's problem data: the JSON its browser extension sends to a tool, and
cph's ``.prob`` files store (for ``cpkit new --from FILE``).

The format, as its README ("Custom tools", "The format") gives it: ``name``, ``group``,
``url``, ``interactive`` (optional), ``memoryLimit`` in MB, ``timeLimit`` in ms, ``tests`` (a
list of ``{"input": ..., "output": ...}``), ``input`` and ``output`` (``{"type": "stdin"}``,
or ``"file"`` with a ``fileName``); other keys (``languages``, ``batch``, cph's ``srcPath``)
are passed over. The judge is known by the address's host (the page readers' hosts, Timus' and
SPOJ's), else it is ``judge`` when one is named, else the group's first part ("CSES - CSES
Problem Set" is CSES). A file without ``memoryLimit`` (some tools strip it) takes the judge's
usual limit where its profile has one. A test whose input and output are both empty is left
out; a problem that reads or writes a named file is refused (the kit runs stdin and stdout).

    read(text, "a.json", "")  # Page(judge="Codeforces", title="Castle Defense", ...)
"""

from __future__ import annotations

import json
import re
import urllib.parse

from kit.errors import BuildError
from kit.judges.profiles import judge_name, profile_for
from kit.pages import atcoder, codeforces, kattis, poj
from kit.pages.page import Page, sample_file

FORMAT = "Competitive Companion's format"
LETTER = re.compile(r"^[A-Z][0-9]?(?:\.|\s+-)\s+")  # "G. Castle Defense", "A - Sum"
# hosts beyond the page readers', with the judge's id of the problem in the address
MORE_HOSTS = {
    "Timus": (("timus.ru", "timus.online"), re.compile(r"[?&]num=(\d+)")),
    "SPOJ": (("spoj.com",), re.compile(r"/problems/(\w+)")),
}


def looks_like(text: str) -> bool:
    """Whether ``text`` is JSON rather than a page (its first character opens an object or
    a list)."""
    return text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[")


def read(text: str, source: str, judge: str = "", origin: str = "the file") -> Page:
    """The problem in the JSON ``text`` read from ``source``; ``judge``: the one named, which
    is taken when the address does not say; ``origin``: where it came from, for the notes."""
    data = _object(text, source)
    name = _field(data, "name", str, source)
    url = data.get("url") if isinstance(data.get("url"), str) else ""
    found, page_id = _judge_of(url)
    judge = found or judge or _group_judge(data.get("group"), url, source)
    for side in ("input", "output"):
        _stdio(data.get(side), side, source)
    time = _field(data, "timeLimit", (int, float), source)
    if time <= 0:
        raise BuildError(f"{source}: timeLimit {time!r}: expected milliseconds above 0")
    memory, memory_shown = _memory(data, judge, source)
    return Page(
        judge,
        LETTER.sub("", name.strip()) or name.strip(),
        time / 1000,
        memory,
        _tests(data, source),
        f"{time:g} ms",
        memory_shown,
        page_id,
        interactive=data.get("interactive") is True,
        origin=origin,
    )


def _object(text: str, source: str) -> dict:
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as error:
        raise BuildError(
            f"{source}: not readable as JSON (line {error.lineno}, column {error.colno}: "
            f"{error.msg})"
        ) from None
    if not isinstance(data, dict) or "tests" not in data:
        raise BuildError(f"{source}: JSON, but not a problem in {FORMAT} (no 'tests')")
    return data


def _field(data: dict, key: str, kind, source: str):
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "a string" if kind is str else "a number"
        got = "missing" if value is None else f"{value!r}"
        raise BuildError(f"{source}: '{key}' is {got} (expected {wanted}, as {FORMAT} has it)")
    return value


def _judge_of(url: str) -> tuple[str | None, str | None]:
    """The judge the address's host names, and the problem's id in it (None, None: unknown)."""
    host = (urllib.parse.urlparse(url).hostname or "").lower()

    def on(hosts) -> bool:
        return any(host == name or host.endswith("." + name) for name in hosts)

    for reader in (poj, codeforces, atcoder, kattis):
        if on(reader.HOSTS):
            return reader.NAME, reader.id_in(url)
    for name, (hosts, pattern) in MORE_HOSTS.items():
        if on(hosts):
            found = pattern.search(url)
            return name, found and found[1]
    return None, None


def _group_judge(group, url: str, source: str) -> str:
    """An unknown host's judge: the group's first part, else the host."""
    if isinstance(group, str) and group.split(" - ")[0].strip():
        return group.split(" - ")[0].strip()
    host = urllib.parse.urlparse(url).hostname
    if host:
        return host
    raise BuildError(f"{source}: no judge in its 'url' or 'group'; name it with --judge NAME")


def _stdio(given, side: str, source: str) -> None:
    """A problem whose input or output is a named file is refused."""
    if isinstance(given, dict) and given.get("type") not in (None, "stdin", "stdout"):
        named = given.get("fileName") or given.get("pattern") or given.get("type")
        raise BuildError(
            f"{source}: the problem's {side} is the file {named!r}, not standard "
            f"{side}; the kit runs solutions on stdin and stdout"
        )


def _memory(data: dict, judge: str, source: str) -> tuple[int, str]:
    """The memory limit in MiB and as shown; without one, the judge's usual limit."""
    if data.get("memoryLimit") is None:
        profile = profile_for(judge)
        if profile is None or profile.limits is None:
            raise BuildError(
                f"{source}: no 'memoryLimit' (MB, in {FORMAT}), and {judge_name(judge)} has "
                "no usual limit here; add it to the file"
            )
        return profile.limits.memory, f"none given, {profile.name}'s usual"
    memory = _field(data, "memoryLimit", (int, float), source)
    if memory <= 0:
        raise BuildError(f"{source}: memoryLimit {memory!r}: expected megabytes above 0")
    return max(1, int(memory)), f"{memory:g} MB"


def _tests(data: dict, source: str) -> list[tuple[str, str]]:
    tests = data["tests"]
    if not isinstance(tests, list):
        raise BuildError(f"{source}: 'tests' is not a list (of input and output pairs)")
    pairs = []
    for number, test in enumerate(tests, 1):
        given = test.get("input") if isinstance(test, dict) else None
        wanted = test.get("output") if isinstance(test, dict) else None
        if not isinstance(given, str) or not isinstance(wanted, str):
            raise BuildError(f"{source}: test {number} has no 'input' and 'output' strings")
        if given.strip() or wanted.strip():
            pairs.append((sample_file(given), sample_file(wanted)))
    return pairs

"""Competitive Companion's problem data: the JSON its browser extension sends to a tool, and cph's
``.prob`` files store (for ``cpkit new --from FILE``).

The format, as its README ("Custom tools", "The format") gives it: ``name``, ``group``, ``url`` (the
problem's page, kept as ``Page.url`` when it is an http(s) address; cph's local problems have their
source file's path there, which is not kept), ``interactive`` (optional), ``memoryLimit`` in MB,
``timeLimit`` in ms, ``tests`` (a list of ``{"input": ..., "output": ...}``), ``input`` and
``output`` (``{"type": "stdin"}``, or ``"file"`` with a ``fileName``); cph's ``srcPath`` (the whole
path of the source file the problem was saved for, cph's src/types.ts ``Problem``) is kept as
``Page.source_file`` for ``new`` to adopt; its ``customCheckerPath``, a checker no ``compare`` rule
runs as cph does, is named in a note (``_checker_note``); other keys (``languages``, ``batch``) are
passed over. The judge is known by the address's host (the page readers' hosts, Timus', SPOJ's,
CSES' and Library Checker's; Virtual Judge's problems by the judge their address names), else it is
``judge`` when one is named, else the group's first part ("Example - Problem Set" is Example); cph's
local problem (``"local": true``, group "local", its url the source file: cph's src/runTestCases.ts)
names none; a name close to a profile's but not it (problems.toml would refuse it) is refused,
saying where it came from. A file without ``memoryLimit`` (some tools strip it) takes the judge's
usual limit where its profile has one. Tests are kept as the data holds them but for their line
ends, made a judge's files' (``page.judge_file``: LF, and a newline at the end of any text); one
whose input and output are both blank (empty, or only whitespace) is left out. A problem that reads
or writes a named file is refused (the kit runs stdin and stdout), as are limits problems.toml would
take for other units (a time limit of 100 s or more, a memory limit of 4096 MB or more). Its
limits of 1000 ms and 1024 MB together, from a site the kit does not know, are kept but said to
be Competitive Companion's defaults (``DEFAULT_LIMITS``), perhaps not the problem's, in a note;
so is each limit alone that the parser of its site or judge (``UNREAD_SENT``: Virtual Judge's,
whatever judge its address names, DOMjudge's with 2048 MB, ...) sends when the page shows none,
and one it sends for every problem (``FIXED_SENT``, ``FIXED_HOSTS``) is said to be its fixed value.

    read(data, "a.json", "")  # Page(judge="Codeforces", title="Castle Defense", ...)
"""

from __future__ import annotations

import json
import re
import unicodedata
import urllib.parse

from kit.errors import BuildError, trimmed
from kit.judges.profiles import judge_name, profile_for, suggestion_for
from kit.page_address import page_address
from kit.pages import atcoder, codeforces, kattis, poj
from kit.pages.page import Page, judge_file, on_hosts, possessive
from kit.units import KIB_FROM, MILLISECONDS_FROM, SHORTEST, finite, in_mebibytes, in_seconds

FORMAT = "Competitive Companion's format"
# "G. Castle Defense", "A - Sum", Timus' "1000. A+B Problem", a Kattis contest's "Problem A - Sum",
# yukicoder's "No.1020 Reverse" (Competitive Companion's tests/data/yukicoder)
# and Aizu's and others' "C: サボテンクエリ"
LETTER = re.compile(r"^(?:(?:Problem\s+)?(?:[A-Z][0-9]?|[0-9]+)(?:\.|:|\s+-)|No\.[0-9]+)\s+")
# hosts beyond the page readers', with the judge's id of the problem in the address
MORE_HOSTS = {
    # the archive's number: a contest's problem (``space=340&num=1``) is numbered in its
    # contest, and its address does not give the archive's; its hosts as Competitive
    # Companion's Timus parsers match them (acm.timus.ru, timus.online, acm-judge.urfu.ru)
    "Timus": (
        ("timus.ru", "timus.online", "acm-judge.urfu.ru"),
        re.compile(r"^(?!.*[?&]space=(?!1(?:[&#]|$))).*?[?&]num=(\d+)"),
    ),
    "SPOJ": (("spoj.com",), re.compile(r"/problems/(\w+)")),
    "CSES": (("cses.fi",), re.compile(r"/task/(\d+)")),
    "Library Checker": (("judge.yosupo.jp",), re.compile(r"/problem/(\w+)")),
    # its problem's number, "No.1020" (Competitive Companion reads yukicoder.me/problems/no/*
    # only: its YukicoderProblemParser; the group it sends is "yukicoder")
    "yukicoder": (("yukicoder.me",), re.compile(r"/problems/no/(\d+)")),
}
# a limit of 2^k KB (64 MiB to 2 GiB) as some of Competitive Companion's parsers give it, in
# thousands of KB cut to a whole number (its HDOJ, HRBUST, SSOIER and Aizu beta parsers divide
# the page's KB by 1000: tests/data/hdoj's 65536 K is 65, aizu-online-judge-beta's 262144 KB
# 262), or uncut (65.536); 16 and 32 MiB's are left: 16 and 32 are as likely meant
KIB_IN_THOUSANDS = {
    value: kib
    for kib in (64 << 10 << shift for shift in range(6))
    for value in (kib // 1000, kib / 1000)
}
# What Competitive Companion sends when its parser reads no limits from the page: the
# defaults of its TaskBuilder (jmerle/competitive-companion at df90fab, src/models/
# TaskBuilder.ts: ``memoryLimit = 1024``, ``timeLimit = 1000``), which a parser replaces by
# calling setTimeLimit and setMemoryLimit; some never do (A2OnlineJudge, BUCTOJ, DimikOJ,
# HackerEarth Code Arena, MSK Informatics, SortMe, TheJobOverflow, uDebug, Universal Cup, XCamp,
# ZUFEOJ). Its parsers of the hosts the kit knows (``judge_of``) set both from the page, but
# Virtual Judge's (below): from them these values are the problem's (an AtCoder task of 1 s
# and 1024 MB). docs/commands.md has the table of its parsers of the kit's judges.
DEFAULT_LIMITS = (1000, 1024)  # ms, MB
DEFAULT_SAID = "Competitive Companion's default, perhaps not the problem's"
DEFAULTS_SAID = "Competitive Companion's defaults, perhaps not the problem's"  # both limits
FIXED_SAID = "Competitive Companion's fixed value for the site, perhaps not the problem's"
FIXEDS_SAID = "Competitive Companion's fixed values for the site, perhaps not the problem's"
BOTH_SAID = {DEFAULT_SAID: DEFAULTS_SAID, FIXED_SAID: FIXEDS_SAID}
# Its parsers that set a limit only when the page shows one, by the judge they send (the
# group's first part), with what each sends for a limit it read none of ((ms...), (MB...)):
# src/parsers/problem/<Name>ProblemParser.ts at df90fab unless said
UNREAD_SENT = {
    # a limit only from a <dt> "Time limit" / "Memory limit" the page has (its contest
    # parser: from the problem's properties), whatever judge the address names
    "Virtual Judge": ((1000,), (1024,)),
    # src/parsers/contest/DOMjudgeContestParser.ts parseLimits: 1000 ms and 2048 MB of its
    # own when the "Limits:" line is missing (DOMjudge's show_limits_on_team_page off)
    "DOMjudge": ((1000,), (2048,)),
    # DMOJ's, each only where the page has its icon, as it names its judges by host
    **dict.fromkeys(
        (
            "DMOJ",
            "MOI Arena",
            "Le Quy Don Online Judge",
            "VNOI Online Judge",
            "A.Y. Jackson Online Judge",
        ),
        ((1000,), (1024,)),
    ),
    "Yandex": ((1000,), (1024,)),  # time from .time-limit if any; memory 1024 when none found
    "Baekjoon Online Judge": ((1000,), ()),  # time only when a figure is found
    "CodeChef": ((1000,), ()),  # CodeChefNew: time only from its "more info" box
    "Luogu": ((1000,), ()),  # time only when "N ms" or "N s" ends its text
    "HKOI Online Judge": ((1000,), (1024,)),  # both only from a row of four buttons
    "HOJ": ((1000,), (1024,)),
    "LibreOJ": ((1000,), (1024,)),  # its second layout: each only when a number is read
    "SeriousOJ": ((1000,), (1024,)),
    # UOJ's (uoj.ac, pjudge.ac, oj.daimayuan.top): both only from two or more math texts
    **dict.fromkeys(("UOJ", "Public Judge", "Daimayuan Online Judge"), ((1000,), (1024,))),
    "ContestHunter": ((1000,), (1024,)),  # both only in one of its two layouts
    "Google Coding Competitions": ((30000,), (1024,)),  # its fallbacks when none is found
}
# Its parsers that send the same limit for every problem, read from no page
FIXED_SENT = {
    "CodeChef": ((), (256,)),
    "HackerRank": ((4000,), (512,)),
    "Jutge": ((1000,), (1024,)),
    "USACO": ((4000, 1000), (256, 16)),  # USACO's, USACOTraining's
    "beecrowd": ((), (1024,)),
    "UVa Online Judge": ((), (32,)),  # UVaOnlineJudge's, its time read
    "ICPC Live Archive": ((), (32,)),
    "Wincent DragonByte": ((60000,), (1024,)),
}
# by host: old.yosupo.jp's parser (LibraryCheckerOld) sends 5000 ms; its 1024 MB, the new
# one's too, is every Library Checker problem's (kit.judges.profiles)
FIXED_HOSTS = {"old.yosupo.jp": ((5000,), ())}
DEFAULT_NOTE = (
    "the limits 1000 ms and 1024 MB are Competitive Companion's defaults, which it sends when "
    "it reads none from the page: check the problem's page and set time_limit and memory_limit"
)
# Virtual Judge judges nothing itself: "it's not a real online judge. It can grab problems from
# other regular online judges and simulate submissions to other online judges" (its own
# description), so a problem's judge is the one its address names, as Virtual Judge spells
# it (Competitive Companion's tests/data/virtual-judge: /problem/CodeForces-234A,
# Gym-101375G, AtCoder-arc083_b, URAL-1009, HDU-3642); URAL is Timus' old name, Gym
# Codeforces'. A contest's problem (/contest/480959#problem/A) names none.
VJUDGE_HOSTS = ("vjudge.net", "vjudge.net.cn")
VJUDGE_PROBLEM = re.compile(r"^/problem/(\w+?)-([\w.-]+)$")
VJUDGE_JUDGES = {
    "codeforces": "Codeforces",
    "gym": "Codeforces",
    "atcoder": "AtCoder",
    "kattis": "Kattis",
    "poj": "POJ",
    "spoj": "SPOJ",
    "ural": "Timus",
}


def looks_like(data: bytes) -> bool:
    """Whether ``data`` is JSON rather than a page: its first character, after a byte-order
    mark and blanks, opens an object or a list (in UTF-8, or UTF-16 or -32 as JSON allows)."""
    for mark, encoding in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"),
                           (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"),
                           (b"\xfe\xff", "utf-16-be")):  # fmt: skip
        if data.startswith(mark):
            head = data[len(mark) : len(mark) + 400].decode(encoding, "ignore")
            break
    else:
        head = data[:400].decode("utf-8", "ignore")
    return head.lstrip(" \t\r\n")[:1] in ("{", "[")


def read(data: bytes, source: str, judge: str = "", origin: str = "the file") -> Page:
    """The problem in the JSON ``data`` read from ``source``; ``judge``: the one named, which
    is taken when the address does not say; ``origin``: where it came from, for the notes."""
    problem = _object(data, source)
    name = single_line(_field(problem, "name", str, source))
    url = problem.get("url") if isinstance(problem.get("url"), str) else ""
    found, page_id = judge_of(url)
    judge = found or judge or _group_judge(problem, url, source)
    for side in ("input", "output"):
        _stdio(problem.get(side), side, source)
    time = _field(problem, "timeLimit", (int, float), source)
    if not (finite(time) and in_seconds(time / 1000)):
        raise BuildError(
            f"{source}: timeLimit {trimmed(repr(time))}: expected milliseconds, from "
            f"{SHORTEST * 1000:g} to {MILLISECONDS_FROM * 1000 - 1}"
        )
    memory, memory_shown = _memory(problem, judge, source)
    time_said, memory_said = _unread(problem, url, found, time)
    time_shown = f"{time:g} ms" + (f", {time_said}" if time_said else "")
    memory_shown += f", {memory_said}" if memory_said else ""
    defaults = _unread_notes(time, problem.get("memoryLimit"), time_said, memory_said)
    samples, changed = _tests(problem, source)
    interactive = problem.get("interactive", False)
    if not isinstance(interactive, bool):
        got = trimmed(repr(interactive))
        raise BuildError(f"{source}: 'interactive' is {got} (expected true or false)")
    return Page(
        judge,
        LETTER.sub("", name) or name,
        time / 1000,
        memory,
        samples,
        time_shown,
        memory_shown,
        page_id,
        interactive=interactive,
        origin=origin,
        notes=defaults + _line_ends_note(changed) + _checker_note(problem),
        source_file=_source_file(problem),
        url=page_address(url),
    )


def said_of(shown: str) -> str | None:
    """Which of DEFAULT_SAID and FIXED_SAID a limit as ``read`` shows it ends with, if any."""
    return next((said for said in BOTH_SAID if shown.endswith(said)), None)


def _unread(problem: dict, url: str, found: str | None, time) -> tuple[str, str]:
    """What each limit is said to be when Competitive Companion's parser did not read it from
    the page (DEFAULT_SAID, FIXED_SAID), else "": by the parser's host or the judge it sent."""
    memory = problem.get("memoryLimit")
    group = problem.get("group") if isinstance(problem.get("group"), str) else ""
    sender = group.split(" - ")[0].strip()
    try:
        host = (urllib.parse.urlparse(url).hostname or "").lower()
    except ValueError:
        host = ""
    if on_hosts(host, VJUDGE_HOSTS):
        sender = "Virtual Judge"
    fixed = next((sent for name, sent in FIXED_HOSTS.items() if on_hosts(host, (name,))), None)
    fixed = fixed or FIXED_SENT.get(sender, ((), ()))
    unread = UNREAD_SENT.get(sender, ((), ()))
    if fixed == unread == ((), ()):  # a parser that reads both, or one the kit knows not
        both = found is None and (time, memory) == DEFAULT_LIMITS
        return (DEFAULT_SAID, DEFAULT_SAID) if both else ("", "")
    time_said, memory_said = (
        FIXED_SAID if value in fixed[side] else DEFAULT_SAID if value in unread[side] else ""
        for side, value in enumerate((time, memory))
    )
    return time_said, memory_said


def _unread_notes(time, memory, time_said: str, memory_said: str) -> tuple[str, ...]:
    """The notes naming the limits the parser did not read (``_unread``), and what to do."""
    limits = (("time_limit", time, "ms", time_said), ("memory_limit", memory, "MB", memory_said))
    notes = []
    for kind, why in (
        (DEFAULT_SAID, "which it sends when it reads none from the page"),
        (FIXED_SAID, "which it sends for every problem there"),
    ):
        named = [(key, f"{value:g} {unit}") for key, value, unit, said in limits if said == kind]
        if not named:
            continue
        keys, shown = " and ".join(key for key, _ in named), " and ".join(v for _, v in named)
        what = f"the limits {shown} are" if len(named) == 2 else f"the {keys[:-6]} limit {shown} is"
        whose = (BOTH_SAID[kind] if len(named) == 2 else kind).split(", perhaps")[0]
        notes.append(f"{what} {whose}, {why}: check the problem's page and set {keys}")
    return tuple(notes)


def _source_file(problem: dict) -> str | None:
    """The solution's file cph's ``srcPath`` names (its absolute path where cph ran), if any."""
    named = problem.get("srcPath")
    return named if isinstance(named, str) and named.strip() else None


def single_line(text: str) -> str:
    """``text`` on one line, blanks collapsed, without lone surrogates (no file holds them) or
    control characters (a NUL is no Python source's, a DEL no TOML string's)."""
    shown = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in _encodable(text))
    return " ".join(shown.split())


def _encodable(text: str) -> str:
    """``text`` with a lone surrogate (JSON's ``"\\ud800"``) replaced, as UTF-8 can hold it."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _object(raw: bytes, source: str) -> dict:
    data = json_data(raw, source)
    if is_acc_contest(data):  # given as an address, or sent: its tasks' folders are not here
        raise BuildError(
            f"{source}: atcoder-cli's contest.acc.json, a contest of {len(data['tasks'])} tasks, "
            "not one problem: new --from reads it as a file of the workspace, beside the "
            "tasks' folders, and makes each task"
        )
    if not isinstance(data, dict) or "tests" not in data:
        raise BuildError(f"{source}: JSON, but not a problem in {FORMAT} (no 'tests')")
    return data


def json_data(raw: bytes, source: str):
    """The JSON value ``raw`` holds (UTF-8, with or without its byte-order mark, or UTF-16 or
    -32), or a one-line error naming ``source``."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]  # json.loads refuses UTF-8's byte-order mark
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        raise BuildError(
            f"{source}: not readable as JSON (line {error.lineno}, column {error.colno}: "
            f"{error.msg})"
        ) from None
    except UnicodeDecodeError:
        raise BuildError(f"{source}: JSON that is not UTF-8 (nor UTF-16 or -32) text") from None
    except RecursionError:
        raise BuildError(f"{source}: JSON nested too deeply to be a problem") from None
    except ValueError as error:  # a number of more digits than Python reads (4300)
        raise BuildError(f"{source}: not readable as JSON ({error})") from None


def is_acc_contest(data) -> bool:
    """Whether the JSON ``data`` is atcoder-cli's contest file (kit.pages.acc), not a problem."""
    return isinstance(data, dict) and isinstance(data.get("tasks"), list) and "contest" in data


def _field(data: dict, key: str, kind, source: str):
    """``data[key]``, of ``kind``; else a one-line error naming the field and showing its value
    cut short (``kit.errors.trimmed``)."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "a string" if kind is str else "a number"
        got = "missing" if value is None else trimmed(repr(value))
        raise BuildError(f"{source}: '{key}' is {got} (expected {wanted}, as {FORMAT} has it)")
    return value


def judge_of(url: str) -> tuple[str | None, str | None]:
    """The judge the address's host names, and the problem's id in it (None, None: unknown)."""
    try:
        parts = urllib.parse.urlparse(url)
        host = (parts.hostname or "").lower()
    except ValueError:  # not an address ("http://[::1")
        return None, None
    if on_hosts(host, VJUDGE_HOSTS):
        return _vjudge_judge(parts.path)
    for reader in (poj, codeforces, atcoder, kattis):
        if on_hosts(host, reader.HOSTS):
            return reader.NAME, reader.id_in(url)
    for name, (hosts, pattern) in MORE_HOSTS.items():
        if on_hosts(host, hosts):
            found = pattern.search(url)
            return name, found and found[1]
    return None, None


def _vjudge_judge(path: str) -> tuple[str | None, str | None]:
    """The judge and id a Virtual Judge problem's address names (its name as Virtual Judge
    spells it where the kit has no profile of it, unless that is close to a profile's name:
    then none, and the group's is taken)."""
    found = VJUDGE_PROBLEM.match(path)
    if found is None:
        return None, None
    name, problem_id = found[1], found[2]
    judge = VJUDGE_JUDGES.get(name.lower(), name)
    if judge == name and suggestion_for(name) is not None:
        return None, None
    return judge, problem_id


def _group_judge(problem: dict, url: str, source: str) -> str:
    """An unknown host's judge: the group's first part, else the host (on one line, without
    the quotes and backslashes ``--judge`` refuses); none for cph's local problem (of a file
    of one's own: its group "local", its url the file)."""
    if problem.get("local") is True:
        raise BuildError(f"{source}: cph's local problem, of no judge; name it with --judge NAME")
    group = problem.get("group")
    first = (
        re.sub(r'["\\]', "", single_line(group.split(" - ")[0])) if isinstance(group, str) else ""
    )
    try:
        host = urllib.parse.urlparse(url).hostname
    except ValueError:
        host = None
    named, where = (first.strip(), "group") if first.strip() else (host, "url")
    if not named:
        raise BuildError(f"{source}: no judge in its 'url' or 'group'; name it with --judge NAME")
    meant = suggestion_for(named)  # problems.toml would refuse it, as if written there
    if meant is not None:
        raise BuildError(
            f"{source}: its {where} names the judge {named!r}, close to {meant!r} but not it; "
            "name the judge with --judge NAME"
        )
    return named


def _stdio(given, side: str, source: str) -> None:
    """A problem whose input or output is a named file is refused (``regex``: the newest file
    whose name matches the pattern, as the format's README has it)."""
    if isinstance(given, dict) and given.get("type") not in (None, "stdin", "stdout"):
        named = f"the file {trimmed(repr(given.get('fileName') or given.get('type')))}"
        if given.get("type") == "regex":
            named = f"the newest file matching {trimmed(repr(given.get('pattern')))}"
        raise BuildError(
            f"{source}: the problem's {side} is {named}, not standard {side}; the kit runs "
            "solutions on stdin and stdout"
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
        return profile.limits.memory, f"none given, {possessive(profile.name)} usual"
    memory = _field(data, "memoryLimit", (int, float), source)
    if not in_mebibytes(memory):
        raise BuildError(
            f"{source}: memoryLimit {trimmed(repr(memory))}: expected megabytes, from 1 to "
            f"{KIB_FROM - 1}"
        )
    kib = KIB_IN_THOUSANDS.get(memory)
    if kib is not None:
        return kib // 1024, f"{memory:g} MB, {kib} KB in thousands"
    return int(memory), f"{memory:g} MB"


def _tests(data: dict, source: str) -> tuple[list[tuple[str, str]], list[int]]:
    """The tests' pairs as a judge's files hold them (``judge_file``), and the numbers of the
    tests whose line ends that changed."""
    tests = data["tests"]
    if not isinstance(tests, list):
        raise BuildError(f"{source}: 'tests' is not a list (of input and output pairs)")
    pairs, changed = [], []
    for number, test in enumerate(tests, 1):
        given = test.get("input") if isinstance(test, dict) else None
        wanted = test.get("output") if isinstance(test, dict) else None
        if not isinstance(given, str) or not isinstance(wanted, str):
            raise BuildError(f"{source}: test {number} has no 'input' and 'output' strings")
        if given.strip() or wanted.strip():  # as the data holds them, but for line ends
            for side, text in (("input", given), ("output", wanted)):
                _writable(text, f"{source}: test {number}'s {side}")
            pairs.append((judge_file(given), judge_file(wanted)))
            if pairs[-1] != (given, wanted):
                changed.append(number)
    return pairs, changed


def _checker_note(problem: dict) -> tuple[str, ...]:
    """The note naming cph's custom checker (``customCheckerPath``), which no ``compare`` rule
    runs as cph does: cph runs ``python CHECKER INPUT OUTPUT`` (no answer file) and passes the
    output on exit status 0 alone (src/utils/customChecker.ts, src/webview/processRunSingle.ts),
    where ``checker:PATH`` is given ``INPUT OUTPUT ANSWER`` and reads testlib's statuses."""
    named = problem.get("customCheckerPath")
    if not isinstance(named, str) or not named.strip():
        return ()
    return (
        f"cph's custom checker {single_line(named)} is not carried over (cph runs `python "
        "CHECKER INPUT OUTPUT`, exit 0 accepting, no compare rule's calling convention): the "
        "problem is judged by the judge's default comparison until compare is set",
    )


def _line_ends_note(changed: list[int]) -> tuple[str, ...]:
    """The note naming the tests whose CRLF or missing final newline was made a judge's."""
    if not changed:
        return ()
    named = f"test{'s' * (len(changed) > 1)} {', '.join(map(str, changed))}"
    return (
        f"the data's {named} written with LF line ends and a final newline, as a judge's test "
        "files have them",
    )


def _writable(text: str, where: str) -> None:
    """A one-line error for text no file can hold (JSON's lone surrogate ``"\\udcff"``): a
    sample written otherwise would not be the data's, to the byte."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BuildError(
            f"{where} holds {error.object[error.start]!r} at character {error.start}, a lone "
            "surrogate, which no UTF-8 file can hold"
        ) from None

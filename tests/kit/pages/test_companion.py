"""kit.pages.companion: Competitive Companion's JSON (its README's example, tests/fixtures/
pages/companion.json) and a cph ``.prob`` file (tests/fixtures/pages/cph.prob): the judge and
id from the address, else the group or the judge named; limits from ms and MB, the judge's
usual memory when none is given; empty tests left out; file input, bad JSON and wrong types
refused in one line."""

import json
from pathlib import Path

import pytest

from kit.commands.new_slugs import slug_of
from kit.errors import BuildError
from kit.pages import companion

PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"


def data(**changes) -> str:
    given = {"name": "A. Sum", "url": "", "timeLimit": 2000, "memoryLimit": 256, "tests": []}
    given.update(changes)
    return json.dumps({key: value for key, value in given.items() if value is not None}).encode()


def test_the_format_s_own_example_reads_as_its_page_would():
    page = companion.read((PAGES / "companion.json").read_bytes(), "c.json")
    assert (page.judge, page.title, page.id) == ("Codeforces", "Castle Defense", "954G")
    assert (page.time_limit, page.memory_limit) == (1.5, 256)
    assert (page.time_shown, page.memory_shown, page.origin) == ("1500 ms", "256 MB", "the file")
    assert page.samples[0] == ("5 0 6\n5 4 3 4 9\n", "5\n") and len(page.samples) == 3
    assert page.interactive is False


def test_a_cph_prob_file_of_a_group_contest():
    page = companion.read((PAGES / "cph.prob").read_bytes(), "x.prob")
    assert (page.judge, page.title, page.id) == (
        "Codeforces",
        "Print Digits using Recursion",
        "223339D",
    )
    assert page.samples == [("3\n121\n39\n123456\n", "1 2 1\n3 9\n1 2 3 4 5 6\n")]
    assert page.source_file == "d:\\2.1\\C++\\Code\\D_Print_Digits_using_Recursion.cpp"


@pytest.mark.parametrize(("given", "kept"), [("/w/a.py", "/w/a.py"), (7, None), ("  ", None)])
def test_cph_s_source_file_is_kept_as_the_data_names_it(given, kept):
    """cph's srcPath, the source file the problem was saved for, is ``new``'s to adopt."""
    assert companion.read(data(srcPath=given), "x.prob", "AtCoder").source_file == kept
    assert companion.read(data(), "x.json", "AtCoder").source_file is None


@pytest.mark.parametrize(
    ("url", "judge", "problem_id"),
    [
        ("https://atcoder.jp/contests/abc443/tasks/abc443_e", "AtCoder", "abc443_e"),
        ("https://open.kattis.com/problems/toilet", "Kattis", "toilet"),
        ("http://poj.org/problem?id=1643", "POJ", "1643"),
        ("https://acm.timus.ru/problem.aspx?space=1&num=1000", "Timus", "1000"),
        ("https://acm.timus.ru/problem.aspx?num=1000", "Timus", "1000"),
        ("https://timus.online/problem.aspx?num=1001&space=1", "Timus", "1001"),
        # the third of Timus' hosts Competitive Companion reads problems from
        ("https://acm-judge.urfu.ru/problem.aspx?space=1&num=1098", "Timus", "1098"),
        # a contest's problem 1, not the archive's: its id was "1"
        ("https://acm.timus.ru/problem.aspx?space=340&num=1", "Timus", None),
        ("https://acm.timus.ru/problem.aspx?num=2&space=12", "Timus", None),
        ("https://www.spoj.com/problems/TEST/", "SPOJ", "TEST"),
        ("https://cses.fi/problemset/task/1068", "CSES", "1068"),  # its id was "?"
        # Library Checker's problems: its judge was the group's, "Library Checker", no id
        ("https://judge.yosupo.jp/problem/unionfind", "Library Checker", "unionfind"),
        (
            "https://judge.yosupo.jp/problem/point_add_range_sum",
            "Library Checker",
            "point_add_range_sum",
        ),
        # yukicoder's "No.1020": its judge was the group's, no id (Competitive Companion's
        # tests/data/yukicoder)
        ("https://yukicoder.me/problems/no/1020", "yukicoder", "1020"),
        ("https://yukicoder.me/problems/5191", "yukicoder", None),  # not the number: none
        # Virtual Judge submits to the judge its address names: every one was "Virtual Judge",
        # the strictest targets, no id (Competitive Companion's tests/data/virtual-judge)
        ("https://vjudge.net/problem/CodeForces-234A", "Codeforces", "234A"),
        ("https://vjudge.net.cn/problem/Gym-104385A#author=GPT_zh", "Codeforces", "104385A"),
        ("https://vjudge.net/problem/AtCoder-arc083_b", "AtCoder", "arc083_b"),
        ("https://vjudge.net/problem/Kattis-dasblinkenlights", "Kattis", "dasblinkenlights"),
        ("https://vjudge.net/problem/URAL-1009", "Timus", "1009"),
        ("https://vjudge.net/problem/SPOJ-LCMSUM", "SPOJ", "LCMSUM"),
        ("https://vjudge.net/problem/HDU-3642", "HDU", "3642"),
        ("https://vjudge.net/problem/OpenJ_POJ-C16F", "OpenJ_POJ", "C16F"),
        ("https://vjudge.net/contest/480959#problem/A", "Virtual Judge", None),
        # a name close to a profile's, which problems.toml would refuse: the group's
        ("https://vjudge.net/problem/CodeForce-1A", "Virtual Judge", None),
    ],
)
def test_the_judge_and_id_come_from_the_address(url, judge, problem_id):
    named = "" if "vjudge" in url else "ignored"
    page = companion.read(data(url=url, group="Virtual Judge - X"), "p.json", named)
    assert (page.judge, page.id) == (judge, problem_id)


def test_an_unknown_address_takes_the_judge_named_else_the_group_else_the_host():
    url = "https://judge.example/problemset/task/1068"
    assert companion.read(data(url=url, group="Example - Problem Set"), "p", "Mine").judge == "Mine"
    assert companion.read(data(url=url, group="Example - Problem Set"), "p").judge == "Example"
    assert companion.read(data(url=url), "p").judge == "judge.example"
    with pytest.raises(BuildError, match="^p: no judge in its 'url' or 'group'; name it with"):
        companion.read(data(), "p")


def test_a_group_s_judge_close_to_a_profile_s_name_is_refused_saying_so():
    """Timus' group from an address the kit does not know: problems.toml refused it, after
    the files were written and taken back, as if the user had written it there."""
    timus = data(group="Timus Online Judge - Archive", url="https://mirror.example/p?num=1")
    with pytest.raises(BuildError, match="^p: its group names the judge 'Timus Online Judge', "):
        companion.read(timus, "p")
    assert companion.read(timus, "p", "Timus").judge == "Timus"


def test_a_cph_local_problem_names_no_judge():
    """cph's problem of a file of one's own: its group "local", its url the file; "local" was
    taken for a judge (the strictest targets, without a word)."""
    local = data(name="Local: sol", group="local", url="/home/me/sol.py", local=True)
    with pytest.raises(BuildError, match="^p: cph's local problem, of no judge; name it with "):
        companion.read(local, "p")
    assert companion.read(local, "p", "Codeforces").judge == "Codeforces"


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        (
            "https://atcoder.jp/contests/abc300/tasks/abc300_a",
            "https://atcoder.jp/contests/abc300/tasks/abc300_a",
        ),
        ("http://poj.org/problem?id=1643", "http://poj.org/problem?id=1643"),
        ("/home/me/sol.py", None),  # cph's local problem: its source file
        ("C:\\Users\\me\\sol.py", None),
        ("", None),
        (7, None),
    ],
)
def test_the_data_s_address_is_the_page_s_when_it_is_http_or_https(url, kept):
    assert companion.read(data(url=url), "p.json", "AtCoder").url == kept


@pytest.mark.parametrize(
    ("given", "mebibytes", "shown"),
    [
        (65, 64, "65 MB, 65536 KB in thousands"),  # HDU's 65536 K, from tests/data/hdoj
        (262, 256, "262 MB, 262144 KB in thousands"),  # Aizu beta's 262144 KB
        (131.072, 128, "131.072 MB, 131072 KB in thousands"),
        (1048, 1024, "1048 MB, 1048576 KB in thousands"),
        (32, 32, "32 MB"),  # 32768 KB's thousands, as likely 32 MB meant
        (66, 66, "66 MB"),
    ],
)
def test_a_limit_of_kilobytes_in_thousands_is_read_as_those_kilobytes(given, mebibytes, shown):
    """Read as MB, HDU's 65536 KB limit was 65 MiB, 1.5 % above the judge's."""
    page = companion.read(data(memoryLimit=given, group="HDU"), "p")
    assert (page.memory_limit, page.memory_shown) == (mebibytes, shown)


def test_atcoder_cli_s_contest_file_read_as_a_problem_is_named_with_what_to_do():
    """Data read as one problem's (from an address): new reads the file in the workspace."""
    task = {"id": "abc1_a", "url": "https://atcoder.jp/contests/abc1/tasks/abc1_a"}
    contest = json.dumps({"contest": {"id": "abc1"}, "tasks": [task, task]}).encode()
    with pytest.raises(BuildError) as raised:
        companion.read(contest, "c")
    assert str(raised.value) == (
        "c: atcoder-cli's contest.acc.json, a contest of 2 tasks, not one problem: new --from "
        "reads it as a file of the workspace, beside the tasks' folders, and makes each task"
    )


def test_without_a_memory_limit_the_judge_s_usual_one_else_an_error():
    url = "https://atcoder.jp/contests/abc443/tasks/abc443_e"
    page = companion.read(data(url=url, memoryLimit=None), "p")
    assert (page.memory_limit, page.memory_shown) == (1024, "none given, AtCoder's usual")
    cses = companion.read(data(url="https://cses.fi/problemset/task/1068", memoryLimit=None), "p")
    assert (cses.judge, cses.memory_limit, cses.memory_shown) == (
        "CSES",
        512,
        "none given, CSES's usual",
    )
    with pytest.raises(BuildError, match=r"^p: no 'memoryLimit' \(MB, in Competitive Compan"):
        companion.read(data(group="SPOJ", memoryLimit=None), "p")
    with pytest.raises(BuildError, match=r"and Library Checker has no usual limit here"):
        companion.read(data(url="https://judge.yosupo.jp/problem/unionfind", memoryLimit=None), "p")


def test_competitive_companion_s_default_limits_are_said_to_be_its_own():
    """1000 ms and 1024 MB, what it sends when its parser reads no limits (TaskBuilder.ts at
    df90fab; uDebug's, Universal Cup's, ...), were shown and stored as the problem's: kept,
    but said to be its defaults, with a note. From a host the kit knows (its parser reads both)
    or with another limit, they are the page's."""
    url = "https://contest.ucup.ac/contest/1/problem/2"
    page = companion.read(
        data(url=url, group="Universal Cup", timeLimit=1000, memoryLimit=1024), "p"
    )
    said = "Competitive Companion's default, perhaps not the problem's"
    assert (page.time_limit, page.memory_limit) == (1, 1024)
    assert (page.time_shown, page.memory_shown) == (f"1000 ms, {said}", f"1024 MB, {said}")
    assert page.notes == (companion.DEFAULT_NOTE,)
    assert companion.DEFAULT_NOTE.startswith("the limits 1000 ms and 1024 MB are Competitive")
    assert companion.DEFAULT_NOTE.endswith(
        ": check the problem's page and set time_limit and memory_limit"
    )
    atcoder = "https://atcoder.jp/contests/abc443/tasks/abc443_e"
    for url, time, memory in ((atcoder, 1000, 1024), (url, 1000, 256), (url, 2000, 1024)):
        page = companion.read(data(url=url, group="X", timeLimit=time, memoryLimit=memory), "p")
        assert page.notes == () and page.time_shown == f"{time} ms", url


UNREAD = "Competitive Companion's default, perhaps not the problem's"
FIXED = "Competitive Companion's fixed value for the site, perhaps not the problem's"


@pytest.mark.parametrize(
    ("url", "group", "time", "memory", "shown", "judge"),
    [  # VirtualJudgeProblemParser.ts sets each only from a <dt> the page has: the judge its
        # address names was taken for the page's reader of both
        ("https://vjudge.net/problem/CodeForces-234A", "Virtual Judge - CodeForces", 1000, 256,
         (f"1000 ms, {UNREAD}", "256 MB"), "Codeforces"),
        ("https://vjudge.net/problem/AtCoder-arc083_b", "Virtual Judge - AtCoder", 2000, 1024,
         ("2000 ms", f"1024 MB, {UNREAD}"), "AtCoder"),
        ("https://vjudge.net/problem/URAL-1009", None, 1000, 64,  # cph's data without a group
         (f"1000 ms, {UNREAD}", "64 MB"), "Timus"),
        # DOMjudgeContestParser.ts' parseLimits: 1000 ms and 2048 MB of its own, each alone
        ("https://dj.example/team/problems/3/text", "DOMjudge", 1000, 2048,
         (f"1000 ms, {UNREAD}", f"2048 MB, {UNREAD}"), "DOMjudge"),
        ("https://dj.example/team/problems/3/text", "DOMjudge", 2000, 2048,
         ("2000 ms", f"2048 MB, {UNREAD}"), "DOMjudge"),
        ("https://dj.example/team/problems/3/text", "DOMjudge", 1000, 1024,
         (f"1000 ms, {UNREAD}", "1024 MB"), "DOMjudge"),
        # DMOJProblemParser.ts: each only where the page has its icon, at each of its hosts
        ("https://oj.vnoi.info/problem/x", "VNOI Online Judge", 2000, 1024,
         ("2000 ms", f"1024 MB, {UNREAD}"), "VNOI Online Judge"),
        ("https://uva.onlinejudge.org/index.php?p=1", "UVa Online Judge", 3000, 32,
         ("3000 ms", f"32 MB, {FIXED}"), "UVa Online Judge"),
        # BaekjoonOnlineJudgeProblemParser.ts reads the memory limit always, the time not
        ("https://www.acmicpc.net/problem/1000", "Baekjoon Online Judge", 1000, 1024,
         (f"1000 ms, {UNREAD}", "1024 MB"), "Baekjoon Online Judge"),
        # LibraryCheckerOldProblemParser.ts: 5000 ms for every problem, read from no page;
        # its 1024 MB is every Library Checker problem's
        ("https://old.yosupo.jp/problem/unionfind", "Library Checker", 5000, 1024,
         (f"5000 ms, {FIXED}", "1024 MB"), "Library Checker"),
        # CodeChefNewProblemParser.ts: time only from its box, memory 256 always
        ("https://www.codechef.com/problems/X", "CodeChef - Practice", 1000, 256,
         (f"1000 ms, {UNREAD}", f"256 MB, {FIXED}"), "CodeChef"),
        ("https://www.hackerrank.com/challenges/x/problem", "HackerRank", 4000, 512,
         (f"4000 ms, {FIXED}", f"512 MB, {FIXED}"), "HackerRank"),
    ],
)  # fmt: skip
def test_a_limit_the_parser_did_not_read_is_said_to_be_its_default_or_fixed_value(
    url, group, time, memory, shown, judge
):
    """Competitive Companion at df90fab: parsers that set a limit only when the page shows
    one send its default for the other, whatever the address; some send one value always.
    Each such limit is said so alone; a limit its parser read is the page's."""
    page = companion.read(data(url=url, group=group, timeLimit=time, memoryLimit=memory), "p")
    assert (page.time_shown, page.memory_shown, page.judge) == (*shown, judge)
    assert (page.time_limit, page.memory_limit) == (time / 1000, memory)
    assert len(page.notes) == len({shown[0].partition(", ")[2], shown[1].partition(", ")[2]} - {""})


def test_the_notes_name_each_limit_not_read_and_whose_value_it_is():
    vjudge = data(url="https://vjudge.net/problem/HDU-3642", timeLimit=2000, memoryLimit=1024)
    assert companion.read(vjudge, "p").notes == (
        "the memory limit 1024 MB is Competitive Companion's default, which it sends when it "
        "reads none from the page: check the problem's page and set memory_limit",
    )
    domjudge = data(url="", group="DOMjudge", timeLimit=1000, memoryLimit=2048)
    assert companion.read(domjudge, "p").notes == (
        "the limits 1000 ms and 2048 MB are Competitive Companion's defaults, which it sends "
        "when it reads none from the page: check the problem's page and set time_limit and "
        "memory_limit",
    )
    codechef = data(url="", group="CodeChef", timeLimit=1000, memoryLimit=256)
    assert companion.read(codechef, "p").notes[1] == (
        "the memory limit 256 MB is Competitive Companion's fixed value for the site, which it "
        "sends for every problem there: check the problem's page and set memory_limit"
    )
    hackerrank = data(url="", group="HackerRank", timeLimit=4000, memoryLimit=512)
    assert (
        companion.read(hackerrank, "p")
        .notes[0]
        .startswith(
            "the limits 4000 ms and 512 MB are Competitive Companion's fixed values for the site, "
        )
    )


@pytest.mark.parametrize(
    ("parser", "url"),
    [
        ("CodeforcesProblemParser.ts", "https://codeforces.com/contest/1913/problem/A"),
        ("AtCoderProblemParser.ts", "https://atcoder.jp/contests/abc443/tasks/abc443_e"),
        ("KattisProblemParser.ts", "https://open.kattis.com/problems/hello"),
        ("CSESProblemParser.ts", "https://cses.fi/problemset/task/1068"),
        ("TimusOnlineJudgeProblemParser.ts", "https://acm.timus.ru/problem.aspx?space=1&num=1000"),
        ("SPOJProblemParser.ts", "https://www.spoj.com/problems/TEST/"),
        ("LibraryCheckerProblemParser.ts", "https://judge.yosupo.jp/problem/unionfind"),
        ("POJProblemParser.ts", "http://poj.org/problem?id=1000"),
        ("YukicoderProblemParser.ts", "https://yukicoder.me/problems/no/1020"),
    ],
)
def test_the_kit_s_judges_parsers_read_both_limits_so_1000_ms_and_1024_mb_are_the_page_s(
    parser, url
):
    """Each of these parsers sets both limits from the page or fails (its regular expression
    finds none and it throws: nothing is sent), so 1000 ms and 1024 MB from them are the
    problem's; Library Checker's 1024 MB is a value of its parser, every problem's there."""
    page = companion.read(data(url=url, group="X", timeLimit=1000, memoryLimit=1024), "p")
    assert (page.time_shown, page.memory_shown, page.notes) == ("1000 ms", "1024 MB", ()), parser


@pytest.mark.parametrize(
    ("parser", "url", "group"),
    [  # both divide the page's KB by 1000: 65536K is 65
        ("POJProblemParser.ts", "http://poj.org/problem?id=1000", "POJ"),
        ("CodeforcesProblemParser.ts, acm.sgu.ru's archive",
         "https://codeforces.com/problemsets/acmsguru/problem/99999/100",
         "Codeforces - acm.sgu.ru archive"),
    ],
)  # fmt: skip
def test_a_parser_s_kb_in_thousands_is_read_as_the_page_s_mib(parser, url, group):
    page = companion.read(data(url=url, group=group, memoryLimit=65), "p")
    assert (page.memory_limit, page.memory_shown) == (64, "65 MB, 65536 KB in thousands"), parser


def test_tests_empty_on_both_sides_are_left_out_and_interactive_is_read():
    tests = [{"input": "", "output": ""}, {"input": "", "output": "7\n"}]
    page = companion.read(data(group="X", tests=tests, interactive=True), "p")
    assert page.samples == [("", "7\n")] and page.interactive is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"{", "p: not readable as JSON (line 1, column 2: "),
        (b"[1]", "p: JSON, but not a problem in Competitive Companion's format (no 'tests')"),
        (b'{"tests": [], "name": "caf\xe9"}', "p: JSON that is not UTF-8 (nor UTF-16 or -32) text"),
        (data(group="X", timeLimit="1000"), "p: 'timeLimit' is '1000' (expected a number, as "),
        (data(group="X", timeLimit=0), "p: timeLimit 0: expected milliseconds, from 10 to 99999"),
        (data(group="X", timeLimit=5), "p: timeLimit 5: expected milliseconds, from 10"),
        (data(group="X", timeLimit=120000), "p: timeLimit 120000: expected milliseconds, from 1"),
        (b'{"group": "X", "name": "A", "timeLimit": NaN, "tests": []}', "p: timeLimit nan: "),
        (data(group="X", memoryLimit=1 << 21), "p: memoryLimit 2097152: expected megabytes, from"),
        (data(group="X", timeLimit=10**400), "p: timeLimit 1000"),  # too large for a float
        (data(group="X", memoryLimit=10**400), "p: memoryLimit 1000"),
        (b'{"tests": [], "timeLimit": 1' + b"0" * 5000 + b"}", "p: not readable as JSON (Exc"),
        (
            b'{"group": "X", "name": "A", "timeLimit": 1000, "memoryLimit": Infinity, "tests": []}',
            "p: memoryLimit inf: expected megabytes",
        ),
        (
            data(group="X", interactive="true"),
            "p: 'interactive' is 'true' (expected true or false)",
        ),
        (data(group="X", memoryLimit=True), "p: 'memoryLimit' is True (expected a number"),
        (data(group="X", name=None), "p: 'name' is missing (expected a string"),
        (data(group="X", tests={}), "p: 'tests' is not a list"),
        (data(group="X", tests=[{"input": "1"}]), "p: test 1 has no 'input' and 'output' str"),
        (
            data(group="X", input={"type": "file", "fileName": "in.txt"}),
            "p: the problem's input is the file 'in.txt', not standard input; the kit runs",
        ),
        (  # Meta Hacker Cup's: it was "the file 'in.*[.]txt'"
            data(group="X", input={"type": "regex", "pattern": "in.*[.]txt"}),
            "p: the problem's input is the newest file matching 'in.*[.]txt', not standard inp",
        ),
        (  # it was written as "?": a sample that is not the data's, without a word
            data(
                group="X",
                tests=[{"input": "1\n", "output": "x"}, {"input": "\udcff\n", "output": "1"}],
            ),
            "p: test 2's input holds '\\udcff' at character 0, a lone surrogate, which no UTF-8",
        ),
        (
            data(group="X", tests=[{"input": "1\n", "output": "2\ud800"}]),
            "p: test 1's output holds '\\ud800' at character 1, a lone surrogate",
        ),
    ],
)
def test_what_cannot_be_read_is_one_line(text, message):
    with pytest.raises(BuildError) as caught:
        companion.read(text, "p")
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "changes",
    [
        {"name": ["x"] * 5000},
        {"timeLimit": "9" * 5000},
        {"timeLimit": 10**1000},
        {"memoryLimit": 10**1000},
        {"interactive": "yes" * 5000},
        {"input": {"type": "file", "fileName": "in" * 5000}},
        {"input": {"type": "regex", "pattern": "in" * 5000}},
    ],
)
def test_a_huge_wrong_value_is_shown_cut_short(changes):
    """A wrong field was shown whole: a name of thousands of items made a line of them all."""
    with pytest.raises(BuildError) as caught:
        companion.read(data(group="X", **changes), "p")
    message = str(caught.value)
    assert "..." in message and len(message) < 200 and "\n" not in message
    if "name" in changes:
        assert message == (
            "p: 'name' is ['x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', '... "
            "(expected a string, as Competitive Companion's format has it)"
        )


def test_json_is_told_from_a_page_by_its_first_character():
    assert companion.looks_like('\ufeff \n {"a": 1}'.encode()) and companion.looks_like(b"[]")
    assert companion.looks_like(b"\xff\xfe \x00{\x00")  # UTF-16 with its mark
    assert not companion.looks_like(b"<!DOCTYPE html><html>{")


def test_utf16_data_reads_and_odd_text_is_made_safe_to_write():
    """UTF-16 with its mark (Windows' editors); a name on several lines, a lone surrogate
    (no file can hold it), a group judge with quotes; tests' blank lines and spaces kept."""
    given = json.loads(data(group='Fo"o\\ - bar', name="1000.  A+B\n Problem \ud800"))
    given["tests"] = [{"input": "\nabc  \n\n", "output": "a \n"}]
    page = companion.read(b"\xff\xfe" + json.dumps(given).encode("utf-16-le"), "p")
    assert (page.title, page.judge) == ("A+B Problem ?", "Foo")
    assert page.samples == [("\nabc  \n\n", "a \n")]
    assert companion.read(data(url="http://[::1", group="X"), "p").judge == "X"


def test_tests_are_written_as_a_judge_s_files_with_lf_and_a_final_newline():
    """ "1 2" was written with no final newline and "11\\r\\n" kept its CRLF, unlike every
    judge's test file (and online-judge-tools' samples)."""
    tests = [{"input": "1 2", "output": "3"}, {"input": "11\r\n2\r\n", "output": "13\r\n"}]
    page = companion.read(data(group="X", tests=tests), "p")
    assert page.samples == [("1 2\n", "3\n"), ("11\n2\n", "13\n")]
    assert page.notes == (
        "the data's tests 1, 2 written with LF line ends and a final newline, as a judge's "
        "test files have them",
    )
    tests = [{"input": "", "output": ""}, {"input": "1\n", "output": "1\n"}, tests[0]]
    assert (
        companion.read(data(group="X", tests=tests), "p")
        .notes[0]
        .startswith("the data's test 3 written")
    )  # the data's numbering; one already a judge's is not named, none of them no note
    assert companion.read(data(group="X", tests=tests[:2]), "p").notes == ()


def test_control_characters_in_the_name_are_blanks():
    """A NUL went into every scaffolded file (no longer Python), a DEL into problems.toml
    (refused as problems.toml's own error)."""
    page = companion.read(data(group="X", name="A\u0000B\u007fC\u0085D"), "p")
    assert page.title == "A B C D"


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("G. Castle Defense", "Castle Defense"),
        ("A - Day of Takahashi", "Day of Takahashi"),
        ("1000. A+B Problem", "A+B Problem"),
        # a Kattis contest's, as its page reader reads the title: it kept "Problem A - "
        ("Problem A - Oktalni", "Oktalni"),
        ("Problem 4 - Range Queries", "Range Queries"),
        ("No.1020 Reverse", "Reverse"),  # yukicoder's number: it was kept, the slug no_1020_reverse
        ("A.", "A."),  # nothing after it: the name stays
        # a letter and a colon: the slug was the letter's, a, c
        ("A: Sum", "Sum"),
        ("C: サボテンクエリ", "サボテンクエリ"),
        ("Note: Sum", "Note: Sum"),  # a word, not a problem's letter
    ],
)
def test_a_problem_s_letter_or_number_before_its_title_is_dropped(name, title):
    assert companion.read(data(group="X", name=name), "p").title == title


@pytest.mark.parametrize(
    ("name", "slug"),
    [("No.1020 Reverse", "reverse"), ("No.1234 典型的なやつ", "yukicoder_1234")],
)
def test_a_yukicoder_problem_is_named_by_its_title_else_its_judge_and_number(name, slug):
    """Competitive Companion's yukicoder problem (its tests/data/yukicoder) was a problem of
    id "?", its slug ``no_1020_reverse`` (``no_1234`` for a title in Japanese)."""
    number = name.split()[0].removeprefix("No.")
    url = f"https://yukicoder.me/problems/no/{number}"
    page = companion.read(data(name=name, group="yukicoder", url=url), "p.json")
    assert (page.judge, page.id, slug_of(page)) == ("yukicoder", number, slug)


def test_a_title_after_a_letter_and_a_colon_makes_the_slug_else_a_slug_is_asked_for():
    """A title "A: Sum" or "A: 硕鼠" made the slug ``a``: the letter is a problem's number in its
    contest, as "A. Sum"'s is."""
    assert slug_of(companion.read(data(group="X", name="A: Sum"), "p")) == "sum"
    with pytest.raises(BuildError, match="^new: no slug can be made of the title '硕鼠'$"):
        slug_of(companion.read(data(group="X", name="A: 硕鼠"), "p"))


def test_cph_s_custom_checker_is_named_in_a_note_and_no_compare_is_written():
    """cph's ``customCheckerPath`` was dropped without a word: cph runs it as ``python CHECKER
    INPUT OUTPUT`` (exit 0 accepts), which neither ``checker:PATH`` (INPUT OUTPUT ANSWER,
    testlib's statuses) nor ``validator:PATH`` matches."""
    page = companion.read(data(group="X", customCheckerPath="/home/me/check.py"), "p")
    assert page.notes == (
        "cph's custom checker /home/me/check.py is not carried over (cph runs `python CHECKER "
        "INPUT OUTPUT`, exit 0 accepting, no compare rule's calling convention): the problem "
        "is judged by the judge's default comparison until compare is set",
    )
    for blank in ("", " ", None, 3):
        assert companion.read(data(group="X", customCheckerPath=blank), "p").notes == ()

"""kit.commands.new: ``new`` writes the judge's usual time and memory limits where its profile
has them (AtCoder, Codeforces), placeholders said to be placeholders elsewhere (the profiles'
figures themselves are pinned by tests/kit/judges/test_profiles.py); with ``--from`` and no
SLUG, the page's id or its title made a slug; with ``--package``, a table naming the package
and no samples or interactor of its own; with ``--solution`` and ``--samples``, the user's own
file and folder adopted where they are, never written over; the rest of ``new``, end to end, is in
tests/test_commands.py, tests/kit/test_scaffold.py and tests/kit/test_pages.py, its writing
taken back on a failure in tests/kit/commands/test_planned_problems.py and its slugs in
tests/kit/commands/test_new_slugs.py, atcoder-cli's contest.acc.json in
tests/kit/commands/test_new_contest.py."""

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from kit import cli
from kit.judges.profiles import NEAR_MISS, misspelt_judge
from kit.pages import poj
from kit.pages.page import ANY_ANSWER_NOTE
from kit.problem_cases import sample_cases
from kit.registry import load_registry
from kit.scaffold import ANY_ANSWER_COMMENT
from tests.acc_support import ACC_TASK, acc_contest, acc_task
from tests.command_support import disk_full_at

PACKAGES = Path(__file__).resolve().parents[2] / "fixtures" / "packages"


@pytest.mark.parametrize(
    ("judge", "seconds", "mebibytes"), [("AtCoder", 2.0, 1024), ("codeforces", 2.0, 256)]
)
def test_new_writes_the_judge_usual_limits(toy, capsys, judge, seconds, mebibytes):
    assert cli.main(["new", "alpha", "--judge", judge, "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert f"limits {seconds:g} s, {mebibytes} MiB, the judge's usual ones; set id" in out
    problem = load_registry(toy)["alpha"]
    assert (problem.time_limit, problem.memory_limit) == (seconds, mebibytes)
    text = (toy / "problems.toml").read_text()
    owner = {"AtCoder": "AtCoder's", "codeforces": "Codeforces'"}[judge]
    assert f"time_limit = {seconds}  # seconds ({owner} usual limit; the statement's own" in text
    assert f"memory_limit = {mebibytes}  # MiB ({owner} usual limit;" in text


def test_a_slug_that_is_an_atcoder_task_id_is_the_problem_s_id(toy, capsys):
    """``new abc300_a --judge AtCoder`` wrote ``id = "?"`` and said "set id"."""
    assert cli.main(["new", "abc300_a", "--judge", "AtCoder", "--root", str(toy)]) == 0
    assert "the judge's usual ones; id abc300_a, the slug)" in capsys.readouterr().out
    assert load_registry(toy)["abc300_a"].id == "abc300_a"


@pytest.mark.parametrize(
    ("slug", "said", "ident"),
    [
        ("arc058_e", "id arc058_c, the slug's task)", "arc058_c"),
        ("abc042_c", "id arc058_a, the slug's task)", "arc058_a"),  # ARC 058's C, held with it
        ("abc300_1", "note: [abc300_1]'s id is not told by its name: ABC 300's task ids", "?"),
        ("abc042_e", "note: [abc042_e]'s id is not told by its name: ABC 042 had four", "?"),
    ],
)
def test_a_slug_naming_an_atcoder_task_gets_its_id_or_a_note(toy, capsys, slug, said, ident):
    """``new arc058_e`` wrote ``id = "arc058_e"``, an address of no task (ARC 058's E is
    ``arc058_c``), and ``abc300_1`` its own name, though ABC 300's ids are lettered."""
    assert cli.main(["new", slug, "--judge", "AtCoder", "--root", str(toy)]) == 0
    assert said in capsys.readouterr().out
    assert load_registry(toy)[slug].id == ident


def test_the_next_command_finds_the_workspace_from_where_new_ran(
    toy, tmp_path, capsys, monkeypatch
):
    """``cpkit --root ws new x`` said "next: cpkit x", which outside ``ws`` finds no workspace."""
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert cli.main(["new", "alpha", "--judge", "POJ", "--root", str(toy)]) == 0
    assert capsys.readouterr().out.endswith(f"next: cpkit alpha --root {toy.resolve()}\n")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["new", "gamma", "--judge", "POJ", "--root", str(toy)]) == 0
    assert capsys.readouterr().out.endswith("next: cpkit gamma --root toy\n")
    monkeypatch.chdir(toy / "solutions")
    assert cli.main(["new", "beta", "--judge", "POJ", "--root", str(toy)]) == 0
    assert capsys.readouterr().out.endswith("next: cpkit beta\n")


def test_the_files_written_are_named_from_the_current_folder(toy, capsys, monkeypatch):
    """``cd samples && cpkit new foo`` listed ``tests/test_foo.py``, a path from the root,
    though the kit names the files it writes from the current folder (the README): now
    ``../tests/test_foo.py``; an adopted solution and samples' folder as well."""
    monkeypatch.chdir(toy / "samples")
    assert cli.main(["new", "foo", "--judge", "AtCoder"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("  ../problems.toml    [foo] (judge AtCoder; limits 2 s")
    assert out[2:7] == [
        "  ../tests/test_foo.py",
        "  ../solutions/foo.py",
        "  ../stress/foo.py",
        "  ../bench/foo.py",
        "  foo/  (add sample-1.in/.out)",
    ]
    acc_task(toy)
    monkeypatch.chdir(toy / "abc300" / "a")
    args = ["--solution", "main.py", "--samples", "tests", "--judge", "AtCoder"]
    assert cli.main(["new", "alpha", *args]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "  main.py  (the solution, adopted where it is: --solution)"
    assert out[3] == "  ../../tests/test_alpha.py"
    assert out[6] == "  tests/  (the samples' folder, adopted where it is)"


@pytest.mark.parametrize("slug", ["run", "build", "stress", "verify"])
def test_a_command_s_name_is_no_slug(toy, capsys, slug):
    """``cpkit run`` would run the command, never build a problem of that name."""
    assert cli.main(["new", slug, "--judge", "POJ", "--root", str(toy)]) == 2
    assert f"new: {slug!r} is the name of a command (cpkit {slug} runs it" in (
        capsys.readouterr().err
    )
    assert slug not in load_registry(toy)


@pytest.mark.parametrize("slug", ["heapq", "random", "string", "symbol", "parser", "cgi", "imp"])
def test_a_standard_module_s_name_is_no_slug(toy, capsys, slug):
    """dist/heapq.py was made: ``python3 dist/two_sum.py`` (oj t's way) then imported it for
    ``import heapq``, and failed where the kit, running with -I, said ok. Standard under any
    Python from 3.8, whichever runs the kit: ``symbol`` and ``parser`` (gone in 3.10) were
    taken under 3.11, ``cgi`` and ``imp`` (gone in 3.13 and 3.12) under 3.13."""
    assert cli.main(["new", slug, "--judge", "AtCoder", "--root", str(toy)]) == 2
    assert f"new: {slug!r} is the name of a standard module: dist/{slug}.py and" in (
        capsys.readouterr().err
    )
    assert slug not in load_registry(toy)
    assert not (toy / "solutions" / f"{slug}.py").exists()


def test_new_writes_placeholders_for_a_judge_without_usual_limits(toy, capsys):
    assert cli.main(["new", "alpha", "--judge", "Kattis", "--root", str(toy)]) == 0
    assert "(judge Kattis; set id and limits)" in capsys.readouterr().out
    text = (toy / "problems.toml").read_text()
    assert "time_limit = 1.0  # seconds (a placeholder: set the statement's)" in text
    assert "memory_limit = 256  # MiB (a placeholder: set the statement's)" in text


@pytest.mark.parametrize(
    ("page", "slug"),
    [
        ("tests/fixtures/pages/atcoder.html", "dp_b"),  # AtCoder's task id
        ("tests/fixtures/pages/codeforces.html", "rating_increase"),  # the title
    ],
)
def test_new_from_a_page_without_a_slug_takes_the_page_s_id_or_title(toy, capsys, page, slug):
    source = str(Path(__file__).resolve().parents[3] / page)
    assert cli.main(["new", "--from", source, "--root", str(toy)]) == 0
    assert capsys.readouterr().out.startswith(f"new problem {slug}:")
    assert slug in load_registry(toy)
    assert (toy / "solutions" / f"{slug}.py").exists()


def test_new_from_a_page_says_its_notes_and_takes_its_case_time_limit(toy, capsys):
    """A POJ page with Special Judge (its samples' answers one accepted output of several: its
    table gets compare = "checker:PATH" commented out, which it lacked) and a Case Time Limit
    (2000MS) beside its Time Limit (5000MS)."""
    page = Path(__file__).resolve().parents[3] / "tests/fixtures/pages/poj.html"
    assert cli.main(["new", "--from", str(page), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert "limits 2 s, 128 MiB from the page, id 3468" in out
    assert f"note: {poj.SPECIAL_JUDGE_NOTE}\nnext: " in out
    assert load_registry(toy)["a_simple_sum"].time_limit == 2.0
    said = "(from the page: Case Time Limit 2000MS; its Time Limit 5000MS is not per case)"
    text = (toy / "problems.toml").read_text()
    assert said in text and f"(from the page: 131072K)\n{ANY_ANSWER_COMMENT}" in text


def test_new_from_a_page_accepting_any_answer_says_so_and_leaves_a_checker_to_set(toy, capsys):
    """Codeforces 1913A's note gives another valid answer: a different valid answer was a
    wrong answer by tokens, unexplained."""
    page = Path(__file__).resolve().parents[3] / "tests/fixtures/pages/codeforces.html"
    assert cli.main(["new", "--from", str(page), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert f"note: {ANY_ANSWER_NOTE}\nnext: " in out
    text = (toy / "problems.toml").read_text()
    assert f"memory_limit = 256  # MiB (from the page: 256 megabytes)\n{ANY_ANSWER_COMMENT}" in text
    assert load_registry(toy)["rating_increase"].compare == "tokens"  # set by the user, not here


def test_new_from_a_page_whose_limit_problems_toml_refuses_writes_nothing(toy, capsys, tmp_path):
    """POJ's 0K was written as memory_limit = 1."""
    page = Path(__file__).resolve().parents[3] / "tests/fixtures/pages/poj.html"
    zero = tmp_path / "zero.html"
    zero.write_text(page.read_text().replace("131072K", "0K"))
    before = (toy / "problems.toml").read_text()
    assert cli.main(["new", "--from", str(zero), "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        f"cpkit: error: new: {zero}: the memory limit '0K' is no limit in MiB (from 1 MiB, "
        "under 4096 MiB)\n"
    )
    assert (toy / "problems.toml").read_text() == before


def test_new_without_a_slug_or_a_page_is_a_one_line_error(toy, capsys):
    before = (toy / "problems.toml").read_text()
    assert cli.main(["new", "--judge", "POJ", "--root", str(toy)]) != 0
    error = capsys.readouterr().err
    assert (
        error == "cpkit: error: new: name the problem (SLUG), or give its page with --from PAGE\n"
    )
    assert (toy / "problems.toml").read_text() == before


@pytest.mark.parametrize(
    ("name", "slug", "kind", "files"),
    [
        ("kattis_sum", "kattis_sum", "batch", ["solutions/{}.py", "stress/{}.py", "bench/{}.py"]),
        # its short-name; a stress module and a bench stub of secret inputs
        (
            "polygon_guess",
            "guess",
            "interactive",
            ["solutions/{}.py", "stress/{}.py", "bench/{}.py"],
        ),
    ],
)
def test_new_from_a_package_names_it_and_takes_everything_else_from_it(
    toy, capsys, cache_home, name, slug, kind, files
):
    packed = shutil.make_archive(str(toy / "packs" / name), "zip", PACKAGES / name)
    assert cli.main(["new", "--package", packed, "--root", str(toy)]) == 0
    out = capsys.readouterr().out.splitlines()
    files = [path.format(slug) for path in ["tests/test_{}.py", *files]]
    assert out[0] == f"new problem {slug}:" and out[2:-2] == [f"  {path}" for path in files]
    assert (
        (toy / "problems.toml")
        .read_text()
        .endswith(
            f'[{slug}]\npackage = "packs/{name}.zip"  # title, judge, kind, limits, cases and '
            "checker: the package's (a key set here wins)\n"
        )
    )
    problem = load_registry(toy)[slug]
    assert (problem.kind, problem.source.format) == (kind, name.split("_")[0].capitalize())
    assert sample_cases(problem) and not (toy / "samples" / slug).exists()
    assert all((toy / path).is_file() for path in files)
    assert not (toy / "interactors" / f"{slug}.py").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--judge", "AtCoder"],
            "--judge AtCoder, but {p} is judged by Kattis (leave --judge out, or name Kattis); "
            "nothing was changed",
        ),
        (["--interactive"], "--interactive, but {p} is a batch problem's package"),
        (["--from", "x.html"], "give --package or --from, not both"),
        (["toy_sum"], "toy_sum exists in problems.toml; nothing was changed"),
    ],
)
def test_new_from_a_package_refuses_what_contradicts_it_touching_nothing(
    toy, capsys, extra, message
):
    before = (toy / "problems.toml").read_text()
    package = str(PACKAGES / "kattis_sum")
    assert cli.main(["new", "--package", package, "--root", str(toy), *extra]) == 2
    assert capsys.readouterr().err == f"cpkit: error: new: {message.format(p=package)}\n"
    assert (toy / "problems.toml").read_text() == before
    assert not (toy / "solutions" / "kattis_sum.py").exists()


def test_a_package_whose_name_makes_no_slug_says_how_to_name_one_quoted(toy, capsys, tmp_path):
    package = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "pkgs" / "12 34")
    assert cli.main(["new", "--package", str(package), "--root", str(toy)]) == 2
    error = capsys.readouterr().err
    assert error.endswith(f"name one: cpkit new SLUG --package '{package}'\n"), error


def test_a_package_whose_path_is_not_utf_8_is_one_line_touching_nothing(toy, capsys, tmp_path):
    """Its path goes into problems.toml, a UTF-8 file: writing it was a UnicodeEncodeError."""
    folder = tmp_path / os.fsdecode(b"\xffpkg")
    package = shutil.copytree(PACKAGES / "kattis_sum", folder)
    before = (toy / "problems.toml").read_bytes()
    assert cli.main(["new", "zz", "--package", str(package), "--root", str(toy)]) == 2
    error = capsys.readouterr().err
    assert "\\udcffpkg' is not one line of UTF-8 text, which problems.toml cannot hold" in error
    assert (toy / "problems.toml").read_bytes() == before


def test_a_package_without_a_time_limit_needs_one_given(toy, capsys, tmp_path):
    package = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "my packages" / "sum")
    (package / ".timelimit").unlink()
    before = (toy / "problems.toml").read_text()
    assert cli.main(["new", "--package", str(package), "--root", str(toy)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(
        f"cpkit: error: new: {package} fixes no time limit: give --time-limit S"
    )
    assert f"(`cpkit verify '{package}'` derives one" in error  # quoted: it pastes whole
    assert (toy / "problems.toml").read_text() == before
    assert (
        cli.main(["new", "--package", str(package), "--root", str(toy), "--time-limit", "2.5"]) == 0
    )
    assert "judge Kattis, 2.5 s, 256 MiB)" in capsys.readouterr().out
    assert load_registry(toy)["sum"].time_limit == 2.5
    assert (
        cli.main(["new", "other", "--judge", "AtCoder", "--root", str(toy), "--time-limit", "1"])
        == 2
    )
    error = capsys.readouterr().err  # and where to set it, which the error did not say
    assert "--time-limit goes with --package" in error
    assert "else edit the problem's time_limit in problems.toml once it is made)" in error


def test_a_slug_of_a_digit_first_is_suggested_after_the_judge_named(toy, capsys):
    assert cli.main(["new", "1900A", "--judge", "Codeforces", "--root", str(toy)]) == 2
    assert capsys.readouterr().err.endswith("(did you mean 'codeforces_1900a'?)\n")


def test_new_from_a_path_that_is_no_package_is_a_one_line_error(toy, capsys):
    assert cli.main(["new", "--package", "nowhere.zip", "--root", str(toy)]) == 2
    error = capsys.readouterr().err
    assert error == "cpkit: error: new: package nowhere.zip: no such folder or archive\n"


def companion(tmp_path, contest, title="A. Hello", letter="A"):
    """Competitive Companion's data of a Codeforces problem, as a file for ``--from``."""
    path = tmp_path / f"cf{contest}{letter}.json"
    data = {
        "name": title,
        "group": "Codeforces - Round",
        "url": f"https://codeforces.com/contest/{contest}/problem/{letter}",
        "interactive": False,
        "memoryLimit": 256,
        "timeLimit": 1000,
        "tests": [{"input": "1\n", "output": "1\n"}],
    }
    path.write_text(json.dumps(data))
    return str(path)


def test_two_contests_problems_of_one_title_get_slugs_of_their_own(toy, capsys, tmp_path):
    """The second "A. Hello" was refused (``hello exists``), and in a batch from ``listen``
    left out while the rest was made."""
    for contest in (1901, 1902):
        assert cli.main(["new", "--from", companion(tmp_path, contest), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert (
        "note: hello is taken by another problem in this workspace: this problem is hello_1902a\n"
        in out
    )
    registry = load_registry(toy)
    assert (registry["hello"].id, registry["hello_1902a"].id) == ("1901A", "1902A")
    assert cli.main(["new", "--from", companion(tmp_path, 1902), "--root", str(toy)]) == 2
    assert "new: hello_1902a exists in problems.toml" in capsys.readouterr().err  # the same one


def test_companion_s_address_is_written_as_the_problem_s_url(toy, capsys, tmp_path):
    assert cli.main(["new", "--from", companion(tmp_path, 1901), "--root", str(toy)]) == 0
    address = "https://codeforces.com/contest/1901/problem/A"
    assert (
        f'id = "1901A"\nurl = "{address}"\nkind = "batch"\n' in (toy / "problems.toml").read_text()
    )
    assert load_registry(toy)["hello"].url == address


def test_a_cph_local_problem_s_file_path_is_no_url(toy, capsys, tmp_path):
    """cph's problem of a file of one's own has the file's path in ``url``: no page's."""
    path = tmp_path / "local.prob"
    data = {"name": "Local: sol", "group": "local", "url": "/home/me/sol.py", "local": True,
            "memoryLimit": 256, "timeLimit": 1000, "tests": []}  # fmt: skip
    path.write_text(json.dumps(data))
    args = ["new", "sol", "--from", str(path), "--judge", "Codeforces", "--root", str(toy)]
    assert cli.main(args) == 0
    assert "url" not in (toy / "problems.toml").read_text().partition("[sol]")[2]
    assert load_registry(toy)["sol"].url is None


def test_a_second_file_after_from_is_said_to_be_one_file_too_many(toy, capsys, tmp_path):
    """``cpkit new --from .cph/.*.prob``: the glob's second file was taken for SLUG, refused
    as "a slug is a lower-case letter, ..."."""
    first, second = companion(tmp_path, 1901), companion(tmp_path, 1902)
    assert cli.main(["new", "--from", first, second, "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        f"cpkit: error: new: {second!r} is a file, not a SLUG: --from reads one file; "
        "for each of several, run new once\n"
    )
    assert "hello" not in load_registry(toy)


def test_a_title_that_is_a_command_s_name_takes_the_id_after_it(toy, capsys, tmp_path):
    page = companion(tmp_path, 1903, title="B. Run", letter="B")
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 0
    assert "this problem is run_1903b" in capsys.readouterr().out
    assert "run_1903b" in load_registry(toy)


def test_one_id_on_two_judges_is_two_problems(toy, capsys, tmp_path):
    """POJ 1000 and Timus 1000, both "A+B Problem": the second was refused as made already."""
    for url in ("http://poj.org/problem?id=1000", "https://acm.timus.ru/problem.aspx?num=1000"):
        page = tmp_path / "page.json"
        data = {"name": "A+B Problem", "url": url, "memoryLimit": 64, "timeLimit": 1000}
        page.write_text(json.dumps({**data, "tests": [{"input": "1 2\n", "output": "3\n"}]}))
        assert cli.main(["new", "--from", str(page), "--root", str(toy)]) == 0
    registry = load_registry(toy)
    assert (registry["a_b_problem"].judge, registry["a_b_problem_1000"].judge) == ("POJ", "Timus")


def id_less(tmp_path, title, url="https://pjudge.ac/contest/1/problem/21", name="p.json"):
    """Competitive Companion's data of a judge the kit has no reader for: no id."""
    page = tmp_path / name
    data = {"name": title, "group": "UOJ - NOIP Round #3", "url": url, "memoryLimit": 512}
    page.write_text(json.dumps({**data, "timeLimit": 1000, "tests": []}))
    return str(page)


def test_problems_of_one_judge_without_ids_and_one_slug_are_numbered(toy, capsys, tmp_path):
    """A contest's problems titled in Chinese after one Latin prefix: the second was refused
    as made already (``noip_round_3 exists``), taken for a problem of no id set yet; the same
    title again is the same problem."""
    for number, title in enumerate(("【NOIP Round #3】数字", "【NOIP Round #3】因子")):
        page = id_less(tmp_path, title, name=f"p{number}.json")
        assert cli.main(["new", "--from", page, "--root", str(toy)]) == 0
    assert "this problem is noip_round_3_2" in capsys.readouterr().out
    registry = load_registry(toy)
    assert registry["noip_round_3_2"].title == "【NOIP Round #3】因子"
    page = id_less(tmp_path, "【NOIP Round #3】因子")
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 2
    assert "new: noip_round_3_2 exists in problems.toml (UOJ" in capsys.readouterr().err
    # a title the slug's own ("Hello World") looked made by hand, and held its slug
    for title in ("Hello World", "Hello, World!"):
        assert cli.main(["new", "--from", id_less(tmp_path, title), "--root", str(toy)]) == 0
    assert load_registry(toy)["hello_world_2"].title == "Hello, World!"


def test_a_title_that_makes_no_slug_says_how_to_name_one_with_the_page_given(toy, capsys, tmp_path):
    """It said "cpkit new SLUG --from PAGE", PAGE left for the reader to fill in; the judge
    named goes with it (the data's address names none)."""
    page = id_less(tmp_path, "新年的促销", name="my page.json")
    assert cli.main(["new", "--from", page, "--judge", "UOJ", "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: no slug can be made of the title '新年的促销'; name one: "
        f"cpkit new SLUG --from '{page}' --judge UOJ\n"
    )


def test_a_problem_of_no_id_holds_its_slug_against_another_judge_s_only(toy, capsys, tmp_path):
    """An id-less judge's "1000. A+B Problem" first: POJ's 1000 was refused as made already;
    a problem made by hand for that judge, its id not set yet, still is the page's."""
    page = id_less(tmp_path, "1000. A+B Problem", url="https://citel.bjtu.edu.cn/acm/problem/1")
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 0
    poj = tmp_path / "poj.json"
    data = {"name": "A+B Problem", "url": "http://poj.org/problem?id=1000", "memoryLimit": 64}
    poj.write_text(json.dumps({**data, "timeLimit": 1000, "tests": []}))
    assert cli.main(["new", "--from", str(poj), "--root", str(toy)]) == 0
    assert load_registry(toy)["a_b_problem_1000"].judge == "POJ"
    assert cli.main(["new", "hello", "--judge", "Codeforces", "--root", str(toy)]) == 0
    assert cli.main(["new", "--from", companion(tmp_path, 1902), "--root", str(toy)]) == 2
    assert "new: hello exists in problems.toml" in capsys.readouterr().err


def test_a_problem_read_again_from_a_page_in_another_language_is_refused(toy, capsys, tmp_path):
    """Codeforces' 810D from its English page and then its Russian one: two problems of one
    judge and id, under two slugs."""
    english = companion(tmp_path, 810, "D. Glad to see you!", "D")
    assert cli.main(["new", "--from", english, "--root", str(toy)]) == 0
    page = companion(tmp_path, 810, "D. Очень приятно", "D")
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: glad_to_see_you exists in problems.toml (Codeforces 810D); "
        "nothing was changed\n"
    )
    assert [known.id for known in load_registry(toy).values()].count("810D") == 1
    assert cli.main(["new", "glad_ru", "--from", page, "--root", str(toy)]) == 2  # named too
    assert "new: glad_to_see_you exists in problems.toml" in capsys.readouterr().err


def test_a_kattis_id_taken_by_another_judge_s_problem_gets_the_judge_after_it(
    toy, capsys, tmp_path
):
    """Kattis' ``hello`` after Codeforces' "A. Hello": its slug is its id, and was refused."""
    assert cli.main(["new", "--from", companion(tmp_path, 1902), "--root", str(toy)]) == 0
    page = tmp_path / "kattis.json"
    data = {"name": "Hello World!", "url": "https://open.kattis.com/problems/hello"}
    page.write_text(json.dumps({**data, "memoryLimit": 1024, "timeLimit": 1000, "tests": []}))
    assert cli.main(["new", "--from", str(page), "--root", str(toy)]) == 0
    assert "this problem is hello_kattis" in capsys.readouterr().out
    assert load_registry(toy)["hello_kattis"].id == "hello"


@pytest.mark.parametrize(
    ("title", "slug", "why"),
    [
        ("D. Class", "class_1905d", "a Python keyword"),
        ("D. Kit", "kit_1905d", "the name of the kit's own module"),
    ],
)
def test_a_title_no_problem_can_be_named_takes_the_id_after_it(
    toy, capsys, tmp_path, title, slug, why
):
    """ "Class" failed as problems.toml's error; "Numpy" on AtCoder made dist/numpy.py, which
    ``python3 dist/other.py`` imported for ``import numpy``; "Kit", solutions/kit.py, ran for
    ``python -m kit`` from that folder."""
    page = companion(tmp_path, 1905, title=title, letter="D")
    if "Numpy" in title:
        data = json.loads(Path(page).read_text())
        data["url"] = "https://atcoder.jp/contests/abc300/tasks/abc300_d"
        Path(page).write_text(json.dumps(data))
        slug = "numpy_abc300_d"
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert f"is {why}" in out and f"this problem is {slug}" in out
    assert slug in load_registry(toy)


@pytest.mark.parametrize(("slug", "judge"), [("numpy", "AtCoder"), ("kit", "Codeforces")])
def test_a_slug_named_for_an_installed_module_or_the_kit_is_refused(toy, capsys, slug, judge):
    """``new numpy --judge AtCoder`` made dist/numpy.py, which ``python3 dist/other.py``
    imported for ``import numpy`` (AtCoder installs it)."""
    assert cli.main(["new", slug, "--judge", judge, "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert f"new: {slug!r} is the name of " in err and "name the problem otherwise" in err
    assert slug not in load_registry(toy)


def test_a_title_that_is_a_standard_module_s_name_takes_the_id_after_it(toy, capsys, tmp_path):
    page = companion(tmp_path, 1904, title="C. Random", letter="C")
    assert cli.main(["new", "--from", page, "--root", str(toy)]) == 0
    assert "this problem is random_1904c" in capsys.readouterr().out
    assert "random_1904c" in load_registry(toy)


def test_a_problem_made_by_hand_before_its_page_is_not_made_twice(toy, capsys, tmp_path):
    """``new hello --judge Codeforces`` (id "?"), then the page: refused as it was, not made
    again as hello_1902a."""
    assert cli.main(["new", "hello", "--judge", "Codeforces", "--root", str(toy)]) == 0
    assert cli.main(["new", "--from", companion(tmp_path, 1902), "--root", str(toy)]) == 2
    assert "new: hello exists in problems.toml" in capsys.readouterr().err
    assert "hello_1902a" not in load_registry(toy)


def test_a_solution_and_samples_of_one_s_own_are_adopted_where_they_are(toy, capsys):
    """``new`` could only write solutions/SLUG.py and samples/SLUG/: a repository's own files
    were named in problems.toml by hand."""
    task = acc_task(toy)
    before = (task / "main.py").read_bytes()
    args = ["--solution", str(task / "main.py"), "--samples", str(task / "tests")]
    assert cli.main(["new", "alpha", "--judge", "AtCoder", *args, "--root", str(toy)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:7] == [
        out[1],  # problems.toml's line, as for any problem
        "  abc300/a/main.py  (the solution, adopted where it is: --solution)",
        "  tests/test_alpha.py",
        "  stress/alpha.py",
        "  bench/alpha.py",
        "  abc300/a/tests/  (the samples' folder, adopted where it is)",
    ]
    text = (toy / "problems.toml").read_text()
    assert 'solution = "abc300/a/main.py"  # the solution, adopted where it is\n' in text
    assert 'samples = "abc300/a/tests"  # the samples\' folder, adopted where it is\n' in text
    problem = load_registry(toy)["alpha"]
    assert problem.solution == task / "main.py" and (task / "main.py").read_bytes() == before
    assert [case.name for case in sample_cases(problem)] == ["abc300/a/tests/sample-1.in"]
    assert not (toy / "solutions" / "alpha.py").exists()
    assert not (toy / "samples" / "alpha").exists()
    assert "independently of abc300/a/main.py" in (toy / "stress" / "alpha.py").read_text()
    assert (toy / "tests" / "test_alpha.py").read_text().startswith('"""Tests for abc300/a/main')


def test_a_file_adopted_in_an_atcoder_cli_task_s_folder_takes_the_task_from_its_contest(
    toy, capsys, monkeypatch
):
    """``new SLUG --solution abc300/a/main.py`` needed --judge, and wrote the title `Abc300 A`
    and `id = "?"` beside the contest.acc.json that names the task, its id, title and url."""
    acc_task(toy)
    acc_contest(toy, {"a": ACC_TASK})
    monkeypatch.chdir(toy)
    for judge in (["--judge", "Codeforces"], ["--judge", "AtCoder"]):
        code = cli.main(
            ["new", "--samples", "abc300/a/tests", "--solution", "abc300/a/main.py", *judge]
        )
        if judge[1] == "Codeforces":
            assert code == 2
            assert capsys.readouterr().err.endswith(
                "new: --judge Codeforces, but abc300/contest.acc.json is judged by AtCoder (leave "
                "--judge out, or name AtCoder); nothing was changed\n"
            )
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        "new problem abc300_a:",
        "  problems.toml       [abc300_a] (judge AtCoder: 'Task A', limits 2 s, 1024 MiB (none "
        "given, AtCoder's usual), id abc300_a)",
    ]
    note = "the task's title, id and url from abc300/contest.acc.json, atcoder-cli's contest file"
    assert f"note: {note}" in out
    problem = load_registry(toy)["abc300_a"]
    assert (problem.id, problem.title, problem.judge) == ("abc300_a", "Task A", "AtCoder")
    assert problem.url == "https://atcoder.jp/contests/abc300/tasks/abc300_a"
    assert problem.solution_file == "abc300/a/main.py"
    assert "# seconds (AtCoder's usual limit" in (toy / "problems.toml").read_text()
    assert cli.main(["new", "again", "--solution", "abc300/a/main.py"]) == 2  # made already
    assert "abc300/a/main.py is abc300_a's solution already" in capsys.readouterr().err
    (toy / "abc300" / "a" / "own.py").write_text("print(3)\n")
    assert cli.main(["new", "again", "--solution", "abc300/a/own.py"]) == 2  # the task's, made
    assert "new: abc300_a exists in problems.toml (AtCoder abc300_a)" in capsys.readouterr().err


def test_a_solution_in_an_atcoder_cli_task_s_folder_takes_its_testdir_for_the_samples(
    toy, capsys, monkeypatch
):
    """Without --samples, the task's testdir (else atcoder-cli's usual tests/) is adopted
    when it is a folder, as if --samples had named it; it was left out, samples/SLUG/ made."""
    acc_task(toy)
    cases = [
        (ACC_TASK, [], "abc300/a/tests", "abc300/contest.acc.json's testdir"),
        ({"path": "a"}, [], "abc300/a/tests", "atcoder-cli's usual tests/"),  # --no-tests
        ({**ACC_TASK, "testdir": "samples"}, [], None, ""),  # named, not there
        (ACC_TASK, ["--samples", "own"], "own", ""),  # --samples named is the one taken
    ]
    for number, (directory, given, samples, origin) in enumerate(cases):
        root = shutil.copytree(toy, toy.parent / f"case{number}")
        (root / "own").mkdir()
        acc_contest(root, {"a": directory})
        monkeypatch.chdir(root)
        assert cli.main(["new", "--solution", "abc300/a/main.py", *given]) == 0
        out = capsys.readouterr().out.splitlines()
        assert load_registry(root)["abc300_a"].samples_folder == samples
        if samples is None:
            assert "  samples/abc300_a/  (add sample-1.in/.out)" in out
            continue
        named = f": {origin}" if origin else ""
        assert f"  {samples}/  (the samples' folder, adopted where it is{named})" in out
        assert not (root / "samples" / "abc300_a").exists()


def test_a_file_adopted_outside_a_contest_s_task_folders_still_needs_the_judge(toy, capsys):
    acc_task(toy)
    acc_contest(toy, {"b": {**ACC_TASK, "path": "b"}})
    args = ["new", "alpha", "--solution", str(toy / "abc300" / "a" / "main.py"), "--root", str(toy)]
    assert cli.main(args) == 2
    assert "new: name the judge with --judge NAME" in capsys.readouterr().err


def test_samples_of_one_s_own_go_with_the_template_s_solution_too(toy, capsys, monkeypatch):
    acc_task(toy)
    args = ["--samples", "abc300/a/tests", "--judge", "AtCoder"]
    monkeypatch.chdir(toy)  # a path named from the current folder
    assert cli.main(["new", "alpha", *args]) == 0
    assert (toy / "solutions" / "alpha.py").exists()
    assert load_registry(toy)["alpha"].samples_dir == toy / "abc300" / "a" / "tests"


def test_an_adopted_solution_s_samples_beside_it_are_pointed_at(toy, capsys, monkeypatch):
    """acc's tests/ beside the solution, not adopted with --samples: said, with the key."""
    acc_task(toy)
    monkeypatch.chdir(toy / "abc300")
    args = ["--solution", "a/main.py"]
    assert cli.main(["new", "alpha", "--judge", "AtCoder", *args]) == 0
    assert capsys.readouterr().out.endswith(
        'note: abc300/a/tests/ beside the solution holds samples: samples = "abc300/a/tests" '
        "in [alpha] reads them in place of samples/alpha/\nnext: cpkit alpha\n"
    )


@pytest.mark.parametrize(
    ("option", "path", "message"),
    [
        ("--solution", "abc300/a/nothing.py", "--solution {p}: no such file"),
        ("--solution", "abc300/a/tests/sample-1.in", "--solution {p}: not a .py file (the kit "
         "builds solutions in Python)"),
        ("--solution", "abc300/a", "--solution {p} is a folder, not a .py file"),
        ("--solution", "../outside.py", "--solution {p} is outside the workspace {root}: move or "
         "copy it in (the kit reads a problem's files inside its workspace)"),
        ("--solution", "dist/toy_sum.py", "--solution {p} is in dist/, the kit's output folder"),
        ("--solution", "solutions/toy_sum.py", "solutions/toy_sum.py is toy_sum's solution "
         "already; nothing was changed"),
        ("--samples", "abc300/a/nothing", "--samples {p}: no such folder"),
        ("--samples", "abc300/a/main.py", "--samples {p} is a file, not a folder of samples"),
        ("--samples", ".", "--samples {p} is the workspace's root: name a folder of the "
         "problem's own"),
        ("--samples", "samples/toy_sum", "samples/toy_sum is toy_sum's samples' folder already; "
         "nothing was changed"),
    ],
)  # fmt: skip
def test_a_file_or_folder_that_cannot_be_adopted_is_one_line_and_nothing_changes(
    toy, capsys, monkeypatch, option, path, message
):
    acc_task(toy)
    (toy.parent / "outside.py").write_text("print(1)\n")
    (toy / "dist").mkdir(exist_ok=True)
    (toy / "dist" / "toy_sum.py").write_text("print(1)\n")
    monkeypatch.chdir(toy)
    before = sorted(toy.rglob("*"))
    assert cli.main(["new", "alpha", "--judge", "AtCoder", option, path]) == 2
    said = message.format(p=path, root=toy.resolve())
    assert capsys.readouterr().err == f"cpkit: error: new: {said}\n"
    assert sorted(toy.rglob("*")) == before


def test_adopting_goes_with_a_page_or_a_judge_not_a_package(toy, capsys):
    acc_task(toy)
    package = str(PACKAGES / "kattis_sum")
    args = ["--package", package, "--samples", str(toy / "abc300/a/tests"), "--root", str(toy)]
    assert cli.main(["new", *args]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: --solution and --samples go with --judge or --from, not --package\n"
    )


def test_a_page_s_samples_never_overwrite_a_folder_adopted(toy, capsys, tmp_path):
    """The page's pairs go in by their names where those are free; a pair there already
    (``.in``, ``.out`` or ``.ans``) is kept as it is and said, the same as the page's or not."""
    held = {"sample-1.in": "1\n", "sample-1.out": "mine\n", "sample-2.in": "2\n"}
    task = acc_task(toy, {**held, "sample-2.ans": "2\n", "sample-3.in": "3\n"})
    page = tmp_path / "page.json"
    data = {"name": "A. Three", "url": "https://codeforces.com/contest/1/problem/A"}
    tests = [{"input": f"{n}\n", "output": f"{n}\n"} for n in (1, 2, 3, 4)]
    page.write_text(json.dumps({**data, "memoryLimit": 256, "timeLimit": 1000, "tests": tests}))
    args = ["--from", str(page), "--samples", str(task / "tests"), "--root", str(toy)]
    assert cli.main(["new", "three", *args]) == 0
    out = capsys.readouterr().out
    assert "  abc300/a/tests/  (the samples' folder, adopted where it is; 1 of the file's " in out
    assert (
        "note: abc300/a/tests/sample-1 is there already: kept as it is (the file's differs)\n"
        in out
    )
    assert (
        "abc300/a/tests/sample-2 is there already: kept as it is (the same as the file's)\n" in out
    )
    assert "abc300/a/tests/sample-3 is there already: kept as it is (the file's differs)\n" in out
    files = {path.name: path.read_text() for path in (task / "tests").iterdir()}
    assert files == {**held, "sample-2.ans": "2\n", "sample-3.in": "3\n", "sample-4.in": "4\n",
                     "sample-4.out": "4\n"}  # fmt: skip


def test_a_failed_write_takes_back_the_samples_added_to_a_folder_adopted(
    toy, capsys, monkeypatch, tmp_path
):
    """The pairs added are taken back; the folder and the user's files in it stay as they
    were."""
    task = acc_task(toy)
    before = {path: path.read_bytes() for path in task.rglob("*") if path.is_file()}
    page = tmp_path / "page.json"
    data = {"name": "A. Two", "url": "https://codeforces.com/contest/1/problem/A"}
    tests = [{"input": f"{n}\n", "output": f"{n}\n"} for n in (1, 2)]
    page.write_text(json.dumps({**data, "memoryLimit": 256, "timeLimit": 1000, "tests": tests}))
    disk_full_at(monkeypatch, "sample-2.out")
    args = ["--from", str(page), "--samples", str(task / "tests"), "--root", str(toy)]
    assert cli.main(["new", "alpha", *args]) == 2
    assert "cannot write abc300/a/tests/sample-2.out" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in task.rglob("*") if path.is_file()} == before


def cph_prob(folder: Path, src_path: str) -> Path:
    """cph's data of a Codeforces problem saved for ``src_path``, where cph keeps it: in the
    ``.cph`` folder of ``folder``, as ``.NAME_MD5.prob`` (the fields as its .prob files have
    them, tests/fixtures/pages/cph.prob)."""
    name = src_path.replace("\\", "/").rsplit("/", 1)[-1]
    digest = hashlib.md5(src_path.encode()).hexdigest()  # noqa: S324 (cph's naming, not security)
    prob = folder / ".cph" / f".{name}_{digest}.prob"
    prob.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "name": "A. False Alarm",
        "group": "Codeforces - Codeforces Round 1029 (Div. 3)",
        "url": "https://codeforces.com/problemset/problem/2117/A",
        "interactive": False,
        "memoryLimit": 256,
        "timeLimit": 1000,
        "tests": [{"id": 1754155974196, "input": "1 2\n", "output": "3\n"}],
        "srcPath": src_path,
    }
    prob.write_text(json.dumps(data))
    return prob


@pytest.mark.parametrize(
    "src_path",
    [
        "/Users/someone/CodeForces/round/2117A.py",  # cloned from another machine
        "C:\\Users\\someone\\CodeForces\\round\\2117A.py",
        "{toy}/round/2117A.py",  # this machine's
    ],
)
def test_a_cph_prob_s_python_source_is_adopted(toy, capsys, src_path):
    """srcPath, the source the .prob was saved for, was passed over: the problem got the
    template's solutions/SLUG.py beside the user's own."""
    (toy / "round").mkdir()
    (toy / "round" / "2117A.py").write_text("print(3)\n")
    prob = cph_prob(toy / "round", src_path.format(toy=toy))
    assert cli.main(["new", "--from", str(prob), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert "  round/2117A.py  (the solution, adopted where it is: cph's srcPath)\n" in out
    assert "  samples/false_alarm/  sample-1.in/.out (from the file)\n" in out
    assert load_registry(toy)["false_alarm"].solution == toy / "round" / "2117A.py"
    assert not (toy / "solutions" / "false_alarm.py").exists()
    assert (toy / "round" / "2117A.py").read_text() == "print(3)\n"


def test_a_cph_prob_of_a_cpp_source_is_read_as_before(toy, capsys):
    (toy / "round").mkdir()
    (toy / "round" / "2117A.cpp").write_text("int main() {}\n")
    prob = cph_prob(toy / "round", "/Users/someone/CodeForces/round/2117A.cpp")
    assert cli.main(["new", "--from", str(prob), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert "adopted" not in out and "srcPath" not in out and "note" not in out
    assert load_registry(toy)["false_alarm"].solution_file is None
    assert (toy / "solutions" / "false_alarm.py").exists()


@pytest.mark.parametrize("where", ["elsewhere", "outside"])
def test_a_cph_prob_s_python_source_not_found_is_noted(toy, capsys, tmp_path, where):
    """Not beside the .prob's .cph folder, or there but outside the workspace."""
    folder = toy / "round" if where == "elsewhere" else tmp_path / "round"
    folder.mkdir()
    if where == "outside":  # beside the .cph folder, but not in the workspace
        (folder / "2117A.py").write_text("print(3)\n")
    prob = cph_prob(folder, "/Users/someone/CodeForces/other/2117A.py")
    assert cli.main(["new", "--from", str(prob), "--root", str(toy)]) == 0
    assert capsys.readouterr().out.endswith(
        "note: cph's srcPath /Users/someone/CodeForces/other/2117A.py is no file of this "
        "workspace: the solution written is the template's (--solution PATH adopts a file)\n"
        "next: cpkit false_alarm --root " + str(toy) + "\n"
    )
    assert (toy / "solutions" / "false_alarm.py").exists()


def test_a_solution_named_wins_over_the_cph_prob_s(toy, capsys):
    (toy / "round").mkdir()
    (toy / "round" / "2117A.py").write_text("print(3)\n")
    (toy / "round" / "mine.py").write_text("print(3)\n")
    prob = cph_prob(toy / "round", "/Users/someone/CodeForces/round/2117A.py")
    args = ["--from", str(prob), "--solution", str(toy / "round" / "mine.py"), "--root", str(toy)]
    assert cli.main(["new", *args]) == 0
    assert "  round/mine.py  (the solution, adopted where it is: --solution)\n" in (
        capsys.readouterr().out
    )
    assert load_registry(toy)["false_alarm"].solution_file == "round/mine.py"


def two_samples(tmp_path) -> Path:
    """Competitive Companion's data of a problem with two sample pairs."""
    page = tmp_path / "page.json"
    data = {"name": "A. Two", "url": "https://codeforces.com/contest/1/problem/A"}
    tests = [{"input": f"{n}\n", "output": f"{n}\n"} for n in (1, 2)]
    page.write_text(json.dumps({**data, "memoryLimit": 256, "timeLimit": 1000, "tests": tests}))
    return page


def git_repository(folder: Path, ignore: str = "*.in\n") -> None:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    (folder / ".gitignore").write_text(ignore)


IGNORED_NOTE = (
    "note: git ignores the samples in {} (.gitignore:1: *.in): they would not be "
    "committed; `git add -f` them, or add !{}** after that line\n"
)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_samples_written_that_git_ignores_get_a_note(toy, capsys, tmp_path):
    """A contest repository's ``.gitignore`` of ``*.in`` kept the page's samples out of its
    commits without a word: a teammate's clone lacked them."""
    git_repository(toy)
    assert cli.main(["new", "--from", str(two_samples(tmp_path)), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    note = IGNORED_NOTE.format("samples/two/", "samples/two/")
    assert out.endswith(f"{note}next: cpkit two --root {toy}\n")
    assert out.count("note: git ignores") == 1  # once, for four files


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("ignore", ["*.txt\n", None])  # None: no repository at all
def test_samples_git_keeps_or_none_written_get_no_note(toy, capsys, tmp_path, monkeypatch, ignore):
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    if ignore is not None:
        git_repository(toy, ignore)
    assert cli.main(["new", "--from", str(two_samples(tmp_path)), "--root", str(toy)]) == 0
    if ignore is not None:  # nothing written: none to ignore
        git_repository(toy)
    assert cli.main(["new", "alpha", "--judge", "AtCoder", "--root", str(toy)]) == 0
    assert "git ignores" not in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_samples_adopted_that_git_ignores_get_a_note_unless_committed(toy, capsys):
    """``oj d``'s samples in a folder adopted, kept out by ``*.in``; once added with ``git
    add -f``, git tracks them and they reach a clone."""
    git_repository(toy)
    task = acc_task(toy)
    args = ["--judge", "AtCoder", "--samples", str(task / "tests"), "--root", str(toy)]
    assert cli.main(["new", "alpha", *args]) == 0
    note = IGNORED_NOTE.format("abc300/a/tests/", "abc300/a/tests/")
    assert note in capsys.readouterr().out
    shutil.copytree(task / "tests", toy / "own")
    subprocess.run(["git", "-C", str(toy), "add", "-f", "own"], check=True)
    assert (
        cli.main(["new", "beta", *args[:2], "--samples", str(toy / "own"), "--root", str(toy)]) == 0
    )
    assert "git ignores" not in capsys.readouterr().out


def test_new_s_judge_refusals_and_help_say_the_rule_of_judge_names(toy, capsys):
    """The help said a name unlike the profiles' gets the strictest and the missing judge's
    error the same in other words, beside NEAR_MISS in the near miss's."""
    assert cli.main(["new", "x", "--judge", "Codefroces", "--root", str(toy)]) == 2
    assert f"new: {misspelt_judge('Codefroces')}\n" in capsys.readouterr().err
    assert cli.main(["new", "x", "--root", str(toy)]) == 2
    assert f"; {NEAR_MISS}), or give its page" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["new", "--help"])
    assert NEAR_MISS in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    ("url", "group", "time", "memory", "said"),
    [
        ("https://vjudge.net/problem/CodeForces-234A", "Virtual Judge - CodeForces", 1000, 256,
         "1 s (Competitive Companion's default, perhaps not the problem's), 256 MiB from the file"),
        ("https://dj.example/team/problems/3/text", "DOMjudge", 1000, 2048,
         "1 s, 2048 MiB from the file (Competitive Companion's defaults, perhaps not the "
         "problem's)"),
        ("https://www.codechef.com/problems/X", "CodeChef", 2500, 256,
         "2.5 s from the file, 256 MiB (Competitive Companion's fixed value for the site, "
         "perhaps not the problem's)"),
    ],
)  # fmt: skip
def test_each_limit_competitive_companion_did_not_read_is_said_so_alone(
    toy, capsys, tmp_path, url, group, time, memory, said
):
    """A Virtual Judge problem's 1000 ms (its parser read no time limit) with the page's
    256 MB: only the time limit is its default; both alike are said once."""
    path = tmp_path / "p.json"
    data = {"name": "A. Sum", "group": group, "url": url, "timeLimit": time,
            "memoryLimit": memory, "tests": []}  # fmt: skip
    path.write_text(json.dumps(data))
    assert cli.main(["new", "sum", "--from", str(path), "--root", str(toy)]) == 0
    assert f"'Sum', limits {said}" in capsys.readouterr().out


# --- --from an address that cannot be reached (no network) -----------------------------------


def offline(monkeypatch):
    """urlopen failing as it fails without a network: the host's name not resolved."""
    import socket  # noqa: PLC0415
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    def unreachable(*args, **kwargs):
        raise urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))

    monkeypatch.setattr(urllib.request, "urlopen", unreachable)


@pytest.mark.parametrize(
    ("address", "slug", "problem_id"),
    [
        ("https://codeforces.com/contest/1900/problem/A", "codeforces_1900a", "1900A"),
        ("https://atcoder.jp/contests/abc300/tasks/abc300_a", "abc300_a", "abc300_a"),
    ],
)
def test_an_unreachable_address_scaffolds_what_it_says_and_exits_1(
    toy, capsys, monkeypatch, address, slug, problem_id
):
    """Offline, ``new --from URL`` was refused; the judge's usual limits are not taken either:
    a problem's own differ from them (AtCoder's 2 s and 1024 MiB are most tasks', not all)."""
    offline(monkeypatch)
    assert cli.main(["new", "--from", address, "--root", str(toy)]) == 1
    out = capsys.readouterr().out
    problem = load_registry(toy)[slug]
    assert (problem.id, problem.url) == (problem_id, address)
    text = (toy / "problems.toml").read_text()
    assert "time_limit = 1.0  # seconds (a placeholder: set the statement's)" in text
    assert "memory_limit = 256  # MiB (a placeholder: set the statement's)" in text
    assert "limits not known (none given: the page was not fetched): set the statement's" in out
    assert f"note: {address} was not fetched ([Errno -2] Name or service not known): " in out
    assert "(exit status 1: not all was scaffolded)\n" in out
    assert list((toy / "samples" / slug).iterdir()) == []
    assert (toy / "solutions" / f"{slug}.py").is_file()


def test_a_certificate_not_verified_scaffolds_as_offline_and_the_note_says_why(
    toy, capsys, monkeypatch
):
    """Behind a proxy that intercepts TLS no page can be read, as offline: the problem is
    scaffolded from its address, and the note says the certificate was not verified (not
    that the host was not reached) and where CA certificates may be named."""
    import ssl  # noqa: PLC0415
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    def untrusted(*args, **kwargs):
        error = ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate")
        error.verify_message = "unable to get local issuer certificate"
        raise urllib.error.URLError(error)

    monkeypatch.setattr(urllib.request, "urlopen", untrusted)
    address = "https://codeforces.com/contest/1900/problem/A"
    assert cli.main(["new", "--from", address, "--root", str(toy)]) == 1
    out = capsys.readouterr().out
    assert (
        f"note: {address} was not fetched (its host's TLS certificate was not verified: "
        "unable to get local issuer certificate; behind a proxy that intercepts TLS, "
        "SSL_CERT_FILE may name the proxy's CA certificates): its title"
    ) in " ".join(out.split())
    assert load_registry(toy)["codeforces_1900a"].url == address


@pytest.mark.parametrize(
    "address", ["https://codeforces.com/contest/1900", "https://example.com/problem/1"]
)
def test_an_unreachable_address_of_no_judge_s_problem_is_refused(toy, capsys, monkeypatch, address):
    offline(monkeypatch)
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    assert cli.main(["new", "--from", address, "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert f"new: {address}: cannot fetch it ([Errno -2] Name or service not known)" in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def test_an_unreachable_address_of_another_judge_than_named_is_refused(toy, capsys, monkeypatch):
    offline(monkeypatch)
    address = "https://codeforces.com/contest/1900/problem/A"
    assert cli.main(["new", "--from", address, "--judge", "AtCoder", "--root", str(toy)]) == 2
    assert "is judged by Codeforces" in capsys.readouterr().err
    assert "codeforces_1900a" not in load_registry(toy)


DP_B = "https://atcoder.jp/contests/dp/tasks/dp_b"  # tests/fixtures/pages/atcoder.html's
SAVED_DP_B = str(Path(__file__).resolve().parents[2] / "fixtures" / "pages" / "atcoder.html")


def scaffolded_offline(toy, capsys, monkeypatch) -> str:
    """dp_b scaffolded from its address alone (offline); problems.toml's text then."""
    with monkeypatch.context() as patched:
        offline(patched)
        assert cli.main(["new", "--from", DP_B, "--root", str(toy)]) == 1
    capsys.readouterr()
    return (toy / "problems.toml").read_text()


def fetched_saved_page(monkeypatch):
    """The fetch of dp_b's address answering with its saved page, as its server would."""
    from kit import pages  # noqa: PLC0415

    data = Path(SAVED_DP_B).read_bytes()
    monkeypatch.setattr(pages, "_fetch", lambda url: (data, "utf-8"))


def test_a_problem_scaffolded_offline_is_filled_in_from_its_page_rerun(toy, capsys, monkeypatch):
    """The title and limit lines replaced in place, the user's other lines kept, the samples
    written into its empty folder, the solution untouched; exit 0."""
    text = scaffolded_offline(toy, capsys, monkeypatch)
    edited = text.replace('kind = "batch"\n', 'kind = "batch"\n# my note\nstatement = "s.md"\n')
    (toy / "problems.toml").write_text(edited)
    solution = (toy / "solutions" / "dp_b.py").read_bytes()
    assert cli.main(["new", "--from", SAVED_DP_B, "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("new: filled in dp_b from the page: title, time_limit, memory_limit")
    assert "2 samples written into" in out and out.count("\n") == 1
    table = (toy / "problems.toml").read_text().split("[dp_b]\n")[1]
    assert table.startswith('title = "Frog & Toad"\njudge = "AtCoder"')
    assert '# my note\nstatement = "s.md"\n' in table
    assert "time_limit = 2.5  # seconds (from the page: 2.5 sec)\n" in table
    assert "memory_limit = 1024  # MiB (from the page: " in table
    problem = load_registry(toy)["dp_b"]
    assert (problem.title, problem.time_limit, problem.memory_limit) == ("Frog & Toad", 2.5, 1024)
    assert len(sample_cases(problem)) == 2
    assert (toy / "solutions" / "dp_b.py").read_bytes() == solution


def test_a_rerun_of_the_same_address_online_fills_the_problem_in(toy, capsys, monkeypatch):
    scaffolded_offline(toy, capsys, monkeypatch)
    fetched_saved_page(monkeypatch)
    assert cli.main(["new", "--from", DP_B, "--root", str(toy)]) == 0
    assert capsys.readouterr().out.startswith("new: filled in dp_b from the page: title,")
    assert load_registry(toy)["dp_b"].title == "Frog & Toad"


def test_a_limit_line_the_user_changed_and_samples_of_theirs_are_kept(toy, capsys, monkeypatch):
    text = scaffolded_offline(toy, capsys, monkeypatch)
    mine = "time_limit = 3.0  # seconds (mine)"
    changed = text.replace("time_limit = 1.0  # seconds (a placeholder: set the statement's)", mine)
    (toy / "problems.toml").write_text(changed)
    (toy / "samples" / "dp_b" / "mine.in").write_text("1\n")
    assert cli.main(["new", "--from", SAVED_DP_B, "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert "title, memory_limit in problems.toml (time_limit kept: changed already)" in out
    assert "the page's 2 samples not written (" in out and "holds files already)" in out
    assert f"\n{mine}\n" in (toy / "problems.toml").read_text()
    assert os.listdir(toy / "samples" / "dp_b") == ["mine.in"]


def test_a_problem_no_longer_as_scaffolded_offline_is_refused_as_before(toy, capsys, monkeypatch):
    text = scaffolded_offline(toy, capsys, monkeypatch)
    (toy / "problems.toml").write_text(text.replace('"AtCoder dp_b"', '"Frog"'))
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    assert cli.main(["new", "--from", SAVED_DP_B, "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert "new: dp_b exists in problems.toml (AtCoder dp_b); nothing was changed" in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def test_a_rerun_still_offline_is_refused_saying_it_is_still_not_reachable(
    toy, capsys, monkeypatch
):
    scaffolded_offline(toy, capsys, monkeypatch)
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    offline(monkeypatch)
    assert cli.main(["new", "--from", DP_B, "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert (
        f"new: dp_b exists in problems.toml (AtCoder dp_b), scaffolded from its address, and "
        f"{DP_B} is still not reachable ([Errno -2] Name or service not known): nothing to "
        "fill; nothing was changed"
    ) in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def test_an_interactive_page_of_a_problem_scaffolded_offline_as_batch_is_refused(
    toy, capsys, monkeypatch, tmp_path
):
    """An interactive problem needs an interactor the filling does not write: refused."""
    with monkeypatch.context() as patched:
        offline(patched)
        address = "https://codeforces.com/contest/1900/problem/A"
        assert cli.main(["new", "--from", address, "--root", str(toy)]) == 1
    data = companion(tmp_path, 1900)
    Path(data).write_text(
        Path(data).read_text().replace('"interactive": false', '"interactive": true')
    )
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    assert cli.main(["new", "--from", data, "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert "new: codeforces_1900a was scaffolded from its address as a batch problem, but " in err
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before
    Path(data).write_text(
        Path(data).read_text().replace('"interactive": true', '"interactive": false')
    )
    assert cli.main(["new", "--from", data, "--root", str(toy)]) == 0
    assert load_registry(toy)["codeforces_1900a"].title == "Hello"


def test_samples_that_cannot_be_written_are_said_the_table_filled_in(toy, capsys, monkeypatch):
    """A file where the samples' folder must be: one line on stderr saying the table was
    filled and the samples not, naming the file and why; exit status 1."""
    scaffolded_offline(toy, capsys, monkeypatch)
    (toy / "samples" / "dp_b").rmdir()
    (toy / "samples" / "dp_b").write_text("a file in the folder's place\n")
    assert cli.main(["new", "--from", SAVED_DP_B, "--root", str(toy)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith("cpkit: error: new: filled in dp_b from the page: title, time_limit, ")
    assert "; the page's samples not all written (samples/dp_b: File exists);" in err
    assert load_registry(toy)["dp_b"].title == "Frog & Toad"

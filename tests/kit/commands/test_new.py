"""kit.commands.new: ``new`` writes the judge's usual time and memory limits where its profile
has them (AtCoder, Codeforces), placeholders said to be placeholders elsewhere (the profiles'
figures themselves are pinned by tests/kit/judges/test_profiles.py); with ``--from`` and no
SLUG, the page's id or its title made a slug; the rest of ``new``, end to end, is in
tests/test_commands.py, tests/kit/test_scaffold.py and tests/kit/test_pages.py."""

from pathlib import Path

import pytest

from kit import cli
from kit.judges.profiles import PROFILES
from kit.registry import load_registry, slug_from


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
    name = PROFILES[judge.lower()].name
    assert f"time_limit = {seconds}  # seconds ({name}'s usual limit; the statement's own" in text
    assert f"memory_limit = {mebibytes}  # MiB ({name}'s usual limit;" in text


def test_new_writes_placeholders_for_a_judge_without_usual_limits(toy, capsys):
    assert cli.main(["new", "alpha", "--judge", "Kattis", "--root", str(toy)]) == 0
    assert "(judge Kattis; set id and limits)" in capsys.readouterr().out
    text = (toy / "problems.toml").read_text()
    assert "time_limit = 1.0  # seconds (a placeholder: set the statement's)" in text
    assert "memory_limit = 256  # MiB (a placeholder: set the statement's)" in text


@pytest.mark.parametrize(
    ("title", "fallback", "slug"),
    [
        ("Checker's Check", "", "checkers_check"),
        ("MegaCheckers", "", "megacheckers"),
        ("Frog & Toad", "", "frog_toad"),
        ("Café – Noël", "", "cafe_noel"),
        ("3-SAT", "poj_3116", "poj_3116_3_sat"),
        ("3-SAT", "", None),
        ("Ло", "poj_3116", "poj_3116"),
        ("Ло", "", None),
    ],
)
def test_a_slug_is_made_of_a_title(title, fallback, slug):
    assert slug_from(title, fallback) == slug


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


def test_new_without_a_slug_or_a_page_is_a_one_line_error(toy, capsys):
    before = (toy / "problems.toml").read_text()
    assert cli.main(["new", "--judge", "POJ", "--root", str(toy)]) != 0
    error = capsys.readouterr().err
    assert (
        error == "cpkit: error: new: name the problem (SLUG), or give its page with --from PAGE\n"
    )
    assert (toy / "problems.toml").read_text() == before

"""kit.judges.profiles: the judges' documented facts (targets, source limit, file access, usual
limits, how memory, stack and time are counted), pinned so that a change to one is a change to
docs/targets.md too; a profile found by its name in any case, the strictest targets without
one, and a name close to a profile's taken for a misspelling of it."""

import pytest

from kit.judges.platforms import UNIX, WINDOWS
from kit.judges.profiles import (
    CPU,
    NEAR_MISS,
    OWN,
    PROBLEMTOOLS,
    PROFILES,
    STRICTEST,
    UNLIMITED,
    WALL,
    WHOLE,
    default_targets,
    misspelt_judge,
    profile_for,
    suggestion_for,
)
from kit.judges.targets import parse_target


def test_profiles_hold_the_documented_facts():
    """docs/targets.md's table (with its sources): change both together."""
    facts = {
        name: (p.targets, p.source_limit, p.no_files, p.no_processes)
        for name, p in PROFILES.items()
    }
    assert facts == {
        "codeforces": (("cpython3.13", "pypy3.10"), 65536, False, False),
        "atcoder": (("cpython3.13", "pypy3.11"), 524288, False, False),
        "kattis": (("pypy3.10",), 131072, False, False),
        "timus": (("cpython3.12", "pypy3.10"), None, True, True),
        "domjudge": (("pypy3",), 262144, False, False),
        "spoj": (("cpython3.8",), 50000, False, False),
        "library checker": (("cpython3.10", "pypy3.9"), 1048576, False, False),
        "cses": (("cpython3.12", "pypy3.9"), 131072, False, False),
    }


def test_the_profiles_hold_the_cited_usual_limits():
    """kit/judges/profiles.py cites each figure; change both together."""
    usual = {name: p.limits and (p.limits.time, p.limits.memory) for name, p in PROFILES.items()}
    assert usual == {
        "atcoder": (2.0, 1024),
        "codeforces": (2.0, 256),
        "kattis": None,
        "timus": None,
        "domjudge": None,
        "spoj": None,
        "library checker": None,
        "cses": (1.0, 512),
    }


def test_memory_stack_and_time_are_counted_as_each_judge_documents():
    counted = {name: (p.memory, p.stack, p.time) for name, p in PROFILES.items()}
    assert counted == {
        "codeforces": (OWN, None, WALL),
        "atcoder": (OWN, 1024, WALL),
        "kattis": (WHOLE, UNLIMITED, CPU),
        "timus": (OWN, None, WALL),
        "domjudge": (WHOLE, UNLIMITED, CPU),
        "spoj": (OWN, None, WALL),
        "library checker": (WHOLE, UNLIMITED, WALL),
        "cses": (OWN, None, WALL),
    }
    assert [name for name, p in PROFILES.items() if p.modules] == ["atcoder", "library checker"]


def test_codeforces_and_timus_are_known_to_run_python_on_windows():
    """docs/targets.md cites both; every other profile's judge runs Linux (or is unconfirmed)."""
    assert {name: p.platform for name, p in PROFILES.items()} == {
        "codeforces": WINDOWS,
        "atcoder": UNIX,
        "kattis": UNIX,
        "timus": WINDOWS,
        "domjudge": UNIX,
        "spoj": UNIX,
        "library checker": UNIX,
        "cses": UNIX,
    }


def test_only_timus_has_a_known_word_for_a_forbidden_operation():
    """docs/targets.md cites it (from clients that read Timus' status pages)."""
    words = {name: p.forbidden_verdict for name, p in PROFILES.items() if p.forbidden_verdict}
    assert words == {"timus": "Restricted function"}


def test_only_domjudge_spoj_library_checker_and_cses_have_no_memory_limit_verdict():
    """docs/targets.md cites their verdicts (DOMjudge's judge daemon; CSES' instruction pages,
    "RUNTIME ERROR (for example, memory limit exceeded ...)"; Library Checker's runTestCase,
    which sets no MLE): over the limit is a run error there, as a presentation error is a
    wrong answer where the judge has no PE (Library Checker's judge has one)."""
    no_mle = [name for name, p in PROFILES.items() if not p.memory_verdict]
    assert no_mle == ["domjudge", "spoj", "library checker", "cses"]
    assert [name for name, p in PROFILES.items() if not p.presentation] == [
        "codeforces",
        "atcoder",
        "kattis",
        "timus",
        "domjudge",
        "spoj",
        "cses",
    ]


def test_only_spoj_and_library_checker_have_no_output_limit_verdict():
    """docs/targets.md cites SPOJ's status codes: AC, WA, TLE, CE, RE ("SIGXFSZ" among the
    run error's codes: output limit exceeded), and Library Checker's runTestCase (TLE, RE,
    ITLE, WA, PE, Fail, Unknown, AC: no OLE)."""
    no_ole = [name for name, p in PROFILES.items() if not p.output_verdict]
    assert no_ole == ["spoj", "library checker"]


def test_spoj_compares_tokens_as_its_standard_judge_does():
    """Sphere Engine's "Ignores extra white spaces", SPOJ's standard judge (docs/targets.md): it
    was "lines", so a newline for a space was a wrong answer SPOJ accepts."""
    assert PROFILES["spoj"].compare == "tokens"


def test_domjudge_compares_runs_games_and_limits_output_as_its_sources_say():
    """Its default compare is problemtools' default validator, its games run through runpipe's
    proxy (pipes at the system's largest, a write after the interactor accepted not failing),
    its default output limit 8192 kB, its runs killed at the limit plus 1s|10% (docs/targets.md)."""
    domjudge = PROFILES["domjudge"]
    assert (domjudge.compare, domjudge.games, domjudge.output) == ("domjudge", PROBLEMTOOLS, 8)
    assert domjudge.overshoot == (1.0, 0.1)
    assert domjudge.empty_verdict == "no-output"
    assert [name for name, p in PROFILES.items() if p.overshoot] == ["domjudge"]


def test_a_profile_is_found_by_its_name_in_any_case_and_with_spaces():
    assert profile_for(" CodeForces ") is PROFILES["codeforces"]
    assert profile_for("Library Checker") is PROFILES["library checker"]
    assert profile_for("POJ") is None


def test_targets_come_from_the_profile_else_the_strictest():
    assert default_targets("Kattis") == [parse_target("pypy3.10")]
    assert default_targets("CSES") == [parse_target("cpython3.12"), parse_target("pypy3.9")]
    assert default_targets("POJ") == [parse_target(name) for name in STRICTEST]
    assert STRICTEST == ("cpython3.8", "pypy3")


@pytest.mark.parametrize(
    ("judge", "meant"),
    [
        ("Codeforce", "codeforces"),  # alike at 85 % or more
        ("code-forces", "codeforces"),  # letters and digits run together
        ("acm.timus.ru", "timus"),  # one of its words
        ("open.kattis.com", "kattis"),
        ("cses.fi", "cses"),  # a short profile's name as one of its words
        ("LibraryChecker", "library checker"),  # a profile's name of two words, run together
        ("Library-Checker", "library checker"),
        ("judge.yosupo.jp", None),  # Library Checker's host names no profile: not a judge's
        ("AtCoder", None),  # a profile's own name
        ("POJ", None),  # short names are compared exactly: not spoj
        ("informatics.msk.ru", None),
    ],
)
def test_a_name_close_to_a_profile_s_suggests_it(judge, meant):
    assert suggestion_for(judge) == meant


def test_a_misspelt_judge_s_error_is_made_in_one_place_with_the_rule():
    """problems.toml's and new's refusals each built it, with NEAR_MISS copied in."""
    assert misspelt_judge("Codefroces") == (
        f"unknown judge 'Codefroces' (did you mean 'codeforces'? {NEAR_MISS})"
    )
    assert misspelt_judge("POJ") is None and misspelt_judge("Codeforces") is None

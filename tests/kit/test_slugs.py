"""kit.slugs: what a slug may be (an identifier of SLUG_MAX characters at most, not a keyword
nor ``shared``), said in one line when it is not, and the slug a problem's title makes."""

import pytest

from kit.errors import BuildError
from kit.slugs import RESERVED_RULE, SLUG_MAX, SLUG_RULE, check_slug, is_slug, slug_from


@pytest.mark.parametrize(
    ("title", "fallback", "slug"),
    [
        ("Checker's Check", "", "checkers_check"),
        ("MegaCheckers", "", "megacheckers"),
        ("Frog & Toad", "", "frog_toad"),
        ("Café – Noël", "", "cafe_noel"),
        ("3-SAT", "poj_3116", "poj_3116_3_sat"),
        # a leading number without an id: after the words ("2048 Game" had no slug)
        ("3-SAT", "", "sat_3"),
        ("2048 Game", "", "game_2048"),
        ("1000. A+B Problem", "", "a_b_problem_1000"),
        ("4 2 Queens", "", "queens_4_2"),
        ("2048", "", None),
        # Cyrillic in Latin letters (a title of informatics.msk.ru, acm.timus.ru's Russian
        # pages): it was the fallback alone, or nothing from a site the kit does not know
        ("Ло", "poj_3116", "lo"),
        ("Ло", "", "lo"),
        ("Задача A. Сумма", "", "zadacha_a_summa"),
        ("Шахматы и щука, Объём", "", "shakhmaty_i_shchuka_obem"),
        # Latin letters NFKD leaves whole, which were dropped ("strae")
        ("Straße und Æbler, Øresund", "", "strasse_und_aebler_oresund"),
        ("Łódź Þór İstanbul ıı", "", "lodz_thor_istanbul_ii"),
        ("数字", "p", "p"),
        ("数字", "", None),
        ("A very " + "long " * 20 + "title", "", ("a_very_" + "long_" * 20)[:64]),  # 64 at most
    ],
)
def test_a_slug_is_made_of_a_title(title, fallback, slug):
    assert slug_from(title, fallback) == slug


@pytest.mark.parametrize(
    ("slug", "rule"),
    [
        ("Toy", f"{SLUG_RULE} (did you mean 'toy'?)"),
        ("2sum", SLUG_RULE),
        ("a-b", f"{SLUG_RULE} (did you mean 'a_b'?)"),
        ("Two-Sum", f"{SLUG_RULE} (did you mean 'two_sum'?)"),
        ("ABC300-A", f"{SLUG_RULE} (did you mean 'abc300_a'?)"),
        ("Class", SLUG_RULE),  # its slug, 'class', is a keyword: no suggestion
        ("a" * (SLUG_MAX + 1), f"{SLUG_RULE} (did you mean {'a' * SLUG_MAX!r}?)"),
        ("lambda", RESERVED_RULE),
        ("match", RESERVED_RULE),  # a soft keyword
        ("shared", RESERVED_RULE),
    ],
)
def test_a_slug_that_breaks_a_rule_is_refused_naming_the_rule(slug, rule):
    assert not is_slug(slug)
    with pytest.raises(BuildError) as raised:
        check_slug(slug, f"problems.toml: [{slug}]")
    assert str(raised.value) == f"problems.toml: [{slug}]: {rule}"


@pytest.mark.parametrize(
    ("slug", "judge", "end"),
    [
        ("1900A", "Codeforces", f"{SLUG_RULE} (did you mean 'codeforces_1900a'?)"),
        ("1000", "timus", f"{SLUG_RULE} (did you mean 'timus_1000'?)"),
        ("2sum", "library checker", SLUG_RULE),  # no slug of the judge's name to lead it
        ("Two-Sum", "AtCoder", f"{SLUG_RULE} (did you mean 'two_sum'?)"),
    ],
)
def test_a_slug_of_a_digit_first_is_suggested_after_its_judge(slug, judge, end):
    """``cpkit new 1900A --judge codeforces`` was told the rule alone, as a page's title of no
    letters is slugged after its judge."""
    with pytest.raises(BuildError) as raised:
        check_slug(slug, "new", judge)
    assert str(raised.value) == f"new: {end}"


@pytest.mark.parametrize("slug", ["a", "toy_sum", "abc300_a", "a" * SLUG_MAX, "shared_2"])
def test_a_slug_that_keeps_the_rules_passes(slug):
    assert is_slug(slug)
    check_slug(slug, "x")

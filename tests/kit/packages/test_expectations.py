"""kit.packages.expectations: submissions.yaml read as the 2025-09 format says (a rule per key,
test case globs under it, the keys not checked named), and its globs matched as BAPCtools
matches them (whole names, parent folders, ``*`` within a name, braces with their spaces
stripped). The default folders' rules and the verdict words:
tests/kit/verify/test_verdict_agreement.py."""

import pytest

from kit.errors import BuildError
from kit.packages import expectations
from kit.packages.expectations import Expectation, covers


def read(tmp_path, text):
    (tmp_path / "submissions").mkdir(exist_ok=True)
    (tmp_path / "submissions" / "submissions.yaml").write_text(text)
    return expectations.read(tmp_path, "pkg")


def test_no_file_is_no_expectation(tmp_path):
    assert expectations.read(tmp_path, "pkg") == ((), [])


def test_each_key_gives_its_rules_as_written_and_its_case_globs_theirs(tmp_path):
    """The default folders' rules and the verdict words are kit.verify.verdict_agreement's
    (test_verdict_agreement.py)."""
    found, notes = read(
        tmp_path,
        "accepted:\n  permitted: [WA]\n"
        "time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n"
        "wrong_answer/slow.py:\n  secret/*-hard:\n    permitted: [AC, TLE]\n"
        "    required: [TLE]\n  message: too slow\n  authors: Ann\n",
    )
    assert found == (
        Expectation("accepted", "", ("WA",), None),
        Expectation("time_limit_exceeded", "", ("AC", "WA", "TLE"), None),
        Expectation("wrong_answer/slow.py", "", None, None, "too slow"),
        Expectation("wrong_answer/slow.py", "secret/*-hard", ("AC", "TLE"), ("TLE",)),
    )
    assert notes == ["note: pkg: submissions.yaml: not checked here: authors"]
    rules = expectations.rules_for(found, "wrong_answer/slow.py")
    assert [(rule.submissions, rule.cases) for rule in rules] == [
        ("wrong_answer/slow.py", ""),
        ("wrong_answer/slow.py", "secret/*-hard"),
    ]


def test_use_for_time_limit_is_read_per_rule_and_per_case_glob(tmp_path):
    """BAPCtools' testexpectations: sample cases bound the limit from below, secret ones from
    above (what the values do: tests/kit/verify/test_limit_inference.py)."""
    found, notes = read(
        tmp_path,
        "tle:\n  sample:\n    use_for_time_limit: lower\n  secret:\n"
        "    use_for_time_limit: Upper\n"
        "accepted/slow.py:\n  use_for_time_limit: false\n",
    )
    assert found == (
        Expectation("tle", "sample", None, None, None, "lower"),
        Expectation("tle", "secret", None, None, None, "upper"),
        Expectation("accepted/slow.py", "", None, None, None, "false"),
    )
    assert notes == []


def test_a_score_is_one_number_or_the_lowest_and_highest_for_the_submission_or_a_group(tmp_path):
    found, notes = read(
        tmp_path,
        "accepted:\n  score: 100\npartial/a.py:\n  score: [20, 40.5]\n"
        "  secret/g1:\n    score: 20\n",
    )
    assert [(rule.submissions, rule.cases, rule.score) for rule in found] == [
        ("accepted", "", (100.0, 100.0)),
        ("partial/a.py", "", (20.0, 40.5)),
        ("partial/a.py", "secret/g1", (20.0, 20.0)),
    ]
    assert notes == []


def test_a_score_names_a_group_itself_not_what_lies_under_it():
    assert expectations.names("secret/g*", "secret/g1")
    assert not expectations.names("secret", "secret/g1")
    assert covers("secret", "secret/g1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "tle:\n  use_for_time_limit: sometimes\n",
            "tle: use_for_time_limit: 'sometimes' is not one of true, false, lower, upper",
        ),
        ("accepted/**:\n  permitted: [AC]\n", "accepted/**: '**' is not a glob"),
        ("accepted:\n  allowed: [AC]\n", "accepted: allowed: not a key submissions.yaml has"),
        ("accepted: AC\n", "accepted: expected a mapping of requirements"),
        ("accepted:\n  score: lots\n", "accepted: score: expected a number, not 'lots'"),
        ("a.py:\n  secret/g:\n    score: [9, 1]\n", "a.py: secret/g: score: ['9', '1']: its low"),
        ("a.py:\n  score: [1, 2, 3]\n", "a.py: score: ['1', '2', '3'] is not a number or a list"),
    ],
)
def test_a_wrong_submissions_yaml_is_a_one_line_error(tmp_path, text, message):
    with pytest.raises(BuildError, match="^pkg/submissions/submissions.yaml: ") as caught:
        read(tmp_path, text)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("glob", "path", "matched"),
    [
        ("accepted", "accepted/a.py", True),  # a parent folder
        ("accepted/", "accepted/a.py", True),
        ("accepted/*", "accepted/a.py", True),
        ("match/match_wa", "match/match_wa.py", False),  # whole names only
        ("match_wa.py", "match/match_wa.py", False),  # from the top only
        ("*/nested_wa.py", "match/nested/nested_wa.py", False),  # * does not match /
        ("expansion/ac.{py,cpp}", "expansion/ac.cpp", True),
        ("secret/*{ 4 }{ 2 }", "secret/42", True),  # spaces in braces stripped
        ("secret/*{,0,1}{0,2}", "secret/12", True),
        ("secret/*{,0,1}{0,2}", "secret/13", False),
        ("secret/?", "secret/1", False),  # ? is itself
    ],
)
def test_globs_match_as_bapctools_matches_them(glob, path, matched):
    assert covers(glob, path) is matched


@pytest.mark.parametrize(
    ("glob", "path", "matched"),
    [
        ("{a,{b,c}}.py", "c.py", True),  # the inner braces first
        ("{accepted/,x}", "accepted/a.py", True),  # each pattern's trailing / dropped
        ("{a{b,c}", "{ac", True),  # an unpaired brace is itself
        ("{0,1,2,3,4,5,6,7,8,9}" * 3, "999", True),  # 1000 patterns, the most there may be
        ("*a" * 30 + "b", "a" * 40, False),  # as a regex, it backtracked without end
        ("*a" * 30 + "b", "a" * 40 + "b", True),
        ("a*b*c", "a/b/c", False),  # * within a name only
    ],
)
def test_braces_nest_and_many_stars_match_in_bounded_time(glob, path, matched):
    assert covers(glob, path) is matched


@pytest.mark.parametrize(
    ("text", "glob"),
    [
        ("accepted/" + "{a,b}" * 22 + ":\n  permitted: [AC]\n", "accepted/" + "{a,b}" * 22),
        ("a.py:\n  secret/" + "{0,1}" * 10 + ":\n    permitted: [AC]\n", "secret/" + "{0,1}" * 10),
        ('"' + "{0,1,2,3,4,5,6,7,8,9}" * 3 + '{,/}":\n  permitted: [AC]\n',
         "{0,1,2,3,4,5,6,7,8,9}" * 3 + "{,/}"),
    ],
    ids=["submissions", "cases", "one-past-the-most"],
)  # fmt: skip
def test_a_glob_whose_braces_expand_too_far_is_a_one_line_error(tmp_path, text, glob):
    """Expanded in full at each match, sixteen ``{a,b}`` took seconds (65,536 patterns), and
    twenty-two more than a gigabyte; refused now as soon as the 1001st is made."""
    with pytest.raises(BuildError) as caught:
        read(tmp_path, text)
    said = f"pkg/submissions/submissions.yaml: {glob}: its braces expand to more than 1000 patterns"
    assert str(caught.value) == said


def test_a_key_with_no_requirement_still_names_its_submissions(tmp_path):
    """The format's own scoring example: ``partially_accepted/*:`` with authors only makes that
    folder one of the package's, under the defaults (any verdict)."""
    found, notes = read(tmp_path, "partially_accepted/*:\n  authors: A <a@b.c>\n")
    assert found == (Expectation("partially_accepted/*", "", None, None),)
    assert notes == ["note: pkg: submissions.yaml: not checked here: authors"]


def test_an_entrypoint_names_the_file_a_submission_of_several_files_runs(tmp_path):
    """spec/2025-09.md, "Languages and compilation": the ``entrypoint`` key is used if present;
    of several matching keys, the first by name, as BAPCtools takes them."""
    found, notes = read(
        tmp_path,
        "accepted/multi:\n  entrypoint: main.py\n  language: python3\n"
        "accepted/*:\n  entrypoint: go.py\n  permitted: [AC]\n",
    )
    assert expectations.entrypoint_for(found, "accepted/multi") == "go.py"
    assert expectations.entrypoint_for(found, "accepted/other") == "go.py"
    assert expectations.entrypoint_for(found, "wrong_answer/x") is None
    assert notes == ["note: pkg: submissions.yaml: not checked here: language"]


def test_an_expected_results_tag_is_read_as_domjudge_reads_it(tmp_path):
    """Any case, anywhere in any of the files, the underscore spellings taken for DOMjudge's
    own names, a name it lacks kept; no tag: None."""
    plain, tagged = tmp_path / "a.py", tmp_path / "b.py"
    plain.write_text("print(1)\n")
    tagged.write_text('x = 1\n""" @expected_Results@:  accepted,time_limit_exceeded, Oops\n"""\n')
    assert expectations.tagged_results([plain]) is None
    assert expectations.tagged_results([plain, tagged]) == (
        "CORRECT",
        "TIMELIMIT",
        "OOPS",
    )


def test_an_expected_results_tag_given_twice_in_a_file_is_told(tmp_path):
    """DOMjudge does not import such a submission."""
    file = tmp_path / "a.py"
    file.write_text("# @EXPECTED_RESULTS@: CORRECT\n# @EXPECTED_RESULTS@: TIMELIMIT\n")
    with pytest.raises(expectations.TagTwice) as error:
        expectations.tagged_results([file])
    assert str(error.value) == "@EXPECTED_RESULTS@ given twice in a.py"


def test_a_file_that_cannot_be_read_is_told(tmp_path):
    """A traceback (OSError) out of the package's reading; now one line naming the file."""
    with pytest.raises(expectations.TagUnread) as error:
        expectations.tagged_results([tmp_path / "gone.py"])
    assert str(error.value) == "cannot read gone.py: No such file or directory"

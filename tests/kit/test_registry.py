"""problems.toml as kit.registry reads it: validation with one-line errors, targets from judge
profiles (kit.judges.profiles) or given explicitly."""

import pytest

from kit.errors import BuildError
from kit.judges.profiles import PROFILES, STRICTEST
from kit.judges.targets import parse_target
from kit.registry import load_registry, owner_of
from tests.registry_support import TABLE, error, registry


def test_unknown_key_is_named_with_a_suggestion(toy):
    message = error(toy, extra="time_limt = 2")
    assert (
        message
        == "problems.toml:8: [toy_sum]: unknown key 'time_limt' (did you mean 'time_limit'?)"
    )


def test_an_error_names_the_line_of_the_key_it_is_about_else_of_the_table(toy):
    """problems.toml's errors named the table alone: the line is the one that sets the key
    the error names, in that table (not another's), else the table's header."""
    (toy / "problems.toml").write_text(
        TABLE.format(judge="POJ", extra="")
        + '\n[other]\n# a comment\n"judge" = "POJ"\nid = "2"\nkind = "batch"\n'
        + "memory_limit = 64\ntime_limit = 0\n"
    )
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value).startswith("problems.toml:16: [other]: time_limit = 0 must be")
    (toy / "problems.toml").write_text(TABLE.format(judge="POJ", extra="") + "\n[other]\n")
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value).startswith("problems.toml:10: [other]: ")


def test_a_value_of_the_wrong_type_says_what_is_expected(toy):
    message = error(toy, extra='output_limit = "64"')
    assert message == (
        "problems.toml:8: [toy_sum]: 'output_limit' has the wrong type "
        '("64"; expected a whole number)'
    )
    message = error(toy, extra="no_files = 1")
    assert message.endswith("'no_files' has the wrong type (1; expected true or false)")


def test_a_key_above_every_table_is_said_to_stand_outside_them(toy):
    (toy / "problems.toml").write_text('compare = "tokens"\n' + TABLE.format(judge="x", extra=""))
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == (
        'problems.toml: compare = "tokens" stands outside any [problem] table (a problem\'s keys '
        "go under its table)"
    )


def test_a_file_not_in_utf_8_is_one_line_and_a_byte_order_mark_is_passed_over(toy):
    text = TABLE.format(judge="POJ", extra="").encode()
    (toy / "problems.toml").write_bytes(b"\xef\xbb\xbf" + text)
    assert list(load_registry(toy)) == ["toy_sum"]
    (toy / "problems.toml").write_bytes(text.replace(b"Toy Sum", b"Toy \xff Sum"))
    said = r"^problems.toml:2: \[toy_sum\]: not UTF-8 text \(byte \\xff: invalid start byte\)"
    with pytest.raises(BuildError, match=said):
        load_registry(toy)
    (toy / "problems.toml").write_text("[toy_sum\n")
    with pytest.raises(BuildError, match=r"^problems.toml:1: Expected ']' at the end of a table"):
        load_registry(toy)


def test_a_syntax_error_names_its_line_and_the_table_it_lies_in(toy):
    """An unclosed string said "problems.toml: Illegal character '\\n' (at line 9, column 8)",
    no table named, where the file's other errors start "problems.toml:9: [toy_sum]: "."""
    text = TABLE.format(judge="POJ", extra='title = "Toy')
    line = text.splitlines().index('title = "Toy') + 1
    (toy / "problems.toml").write_text(text)
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == (
        f"problems.toml:{line}: [toy_sum]: Illegal character '\\n' (column 13)"
    )


def test_a_table_declared_twice_is_said_in_toml_s_words_with_the_first_s_line(toy):
    """It said tomllib's "Cannot declare ('toy_sum',) twice", a Python tuple."""
    text = TABLE.format(judge="POJ", extra="")
    (toy / "problems.toml").write_text(f"{text}\n[toy_sum]\njudge = 'POJ'\n")
    first = text.splitlines().index("[toy_sum]") + 1
    second = len(text.splitlines()) + 2
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == (
        f"problems.toml:{second}: [toy_sum]: declared a second time (the first at line {first})"
        " (column 9)"
    )


def test_a_key_set_twice_is_named_with_the_first_s_line(toy):
    """It said tomllib's "Cannot overwrite a value (column 17)", naming no key."""
    text = TABLE.format(judge="POJ", extra="time_limit = 3\n")
    (toy / "problems.toml").write_text(text)
    lines = text.splitlines()
    first, second = lines.index("time_limit = 1.0") + 1, lines.index("time_limit = 3") + 1
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == (
        f"problems.toml:{second}: [toy_sum]: 'time_limit' given twice (the first at line {first})"
    )


@pytest.mark.parametrize(
    ("table", "said"),
    [
        (
            '[defaults]\njudge = "AtCoder"\nkind = "batch"\ntime_limit = 2\n',
            "problems.toml:10: [defaults]: not a problem table (problems.toml has no "
            "[defaults]: each table is one problem's, giving its own keys; this one has no 'id')",
        ),
        (
            "[tool]\n# a comment\ntime_limit = 2\nmemory_limit = 256\n",
            "problems.toml:10: [tool]: not a problem table (it names no judge, id or kind: "
            "each table of problems.toml is one problem's, giving its own keys)",
        ),
        ('[beta]\nkind = "batch"\n', "problems.toml:10: [beta]: missing 'judge'"),
    ],
)
def test_a_table_of_defaults_is_said_to_be_no_problem_s_at_its_header(toy, table, said):
    """A [defaults] table (or one naming no judge, id or kind) was told of a missing key
    (``missing 'id'``), as if it were a problem's table left unfinished."""
    (toy / "problems.toml").write_text(TABLE.format(judge="POJ", extra="") + "\n" + table)
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == said


@pytest.mark.parametrize("judge", ["", "   "])
def test_an_empty_judge_is_refused(toy, judge):
    assert error(toy, judge=judge) == (
        "problems.toml:3: [toy_sum]: judge is empty: name where the problem is judged"
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('targets = ["cpython3"]', "name the CPython version"),
        ('targets = ["cpython3.7"]', "Python 3.8 and newer only"),
        ('targets = ["cpython3.31"]', "'cpython3.31': no such Python yet: the newest is 3.15"),
        ('targets = ["jython2"]', "is not a target"),
        ("targets = []", "'targets' is empty"),
        ('compare = "lines"\ninteractor = "x.py"', "'interactor' is for kind"),
        ('no_processes = "yes"', "no_processes"),
    ],
)
def test_bad_entries_are_one_line(toy, extra, message):
    assert message in error(toy, extra=extra)


def test_a_judge_without_a_profile_gets_the_strictest_targets(toy):
    problem = registry(toy, judge="POJ")["toy_sum"]
    assert [t.name for t in problem.targets] == list(STRICTEST) == ["cpython3.8", "pypy3"]
    assert problem.source_limit is None and not problem.no_files and not problem.no_processes


@pytest.mark.parametrize("judge", sorted(PROFILES))
def test_a_profile_gives_targets_size_limit_and_file_and_process_rules(toy, judge):
    profile = PROFILES[judge]
    problem = registry(toy, judge=profile.name)["toy_sum"]
    assert problem.targets == tuple(parse_target(name) for name in profile.targets)
    assert problem.source_limit == profile.source_limit
    assert problem.no_files == profile.no_files
    assert problem.no_processes == profile.no_processes


@pytest.mark.parametrize(
    ("judge", "compare"),
    [("Codeforces", "tokens"), ("AtCoder", "tokens"), ("Kattis", "kattis"), ("Timus", "lines"),
     ("SPOJ", "tokens"), ("POJ", "lines"), ("DOMjudge", "domjudge")],
)  # fmt: skip
def test_outputs_are_compared_as_the_judge_compares_them_unless_the_problem_says(
    toy, judge, compare
):
    """testlib's standard checkers and AtCoder's judge pass any spacing of the same tokens;
    Kattis has its default validator; the rest keep the kit's lines (kit.judges.profiles)."""
    assert registry(toy, judge=judge)["toy_sum"].compare == compare
    assert registry(toy, judge=judge, extra='compare = "lines"')["toy_sum"].compare == "lines"


@pytest.mark.parametrize(
    ("judge", "compare"),
    [("DOMjudge", "domjudge:float_tolerance 1e-6"), ("Kattis", "kattis:float_tolerance 1e-6"),
     ("POJ", "kattis:float_tolerance 1e-6")],
)  # fmt: skip
def test_the_default_validator_is_the_judges_own_copy_of_it(toy, judge, compare):
    """DOMjudge runs its own copy of problemtools' default validator for a package's (and a
    problem's) ``kattis``, which differs from it (kit.judges.compare's "domjudge")."""
    extra = 'compare = "kattis:float_tolerance 1e-6"'
    assert registry(toy, judge=judge, extra=extra)["toy_sum"].compare == compare


@pytest.mark.parametrize("rule", ["no_files", "no_processes"])
def test_a_problem_s_own_file_or_process_rule_wins_over_the_profile(toy, rule):
    assert getattr(registry(toy, extra=f"{rule} = true")["toy_sum"], rule)
    assert not getattr(registry(toy, judge="Timus", extra=f"{rule} = false")["toy_sum"], rule)


def test_explicit_targets_win_over_the_profile(toy):
    problem = registry(toy, judge="Codeforces", extra='targets = ["cpython3.8"]')["toy_sum"]
    assert [t.name for t in problem.targets] == ["cpython3.8"]
    assert problem.source_limit == 65536  # the judge's size limit still holds


def test_a_target_may_be_named_by_its_report_label(toy):
    """``3.8``, as the report's column and ``--target`` name it, is CPython 3.8."""
    problem = registry(toy, extra='targets = ["3.8", "PyPy3.10"]')["toy_sum"]
    assert [t.name for t in problem.targets] == ["cpython3.8", "pypy3.10"]


def test_an_interactive_problem_without_an_interactor_is_the_one_unplayed(toy):
    problems = load_registry(toy)
    assert not problems["toy_sum"].unplayed and not problems["toy_echo"].unplayed
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('interactor = "interactors/toy_echo.py"\n', ""))
    assert load_registry(toy)["toy_echo"].unplayed


@pytest.mark.parametrize(
    ("judge", "meant"),
    [("Codeforce", "codeforces"), ("atcoder.jp", "atcoder"), ("code-forces", "codeforces"),
     ("acm.timus.ru", "timus"), ("open.kattis.com", "kattis"), ("AtCodr", "atcoder")],
)  # fmt: skip
def test_a_judge_name_close_to_a_profile_s_is_an_error_with_a_suggestion(toy, judge, meant):
    """Taken for a judge without a profile, `Codeforce` would build in silence with other
    targets than Codeforces' and no source-size limit."""
    assert error(toy, judge=judge) == (
        f"problems.toml:3: [toy_sum]: unknown judge {judge!r} (did you mean {meant!r}? a name "
        "close to a profile's is refused as misspelt; only one unlike every profile's, e.g. "
        "POJ, is a judge without a profile, which gets the strictest targets)"
    )


@pytest.mark.parametrize(
    "judge", ["POJ", "informatics.msk.ru", "UVa", "my own judge", "Codeforces"]
)
def test_judges_without_a_profile_or_named_exactly_stay_valid(toy, judge):
    problem = registry(toy, judge=judge)["toy_sum"]
    assert problem.judge == judge


def test_a_problem_s_import_folders_are_its_solution_s(toy):
    """The stress and bench modules find their imports where the solution finds its own: the
    root alone for the kit's layout, a script's folder first then the root for its own."""
    assert registry(toy)["toy_sum"].import_folders == (toy,)
    problem = registry(toy, extra='solution = "abc300/a.py"')["toy_sum"]
    assert problem.import_folders == (toy / "abc300", toy)


def test_a_problem_s_page_address_is_an_http_or_https_one_with_a_host(toy):
    assert registry(toy)["toy_sum"].url is None
    address = "https://atcoder.jp/contests/abc300/tasks/abc300_a"
    assert registry(toy, extra=f'url = "{address}"')["toy_sum"].url == address
    plain = "http://poj.org/problem?id=1000"
    assert registry(toy, extra=f'url = "{plain}"')["toy_sum"].url == plain


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ('"ftp://example.com/p/1"', "'ftp://example.com/p/1'"),
        ('""', "''"),
        ('"example.com"', "'example.com'"),
        ('"https://"', "'https://'"),
        ('"https://example.com/a b"', "'https://example.com/a b'"),
        (f'"ftp://example.com/{"p" * 100}"', "'ftp://example.com/" + "p" * 38 + "..."),
    ],
)
def test_a_url_that_is_no_page_s_address_is_one_line_showing_it_cut_short(toy, value, shown):
    assert error(toy, extra=f"url = {value}") == (
        f"problems.toml:8: [toy_sum]: url = {shown}: not a page's address (give http:// or "
        'https:// and a host: url = "https://atcoder.jp/contests/abc300/tasks/abc300_a")'
    )


def test_a_url_that_is_not_text_has_the_wrong_type(toy):
    assert error(toy, extra="url = 12") == (
        "problems.toml:8: [toy_sum]: 'url' has the wrong type (12; expected text)"
    )


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ('compare = "checker:python3 checkers/check.py"',
         'compare names checker python3 checkers/check.py, which is not there: a command, where '
         'the setting names the program\'s file (a .py file runs under Python): compare = '
         '"checker:checkers/check.py"'),
        ('compare = "validator:pypy3 checkers/check.py case_sensitive"',
         'compare names validator pypy3, which is not there: a command, where the setting names '
         "the program's file (a .py file runs under Python): compare = "
         '"validator:checkers/check.py case_sensitive"'),
        ('interactor = "python3 checkers/check.py"',
         'interactor names python3 checkers/check.py, which is not there: a command, where the '
         "setting names the program's file (a .py file runs under Python): interactor = "
         '"checkers/check.py"'),
        ('interactor = "testlib:sh checkers/check.py"',
         'interactor names sh, which is not there: a command, where the '
         "setting names the program's file (a .py file runs under Python): interactor = "
         '"testlib:checkers/check.py"'),
    ],
)  # fmt: skip
def test_a_program_named_by_a_command_is_told_to_name_its_file(toy, setting, said):
    """online-judge-tools takes its special judge as a shell command (``--judge-command
    "python3 check.py"``); a setting copied from one named a file "not there" and no more:
    the message gives the setting that names the file the command runs."""
    (toy / "checkers").mkdir()
    (toy / "checkers" / "check.py").write_text("import sys\n")
    slug = "toy_echo" if setting.startswith("interactor") else "toy_sum"
    table = toy / "problems.toml"
    text = table.read_text().replace('interactor = "interactors/toy_echo.py"\n', "")
    table.write_text(text.replace(f"[{slug}]\n", f"[{slug}]\n{setting}\n", 1))
    assert load_registry(toy)[slug].unavailable == f"problems.toml's {said}"


@pytest.mark.parametrize(
    ("slug", "setting", "said"),
    [
        ("toy_echo", 'interactor = "interactors/toy_ech.py"',
         "interactor names interactors/toy_ech.py, which is not there (did you mean "
         "interactors/toy_echo.py?)"),
        ("toy_sum", 'compare = "checker:interactors/toy_eco.py"',
         "compare names checker interactors/toy_eco.py, which is not there (did you mean "
         "interactors/toy_echo.py?)"),
        ("toy_sum", 'compare = "validator:interactors/toy_echoes.py"',
         "compare names validator interactors/toy_echoes.py, which is not there (did you mean "
         "interactors/toy_echo.py?)"),
        # nothing close in its folder, or no such folder: no suggestion
        ("toy_echo", 'interactor = "interactors/judge.py"',
         "interactor names interactors/judge.py, which is not there"),
        ("toy_echo", 'interactor = "interactor/toy_echo.py"',
         "interactor names interactor/toy_echo.py, which is not there"),
    ],
)  # fmt: skip
def test_a_misspelt_program_path_gets_the_file_of_its_folder_meant(toy, slug, setting, said):
    table = toy / "problems.toml"
    text = table.read_text().replace('interactor = "interactors/toy_echo.py"\n', "")
    table.write_text(text.replace(f"[{slug}]\n", f"[{slug}]\n{setting}\n", 1))
    assert load_registry(toy)[slug].unavailable == f"problems.toml's {said}"


def test_a_program_missing_with_no_file_in_its_words_gets_no_setting(toy):
    table = toy / "problems.toml"
    text = table.read_text()
    table.write_text(
        text.replace("[toy_sum]\n", '[toy_sum]\ncompare = "checker:python3 gone.py"\n')
    )
    said = "problems.toml's compare names checker python3 gone.py, which is not there"
    assert load_registry(toy)["toy_sum"].unavailable == said


def test_the_problem_whose_file_it_is_is_named(toy):
    registry = load_registry(toy)
    assert owner_of(registry, toy / "solutions" / "toy_sum.py", "solution") == "toy_sum"
    assert owner_of(registry, toy / "samples" / "toy_sum", "samples' folder") == "toy_sum"
    assert owner_of(registry, toy / "samples" / "toy_sum", "solution") is None


OTHER = (
    '\n[{slug}]\njudge = "POJ"\nid = "2"\nkind = "batch"\ntime_limit = 1\nmemory_limit = 64\n'
    "{extra}"
)


def test_a_samples_folder_named_by_two_problems_is_one_line_naming_both_and_the_line(toy):
    """A second table naming a problem's samples' folder was taken silently: run FILE then
    found no problem for a sample, and stress --save refused the folder as another's."""
    first = TABLE.format(judge="POJ", extra="")
    (toy / "problems.toml").write_text(
        first + OTHER.format(slug="q2", extra='samples = "samples/toy_sum"')
    )
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value) == (
        "problems.toml:16: [q2]: samples = \"samples/toy_sum\" is toy_sum's samples' folder "
        "already (a sample's file is one problem's, which run FILE and stress take it for): "
        "give q2 a folder of its own"
    )
    # the table naming the folder is the one blamed, even the first: here the second's default
    named = TABLE.format(judge="POJ", extra='samples = "samples/q2/"')
    (toy / "problems.toml").write_text(named + OTHER.format(slug="q2", extra=""))
    with pytest.raises(BuildError) as raised:
        load_registry(toy)
    assert str(raised.value).startswith(
        "problems.toml:8: [toy_sum]: samples = \"samples/q2\" is q2's samples' folder already"
    )
    (toy / "problems.toml").write_text(first + OTHER.format(slug="q2", extra='samples = "q2"'))
    assert list(load_registry(toy)) == ["toy_sum", "q2"]

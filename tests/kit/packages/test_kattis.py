"""Problem packages read in place (kit.packages) from the small packages of
tests/fixtures/packages: a Kattis-format package's limits, nested secret groups in the judge's
order, validator flags from problem.yaml and a group's testdata.yaml, custom and interactive
validation, the format's later version, one-line errors; a Polygon package's problem.xml; the
YAML they are written in; and ``package = "PATH"`` in problems.toml (the table's own keys win).
How they are then judged is tests/test_package_judging.py's."""

import shutil
import textwrap
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges.programs import parse_interactor
from kit.packages import read_package, smallyaml
from kit.registry import judge_cases, load_registry, problem_from_package, sample_cases

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"


def package(name):
    return read_package(PACKAGES / name, f"packages/{name}")


# reading a Kattis-format package


def test_a_kattis_package_gives_its_limits_cases_and_submissions():
    found = package("kattis_sum")
    assert (found.format, found.judge, found.kind) == ("Kattis", "Kattis", "batch")
    assert (found.time_limit, found.time_from) == (1.0, ".timelimit")
    assert (found.memory_limit, found.output_limit) == (256, 8)  # output: the spec's default
    assert (found.margin, found.margin_from) == (2.0, "limits.time_safety_margin")
    assert found.compare == "kattis" and found.interactor is None
    assert [(case.name, case.group) for case in found.cases] == [
        ("data/sample/1", "sample"),
        ("data/sample/2", "sample"),
        ("data/secret/01_small", "secret"),  # cases and subgroups in lexicographic order
        ("data/secret/group_big/01", "secret"),
        ("data/secret/group_big/02", "secret"),
        ("data/secret/group_neg/sub/01", "secret"),  # nested two deep
    ]
    assert found.notes == (
        "note: packages/kattis_sum: 1 .in file(s) without a .ans are not cases (as problemtools "
        "reads them): data/secret/zz_no_answer.in",
    )
    assert [(s.name, s.folder, s.language) for s in found.submissions] == [
        ("accepted/shouting.py", "accepted", "Python"),
        ("accepted/sum.cpp", "accepted", "C++"),
        ("accepted/sum.py", "accepted", "Python"),
        ("wrong_answer/negative.py", "wrong_answer", "Python"),
        ("time_limit_exceeded/close.py", "time_limit_exceeded", "Python"),
        ("time_limit_exceeded/forever.py", "time_limit_exceeded", "Python"),
        ("run_time_error/crash.py", "run_time_error", "Python"),
        ("run_time_error/memory.py", "run_time_error", "Python"),
    ]


def test_validator_flags_come_from_problem_yaml_and_a_groups_testdata_yaml():
    found = package("kattis_half")
    assert found.compare == "kattis:float_tolerance 1e-6"
    assert [(case.name, case.flags) for case in found.cases] == [
        ("data/sample/1", ()),
        ("data/secret/01", ()),
        ("data/secret/strict/01", ("case_sensitive",)),
    ]
    assert (found.margin, found.margin_from) == (2.0, "legacy default")


def test_custom_and_interactive_validation_name_the_validator_program():
    assert package("kattis_split_py").compare == (
        "validator:packages/kattis_split_py/output_validators/split_check"
    )
    guess = package("kattis_guess")
    assert guess.kind == "interactive"
    assert guess.interactor == (
        "kattis:packages/kattis_guess/output_validators/guess max_guesses 7"
    )


def write_package(folder, problem_yaml, files):
    folder.mkdir(parents=True)
    (folder / "problem.yaml").write_text(textwrap.dedent(problem_yaml))
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def test_the_later_format_reads_type_time_limit_multipliers_and_output_validator(tmp_path):
    folder = write_package(
        tmp_path / "later",
        """\
        problem_format_version: 2023-07-draft
        type: [pass-fail, interactive]
        name:
          en: Later
          sv: Senare
        limits:
          time_limit: 2.5
          memory: 512
          output: 16
          time_multipliers:
            time_limit_to_tle: 3
        """,
        {
            "data/secret/1.in": "1\n",
            "data/secret/1.ans": "1\n",
            "output_validator/validate.py": "pass\n",
        },
    )
    found = read_package(folder, "later")
    assert (found.title, found.kind, found.time_limit, found.time_from) == (
        "Later",
        "interactive",
        2.5,
        "limits.time_limit in problem.yaml",
    )
    assert (found.memory_limit, found.output_limit, found.margin) == (512, 16, 3.0)
    assert (found.multiplier, found.interactor) == (2.0, "kattis:later/output_validator")


ONE_CASE = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}


@pytest.mark.parametrize(
    ("problem_yaml", "files", "message"),
    [
        ("name: x\n", {}, "x: no test cases (NAME.in with NAME.ans in data/sample, data/secret)"),
        ("validation: custom\n", ONE_CASE, "x: custom validation, but output_validators/ is"),
        ("type: submit-answer\nproblem_format_version: 2023-07\n", {}, "submit-answer"),
        ("limits:\n  memory: lots\n", ONE_CASE, "limits.memory: expected a number, not 'lots'"),
        ("limits: &a\n", {}, "problem.yaml:1: '&a': this YAML is not read here"),
    ],
)
def test_a_broken_kattis_package_is_a_one_line_error(tmp_path, problem_yaml, files, message):
    folder = write_package(tmp_path / "x", problem_yaml, files)
    with pytest.raises(BuildError) as caught:
        read_package(folder, "x")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_folder_that_is_no_package_is_named(tmp_path):
    with pytest.raises(BuildError, match="neither a Kattis-format package .* nor a Polygon"):
        read_package(tmp_path, "here")


def test_small_yaml_reads_what_packages_write():
    text = textwrap.dedent(
        """\
        ---
        # a comment
        name: 'It''s # not a comment'   # but this is
        limits:
          memory: 512
        type: [scoring, interactive]
        keywords:
        - graphs
        - "two words"
        empty:
        """
    )
    assert smallyaml.load(text, "p.yaml") == {
        "name": "It's # not a comment",
        "limits": {"memory": "512"},
        "type": ["scoring", "interactive"],
        "keywords": ["graphs", "two words"],
        "empty": "",
    }
    with pytest.raises(BuildError, match=r"p.yaml:2: 'a' is given twice"):
        smallyaml.load("a: 1\na: 2\n", "p.yaml")


# reading a Polygon package


def test_a_polygon_package_gives_its_limits_tests_checker_and_solutions():
    found = package("polygon_sum")
    assert (found.format, found.judge, found.name, found.title) == (
        "Polygon",
        "Codeforces",
        "sum-two",
        "Sum of Two",
    )
    assert (found.time_limit, found.memory_limit) == (1.0, 256)  # from ms and bytes
    assert found.compare == "checker:packages/polygon_sum/files/check.cpp"
    assert found.include == (PACKAGES / "polygon_sum" / "files",)
    assert [(case.name, case.group) for case in found.cases] == [
        ("tests/01", "sample"),
        ("tests/02", "secret"),
        ("tests/03", "secret"),
    ]
    assert [(s.name, s.folder, s.language) for s in found.submissions] == [
        ("solutions/sum.py", "main", "Python"),
        ("solutions/difference.py", "wrong-answer", "Python"),
        ("solutions/sum.cpp", "accepted", "C++"),
    ]
    interactive = package("polygon_guess")
    assert interactive.interactor == "testlib:packages/polygon_guess/files/interactor.py"


def test_a_polygon_package_without_its_tests_says_so(tmp_path):
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    (copy / "tests" / "02").unlink()
    with pytest.raises(BuildError, match=r"p: tests/02 is missing \(problem.xml lists 3 tests"):
        read_package(copy, "p")


# problems.toml's package key


def workspace(tmp_path, table, solutions=()):
    """A workspace whose packages/ holds copies of the fixture packages."""
    root = tmp_path / "ws"
    (root / "solutions").mkdir(parents=True)
    shutil.copytree(PACKAGES, root / "packages")
    (root / "problems.toml").write_text(textwrap.dedent(table))
    for slug, source in dict(solutions).items():
        (root / "solutions" / f"{slug}.py").write_text(textwrap.dedent(source))
    return load_registry(root)


def test_a_package_fills_the_table_and_the_tables_own_keys_win(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [plain]
        package = "packages/kattis_sum"

        [mine]
        package = "packages/kattis_sum"
        time_limit = 3
        compare = "tokens"
        judge = "Codeforces"
        """,
    )
    plain, mine = registry["plain"], registry["mine"]
    assert (plain.title, plain.judge, plain.id, plain.kind) == (
        "Sum or Impossible",
        "Kattis",
        "kattis_sum",
        "batch",
    )
    assert (plain.time_limit, plain.memory_limit, plain.output_limit) == (1.0, 256, 8)
    assert plain.compare == "kattis" and [t.name for t in plain.targets] == ["pypy3"]
    assert (mine.time_limit, mine.compare, mine.judge) == (3.0, "tokens", "Codeforces")
    names = [case.name for case in sample_cases(plain) + judge_cases(plain)[0]]
    assert names[0] == "packages/kattis_sum/data/sample/1.in"
    assert names[-1] == "packages/kattis_sum/data/secret/group_neg/sub/01.in"
    assert "zz_no_answer.in" in judge_cases(plain)[1]


def test_a_kattis_judged_problem_compares_as_kattis_does_by_default(toy):
    table = (toy / "problems.toml").read_text().replace('judge = "nowhere"', 'judge = "Kattis"')
    (toy / "problems.toml").write_text(table)
    assert load_registry(toy)["toy_sum"].compare == "kattis"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('package = "packages/none"', "package packages/none is not a folder"),
        ('package = "packages/kattis_sum"\ntestlib = "nope.h"', "testlib nope.h does not exist"),
    ],
)
def test_bad_package_settings_are_one_line(tmp_path, table, message):
    with pytest.raises(BuildError) as caught:
        workspace(tmp_path, f"[x]\n{table}\n")
    assert str(caught.value) == f"problems.toml: [x]: {message}"


def test_a_package_without_a_time_limit_asks_for_one(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    with pytest.raises(BuildError) as caught:
        problem_from_package(copy, "split")
    assert str(caught.value) == (
        "split: the package fixes no time limit (no .timelimit, no limits.time_limit in its "
        "problem.yaml): set time_limit"
    )
    assert problem_from_package(copy, time_limit=2).time_limit == 2


def test_a_package_in_a_folder_with_spaces_names_its_programs_quoted(tmp_path):
    root = tmp_path / "ws"
    for name in ("polygon_guess", "kattis_guess"):
        shutil.copytree(PACKAGES / name, root / "my packages" / name)
    (root / "problems.toml").write_text(
        '[p]\npackage = "my packages/polygon_guess"\n[k]\npackage = "my packages/kattis_guess"\n'
    )
    registry = load_registry(root)
    for slug, script in (("p", "files/interactor.py"), ("k", "output_validators/guess/guess.py")):
        problem = registry[slug]
        interactor = parse_interactor(problem.interactor, root, "test", problem.include)
        assert interactor.program.argv()[-1] == str(problem.source.path / script)

"""kit.registry with problem packages: ``package = "PATH"`` in problems.toml fills a problem's
table from the package (the table's own keys win), a Kattis-judged problem compares as Kattis
does, and bad package settings are one-line errors; on the small packages of
tests/fixtures/packages."""

import shutil

import pytest

from kit.errors import BuildError
from kit.judges.programs import parse_interactor
from kit.registry import load_registry, problem_from_package
from tests.package_support import PACKAGES, workspace


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
        url = "https://open.kattis.com/problems/sumorimpossible"
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
    assert plain.compare == "kattis" and [t.name for t in plain.targets] == ["pypy3.10"]
    assert (mine.time_limit, mine.compare, mine.judge) == (3.0, "tokens", "Codeforces")
    assert (plain.url, mine.url) == (None, "https://open.kattis.com/problems/sumorimpossible")


def test_a_package_s_code_limit_is_the_problem_s_source_limit(tmp_path):
    registry = workspace(tmp_path, '[plain]\npackage = "packages/kattis_sum"\n')
    assert registry["plain"].source_limit == 128 * 1024  # Kattis' profile: the format's default
    config = tmp_path / "ws" / "packages" / "kattis_sum" / "problem.yaml"
    config.write_text(config.read_text().replace("  memory: 256\n", "  memory: 256\n  code: 2\n"))
    assert load_registry(tmp_path / "ws")["plain"].source_limit == 2048


def test_a_kattis_judged_problem_compares_as_kattis_does_by_default(toy):
    table = (toy / "problems.toml").read_text().replace('judge = "nowhere"', 'judge = "Kattis"')
    (toy / "problems.toml").write_text(table)
    assert load_registry(toy)["toy_sum"].compare == "kattis"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('package = "packages/none"', "package packages/none: no such folder or archive"),
        ('package = "packages/kattis_sum"\ntestlib = "nope.h"', "testlib nope.h does not exist"),
        ('package = "packages/kattis_sum"\nsamples = "t"',
         "samples = 't': a package's samples are its own"),
    ],
)  # fmt: skip
def test_bad_package_settings_are_one_line(tmp_path, table, message):
    with pytest.raises(BuildError) as caught:
        workspace(tmp_path, f"[x]\n{table}\n")
    line = 2 if message.startswith("package ") else 3  # the key's, after the table's header
    assert str(caught.value) == f"problems.toml:{line}: [x]: {message}"


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


def test_a_zipped_package_is_a_problem_in_problems_toml_and_for_verify(tmp_path, cache_home):
    shutil.make_archive(str(tmp_path / "guess"), "zip", PACKAGES / "kattis_guess")
    root = tmp_path / "ws"
    (root / "packs").mkdir(parents=True)
    shutil.move(tmp_path / "guess.zip", root / "packs" / "guess.zip")
    (root / "problems.toml").write_text('[k]\npackage = "packs/guess.zip"\n')
    problem = load_registry(root)["k"]
    interactor = parse_interactor(problem.interactor, root, "test", problem.include)
    script = problem.source.path / "output_validators" / "guess" / "guess.py"
    assert problem.source.path.is_relative_to(cache_home) and script.is_file()
    assert interactor.program.argv()[-1] == str(script)
    alone = problem_from_package(root / "packs" / "guess.zip", "guess.zip")
    assert (alone.slug, alone.source.path, alone.source.shown) == ("guess", script.parents[2], ".")


def test_a_package_alone_has_notes_that_name_it_as_the_package_not_as_dot(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    (copy / "answer_validators").mkdir()
    (copy / "data" / "secret" / "zz_no_answer.in").write_text("1 2\n")
    notes = problem_from_package(copy, "sum").source.notes
    assert notes[0].startswith("note: 1 .in file(s) without a .ans are not cases")
    assert notes[1] == "note: not run, answer validation: answer_validators/"  # not "note: .: "

"""kit.registry with problem packages: a Kattis-judged problem compares as Kattis does, a
package without a time limit asks for one, a package's programs are named quoted in a folder
with spaces, a zipped package is a problem, and ``problem_from_package`` (``cpkit verify``)
makes a problem of a package alone; on the small packages of tests/fixtures/packages. What a
package gives a problem's table is in tests/kit/test_table_package.py."""

import shutil

import pytest

from kit.errors import BuildError
from kit.judges.programs import parse_interactor
from kit.registry import load_registry, problem_from_package
from tests.package_support import PACKAGES


def test_a_kattis_judged_problem_compares_as_kattis_does_by_default(toy):
    table = (toy / "problems.toml").read_text().replace('judge = "nowhere"', 'judge = "Kattis"')
    (toy / "problems.toml").write_text(table)
    assert load_registry(toy)["toy_sum"].compare == "kattis"


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

"""kit.registry with problem packages: a Kattis-judged problem compares as Kattis does, a
package's programs are named quoted in a folder with spaces, and a zipped package is a problem
(in problems.toml, and alone for ``cpkit verify``); on the small packages of
tests/fixtures/packages. What a package gives a problem's table is in
tests/kit/test_table_package.py; a problem made of a package alone, in
tests/kit/test_package_problem.py. A package's test data is walked only when its problem's
cases are asked for."""

import os
import shutil

import pytest

from kit.errors import BuildError
from kit.judges.programs import parse_interactor
from kit.package_problem import problem_from_package
from kit.packages import kattis_data
from kit.problem_cases import judge_cases, sample_cases
from kit.registry import load_registry
from tests.package_support import PACKAGES


def test_a_kattis_judged_problem_compares_as_kattis_does_by_default(toy):
    table = (toy / "problems.toml").read_text().replace('judge = "nowhere"', 'judge = "Kattis"')
    (toy / "problems.toml").write_text(table)
    assert load_registry(toy)["toy_sum"].compare == "kattis"


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


def test_a_package_s_cases_are_walked_only_when_its_problem_s_are_asked_for(toy, monkeypatch):
    """Every command loads the registry: it read each package's data/ whole (a 5,000-case
    package: 1.5 s a command, whatever problem it was about). Now its title and limits are
    read, its cases when that problem's are first asked for, once."""
    shutil.copytree(PACKAGES / "kattis_sum", toy / "sum")
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[sum]\npackage = "sum"\n')
    walks = []
    walk = kattis_data.cases
    monkeypatch.setattr(kattis_data, "cases", lambda *given: walks.append(1) or walk(*given))
    registry = load_registry(toy)
    package = registry["sum"].source
    assert (registry["sum"].title, package.time_limit, package.submissions) != ("", None, ())
    assert sample_cases(registry["toy_sum"]) and walks == []
    secret = judge_cases(registry["sum"])[0]
    assert [case.name for case in secret] == [
        f"sum/{c.name}.in" for c in package.cases_of("secret")
    ]
    assert package.cases and package.notes == registry["sum"].source.notes and walks == [1]


def test_what_is_wrong_in_a_package_s_cases_is_said_for_its_problem_alone(toy):
    """A pipe among a package's tests failed every command (load_registry); now the other
    problems' are unaffected and the package's problem fails when its cases are read."""
    copy = shutil.copytree(PACKAGES / "kattis_sum", toy / "sum")
    (copy / "data" / "secret" / "zz.ans").write_text("3\n")
    os.mkfifo(copy / "data" / "secret" / "zz.in")
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[sum]\npackage = "sum"\n')
    registry = load_registry(toy)
    assert sample_cases(registry["toy_sum"])
    for _ in range(2):  # said again when asked again, not forgotten
        with pytest.raises(BuildError) as caught:
            judge_cases(registry["sum"])
        assert str(caught.value) == (
            "problems.toml: [sum]: sum: 1 test file(s) are not regular files (a pipe, a socket "
            "or a device): data/secret/zz.in"
        )

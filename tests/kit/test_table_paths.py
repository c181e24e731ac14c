"""kit.table_paths: the paths a problem's table names, checked: its solution's file and its
samples' folder inside the workspace, from its root, without '..' and not in dist/ (a bad one
is a one-line error), and its judge data's folder, which must exist unless the whole tree
beside the checkout that would hold it is absent."""

import pytest

from kit.errors import BuildError
from kit.table_paths import judge_data_of
from tests.registry_support import error, registry


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('solution = "../elsewhere.py"', "solution = '../elsewhere.py': name a .py file inside"),
        ('solution = "/tmp/a.py"', "solution = '/tmp/a.py': name a .py file inside"),
        ('solution = "abc/a.txt"', "solution = 'abc/a.txt': name a .py file inside"),
        ('solution = ""', "solution = '': name a .py file inside"),
        ('solution = "dist/a.py"', "solution = 'dist/a.py' is in dist/, the kit's output folder"),
        ('solution = "./dist/a.py"', "solution = './dist/a.py' is in dist/"),
        ('samples = "../t"', "samples = '../t': name a folder inside the workspace"),
        # inside, but through '..' (online-judge-tools' own test names such a folder)
        ('samples = "p/o/../../p/o"', "from its root, without '..' (samples = "),
        ('samples = "/tmp/t"', "samples = '/tmp/t': name a folder inside the workspace"),
        ('samples = " "', "samples = ' ': name a folder inside the workspace"),
        ('samples = "."', "samples = '.': name a folder inside the workspace"),
        ('samples = "dist/t"', "samples = 'dist/t' is in dist/, the kit's output folder"),
    ],
)
def test_a_path_not_inside_the_workspace_or_in_dist_is_one_line(toy, extra, message):
    assert message in error(toy, extra=extra)


def test_a_solution_may_be_named_where_the_repository_keeps_it(toy):
    """An existing repository's layout, adopted as it is: ``solution = "abc300/a.py"``."""
    assert registry(toy)["toy_sum"].solution == toy / "solutions" / "toy_sum.py"
    problem = registry(toy, extra='solution = "abc300/a.py"')["toy_sum"]
    assert problem.solution == toy / "abc300" / "a.py"
    (toy / "abc300" / "a.py").mkdir(parents=True)
    assert "solution = 'abc300/a.py' is a folder" in error(toy, extra='solution = "abc300/a.py"')


def test_a_named_judge_data_folder_inside_the_checkout_must_exist(toy):
    message = error(toy, extra='judge_data = "data/official"')
    assert message.endswith("judge_data folder data/official does not exist")


def test_judge_data_beside_a_clone_without_it_is_skipped_not_an_error(toy):
    # ../absent-tree/... : the whole folder beside the checkout is missing (a bare clone)
    problem = registry(toy, extra='judge_data = "../absent-tree/x"')["toy_sum"]
    assert problem.judge_data == "../absent-tree/x"


def test_judge_data_missing_from_a_folder_beside_the_checkout_that_is_there_is_an_error(tmp_path):
    """Only a tree that is wholly absent is a clone without its data: a folder beside the
    checkout that is there but lacks the one named is a name mistyped."""
    root = tmp_path / "checkout"
    (tmp_path / "official" / "a").mkdir(parents=True)
    root.mkdir()
    assert judge_data_of(root, "[p]", {"judge_data": "../official/a"}) == "../official/a"
    assert judge_data_of(root, "[p]", {}) is None
    with pytest.raises(BuildError, match=r"^\[p\]: judge_data folder ../official/b does not"):
        judge_data_of(root, "[p]", {"judge_data": "../official/b"})

"""kit.invocation: the program's name as the user started it, in the commands messages
suggest (a workspace not found names ``python -m kit init`` when started so)."""

import pytest

from kit import invocation
from kit.errors import BuildError
from kit.workspace import find_root


@pytest.fixture
def restored():
    before = invocation.command()
    yield
    invocation.COMMAND[0] = before


@pytest.mark.parametrize(
    ("prog", "shown"),
    [("cpkit", "cpkit"), ("python -m kit", "python -m kit"), ("build.py", "python build.py")],
)
def test_the_command_is_the_program_as_started(restored, prog, shown):
    invocation.started_as(prog)
    assert invocation.command() == shown


def test_a_missing_workspace_suggests_init_under_the_program_s_name(restored, tmp_path):
    invocation.started_as("python -m kit")
    with pytest.raises(BuildError, match=r"\(start one with `python -m kit init`, or give"):
        find_root(tmp_path)

"""kit.checkout_modules: a module of the workspace imported into the kit's process finds what its
problem's solution finds, and what goes wrong when it is imported is one line naming the file:
an exit (naming the call), an exception, and a workspace package hidden by the kit's own, each
``Unusable``: what the command cannot read (exit 2), in bench as in stress."""

import os

import pytest

from kit.checkout_modules import import_from_checkout
from kit.errors import Unusable
from kit.registry import load_registry
from tests.process_support import kit_ended


def imported(root, source):
    """``root/probe.py`` holding ``source``, imported for the toy's toy_sum."""
    (root / "probe.py").write_text(source)
    return import_from_checkout(load_registry(root)["toy_sum"], root / "probe.py", "probe")


def import_error(root, source):
    with pytest.raises(Unusable) as raised:
        imported(root, source)
    assert raised.value.status == 2
    return str(raised.value)


def test_a_module_imports_the_helpers_its_solution_imports(toy, own_imports, no_checkout_shared):
    module = imported(toy, "from shared.toy_numbers import parse_totals\nFOUND = parse_totals\n")
    assert module.__name__ == "probe" and callable(module.FOUND)


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("import sys\nsys.exit(3)\n", "probe.py: exits when imported (sys.exit(3))"),
        ("import os\nos._exit(0)\n", "probe.py: exits when imported (os._exit(0))"),
        (
            "1 / 0\n",
            "probe.py: cannot be imported: ZeroDivisionError: division by zero at probe.py:1",
        ),
        (
            "import no_such_module\n",
            "probe.py: cannot be imported: ModuleNotFoundError: No module named 'no_such_module' "
            "at probe.py:1",
        ),
    ],
)
def test_a_module_that_exits_or_raises_when_imported_is_one_line(
    toy, own_imports, monkeypatch, source, said
):
    monkeypatch.setattr(os, "_exit", kit_ended)  # the guest's own stands in while it runs
    assert import_error(toy, source) == said


def test_a_workspace_package_named_as_one_of_the_kit_s_is_said_to_be_hidden(toy, own_imports):
    (toy / "kit").mkdir()
    (toy / "kit" / "__init__.py").write_text("")
    (toy / "kit" / "ops.py").write_text("")
    said = import_error(toy, "from kit import ops\n")
    assert said.startswith("probe.py: cannot be imported: ImportError: cannot import name 'ops'")
    assert said.endswith(
        " (the workspace's 'kit' is hidden by cpkit's own 'kit', imported already in the process "
        "this module runs in: rename the workspace's)"
    )
    (toy / "kit").rename(toy / "mine")  # no workspace package of that name: the error alone
    said = import_error(toy, "import kit.nothing\n")
    assert (
        said == "probe.py: cannot be imported: ModuleNotFoundError: No module named 'kit.nothing' "
        "at probe.py:1"
    )


def test_a_helper_that_raises_or_cannot_be_read_is_named_with_its_line(
    toy, own_imports, no_checkout_shared
):
    """A stress module's helper failing as it is imported: the message named the stress module
    alone (a KeyError without a place), or the helper's file without its folder."""
    (toy / "shared" / "table.py").write_text("X = 1\n\nY = {}['k']\n")
    said = import_error(toy, "from shared.table import X\n")
    assert said == "probe.py: cannot be imported: KeyError: 'k' at shared/table.py:3"
    (toy / "shared" / "table.py").write_text("X = 1\ndef f(:\n")
    said = import_error(toy, "from shared.table import X\n")
    assert said == "probe.py: cannot be imported: SyntaxError: invalid syntax at shared/table.py:2"

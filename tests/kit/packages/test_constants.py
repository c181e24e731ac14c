"""kit.packages.constants: a 2025-09 package's constants (spec/2025-09.md, "Constants") read
from problem.yaml, replaced in a view of the package (validators, included files,
test_group.yaml; not test data, problem.yaml or, as BAPCtools and problemtools leave them,
submissions), and ``cpkit verify`` through that view."""

import os
import shutil
import stat
from pathlib import Path

import pytest

from kit import cli
from kit.errors import BuildError
from kit.packages import constants, package_folder, read_package, watched

ROOT = Path(__file__).resolve().parents[3]
SPLIT = ROOT / "tests" / "fixtures" / "packages" / "kattis_split_py"
CONFIG = {"constants": {"MAX": "5", "BIG": {"value": "5000000", "tex": "5,000,000"}}}


def test_values_give_each_name_and_variant_its_text():
    assert constants.values(CONFIG, "p") == {
        "MAX.value": "5",
        "MAX": "5",
        "BIG.value": "5000000",
        "BIG.tex": "5,000,000",
        "BIG": "5000000",
    }
    assert constants.values({}, "p") == {}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("5", "p/problem.yaml: constants: expected a map of names to values"),
        ({"9lives": "9"}, "constants: '9lives' is not a name"),
        ({"K": {"tex": "5"}}, "constants: K: a map of variants needs a 'value'"),
        ({"K": {"value": "5", "x": {"y": "1"}}}, "K.x: not a variant name with a scalar"),
    ],
)
def test_bad_constants_are_a_one_line_error(table, message):
    with pytest.raises(BuildError, match="^p/problem.yaml: constants") as caught:
        constants.values({"constants": table}, "p")
    assert message in str(caught.value)


def write(path, text, mode=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if mode is not None:
        path.chmod(mode)
    return path


def package(tmp_path):
    top = tmp_path / "pkg"
    write(top / "problem.yaml", "constants:\n  MAX: {{MAX}}\n")  # never replaced here
    write(top / "input_validators" / "v.py", "limit = {{MAX}}  # {{BIG.tex}} {{NONE}}\n", 0o755)
    write(top / "input_validators" / "same.py", "no sequence here\n")
    write(top / "data" / "secret" / "test_group.yaml", "input_validator_args: [--max, '{{MAX}}']\n")
    write(top / "data" / "secret" / "1.in", "{{MAX}}\n")  # test data: never replaced
    write(top / "submissions" / "accepted" / "a.py", "print({{MAX}})\n")
    return top


def test_a_view_replaces_the_files_that_take_constants_and_links_the_rest(tmp_path):
    top = package(tmp_path)
    seen = constants.view(top, "pkg", constants.values(CONFIG, "pkg"))
    assert seen != top and seen.name == "pkg"
    validator = seen / "input_validators" / "v.py"
    assert validator.read_text() == "limit = 5  # 5,000,000 {{NONE}}\n"
    assert stat.S_IMODE(validator.stat().st_mode) == 0o755 and not validator.is_symlink()
    group = seen / "data" / "secret" / "test_group.yaml"
    assert group.read_text() == "input_validator_args: [--max, '5']\n"
    for kept in ("problem.yaml", "data/secret/1.in", "submissions"):
        assert (seen / kept).is_symlink() and os.readlink(seen / kept) == str(top / kept)
    beside = seen / "input_validators" / "same.py"  # a neighbour in a program's folder
    assert beside.read_text() == "no sequence here\n" and not beside.is_symlink()
    assert (seen / "submissions" / "accepted" / "a.py").read_text() == "print({{MAX}})\n"
    assert (seen / constants.NOTES).read_text().splitlines() == [
        "note: pkg: constants replaced in 2 file(s): input_validators/v.py, "
        "data/secret/test_group.yaml",
        "note: pkg: sequences naming no constant, left: ['NONE']",
    ]
    assert constants.view(seen, "pkg", constants.values(CONFIG, "pkg")) == seen  # done once
    assert constants.held(top, constants.values(CONFIG, "pkg")) == ["submissions/accepted/a.py"]


def test_a_package_whose_files_hold_no_sequence_is_read_as_it_is(tmp_path):
    top = package(tmp_path)
    assert constants.view(top, "pkg", {"OTHER": "1", "OTHER.value": "1"}) == top
    assert constants.view(top, "pkg", {}) == top


def split_with_constants(tmp_path):
    """kattis_split_py in the 2025-09 format, its input validator bounded by a constant."""
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "output_validators").rename(copy / "output_validator")
    (copy / "problem.yaml").write_text(
        "problem_format_version: 2025-09\nname: Split\nlimits:\n  time_limit: 1\n"
        "constants:\n  MAX: 5\n"
    )
    write(
        copy / "input_validators" / "bound.py",
        "import sys\nsys.exit(42 if 0 <= int(input()) <= {{MAX}} else 43)\n",
    )
    return copy


def test_verify_reads_a_package_through_its_constants_view(tmp_path, capsys):
    copy = split_with_constants(tmp_path)
    code = cli.main(["verify", str(copy), "-j", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1  # 10 is over MAX: the one input the validator rejects
    assert lines[1] == (f"note: {copy}: constants replaced in 1 file(s): input_validators/bound.py")
    assert "inputs: 1 of 3 inputs rejected (input_validators/bound.py)" in lines
    assert "  data/secret/1.in: input_validators/bound.py: exit status 43" in lines


def test_a_package_read_through_a_view_is_watched_at_its_own_folder(tmp_path):
    copy = split_with_constants(tmp_path)
    write(copy / "submissions" / "accepted" / "echo.py", "print({{MAX}}, 0)\n")
    found = read_package(copy, "split")
    assert found.path != copy and found.archive == copy
    assert (
        "note: split: 1 submission(s) hold constants, left as written as BAPCtools and "
        "problemtools leave them (the 2025-09 spec replaces them): submissions/accepted/echo.py"
    ) in found.notes
    assert found.path == package_folder(found.path, "split")
    polled = watched(found)
    assert polled[0] == copy and copy / "input_validators" in polled


def test_a_validator_holding_no_constant_beside_one_that_does_is_shown_in_the_package(
    tmp_path, capsys
):
    # the view links the validator holding none: followed, its path left the view (a
    # ValueError from relative_to, the format's own example ``maximal``'s traceback)
    copy = split_with_constants(tmp_path)
    write(copy / "input_validators" / "plain.py", "import sys\nint(input())\nsys.exit(42)\n")
    code = cli.main(["verify", str(copy), "-j", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert (
        "inputs: 1 of 3 inputs rejected (input_validators/bound.py, input_validators/plain.py)"
    ) in lines
    assert "  data/secret/1.in: input_validators/bound.py: exit status 43" in lines


def test_a_validator_importing_a_neighbour_that_holds_a_constant_reads_it_replaced(
    tmp_path, capsys
):
    # linked into the view, main.py ran from the package's own folder and imported its
    # bounds.py unreplaced ({{MAX}}: a NameError on every input)
    copy = split_with_constants(tmp_path)
    (copy / "input_validators" / "bound.py").unlink()
    write(copy / "input_validators" / "check" / "bounds.py", "MAX = {{MAX}}\n")
    write(
        copy / "input_validators" / "check" / "main.py",
        "import sys\nfrom bounds import MAX\nsys.exit(42 if 0 <= int(input()) <= MAX else 43)\n",
    )
    assert cli.main(["verify", str(copy), "-j", "1"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "inputs: 1 of 3 inputs rejected (input_validators/check)" in lines
    assert "  data/secret/1.in: input_validators/check: exit status 43" in lines
    assert not (copy / "input_validators" / "check" / "__pycache__").exists()

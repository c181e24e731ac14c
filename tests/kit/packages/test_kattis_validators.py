"""kit.packages.kattis_validators: a Kattis-format package's judging programs as its reader
names them: custom and interactive validation's validator, an unused validator and a wrong
validation word noted, a validator in the other version's folder read and noted, a
multi-pass problem's passes. Running the input validators is tests/kit/verify/test_input_check.py's,
the grader tests/kit/verify/test_grader_program.py's."""

import pytest

from kit.packages import kattis
from kit.packages.kattis_validators import validation_errors
from tests.package_support import ONE_CASE, PACKAGES, write_package


def test_custom_and_interactive_validation_name_the_validator_program():
    split = kattis.read(PACKAGES / "kattis_split_py", "packages/kattis_split_py")
    assert split.compare == "validator:packages/kattis_split_py/output_validators/split_check"
    guess = kattis.read(PACKAGES / "kattis_guess", "packages/kattis_guess")
    assert guess.kind == "interactive"
    assert guess.interactor == (
        "kattis:packages/kattis_guess/output_validators/guess max_guesses 7"
    )


def test_an_unused_validator_and_a_wrong_validation_word_are_noted(tmp_path):
    files = {**ONE_CASE, "output_validators/v.py": "\n"}
    found = kattis.read(write_package(tmp_path / "unused", "validation: default\n", files), "x")
    assert found.compare == "kattis" and found.notes == (
        "note: x: output_validators/ holds a program, but validation is default: the default "
        "validator judges (problemtools: an error)",
    )
    found = kattis.read(write_package(tmp_path / "word", "validation: custom scored\n", files), "x")
    assert found.compare.startswith("validator:") and found.notes == (
        "note: x/problem.yaml: validation: 'scored' is not score or interactive (problemtools: "
        "an error)",
    )
    found = kattis.read(write_package(tmp_path / "fine", "validation: custom score\n", files), "x")
    assert not any("validation" in note for note in found.notes)


def test_validation_errors_name_the_file_each_is_in(tmp_path):
    (tmp_path / "output_validators").mkdir()
    (tmp_path / "output_validators" / "v.py").write_text("\n")
    assert validation_errors(tmp_path, {"validation": "default"}, legacy=True) == [
        ("", "output_validators/ holds a program, but validation is default: the default "
         "validator judges")
    ]  # fmt: skip
    assert validation_errors(tmp_path, {"validation": "custom scored"}, legacy=True) == [
        ("problem.yaml", "validation: 'scored' is not score or interactive")
    ]
    assert validation_errors(tmp_path, {"validation": "custom score"}, legacy=True) == []
    assert validation_errors(tmp_path, {"validation": "default"}, legacy=False) == []


def legacy_folder(name):
    """Whether ``name`` is legacy's folder of programs, whose one file is named as such."""
    return name == "output_validators"


def test_a_validator_file_in_legacy_s_folder_of_programs_is_named_by_its_file(tmp_path):
    """mzuenni/icpc-problems' infinityissues keeps ``output_validators/output_validator.cpp``:
    verify named its checker "(output_validators)"; a later version's ``output_validator/``
    is the program itself, and several sources are compiled together, the folder named."""
    files = {**ONE_CASE, "output_validators/check.cpp": "int main() {}\n"}
    found = kattis.read(write_package(tmp_path / "a", "validation: custom\n", files), "a")
    assert found.compare == "validator:a/output_validators/check.cpp"
    later = "problem_format_version: 2023-07\nname: b\n"
    files = {**ONE_CASE, "output_validator/check.cpp": "int main() {}\n"}
    assert kattis.read(write_package(tmp_path / "b", later, files), "b").compare == (
        "validator:b/output_validator"
    )
    files = {**ONE_CASE, "output_validators/a.cpp": "\n", "output_validators/b.cpp": "\n"}
    found = kattis.read(write_package(tmp_path / "c", "validation: custom\n", files), "c")
    assert found.compare == "validator:c/output_validators"


@pytest.mark.parametrize(
    ("problem_yaml", "own", "other"),
    [
        ("validation: custom\n", "output_validators", "output_validator"),
        ("problem_format_version: 2023-07\nname: x\n", "output_validator", "output_validators"),
    ],
)
def test_a_validator_in_the_other_version_s_folder_is_read_and_noted(
    tmp_path, problem_yaml, own, other
):
    """problemtools reads only the version's own folder (and warns of the other); DOMjudge
    reads either: the kit reads it, and says so, for it may judge with the default there."""
    files = {**ONE_CASE, f"{other}/v.py": "\n"}
    found = kattis.read(write_package(tmp_path / "x", problem_yaml, files), "x")
    assert found.compare == f"validator:x/{other}" + ("/v.py" if legacy_folder(other) else "")
    assert (
        f"note: x: the output validator is in {other}/, where this format version's is "
        f"{own}/: read here, as DOMjudge reads either; problemtools reads only {own}/"
    ) in found.notes
    if own == "output_validators":  # validation: default reads none: problemtools' warning
        unread = kattis.read(write_package(tmp_path / "y", "name: y\n", files), "y")
        assert unread.compare == "kattis" and unread.notes == (
            "note: y: output_validator/ is not a folder of format legacy (problemtools warns)",
        )


def test_a_multi_pass_problem_s_passes(tmp_path):
    files = {**ONE_CASE, "output_validator/v.py": "\n"}
    later = "problem_format_version: 2025-09\n"
    plain = kattis.read(write_package(tmp_path / "plain", later, files), "plain")
    assert plain.passes == 0
    found = kattis.read(write_package(tmp_path / "two", later + "type: multi-pass\n", files), "x")
    assert (found.passes, found.kind) == (2, "batch")  # the spec's default
    config = later + "type: multi-pass\nlimits:\n  validation_passes: 5\n"
    assert kattis.read(write_package(tmp_path / "five", config, files), "x").passes == 5
    config = later + "type: [multi-pass, interactive]\n"
    found = kattis.read(write_package(tmp_path / "played", config, files), "x")
    assert (found.passes, found.kind) == (2, "interactive")

"""kit.packages.kattis_checks: what problemtools 1.20260907 warns of or reports as an error in
a Kattis package's problem.yaml and top folders (its uuid, a folder of another format version,
the deprecated ``input_format_validators/``), as notes and errors of the package read here;
how ``cpkit verify`` fails on them: tests/kit/packages/test_kattis.py."""

import shutil

import pytest

from kit.packages import kattis_checks
from kit.packages.kattis_files import read_yaml
from tests.package_support import UUID, write_package


def checked(folder, version="legacy", noted=()):
    config = read_yaml(folder / "problem.yaml", "p")
    return kattis_checks.package_checks(folder, "p", config, version, noted)


@pytest.mark.parametrize(
    ("version", "noted", "errs"),
    [("legacy", True, False), ("2023-07-draft", True, True), ("2025-09", True, False)],
)
def test_a_missing_uuid_is_a_warning_in_legacy_and_an_error_from_2023_07(
    tmp_path, version, noted, errs
):
    """problemtools' ``_error_in_2023_07``: legacy warns, 2023-07 errs; it does not load a
    2025-09 package, whose spec requires one: a note alone."""
    folder = write_package(tmp_path / "p", f"problem_format_version: {version}\n", {}, uuid=False)
    notes, errors = checked(folder, version)
    assert any("no uuid" in note for note in notes) == noted, notes
    assert bool(errors) == errs, errors
    (folder / "problem.yaml").write_text(f"problem_format_version: {version}\n{UUID}")
    assert checked(folder, version) == ([], [])


def test_a_legacy_name_that_is_not_a_string_is_an_error(tmp_path):
    """problemtools' MetadataLegacy has ``name: str``: a map of languages (NWERC 2023's
    ``isolatedisland``) fails its loading; in 2023-07 the map is the format's own."""
    folder = write_package(tmp_path / "p", "name:\n  en: Isolated Island\n", {})
    notes, errors = checked(folder)
    assert notes == ["note: p/problem.yaml: name is a map of languages, a later format's form"]
    assert errors == [
        "problem.yaml: name is a map of languages, where format legacy's is a string "
        "(problemtools does not load the package)"
    ]
    (folder / "problem.yaml").write_text(f"name: Isolated Island\n{UUID}")
    assert checked(folder) == ([], [])
    (folder / "problem.yaml").write_text(
        f"problem_format_version: 2023-07-draft\nname:\n  en: I\n{UUID}"
    )
    assert checked(folder, "2023-07-draft") == ([], [])


def test_a_legacy_key_of_another_type_or_unknown_is_an_error_and_only_in_legacy(tmp_path):
    """problemtools' model of a legacy problem.yaml (``kit.packages.legacy_metadata``)
    refuses ``keywords: [a, b]`` and a 2023-07 key; a 2023-07 package is not held to it."""
    folder = write_package(tmp_path / "p", "keywords: [a, b]\nconstants:\n  n: 5\n", {})
    assert checked(folder) == (
        [],
        [
            "problem.yaml: keywords is a list, where format legacy's is a string (problemtools "
            "does not load the package)",
            "problem.yaml: constants is not a key of format legacy (problemtools does not load "
            "the package)",
        ],
    )
    assert checked(folder, "2023-07-draft") == ([], [])


def test_a_top_folder_of_another_format_version_is_a_warning(tmp_path):
    """``generators/`` is 2023-07's, ``problem_statement/`` legacy's: problemtools warns of
    each in the other version; a folder of its own version, or one it knows of in neither
    (``graders/``), is not noted, nor a hidden one."""
    files = {
        "generators/gen.py": "print(1)\n",
        "problem_statement/problem.tex": "x\n",
        "graders/g.py": "print(1)\n",
        ".git/HEAD": "x\n",
    }
    folder = write_package(tmp_path / "p", UUID, files)
    notes, errors = checked(folder)
    assert notes == ["note: p: generators/ is not a folder of format legacy (problemtools warns)"]
    assert errors == []
    (folder / "problem.yaml").write_text(f"problem_format_version: 2023-07\n{UUID}")
    notes, _ = checked(folder, "2023-07")
    assert notes == [
        "note: p: problem_statement/ is not a folder of format 2023-07 (problemtools warns)"
    ]


def test_the_deprecated_input_format_validators_is_a_warning(tmp_path):
    files = {"input_format_validators/v.py": "print(1)\n"}
    folder = write_package(tmp_path / "p", UUID, files)
    assert checked(folder) == (
        [
            "note: p: input_format_validators/ is the deprecated name of input_validators/: "
            "read all the same (problemtools warns)"
        ],
        [],
    )


def test_an_output_validator_folder_already_noted_is_not_noted_again(tmp_path):
    files = {"output_validator/v.py": "print(1)\n"}
    folder = write_package(tmp_path / "p", UUID, files)
    assert len(checked(folder)[0]) == 1
    assert checked(folder, noted=("output_validator",)) == ([], [])


def test_a_top_folder_close_to_a_missing_one_s_name_is_a_warning(tmp_path):
    """problemtools' "Potential typo": ``submisions/`` beside no ``submissions/`` (difflib's
    ratio 0.95, at least 0.75); not when ``submissions/`` is there, nor for a name far from
    every missing one (``notes/``) or one problemtools rejects (``sub missions/``)."""
    files = {"submisions/accepted/a.py": "print(1)\n", "notes/n.txt": "x\n"}
    folder = write_package(tmp_path / "p", UUID, files)
    assert checked(folder) == ([], [])  # submissions/ there too: no typo of a missing one
    shutil.rmtree(folder / "submissions")
    (folder / "sub missions").mkdir()
    typo = "note: p: submisions/ may be a typo of submissions/, which is not there"
    assert checked(folder) == ([f"{typo} (problemtools warns)"], [])
    (folder / "problem.yaml").write_text(f"problem_format_version: 2023-07\n{UUID}")
    assert checked(folder, "2023-07") == ([f"{typo} (problemtools warns)"], [])
    assert checked(folder, "2025-09") == ([], [])

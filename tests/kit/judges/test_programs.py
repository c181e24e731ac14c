"""kit.judges.programs: the judge's own programs (checkers, validators, interactors): what a
path names (a .py file run by this Python, a C or C++ source, a folder of sources or scripts,
an executable), the interactor protocols and their command lines, and the one-line errors
(nothing to run); compiling and building are tests/kit/judges/test_compiling.py's."""

import os
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges import programs
from kit.judges.compare import parse_compare
from kit.judges.programs import (
    KATTIS,
    KIT,
    TESTLIB,
    interactor_protocol,
    kattis_failure,
    named_programs,
    parse_interactor,
    program_at,
    runnable,
    submission_program,
)

WHERE = "problems.toml: [toy]"


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


# what a path names


def test_each_kind_of_program_by_its_file(tmp_path):
    for name in ("v.py", "check.cpp", "check.cc", "check.c", "run.sh", "run"):
        write(tmp_path / name, "")
    os.chmod(tmp_path / "run", 0o755)
    kinds = {name: program_at(name, tmp_path, WHERE, "checker").kind for name in
             ("v.py", "check.cpp", "check.cc", "check.c", "run.sh", "run")}  # fmt: skip
    assert kinds == {
        "v.py": "python",
        "check.cpp": "cpp",
        "check.cc": "cpp",
        "check.c": "c",
        "run.sh": "sh",  # executable or not, as BAPCtools runs one: sh "{mainfile}"
        "run": "exec",
    }
    assert program_at("run.sh", tmp_path, WHERE, "checker").argv() == [
        "sh",
        str(tmp_path / "run.sh"),
    ]
    assert program_at("run", tmp_path, WHERE, "checker").argv() == [str(tmp_path / "run")]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "problems.toml: [toy]: no checker path given"),
        ("gone.py", "problems.toml: [toy]: checker gone.py not found"),
        ("data.txt", "checker data.txt is not executable (nor a .py, .sh, C or C++ file)"),
    ],
)
def test_a_path_that_names_nothing_to_run_is_one_line(tmp_path, name, message):
    write(tmp_path / "data.txt", "1\n")
    with pytest.raises(BuildError) as caught:
        program_at(name, tmp_path, WHERE, "checker")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_folder_runs_its_sources_or_its_one_script(tmp_path):
    write(tmp_path / "cpp" / "validate.cc", "")
    write(tmp_path / "cpp" / "validate.h", "")
    write(tmp_path / "cpp" / "notes.py", "")
    found = program_at("cpp", tmp_path, WHERE, "validator", folder=True)
    assert (found.kind, found.sources) == ("cpp", (tmp_path / "cpp" / "validate.cc",))
    write(tmp_path / "guess" / "guess.py", "")
    write(tmp_path / "guess" / "helper.py", "")
    named = program_at("guess", tmp_path, WHERE, "validator", folder=True)
    assert (named.kind, named.path) == ("python", tmp_path / "guess" / "guess.py")
    with pytest.raises(BuildError, match="checker cpp is a folder: name the program's file"):
        program_at("cpp", tmp_path, WHERE, "checker")  # a folder only where the format has one


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (["V.java"], "holds no program the kit runs (a .py, C or C++ source, or build and run "
         "scripts)"),
    ],
)  # fmt: skip
def test_a_folder_without_a_program_is_one_line(tmp_path, files, message):
    for name in files:
        write(tmp_path / "v" / name, "")
    with pytest.raises(BuildError) as caught:
        program_at("v", tmp_path, WHERE, "validator", folder=True)
    assert str(caught.value) == f"{WHERE}: validator v/ {message}"


@pytest.mark.parametrize(
    ("files", "runs"),
    [(["aaa_util.py", "main.py"], "main.py"), (["aaa_util.py", "Main.py"], "Main.py"),
     (["b.py", "a.py"], "a.py"), (["guess.py", "helper.py"], "guess.py")],
)  # fmt: skip
def test_a_folder_of_python_files_runs_main_else_the_first_as_problemtools_does(
    tmp_path, files, runs
):
    """problemtools' entry point: a file named ``main.*`` in any case, else the first by name
    (``problemtools/languages.py``, ``mainfile_candidates``); a validator of ``main.py`` and
    its helper module was refused."""
    for name in files:
        write(tmp_path / "v" / name, "")
    found = program_at("v", tmp_path, WHERE, "validator", folder=True)
    assert (found.kind, found.path) == ("python", tmp_path / "v" / runs)


# the interactor protocols


def test_each_protocol_starts_the_interactor_its_own_way(tmp_path):
    write(tmp_path / "i.py", "")
    files = [tmp_path / name for name in ("in", "ans", "feedback", "out")]
    python = [sys.executable, "-E", "-s", str(tmp_path / "i.py")]
    own = parse_interactor("i.py", tmp_path, WHERE)
    assert own.protocol == KIT and own.argv(*files) == [*python, str(files[0])]
    kattis = parse_interactor("kattis:i.py max_guesses 7", tmp_path, WHERE)
    assert kattis.protocol == KATTIS and kattis.flags == ("max_guesses", "7")
    assert kattis.with_flags(("case_sensitive",)).argv(*files) == [
        *python, str(files[0]), str(files[1]), f"{files[2]}{os.sep}",
        "max_guesses", "7", "case_sensitive",
    ]  # fmt: skip
    testlib = parse_interactor("testlib:i.py", tmp_path, WHERE)
    assert testlib.protocol == TESTLIB
    assert testlib.argv(*files) == [*python, str(files[0]), str(files[3]), str(files[1])]


def test_a_quoted_path_with_spaces_is_one_path(tmp_path):
    write(tmp_path / "my validators" / "v.py", "")
    found = parse_interactor("kattis:'my validators/v.py' flag", tmp_path, WHERE)
    assert found.program.path == tmp_path / "my validators" / "v.py" and found.flags == ("flag",)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("testlib:i.py extra", "a testlib interactor takes no flags"),
        ("kattis:", "no path given"),
        ("kattis:'i.py", "No closing quotation"),
    ],
)
def test_bad_interactor_settings_are_one_line(tmp_path, spec, message):
    write(tmp_path / "i.py", "")
    with pytest.raises(BuildError, match=message):
        parse_interactor(spec, tmp_path, WHERE)


def test_a_path_alone_is_read_as_written_or_as_one_quoted_word(tmp_path):
    """``checker:"my checker.py"`` looked for a file whose name held the quotes, and
    ``checker:"x`` was said to be a missing file ``"x``."""
    write(tmp_path / "my checker.py", "")
    write(tmp_path / "my interactor.py", "")
    for spec in ("checker:my checker.py", 'checker:"my checker.py"', "checker:'my checker.py'"):
        assert parse_compare(spec, tmp_path, WHERE).program.path == tmp_path / "my checker.py"
    for spec in ("my interactor.py", "'my interactor.py'"):
        found = parse_interactor(spec, tmp_path, WHERE)
        assert found.program.path == tmp_path / "my interactor.py"
    for spec, message in (
        ('checker:"my checker.py', "No closing quotation"),
        ('checker:"my checker.py" -x', "one path and nothing after it"),
    ):
        with pytest.raises(BuildError, match=message):
            parse_compare(spec, tmp_path, WHERE)
    with pytest.raises(BuildError, match='interactor = "\'my": No closing quotation'):
        parse_interactor("'my", tmp_path, WHERE)


def test_a_kattis_validator_s_own_failure_is_any_status_but_42_and_43():
    assert kattis_failure(42) is None and kattis_failure(43) is None
    assert kattis_failure(0) == "exit status 0, neither 42 (accepted) nor 43 (wrong answer)"
    assert kattis_failure(1).startswith("exit status 1,")


def test_a_python_program_is_run_by_this_python(tmp_path):
    write(tmp_path / "v.py", "pass\n")
    program = programs.program_at("v.py", tmp_path, WHERE, "validator")
    # -E -s: none of the user's PYTHON* variables (PYTHONOPTIMIZE=1 stripped a checker's assert)
    assert program.argv() == [sys.executable, "-E", "-s", str(tmp_path / "v.py")]


def test_runnable_says_what_program_at_can_run(tmp_path):
    (tmp_path / "a.py").write_text("")
    (tmp_path / "b.rb").write_text("")
    (tmp_path / "c.sh").write_text("#!/bin/sh\n")  # not executable: run under sh
    (tmp_path / "java").mkdir()
    (tmp_path / "java" / "V.java").write_text("")
    (tmp_path / "cpp").mkdir()
    (tmp_path / "cpp" / "v.cpp").write_text("")
    found = {
        name: runnable(tmp_path / name, folder=True)
        for name in ("a.py", "b.rb", "c.sh", "java", "cpp")
    }
    assert found == {"a.py": True, "b.rb": False, "c.sh": True, "java": False, "cpp": True}
    assert not runnable(tmp_path / "cpp")  # a folder only where folders are programs


@pytest.mark.parametrize(
    ("compare", "interactor", "named"),
    [
        ("checker:checkers/a b.py", None, [("checker", "checkers/a b.py")]),
        ("validator:v/ case_sensitive", "kattis:i.py --x",
         [("validator", "v/"), ("interactor", "i.py")]),
        ("tokens", "testlib:t.cpp", [("interactor", "t.cpp")]),
        ("tokens", "interactors/i.py", [("interactor", "interactors/i.py")]),
        ("float:1e-6", None, []),
        ("validator:'unclosed", None, []),  # unreadable: its parse says why
        ('checker:"checkers/a b.py"', "'i i.py'", [("checker", "checkers/a b.py"),
                                                  ("interactor", "i i.py")]),
        ('checker:"unclosed', None, []),
    ],
)  # fmt: skip
def test_the_programs_a_problem_s_settings_name(compare, interactor, named):
    assert named_programs(compare, interactor) == named


@pytest.mark.parametrize(
    ("spec", "protocol"),
    [
        ("kattis:v.py", KATTIS),
        ("kattis:v.py case_sensitive", KATTIS),
        ("testlib:i.cpp", TESTLIB),
        ("interactors/i.py", KIT),
        ("other:i.py", KIT),  # a path with a colon, the kit's own
    ],
)
def test_an_interactor_s_protocol_is_read_from_its_prefix(spec, protocol):
    """Without finding its program: the samples' rule (an answer file or not) reads it."""
    assert interactor_protocol(spec) == protocol


def test_a_program_named_by_a_folder_is_said_so(tmp_path):
    """``interactor = "interactors"`` was "interactor interactors not found"."""
    (tmp_path / "interactors").mkdir()
    with pytest.raises(BuildError, match=r"interactor interactors is a folder: name the program"):
        program_at("interactors", tmp_path, WHERE, "interactor")


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_a_submission_named_by_a_relative_path_compiles(tmp_path, monkeypatch):
    """The compiler runs in the source's folder: ``pk/solutions/main.cpp`` (``cpkit verify pk``
    making a Polygon package's answers) was looked for under itself there, "it includes
    pk/solutions/main.cpp, which is neither beside it nor in an include folder"."""
    monkeypatch.setenv("CPKIT_CACHE", "0")
    monkeypatch.chdir(tmp_path)
    source = tmp_path / "pk" / "solutions" / "main.cpp"
    source.parent.mkdir(parents=True)
    source.write_text("int main() { return 0; }\n")
    program = submission_program(Path("pk/solutions/main.cpp"), "solutions/main.cpp")
    assert program is not None
    assert os.access(program.argv()[0], os.X_OK)

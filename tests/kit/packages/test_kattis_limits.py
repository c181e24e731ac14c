"""kit.packages.kattis_limits: a Kattis-format package's limits as its reader gives them: the
time limit from problem.yaml, DOMjudge's ini or ``.timelimit`` in that order, one in no
seconds refused; a limit of no finite or whole number, or one problems.toml would read as KiB
or bytes, refused; the later format's time resolution, a limit off it noted."""

import re

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from tests.package_support import ONE_CASE, write_package


def test_domjudge_s_ini_time_limit_is_read_under_problem_yaml_s_and_over_timelimit(tmp_path):
    """DOMjudge (webapp/src/Service/ImportProblemService.php): the ini's ``timelimit`` is
    the limit, ``.timelimit`` only without it, and problem.yaml's ``limits.time_limit`` over
    both."""
    ini = {"domjudge-problem.ini": "name = 'X'\ntimelimit = '3'\ncolor = '#ff0000'\n"}
    found = kattis.read(write_package(tmp_path / "a", "name: x\n", {**ONE_CASE, **ini}), "x")
    assert (found.time_limit, found.time_from) == (3, "timelimit in domjudge-problem.ini")
    both = {**ONE_CASE, **ini, ".timelimit": "2\n"}
    found = kattis.read(write_package(tmp_path / "b", "name: x\n", both), "x")
    assert (found.time_limit, found.time_from) == (
        3,
        "timelimit in domjudge-problem.ini (.timelimit says 2 s: DOMjudge's import refuses "
        "the conflict)",
    )
    later = "problem_format_version: 2023-07\nname: x\nlimits:\n  time_limit: 5\n"
    found = kattis.read(write_package(tmp_path / "c", later, {**ONE_CASE, **ini}), "x")
    assert (found.time_limit, found.time_from) == (5, "limits.time_limit in problem.yaml")
    commented = {**ONE_CASE, "domjudge-problem.ini": "timelimit = 2 ; seconds\n"}
    found = kattis.read(write_package(tmp_path / "e", "name: x\n", commented), "x")
    assert found.time_limit == 2  # PHP's ini reader drops a comment after ;
    bad = {**ONE_CASE, "domjudge-problem.ini": "timelimit = soon\n"}
    with pytest.raises(BuildError, match=r"^x/domjudge-problem.ini: timelimit 'soon' is not"):
        kattis.read(write_package(tmp_path / "d", "name: x\n", bad), "x")


@pytest.mark.parametrize(
    ("yaml", "files", "message"),
    [("name: x\n", {".timelimit": "1e9\n"}, "x: .timelimit gives 1e+09 s: no limit in seconds"),
     ("name: x\n", {".timelimit": "nan\n"}, "x: .timelimit gives nan s: no limit in seconds"),
     ("name: x\nlimits:\n  time_limit: 2000\n", {},
      "x: limits.time_limit in problem.yaml gives 2000 s: no limit in seconds (from 0.01 s, "
      "under 100 s)"),
     ("name: x\n", {".timelimit": "0.001\n"},  # problems.toml's floor: it was taken
      "x: .timelimit gives 0.001 s: no limit in seconds (from 0.01 s, under 100 s)"),
     # read as no limits at all: 2048 MiB
     ("name: x\nlimits: 5\n", {}, "x/problem.yaml: limits: '5': expected keys and values")],
)  # fmt: skip
def test_a_time_limit_that_is_no_limit_in_seconds_is_refused(tmp_path, yaml, files, message):
    """problems.toml refuses 100 s or more; a package's 1e9 ran its time-limit submissions
    for ever (``verify``), and nan was said as a key the package does not have."""
    with pytest.raises(BuildError) as caught:
        kattis.read(write_package(tmp_path / "x", yaml, {**ONE_CASE, **files}), "x")
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("limits", "message"),
    [("memory: 1e400", "limits.memory = 1e400: not a finite number"),  # an OverflowError
     ("output: 1e400", "limits.output = 1e400: not a finite number"),
     ("code: 1e400", "limits.code = 1e400: not a finite number"),
     ("time_multiplier: 1e400", "limits.time_multiplier = 1e400: not a finite number"),
     ("memory: 1.5", "limits.memory = 1.5: not a whole number of MiB"),  # was cut to 1 MiB
     ("code: 0.5", "limits.code = 0.5: not a whole number of KiB")],
)  # fmt: skip
def test_a_limit_that_is_no_finite_or_whole_number_is_refused(tmp_path, limits, message):
    yaml = f"name: x\nlimits:\n  time_limit: 1\n  {limits}\n"
    with pytest.raises(BuildError, match=rf"^x/problem\.yaml: {re.escape(message)}$"):
        kattis.read(write_package(tmp_path / "x", yaml, ONE_CASE), "x")
    whole = kattis.read(write_package(tmp_path / "y", "name: y\nlimits:\n  memory: 512.0\n",
                                      ONE_CASE), "y")  # fmt: skip
    assert whole.memory_limit == 512


@pytest.mark.parametrize(
    ("limits", "message"),
    [("memory: 1e9", "limits.memory = 1e9 looks like bytes; the unit is MiB (limits.memory = 953)"),
     ("memory: 99999999999999999999999",  # ran as 99999999999999991611392 MiB
      "limits.memory = 99999999999999999999999 looks like bytes; the unit is MiB"),
     ("memory: 65536",
      "limits.memory = 65536 looks like KiB; the unit is MiB (limits.memory = 64)"),
     ("output: 8192", "limits.output = 8192 looks like KiB; the unit is MiB (limits.output = 8)")],
)  # fmt: skip
def test_a_limit_problems_toml_would_read_as_kib_or_bytes_is_refused(tmp_path, limits, message):
    """problems.toml's rule (kit.units): ``memory: 1e9`` ran as 1000000000 MiB."""
    yaml = f"name: x\nlimits:\n  time_limit: 1\n  {limits}\n"
    with pytest.raises(BuildError) as caught:
        kattis.read(write_package(tmp_path / "x", yaml, ONE_CASE), "x")
    assert str(caught.value) == f"x/problem.yaml: {message}"


def test_time_resolution_is_read_in_the_later_format_and_a_limit_off_it_gets_a_note(tmp_path):
    limits = "problem_format_version: 2025-09\nlimits:\n  time_resolution: 0.5\n"
    found = kattis.read(write_package(tmp_path / "a", limits, ONE_CASE), "a")
    assert (found.resolution, found.notes) == (0.5, ())
    off = limits + "  time_limit: 1.2\n"
    assert kattis.read(write_package(tmp_path / "b", off, ONE_CASE), "b").notes == (
        "note: b: limits.time_limit 1.2 s is not a multiple of limits.time_resolution 0.5 s "
        "(the format calls this an error)",
    )
    legacy = "limits:\n  time_resolution: 0.5\n  time_limit: 1.2\n"  # not a legacy key
    found = kattis.read(write_package(tmp_path / "c", legacy, ONE_CASE), "c")
    assert (found.resolution, found.notes) == (1.0, ())


def test_the_output_validator_s_time_and_memory_are_read_else_problemtools_defaults(tmp_path):
    """limits.validation_time and validation_memory (legacy and 2025-09 alike), else
    problemtools' 60 s and 1024 MiB: verify killed a validator at the kit's 10 s."""
    given = "limits:\n  validation_time: 30\n  validation_memory: 512\n"
    for number, version in enumerate(("", "problem_format_version: 2025-09\n")):
        found = kattis.read(write_package(tmp_path / f"a{number}", version + given, ONE_CASE), "a")
        assert (found.validation_time, found.validation_memory) == (30, 512)
    found = kattis.read(write_package(tmp_path / "b", "name: b\n", ONE_CASE), "b")
    assert (found.validation_time, found.validation_memory) == (60, 1024)
    with pytest.raises(BuildError, match=r"^c/problem\.yaml: limits\.validation_time must be"):
        bad = "limits:\n  validation_time: 0\n"
        kattis.read(write_package(tmp_path / "c", bad, ONE_CASE), "c")

"""kit.verify.testdata_check: a Kattis package's test data checked as problemtools checks it (line
breaks, UTF-8, sizes against the output limit, identical inputs, no secret or sample data, where
``ignore_sample`` is set), and
``cpkit verify`` printing it and exiting 1 on a failure."""

import os
import shutil

from kit.package_problem import problem_from_package
from kit.packages import read_package
from kit.verify.testdata_check import DataCheck, check_data
from tests.package_support import PACKAGES, verified

SPLIT = PACKAGES / "kattis_split_py"


def copy(tmp_path):
    return shutil.copytree(SPLIT, tmp_path / "split")


def test_clean_data_gives_nothing_to_say():
    assert check_data(read_package(SPLIT, "split")) == DataCheck(3, (), ())


def test_line_breaks_encoding_and_identical_inputs_are_warnings(tmp_path):
    top = copy(tmp_path)
    (top / "data" / "secret" / "1.in").write_bytes(b"10\r\n")
    (top / "data" / "secret" / "1.ans").write_bytes(b"5 5")
    (top / "data" / "secret" / "2.ans").write_bytes(b"\xff\xfe\n")
    (top / "data" / "secret" / "3.in").write_text("5\n")  # the sample's input again
    (top / "data" / "secret" / "3.ans").write_text("2 3\n")
    os.symlink("2.in", top / "data" / "secret" / "4.in")  # shared
    (top / "data" / "secret" / "4.ans").write_text("0 0\n")
    found = check_data(read_package(top, "split"))
    assert found.failures == ()
    assert found.warnings == (
        "data/secret/1.in holds a carriage return (a line break that is not \\n)",
        "data/secret/1.ans does not end with a line break",
        "data/secret/2.ans is not UTF-8",
        "data/secret/3.in is identical to data/sample/1.in",
    )


def test_an_answer_over_the_output_limit_fails_and_over_half_of_it_warns(tmp_path):
    top = copy(tmp_path)
    (top / "problem.yaml").write_text("name: Split\nvalidation: custom\nlimits:\n  output: 1\n")
    (top / "data" / "secret" / "1.ans").write_text("5 5\n" + " " * 600_000 + "\n")
    (top / "data" / "secret" / "2.ans").write_text("0 0\n" + " " * 1_100_000 + "\n")
    found = check_data(read_package(top, "split"))
    assert found.warnings == ("data/secret/1.ans is over half the 1 MiB output limit",)
    assert found.failures == ("data/secret/2.ans is larger than the 1 MiB output limit",)


def test_no_secret_data_fails_and_no_sample_data_warns(tmp_path, capsys):
    top = copy(tmp_path)
    shutil.rmtree(top / "data" / "secret")
    found = check_data(read_package(top, "split"))
    assert found.failures == ("no secret data (data/secret holds no case)",)
    status, lines = verified(capsys, top, "accepted/split.py")
    assert status == 1
    assert lines[1] == "data: 1 case as problemtools checks them: 1 failure, 0 warnings"
    assert lines[2] == "  no secret data (data/secret holds no case)"
    assert lines[-1] == "the package's test data: no secret data (data/secret holds no case)"
    top = copy(tmp_path / "again")
    shutil.rmtree(top / "data" / "sample")
    found = check_data(read_package(top, "split"))
    assert (found.failures, found.warnings) == ((), ("no sample data (data/sample holds no case)",))


def test_ignore_sample_below_data_or_with_break_fails(tmp_path):
    top = copy(tmp_path)
    (top / "data" / "testdata.yaml").write_text("grader_flags: ignore_sample\n")
    (top / "data" / "sample" / "testdata.yaml").write_text("grader_flags: first_error\n")
    found = check_data(read_package(top, "split"))
    assert found.failures == (
        "data: ignore_sample with on_reject: break may leave secret unjudged",
        "data/secret: grader_flags: ignore_sample is allowed in data/ alone",  # inherited
    )
    (top / "data" / "testdata.yaml").write_text(
        "grader_flags: ignore_sample\non_reject: continue\n"
    )
    (top / "data" / "secret" / "testdata.yaml").write_text("grader_flags: sum\n")
    assert check_data(read_package(top, "split")).failures == ()


def test_data_s_folders_as_problemtools_checks_them(tmp_path):
    top = copy(tmp_path)
    data = top / "data"
    (data / "1.in").write_text("5\n")
    (data / "1.ans").write_text("2 3\n")
    (data / "extra").mkdir()
    (data / "secret" / "3.ans").write_text("1 1\n")
    (data / "secret" / "4.in").write_text("2\n")
    for group in ("g2", "g10", "g11", "empty"):
        (data / "secret" / group).mkdir()
    for n, group in enumerate(("g2", "g10", "g11"), 6):
        (data / "secret" / group / "1.in").write_text(f"{n}\n")
        (data / "secret" / group / "1.ans").write_text(f"{n} 0\n")
    (data / "secret" / "g2" / "testdata.yaml").write_text("range: 0 1\non_rejct: break\n")
    found = check_data(read_package(top, "split"))
    assert found.failures == (
        "data/1: a case at the top of data/, where only groups go",
        "data/extra: not a group of the format (sample and secret are)",
        "data/secret/3.ans has no 3.in beside it",
        "data/secret/4.in has no 4.ans beside it",
        "data/secret/empty holds neither cases nor groups",
        "data/secret/g2/testdata.yaml: 'range' is for scoring problems, and this one is judged "
        "pass-fail",
    )
    assert found.warnings == (
        "data/secret/g11 is judged before data/secret/g2 (names sort as text): consider "
        "zero-padding",
        "data/secret/g2/testdata.yaml: 'on_rejct' is not a key of the format",
    )
    (top / "problem.yaml").write_text("type: scoring\nvalidation: custom\n")
    assert not any("range" in line for line in check_data(read_package(top, "split")).failures)


def test_a_2025_09_group_s_settings_are_checked_in_its_test_group_yaml(tmp_path):
    """The file its version reads; a testdata.yaml there is only noted as not read."""
    top = copy(tmp_path)
    yaml = top / "problem.yaml"
    yaml.write_text("problem_format_version: 2025-09\n" + yaml.read_text())
    secret = top / "data" / "secret"
    (secret / "test_group.yaml").write_text("on_rejct: break\n")
    (secret / "testdata.yaml").write_text("scoring: x\n")
    found = check_data(read_package(top, "split"))
    assert found.warnings == ("data/secret/test_group.yaml: 'on_rejct' is not a key of the format",)


def test_a_link_to_nothing_and_a_link_to_a_folder_above_fail_and_are_not_followed(tmp_path):
    top = copy(tmp_path)
    secret = top / "data" / "secret"
    (secret / "3.ans").write_text("1 1\n")
    (secret / "3.in").symlink_to("/nonexistent/x.in")
    (secret / "loop").symlink_to("..")
    (secret / "4.in").symlink_to("4.ans")  # a loop: it was "a link to nothing"
    (secret / "4.ans").symlink_to("4.in")
    package = read_package(top, "split")
    assert [case.name for case in package.cases if case.group == "secret"] == [
        "data/secret/1",
        "data/secret/2",
    ]
    assert check_data(package).failures == (
        "data/secret/3.in is a link to nothing (/nonexistent/x.in)",
        "data/secret/4.ans is a link that loops (4.in)",
        "data/secret/4.in is a link that loops (4.ans)",
        "data/secret/loop is a link to a folder above it (not followed)",
        "data/secret/3.ans has no 3.in beside it",
        "data/secret/3.in is a link to /nonexistent/x.in, outside the package",
    )


def test_links_out_of_the_package_or_absolute_fail_as_problemtools_says(tmp_path):
    """problemtools' ``_check_symlinks``, over the whole package: the view a package with
    constants is read through (links to its files) is not what is checked."""
    top = copy(tmp_path)
    outside = tmp_path / "elsewhere.py"
    outside.write_text("print(1)\n")
    accepted = top / "submissions" / "accepted"
    accepted.mkdir(parents=True, exist_ok=True)
    (accepted / "linked.py").symlink_to("../../../elsewhere.py")
    (accepted / "absolute.py").symlink_to(top / "data" / "sample" / "1.in")
    (accepted / "shared.py").symlink_to("../../data/sample/1.in")  # relative, inside: fine
    (top / "attachments").mkdir()
    (top / "attachments" / "gone").symlink_to("nothing")
    (top / "problem.yaml").write_text((top / "problem.yaml").read_text() + "constants:\n  n: 5\n")
    (top / "include" / "python3").mkdir(parents=True)
    (top / "include" / "python3" / "n.py").write_text("N = {{n}}\n")
    package = read_package(top, "split")
    assert package.path != top  # read through its view
    assert check_data(package).failures == (
        "attachments/gone is a link to nothing (nothing)",
        f"submissions/accepted/absolute.py is a link to {top}/data/sample/1.in, an absolute path "
        "(links must be relative)",
        "submissions/accepted/linked.py is a link to ../../../elsewhere.py, outside the package",
    )
    made = problem_from_package(top, "split").source  # cpkit verify's way in: its view's own
    assert made.path != top and check_data(made).failures == check_data(package).failures


def test_an_interactive_problem_s_samples_may_be_interactions_alone(tmp_path):
    top = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    for name in ("1.in", "1.ans"):
        (top / "data" / "sample" / name).unlink()
    assert check_data(read_package(top, "guess")).warnings == (
        "no sample data (data/sample holds no case)",
    )
    (top / "data" / "sample" / "1.interaction").write_text("< 100\n> 50\n< correct\n")
    assert check_data(read_package(top, "guess")).warnings == ()


def test_a_polygon_package_is_not_checked_here():
    assert check_data(read_package(PACKAGES / "polygon_guess", "guess")) is None


def test_a_2025_09_secret_with_groups_holds_only_groups(tmp_path):
    """spec/2025-09.md, "Test data groups": with a group in data/secret, no case is directly
    there and every folder is a group; groups do not nest. Without groups, anything goes."""
    top = copy(tmp_path)
    (top / "problem.yaml").write_text("problem_format_version: 2025-09\n")
    secret = top / "data" / "secret"
    assert check_data(read_package(top, "split")).failures == ()  # cases only, no group
    for group, case in (("g1", "5"), ("g2", "6"), ("plain", "7"), ("g1/deep", "8")):
        (secret / group).mkdir()
        (secret / group / "1.in").write_text(f"{case}\n")
        (secret / group / "1.ans").write_text(f"{case} 0\n")
    assert check_data(read_package(top, "split")).failures == ()  # still no group
    for group in ("g1", "g2", "g1/deep"):
        (secret / group / "test_group.yaml").write_text("")
    found = check_data(read_package(top, "split")).failures
    loose = sorted(path.name for path in secret.glob("*.in"))
    assert found == (
        "data/secret/g1/deep/test_group.yaml: a test data group below a group (groups do not nest)",
        *(
            f"data/secret/{name}: a test case beside test data groups (with groups, every case "
            "is in one)"
            for name in loose
        ),
        "data/secret/plain: no test_group.yaml, beside folders that have one (with groups, "
        "every folder of data/secret is one)",
    )
    (top / "problem.yaml").write_text("")  # legacy: its own rules
    assert check_data(read_package(top, "split")).failures == ()

"""kit.packages.polygon: a Polygon package read in place: problem.xml's limits (milliseconds,
bytes), its tests in order with the leading samples, checker, interactor and tagged solutions,
from tests/fixtures/packages and from small problem.xml files written here; what is missing or
malformed is a one-line error."""

import shutil
import textwrap
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges.compare import parse_compare
from kit.packages import polygon
from kit.packages.model import PointGroup

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"
NO_INPUT = Path("/nonexistent/input")


def package(name):
    return polygon.read(PACKAGES / name, f"packages/{name}")


def test_a_polygon_package_gives_its_limits_tests_checker_and_solutions():
    found = package("polygon_sum")
    assert (found.format, found.judge, found.name, found.title) == (
        "Polygon",
        "Codeforces",
        "sum-two",
        "Sum of Two",
    )
    assert (found.time_limit, found.memory_limit) == (1.0, 256)  # from ms and bytes
    assert found.compare == "checker:packages/polygon_sum/files/check.cpp"
    assert found.include == (PACKAGES / "polygon_sum" / "files",)
    assert [(case.name, case.group) for case in found.cases] == [
        ("tests/01", "sample"),
        ("tests/02", "secret"),
        ("tests/03", "secret"),
    ]
    assert [(s.name, s.folder, s.language, s.source_type) for s in found.submissions] == [
        ("solutions/sum.py", "main", "Python", "python.3"),
        ("solutions/difference.py", "wrong-answer", "Python", "python.3"),
        ("solutions/sum.cpp", "accepted", "C++", "cpp.g++17"),  # the standard Codeforces gives
    ]
    interactive = package("polygon_guess")
    assert interactive.interactor == "testlib:packages/polygon_guess/files/interactor.py"


@pytest.mark.parametrize("missing", ["02", "03.a"])
def test_a_polygon_package_without_its_tests_or_answers_says_so(tmp_path, missing):
    """A test without its answer passed whatever the output (verify: AC for ``print(42)``)."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    (copy / "tests" / missing).unlink()
    with pytest.raises(BuildError, match=rf"p: tests/{missing} is missing \(problem.xml lists 3"):
        polygon.read(copy, "p")


@pytest.mark.parametrize(
    ("renamed", "said"),
    [
        (("01.a", "01.ans"), "tests/01.a is missing (problem.xml lists 3 tests; their answers "
         "named tests/%02d.a; did you mean tests/01.ans, which is there?)"),
        (("02", "2"), "tests/02 is missing (problem.xml lists 3 tests; their inputs named "
         "tests/%02d; did you mean tests/2, which is there?)"),
        (("03.a", "03.A"), "tests/03.a is missing (problem.xml lists 3 tests; their answers "
         "named tests/%02d.a; did you mean tests/03.A, which is there?)"),
    ],
)  # fmt: skip
def test_a_test_s_file_missing_beside_one_named_near_it_is_said_so(tmp_path, renamed, said):
    """A package whose answers are named ``tests/01.ans`` (and not ``tests/01.a``, as
    problem.xml's pattern names them) was said to lack its answers, to run doall.sh."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    old, new = renamed
    (copy / "tests" / old).rename(copy / "tests" / new)
    with pytest.raises(BuildError) as caught:
        polygon.read(copy, "p")
    assert str(caught.value) == f"p: {said}"


def test_a_missing_answer_with_no_file_near_it_is_said_as_before(tmp_path):
    """Another test's answer, or the test's own input, is no name meant."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    (copy / "tests" / "01.a").unlink()
    with pytest.raises(BuildError, match="run its doall.sh, or download the full package"):
        polygon.read(copy, "p")


@pytest.mark.parametrize(
    ("renamed", "removed"),
    [
        (("01.a", "01.ans"), "01"),  # an answer named as answers are elsewhere, its input gone
        (("02.a", "02.out"), "02"),
        (("01", "01.in"), "01.a"),  # and an input so, its answer gone
    ],
)
def test_a_file_of_the_other_kind_is_not_meant(tmp_path, renamed, removed):
    """A missing input was said to be meant as the test's answer beside it, named as
    answers are in other formats (``tests/01.ans``: "did you mean tests/01.ans"), and a
    missing answer as an input so named; neither is: the package lacks them."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    old, new = renamed
    shutil.copy(copy / "tests" / old, copy / "tests" / new)
    (copy / "tests" / removed).unlink()
    with pytest.raises(BuildError) as caught:
        polygon.read(copy, "p")
    assert f"tests/{removed} is missing" in str(caught.value)
    assert "did you mean" not in str(caught.value)


@pytest.mark.parametrize("package", ["polygon_sum", "polygon_guess"])
def test_the_standard_streams_spelled_out_are_the_streams(tmp_path, package):
    """``input-file="stdin" output-file="stdout"``, as Polygon's API spells them (its packages
    leave them empty): "stdin" was a file the input was written to, stdin left empty (every
    solution read nothing), and a game's were refused as named files."""
    copy = shutil.copytree(PACKAGES / package, tmp_path / "p")
    xml = copy / "problem.xml"
    spelled = 'input-file=" stdin" output-file="stdout"'
    xml.write_text(xml.read_text().replace('input-file="" output-file=""', spelled))
    found = polygon.read(copy, "p")
    assert (found.input_file, found.output_file) == ("", "")
    assert polygon.unanswered(copy, "p").named == ("", "")  # the answers made on them too


def test_a_problem_of_named_files_gives_their_names(tmp_path):
    """``input-file="input.txt" output-file="output.txt"``: refused before (the kit ran stdin
    and stdout); now the names its runs read and write (kit.run.process)."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    xml = copy / "problem.xml"
    named = 'input-file="input.txt" output-file="output.txt"'
    xml.write_text(xml.read_text().replace('input-file="" output-file=""', named))
    package = polygon.read(copy, "p")
    assert (package.input_file, package.output_file) == ("input.txt", "output.txt")
    plain = polygon.read(PACKAGES / "polygon_sum", "p")
    assert (plain.input_file, plain.output_file) == ("", "")


@pytest.mark.parametrize(
    ("package", "judging", "said"),
    [
        (
            "polygon_guess",
            'input-file="input.txt"',
            'p/problem.xml: <judging input-file="input.txt"> in an interactive problem: its '
            "solution plays on stdin and stdout, and the kit reads no named files there",
        ),
        (
            "polygon_sum",
            'output-file="../answer.txt"',
            'p/problem.xml: <judging output-file="../answer.txt">: not a plain file name (one '
            "in the folder the solution runs in)",
        ),
        (
            "polygon_sum",
            'input-file=".."',
            'p/problem.xml: <judging input-file="..">: not a plain file name (one in the '
            "folder the solution runs in)",
        ),
        (
            "polygon_sum",
            'input-file="/tmp/input.txt"',
            'p/problem.xml: <judging input-file="/tmp/input.txt">: not a plain file name (one '
            "in the folder the solution runs in)",
        ),
        (
            "polygon_sum",
            'input-file="stdout"',
            'p/problem.xml: <judging input-file="stdout">: stdout is no input stream',
        ),
        (
            "polygon_sum",
            'output-file="stdin"',
            'p/problem.xml: <judging output-file="stdin">: stdin is no output stream',
        ),
        (  # it was a file named STDIN: the input written there, stdin left empty
            "polygon_sum",
            'input-file="STDIN"',
            'p/problem.xml: <judging input-file="STDIN">: a stream\'s name in another case: '
            'Polygon spells the standard streams "stdin" and "stdout" (or leaves them empty), '
            "and STDIN would be a file here",
        ),
        (
            "polygon_sum",
            'output-file="Stdout"',
            'p/problem.xml: <judging output-file="Stdout">: a stream\'s name in another case: '
            'Polygon spells the standard streams "stdin" and "stdout" (or leaves them empty), '
            "and Stdout would be a file here",
        ),
    ],
)
def test_named_files_in_a_game_or_outside_the_folder_are_refused_in_one_line(
    tmp_path, package, judging, said
):
    """A game runs on its pipes; a name with a folder would write outside the run's own."""
    copy = shutil.copytree(PACKAGES / package, tmp_path / "p")
    xml = copy / "problem.xml"
    text = xml.read_text()
    key = judging.split("=")[0]
    xml.write_text(text.replace(f'{key}=""', judging, 1))
    with pytest.raises(BuildError) as caught:
        polygon.read(copy, "p")
    assert str(caught.value) == said


def problem_xml(folder, judging, assets="", names='<name language="english" value="Plain"/>'):
    """A package of three tests (tests/01 to tests/03, answers tests/0N.a) and this problem.xml."""
    for number in (1, 2, 3):
        (folder / "tests").mkdir(parents=True, exist_ok=True)
        (folder / "tests" / f"{number:02d}").write_text(f"{number}\n")
        (folder / "tests" / f"{number:02d}.a").write_text(f"{number}\n")
    (folder / "problem.xml").write_text(
        textwrap.dedent(
            f"""\
            <problem short-name="plain">
                <names>{names}</names>
                <judging>{judging}</judging>
                <assets>{assets}</assets>
            </problem>
            """
        )
    )
    return folder


TESTSET = """
    <testset name="tests">
        <time-limit>2500</time-limit>
        <memory-limit>67108864</memory-limit>
        <test-count>3</test-count>
        <tests><test sample="true"/><test/><test sample="true"/></tests>
    </testset>
"""


def test_only_the_leading_marked_tests_are_samples_and_without_a_checker_tokens_compare(tmp_path):
    found = polygon.read(problem_xml(tmp_path / "p", TESTSET), "p")
    assert [(case.name, case.group) for case in found.cases] == [
        ("tests/01", "sample"),
        ("tests/02", "secret"),
        ("tests/03", "secret"),  # marked, but after a test that is not
    ]
    assert found.cases[0].answer == tmp_path / "p" / "tests" / "01.a"
    assert (found.time_limit, found.memory_limit) == (2.5, 64)
    assert (found.compare, found.interactor, found.kind) == ("tokens", None, "batch")
    assert (found.margin, found.margin_from) == (1.5, "assumed: Polygon has none")
    assert found.include == ()  # no files/testlib.h


def test_a_scoring_problem_s_tests_carry_their_points(tmp_path):
    """``<test points="10.0">``: each case's points (a test without them 0 in such a problem;
    None in a problem with none), the checker's as percents under
    ``treat-points-from-checker-as-percent``; its groups read (kit.packages.polygon_groups),
    with no note; points that are no number are a one-line error."""
    assert [
        case.points for case in polygon.read(problem_xml(tmp_path / "p", TESTSET), "p").cases
    ] == [
        None,
        None,
        None,
    ]
    scored = TESTSET.replace("<test/>", '<test points="10.5"/>')
    found = polygon.read(problem_xml(tmp_path / "s", scored), "s")
    assert [case.points for case in found.cases] == [0.0, 10.5, 0.0]
    assert not found.points_percent and not found.notes
    folder = problem_xml(tmp_path / "c", scored)
    xml = folder / "problem.xml"
    text = xml.read_text().replace(
        "<judging>", '<judging treat-points-from-checker-as-percent="true">'
    )
    groups = '<groups><group name="1" points-policy="complete-group"/></groups></testset>'
    xml.write_text(text.replace("</testset>", groups).replace("<test ", '<test group="1" ', 2))
    found = polygon.read(folder, "c")
    assert found.points_percent
    assert found.point_groups == (PointGroup("1", True, 10.5, (), ("tests/01", "tests/02")),)
    assert found.notes == ()  # Polygon's complete groups are read, not noted
    for bad in ("ten", "nan"):
        xml.write_text(text.replace('points="10.5"', f'points="{bad}"'))
        said = f'^c/problem.xml: test 2: <test points="{bad}">: not a number of points$'
        with pytest.raises(BuildError, match=said):
            polygon.read(folder, "c")


def test_a_problem_run_several_times_a_test_is_said_to_run_once(tmp_path):
    """``<judging run-count="2">``: Polygon runs the solution twice on each test (its
    multi-run interactive problems); the kit runs it once, and says so."""
    folder = problem_xml(tmp_path / "r", TESTSET)
    xml = folder / "problem.xml"
    xml.write_text(xml.read_text().replace("<judging>", '<judging run-count="2">'))
    assert f"note: r: {polygon.RUNS_NOTE.format(count=2)}" in polygon.read(folder, "r").notes
    assert not [n for n in polygon.read(problem_xml(tmp_path / "p", TESTSET), "p").notes]


def test_the_title_is_the_english_name_else_any_else_the_folder(tmp_path):
    names = '<name language="russian" value="Sum"/>'
    assert polygon.read(problem_xml(tmp_path / "p", TESTSET, names=names), "p").title == "Sum"
    assert polygon.read(problem_xml(tmp_path / "q", TESTSET, names=""), "q").title == "q"


def test_solutions_keep_their_tag_and_language_and_do_not_run_is_left_out(tmp_path):
    assets = """
        <solutions>
            <solution tag="main"><source path="a.py" type="python.pypy3"/></solution>
            <solution tag="rejected"><source path="b.cpp" type="cpp.g++17"/></solution>
            <solution tag="do-not-run"><source path="c.py" type="python.3"/></solution>
            <solution tag="accepted"><source path="d.py" type="python.2"/></solution>
            <solution tag="accepted"><source path="E.java" type="java11"/></solution>
            <solution tag="accepted"><source path="f.py" type="python.3"/></solution>
            <solution tag="accepted"><source path="g.py" type="python.pypy3-64"/></solution>
        </solutions>
    """
    found = polygon.read(problem_xml(tmp_path / "p", TESTSET, assets), "p")
    assert [(s.name, s.folder, s.language, s.impl) for s in found.submissions] == [
        ("a.py", "main", "Python", "pypy"),  # run under PyPy, as Polygon runs it
        ("b.cpp", "rejected", "C++", None),
        ("d.py", "accepted", "Python 2", None),
        ("E.java", "accepted", "Java", None),
        ("f.py", "accepted", "Python", "cpython"),
        ("g.py", "accepted", "Python", "pypy"),
    ]


@pytest.mark.parametrize(
    ("judging", "assets", "message"),
    [
        ("", "", "p/problem.xml: no <judging><testset>"),
        (TESTSET.replace("2500", "2.5 s"), "", "<time-limit> must be a whole number, not '2.5 s'"),
        (TESTSET.replace("67108864", "0"), "", "<memory-limit> must be positive"),
        (TESTSET.replace("2500", "100000000"), "", "<time-limit> 100000000 ms: no limit in"),
        (TESTSET.replace("2500", "1" + "0" * 400), "", "<time-limit> 10000000000"),  # overflow
        (TESTSET.replace("67108864", "1" + "0" * 400), "", "is too large to be a limit"),
        (TESTSET.replace("67108864", "1000"), "", "<memory-limit> 1000 bytes: no limit in MiB"),
        (TESTSET.replace("67108864", str(8 << 30)), "", "8589934592 bytes: no limit in MiB"),
        (TESTSET, '<checker><source path="files/check.cpp"/></checker>', "names files/check.cpp"),
    ],
)
def test_a_malformed_problem_xml_is_one_line(tmp_path, judging, assets, message):
    folder = problem_xml(tmp_path / "p", judging, assets)
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert message in str(caught.value) and "\n" not in str(caught.value)


STD_SOURCE = '<source path="files/check.cpp" type="cpp.g++17"/>'


@pytest.mark.parametrize(
    ("checker", "spec", "answer", "accepted", "rejected", "note"),
    [
        (
            '<checker name="std::wcmp.cpp"/>',
            "std:wcmp",
            "1 2\n",
            "1\n\n\t2",  # wcmp: words between any blanks
            "1 3",
            'std::wcmp.cpp (no <source>) judged by compare = "std:wcmp": words (the kit\'s tokens '
            "rule)",
        ),
        (
            f'<checker name="std::rcmp6.cpp" type="testlib">{STD_SOURCE}</checker>',
            "std:rcmp6",
            "1000000 0.5\n",
            "1000000.9 0.5000009",  # relative error 9e-7, absolute 9e-7
            "1000001.01 0.5",  # relative error 1.01e-6
            'std::rcmp6.cpp (files/check.cpp is missing) judged by compare = "std:rcmp6": doubles, '
            "absolute or relative error 1e-6",
        ),
        (
            f'<checker name="std::yesno.cpp" type="testlib">{STD_SOURCE}</checker>',
            "std:yesno",
            "YES\n",
            "yes",
            "NO",
            'std::yesno.cpp (files/check.cpp is missing) judged by compare = "std:yesno": one '
            "YES or NO, any case",
        ),
        (
            '<checker name="std::lcmp.cpp"/>',
            "std:lcmp",
            "1 2\n3\n",
            "1  2\r\n3",  # lcmp: each line's words
            "1\n2 3",
            'std::lcmp.cpp (no <source>) judged by compare = "std:lcmp": the words of each line',
        ),
    ],
)
def test_a_standard_checker_without_its_source_is_judged_by_its_rule_built_in(
    tmp_path, checker, spec, answer, accepted, rejected, note
):
    """A "standard" package (no files/check.cpp) naming testlib's checker by Polygon's name."""
    found = polygon.read(problem_xml(tmp_path / "p", TESTSET, checker), "p")
    assert found.compare == spec
    assert found.notes == (f"note: p: {note}",)
    rule = parse_compare(found.compare, tmp_path, "p")
    assert rule.compare(NO_INPUT, answer.encode(), accepted.encode()) is None
    assert rule.compare(NO_INPUT, answer.encode(), rejected.encode()) is not None


def test_a_standard_checker_s_source_when_shipped_is_compiled_as_it_is(tmp_path):
    folder = problem_xml(
        tmp_path / "p", TESTSET, f'<checker name="std::rcmp6.cpp">{STD_SOURCE}</checker>'
    )
    (folder / "files").mkdir()
    (folder / "files" / "check.cpp").write_text("int main() {}\n")
    found = polygon.read(folder, "p")
    assert (found.compare, found.notes) == ("checker:p/files/check.cpp", ())


@pytest.mark.parametrize(
    ("checker", "message"),
    [
        (
            f'<checker name="std::pointscmp.cpp">{STD_SOURCE}</checker>',
            'p/problem.xml: <checker name="std::pointscmp.cpp">: testlib\'s pointscmp has no '
            "exact rule built in: ship its source as files/check.cpp (Polygon's full package has "
            "it)",
        ),
        (
            '<checker type="testlib"><testset/></checker>',
            "p/problem.xml: its <checker> has neither a <source> nor a standard checker's name "
            '(name="std::wcmp.cpp"): ship its source or name it',
        ),
        (
            '<checker name="std::mycmp.cpp"/>',
            'p/problem.xml: <checker name="std::mycmp.cpp">: not one of testlib\'s standard '
            "checkers: ship its source as files/check.cpp (Polygon's full package has it)",
        ),
    ],
)
def test_a_standard_checker_without_a_rule_built_in_is_refused_in_one_line(
    tmp_path, checker, message
):
    with pytest.raises(BuildError) as caught:
        polygon.read(problem_xml(tmp_path / "p", TESTSET, checker), "p")
    assert str(caught.value) == message


def test_a_folder_is_polygon_s_when_it_holds_problem_xml(tmp_path):
    assert polygon.is_polygon(PACKAGES / "polygon_sum")
    assert not polygon.is_polygon(PACKAGES / "kattis_sum")


VALIDATOR_TESTS = """
    <validators><validator>
        <source path="v.py" type="python.3"/>
        <testset>
            <test-count>4</test-count>
            <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
            <tests>
                <test verdict="valid"/>
                <test verdict="invalid" testset="pretests" group="g1"/>
                <test verdict="sometimes"/>
                <test verdict="valid"/>
            </tests>
        </testset>
    </validator></validators>
    <checker type="testlib">
        <source path="c.py" type="python.3"/>
        <testset>
            <test-count>5</test-count>
            <tests>
                <test verdict="presentation-error"/><test verdict="ok"/><test verdict="crashed"/>
                <test verdict="ok"/>
            </tests>
        </testset>
    </checker>
"""


def test_validator_and_checker_tests_are_read_with_their_verdicts_and_the_others_noted(tmp_path):
    """problem.xml's validator tests (files/tests/validator-tests/NN) and checker tests (NN,
    NN.o, NN.a): each with its verdict, a validator test with its testset and group as a
    case's arguments; one of an unknown verdict or a missing file is left out with a note
    (those missing files said in one), and a <test-count> other than the tests given too."""
    folder = problem_xml(tmp_path / "p", TESTSET, VALIDATOR_TESTS)
    for name in ("v.py", "c.py"):
        (folder / name).write_text("")
    tests = folder / "files" / "tests"
    for name in ("01", "02", "03"):  # 04 is missing
        (tests / "validator-tests").mkdir(parents=True, exist_ok=True)
        (tests / "validator-tests" / name).write_text(f"{name}\n")
    for name in ("01", "01.o", "01.a", "02", "02.o", "02.a", "03", "03.a"):  # no 03.o, no 04
        (tests / "checker-tests").mkdir(exist_ok=True)
        (tests / "checker-tests" / name).write_text(f"{name}\n")
    found = polygon.read(folder, "p")
    validator = tests / "validator-tests"
    assert [(c.name, c.input, c.group, c.input_args) for c in found.valid_inputs] == [
        ("files/tests/validator-tests/01", validator / "01", "valid", (("", TESTS),)),
    ]
    assert [(c.name, c.group, c.args_for("v")) for c in found.invalid_inputs] == [
        ("files/tests/validator-tests/02", "invalid", ("--testset", "pretests", "--group", "g1")),
    ]
    checker = tests / "checker-tests"
    assert [(c.name, c.input, c.output, c.answer, c.group) for c in found.checked_outputs] == [
        (
            "files/tests/checker-tests/01",
            checker / "01",
            checker / "01.o",
            checker / "01.a",
            "presentation-error",
        ),
        ("files/tests/checker-tests/02", checker / "02", checker / "02.o", checker / "02.a", "ok"),
    ]
    assert found.notes == (
        "note: p: validator test files/tests/validator-tests/03 not run: its verdict "
        '"sometimes" is unknown',
        "note: p: validator test files/tests/validator-tests/04 not run: the file is missing",
        "note: p: problem.xml's <test-count> says 5 checker tests, its <tests> gives 4: those "
        "4 read",
        "note: p: 2 checker tests not run, each missing a file (the first: "
        "files/tests/checker-tests/03.o)",
    )


@pytest.mark.parametrize("pattern", ["/tmp/x/%02d", "../x/%02d", "files/../../x/%02d"])
def test_a_path_pattern_out_of_the_package_is_one_line(tmp_path, pattern):
    """A traceback before (the reports name each file from the package's top)."""
    assets = VALIDATOR_TESTS.replace("files/tests/validator-tests/%02d", pattern)
    folder = problem_xml(tmp_path / "p", TESTSET, assets)
    for name in ("v.py", "c.py"):
        (folder / name).write_text("")
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert str(caught.value) == (
        f"p/problem.xml: path pattern '{pattern}' names {pattern % 1}, outside the package"
    )


def with_inputs(pattern):
    """TESTSET with its tests' inputs named by ``pattern``."""
    return TESTSET.replace(
        "<test-count>3</test-count>",
        f"<test-count>3</test-count><input-path-pattern>{pattern}</input-path-pattern>",
    )


@pytest.mark.parametrize(("pattern", "figure"), [("tests/%256d", 256), ("tests/%.300d", 300)])
def test_a_path_pattern_wider_than_a_file_name_is_refused_before_it_is_filled_in(
    tmp_path, pattern, figure
):
    """``tests/%2147483648d`` was filled in first: a name of 2 GiB, a minute and 12 GB of
    memory before the file system refused it."""
    folder = problem_xml(tmp_path / "p", with_inputs(pattern))
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert str(caught.value) == (
        f"p/problem.xml: bad path pattern '{pattern}' (a field {figure} characters wide; a file "
        "name holds at most 255)"
    )


@pytest.mark.parametrize("pattern", ["tests/%02d", "tests/%.2d", "tests/0%.300s"])
def test_a_path_pattern_within_a_file_name_s_width_is_filled_in(tmp_path, pattern):
    """A string's precision (``%.300s``) is the most of it kept, not a width."""
    found = polygon.read(problem_xml(tmp_path / "p", with_inputs(pattern)), "p")
    assert [case.name for case in found.cases] == ["tests/01", "tests/02", "tests/03"]


def test_a_package_for_windows_is_noted_by_its_line_endings(tmp_path):
    """Its CR LF inputs: every testlib validator built here rejects every one (Expected
    EOLN), and an invalid validator test is rejected for its CR, whatever else it holds."""
    folder = problem_xml(tmp_path / "p", TESTSET)
    assert polygon.read(folder, "p").notes == ()
    (folder / "tests" / "01").write_bytes(b"1 2\r\n")
    assert polygon.read(folder, "p").notes == (
        "note: p: tests/01 ends its lines with CR LF (a package downloaded for Windows?): a "
        "testlib validator or checker built here rejects them (Expected EOLN); Polygon's "
        "Linux package has LF",
    )


TESTS = ("--testset", "tests")


def test_a_missing_test_or_answer_says_how_a_standard_package_gets_it(tmp_path):
    """Polygon's "standard" package holds the generators, not what they make; a Windows
    package's doall.sh runs them under wine, which "run its doall.sh" did not say."""
    testset = TESTSET.replace("<test/>", '<test method="generated" cmd="gen 2"/>')
    folder = problem_xml(tmp_path / "p", testset)
    (folder / "tests" / "01.a").unlink()
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert str(caught.value) == (
        "p: tests/01.a is missing (problem.xml lists 3 tests; a package without its answers, "
        "which Polygon makes with the main solution: run its doall.sh, or download the full "
        "package)"
    )
    (folder / "tests" / "01.a").write_text("1\n")
    (folder / "tests" / "02").unlink()
    (folder / "doall.sh").write_text("wine files/gen.exe 2 > tests/02\n")
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert "a package without its generated tests: its doall.sh runs Windows programs under " in (
        str(caught.value)
    )
    # wine in a script of scripts/ that doall.sh calls (Polygon's gen-answer.sh)
    (folder / "doall.sh").write_text("bash scripts/gen-input-via-stdout.sh files/gen 2 02\n")
    (folder / "scripts").mkdir()
    (folder / "scripts" / "gen-input-via-stdout.sh").write_text('wine "$1" "$2" > tests/$3\n')
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert "its doall.sh runs Windows programs under wine" in str(caught.value)


def test_a_package_without_its_tests_folder_says_so_not_that_one_answer_is_missing(tmp_path):
    """With no tests/ at all, the first file looked for was said missing, as if the rest were
    there; the folder is said absent, inputs and answers alike, the advice kept."""
    folder = problem_xml(tmp_path / "p", TESTSET)
    shutil.rmtree(folder / "tests")
    with pytest.raises(BuildError) as caught:
        polygon.read(folder, "p")
    assert str(caught.value) == (
        "p: tests/ is absent, inputs and answers alike (problem.xml lists 3 tests; a package "
        "without its tests and their answers: run its doall.sh, or download the full package)"
    )


def test_unanswered_lists_generated_tests_their_generators_and_crlf_inputs(tmp_path):
    """A "standard" package (cloud1204/Attack-Plan's layout): tests/02 generated by ``cmd``
    (split as a shell splits it), tests/03 by a ``from-file`` run, both missing; tests/01's
    CR LF listed where problem.xml says its tests are well formed (each line ending in LF)."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    for name in ("02", "02.a", "03", "03.a", "01.a"):
        (copy / "tests" / name).unlink()
    (copy / "tests" / "01").write_bytes(b"1 2\r\n")
    xml = copy / "problem.xml"
    text = xml.read_text().replace(
        '<test method="manual"/>\n                <test method="manual"/>',
        '<test method="generated" cmd="gen --n=5 \'a b\'"/><test method="generated" '
        'cmd="gen 3" from-file="3"/>',
    )
    text = text.replace(
        "</files>",
        '<executables><executable><source path="files/gen.cpp" type="cpp.g++17"/>'
        '<binary path="files/gen.exe" type="exe.win32"/></executable></executables></files>',
    )
    wellformed = '<properties><property name="tests-wellformed" value="true"/></properties>'
    xml.write_text(text.replace("</problem>", wellformed + "</problem>"))
    lacked = polygon.unanswered(copy, "p")
    tests = copy / "tests"
    assert lacked.tests == tuple((tests / n, tests / f"{n}.a") for n in ("01", "02", "03"))
    assert lacked.generated == (
        polygon.Generated(tests / "02", ("gen", "--n=5", "a b"), ""),
        polygon.Generated(tests / "03", ("gen", "3"), "3"),
    )
    assert dict(lacked.executables) == {"gen.cpp": "files/gen.cpp", "gen": "files/gen.cpp"}
    assert lacked.crlf == (tests / "01",)
    xml.write_text(text)  # no tests-wellformed: the CR may be the test's
    assert polygon.unanswered(copy, "p").crlf == ()


def test_unanswered_lists_valid_validator_tests_in_crlf_where_an_input_is(tmp_path):
    """mamrudien/closest-pair-problem, saved on Windows: its valid validator test ends its
    lines in CR LF as its tests do; an invalid one's CR may be why it is invalid, and where
    no input has CR LF the package is none saved so."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    (copy / "tests" / "01").write_bytes(b"1 2\r\n")
    folder = copy / "files" / "tests" / "validator-tests"
    folder.mkdir(parents=True)
    for number in ("01", "02", "03"):
        (folder / number).write_bytes(b"1 2\r\n")
    validator = (
        '<validators><validator><source path="files/val.cpp" type="cpp.g++17"/><testset>'
        '<test-count>3</test-count><tests><test verdict="valid"/><test verdict="invalid"/>'
        '<test verdict="valid"/></tests></testset></validator></validators>'
    )
    wellformed = '<properties><property name="tests-wellformed" value="true"/></properties>'
    xml = copy / "problem.xml"
    text = xml.read_text().replace("<solutions>", validator + "<solutions>")
    xml.write_text(text.replace("</problem>", wellformed + "</problem>"))
    assert polygon.unanswered(copy, "p").valid_crlf == (folder / "01", folder / "03")
    (copy / "tests" / "01").write_bytes(b"1 2\n")
    assert polygon.unanswered(copy, "p").valid_crlf == ()

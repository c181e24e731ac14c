"""kit.case_folders: official test data read as downloaded, AtCoder's ``in/`` + ``out/``,
yukicoder's ``test_in/`` + ``test_out/``, HackerRank's ``input/`` + ``output/`` and USACO's
older flat ``I.N`` + ``O.N``, in a problem's samples folder or its ``judge_data`` folder (read
through kit.problem_cases): inputs paired with their answers (same-named, ``inputNN`` with
``outputNN``, ``I.N`` with ``O.N``) in natural order, a lone input a case without answer, a lone
answer, a layout mixed with flat files or with another layout, a folder or a dead link named; an
interactive problem's inputs alone; a build's report naming the cases as the user knows them;
the files of an input folder named as the answers beside its inputs, read as inputs.
(The flat ``NAME.in`` layout, skipped files and natural order of flat names are
tests/kit/test_problem_cases.py's.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit.case_folders import (
    LAYOUTS,
    USACO,
    another_input_said,
    case_folders,
    laid_out_answer,
    laid_out_cases,
    named_as_answers,
    named_beside,
    not_cases,
)
from kit.errors import BuildError
from kit.problem_cases import judge_cases, sample_cases
from kit.registry import load_registry

ROOT = Path(__file__).resolve().parents[2]


def laid_out(folder, pairs, inputs="in", answers="out"):
    """``folder``'s ``inputs``/ and ``answers``/ holding ``pairs`` (name: (input, answer or
    None))."""
    for name, (given, answer) in pairs.items():
        (folder / inputs).mkdir(parents=True, exist_ok=True)
        (folder / answers).mkdir(parents=True, exist_ok=True)
        (folder / inputs / name).write_text(given)
        if answer is not None:
            (folder / answers / name).write_text(answer)
    return folder


def hackerrank(folder, pairs):
    """``folder`` as HackerRank's test-case zip unpacks: ``input/inputNN.txt`` answered by
    ``output/outputNN.txt`` (``pairs``: NN: (input, answer or None))."""
    for part in ("input", "output"):
        (folder / part).mkdir(parents=True, exist_ok=True)
    for number, (given, answer) in pairs.items():
        (folder / "input" / f"input{number}.txt").write_text(given)
        if answer is not None:
            (folder / "output" / f"output{number}.txt").write_text(answer)
    return folder


def samples_laid_out(toy, pairs, **names):
    """toy_sum's samples replaced by ``pairs`` in a subfolder layout."""
    folder = toy / "samples" / "toy_sum"
    for path in folder.iterdir():
        path.unlink()
    return laid_out(folder, pairs, **names)


def with_judge_data(toy, folder="../official"):
    registry = toy / "problems.toml"
    text = registry.read_text().replace(
        "memory_limit = 64\n", f'memory_limit = 64\njudge_data = "{folder}"\n', 1
    )
    registry.write_text(text)
    return load_registry(toy)["toy_sum"]


def named(cases):
    return [(case.name, case.expected and case.expected.name) for case in cases]


def refusal(read, problem):
    with pytest.raises(BuildError) as raised:
        read(problem)
    return str(raised.value)


def test_atcoder_samples_pair_same_named_files_in_natural_order(toy):
    samples_laid_out(toy, {name: ("1 2\n", "3\n") for name in ("10.txt", "2.txt", "01_a")})
    cases = sample_cases(load_registry(toy)["toy_sum"])
    assert named(cases) == [
        ("samples/toy_sum/in/01_a", "01_a"),
        ("samples/toy_sum/in/2.txt", "2.txt"),
        ("samples/toy_sum/in/10.txt", "10.txt"),
    ]
    assert cases[0].expected == toy / "samples" / "toy_sum" / "out" / "01_a"


def test_yukicoder_judge_data_is_read_in_place(toy, tmp_path):
    official = laid_out(
        tmp_path / "official",
        {"b.txt": ("2\n", "2\n"), "a.txt": ("1\n", None)},
        inputs="test_in",
        answers="test_out",
    )
    cases, note = judge_cases(with_judge_data(toy))
    assert note is None
    assert named(cases) == [
        ("../official/test_in/a.txt", None),
        ("../official/test_in/b.txt", "b.txt"),
    ]
    assert cases[1].input == official / "test_in" / "b.txt"


def test_atcoder_judge_data_and_yukicoder_samples(toy, tmp_path):
    laid_out(tmp_path / "official", {"01.txt": ("1\n", "1\n")})
    samples_laid_out(toy, {"s.txt": ("1\n", "1\n")}, inputs="test_in", answers="test_out")
    problem = with_judge_data(toy)
    assert named(judge_cases(problem)[0]) == [("../official/in/01.txt", "01.txt")]
    assert named(sample_cases(problem)) == [("samples/toy_sum/test_in/s.txt", "s.txt")]


def test_an_input_without_answer_is_a_case_an_answer_without_input_is_named(toy, tmp_path):
    samples_laid_out(toy, {"a.txt": ("1\n", None), "b.txt": ("1\n", "1\n")})
    problem = load_registry(toy)["toy_sum"]
    assert named(sample_cases(problem)) == [
        ("samples/toy_sum/in/a.txt", None),
        ("samples/toy_sum/in/b.txt", "b.txt"),
    ]
    (toy / "samples" / "toy_sum" / "out" / "c.txt").write_text("1\n")
    assert refusal(sample_cases, problem) == "toy_sum: samples/toy_sum/out/c.txt has no in/c.txt"
    laid_out(tmp_path / "official", {"x": ("1\n", "1\n")})
    (tmp_path / "official" / "out" / "y").write_text("1\n")
    said = refusal(judge_cases, with_judge_data(toy))
    assert said == "toy_sum: ../official/out/y has no in/y"


def test_a_layout_beside_flat_inputs_says_which_to_keep(toy, tmp_path):
    laid_out(toy / "samples" / "toy_sum", {"1.txt": ("1\n", "1\n")})  # sample-1.in stays
    problem = load_registry(toy)["toy_sum"]
    assert refusal(sample_cases, problem) == (
        "toy_sum: samples/toy_sum/ holds both in/ with out/ and NAME.in files beside them "
        "(sample-1.in): keep one of the two layouts"
    )
    official = laid_out(tmp_path / "official", {"1.txt": ("1\n", "1\n")}, "test_in", "test_out")
    (official / "a.in").write_text("1\n")
    assert refusal(judge_cases, with_judge_data(toy)).startswith(
        "toy_sum: ../official/ holds both test_in/ with test_out/ and NAME.in files"
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [(("in", "out"), ("test_in", "test_out")), (("in", "out"), ("input", "output")),
     (("test_in", "test_out"), ("input", "output"))],
)  # fmt: skip
def test_the_subfolders_of_two_layouts_say_which_to_keep(toy, tmp_path, first, second):
    samples_laid_out(toy, {"1.txt": ("1\n", "1\n")}, inputs=first[0], answers=first[1])
    laid_out(toy / "samples" / "toy_sum", {"2.txt": ("1\n", "1\n")}, *second)
    said = refusal(sample_cases, load_registry(toy)["toy_sum"])
    assert said == (
        f"toy_sum: samples/toy_sum/ holds 2 layouts, {first[0]}/ with "
        f"{first[1]}/ and {second[0]}/ with {second[1]}/: keep one of them"
    )
    official = tmp_path / "official"
    laid_out(official, {"1.txt": ("1\n", "1\n")}, inputs=second[0], answers=second[1])
    (official / first[0]).mkdir()  # an input subfolder alone is another layout's too
    assert refusal(judge_cases, with_judge_data(toy)) == (
        f"toy_sum: ../official/ holds 2 layouts, {first[0]}/ and "
        f"{second[0]}/ with {second[1]}/: keep one of them"
    )


def test_a_folder_a_dead_link_or_a_stray_file_is_named(toy):
    folder = samples_laid_out(toy, {"1.txt": ("1\n", "1\n")})
    (folder / "in" / "deeper").mkdir()
    (folder / "out" / "2.txt").symlink_to("nowhere")
    (folder / "README").write_text("cases\n")
    said = refusal(sample_cases, load_registry(toy)["toy_sum"])
    assert said.startswith("toy_sum: 3 sample files are wrong: "), said
    assert "samples/toy_sum/in/deeper: a folder (cases are not looked for in subfolders)" in said
    assert "samples/toy_sum/out/2.txt: a link to nothing" in said
    assert "samples/toy_sum/README: not a case file (the cases are in/ with out/)" in said
    assert "has no in/" not in said  # the dead answer is said once


def test_files_of_another_kind_are_told_from_names_a_case_might_have():
    """A notes file, a generator or a README in a samples folder stopped the build; a name a
    case might have (numbered as judges number them, named as a case's side, or of a case's
    name) is still said wrong."""
    names = ["gen.py", "README.md", "notes.txt", "Notes.TXT", "brute2.cpp", "a.in", "a.out"]
    names += ["a.txt", "01.txt", "input.txt", "my_output.txt", "sample-3.txt", "01", "01.a"]
    assert not_cases(names) == {"gen.py", "README.md", "notes.txt", "Notes.TXT", "brute2.cpp"}


def test_a_file_of_another_kind_beside_a_layout_is_passed_over(toy, tmp_path):
    """It was "not a case file (the cases are in/ with out/)", as the flat folder's was."""
    folder = samples_laid_out(toy, {"1.txt": ("1\n", "1\n")})
    (folder / "README.md").write_text("from the contest's page\n")
    assert named(sample_cases(load_registry(toy)["toy_sum"])) == [
        ("samples/toy_sum/in/1.txt", "1.txt")
    ]
    official = usaco(tmp_path / "official", {1: ("1\n", "1\n")})
    (official / "gen.py").write_text("print(1)\n")
    assert named(judge_cases(with_judge_data(toy))[0]) == [("../official/I.1", "O.1")]


def test_hidden_and_editor_files_are_skipped_and_an_empty_input_folder_named(toy):
    folder = samples_laid_out(toy, {"1.txt": ("1\n", "1\n")})
    for name in (".DS_Store", "1.txt~", ".1.txt.swp"):
        (folder / "in" / name).write_text("x\n")
        (folder / "out" / name).write_text("x\n")
    (folder / ".hidden").write_text("x\n")
    problem = load_registry(toy)["toy_sum"]
    assert named(sample_cases(problem)) == [("samples/toy_sum/in/1.txt", "1.txt")]
    (folder / "in" / "1.txt").unlink()
    (folder / "out" / "1.txt").unlink()
    assert refusal(sample_cases, problem) == "toy_sum: samples/toy_sum/in/ holds no cases"


def test_an_interactive_problem_s_input_folder_holds_the_interactor_s_inputs(toy):
    folder = toy / "samples" / "toy_echo"
    (folder / "sample-1.in").rename(toy / "one")
    (folder / "in").mkdir()
    (toy / "one").rename(folder / "in" / "1.txt")
    problem = load_registry(toy)["toy_echo"]
    assert named(sample_cases(problem)) == [("samples/toy_echo/in/1.txt", None)]
    (folder / "out").mkdir()
    assert refusal(sample_cases, problem) == (
        "toy_echo: samples/toy_echo/out/: an interactive problem's samples are the "
        "interactor's inputs only (in/)"
    )


def test_an_interactive_problem_s_judge_data_may_hold_answers_for_its_interactor(toy, tmp_path):
    """As flat judge data's NAME.ans are: its answers go to the interactor."""
    laid_out(tmp_path / "official", {"01.txt": ("3\n", "3\n"), "02.txt": ("4\n", None)})
    registry = toy / "problems.toml"
    registry.write_text(
        registry.read_text().replace("[toy_echo]\n", '[toy_echo]\njudge_data = "../official"\n')
    )
    cases, _ = judge_cases(load_registry(toy)["toy_echo"])
    assert named(cases) == [("../official/in/01.txt", "01.txt"), ("../official/in/02.txt", None)]


def test_a_build_reports_atcoder_judge_data_by_its_paths(toy, tmp_path):
    sample = toy / "samples" / "toy_sum"
    given, answer = ((sample / name).read_text() for name in ("sample-1.in", "sample-1.out"))
    laid_out(tmp_path / "official", {"01.txt": (given, answer), "02.txt": ("4 4\n", None)})
    with_judge_data(toy)
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "toy_sum", "-v", "--root", str(toy)],
        capture_output=True,
        text=True,
        env={**os.environ, "KIT_PYTHONS": "", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "3/3 cases, 1 without answer" in output
    assert "no answer to compare for ../official/in/02.txt (no answer file: NAME.out or " in output
    assert any("../official/in/01.txt" in line and "ok" in line for line in output.splitlines())


def test_a_laid_out_folder_s_case_folders_are_its_two_subfolders(tmp_path):
    assert case_folders(tmp_path) == [tmp_path]
    (tmp_path / "test_in").mkdir()
    assert case_folders(tmp_path) == [tmp_path, tmp_path / "test_in", tmp_path / "test_out"]
    downloaded = hackerrank(tmp_path / "downloaded", {"00": ("1\n", "1\n")})
    assert case_folders(downloaded) == [downloaded, downloaded / "input", downloaded / "output"]


def test_hackerrank_samples_pair_input_nn_with_output_nn_in_natural_order(toy):
    folder = toy / "samples" / "toy_sum"
    for path in folder.iterdir():
        path.unlink()
    hackerrank(folder, {"10": ("1 2\n", "3\n"), "2": ("1 2\n", "3\n"), "00": ("1 1\n", None)})
    (folder / "input" / "extra.txt").write_text("2 2\n")  # not input...: the same name
    (folder / "output" / "extra.txt").write_text("4\n")
    cases = sample_cases(load_registry(toy)["toy_sum"])
    assert named(cases) == [
        ("samples/toy_sum/input/extra.txt", "extra.txt"),
        ("samples/toy_sum/input/input00.txt", None),
        ("samples/toy_sum/input/input2.txt", "output2.txt"),
        ("samples/toy_sum/input/input10.txt", "output10.txt"),
    ]
    assert cases[2].expected == folder / "output" / "output2.txt"


def test_hackerrank_judge_data_is_read_in_place(toy, tmp_path):
    official = hackerrank(tmp_path / "official", {"01": ("2\n", "2\n"), "00": ("1\n", "1\n")})
    cases, note = judge_cases(with_judge_data(toy))
    assert note is None
    assert named(cases) == [
        ("../official/input/input00.txt", "output00.txt"),
        ("../official/input/input01.txt", "output01.txt"),
    ]
    assert cases[1].input == official / "input" / "input01.txt"
    assert cases[1].expected == official / "output" / "output01.txt"


def test_a_hackerrank_answer_without_its_input_is_named_by_the_input_it_wants(toy, tmp_path):
    official = hackerrank(tmp_path / "official", {"00": ("1\n", "1\n")})
    (official / "output" / "output07.txt").write_text("7\n")
    said = refusal(judge_cases, with_judge_data(toy))
    assert said == "toy_sum: ../official/output/output07.txt has no input/input07.txt"


def usaco(folder, pairs):
    """``folder`` holding USACO's older test data, flat: ``I.N`` answered by ``O.N`` (``pairs``:
    N: (input, answer or None))."""
    folder.mkdir(parents=True, exist_ok=True)
    for number, (given, answer) in pairs.items():
        (folder / f"I.{number}").write_text(given)
        if answer is not None:
            (folder / f"O.{number}").write_text(answer)
    return folder


def test_usaco_samples_pair_i_n_with_o_n_in_natural_order(toy):
    folder = toy / "samples" / "toy_sum"
    for path in folder.iterdir():
        path.unlink()
    usaco(folder, {10: ("1 2\n", "3\n"), 2: ("1 2\n", "3\n"), 1: ("1 1\n", None)})
    cases = sample_cases(load_registry(toy)["toy_sum"])
    assert named(cases) == [
        ("samples/toy_sum/I.1", None),
        ("samples/toy_sum/I.2", "O.2"),
        ("samples/toy_sum/I.10", "O.10"),
    ]
    assert cases[1].expected == folder / "O.2"
    assert case_folders(folder) == [folder]  # no subfolder to watch


def test_usaco_judge_data_is_read_in_place_a_lone_answer_named(toy, tmp_path):
    official = usaco(tmp_path / "official", {1: ("1\n", "1\n"), 2: ("2\n", "2\n")})
    problem = with_judge_data(toy)
    cases, note = judge_cases(problem)
    assert note is None
    assert named(cases) == [("../official/I.1", "O.1"), ("../official/I.2", "O.2")]
    assert cases[1].input == official / "I.2"
    (official / "O.3").write_text("3\n")
    assert refusal(judge_cases, problem) == "toy_sum: ../official/O.3 has no I.3"


def test_usaco_files_beside_flat_inputs_or_a_subfolder_layout_say_which_to_keep(toy, tmp_path):
    usaco(toy / "samples" / "toy_sum", {1: ("1 2\n", "3\n")})  # sample-1.in stays
    problem = load_registry(toy)["toy_sum"]
    assert refusal(sample_cases, problem) == (
        "toy_sum: samples/toy_sum/ holds both I.N with O.N files and NAME.in files beside them "
        "(sample-1.in): keep one of the two layouts"
    )
    official = usaco(tmp_path / "official", {1: ("1\n", "1\n")})
    (official / "README").write_text("x\n")
    problem = with_judge_data(toy)
    assert refusal(judge_cases, problem) == (
        "toy_sum: ../official/README: not a case file (the cases are I.N with O.N files)"
    )
    (official / "README").unlink()
    laid_out(official, {"1.txt": ("1\n", "1\n")})
    assert refusal(judge_cases, problem) == (
        "toy_sum: ../official/ holds 2 layouts, in/ with out/ and I.N with O.N files: keep one "
        "of them"
    )


def test_an_interactive_problem_s_usaco_samples_are_inputs_only(toy):
    folder = toy / "samples" / "toy_echo"
    (folder / "sample-1.in").rename(folder / "I.1")
    problem = load_registry(toy)["toy_echo"]
    assert named(sample_cases(problem)) == [("samples/toy_echo/I.1", None)]
    (folder / "O.1").write_text("1\n")
    assert refusal(sample_cases, problem) == (
        "toy_echo: samples/toy_echo/O.1: an interactive problem's samples are the interactor's "
        "inputs only (I.N)"
    )


def test_a_laid_out_input_s_answer_is_the_one_its_layout_pairs_it_with(tmp_path):
    """``run`` finds a laid-out input's answer by the rule the build pairs its cases with: the
    same file for every case of every layout; a file of no layout has none."""
    layouts = {layout.inputs: laid_out(tmp_path / layout.inputs, {}) for layout in LAYOUTS}
    laid_out(layouts["in"], {"01.txt": ("1\n", "1\n")})
    laid_out(layouts["test_in"], {"01.txt": ("1\n", "1\n")}, "test_in", "test_out")
    hackerrank(layouts["input"], {"00": ("1\n", "1\n")})
    usaco = tmp_path / "usaco"
    usaco.mkdir()
    (usaco / "I.1").write_text("1\n")
    (usaco / "O.1").write_text("1\n")
    for layout, folder in [*zip(LAYOUTS, layouts.values()), (USACO, usaco)]:
        (case,), wrong = laid_out_cases(folder, layout, "x", False)
        assert not wrong and case.answer is not None
        assert laid_out_answer(case.input) == (case.answer, layout.said)
    assert laid_out_answer(tmp_path / "samples" / "sample-1.in") is None


@pytest.mark.parametrize(("inputs", "answers"), [("in", "out"), ("input", "output")])
def test_an_input_folder_without_its_answers_is_read_alike_by_the_build_and_run(
    toy, inputs, answers
):
    """``in/a.in`` with ``in/a.out`` beside it and no ``out/``: the build reads the layout (its
    input subfolder makes it), two inputs without answers; ``run``'s answer of ``in/a.in`` is
    the build's, ``out/a.in`` (no file), where it took ``in/a.out`` beside it."""
    folder = toy / "samples" / "toy_sum"
    for path in folder.iterdir():
        path.unlink()
    (folder / inputs).mkdir()
    for name in ("a.in", "a.out"):
        (folder / inputs / name).write_text("1\n2\n")
    problem = load_registry(toy)["toy_sum"]
    cases = sample_cases(problem)
    assert named(cases) == [(f"samples/toy_sum/{inputs}/a.in", None),
                            (f"samples/toy_sum/{inputs}/a.out", None)]  # fmt: skip
    layout = next(each for each in LAYOUTS if each.inputs == inputs)
    for case in cases:
        answer, said = laid_out_answer(case.input)
        assert answer == folder / answers / layout.answer_name(case.input.name)
        assert said == layout.said and not answer.exists()


def test_files_named_as_answers_beside_their_inputs_in_an_input_folder_are_found(tmp_path):
    """``in/a.out`` beside ``in/a.in``, Polygon's ``in/01.a`` beside ``in/01``: inputs to the
    build, without answer; not one ``out/`` answers (``c.ans``), nor one without its input
    beside (``b.ans``), nor an editor's file."""
    names = ("a.in", "a.out", "b.ans", "c.in", "c.ans", "01", "01.a", "d.in", "d.in.out")
    for name in (*names, ".a.out.swp", "a.out~"):
        (tmp_path / "in").mkdir(exist_ok=True)
        (tmp_path / "in" / name).write_text("1\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "c.ans").write_text("1\n")
    assert named_as_answers(tmp_path, LAYOUTS[0]) == [("01.a", "01"), ("a.out", "a.in")]
    assert named_as_answers(tmp_path / "none", LAYOUTS[0]) == []


def test_the_files_named_as_one_input_s_answers_are_the_folder_s_rule_for_it(tmp_path):
    """``named_beside``: ``named_as_answers`` of one input, which ``run`` says; ``run`` named
    ``in/a.out`` by a rule of its own though ``out/a.out`` answers it, as the build reads it."""
    (tmp_path / "in").mkdir()
    for name in ("a.in", "a.out", "a.ans", "b.in"):
        (tmp_path / "in" / name).write_text("1\n")
    assert named_beside(tmp_path / "in" / "a.in") == ["a.ans", "a.out"]
    assert named_beside(tmp_path / "in" / "b.in") == []
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "a.out").write_text("1\n")  # a case of its own, answered
    assert named_beside(tmp_path / "in" / "a.in") == ["a.ans"]
    assert named_beside(tmp_path / "a.in") == []  # no layout's input


def test_a_file_read_as_another_input_is_said_one_way_by_run_and_the_build():
    """Each file beside its input, for one and for several (they read "a.out, b.ans beside
    a.in, b.in", which paired nothing)."""
    assert another_input_said([("in/a.out", "it")]) == (
        "in/a.out beside it is another input to the build"
    )
    assert another_input_said([("a.out", "a.in"), ("b.ans", "b.in")]) == (
        "a.out beside a.in and b.ans beside b.in are other inputs to the build"
    )
    assert another_input_said([("in/a.ans", "it"), ("in/a.out", "it")]) == (
        "in/a.ans and in/a.out beside it are other inputs to the build"
    )
    assert another_input_said([("01.a", "01"), ("a.out", "a.in"), ("b.ans", "b.in")]) == (
        "01.a beside 01, a.out beside a.in and b.ans beside b.in are other inputs to the build"
    )

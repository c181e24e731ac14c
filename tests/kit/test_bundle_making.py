"""kit.bundle_making on the toy checkout: the bundle made as one text titled with its dist
file, each module's shipped text parsed once; ``write_bundle`` for ``run`` and ``stress``, never
into ``dist/``; the note of a bundle named as a module; what a syntax error the kit's own Python
found says of a target, or a Python here, newer than it."""

import ast
import dataclasses
import sys

import pytest

from kit.building.pipeline import build_problem
from kit.building.results import Status
from kit.bundle_making import make_bundle, newer_syntax, shadowing_notes, write_bundle
from kit.errors import BuildError, SourceSyntaxError
from kit.judges import targets as targets_module
from kit.judges.targets import Target, found
from kit.run.cases import RunOptions
from tests.bundle_support import toy_sum

ONE_AT_A_TIME = RunOptions(repeat=1, jobs=1)


def test_newer_syntax_adds_nothing_to_an_error_that_is_not_a_source_s_syntax(toy):
    problem = dataclasses.replace(toy_sum(toy), targets=(Target("cpython", (3, 99)),))
    assert newer_syntax(problem, BuildError("toy_sum: something else")) == ""
    error = SourceSyntaxError("x.py:1: syntax error", "x.py", "x = (\n")
    host = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert newer_syntax(problem, error) == (
        f" (as the kit's own Python {host} reads it; the target 3.99 may accept it: run the kit "
        "under the newest target's Python)"
    )


def test_an_id_not_set_yet_is_left_out_of_the_bundle_s_title(toy):
    """``new --judge`` writes ``id = "?"``: the title said ``(nowhere ?)``."""
    registry = toy / "problems.toml"
    registry.write_text(registry.read_text().replace('id = "1"', 'id = "?"', 1))
    bundle = make_bundle(toy_sum(toy))
    assert "dist/toy_sum.py: Toy Sum (nowhere), judge-ready" in bundle.text.splitlines()[0]


def test_the_bundle_is_one_text_titled_with_its_dist_file(toy):
    bundle = make_bundle(toy_sum(toy))
    assert "dist/toy_sum.py: Toy Sum (nowhere 1), judge-ready" in bundle.text.splitlines()[0]
    assert [module.rel for module in bundle.modules] == [
        "solutions/toy_sum.py",
        "shared/__init__.py",
        "shared/toy_text.py",
        "shared/toy_numbers.py",
    ]
    assert "# Indented multi-line literal" not in bundle.text  # stripped


def test_what_ships_of_each_module_is_parsed_once_by_its_verification(toy, monkeypatch, cache_home):
    """The strip's verification parses the shipped text: the checks read that tree, kept,
    not a parse of their own (a 534 KB helper's parse and walk took 0.1 s). A fresh cache:
    a helper's text taken from it was not verified here, and is parsed when first read."""
    from kit.bundle import sources

    bundle = make_bundle(toy_sum(toy))
    parsed = []
    monkeypatch.setattr(sources, "quiet_parse", lambda *args: parsed.append(args))
    shipped = [module for module in bundle.modules if module.shipped]
    trees = [module.shipped_tree() for module in shipped]
    assert parsed == [] and len(trees) == 3  # shared/__init__.py ships nothing
    assert all(tree in sources._KEPT for tree in trees)
    assert [ast.dump(tree) for tree in trees] == [
        ast.dump(ast.parse(module.shipped)) for module in shipped
    ]


def test_a_syntax_error_under_targets_newer_than_the_kit_says_so(toy, monkeypatch):
    """The kit's own Python parses the sources: syntax a newer target accepts (3.12's nested
    f-strings) fails under an older kit, and the message says whose reading it is, and that
    it stands for a target no newer than the kit's; a target whose interpreter is here is
    asked, so a plain typo gets nothing added."""
    problem = toy_sum(toy)
    problem.solution.write_text("x = (\n")
    unknown = (3, 99)  # no interpreter here
    alone = dataclasses.replace(problem, targets=(Target("cpython", unknown),))
    (error,) = build_problem(alone, ONE_AT_A_TIME, interpreters=[]).errors
    host = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert error.endswith(
        f"syntax error: '(' was never closed (as the kit's own Python {host} reads it; the "
        "target 3.99 may accept it: run the kit under the newest target's Python)"
    )
    beside = (Target("cpython", unknown), Target("pypy", sys.version_info[:2]))
    with_older = dataclasses.replace(problem, targets=beside)
    with monkeypatch.context() as patched:  # no newer Python here to ask: it may be syntax
        patched.setattr(targets_module, "found", lambda: ())
        (error,) = build_problem(with_older, ONE_AT_A_TIME, interpreters=[]).errors
    assert error.endswith(  # a target no newer than the kit's Python: the error stands
        f"(as the kit's own Python {host} reads it; the target pypy{host}, no newer, cannot "
        "read it either)"
    ), error
    newer = [i for i in found() if i.impl == "cpython" and i.version > sys.version_info[:2]]
    if not newer:
        pytest.skip("no CPython newer than the kit's here")
    version = newer[-1].version
    asked = dataclasses.replace(problem, targets=(Target("cpython", version),))
    (error,) = build_problem(asked, ONE_AT_A_TIME, interpreters=[]).errors
    assert error.endswith("syntax error: '(' was never closed"), error
    if version >= (3, 12) > sys.version_info[:2]:  # syntax the kit cannot read, a target can
        problem.solution.write_text('d = {"a": 1}\nprint(f"{d["a"]}")\n')
        (error,) = build_problem(asked, ONE_AT_A_TIME, interpreters=[]).errors
        assert error.endswith("here, reads it: run the kit under it)"), error


def test_a_plain_syntax_error_beside_an_older_target_gets_no_version_hedge(toy):
    """AtCoder's CPython 3.13 and PyPy 3.11 under a 3.11 kit: an unclosed paren said "the
    target pypy3.11, no newer, cannot read it either", noise for an error no Python reads; a
    newer Python here is asked, and the hedge stays for syntax it reads."""
    newer = [i for i in found() if i.impl == "cpython" and i.version > sys.version_info[:2]]
    if not newer:
        pytest.skip("no CPython newer than the kit's here")
    version = newer[-1].version
    beside = (Target("cpython", version), Target("pypy", sys.version_info[:2]))
    problem = dataclasses.replace(toy_sum(toy), targets=beside)
    problem.solution.write_text("x = (\n")
    (error,) = build_problem(problem, ONE_AT_A_TIME, interpreters=[]).errors
    assert error.endswith("syntax error: '(' was never closed"), error
    if version >= (3, 12) > sys.version_info[:2]:  # syntax the newer target reads
        problem.solution.write_text('d = {"a": 1}\nprint(f"{d["a"]}")\n')
        (error,) = build_problem(problem, ONE_AT_A_TIME, interpreters=[]).errors
        assert error.endswith(", no newer, cannot read it either)"), error


def test_syntax_newer_than_every_target_names_the_python_here_that_reads_it(toy):
    """3.12's f-string for pypy3.10 under a 3.11 kit: the bare "f-string: unmatched '['"
    named no version; a newer CPython here is asked which reads it."""
    if sys.version_info >= (3, 12):
        pytest.skip("the kit's own Python reads 3.12's f-strings")
    newer = [i for i in found() if i.impl == "cpython" and i.version >= (3, 12)]
    if not newer:
        pytest.skip("no CPython 3.12 or newer here")
    problem = dataclasses.replace(toy_sum(toy), targets=(Target("pypy", (3, 10)),))
    problem.solution.write_text('d = {"a": 1}\nprint(f"{d["a"]}")\n')
    (error,) = build_problem(problem, ONE_AT_A_TIME, interpreters=[]).errors
    reader = min(newer, key=lambda i: i.version).label
    assert error.endswith(
        f"(as the kit's own Python 3.{sys.version_info[1]} reads it; {reader}, here, reads it: "
        "syntax newer than the target pypy3.10)"
    ), error
    problem.solution.write_text("x = (\n")  # read by none: nothing added
    (error,) = build_problem(problem, ONE_AT_A_TIME, interpreters=[]).errors
    assert error.endswith("syntax error: '(' was never closed"), error


def test_write_bundle_writes_into_the_folder_given_never_dist(toy, tmp_path):
    problem = toy_sum(toy)
    bundle, path = write_bundle(problem, tmp_path)
    assert path == tmp_path / "toy_sum.py" and path.read_text() == bundle.text
    assert not problem.dist.exists()
    problem.solution.unlink()
    with pytest.raises(BuildError, match=r"^toy_sum: solutions/toy_sum\.py does not exist yet$"):
        write_bundle(problem, tmp_path)
    problem.solution.mkdir()
    with pytest.raises(BuildError, match=r"^toy_sum: solutions/toy_sum\.py is a folder, not a"):
        write_bundle(problem, tmp_path)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors == ["toy_sum: solutions/toy_sum.py is a folder, not a file"]


@pytest.mark.parametrize(
    ("target", "said"), [("toy_sum.py", "a link that loops"), ("gone.py", "a link to nothing")]
)
def test_a_solution_that_is_a_broken_link_fails(toy, tmp_path, target, said):
    """A link to itself or to a missing file was "does not exist yet", exit 0."""
    problem = toy_sum(toy)
    problem.solution.unlink()
    problem.solution.symlink_to(target)
    with pytest.raises(BuildError, match=f"^toy_sum: solutions/toy_sum\\.py is {said}$"):
        write_bundle(problem, tmp_path)
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors == [f"toy_sum: solutions/toy_sum.py is {said}"]


def test_a_bundle_named_as_a_standard_module_is_noted_by_the_build(toy):
    """A hand-written ``[heapq]`` table made ``dist/heapq.py``, which ``python3 dist/other.py``
    imports for ``import heapq``; ``cpkit new heapq`` refuses the name, the build said nothing."""
    problem = dataclasses.replace(
        toy_sum(toy), slug="heapq", solution_file="solutions/toy_sum.py",
        samples_folder="samples/toy_sum",
    )  # fmt: skip
    result = build_problem(problem, ONE_AT_A_TIME, interpreters=[])
    assert result.status == Status.OK, result.errors
    said = "dist/heapq.py is named as a standard module: python3 dist/other.py would import it"
    assert any(note.startswith(said) for note in result.notes), result.notes


@pytest.mark.parametrize(
    ("slug", "judge", "module"),
    [("heapq", "POJ", "a standard module"), ("numpy", "AtCoder", "a module AtCoder installs"),
     ("numpy", "POJ", None), ("toy_sum", "POJ", None)],
)  # fmt: skip
def test_a_bundle_named_as_a_module_is_noted_as_new_refuses_the_name(toy, slug, judge, module):
    """Which names are noted: the judge's installed modules by the judge."""
    problem = dataclasses.replace(toy_sum(toy), slug=slug, judge=judge)
    said = f"dist/{slug}.py is named as {module}: python3 dist/other.py would import it for "
    notes = shadowing_notes(problem)
    assert notes == (
        []
        if module is None
        else [f"{said}'import {slug}' (rename the problem's table to avoid it)"]
    )

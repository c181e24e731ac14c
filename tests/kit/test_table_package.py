"""kit.table_package: ``package = "PATH"`` in problems.toml fills a problem's table from the
package (the table's own keys win; a package's code limit is the source limit), and bad package
settings (a package or a testlib that is not there, samples beside a package's own) are
one-line errors; a package's groups' validator flags checked as the copy of the default
validator its judge runs reads them; on the small packages of tests/fixtures/packages."""

import pytest

from kit import table_package
from kit.errors import BuildError
from kit.registry import load_registry
from kit.table_package import flags_reader
from tests.package_support import ONE_CASE, workspace, write_package


def test_a_package_fills_the_table_and_the_tables_own_keys_win(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [plain]
        package = "packages/kattis_sum"

        [mine]
        package = "packages/kattis_sum"
        time_limit = 3
        compare = "tokens"
        judge = "Codeforces"
        url = "https://open.kattis.com/problems/sumorimpossible"
        """,
    )
    plain, mine = registry["plain"], registry["mine"]
    assert (plain.title, plain.judge, plain.id, plain.kind) == (
        "Sum or Impossible",
        "Kattis",
        "kattis_sum",
        "batch",
    )
    assert (plain.time_limit, plain.memory_limit, plain.output_limit) == (1.0, 256, 8)
    assert plain.compare == "kattis" and [t.name for t in plain.targets] == ["pypy3.10"]
    assert (mine.time_limit, mine.compare, mine.judge) == (3.0, "tokens", "Codeforces")
    assert (plain.url, mine.url) == (None, "https://open.kattis.com/problems/sumorimpossible")


def test_a_package_s_code_limit_is_the_problem_s_source_limit(tmp_path):
    registry = workspace(tmp_path, '[plain]\npackage = "packages/kattis_sum"\n')
    assert registry["plain"].source_limit == 128 * 1024  # Kattis' profile: the format's default
    config = tmp_path / "ws" / "packages" / "kattis_sum" / "problem.yaml"
    config.write_text(config.read_text().replace("  memory: 256\n", "  memory: 256\n  code: 2\n"))
    assert load_registry(tmp_path / "ws")["plain"].source_limit == 2048


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('package = "packages/none"', "package packages/none: no such folder or archive"),
        ('package = "packages/kattis_sum"\ntestlib = "nope.h"', "testlib nope.h does not exist"),
        ('package = "packages/kattis_sum"\nsamples = "t"',
         "samples = 't': a package's samples are its own"),
    ],
)  # fmt: skip
def test_bad_package_settings_are_one_line(tmp_path, table, message):
    with pytest.raises(BuildError) as caught:
        workspace(tmp_path, f"[x]\n{table}\n")
    line = 2 if message.startswith("package ") else 3  # the key's, after the table's header
    assert str(caught.value) == f"problems.toml:{line}: [x]: {message}"


@pytest.mark.parametrize(
    ("entry", "reader"),
    [({}, "kattis"), ({"judge": "Kattis"}, "kattis"), ({"judge": "DOMjudge"}, "domjudge"),
     ({"judge": " domjudge "}, "domjudge"),
     ({"judge": "DOMjudge", "compare": "kattis"}, "domjudge"),
     ({"compare": "domjudge:case_sensitive"}, "domjudge"), ({"judge": "Codeforces"}, "kattis")],
)  # fmt: skip
def test_the_flags_reader_is_the_validator_copy_the_problem_s_comparison_runs(entry, reader):
    assert flags_reader(entry) == reader


@pytest.mark.parametrize("flags", ["float_tolerance -1", "float_tolerance inf"])
def test_a_package_judged_by_domjudge_takes_the_tolerances_domjudge_takes(tmp_path, flags):
    """``float_tolerance -1`` (not set) and ``inf`` in a group's testdata.yaml, which
    DOMjudge's compare reads, were refused by problemtools' rules under judge = "DOMjudge";
    where Kattis judges they still are."""
    files = {**ONE_CASE, "data/secret/testdata.yaml": f"output_validator_flags: {flags}\n"}
    write_package(tmp_path / "pkg", "name: x\n", {**files, ".timelimit": "1\n"})
    (tmp_path / "problems.toml").write_text(
        '[dom]\npackage = "pkg"\njudge = "DOMjudge"\n[kat]\npackage = "pkg"\n'
    )
    registry = load_registry(tmp_path)
    assert registry["dom"].compare == "domjudge"
    assert registry["dom"].source.cases[0].flags == tuple(flags.split())
    with pytest.raises(BuildError) as caught:
        registry["kat"].source.cases  # noqa: B018  read when first asked for
    assert str(caught.value).startswith(
        f"problems.toml: [kat]: pkg/data/secret/testdata.yaml: output_validator_flags = '{flags}'"
    )


def test_a_standard_polygon_package_s_answers_are_made_when_its_cases_are_asked(
    tmp_path, monkeypatch
):
    """A Polygon package without its answers (Polygon's "standard" package) is a problem of
    the workspace as ``verify`` reads it: its main solution makes them (kit.verify.made_answers,
    which the command line gives ``making_with``) in a view, when a command first asks for its
    cases, not when problems.toml is read."""
    made = []
    from kit.verify import made_answers

    answered = made_answers.answered
    monkeypatch.setattr(table_package, "_MAKING", [])
    table_package.making_with(lambda *a: made.append(a) or answered(*a, None))
    registry = workspace(tmp_path, '[other]\npackage = "packages/kattis_sum"\n')
    package = tmp_path / "ws" / "packages" / "polygon_sum"
    for answer in (package / "tests").glob("*.a"):
        answer.unlink()
    (tmp_path / "ws" / "problems.toml").write_text('[sum]\npackage = "packages/polygon_sum"\n')
    source = load_registry(tmp_path / "ws")["sum"].source
    assert made == [] and registry["other"].source is not None
    answers = [case.answer.read_bytes() for case in source.cases]
    assert answers == [b"3\n", b"12\n", b"99\n"] and len(made) == 1
    assert source.notes[-1] == (
        "note: answers: 3 made by the main solution solutions/sum.py, as Polygon makes them "
        "(the package has none)"
    )
    assert not (package / "tests" / "01.a").exists()
    # a case named by its file in the package, as the build shows it, not in the view
    assert source.named(source.cases[1].answer) == "packages/polygon_sum/tests/02.a"


def test_a_standard_polygon_package_s_answer_making_error_names_its_table(tmp_path, monkeypatch):
    """Said when the cases are first asked for, it named the package alone (``sum: ...``), or
    not even that (``solutions/sum.py, the main solution, cannot make ...``), where the
    package's other errors name the table (``problems.toml: [sum]: ...``)."""
    from kit.verify import made_answers

    monkeypatch.setattr(table_package, "_MAKING", [])
    table_package.making_with(lambda *given: made_answers.answered(*given, None))
    workspace(tmp_path, '[other]\npackage = "packages/kattis_sum"\n')
    package = tmp_path / "ws" / "packages" / "polygon_sum"
    for answer in (package / "tests").glob("*.a"):
        answer.unlink()
    (package / "solutions" / "sum.py").write_text("raise SystemExit(3)\n")
    (tmp_path / "ws" / "problems.toml").write_text('[sum]\npackage = "packages/polygon_sum"\n')
    source = load_registry(tmp_path / "ws")["sum"].source
    with pytest.raises(BuildError) as raised:
        source.cases  # noqa: B018
    assert str(raised.value) == (
        "problems.toml: [sum]: packages/polygon_sum: solutions/sum.py, the main solution, "
        "cannot make the answer 01.a of tests/01 (Polygon makes it so): exit status 3"
    )
    (package / "solutions" / "sum.py").unlink()
    with pytest.raises(BuildError, match=r"^problems\.toml: \[sum\]: packages/polygon_sum: its "):
        load_registry(tmp_path / "ws")["sum"].source.cases  # noqa: B018

"""Test support (not a test module): workspaces over copies of the small problem packages of
tests/fixtures/packages, for the registry's and the cases' package tests and the
package-judging tests, and kattis_sum with input validators (``kattis_sum``, ``SUM_CHECK``);
a Kattis-format package written from a few files (``write_package``,
``ONE_CASE``) for the tests of its reader; polygon_sum as a "standard" package whose tests are
made by a small C++ generator (``generating``); and ``cpkit verify`` run in-process on a
package, its exit status and lines."""

import argparse
import shutil
import textwrap
from pathlib import Path

from kit.commands import verify
from kit.registry import load_registry

PACKAGES = Path(__file__).resolve().parent / "fixtures" / "packages"
ONE_CASE = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
SUM = PACKAGES / "kattis_sum"
# an input validator of kattis_sum: two numbers, none below --min (default: any)
SUM_CHECK = """\
    import sys
    low = int(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else -10**9
    tokens = sys.stdin.read().split()
    if len(tokens) != 2 or min(map(int, tokens)) < low:
        print(f"not two numbers from {low}")
        sys.exit(43)
    sys.exit(42)
"""


def kattis_sum(tmp_path, validators=None, group_yaml=None):
    """A copy of kattis_sum with ``validators`` (file name -> source; ``SUM_CHECK`` by
    default) in input_validators/ and ``group_yaml`` as data/secret/testdata.yaml."""
    copy = shutil.copytree(SUM, tmp_path / "sum")
    folder = copy / "input_validators"
    folder.mkdir()
    for name, source in (validators or {"check.py": SUM_CHECK}).items():
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text(textwrap.dedent(source))
    if group_yaml is not None:
        (copy / "data" / "secret" / "testdata.yaml").write_text(textwrap.dedent(group_yaml))
    return copy


def workspace(tmp_path, table, solutions=()):
    """A workspace whose packages/ holds copies of the fixture packages: ``table`` is its
    problems.toml, ``solutions`` maps slugs to their source (both dedented)."""
    root = tmp_path / "ws"
    (root / "solutions").mkdir(parents=True)
    shutil.copytree(PACKAGES, root / "packages")
    (root / "problems.toml").write_text(textwrap.dedent(table))
    for slug, source in dict(solutions).items():
        (root / "solutions" / f"{slug}.py").write_text(textwrap.dedent(source))
    return load_registry(root)


# a problem.yaml's uuid, which problemtools warns of missing in legacy and requires from 2023-07
UUID = "uuid: 5d4db513-e900-4d58-85d5-8657bfdc3987\n"


def write_package(folder, problem_yaml, files, uuid=True):
    """A package of these files, with an accepted submission unless they give submissions,
    and a uuid in its problem.yaml unless it gives one (or ``uuid`` is false)."""
    folder.mkdir(parents=True)
    text = textwrap.dedent(problem_yaml)
    if uuid and "uuid" not in text and (not text or text.endswith("\n")):
        text += UUID
    (folder / "problem.yaml").write_text(text)
    if not any(name.startswith("submissions/") for name in files):
        files = {**files, "submissions/accepted/a.py": "print(1)\n"}
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def verified(capsys, package, *submissions):
    """``cpkit verify PACKAGE SUBMISSION...`` run here: (exit status, printed lines)."""
    parser = argparse.ArgumentParser(prog="cpkit")
    verify.add_subparser(parser.add_subparsers())
    args = parser.parse_args(["verify", str(package), *submissions])
    status = args.run(args)
    return status, capsys.readouterr().out.splitlines()


def polygon_with_tests(folder, validator=None, validator_tests=(), checker_tests=()):
    """A copy of polygon_sum at ``folder``: with ``validator`` (its source) as files/val.py and
    its tests, each (verdict, input) in files/tests/validator-tests/NN; with the checker's
    tests, each (verdict, input, output, answer) as files/tests/checker-tests/NN, NN.o, NN.a."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", folder)
    xml = (copy / "problem.xml").read_text()
    tests = copy / "files" / "tests"
    if validator is not None:
        (copy / "files" / "val.py").write_text(textwrap.dedent(validator))
        rows = "".join(f'<test verdict="{verdict}"/>' for verdict, _ in validator_tests)
        xml = xml.replace(
            "<solutions>",
            '<validators><validator><source path="files/val.py" type="python.3"/>'
            f"<testset><tests>{rows}</tests></testset></validator></validators>\n<solutions>",
        )
        (tests / "validator-tests").mkdir(parents=True)
        for number, (_, given) in enumerate(validator_tests, 1):
            (tests / "validator-tests" / f"{number:02d}").write_text(given)
    if checker_tests:
        rows = "".join(f'<test verdict="{verdict}"/>' for verdict, *_ in checker_tests)
        xml = xml.replace("</checker>", f"<testset><tests>{rows}</tests></testset></checker>")
        (tests / "checker-tests").mkdir(parents=True)
        for number, (_, given, output, answer) in enumerate(checker_tests, 1):
            for suffix, text in (("", given), (".o", output), (".a", answer)):
                (tests / "checker-tests" / f"{number:02d}{suffix}").write_text(text)
    (copy / "problem.xml").write_text(xml)
    return copy


def zipped_guess(root: Path, slug: str = "pg", name: str = "guess pkg é.zip") -> Path:
    """``root``'s problems.toml given the table ``[slug]`` of a zipped copy of the interactive
    Polygon package (``name``, beside problems.toml: spaces and an accent in its name) whose
    tests/01.a is empty, as an interactor's answer may be, and its main solution as the
    problem's; the archive's path."""
    folder = root / "unzipped" / "guess"
    shutil.copytree(PACKAGES / "polygon_guess", folder)
    (folder / "tests" / "01.a").write_text("")
    archive = shutil.make_archive(str(root / "pack"), "zip", folder.parent)
    shutil.rmtree(folder.parent)
    (root / "solutions").mkdir(exist_ok=True)
    shutil.copy(
        PACKAGES / "polygon_guess" / "solutions" / "binary.py", root / "solutions" / f"{slug}.py"
    )
    with open(root / "problems.toml", "a") as table:
        table.write(f'\n[{slug}]\npackage = "{name}"\n')
    return Path(shutil.move(archive, root / name))


# prints its arguments' sum, or writes the files NAME=SUM... it is given ("w" first); a
# first argument "fail" fails
GENERATOR = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "fail")) { fprintf(stderr, "bad seed\n"); return 3; }
    if (argc > 1 && !strcmp(argv[1], "w")) {
        for (int i = 2; i < argc; i++) {
            char name[64]; int value;
            sscanf(argv[i], "%63[^=]=%d", name, &value);
            FILE *file = fopen(name, "w"); fprintf(file, "%d %d\n", value, value); fclose(file);
        }
        return 0;
    }
    int sum = 0;
    for (int i = 1; i < argc; i++) sum += atoi(argv[i]);
    printf("%d %d\n", sum, 1);
    return 0;
}
"""


def generating(tmp_path, *tests: str) -> Path:
    """polygon_sum with tests/02 and on made by files/gen.cpp (GENERATOR), each a ``<test>``'s
    attributes given, their inputs and answers removed."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    (copy / "files" / "gen.cpp").write_text(GENERATOR)
    for path in (copy / "tests").iterdir():
        if path.name not in ("01", "01.a"):
            path.unlink()
    xml = (copy / "problem.xml").read_text()
    listed = "".join(f'<test method="generated" {test}/>' for test in tests)
    xml = xml.replace("<test-count>3</test-count>", f"<test-count>{1 + len(tests)}</test-count>")
    xml = xml.replace('<test method="manual"/>\n', "", 2).replace(
        '<test method="manual" sample="true"/>', f'<test method="manual" sample="true"/>{listed}'
    )
    executables = (
        '<executables><executable><source path="files/gen.cpp" type="cpp.g++17"/>'
        "</executable></executables></files>"
    )
    (copy / "problem.xml").write_text(xml.replace("</files>", executables))
    return copy

"""Templates of your own: a workspace's templates/ (solution.py, stress.py, bench.py, test.py,
interactive.py, interactor.py, interactive_stress.py, interactive_bench.py) replaces the kit's
for `new`, with {{slug}}, {{title}}, {{judge}}, {{solution}}, {{time_limit}}, {{memory_limit}}
and {{command}} filled in; a
misnamed template, an unknown placeholder or a template that is not Python is a one-line error
that changes nothing; ``is_stub``: a function still the template's (its body one ``raise
NotImplementedError``)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from kit import cli, scaffold
from kit.errors import BuildError
from kit.scaffold import DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "fixtures" / "pages"

SOLUTION = '''"""{{title}} ({{judge}}, {{time_limit}} s, {{memory_limit}} MiB): echoes its input."""

import sys

LIMITS = {"seconds": {{time_limit}}, "mebibytes": {{memory_limit}}}  # braces of its own stay


def main() -> None:
    data = sys.stdin.read()
    sys.stdout.write(f"{data}")  # {{ slug }} is solutions/{{slug}}.py; `{{command}} {{slug}}`


if __name__ == "__main__":
    main()
'''
STRESS = '''"""My stress module for {{slug}}."""

PARAMS = {"n": 5}
'''


def new(root: Path, *args: str) -> int:
    return cli.main(["new", *args, "--root", str(root)])


def with_templates(root: Path, **templates: str) -> Path:
    folder = root / "templates"
    folder.mkdir()
    for name, text in templates.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_workspace_templates_replace_the_kit_ones(toy, capsys):
    with_templates(toy, **{"solution.py": SOLUTION, "stress.py": STRESS})
    (toy / "templates" / "README.md").write_text("{{not a template}}\n")  # not .py: left alone
    assert new(toy, "echo", "--judge", "AtCoder") == 0
    out = capsys.readouterr().out
    assert "  solutions/echo.py  (from templates/solution.py)\n" in out
    assert "  stress/echo.py  (from templates/stress.py)\n" in out
    assert "  bench/echo.py\n" in out
    solution = (toy / "solutions" / "echo.py").read_text()
    assert solution.startswith('"""Echo (AtCoder, 2 s, 1024 MiB): echoes its input."""\n')
    assert 'LIMITS = {"seconds": 2, "mebibytes": 1024}  # braces of its own stay' in solution
    assert "# echo is solutions/echo.py; `cpkit echo`" in solution
    assert (toy / "stress" / "echo.py").read_text() == STRESS.replace("{{slug}}", "echo")
    assert (toy / "bench" / "echo.py").read_text() == DEFAULTS["bench.py"].replace(
        "{{title}}", "Echo"
    ).replace("{{command}}", "cpkit").replace("{{slug}}", "echo").replace("{{time_limit}}", "2")

    # the solution from the template is what the build bundles and runs
    (toy / "samples" / "echo" / "sample-1.in").write_text("1 2\n")
    (toy / "samples" / "echo" / "sample-1.out").write_text("1 2\n")
    assert cli.main(["echo", "--repeat", "1", "--root", str(toy)]) == 0, capsys.readouterr()


def test_interactive_templates_and_a_page_title(toy, capsys):
    with_templates(
        toy,
        **{
            "interactive.py": '"""{{title}}: plays."""\n',
            "interactor.py": '"""Referee of {{title}}, {{time_limit}} s."""\n',
            "test.py": '"""Tests of {{slug}}."""\n',
            "solution.py": "this is not used by an interactive problem (\n",
        },
    )
    assert new(toy, "guess", "--interactive", "--from", str(PAGES / "kattis.html")) == 0
    assert (toy / "solutions" / "guess.py").read_text() == '"""Add Two Numbers: plays."""\n'
    assert (toy / "interactors" / "guess.py").read_text() == (
        '"""Referee of Add Two Numbers, 1 s."""\n'
    )
    assert (toy / "tests" / "test_guess.py").read_text() == '"""Tests of guess."""\n'
    assert "(from templates/interactor.py)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "solutoin.py",
            "x = 1\n",
            "templates/solutoin.py: not a template name (did you mean solution.py? templates: "
            "test.py, solution.py, interactive.py, interactor.py, stress.py, "
            "interactive_stress.py, bench.py, interactive_bench.py)",
        ),
        (
            "solution.py",
            '"""{{titel}}"""\n',
            "templates/solution.py: unknown placeholder {{titel}} (known: {{slug}}, {{title}}, "
            "{{judge}}, {{solution}}, {{time_limit}}, {{memory_limit}}, {{command}})",
        ),
        (
            "stress.py",
            '"""Stress."""\ndef generate(:\n',
            "templates/stress.py: not Python once filled in (line 2: invalid syntax)",
        ),
        (
            "stress.py",
            '"""Stress."""\nx = 1\x00\n',  # it said "line None"
            "templates/stress.py: not Python once filled in (source code string cannot "
            "contain null bytes)",
        ),
    ],
)
def test_a_bad_template_is_one_line_and_changes_nothing(toy, capsys, name, text, message):
    with_templates(toy, **{name: text})
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    assert new(toy, "alpha", "--judge", "POJ") == 2
    err = capsys.readouterr().err
    assert err == f"cpkit: error: {message}\n"
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


@pytest.mark.parametrize(
    ("template", "evil"),
    [("'''{{title}}'''\nprint(1)\n", "x''' + str(__import__('os').getpid()) + '''x"),
     ("T = '{{title}}'\n", "x' + str(__import__('os').getpid()) + 'x"),
     ("T = f'{{title}}'\n", "x{__import__(chr(111) + chr(115)).getpid()}x")],
)  # fmt: skip
def test_a_title_that_would_make_code_of_a_template_is_refused(
    toy, capsys, tmp_path, template, evil
):
    """A page's title (a saved page, Competitive Companion's data, a POST to ``listen``) was
    pasted into a workspace's template as it is: one closing its quotes ran as code in the
    next build."""
    with_templates(toy, **{"solution.py": template})
    page = tmp_path / "evil.json"
    data = {"name": evil, "url": "", "group": "G", "timeLimit": 1000, "memoryLimit": 256}
    page.write_text(json.dumps({**data, "tests": []}))
    assert new(toy, "evil", "--judge", "POJ", "--from", str(page)) == 2
    assert "changes the code where {{title}} stands" in capsys.readouterr().err
    assert not (toy / "solutions" / "evil.py").exists()
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps({**data, "name": "Plain title", "tests": []}))
    assert new(toy, "plain", "--judge", "POJ", "--from", str(plain)) == 0


def test_a_template_saved_with_a_byte_order_mark_is_read_as_python_reads_it(toy, capsys):
    """Windows editors save UTF-8 with a BOM, which Python runs: it was refused."""
    folder = with_templates(toy)
    (folder / "solution.py").write_bytes(b'\xef\xbb\xbf"""{{title}}."""\nprint(1)\n')
    assert new(toy, "alpha", "--judge", "POJ") == 0
    assert (toy / "solutions" / "alpha.py").read_text() == '"""Alpha."""\nprint(1)\n'


def test_a_template_that_is_not_text_is_one_line(toy, capsys):
    folder = with_templates(toy)
    (folder / "bench.py").write_bytes(b"\xff\xfe\x00not utf-8")
    assert new(toy, "alpha", "--judge", "POJ") == 2
    assert capsys.readouterr().err == "cpkit: error: templates/bench.py: not UTF-8 text\n"
    assert not (toy / "solutions" / "alpha.py").exists()


def test_the_bench_goal_is_half_the_problem_s_time_limit():
    made = scaffold.files("two", False, known=scaffold.Known("Two", "2", 2.0, 256))
    namespace: dict = {}
    exec(made["bench/two.py"], namespace)
    assert namespace["GOAL_SECONDS"] == 1.0


def test_an_interactive_problem_gets_a_bench_stub_of_secret_inputs_not_yet_written():
    """``new --interactive`` wrote no bench module: bench, which now plays its cases through
    the interactor, had none to time."""
    made = scaffold.files("guess", True, known=scaffold.Known("Guess", "2", 2.0, 256))
    assert made["bench/guess.py"] == DEFAULTS["interactive_bench.py"].replace(
        "{{title}}", "Guess"
    ).replace("{{command}}", "cpkit").replace("{{slug}}", "guess").replace("{{time_limit}}", "2")
    namespace: dict = {}
    exec(made["bench/guess.py"], namespace)
    assert namespace["GOAL_SECONDS"] == 1.0 and "secret input" in namespace["cases"].__doc__
    with pytest.raises(NotImplementedError, match="bench/guess.py: write cases()"):
        namespace["cases"]()


def test_the_interactor_template_is_a_judge_error_not_the_solution_s_wrong_answer(tmp_path):
    """Unwritten, it exits 3 (the kit's judge error) saying what to write: the exit 1 it gave
    was a wrong answer blamed on a solution that had not been run."""
    made = scaffold.files("guess", True)
    interactor = tmp_path / "guess.py"
    interactor.write_text(made["interactors/guess.py"])
    (tmp_path / "sample-1.in").write_text("100 37\n")
    done = subprocess.run(
        [sys.executable, str(interactor), str(tmp_path / "sample-1.in")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 3
    assert done.stderr == "interactors/guess.py: write main() (2 words of input)\n"


@pytest.mark.parametrize(
    ("body", "stub"),
    [
        ('    raise NotImplementedError("write it")', True),
        ("    raise NotImplementedError", True),
        ('    """Doc."""\n    raise NotImplementedError()', True),
        ("    raise ValueError('no')", False),
        ("    x = 1\n    raise NotImplementedError", False),
        ("    return None", False),
        (None, False),  # a lambda
    ],
)
def test_what_counts_as_a_stub(tmp_path, body, stub):
    path = tmp_path / "snippet.py"
    path.write_text("f = lambda text: None\n" if body is None else f"def f(text):\n{body}\n")
    namespace = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)  # noqa: S102
    assert scaffold.is_stub(namespace["f"]) is stub


def test_a_title_with_control_characters_makes_python_and_toml_that_read():
    """From a page a title may hold a NUL or a DEL: the files were no Python, the table no
    TOML (a DEL is unescaped in a JSON string)."""
    known = scaffold.Known("A\x00B\x7fC")
    for text in scaffold.files("odd", False, known=known).values():
        compile(text, "made", "exec")
    table = tomllib.loads(scaffold.table("odd", False, "AtCoder", known))
    assert table["odd"]["title"] == "A\x00B\x7fC"


@pytest.mark.parametrize(
    ("judge", "shown"), [("X\x1bY", "X\\x1bY"), ("a\udcffb", "a\\udcffb")]
)  # a control character; a byte not UTF-8 (a traceback writing problems.toml)
def test_a_judge_with_a_control_character_or_no_utf_8_is_refused(toy, capsys, judge, shown):
    before = (toy / "problems.toml").read_bytes()
    assert cli.main(["new", "odd", "--judge", judge, "--root", str(toy)]) == 2
    assert f"--judge '{shown}': one line of UTF-8 text without quotes, backslashes or" in (
        capsys.readouterr().err
    )
    assert (toy / "problems.toml").read_bytes() == before


def test_listen_without_a_judge_is_not_told_of_new_s_from(toy, capsys):
    assert cli.main(["listen", "--judge", "", "--once", "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert "listen: name the judge with --judge NAME" in err and "--from" not in err


def test_a_templates_folder_of_the_repository_s_own_is_noted_and_left_alone(toy, capsys):
    """A repository's snippets (``templates/segtree.py``) stopped ``new``: "not a template
    name (did you mean stress.py?)"; a near miss (``solutoin.py``) still does."""
    (toy / "templates").mkdir()
    (toy / "templates" / "segtree.py").write_text("class SegTree:\n    pass\n")
    assert scaffold.workspace_templates(toy) == {}
    assert scaffold.unused_templates(toy).startswith("note: templates/ holds none of the kit's")
    (toy / "templates" / "solutoin.py").write_text("x = 1\n")
    assert scaffold.unused_templates(toy) is None
    with pytest.raises(BuildError, match="not a template name"):
        scaffold.workspace_templates(toy)


def test_a_known_page_s_address_goes_after_the_id_and_none_is_written_without_one():
    known = scaffold.Known(
        "Sum", "abc300_a", url="https://atcoder.jp/contests/abc300/tasks/abc300_a"
    )
    text = scaffold.table("sum", False, "AtCoder", known)
    assert (
        'id = "abc300_a"\nurl = "https://atcoder.jp/contests/abc300/tasks/abc300_a"\nkind' in text
    )
    assert tomllib.loads(text)["sum"]["url"] == known.url
    assert "url" not in scaffold.table("sum", False, "AtCoder", scaffold.Known("Sum"))


def test_a_problem_accepting_any_answer_gets_a_checker_line_to_set_after_its_limits():
    plain = scaffold.table("sum", False, "Codeforces", scaffold.Known("Sum"))
    text = scaffold.table("sum", False, "Codeforces", scaffold.Known("Sum", any_answer=True))
    assert scaffold.ANY_ANSWER_COMMENT not in plain
    assert text.startswith(plain.rstrip("\n") + "\n" + scaffold.ANY_ANSWER_COMMENT)
    assert scaffold.ANY_ANSWER_COMMENT.startswith('# compare = "checker:PATH"')
    assert tomllib.loads(text) == tomllib.loads(plain)  # commented out: tokens until it is set


@pytest.mark.parametrize(
    ("slug", "judge", "ident"),
    [
        ("abc300_a", "AtCoder", "abc300_a"),
        ("abc300_a", "atcoder", "abc300_a"),  # the judge's name in any case
        ("two_sum", "AtCoder", "?"),
        ("abc300_a", "Codeforces", "?"),  # AtCoder's form, another judge's problem
        ("abc300_a", "POJ", "?"),
        ("arc058_e", "AtCoder", "arc058_c"),  # the task the slug names: ARC 058's E
        ("abc300_1", "AtCoder", "?"),
        ("cf1900a", "Codeforces", "1900A"),  # the contest and index of codeforces.com/contest/
        ("codeforces_1910b2", "codeforces", "1910B2"),  # the slug new suggests for 1910B2
        ("cf1900a", "AtCoder", "?"),
    ],
)
def test_a_slug_that_is_the_judge_s_task_id_fills_the_table_s_id(slug, judge, ident):
    """``new abc300_a --judge AtCoder`` wrote ``id = "?"``, though the slug is AtCoder's task
    id, which the bundle's title and the problem's page name."""
    assert scaffold.usual(slug, judge).id == ident
    assert f'\nid = "{ident}"\n' in scaffold.table(slug, False, judge)

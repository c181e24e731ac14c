"""The files ``cpkit new SLUG`` writes: a problems.toml table and templates.

The table holds what ``new`` knows (``Known``), or only the package's path for a problem a
package describes (``package_table``): a title, the id, the problem page's address where it is
known (``url``), and the time and memory limits, each with a comment saying where it came
from: a problem page, the judge's usual limits (``usual``, from its profile), else
placeholders to set from the statement; a statement that accepts any valid answer gets a
``compare = "checker:PATH"`` commented out (``ANY_ANSWER_COMMENT``), no checker guessed.

The templates, by name (``TEMPLATES``: which file each one becomes): ``solution.py``,
``stress.py``, ``bench.py`` and ``test.py`` for a batch problem; ``interactive.py`` (the
solution), ``interactor.py``, ``interactive_stress.py`` (its stress module: secret inputs,
and a reference stub for an interactor given the case's answer file), ``interactive_bench.py``
(its bench module: secret inputs, each played through the interactor) and ``test.py`` for an
interactive one. A workspace's
``templates/`` folder replaces any of them with a file of the same name (``workspace_templates``;
any other ``.py`` there is refused with the names). Placeholders, in the kit's templates and the
workspace's alike: ``{{slug}}``, ``{{title}}``, ``{{judge}}``, ``{{solution}}`` (the solution's
file from the workspace's root: ``solutions/SLUG.py``, or the user's own that ``new
--solution`` adopts), ``{{time_limit}}`` (seconds), ``{{memory_limit}}`` (MiB) and
``{{command}}`` (how the kit is started: ``cpkit``, or ``python build.py`` in a checkout with
its own script); any other ``{{name}}`` is refused, and other braces are left as they are. A
template must be Python once filled in. A solution adopted (``new --solution PATH``) is named by
the table (``solution = "PATH"``, with ``samples = "DIR"`` for a samples folder adopted) and
no solution template is filled in.

The kit's own templates are honest about being ones: the solution and the stress module raise
``NotImplementedError`` until written, the test module is skipped with its reason, the bench
stub says it has no cases. ``files(slug, interactive, command, known, templates)`` gives
{relative path: text}; ``is_stub(function)`` tells a function still the template's (the stress
module's and the bench's are passed over until written).
"""

from __future__ import annotations

import ast
import difflib
import inspect
import json
import re
import textwrap
import unicodedata
import warnings
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError
from kit.judges.profiles import PROFILES, STRICTEST, profile_for
from kit.pages import atcoder, codeforces

TABLE = """
[{slug}]
title = {title}
judge = {judge}  # {judge_note}
id = {id}
{url}kind = "{kind}"
time_limit = {time_limit!r}  # seconds ({time_note})
memory_limit = {memory_limit}  # MiB ({memory_note})
{compare}{interactor}{adopted}"""
PLACEHOLDER = "a placeholder: set the statement's"
ANY_ANSWER_COMMENT = (
    '# compare = "checker:PATH"  # any valid answer is accepted: a checker of yours judges it\n'
)


@dataclass(frozen=True)
class Known:
    """What ``new`` knows of a problem beyond its slug, and where each limit came from."""

    title: str
    id: str = "?"
    time_limit: float = 1.0  # seconds
    memory_limit: int = 256  # MiB
    time_note: str = PLACEHOLDER
    memory_note: str = PLACEHOLDER
    url: str | None = None  # the problem's page, when known (kit.page_address)
    any_answer: bool = False  # the statement accepts any valid answer (a checker's problem)


SOLUTION = '''"""{{title}}: one line saying what the program prints.

Description: the problem in a few lines: input, output, constraints.
Method: how it works, and why it is right.
Time: the cost at the constraints' limits.
Status: new: no tests or figures yet (tests/test_{{slug}}.py, {{command}} stress {{slug}}).
"""

import sys


def solve(data: bytes) -> str:
    """The whole output for the whole input."""
    raise NotImplementedError("solutions/{{slug}}.py: write solve()")


def main() -> None:
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()
'''

INTERACTIVE_SOLUTION = '''"""{{title}}: one line saying how the program plays.

Description: the protocol in a few lines: what is read, what is written, when it ends.
Method: how it decides, and why it is right.
Time: the cost of each exchange.
Status: new: no tests or figures yet (tests/test_{{slug}}.py, {{command}} {{slug}}).
"""

import sys


def main() -> None:
    first = sys.stdin.readline()  # read what the interactor says, answer, flush each line
    raise NotImplementedError(f"solutions/{{slug}}.py: write main() (read {first!r})")


if __name__ == "__main__":
    main()
'''

INTERACTOR = '''"""Interactor of {{title}}, run as ``interactors/{{slug}}.py INPUT``.

INPUT is a secret input (samples/{{slug}}/sample-N.in). Talk to the solution on stdout/stdin,
flushing each line; exit 0 to accept, or print the reason on stderr and exit 1 (a wrong
answer); exit 3 for a failure of the interactor's own (a judge error).
"""

import sys


def main() -> int:
    with open(sys.argv[1]) as file:
        secret = file.read().split()
    print(f"interactors/{{slug}}.py: write main() ({len(secret)} words of input)", file=sys.stderr)
    return 3  # not written yet: a judge error, not the solution's wrong answer


if __name__ == "__main__":
    sys.exit(main())
'''

STRESS = '''"""Stress module of {{title}}: generators, validator, brute-force reference.

Description: random inputs in the judge's format, a check of the statement's constraints,
    and the expected output by a deliberately simple second implementation.
Usage: text = generate(random.Random(7), cases=3); validate(text); reference(text);
    split_cases / join_cases for shrinking ({{command}} stress {{slug}}).
Method: brute force, written independently of {{solution}} (parse the input here).
Time: a default file takes a few ms.
Status: new: not written yet.
"""

import random

PARAMS = {"cases": 3, "n": 10}  # size parameters of generate(), with their defaults
MIN_PARAMS = {"cases": 1, "n": 1}


def generate(rng: random.Random, **params: int) -> str:
    """A random input file, deterministic for the rng's seed."""
    raise NotImplementedError("stress/{{slug}}.py: write generate()")


def validate(text: str) -> None:
    """Raise ValueError when ``text`` breaks the statement's input constraints."""
    raise NotImplementedError("stress/{{slug}}.py: write validate()")


def reference(text: str) -> str:
    """The expected output, by brute force."""
    raise NotImplementedError("stress/{{slug}}.py: write reference()")


def split_cases(text: str) -> list:
    """The test cases of a file, each as text without the file's framing."""
    raise NotImplementedError("stress/{{slug}}.py: write split_cases()")


def join_cases(cases: list) -> str:
    """A whole file of those cases (count line or terminator added)."""
    raise NotImplementedError("stress/{{slug}}.py: write join_cases()")
'''

INTERACTIVE_STRESS = '''"""Stress module of {{title}}: random secret inputs for its interactor.

Description: random secret inputs in the format interactors/{{slug}}.py reads, and a check of
    the statement's constraints; the interactor judges each game. reference() is for an
    interactor given the case's answer file (kattis:, testlib:): left as it is, that file is
    empty.
Usage: text = generate(random.Random(7), games=3); validate(text); reference(text);
    split_cases / join_cases for shrinking ({{command}} stress {{slug}}).
Method: the secret inputs drawn at random, small sizes first.
Time: a default file takes a few ms.
Status: new: not written yet.
"""

import random

PARAMS = {"games": 3, "n": 10}  # size parameters of generate(), with their defaults
MIN_PARAMS = {"games": 1, "n": 1}


def generate(rng: random.Random, **params: int) -> str:
    """A random secret input, deterministic for the rng's seed."""
    raise NotImplementedError("stress/{{slug}}.py: write generate()")


def validate(text: str) -> None:
    """Raise ValueError when ``text`` breaks the statement's constraints."""
    raise NotImplementedError("stress/{{slug}}.py: write validate()")


def reference(text: str) -> str:
    """The case's answer file a kattis: or testlib: interactor reads (its ANSWER), made from
    the secret input; not needed by an interactor that takes none."""
    raise NotImplementedError("stress/{{slug}}.py: write reference()")


def split_cases(text: str) -> list:
    """The games of a file, each as text without the file's framing."""
    raise NotImplementedError("stress/{{slug}}.py: write split_cases()")


def join_cases(cases: list) -> str:
    """A whole file of those games (count line or terminator added)."""
    raise NotImplementedError("stress/{{slug}}.py: write join_cases()")
'''

BENCH = '''"""Worst-case inputs for {{title}}, for {{command}} bench {{slug}}."""

GOAL_SECONDS = {{time_limit}} / 2  # half the time limit


def cases():
    """[(name, input text), ...] at the constraints' limits, deterministic."""
    raise NotImplementedError("bench/{{slug}}.py: write cases()")
'''

INTERACTIVE_BENCH = '''"""Worst-case secret inputs for {{title}}, for {{command}} bench
{{slug}}: each is played through the interactor, the solution's CPU time timed (what a judge
holds a game to)."""

GOAL_SECONDS = {{time_limit}} / 2  # half the time limit


def cases():
    """[(name, secret input text), ...]: what the interactor reads (its argv[1]), at the
    constraints' limits, deterministic."""
    raise NotImplementedError("bench/{{slug}}.py: write cases()")
'''

TEST = '''"""Tests for {{solution}}: samples, the rules that need a reading, edge cases."""

import pytest

pytest.skip("tests/test_{{slug}}.py: no tests written yet", allow_module_level=True)
'''


# template name -> the file it becomes, for a batch and for an interactive problem
TEMPLATES = {
    "solution.py": ("solutions/{slug}.py", False),
    "stress.py": ("stress/{slug}.py", False),
    "bench.py": ("bench/{slug}.py", False),
    "interactive.py": ("solutions/{slug}.py", True),
    "interactor.py": ("interactors/{slug}.py", True),
    "interactive_stress.py": ("stress/{slug}.py", True),
    "interactive_bench.py": ("bench/{slug}.py", True),
    "test.py": ("tests/test_{slug}.py", None),  # both kinds
}
DEFAULTS = {
    "solution.py": SOLUTION,
    "stress.py": STRESS,
    "bench.py": BENCH,
    "interactive.py": INTERACTIVE_SOLUTION,
    "interactor.py": INTERACTOR,
    "interactive_stress.py": INTERACTIVE_STRESS,
    "interactive_bench.py": INTERACTIVE_BENCH,
    "test.py": TEST,
}
ORDER = (
    "test.py",
    "solution.py",
    "interactive.py",
    "interactor.py",
    "stress.py",
    "interactive_stress.py",
    "bench.py",
    "interactive_bench.py",
)
FOLDER = "templates"  # a workspace's own templates
PLACEHOLDER_PATTERN = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def usual(slug: str, judge: str) -> Known:
    """What the slug and the judge's profile say: its usual limits, where it has them, and
    the problem's id where the slug is one by the judge's form (``judge_id``)."""
    profile = profile_for(judge)
    ident = judge_id(slug, judge) or "?"
    if profile is None or profile.limits is None:
        return Known(title_of(slug), ident)
    owner = profile.name + ("'" if profile.name.endswith("s") else "'s")  # Codeforces'
    note = f"{owner} usual limit; the statement's own wins"
    limits = profile.limits
    return Known(title_of(slug), ident, limits.time, limits.memory, note, note)


def judge_id(slug: str, judge: str) -> str | None:
    """The judge's id of the problem that ``slug`` names by its form: an AtCoder task id
    (``abc300_a``; ``arc058_e``'s is ``arc058_c``: kit.pages.atcoder.task_id), whose address
    the id is part of, or a Codeforces problem's (``cf1900a``: ``1900A``,
    kit.pages.codeforces.task_id); else None."""
    profile = profile_for(judge)
    if profile is not None and profile.name == codeforces.NAME:
        return codeforces.task_id(slug)
    if profile is None or profile.name != atcoder.NAME:
        return None
    return atcoder.task_id(slug)


def id_note(slug: str, judge: str) -> str | None:
    """Why ``slug``, of an AtCoder task's form, names no id that can be known
    (kit.pages.atcoder.id_note: ``abc300_1``, ``arc058_c``); else None."""
    profile = profile_for(judge)
    if profile is None or profile.name != atcoder.NAME:
        return None
    return atcoder.id_note(slug)


def table(
    slug: str,
    interactive: bool,
    judge: str,
    known: Known | None = None,
    *,
    solution: str | None = None,
    samples: str | None = None,
) -> str:
    """The problem's table; ``solution`` and ``samples``: the user's own file and folder it
    names, adopted where they are (None: ``solutions/SLUG.py`` and ``samples/SLUG/``)."""
    known = known or usual(slug, judge)
    interactor = f'interactor = "interactors/{slug}.py"\n' if interactive else ""
    adopted = "".join(
        f"{key} = {_toml(path)}  # {what}, adopted where it is\n"
        for key, path, what in (
            ("solution", solution, "the solution"),
            ("samples", samples, "the samples' folder"),
        )
        if path is not None
    )
    return TABLE.format(
        slug=slug,
        title=_toml(known.title),
        judge=_toml(judge),
        judge_note=judge_note(judge),
        id=_toml(known.id),
        url="" if known.url is None else f"url = {_toml(known.url)}\n",
        kind="interactive" if interactive else "batch",
        time_limit=float(known.time_limit),
        time_note=known.time_note,
        memory_limit=int(known.memory_limit),
        memory_note=known.memory_note,
        compare=ANY_ANSWER_COMMENT if known.any_answer else "",
        interactor=interactor,
        adopted=adopted,
    )


def package_table(slug: str, package: str, time_limit: float | None = None) -> str:
    """The table of a problem that a package describes: the package's path, and the time
    limit when one is given (a package may fix none)."""
    limit = "" if time_limit is None else f"time_limit = {time_limit:g}\n"
    return (
        f"\n[{slug}]\npackage = {_toml(package)}  # title, judge, kind, limits, cases and "
        f"checker: the package's (a key set here wins)\n{limit}"
    )


def judge_note(judge: str) -> str:
    """What the judge's name sets, as the comment beside it."""
    profile = profile_for(judge)
    if profile is None:
        return (
            f"no profile: the strictest targets ({', '.join(STRICTEST)}); profiles: "
            f"{', '.join(PROFILES)}"
        )
    size = f", source limit {profile.source_limit} bytes" if profile.source_limit else ""
    return f"{profile.name}: targets {', '.join(profile.targets)}{size}"


def paths(slug: str, interactive: bool, *, adopted: bool = False) -> list[str]:
    """The files ``new`` creates (the samples folder aside), relative to the workspace; with a
    solution ``adopted`` (the user's own file), all but the solution."""
    return [TEMPLATES[name][0].format(slug=slug) for name in _names(interactive, adopted)]


TYPO = 0.8  # a file name this close to a template's is taken for it misspelt (solutoin.py)


def workspace_templates(root: Path) -> dict[str, str]:
    """The workspace's own templates (``templates/NAME.py``), by name: {} without the folder,
    or when it holds neither a template nor a name close to one (a repository's own snippets:
    ``unused_templates`` says so). A ``.py`` file there that names no template, or that is not
    UTF-8, is a BuildError."""
    folder = root / FOLDER
    if not folder.is_dir() or unused_templates(root):
        return {}
    found = {}
    for path in sorted(folder.glob("*.py")):
        if path.name not in DEFAULTS:
            close = difflib.get_close_matches(path.name, DEFAULTS, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise BuildError(
                f"{FOLDER}/{path.name}: not a template name ({hint}templates: {', '.join(ORDER)})"
            )
        try:
            found[path.name] = path.read_text(encoding="utf-8-sig")  # a BOM, as Python reads
        except UnicodeDecodeError:
            raise BuildError(f"{FOLDER}/{path.name}: not UTF-8 text") from None
        except OSError as error:
            raise BuildError(f"{FOLDER}/{path.name}: cannot read it ({error.strerror})") from None
    return found


def unused_templates(root: Path) -> str | None:
    """A note when the workspace's ``templates/`` holds ``.py`` files none of which is a
    template or a name close to one: a folder of the repository's own, not the kit's."""
    names = [path.name for path in sorted((root / FOLDER).glob("*.py"))]
    if not names or any(
        difflib.get_close_matches(name, DEFAULTS, n=1, cutoff=TYPO) for name in names
    ):
        return None
    return (
        f"note: {FOLDER}/ holds none of the kit's templates ({', '.join(ORDER)}), so the kit's "
        "own are used"
    )


def files(
    slug: str,
    interactive: bool,
    command: str = "cpkit",
    *,
    known: Known | None = None,
    templates: dict[str, str] | None = None,
    judge: str = "",
    solution: str | None = None,
) -> dict[str, str]:
    """Relative path -> text of every file ``new`` creates (the samples folder aside), from
    ``templates`` (the workspace's, by name) where given, else the kit's; ``solution``: the
    user's own file adopted (from the root), which no template replaces."""
    known = known or Known(title_of(slug))
    templates = templates or {}
    values = {
        "slug": slug,
        "title": _in_docstring(known.title),
        "judge": judge,
        "solution": _in_docstring(solution or TEMPLATES["solution.py"][0].format(slug=slug)),
        "time_limit": f"{known.time_limit:g}",
        "memory_limit": str(known.memory_limit),
        "command": command,
    }
    made = {}
    for name in _names(interactive, solution is not None):
        mine = name in templates
        where = f"{FOLDER}/{name}" if mine else f"the kit's template {name}"
        text = render(templates[name] if mine else DEFAULTS[name], values, where)
        if mine:
            _check_python(text, where)
            _check_title(templates[name], values, text, where)
        made[TEMPLATES[name][0].format(slug=slug)] = text
    return made


def render(template: str, values: dict[str, str], where: str) -> str:
    """``template`` with its ``{{name}}`` placeholders filled in; an unknown one is refused."""

    def value(match: re.Match) -> str:
        if match[1] not in values:
            known = ", ".join(f"{{{{{name}}}}}" for name in values)
            raise BuildError(f"{where}: unknown placeholder {match[0]} (known: {known})")
        return values[match[1]]

    return PLACEHOLDER_PATTERN.sub(value, template)


def _names(interactive: bool, adopted: bool = False) -> list[str]:
    """The templates ``new`` fills in; with a solution adopted, none of a solution's."""
    solutions = ("solution.py", "interactive.py") if adopted else ()
    return [
        name
        for name in ORDER
        if TEMPLATES[name][1] in (None, interactive) and name not in solutions
    ]


def _check_python(text: str, where: str) -> None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an invalid escape is the user's business
            compile(text, where, "exec", dont_inherit=True)
    except SyntaxError as error:  # a NUL byte's has no line
        line = f"line {error.lineno}: " if error.lineno is not None else ""
        raise BuildError(f"{where}: not Python once filled in ({line}{error.msg})") from None
    except ValueError as error:  # a NUL byte before 3.11.4 (Debian's 3.11.2): no SyntaxError
        raise BuildError(f"{where}: not Python once filled in ({error})") from None


def _check_title(template: str, values: dict[str, str], text: str, where: str) -> None:
    """Refuse a title that makes code of a workspace's template (``'{{title}}'`` filled with
    ``x' + __import__('os').system('...') + '``, a page's title run by the next build): the
    filled text must be the same code as with a plain title, but for its strings."""
    plain = render(template, {**values, "title": "Title"}, where)
    if _code_shape(plain) != _code_shape(text):
        raise BuildError(
            f"{where}: the title {values['title']!r} changes the code where {{{{title}}}} stands "
            "(a quote or brace of it closes a string): put {{title}} in a comment"
        )


def _code_shape(text: str) -> str:
    """The syntax tree of ``text`` with every string emptied."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)


def title_of(slug: str) -> str:
    """The title a problem made by hand gets from its slug."""
    return slug.replace("_", " ").title()


def _in_docstring(text: str) -> str:
    """``text`` safe inside the templates' triple-quoted docstrings (no control character:
    a NUL is no source's)."""
    text = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text)
    return text.replace("\\", "/").replace('''"""''', """'''""")


def _toml(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's; DEL, which JSON leaves
    as it is, TOML wants escaped)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def is_stub(function) -> bool:
    """Whether ``function`` is a template's stub: its body (docstring aside) is one ``raise
    NotImplementedError``. False for anything whose source cannot be read."""
    if not inspect.isfunction(function):
        return False
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    if not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
        return False  # a lambda, or a function made some other way
    body = tree.body[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Raise):
        return False
    raised = body[0].exc
    if isinstance(raised, ast.Call):
        raised = raised.func
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"

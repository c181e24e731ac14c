"""The files ``cpkit new SLUG`` writes: a problems.toml table and templates.

Every template is honest about being one: the solution and the stress module raise
``NotImplementedError`` until written, the test module is skipped with its reason, the bench
stub says it has no cases. ``files(slug, interactive, command)`` gives {relative path: text};
``command`` is how the user starts the kit (``cpkit``, ``python build.py``), for the commands the
templates mention.
"""

from __future__ import annotations

from kit.judges.profiles import PROFILES, STRICTEST, profile_for

TABLE = """
[{slug}]
title = "{title}"
judge = "{judge}"  # {judge_note}
id = "?"
kind = "{kind}"
time_limit = 1.0  # seconds
memory_limit = 256  # MiB
{interactor}"""

SOLUTION = '''"""{title}: one line saying what the program prints.

Description: the problem in a few lines: input, output, constraints.
Method: how it works, and why it is right.
Time: the cost at the constraints' limits.
Status: new: no tests or figures yet (tests/test_{slug}.py, {command} stress {slug}).
"""

import sys


def solve(data: bytes) -> str:
    """The whole output for the whole input."""
    raise NotImplementedError("solutions/{slug}.py: write solve()")


def main() -> None:
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()
'''

INTERACTIVE_SOLUTION = '''"""{title}: one line saying how the program plays.

Description: the protocol in a few lines: what is read, what is written, when it ends.
Method: how it decides, and why it is right.
Time: the cost of each exchange.
Status: new: no tests or figures yet (tests/test_{slug}.py, {command} {slug}).
"""

import sys


def main() -> None:
    first = sys.stdin.readline()  # read what the interactor says, answer, flush each line
    raise NotImplementedError(f"solutions/{slug}.py: write main() (read {{first!r}})")


if __name__ == "__main__":
    main()
'''

INTERACTOR = '''"""Interactor of {title}, run as ``interactors/{slug}.py INPUT``.

INPUT is a secret input (samples/{slug}/sample-N.in). Talk to the solution on stdout/stdin,
flushing each line; exit 0 to accept, or print the reason on stderr and exit 1.
"""

import sys


def main() -> int:
    with open(sys.argv[1]) as file:
        secret = file.read().split()
    print("write interactors/{slug}.py", secret[:0], file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
'''

STRESS = '''"""Stress module of {title}: generators, validator, brute-force reference.

Description: random inputs in the judge's format, a check of the statement's constraints,
    and the expected output by a deliberately simple second implementation.
Usage: text = generate(random.Random(7), cases=3); validate(text); reference(text);
    split_cases / join_cases for shrinking ({command} stress {slug}).
Method: brute force, written independently of solutions/{slug}.py (parse the input here).
Time: a default file takes a few ms.
Status: new: not written yet.
"""

import random

PARAMS = {{"cases": 3, "n": 10}}  # size parameters of generate(), with their defaults
MIN_PARAMS = {{"cases": 1, "n": 1}}


def generate(rng: random.Random, **params: int) -> str:
    """A random input file, deterministic for the rng's seed."""
    raise NotImplementedError("stress/{slug}.py: write generate()")


def validate(text: str) -> None:
    """Raise ValueError when ``text`` breaks the statement's input constraints."""
    raise NotImplementedError("stress/{slug}.py: write validate()")


def reference(text: str) -> str:
    """The expected output, by brute force."""
    raise NotImplementedError("stress/{slug}.py: write reference()")


def split_cases(text: str) -> list:
    """The test cases of a file, each as text without the file's framing."""
    raise NotImplementedError("stress/{slug}.py: write split_cases()")


def join_cases(cases: list) -> str:
    """A whole file of those cases (count line or terminator added)."""
    raise NotImplementedError("stress/{slug}.py: write join_cases()")
'''

BENCH = '''"""Worst-case inputs for {title}, for {command} bench {slug}."""

GOAL_SECONDS = 0.5  # half the time limit


def cases():
    """[(name, input text), ...] at the constraints' limits, deterministic."""
    raise NotImplementedError("bench/{slug}.py: write cases()")
'''

TEST = '''"""Tests for solutions/{slug}.py: samples, the rules that need a reading, edge cases."""

import pytest

pytest.skip("tests/test_{slug}.py: no tests written yet", allow_module_level=True)
'''


def table(slug: str, interactive: bool, judge: str) -> str:
    interactor = f'interactor = "interactors/{slug}.py"\n' if interactive else ""
    kind = "interactive" if interactive else "batch"
    values = {"slug": slug, "title": _title(slug), "kind": kind, "interactor": interactor}
    return TABLE.format(**values, judge=judge, judge_note=judge_note(judge))


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


def files(slug: str, interactive: bool, command: str = "cpkit") -> dict[str, str]:
    """Relative path -> text of every file ``new`` creates (the samples folder aside)."""
    values = {"slug": slug, "title": _title(slug), "command": command}
    made = {f"tests/test_{slug}.py": TEST.format(**values)}
    if interactive:
        made[f"solutions/{slug}.py"] = INTERACTIVE_SOLUTION.format(**values)
        made[f"interactors/{slug}.py"] = INTERACTOR.format(**values)
    else:
        made[f"solutions/{slug}.py"] = SOLUTION.format(**values)
        made[f"stress/{slug}.py"] = STRESS.format(**values)
        made[f"bench/{slug}.py"] = BENCH.format(**values)
    return made


def _title(slug: str) -> str:
    return slug.replace("_", " ").title()

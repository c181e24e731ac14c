"""``cpkit new SLUG --judge NAME [--interactive]``: scaffold a new problem.

Appends a ``[SLUG]`` table to problems.toml (then loads the registry to validate it, and
restores the file if that fails) and writes, from kit.scaffold's templates: the solution, the
samples folder, and for a batch problem the stress module (generator, validator, reference)
and a bench stub, for an interactive one an interactor; and a test module skipped until
written. A slug that exists in problems.toml, or any of whose files exists, is refused without
touching anything. The judge must be named (a profile's name sets the targets, any other name
gets the strictest, said in a comment beside it); a name close to a profile's is refused with
a suggestion. The table's limits are the judge's usual ones where its profile has them
(AtCoder 2 s and 1024 MiB, Codeforces 2 s and 256 MiB), else placeholders. Then ``cpkit SLUG``
says what is still missing.
"""

from __future__ import annotations

import argparse
import re

from kit import scaffold
from kit.commands import add_root, command
from kit.errors import BuildError
from kit.judges.profiles import PROFILES, suggestion_for
from kit.registry import load_registry

HELP = "scaffold a new problem: registry entry, solution, samples, stress, bench, tests"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("new", help=HELP, description=__doc__.split("\n\n")[0])
    parser.add_argument("slug", metavar="SLUG", help="lower-case letters, digits and '_'")
    parser.add_argument(
        "--interactive", action="store_true", help="an interactive problem with an interactor"
    )
    parser.add_argument(
        "--judge",
        metavar="NAME",
        help=f"where the problem is judged: {', '.join(PROFILES)} set the targets; any other "
        "name gets the strictest",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    slug = args.slug
    if not re.fullmatch(r"[a-z][a-z0-9_]*", slug):
        raise BuildError(f"new: {slug!r}: a slug is lower-case letters, digits and '_'")
    if not args.judge or not args.judge.strip():
        raise BuildError(
            f"new: name the judge with --judge NAME ({', '.join(PROFILES)} set the targets; "
            "any other name, e.g. POJ, gets the strictest)"
        )
    if any(char in args.judge for char in '"\\\n'):
        raise BuildError(f"new: --judge {args.judge!r}: one line without quotes or backslashes")
    meant = suggestion_for(args.judge)
    if meant is not None:
        raise BuildError(f"new: unknown judge {args.judge!r} (did you mean {meant!r}?)")
    registry = load_registry(root)
    if slug in registry:
        raise BuildError(f"new: {slug} exists in problems.toml; nothing was changed")
    made = scaffold.files(slug, args.interactive, command())
    samples = root / "samples" / slug
    existing = [path for path in made if (root / path).exists()]
    if samples.exists():
        existing.append(f"samples/{slug}/")
    if existing:
        raise BuildError(f"new: {slug}: {', '.join(existing)} exists already; nothing was changed")
    registry_path = root / "problems.toml"
    before = registry_path.read_text(encoding="utf-8")
    for path, content in made.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(content, encoding="utf-8")
    samples.mkdir(parents=True)
    text = before if before.endswith("\n") else before + "\n"
    known = scaffold.usual(slug, args.judge.strip())
    table = scaffold.table(slug, args.interactive, args.judge.strip(), known)
    registry_path.write_text(text + table, encoding="utf-8")
    try:
        load_registry(root)  # the new table must pass the registry's validation
    except BuildError:
        registry_path.write_text(before, encoding="utf-8")
        for path in made:
            (root / path).unlink()
        samples.rmdir()
        raise
    print(f"new problem {slug}:")
    if known.time_note == scaffold.PLACEHOLDER:
        print(f"  problems.toml       [{slug}] (judge {args.judge.strip()}; set id and limits)")
    else:
        limits = f"{known.time_limit:g} s, {known.memory_limit} MiB"
        print(
            f"  problems.toml       [{slug}] (judge {args.judge.strip()}; limits {limits}, the "
            "judge's usual ones; set id)"
        )
    for path in made:
        print(f"  {path}")
    wanted = "sample-1.in (the interactor's input)" if args.interactive else "sample-1.in/.out"
    print(f"  samples/{slug}/  (add {wanted})")
    print(f"next: {command()} {slug}")
    return 0

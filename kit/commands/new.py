"""``cpkit new [SLUG] (--judge NAME | --from PAGE | --package PATH) [--interactive] [--solution
PATH] [--samples DIR]``: scaffold a new problem.

Appends a ``[SLUG]`` table to problems.toml (then loads the registry to validate it, and
restores the file if that fails) and writes, from kit.scaffold's templates: the solution, the
samples folder, the stress module (generator, validator, reference; an interactive
problem's: secret inputs, a reference stub for an interactor given the case's answer) and a
bench stub (of secret inputs for an interactive problem), for an interactive one an
interactor; and a test module skipped until written.
A slug that exists in problems.toml, or any of whose files exists, is refused without touching
anything. The judge must be named (a profile's name sets the targets, a name unlike
every profile's gets the strictest, said in a comment beside it); a name close to a
profile's is refused with a suggestion and the rule (``misspelt_judge``). The table's limits
are the judge's usual ones where its profile has them (AtCoder 2 s and 1024 MiB,
Codeforces 2 s and 256 MiB), else placeholders.

A workspace's ``templates/`` (``solution.py``, ``stress.py``, ``bench.py``, ``test.py``,
``interactive.py``, ``interactor.py``, ``interactive_stress.py``, ``interactive_bench.py``,
with ``{{slug}}``, ``{{title}}``, ``{{judge}}``, ``{{solution}}``, ``{{time_limit}}``,
``{{memory_limit}}`` and ``{{command}}`` filled in; kit.scaffold) replaces the kit's
templates of the same names.

``--from PAGE`` reads the problem's page (a saved HTML file, or a URL; kit.pages) of POJ,
Codeforces, AtCoder or Kattis, or Competitive Companion's JSON data (cph's ``.prob`` files),
before anything is written: its title, time and memory limits and id go into the table, with
its address (``url``) when the kit knows it (the address fetched, the one a saved page says it
came from, the data's own http(s) ``url``), its sample pairs into ``samples/SLUG/sample-N.in``
and ``.out``, and its judge is the judge
unless ``--judge`` names it too (another judge is refused; data from a judge whose address the
kit does not know takes the one named). Data that says the problem is interactive makes it
so, as ``--interactive`` does. An
interactive problem's page samples are exchanges, not the interactor's inputs: they are left
out. A page that cannot be read is a one-line error naming what was missing; offline (an
address whose host is not reached: kit.pages.Unreachable), an address naming a problem of a
judge the kit knows gives what it says alone (kit.pages.address_page: the judge, id and
``url``; placeholder limits, not the judge's usual ones, each problem's being its own; no
samples), with a note saying so and how to have the rest, and exit status 1; ``--from``
again for that problem, while its title is still the address's, fills in what the page gives
(kit.commands.new_filling; its samples not all written: one line saying what was and was
not, exit status 1), or offline again is refused, nothing to fill. The files written
and adopted are listed from the current folder (``../tests/test_x.py`` in ``samples/``), as
the kit names the files it writes. Then ``cpkit SLUG`` says what is still missing. With
``--from``, SLUG may be left out: the page's id when it is a slug (AtCoder's task ids,
``abc300_a``), else its title made one (``kit.slugs.slug_from``: "Checker's Check" is
``checkers_check``); when that one is taken by a problem of another id
(two contests' "A. Hello") or is a command's name ("Run"), the page's id goes after it
(``hello_1902a``, ``run_1903b``), as ``listen`` does too.

``--solution PATH`` adopts a solution of one's own where it is (atcoder-cli's ``abc300/a/main.py``,
online-judge-tools' or cph's files): the table names it (``solution = "PATH"``, from the
workspace's root) and no ``solutions/SLUG.py`` is written; the stress module, bench stub and
test module are written as for any problem, naming that file. ``--samples DIR`` adopts a
folder of samples the same way (``samples = "DIR"``; no ``samples/SLUG/``), with or without
``--solution``. Each must be there, inside the workspace and outside ``dist/``, PATH a ``.py``
file and DIR a folder, and neither another problem's already; anything else is a one-line
error, nothing written. The user's files are never written over: the page's samples go into
DIR by their names (``sample-N.in``/``.out``) only where neither ``sample-N.in``, ``.out`` nor
``.ans`` is there; a pair there already is kept as it is, and said (with whether the page's
differs). Without ``--from``, a PATH or DIR in an atcoder-cli task's folder (a
``contest.acc.json`` above it naming that folder's task: kit.pages.acc.task_of_folder) takes
the task's id, title, url and judge from that file, so SLUG and ``--judge`` may be left out;
without ``--samples``, the task's samples' folder there (kit.pages.acc.samples_folder) is
adopted as if ``--samples`` had named it.

cph's ``.prob`` data given to ``--from`` names its source file (``srcPath``, the whole path where
cph ran): a ``.py`` file of the workspace is adopted as ``--solution`` would adopt it, found at
that path or, for a ``.prob`` in cph's ``.cph/`` folder (``.cph/.NAME_HASH.prob`` beside the
source: a repository cloned elsewhere), as NAME beside that folder; one not found (or another
problem's solution already) gets a note, and the template's solution is written; a ``.cpp``'s
data is read as any other. ``--solution`` wins over ``srcPath``.

atcoder-cli's contest file given to ``--from`` (``abc300/contest.acc.json``) makes each of its
tasks a problem, adopting the files of the task's folder (kit.commands.new_contest).

``--package PATH`` (a Kattis or Polygon package, a folder or an archive; kit.packages) writes a
table holding only the package's path, which gives everything else, and the files, but no
samples folder and no interactor (the package's own are used). SLUG defaults to the package's
name made a slug; a ``--judge`` or ``--interactive`` that contradicts the package is refused,
and a package that fixes no time limit needs ``--time-limit S`` (written as ``time_limit``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from kit import scaffold
from kit.commands import add_root, command, nonempty, paragraph, seconds
from kit.commands.adopted_files import (
    NOTHING,
    Adopted,
    from_options,
    one_line,
    report_samples,
    samples_beside_note,
    with_cph_solution,
)
from kit.commands.new_contest import from_contest
from kit.commands.new_filling import fill, offline_made
from kit.commands.new_slugs import NoSlug, usable
from kit.commands.planned_problems import (
    Asked,
    Plan,
    exist,
    ignored_samples_note,
    planned,
    read_templates,
    write,
)
from kit.errors import BuildError
from kit.judges.profiles import NEAR_MISS, PROFILES, misspelt_judge
from kit.pages.companion import BOTH_SAID, said_of
from kit.pages.page import NOT_FETCHED
from kit.registry import load_registry
from kit.slugs import check_slug, is_slug, slug_from
from kit.workspace import MARKER, root_flag, shown_path

if TYPE_CHECKING:
    from kit.pages import Page, acc

HELP = "scaffold a new problem: registry entry, solution, samples, stress, bench, tests"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("new", help=HELP, description=paragraph(__doc__))
    parser.add_argument(
        "slug",
        metavar="SLUG",
        nargs="?",
        help="a lower-case letter, then lower-case letters, digits and '_', 64 at most "
        "(default with --from: the page's id or title; with --package: the package's name)",
    )
    parser.add_argument(
        "--interactive", action="store_true", help="an interactive problem with an interactor"
    )
    parser.add_argument(
        "--judge",
        metavar="NAME",
        help=f"where the problem is judged: {', '.join(PROFILES)} set the targets; {NEAR_MISS} "
        "(default with --from: the page's judge)",
    )
    parser.add_argument(
        "--package",
        type=nonempty,
        metavar="PATH",
        help="the problem's Kattis or Polygon package (a folder, zip or tar): problems.toml "
        "names it, and its title, judge, kind, limits, cases and checker are the problem's",
    )
    parser.add_argument(
        "--from",
        dest="page",
        type=nonempty,
        metavar="PAGE",
        help="the problem's page on POJ, Codeforces, AtCoder or Kattis (a saved HTML file, or "
        "a URL), or Competitive Companion's JSON (cph's .prob file): its title, time and "
        "memory limits and sample pairs; a .prob's .py source file (srcPath, or its name "
        "beside the .cph folder), adopted as --solution adopts one; or atcoder-cli's "
        "contest.acc.json: each of its tasks, adopting its folder's main.py and tests/",
    )
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="S",
        help="with --package: the time limit, for a package that fixes none "
        "(`verify PACKAGE` derives one from its submissions)",
    )
    _add_own_files(parser)
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def _add_own_files(parser: argparse.ArgumentParser) -> None:
    """``--solution PATH`` and ``--samples DIR``: files of one's own, adopted where they are
    (kit.commands.adopted_files)."""
    parser.add_argument(
        "--solution",
        type=nonempty,
        metavar="PATH",
        help="a .py file of your own inside the workspace, adopted where it is as the "
        "solution (problems.toml's solution key): no solutions/SLUG.py is written; the "
        "stress module, bench and tests are; in an atcoder-cli task's folder, the task's id, "
        "title, url and samples' folder come from its contest.acc.json (no --judge needed)",
    )
    parser.add_argument(
        "--samples",
        type=nonempty,
        metavar="DIR",
        help="a folder of samples of your own inside the workspace, adopted where it is "
        "(problems.toml's samples key); a page's samples are added where their names are "
        "free, never over a file there",
    )


def run(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    given = args.judge.strip() if args.judge else ""
    contest = _contest(args, given)
    if args.slug is not None:
        _not_a_second_page(args)  # a glob's second file, a contest file's too
    if contest is not None:
        return from_contest(args, root, contest)
    if args.slug is not None:
        check_slug(args.slug, f"new: {args.slug!r}", args.judge or "")
    if args.package is not None:
        return _from_package(args, root, given)
    if args.time_limit is not None:
        raise BuildError(
            "new: --time-limit goes with --package (a page or a template sets it; else edit "
            "the problem's time_limit in problems.toml once it is made)"
        )
    task, testdir = (None, None) if args.page else _acc_task(args, root, given)
    if args.judge is not None or not (args.page or task):
        check_judge(args.judge)
    if args.slug is None and not (args.page or task):
        raise BuildError("new: name the problem (SLUG), or give its page with --from PAGE")
    registry = load_registry(root)  # a broken problems.toml is said before the page is read
    adopted = from_options(args, root, registry, testdir)
    page = _page(args.page, given) if args.page else task
    if page is not None and page.source_file is not None and adopted.solution is None:
        adopted, page = with_cph_solution(page, args.page, root, registry, adopted)
    known = None
    if task is not None:  # the contest file gives no limits: the judge's usual
        usual = scaffold.usual(task.id, task.judge)
        known = replace(usual, title=task.title, id=task.id, url=task.url)
    unfetched = page is not None and page.time_shown == NOT_FETCHED
    own = task is not None or adopted != NOTHING  # files of one's own: a new problem's
    if args.page and not own and _filled(root, registry, page, args.slug, unfetched=unfetched):
        return 0
    if unfetched:  # the address alone: no limits known, each judge's are the problem's own
        known = scaffold.Known(page.title, page.id or "?", url=page.url)
    try:
        make(
            root, page, args.slug, given, interactive=args.interactive, adopted=adopted,
            known=known,
        )  # fmt: skip
    except NoSlug as error:  # the command that names one, the page as given
        judge = f" --judge {shlex.quote(given)}" if given else ""
        raise BuildError(
            f"{error}; name one: {command()} new SLUG --from {shlex.quote(args.page)}{judge}"
        ) from None
    return 1 if unfetched else 0  # something asked for was not done: the page's facts


def _filled(root: Path, registry, page: Page, slug: str | None, *, unfetched: bool) -> bool:
    """Whether the page's problem, scaffolded from its address alone and still so
    (kit.commands.new_filling), was filled in from the page; a page not fetched again is
    refused, with nothing to fill."""
    made = offline_made(root, registry, page)
    if made is None or (slug is not None and slug != made):
        return False
    if unfetched:
        reason = page.notes[0].partition(" was not fetched (")[2].partition("): its title")[0]
        raise BuildError(
            f"new: {made} exists in problems.toml ({page.judge} {page.id}), scaffolded from its "
            f"address, and {page.url} is still not reachable ({reason}): nothing to fill; "
            "nothing was changed (run new --from again when online, or with the page saved "
            "from a browser)"
        )
    print(fill(root, made, page))
    return True


def _not_a_second_page(args: argparse.Namespace) -> None:
    """A SLUG that is a file after ``--from``, a glob's second (``--from .cph/.*.prob``), is
    said to be one file too many rather than a slug that breaks the rule."""
    if args.page and not is_slug(args.slug) and Path(args.slug).is_file():
        raise BuildError(
            f"new: {args.slug!r} is a file, not a SLUG: --from reads one file; "
            "for each of several, run new once"
        )


def _acc_task(
    args: argparse.Namespace, root: Path, given: str
) -> tuple[Page | None, tuple[str, str] | None]:
    """The task of atcoder-cli's contest whose folder holds the ``--solution`` (else the
    ``--samples``) adopted (kit.pages.acc.task_of_folder): its page as the contest file gives
    it (AtCoder, the task's id, title and url), with a note naming the file; and, without
    ``--samples``, its samples' folder when that is there (kit.pages.acc.samples_folder) with
    what named it; (None, None) when there is no task. Its judge must be ``--judge``'s, when
    named."""
    named = args.solution or args.samples
    if not named:
        return None, None
    from kit.pages import acc  # only for a file adopted

    found = _read(lambda: acc.task_of_folder(Path(named), root), named, "")
    if found is None:
        return None, None
    source, task = found
    shown = os.path.relpath(source)
    note = f"the task's title, id and url from {shown}, atcoder-cli's contest file"
    page = _read(lambda: replace(task.page, notes=(note,)), shown, given)
    folder = None if args.samples else acc.samples_folder(source, task)
    if folder is None:
        return page, None
    origin = f"{shown}'s testdir" if task.testdir else f"atcoder-cli's usual {acc.DEFAULT_TESTDIR}/"
    return page, (str(folder), origin)


def _contest(args: argparse.Namespace, given: str) -> acc.Contest | None:
    """atcoder-cli's contest in the file ``--from`` names (kit.pages.acc); None without
    ``--from``, with ``--package`` (refused with it), or for a file that holds no contest."""
    if not args.page or args.package is not None:
        return None
    from kit.pages import acc  # only for --from

    return _read(lambda: acc.read_contest(args.page), args.page, given)


def make(
    root: Path,
    page: Page | None,
    slug: str | None,
    given: str,
    *,
    interactive: bool,
    adopted: Adopted = NOTHING,
    known: scaffold.Known | None = None,
) -> str:
    """Scaffold the problem ``slug`` (None: the page's) of ``page`` (None: ``--judge``'s
    usual) in the workspace ``root`` and say what was written; its slug. ``given``: the judge
    named; ``interactive``: asked for, else said by the page; ``adopted``: the user's own
    files it names in place of the ones written; ``known``: what its table holds (None: the
    page's, else the judge's usual)."""
    interactive = interactive or (page is not None and page.interactive)
    asked = Asked(page, slug, given, interactive, adopted, known)
    plan = planned(root, load_registry(root), asked)
    write(root, [plan.writes])
    _report(root, plan, page, interactive=interactive)
    if adopted.solution is not None and adopted.samples is None:
        samples_beside_note(root, plan.slug, adopted.solution)
    ignored_samples_note(root, [plan])
    print(f"next: {command()} {plan.slug}{root_flag(root)}")
    return plan.slug


def _from_package(args: argparse.Namespace, root: Path, given: str) -> int:
    """``new --package PATH``: the files, and a table naming the package, whose title, judge,
    kind, limits, cases and programs are the problem's (no samples folder, no interactor)."""
    if args.page:
        raise BuildError("new: give --package or --from, not both")
    if args.solution or args.samples:  # the package's own samples are its problem's
        raise BuildError("new: --solution and --samples go with --judge or --from, not --package")
    from kit.packages import read_package  # only for --package

    path = Path(args.package).resolve()
    package = _read(lambda: read_package(path, args.package), args.package, given)
    interactive = package.kind == "interactive"
    if args.interactive and not interactive:
        raise BuildError(f"new: --interactive, but {args.package} is a batch problem's package")
    slug = args.slug or slug_from(package.name, "")
    if slug is None:
        raise BuildError(
            f"new: no slug can be made of the package's name {package.name!r}; name one: "
            f"{command()} new SLUG --package {shlex.quote(args.package)}"
        )
    usable(slug, package.judge)
    if slug in load_registry(root):
        raise BuildError(f"new: {slug} exists in problems.toml; nothing was changed")
    limit = _package_limit(args, package)
    known = scaffold.Known(package.title, package.name, limit, package.memory_limit)
    templates = read_templates(root)
    made = scaffold.files(
        slug, interactive, command(), known=known, templates=templates, judge=package.judge
    )
    made = {name: text for name, text in made.items() if not name.startswith("interactors/")}
    existing = [name for name in made if os.path.lexists(root / name)]
    if existing:
        raise BuildError(f"new: {slug}: {exist(existing)} already; nothing was changed")
    shown = _package_shown(path, root)
    write(root, [(made, scaffold.package_table(slug, shown, args.time_limit), None, ())])
    print(f"new problem {slug}:")
    print(
        f"  {from_here(root, MARKER):<19} [{slug}] (package {shown}: {package.format}, "
        f"{package.kind}, {package.title!r}, judge {package.judge}, {limit:g} s, "
        f"{package.memory_limit} MiB)"
    )
    for name in made:
        print(f"  {from_here(root, name)}")
    print(f"  cases: the package's {len(package.cases)}, in its judge's order")
    print(f"next: {command()} {slug}{root_flag(root)}")
    return 0


def _package_limit(args: argparse.Namespace, package) -> float:
    """The time limit the new problem takes: ``--time-limit``, else the package's own."""
    limit = args.time_limit or package.time_limit
    if limit is None:
        raise BuildError(
            f"new: {args.package} fixes no time limit: give --time-limit S "
            f"(`{command()} verify {shlex.quote(args.package)}` derives one from its submissions)"
        )
    return limit


def _package_shown(path: Path, root: Path) -> str:
    """The package's path as problems.toml holds it: from the workspace's root."""
    return one_line(Path(os.path.relpath(path, root)).as_posix(), "package's path")


def check_judge(judge: str | None, command: str = "new") -> None:
    """``--judge``: named, on one line, and not a near miss of a profile's name (``command``
    begins the messages)."""
    if not judge or not judge.strip():
        page = ", or give its page with --from PAGE" if command == "new" else ""
        raise BuildError(
            f"{command}: name the judge with --judge NAME ({', '.join(PROFILES)} set the targets; "
            f"{NEAR_MISS}){page}"
        )
    # Cs: the surrogates an argument of bytes that are not UTF-8 is read with
    if any(char in '"\\' or unicodedata.category(char) in ("Cc", "Cs") for char in judge):
        raise BuildError(
            f"{command}: --judge {judge!r}: one line of UTF-8 text without quotes, backslashes "
            "or control characters"
        )
    misspelt = misspelt_judge(judge)
    if misspelt is not None:
        raise BuildError(f"{command}: {misspelt}")


def _page(source: str, judge: str) -> Page:
    """The page's problem, read before anything is written; its judge must be the one named.
    An address that cannot be reached (no network) gives what it says alone, with a note
    (``_unfetched``), when it names a judge and a problem of it."""
    return _read(lambda: _fetched(source, judge), source, judge)


def _fetched(source: str, judge: str) -> Page:
    from kit.pages import Unreachable, address_page, read_page  # only for --from

    try:
        return read_page(source, judge)
    except Unreachable as error:
        page = address_page(source)
        if page is None:  # not a problem's address of a judge the kit knows
            raise
        return replace(page, notes=(_unfetched(str(error), page),))


def _unfetched(error: str, page: Page) -> str:
    """The note on a problem scaffolded from its address alone: what is missing, and how to
    have it."""
    reason = error.partition("cannot fetch it (")[2].rpartition(")")[0] or "unreachable"
    return (
        f"{page.url} was not fetched ({reason}): its title, limits and samples are not known "
        "(the table's are placeholders, the samples folder empty): set them from the "
        "statement, or run new --from again when online, or with the page saved from a "
        "browser, which fills them in (exit status 1: not all was scaffolded)"
    )


def _read(reader, source: str, judge: str):
    """What ``reader()`` reads of ``source`` (a page or a package), its errors said as
    ``new``'s; its judge must be ``judge`` when one is named."""
    try:
        found = reader()
    except BuildError as error:
        raise BuildError(f"new: {error}") from None
    if judge and found is not None and judge.lower() != found.judge.lower():
        raise BuildError(
            f"new: --judge {judge}, but {source} is judged by {found.judge} (leave --judge out, "
            f"or name {found.judge}); nothing was changed"
        )
    return found


def from_here(root: Path, path: str) -> str:
    """A file or folder (``samples/x/``) given from the workspace's root, named from the
    current folder as the kit names the files it writes (``kit.workspace.shown_path``):
    ``../tests/test_x.py`` in ``samples/``."""
    return shown_path(root / path, root) + ("/" if path.endswith("/") else "")


def _report(root: Path, plan: Plan, page, *, interactive: bool) -> None:
    """What was written and adopted, each file named from the current folder."""
    slug, adopted = plan.slug, plan.adopted
    print(f"new problem {slug}:")
    _report_table(from_here(root, MARKER), slug, plan.judge, plan.known, page)
    if adopted.solution is not None:
        shown = from_here(root, adopted.solution)
        print(f"  {shown}  (the solution, adopted where it is: {adopted.origin})")
    mine = {scaffold.TEMPLATES[name][0].format(slug=slug): name for name in plan.templates}
    for path in plan.made:
        made = from_here(root, path)
        print(f"  {made}" + (f"  (from {scaffold.FOLDER}/{mine[path]})" if path in mine else ""))
    if adopted.samples is not None:
        report_samples(adopted, page, from_here(root, adopted.samples))
    else:
        folder = from_here(root, f"samples/{slug}/")
        _report_samples(folder, page, interactive=interactive)
    for note in page.notes if page is not None else ():
        print(f"note: {note}")


def _report_table(registry: str, slug, judge, known, page) -> None:
    """The table's line; ``registry``: problems.toml, named from the current folder."""
    where = f"{registry:<19} [{slug}] (judge {judge}"
    if page is not None:
        limits = f"{known.time_limit:g} s, {known.memory_limit} MiB from {page.origin}"
        if page.memory_shown.startswith("none given"):  # the judge's usual, not the file's
            limits = (
                f"{known.time_limit:g} s from {page.origin}, {known.memory_limit} MiB "
                f"({page.memory_shown})"
            )
        if page.time_shown.startswith("none given"):  # neither given: an acc contest's task
            limits = f"{known.time_limit:g} s, {known.memory_limit} MiB ({page.time_shown})"
        if said_of(page.time_shown) or said_of(page.memory_shown):  # not read from the page
            limits = _unread_limits(known, page)
        if page.time_shown == NOT_FETCHED:  # the address alone: placeholders
            limits = f"not known ({page.time_shown}): set the statement's"
        ident = f", id {known.id}" if known.id != "?" else "; set id"
        said = f"{known.title!r}, limits {limits}{ident}"
        print(f"  {where}: {said})")
    elif known.time_note == scaffold.PLACEHOLDER:
        ident = "set id and limits" if known.id == "?" else f"{_slug_id(slug, known)}; set limits"
        print(f"  {where}; {ident})")
    else:
        limits = f"{known.time_limit:g} s, {known.memory_limit} MiB"
        ident = "set id" if known.id == "?" else _slug_id(slug, known)
        print(f"  {where}; limits {limits}, the judge's usual ones; {ident})")
    note = scaffold.id_note(slug, judge) if page is None and known.id == "?" else None
    if note is not None:
        print(f"note: [{slug}]'s id is not told by its name: {note}")


def _slug_id(slug: str, known) -> str:
    """The id a slug gave, as the table's line says it: the slug, or the task it names."""
    return f"id {known.id}, the slug" if known.id == slug else f"id {known.id}, the slug's task"


def _unread_limits(known, page) -> str:
    """The limits, each Competitive Companion's parser did not read said to be its default or
    its fixed value for the site (kit.pages.companion), the others from the page's data."""
    time_said, memory_said = said_of(page.time_shown), said_of(page.memory_shown)
    time, memory = f"{known.time_limit:g} s", f"{known.memory_limit} MiB"
    if time_said is not None and time_said == memory_said:
        return f"{time}, {memory} from {page.origin} ({BOTH_SAID[time_said]})"
    if page.memory_shown.startswith("none given"):
        memory_said = page.memory_shown
    time += f" ({time_said})" if time_said else f" from {page.origin}"
    memory += f" ({memory_said})" if memory_said else f" from {page.origin}"
    return f"{time}, {memory}"


def _report_samples(folder: str, page, *, interactive: bool) -> None:
    """The samples' folder made (``folder``, named from the current folder) and its files."""
    if interactive:
        exchanges = page is not None and page.samples
        skipped = f" ({page.origin}'s samples are exchanges, left out)" if exchanges else ""
        print(f"  {folder}  (add sample-1.in, the interactor's input){skipped}")
    elif page is not None and page.samples:
        count = len(page.samples)
        names = "sample-1.in/.out" + (f" to sample-{count}.in/.out" if count > 1 else "")
        print(f"  {folder}  {names} (from {page.origin})")
    else:
        print(f"  {folder}  (add sample-1.in/.out)")

"""``python build.py run [SLUG] [FILE]``: run a problem's bundle once on one input, as the judge
would. Without SLUG, this folder's problem (the one problem whose solution's or samples' folder
this is: ``cpkit run tests/sample-1.in`` in atcoder-cli's ``abc300/a/``); a FILE given alone in a
problem's samples' folder is that problem's from any folder. A case of a problem's zipped or
tarred package is named as the build prints it, ``cpkit run pkg.zip/tests/01`` (SLUG left out:
the problem whose package it is); its unpacked copy is what runs. A name in the package that
is none of its cases (``pkg/tests/99``, ``pkg/tests/1``) is a one-line error naming the cases
it holds (``kit.problem_cases.missing_case``).

The bundle is made fresh (into a temporary folder, not ``dist/``) and run under the problem's first
target as the build runs it (its own interpreter when here, else a stand-in) with the judge's
isolation (``-I``) from an empty folder and the build's limits (``kit.run.limits``: killed at 3x the
time limit, over the memory limit or past the output limit). A batch problem reads FILE (or this
command's stdin) and its output goes to stdout unchanged; an interactive problem with an interactor
plays it, FILE being the interactor's secret input, and the last lines exchanged are shown. A batch
FILE with its answer beside it (``NAME.out`` or ``NAME.ans``, as samples are found: ``cpkit run SLUG
samples/SLUG/sample-1.in``; a laid-out folder's input, ``in/01.txt``, the answer the build pairs it
with, ``out/01.txt``: kit.case_folders) is judged against it by the problem's comparison too, unless
that file is where stdout goes (``run SLUG x.in > x.out`` makes an answer; ``| tee x.out`` too); an
answer given as FILE, its input beside it, is refused naming the input. An interactive FILE's answer
beside it is the interactor's ANSWER (a ``kattis:`` or ``testlib:`` one), as the build gives a
sample's; beside an interactor in the kit's own protocol, which reads none, it is refused, as the
build refuses it. The verdict (``kit.run.verdicts``' words), time (as the build counts it: CPU time
for a judge that counts CPU), peak memory and any traceback (mapped to the author's lines, with
hints) go to stderr. The build's static checks run beside it for the run's target: a bundle they
refuse is FAIL, as in the build. A batch run with no answer to judge by (none beside FILE, or stdin)
that ended cleanly within every limit is ``without answer``, as the build counts a lone sample
``NAME.in``, not ``ok``: whether the judge would accept its output is not known. The exit status is
0 when the run was accepted or is without answer (nothing failed), else 1.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import errno
import os
import shlex
import stat
import sys
import tempfile
import threading
from pathlib import Path

from kit.bundle_making import write_bundle
from kit.case_folders import (
    ANSWER_SUFFIXES,
    another_input_said,
    laid_out_answer,
    layouts_said,
    named_beside,
)
from kit.commands import (
    add_root,
    add_target,
    named_path,
    paragraph,
    refusals,
    refusals_everywhere,
    runnable,
    target_runner,
)
from kit.errors import BuildError
from kit.invocation import command
from kit.judges.profiles import CPU, judge_name
from kit.judges.targets import runner_for_runs
from kit.problem_cases import Case, answers_refused, case_file, missing_case, refused_answer
from kit.problem_selection import SLUG_HELP, input_problem, one_problem, package_owner
from kit.registry import Problem, load_registry
from kit.run import compile_step
from kit.run.case_judge import CaseJudge
from kit.run.failure_hints import named_for
from kit.run.limits import limits_for, machine_notes, time_over
from kit.run.problem_judges import interactor_command, problem_comparator
from kit.run.tracebacks import explain
from kit.run.verdicts import JE, MIB, OK, TLE, message, shown_word
from kit.workspace import MISSING, NOT_REGULAR, file_state, shown_path

HELP = "run a problem's bundle once on FILE (or stdin), as the judge would"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("run", help=HELP, description=paragraph(__doc__))
    parser.add_argument(
        "slug",
        nargs="?",
        metavar="SLUG",
        help=SLUG_HELP,
    )
    parser.add_argument(
        "file",
        nargs="?",
        type=named_path,
        metavar="FILE",
        help="input (default, or -: stdin), a package's case as the build prints it too "
        "(pkg.zip/tests/01); of an interactive problem, the interactor's secret input "
        "(required: FILE, or - for stdin)",
    )
    add_target(parser, "default: the first target with its own interpreter here")
    add_root(parser)
    parser.set_defaults(run=run, intermixed_one="file")
    return parser


def run(args: argparse.Namespace) -> int:
    registry = load_registry(args.root.resolve())
    _refuse_an_answer(args, registry)
    problem = _problem(args, registry)
    runner = target_runner(args) or runner_for_runs(problem.targets)
    playing = problem.kind == "interactive" and not problem.unplayed
    shown = None if args.file == Path("-") else args.file  # "-": stdin, as most commands read it
    given = None if shown is None else case_file(problem, shown)  # a case as the build names it
    stdin = _input(given, problem, playing and args.file is None, shown)
    with tempfile.TemporaryDirectory(prefix="kit-run-") as folder:
        bundle, script = write_bundle(problem, Path(folder))
        runner = runnable(problem, bundle, runner, named=args.target is not None)
        empty = Path(folder, "cwd")
        empty.mkdir()
        limits = limits_for(problem, runner)
        # a game's answer goes to its interactor (and to a Polygon checker of its log)
        answer = _answer_beside(given, shown, problem.root) if given is not None else None
        if answer is not None and answers_refused(problem):  # as the build refuses a sample's
            # named as the build names it, not as FILE was typed
            raise BuildError(refused_answer(problem, problem.rel(Path(os.path.abspath(answer)))))
        judge = CaseJudge(
            problem,
            bundle=bundle,
            script=script,
            comparator=None if answer is None else _comparator(problem),
            interactor=interactor_command(problem),
            empty=empty,
            prepared=_compile_step(problem, runner, bundle, script, Path(folder)),
        )
        case = Case("input", Path(folder, "input"), answer)
        case.input.write_bytes(stdin)
        checking = _beside(_refusals, problem, bundle, runner)  # as the build does
        outcome, run = judge.once(case, runner, limits)
        refused, elsewhere = checking.result()
        details = outcome.details
        if not details and run.stderr.strip():
            details = explain(problem, bundle, script, run.stderr, run.output_over)
            details = named_for(details, runner.interpreter)
            if outcome.word == JE and playing:  # the interactor's failure: this is the solution's
                details = ["the solution's stderr (the judge error is the interactor's):", *details]
        if outcome.word == TLE:  # killed at its time-out: the build's hints (slept, input())
            details = [*details, *judge.killed_hints(case, limits, run)]
    if not playing:
        sys.stdout.buffer.write(run.stdout)
        sys.stdout.flush()
        if run.stdout and not run.stdout.endswith(b"\n") and _same_stream():
            sys.stderr.write("\n")  # the verdict's line on a line of its own
        if run.output_over:  # the launcher kept a head of it
            details = [*details, f"note: the output above is its first {len(run.stdout)} bytes"]
    for error in refused:  # as the build says them, after the run's own details
        details = [*details, f"{problem.slug}: {error}"]
    for error in elsewhere:  # the run's verdict stands for its target alone
        details = [*details, f"note: the build fails for another target: {error}"]
    making = given is not None and any(map(_is_stdout, _answer_names(given)))
    if given is not None and answer is None and not playing and outcome.word == OK and not making:
        unanswered = _unanswered(given, shown, problem.root)
        details = [*details, f"note: {unanswered}: its output was not judged"]
    return _told(problem, outcome, run, judge, limits, details, runner, bool(refused))


def _problem(args: argparse.Namespace, registry: dict[str, Problem]) -> Problem:
    """The problem of the run: SLUG's; or, with FILE alone (the first word no slug but a file,
    or ``-``), the problem whose samples hold it, else this folder's, FILE then the input;
    SLUG left out, this folder's."""
    if args.slug and args.file is None:
        problem = input_problem(registry, args.slug)
        if problem is not None:
            args.file = named_path(args.slug)
            return problem
    return one_problem(registry, args.slug, "run")


def _refusals(problem, bundle, runner) -> tuple[list[str], list[str]]:
    """What the build's checks refuse for the run's target; when nothing, what they refuse
    for the judge's other targets (the build fails, this run's verdict stands)."""
    refused = refusals(problem, bundle, runner)
    return refused, [] if refused else refusals_everywhere(problem, bundle)


def _beside(function, *args) -> concurrent.futures.Future:
    """``function(*args)`` started in a daemon thread: a Ctrl-C or an error of the run ends
    the command at once, not once the checks are done (an executor's threads are joined at
    exit; the checks' programs, in the kit's process group, get the terminal's signal)."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def work() -> None:
        try:
            future.set_result(function(*args))
        except BaseException as error:  # told to the caller by result()
            future.set_exception(error)

    threading.Thread(target=work, daemon=True).start()
    return future


def _same_stream() -> bool:
    """Whether stdout and stderr go to one place (a terminal, ``2>&1``): then output without
    a final newline would run into the verdict's line. Output written to a file is left as
    the solution wrote it."""
    try:
        return os.path.samestat(os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno()))
    except (OSError, ValueError, AttributeError):  # no descriptors (a test's capture)
        return False


def _compile_step(problem, runner, bundle, script: Path, folder: Path) -> dict:
    """The judge's compile run (``kit.run.compile_step``), said on stderr when it ran."""
    trees = compile_step.trees_of(bundle, script)
    prepared = compile_step.prepare_all(problem, [runner], script, folder, trees)
    for step in prepared.values():
        print(step.note(runner.label, judge_name(problem.judge)), file=sys.stderr)
    return prepared


INPUT_MOST = 1 << 30  # bytes of a run's stdin read, at most: no judge's input is larger
READ_CHUNK = 1 << 20


def _input(given: Path | None, problem, unnamed_game: bool, shown: Path | None = None) -> bytes:
    """The run's stdin: FILE's bytes (``given``, the file FILE, ``shown``, names), else this
    command's stdin (a game's secret input is named, as FILE or ``-``: its stdin is not the
    solution's); at most INPUT_MOST of either (``/dev/zero``, ``yes |``: refused, not read to
    the end)."""
    if given is not None:
        shown = shown or given
        if given.is_dir():
            raise BuildError(_a_folder(shown, problem.slug))
        try:
            with open(given, "rb") as stream:
                if os.fstat(stream.fileno()).st_size > INPUT_MOST:  # a file: its size says it
                    raise BuildError(_too_much(str(shown)))
                return _capped(stream, str(shown))
        except OSError as error:
            missing = missing_case(problem, shown) if error.errno == errno.ENOENT else None
            if missing is not None:  # a package's case past its last, or a typo
                raise BuildError(missing) from None
            said = f"{shown}: cannot read: {error.strerror or error}"
            raise BuildError(said + _through_archive(shown)) from None
    if unnamed_game:
        raise BuildError(
            f"{problem.slug}: name the interactor's secret input FILE (or - to read it from stdin)"
        )
    if sys.stdin.buffer.isatty():  # else a run waiting for its input looks hung
        print("reading the input from the terminal: end it with Ctrl-D", file=sys.stderr)
    return _capped(sys.stdin.buffer, "stdin")


def _through_archive(shown: Path) -> str:
    """How a case of a package's archive is named, when ``shown`` goes through a file that
    is not this problem's package (``run SLUG pkg.zip/tests/01``); else ""."""
    archive = next((parent for parent in shown.parents if parent.is_file()), None)
    if archive is None:
        return ""
    return (
        f" ({archive} is a file: a case in a package's archive is named so with the SLUG of "
        f"the problem whose package it is, `{command()} run SLUG {shlex.quote(str(shown))}`)"
    )


def _a_folder(given: Path, slug: str) -> str:
    """What to give instead of a folder (``run SLUG samples/SLUG``, as ``oj t -d`` takes one)."""
    inputs = sorted(given.glob("*.in"))
    such = f", such as {given / inputs[0].name}" if inputs else ""
    return (
        f"{given} is a folder: run takes one input FILE{such}; "
        f"`{command()} {slug}` runs every sample"
    )


def _capped(stream, name: str) -> bytes:
    """At most INPUT_MOST bytes of ``stream``, read a chunk at a time (``read(INPUT_MOST + 1)``
    reserves its whole buffer first: under ``ulimit -v 1000000`` a 4-byte input died of
    MemoryError), else the one-line error."""
    chunks, total = [], 0
    while total <= INPUT_MOST:
        chunk = stream.read(min(READ_CHUNK, INPUT_MOST + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
    raise BuildError(_too_much(name))


def _too_much(name: str) -> str:
    return (
        f"{name}: more than {INPUT_MOST >> 20} MiB of input, no judge's size: not run "
        "(an endless stream, /dev/zero or `yes |`?)"
    )


REFUSED = "FAIL"  # the build's word for a bundle its checks refuse


def _told(problem, outcome, run, judge, limits, details: list[str], runner, refused) -> int:
    """The verdict, its details and the figures on stderr, as the build counts them; the
    exit status. A run that passed is FAIL, as in the build, when the checks ``refused``
    the bundle for its target."""
    seconds = outcome.seconds  # as the build counts it: CPU time where the judge does, but
    over = time_over(limits, seconds) if outcome.word == OK else None  # wall time when killed
    if over:
        details = [*details, *judge.waited(limits, run)]
    word = TLE if over else outcome.word
    said = message(TLE, over) if over else outcome.message
    if word not in (OK, REFUSED):  # what this machine's hard limits took from the run
        details = [*details, *machine_notes(limits)]
    if refused:  # the build's word, whatever the run did: the checks decide first there
        ran = f" (this run: {word}{': ' + said if said else ''})" if word != OK else ""
        word = REFUSED
        said = f"the build's checks refuse this bundle for {runner.target.name} (above)"
        if runner.target in problem.targets:  # else the note above says it is not the judge's
            said += ": the judge would not accept it, whatever this run did"
        said += ran
    for line in details:
        print(line, file=sys.stderr)
    clock = " CPU" if limits.clock == CPU and not run.timed_out else ""  # killed: by the wall
    head = (
        f"[{problem.slug}: {shown_word(word, outcome.message)}, {seconds:.3f} s{clock}, "
        f"{run.peak_kib / MIB:.1f} MiB, {runner.described}]"
    )
    game_said = word == OK and judge.interactor is not None and said  # the interactor's word
    print(head if word == OK and not game_said else f"{head} {said}", file=sys.stderr)
    return 0 if word == OK else 1


def _comparator(problem):
    """The problem's comparison, as the build judges its samples (a C/C++ checker compiled)."""
    comparator = problem_comparator(problem)
    comparator.prepare()
    return comparator


def _is_stdout(path: Path) -> bool:
    """Whether ``path`` is the file this command's stdout writes (``run SLUG x.in > x.out``),
    or another process of its pipeline writes (``| tee x.out``, which emptied it): an answer
    being made, no answer to judge by."""
    try:
        target = os.stat(path)
        out = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's capture)
        return False
    return os.path.samestat(target, out) or (stat.S_ISFIFO(out.st_mode) and _teed(target))


def _teed(target: os.stat_result) -> bool:
    """Whether a process of this command's process group (its shell pipeline) has the file
    ``target`` open for writing, as ``tee`` has; read from ``/proc`` (False without it)."""
    try:
        group = os.getpgrp()
        processes = [e.name for e in os.scandir("/proc") if e.name.isdigit()]
    except OSError:
        return False
    for pid in processes:
        try:
            if int(pid) == os.getpid() or os.getpgid(int(pid)) != group:
                continue
            for descriptor in os.scandir(f"/proc/{pid}/fd"):
                if os.path.samestat(os.stat(descriptor.path), target):
                    info = Path(f"/proc/{pid}/fdinfo/{descriptor.name}").read_text()
                    flags = int(info.split("flags:", 1)[1].split()[0], 8)
                    if flags & os.O_ACCMODE in (os.O_WRONLY, os.O_RDWR):
                        return True
        except (OSError, ValueError, IndexError):  # gone, or another user's
            continue
    return False


BESIDE_SAID = "NAME.out or NAME.ans for NAME.in, Polygon's NN.a for NN"


def _answer_names(given: Path) -> tuple[Path, ...]:
    """Where the answer of the input ``given`` may be: a layout's input's, where the build
    pairs it (``in/01.txt``: ``out/01.txt``, kit.case_folders.laid_out_answer, ``out/`` there
    or not; an answer beside it is, for the build, another input); else beside it
    (``ANSWER_SUFFIXES``: ``01.in``, ``01.out``)."""
    laid_out = laid_out_answer(given)
    if laid_out is not None:
        return (laid_out[0],)
    return tuple(given.with_suffix(suffix) for suffix in ANSWER_SUFFIXES.get(given.suffix, ()))


def _answer_shown(path: Path, given: Path, shown: Path, root: Path) -> str:
    """The answer file ``path`` of the input ``given`` as FILE (``shown``) names its folder;
    a layout's, in another folder, as a message shows a path (``kit.workspace.shown_path``):
    from this folder when that is in the workspace ``root`` (``../out/a.in`` from ``in/``);
    a file outside it from this folder when it lies below, else as it is."""
    if path.parent == given.parent:
        return str(shown.with_name(path.name))
    whole = path.absolute()
    return shown_path(whole, root if whole.is_relative_to(root) else Path.cwd())


def _unanswered(given: Path, shown: Path, root: Path) -> str:
    """Why the input ``given`` (FILE, ``shown``) has no answer to judge by: the files looked
    for, and the rule that names them (a layout's, else the ones beside an input); ``root``:
    the workspace's."""
    places = _answer_names(given)
    odd = [path for path in places if file_state(path) == NOT_REGULAR]
    if odd:
        if odd[0].parent == given.parent:
            said = f"{odd[0].name} beside {shown}"
        else:  # a layout's, in its answers' subfolder
            said = f"{_answer_shown(odd[0], given, shown, root)}, the answer of {shown},"
        return f"{said} is not a regular file (a pipe, a socket or a device)"
    laid_out = laid_out_answer(given)
    rule = f"as {laid_out[1]} pairs them" if laid_out else BESIDE_SAID
    if not places:
        return (
            f"no answer for {shown} (none looked for: an answer is {BESIDE_SAID}, or the "
            f"file of a layout's answers, {layouts_said()})"
        )
    looked = " or ".join(_answer_shown(path, given, shown, root) for path in places)
    return f"no answer for {shown} (looked for {looked}: {rule}{_beside_read(given)})"


def _beside_read(given: Path) -> str:
    """``; in/a.out beside it is another input to the build``: a file named as the answer of
    a laid-out input ``given``, beside it, which the build reads as another input, not its
    answer (``kit.case_folders.named_beside``, the build's rule)."""
    folder = given.absolute().parent.name
    found = [(f"{folder}/{name}", "it") for name in named_beside(given)]
    return f"; {another_input_said(found)}" if found else ""


def _refuse_an_answer(args: argparse.Namespace, registry: dict[str, Problem]) -> None:
    """An answer file given as FILE, its input beside it, is a one-line error naming the
    command that runs the input (it ran the answer, said only to have no answer beside it);
    an answer in a zipped or tarred package (``pkg.zip/tests/01.a``) too, read through it, the
    command naming the problem whose package holds it (as another's SLUG, it fails)."""
    alone = args.file is None and args.slug is not None
    given = named_path(args.slug) if alone else args.file
    input_suffix = _input_suffix(given) if given is not None else None
    if input_suffix is None:
        return
    owner = package_owner(registry, given)  # the problem whose package holds it, if any
    where = given if owner is None else case_file(owner, given)
    if file_state(where.with_suffix(input_suffix)) is None:
        answered = given.with_suffix(input_suffix)  # as FILE names it
        named = args.slug if owner is None else owner.slug
        slug = "" if alone or not named else f"{named} "
        raise BuildError(
            f"{given} is the answer of {answered}, not an input: run "
            f"`{command()} run {slug}{shlex.quote(str(answered))}`"
        )


def _input_suffix(given: Path) -> str | None:
    """The suffix of the input whose answer ``given``'s name is (``ANSWER_SUFFIXES``), None
    when it names no answer."""
    return next((key for key, ends in ANSWER_SUFFIXES.items() if given.suffix in ends), None)


def _answer_beside(given: Path, shown: Path, root: Path) -> Path | None:
    """The answer file of an input named ``NAME.in``: ``NAME.out`` or ``NAME.ans``, if any
    (not the file this command's stdout goes to); both is an error, as it is for a sample
    (which one the judge's answer is, is not told), said with the input as FILE names it
    (``shown``; ``root``: the workspace's). A Polygon test, ``tests/NN``, has its answer in
    ``tests/NN.a``, and so has any input without a suffix (``NAME``: ``NAME.a``, checked as
    ``NAME.out`` is; ``_answer_names``)."""
    found = []
    for path in _answer_names(given):
        state = file_state(path)
        if state not in (None, MISSING, NOT_REGULAR):  # a pipe or a terminal: made, not read
            named = _answer_shown(path, given, shown, root)  # as FILE names its folder
            whose = f"beside {given.name}" if path.parent == given.parent else f"of {shown}"
            raise BuildError(f"{named}: the answer {whose} {state}")
        if state is None and not _is_stdout(path):
            found.append(path)
    if len(found) == 2:
        raise BuildError(f"{shown}: both {found[0].name} and {found[1].name} beside it (keep one)")
    return found[0] if found else None

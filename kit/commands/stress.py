"""``python build.py stress [SLUG] [--seed S] [--cases N | --seconds T] [--param K=V]
[--gen CMD [--gen-size N]] [--brute CMD] [--target NAME] [--save [DIR]] [-j N]``: the bundle
against a brute force on random inputs; without SLUG, this folder's problem (the one problem
whose solution's or samples' folder this is: ``cpkit stress`` in atcoder-cli's ``abc300/a/``).

The files come from the problem's stress module (``stress/<slug>.py``: ``PARAMS`` and
``generate``; file ``i`` is ``generate(random.Random(S + i), **params)``) or from a generator
program (``--gen CMD``, any language, run as ``CMD SEED`` or, with ``--gen-size N``, as ``CMD
SEED N``); the answers from the module's ``reference`` or from a brute-force program (``--brute
CMD``: the input on stdin, the answer on stdout). The programs are shell words run as the bundle
is run. The bundle (made fresh into a temporary folder, never ``dist/``) runs on each file
judge-style (a fresh process, ``-I``, from an empty folder, under the problem's first target as
the build runs it, or ``--target NAME``; under the build's limits: killed at 3x the time limit,
over the memory limit or past the output limit) and its output is judged by the problem's
comparator against the answer; the verdicts are the build's (``kit.run.verdicts``). An
interactive problem is played instead: each file is a secret input for the problem's
interactor (``kit.run.interact``), the answers (``reference``, ``--brute``) only the ANSWER
files of an interactor that is given one (``kattis:``, ``testlib:``). The first failure (the
lowest ``i``) stops the run.
The shrink (``kit.stress.shrink``) then cuts the file down (fewer test cases, smaller
parameters, structural cuts that the module's ``validate`` accepts, or else a package's input
validators; without a validator, smaller sizes of a generator that takes one, else the smallest
failing file among the next seeds) and the smallest failing
input found is printed with the expected and the actual output (a game's last lines
exchanged), and the options that make again the smallest generated file that fails (the one
whose text the shrink then cut down; its seed may differ from the first failure's). When
that input passes on its final run (a nondeterministic solution), that is said, and a run that
failed on it is shown instead.
``--save`` writes it into the problem's samples folder as the next ``sample-N`` (``.in``, and
``.out`` the expected answer);
``--save DIR`` as ``DIR/<slug>-seed<S>.in``/``.out`` (``-2``, ``-3``... when a different file
has that name). A pair that already holds the same input and answer is named, not written.

A file that ends over the time limit but within 3x, its answer right, is timed again alone
once no other file failed (the slowest three such files, three runs each): a median over the
limit is a failure, ``TLE``, reported and saved but not shrunk (each try takes about the
limit), as is a run killed at its timeout (a game's idle one too: each try would take as
long); else the slowest file's time is reported, and a warning counts the files over. An
exception raised by the stress module itself, or a program of the user's that fails, is a
one-line error naming the function or program and its input (shown when it is one line of 60
characters at most, else saved to a file the message names); raised while shrinking, the
smallest failing input found so far is shown and saved first, and the exit status is the
failure's (1). The reference failing on a smaller input the shrink tries is not such an error:
that input is passed over, and a warning after the shrink names the first.

Exit status: 0 when every case passed, 1 when a failing case was found, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

from kit import terminal
from kit.bundle_making import write_bundle
from kit.commands import (
    add_root,
    add_target,
    allowance,
    command,
    paragraph,
    positive,
    refusals,
    runnable,
    seconds,
    seed_number,
    target_runner,
)
from kit.commands.stress_report import report, reproduce, show, show_failure, stop_name
from kit.commands.stress_saved import save_folder, save_shown
from kit.commands.stress_shrinking import shrunk_failure
from kit.errors import AfterFailure, BuildError
from kit.judges.targets import runner_for_runs
from kit.plurals import counted
from kit.problem_selection import SLUG_HELP, one_problem
from kit.registry import load_registry
from kit.run.limits import said_moved
from kit.run.verdicts import TLE
from kit.stress import inputs
from kit.stress.engine import GivenUp, NoAnswer, Outcome, Stress, search
from kit.stress.inputs import keep_file
from kit.stress.programs import made_elsewhere
from kit.stress.shrink import NOT_SHRUNK, Shrunk
from kit.stress.source import PARAM_ITEM, source_for

HELP = "run the bundle against a brute force on random inputs; shrink a failure"
DEFAULT_SECONDS = 10.0
SHRINK_SECONDS = 60.0
# runs of the smallest failing input after its final run failed: one that passes says the
# solution is nondeterministic, so the Reproduce line may pass (a 30 % failure passed 3 of 4)
CONFIRM_RUNS = 2


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("stress", help=HELP, description=paragraph(__doc__, 1))
    parser.add_argument(
        "slug",
        nargs="?",
        metavar="SLUG",
        help=SLUG_HELP,
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar="S",
        help="first seed, from 0 (default: random)",
    )
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--cases", type=positive, metavar="N", help="number of generated files")
    amount.add_argument(
        "--seconds",
        type=seconds,
        metavar="T",
        help=f"run for this long ({DEFAULT_SECONDS:g} by default)",
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        type=_param_item,
        metavar="K=V",
        help="a parameter of the stress module's generator (repeatable, each name once)",
    )
    parser.add_argument(
        "--gen", metavar="CMD", help="a generator program, run as CMD SEED: one input per run"
    )
    parser.add_argument(
        "--gen-size",
        type=positive,
        metavar="N",
        help="the generator takes a size: run as CMD SEED SIZE from N (shrinking lowers it)",
    )
    parser.add_argument(
        "--brute", metavar="CMD", help="a brute-force program: the input on stdin, the answer out"
    )
    add_target(parser, "default: the problem's first target here")
    parser.add_argument(
        "--save",
        nargs="?",
        const=True,
        metavar="DIR",
        help="write the shrunk case: the next sample-N of the problem, or into DIR",
    )
    parser.add_argument(
        "-j", "--jobs", type=positive, default=1, metavar="N", help="cases run at once (1)"
    )
    parser.add_argument(
        "--shrink-seconds",
        type=allowance,
        default=SHRINK_SECONDS,
        metavar="T",
        help=f"time for shrinking ({SHRINK_SECONDS:g}; 0: the failure found, not shrunk)",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def _param_item(text: str) -> str:
    """An argparse type: ``--param NAME=INTEGER``, refused as it is read (a syntax error comes
    before what the options name is looked for: a program, the module's parameters)."""
    if PARAM_ITEM.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"expected NAME=INTEGER: {text!r}")
    return text


def run(args: argparse.Namespace) -> int:
    """The command; an input a message would name is kept only when that message is shown
    (stopped, or ended by another error, the files of the messages not shown are removed)."""
    mark = inputs.begin()
    try:
        return _stressed(args)
    except BuildError as error:
        inputs.end(mark, keep=str(error))
        raise
    except BaseException:
        inputs.end(mark)
        raise


def _stressed(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    registry = load_registry(root)
    if args.slug is None and isinstance(args.save, str) and args.save in registry:
        raise BuildError(  # stress --save abc300_a: the SLUG taken for --save's DIR
            f"--save {args.save}: a problem's slug taken for the folder to save into; name the "
            f"problem first: `{command()} stress {args.save} --save`"
        )
    problem = one_problem(registry, args.slug, "stress")
    runner = target_runner(args) or runner_for_runs(problem.targets)
    source = source_for(
        problem, runner, brute=args.brute, gen=args.gen, gen_size=args.gen_size, given=args.param
    )
    save = save_folder(problem, args.save, registry.values())
    seed = args.seed if args.seed is not None else random.randrange(1, 10**9)
    limit_cases = args.cases
    limit_seconds = args.seconds if args.seconds is not None else None
    if limit_cases is None and limit_seconds is None:
        limit_seconds = DEFAULT_SECONDS
    # a thread judging a file when the command is stopped may write into it while it goes
    with tempfile.TemporaryDirectory(prefix="kit-stress-", ignore_cleanup_errors=True) as name:
        folder = Path(name)
        bundle, script = write_bundle(problem, folder)
        runner = runnable(problem, bundle, runner, named=args.target is not None)
        stress = Stress(problem, source, bundle, script, folder=folder, runner=runner)
        print(
            f"stress {problem.slug}: seeds from {seed}, {source.described()}, "
            f"{args.jobs} at a time, bundle under {stress.label}",
            flush=True,
        )
        for note in stress.notes:
            print(note, flush=True)
        with _live(stress):  # a slow program's line, on a terminal
            start = time.monotonic()
            try:
                found = search(
                    stress,
                    seed,
                    source.params,
                    limit_cases=limit_cases,
                    limit_seconds=limit_seconds,
                    jobs=args.jobs,
                    note=lambda line: print(line, flush=True),
                )
                late = stress.retime() if found is None else None
            except KeyboardInterrupt:
                _interrupted(stress, seed, time.monotonic() - start)
                raise
            elapsed = time.monotonic() - start
            if found is None and late is None:
                _passed(stress, elapsed, refusals(problem, bundle, runner))
                return 0
            if late is not None:
                _too_slow(stress, late, elapsed, args, save, "each try takes about the limit")
            elif found[2].word == TLE:  # killed at its timeout: each try would run as long
                killed = _until_the_kill(stress.limits.timeout, found[2])
                _too_slow(stress, found, elapsed, args, save, killed)
            else:
                _failed(stress, found, elapsed, args, save)
    return 1


def _until_the_kill(timeout: float, killed: Outcome) -> str:
    """Why a run killed at its timeout is not shrunk: each try would run as long, until the
    kill at ``timeout``, or, when this one came later (its wall time, measured: a batch run's
    deadline moved on by what it waited for a core other work on this machine held), when it
    came, by the rule of its verdict's remark (``kit.run.limits.said_moved``): a slow reap
    alone is no late kill. A game's message says its own timeout and what moved it on
    (``kit.run.game_verdicts``)."""
    if killed.played or not said_moved(killed.waited):
        return f"each try would run until the kill at {timeout:g} s"
    return f"each try would run until the kill, at {killed.wall:.2f} s of wall time this time"


def _live(stress: Stress) -> contextlib.AbstractContextManager:
    """The line naming a program that runs long on one input (``kit.stress.progress``),
    rewritten in place on stderr when that is a terminal, as the build's; in a log, nothing
    (the run's own lines only: a program stopped at its limit is an error naming it)."""
    if terminal.takes_escapes(sys.stderr):
        return stress.under_way.shown(terminal.live_line)
    return contextlib.nullcontext()


def _interrupted(stress: Stress, seed: int, elapsed: float) -> None:
    """Ctrl-C (or SIGTERM) before a failure was found: what passed until then, the files
    done in seed order from the first (the exit status stays the interruption's); the live
    line stopped first, as runs left behind may still be under way."""
    stress.under_way.stop()
    if not stress.count:
        print(f"stopped: no file judged yet ({elapsed:.1f} s)", flush=True)
        return
    last = seed + stress.count - 1
    over = stress.over_limit  # right answers, their times not judged: not said to have passed
    said = f"{over} of them over the {stress.problem.time_limit:g} s limit, not timed again alone"
    print(
        f"stopped: {counted(stress.count, 'file')} judged in {elapsed:.1f} s "
        f"(seeds {seed} to {last}), " + (said if over else "every one passed"),
        flush=True,
    )


def _too_slow(
    stress: Stress, slow, elapsed: float, args: argparse.Namespace, save, why: str
) -> None:
    """A time limit, the one rule for a failure that shows only when the limit is reached: a
    file whose answer was right but whose time, taken again alone, is over the limit, or a run
    killed at its timeout (a batch run's 3x the limit, a game's idle or wall timeout). Reported
    as found, not shrunk nor run again (each try would take as long), saved when asked."""
    seed, text, outcome = slow
    print(
        f"FAILED: the file of seed {seed} ({counted(stress.count, 'file')} run, {elapsed:.1f} s): "
        f"{outcome.message} (not shrunk: {why})",
        flush=True,
    )
    show_failure(outcome, text)  # its verdict, the file, each run's time against the limit
    shown = Shrunk(text, seed, dict(stress.source.params), 0, [NOT_SHRUNK])
    reproduce(stress, shown, args)
    if save is not None:
        save_shown(stress.problem, save, shown, stress.answer(text))


def _failed(stress: Stress, found, elapsed: float, args: argparse.Namespace, save) -> None:
    """Report the first failing file, shrink it, show the smallest and save it."""
    failing_seed, text, outcome = found
    print(
        f"FAILED: the file of seed {failing_seed} ({counted(stress.count, 'file')} run, "
        f"{elapsed:.1f} s): {outcome.message}",
        flush=True,
    )
    _check_deterministic(stress, failing_seed, text)
    failures = {text: outcome}  # each failing input's last failed run
    shrunk = shrunk_failure(stress, text, failing_seed, args.shrink_seconds, failures)
    if shrunk.error is not None:
        _stopped(stress, save, shrunk, failures.get(shrunk.text), args)
    try:
        final = stress.judge(shrunk.text, "final")
        again = [stress.judge(shrunk.text, "again") for _ in range(final.failed * CONFIRM_RUNS)]
        failed = failures.get(shrunk.text, final)  # the run whose failure is shown
        answers = _answers_again(stress, shrunk.text, failed.expected, CONFIRM_RUNS)
    except (KeyboardInterrupt, GivenUp) as error:  # what was found is still shown, saved
        shrunk.error = error
        _stopped(stress, save, shrunk, failures.get(shrunk.text), args)
    report(stress, shrunk, final, (text, outcome), failures, args, again, bool(answers))
    if answers:
        print(
            f"\nwarning: computed {CONFIRM_RUNS} more times, the expected answer on the same "
            f"input changed {answers} of them: {stress.source.reference} is nondeterministic, "
            "so the failure may be its, not the solution's"
        )
    if save is not None:
        save_shown(stress.problem, save, shrunk, final.expected)


def _answers_again(stress: Stress, text: str, expected: bytes | None, runs: int) -> int:
    """How many of ``runs`` more answers of the reference on ``text`` differ from
    ``expected`` (the one the failure was judged by); 0 without one (a game given no ANSWER),
    or when it fails."""
    if expected is None:
        return 0
    try:
        again = "on the shrunk input, again"
        return sum(stress.fresh_answer(text, again) != expected for _ in range(runs))
    except NoAnswer:
        return 0


def _check_deterministic(stress: Stress, seed: int, text: str) -> None:
    """A warning when the generator makes another file from the same seed, in this process
    or (the stress module's) in a fresh one, whose hash seed differs: then no seed names the
    failure (the Reproduce line below may pass)."""
    params = stress.source.params
    again = stress.generate(seed, params)  # watched, as every call of the module's
    hashed = ""
    if again == text and stress.source.gen is None:
        limits = stress.tool_limits()
        elsewhere = made_elsewhere(stress.problem, seed, params, cwd=stress.empty, limits=limits)
        again = text if elsewhere is None else elsewhere
        hashed = " in a fresh process (another hash seed: a set's order of strings?)"
    if again != text:
        print(
            f"warning: the generator made another file from seed {seed}{hashed}: it does not "
            "follow its seed (generate() must draw from its rng, a --gen program from its SEED), "
            "so the Reproduce line may not fail again",
            flush=True,
        )


def _passed(stress: Stress, elapsed: float, refused: list[str]) -> None:
    print(f"ok: {counted(stress.count, 'file')} passed in {elapsed:.1f} s", flush=True)
    slowest, name = stress.slowest
    limit = stress.problem.time_limit
    over = f", over the {limit:g} s limit" if slowest > limit else ""
    print(f"slowest: {slowest:.3f} s (the file of {name}{over})", flush=True)
    if stress.over_limit:  # answers right, times not judged here: say so, not only "ok"
        print(
            f"warning: {stress.over_limit} of the {stress.count} files ran over the {limit:g} s "
            f"limit, and the slowest {min(len(stress.late), stress.over_limit)}, timed again "
            f"alone, within it: `{command()} run {stress.problem.slug} FILE` times one as the "
            "build does, `bench` the worst cases",
            flush=True,
        )
    if refused:  # right answers of a bundle the judge would not take: say so, not only "ok"
        more = f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""
        print(
            f"warning: the build's checks refuse this bundle for {stress.runner.target.name}: "
            f"{refused[0]}{more}: the judge would not accept it; `{command()} build "
            f"{stress.problem.slug}` says it all",
            flush=True,
        )


def _stopped(
    stress: Stress, save: Path | None, shrunk: Shrunk, failed: Outcome | None, args
) -> NoReturn:
    """The shrink stopped on an error of the stress module or a program, or on Ctrl-C: the
    smallest failing input found so far shown as the report shows one (with its own verdict
    and the line that makes its file again) and saved, then that error raised (one line), or
    the interrupt again."""
    stop = stop_name(shrunk.error) if isinstance(shrunk.error, KeyboardInterrupt) else "the error"
    title = f"Input (the smallest failing one found before {stop})"
    if failed is not None:
        show_failure(failed, shrunk.text, title)
    else:
        show(title, shrunk.text)
    reproduce(stress, shrunk, args)
    if save is not None:
        save_shown(stress.problem, save, shrunk, None if failed is None else failed.expected)
    else:
        print(f"saved: {keep_file(stress.problem, 'failing', shrunk.text, shown=True)}")
    error = shrunk.error
    if isinstance(error, KeyboardInterrupt):
        raise error
    if isinstance(error, BuildError):  # a failure was found: the exit status says so (1)
        raise AfterFailure(str(error)) from None
    raise AfterFailure(f"shrinking stopped: {type(error).__name__}: {error}") from None

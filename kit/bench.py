"""``python build.py bench [SLUG ...]``: time each problem's worst cases as whole processes.

``bench/<slug>.py`` defines either

- ``cases() -> [(name, stdin_text), ...]`` (deterministic; a third item, the expected output,
  is optional and then checked) and optionally ``GOAL_SECONDS`` (default: the time limit):
  each case is run through ``dist/<slug>.py`` ``--repeat`` times under each target's
  interpreter found here (the kit's own Python when none is; the others named), held to the
  build's limits and verdicts (``kit.run.limits``), and its median / max wall time and peak
  memory are printed against the goal. An interactive problem's case is a secret input (the
  third item: the interactor's answer file), played through its interactor as the build plays
  a sample (``kit.run.case_judge``), the solution's CPU time timed, what a game is held to; or
- ``run(dist_path, command, env) -> int``, for problems it drives itself: it is called once per
  interpreter (the same ones, or ``--target``'s) with the path of the bundle, ``command``, the argv
  that starts the bundle there as the build runs it, and ``env``, the build's environment for runs
  (extend a copy); a non-zero return fails the bench. An older ``run(dist_path)`` without those
  parameters starts the bundle itself: it is called once, and ``--target`` is refused for it, since
  it cannot follow.

The bundle is built first (samples included) unless ``dist/<slug>.py`` is already exactly what
the sources give. The exit status is 1 when a case fails as the build would fail it (a limit,
a crash, a wrong answer, a median over the time limit), or a ``run()`` returns non-zero; 2
when the bench module cannot be used (it cannot be imported, ``cases()`` or ``run()`` raises
or exits, what it gives is not what bench reads), as for a stress module; being over the
goal is reported, not an error.
"""

from __future__ import annotations

import contextlib
import inspect
import tempfile
from dataclasses import replace
from pathlib import Path

from kit.building.pipeline import build_problem, foreign_target_notes
from kit.building.results import Status
from kit.bundle.assemble import Bundle
from kit.bundle_making import make_bundle
from kit.check.checks import stand_in_refusal
from kit.checkout_modules import import_from_checkout
from kit.errors import BuildError, Unusable, Unwritable
from kit.guest import exit_call, failure, guest
from kit.judges.profiles import OWN, judge_name
from kit.judges.targets import (
    Interpreter,
    Runner,
    as_problem_target,
    found,
    runner_for,
    timing_interpreters,
    untimed,
)
from kit.plurals import counted
from kit.problem_cases import Case
from kit.problem_selection import select, slugs_or_here
from kit.registry import Problem, load_registry
from kit.run import compile_step, judged
from kit.run.case_judge import CaseJudge
from kit.run.cases import RunOptions
from kit.run.failure_hints import named_for
from kit.run.limits import MIB, Limits, limits_for, run_limited, time_over
from kit.run.problem_judges import compiled_judges, problem_comparator, shown_setting
from kit.run.process import Timing, run_environment
from kit.run.tracebacks import explain
from kit.run.verdicts import OK, TLE, WA, message, process_verdict
from kit.scaffold import is_stub


def run(
    slugs: list[str],
    repeat: int,
    root: Path,
    only: Interpreter | None = None,
    named: Runner | None = None,
) -> int:
    """Time the problems named (none named: this folder's problem, said and then as if named,
    else all of them), under ``only`` when given (``named``: the runner ``--target`` named, a
    stand-in that cannot run a bundle refused); the exit status:
    1 when a case failed (or a problem could not be built or timed), 2 when a problem named
    has no bench module or one whose ``cases()`` is still the template's (nothing it asked for
    was timed; unnamed, such a problem is passed over), or a bench module is ``Unusable`` (it
    cannot be imported, its ``cases()`` or ``run()`` raises: as a stress module's), else 0."""
    registry = load_registry(root)
    slugs = slugs_or_here(registry, slugs)  # none named: this folder's problem, if any
    problems = select(registry, slugs)
    status = 0
    benched = 0
    for problem in problems:
        if not problem.bench.is_file():
            if slugs:
                print(f"{problem.slug}: no {problem.rel(problem.bench)}: nothing to time")
                status = 2
            continue
        if _not_written(problem):
            print(f"{problem.slug}: {problem.rel(problem.bench)}: cases() not written yet")
            status = max(status, 2 if slugs else 0)  # named: nothing asked for was timed
            continue
        benched += 1
        try:
            status = max(status, bench_problem(problem, max(1, repeat), only, named))
        except Unwritable:  # no bundle can be written: the command stops, as the build does
            raise
        except BuildError as error:
            message = str(error)
            prefix = "" if message.startswith(f"{problem.slug}:") else f"{problem.slug}: "
            print(f"{prefix}{message}", flush=True)
            status = max(status, error.status if isinstance(error, Unusable) else 1)
    if not benched:
        print("nothing timed: no bench/<slug>.py with cases for the problems asked")
    return status


def _not_written(problem: Problem) -> bool:
    """Whether the bench module's ``cases()`` is still the template's stub (a module that
    cannot be loaded is said when it is benched)."""
    try:
        module = _load(problem)
    except BuildError:
        return False
    return not hasattr(module, "run") and is_stub(getattr(module, "cases", None))


def _goal(problem: Problem, value: object) -> float:
    """A bench module's GOAL_SECONDS: seconds above 0, else a one-line error."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 2**53:
        raise Unusable(
            f"{problem.rel(problem.bench)}: GOAL_SECONDS = {value!r}: expected seconds above 0"
        )
    return float(value)


def bench_problem(
    problem: Problem, repeat: int, only: Interpreter | None = None, named: Runner | None = None
) -> int:
    module = _load(problem)
    named = as_problem_target(named, problem.targets) if named is not None else None
    bundle = _fresh_bundle(problem, named)
    with _away(problem.dist, bundle) as script:  # run as the build runs it: outside the workspace
        return _bench(problem, module, (script, bundle), repeat, only, named)


def _bench(problem: Problem, module, made: tuple[Path, Bundle], repeat: int, only, named) -> int:
    """The exit status of the bench of ``made`` (the bundle's file, away from ``dist/``, and
    the bundle)."""
    dist, bundle = made
    if named is not None:
        _named_target(problem, bundle, named)
    if hasattr(module, "run"):
        return _bench_run(problem, module.run, (dist, bundle), (only, named))
    if not hasattr(module, "cases"):
        raise Unusable(f"{problem.rel(problem.bench)}: defines neither cases() nor run()")
    if problem.kind == "interactive":  # its cases are secret inputs, each a game
        return _bench_games(problem, module, made, repeat, (only, named))
    cases = _cases(problem, module)
    goal = _goal(problem, getattr(module, "GOAL_SECONDS", problem.time_limit))
    limit = problem.time_limit
    print(
        f"{problem.slug}: {counted(len(cases), 'case')}, {counted(repeat, 'run')} each; "
        f"goal {goal:g} s, limit {limit:g} s, {problem.memory_limit} MiB",
        flush=True,
    )
    status = 0
    width = max(len(name) for name, _, _ in cases)
    comparator = problem_comparator(problem)
    with tempfile.TemporaryDirectory(prefix="kit-bench-") as scratch:
        empty = Path(scratch, "cwd")  # the runs' working folder; the case files beside it
        empty.mkdir()
        trees = compile_step.trees_of(bundle, dist)
        timed = _interpreters(problem, only, bundle, named)
        wide = _label_width(timed)
        for python, label in timed:
            limits = _limits(problem, python, goal)
            command, folder = _compiled(problem, python, dist, Path(scratch), trees)
            for name, stdin, expected in cases:
                head = f"  {name:<{width}}  {label:<{wide}}"
                timing, failure, run = _time_case(
                    command or judged.command(problem, python, dist),
                    (stdin, expected),
                    limits,
                    repeat=repeat,
                    comparator=comparator,
                    folder=folder or empty,
                    named=problem.named_files,
                )
                if failure is None:
                    failure = time_over(limits, timing.median, len(timing.seconds))
                    failure = message(TLE, failure) if failure else None
                if failure:
                    _say_failed(problem, (dist, bundle, python), head, failure, run)
                    status = 1
                    continue
                print(_row(head, timing, goal, limits), flush=True)
    return status


def _bench_games(problem: Problem, module, made: tuple[Path, Bundle], repeat: int, asked) -> int:
    """The exit status of the bench of an interactive problem's ``cases()``: each a secret
    input played through the problem's interactor as the build plays a sample
    (``CaseJudge.repeat``), ``repeat`` times under each interpreter (``asked``: ``--target``'s
    interpreter and runner, or None twice), the solution's CPU time timed (what a game is held
    to: ``kit.run.limits``); a third item of a case is the answer file the interactor is
    given."""
    dist, bundle = made
    if problem.unplayed:
        raise Unusable(
            f"{problem.rel(problem.bench)}: cases() are secret inputs played through the "
            'problem\'s interactor; set one in problems.toml (interactor = "PATH")'
        )
    cases = _cases(problem, module)
    goal = _goal(problem, getattr(module, "GOAL_SECONDS", problem.time_limit))
    played = shown_setting(problem, problem.interactor or "")
    print(
        f"{problem.slug}: {counted(len(cases), 'case')} played through {played}, "
        f"{counted(repeat, 'run')} each; goal {goal:g} s, limit {problem.time_limit:g} s of "
        f"the solution's CPU time, {problem.memory_limit} MiB",
        flush=True,
    )
    comparator, interactor = compiled_judges(problem)
    status = 0
    with tempfile.TemporaryDirectory(prefix="kit-bench-") as scratch:
        games = _case_files(cases, Path(scratch))
        trees = compile_step.trees_of(bundle, dist)
        timed = _interpreters(problem, asked[0], bundle, asked[1])
        wide = _label_width(timed)
        for python, label in timed:
            limits = _limits(problem, python, goal)
            empty = Path(tempfile.mkdtemp(prefix="cwd-", dir=scratch))
            judge = CaseJudge(
                problem,
                bundle=bundle,
                script=dist,
                comparator=comparator,
                interactor=interactor,
                empty=empty,
                prepared=_compile_steps(problem, python, dist, Path(scratch), trees),
            )
            status |= _play(judge, (python, label.ljust(wide)), games, (limits, goal, repeat))
    return status


def _play(judge: CaseJudge, timed: tuple[Interpreter, str], games: list[Case], how: tuple) -> int:
    """Each game played ``repeat`` times under ``timed``'s interpreter (its rows labelled by its
    second item; ``how``: the limits, the goal and ``repeat``), a row each: its time, or FAILED
    with its verdict and what was exchanged; 1 when one failed, else 0."""
    python, label = timed
    limits, goal, repeat = how
    width = max(len(case.name) for case in games)
    status = 0
    for case in games:
        head = f"  {case.name:<{width}}  {label}"
        outcome, timing = judge.repeat(case, python, limits, repeat)
        if outcome.word != OK:
            print(f"{head}  FAILED: {outcome.message}", flush=True)
            print("".join(f"    {line}\n" for line in outcome.details), end="", flush=True)
            status = 1
            continue
        print(_row(head, timing, goal, limits), flush=True)
    return status


def _case_files(cases: list[tuple[str, bytes, bytes | None]], scratch: Path) -> list[Case]:
    """The cases written as the files a game reads (its secret input, its answer file)."""
    games = []
    for number, (name, secret, answer) in enumerate(cases):
        given = scratch / f"case-{number}.in"
        given.write_bytes(secret)
        expected = None
        if answer is not None:
            expected = scratch / f"case-{number}.ans"
            expected.write_bytes(answer)
        games.append(Case(name, given, expected))
    return games


def _limits(problem: Problem, python: Interpreter, goal: float) -> Limits:
    """The build's limits under ``python``, a run killed no sooner than twice the goal."""
    limits = limits_for(problem, python)
    return replace(limits, timeout=max(limits.timeout, 2 * goal))


def _row(head: str, timing: Timing, goal: float, limits: Limits) -> str:
    """A case's row: its median and max time as the limit counts it, its peak, its goal."""
    share = f"{timing.median / goal:.0%} of goal"
    mark = "over goal" if timing.median > goal else share
    return (
        f"{head}  median {timing.median:.3f} s  max {timing.max:.3f} s  "
        f"{_memory(limits, timing.peak_kib)}  {mark}"
    )


def _named_target(problem: Problem, bundle: Bundle, named) -> None:
    """A target named by ``--target``: refused when its stand-in cannot run the bundle, else
    its notes said (its times are not the judge's)."""
    why = stand_in_refusal(problem, bundle, named)
    if why is not None:
        raise BuildError(f"not timed: {why}")
    for note in foreign_target_notes(problem, named):
        print(f"{problem.slug}: note: {note}", flush=True)


def _say_failed(problem: Problem, made: tuple, head: str, failure: str, run) -> None:
    """A case's failure, and where a crashed run failed, as ``run`` says it (``made``: the
    bundle's file, the bundle and the interpreter that ran it)."""
    dist, bundle, python = made
    print(f"{head}  FAILED: {failure}", flush=True)
    if run is not None and run.returncode != 0 and run.stderr.strip():
        details = explain(problem, bundle, dist, run.stderr, run.output_over)
        for line in named_for(details, python):
            print(f"    {line}", flush=True)


def _compiled(problem, python, dist: Path, scratch: Path, trees) -> tuple[list | None, Path | None]:
    """The judge's compile run of the bundle under ``python`` (``kit.run.compile_step``), said
    in a line; the command and folder its cases run with then (the script beside what the
    run wrote, kept from one case to the next), or (None, None) when there is none."""
    step = next(iter(_compile_steps(problem, python, dist, scratch, trees).values()), None)
    if step is None:
        return None, None
    script = step.folder / compile_step.MAIN  # where the step copied the bundle
    return judged.command(problem, python, script, beside=True), step.folder


def _compile_steps(problem, python, dist: Path, scratch: Path, trees) -> dict:
    """The judge's compile run of the bundle under ``python`` (``kit.run.compile_step``),
    by its command, said in a line; empty when the judge makes none."""
    steps = compile_step.prepare_all(problem, [python], dist, scratch, trees)
    for step in steps.values():
        print(f"{problem.slug}: {step.note(python.short, judge_name(problem.judge))}", flush=True)
    return steps


def _bench_run(problem: Problem, run, made: tuple[Path, Bundle], asked: tuple) -> int:
    """The exit status of a bench module's ``run`` (see the module doc), under each
    interpreter when it takes a command, else once as it starts the bundle itself; ``made``:
    the bundle's file and the bundle; ``asked``: ``--target``'s interpreter and runner, or
    None twice."""
    dist, bundle = made
    only, named = asked
    where = problem.rel(problem.bench)
    head = f"{problem.slug}: {where} run({problem.rel(problem.dist)})"
    if not _takes_command(run):
        if only is not None:
            raise BuildError(
                f"{where}: run(dist_path) starts the bundle itself, so --target cannot choose "
                "its interpreter; define run(dist_path, command, env) and start command with env"
            )
        print(head, flush=True)
        return _call_run(problem, "", run, str(dist))
    status = 0
    for python, label in _interpreters(problem, only, bundle, named):
        print(f"{head} under {label}", flush=True)
        command = judged.command(problem, python, dist)
        under = f" under {label}"
        status |= _call_run(problem, under, run, str(dist), command=command, env=run_environment())
    return status


def _interpreters(
    problem: Problem, only: Interpreter | None, bundle: Bundle, named: Runner | None = None
) -> list[tuple[Interpreter, str]]:
    """``only`` (labelled as ``named``, the runner ``--target`` named), else what the problem's
    targets are timed under here, each with its rows' label: the targets it times, a stand-in's
    marked as the build marks them (``pypy3.10*``), else its own name (the kit's Python); a
    line names each target timed under a stand-in (or not timed: a stand-in older than it that
    cannot run the bundle, whose crash would be no figure of the target's), the targets left
    untimed, and the kit's own Python when it stands in for them all."""
    if only is not None:
        return [(only, named.marked if named is not None else only.short)]
    chosen = _timing_interpreters(problem, bundle)
    here = list(found())
    runners = [runner_for(target, here) for target in problem.targets]
    timed = [runner for runner in runners if runner is not None]
    return [(python, _label(python, timed)) for python in chosen]


def _label(python: Interpreter, runners: list[Runner]) -> str:
    """The rows' label of ``python``: the targets it runs (``pypy3.10*`` for a stand-in), else
    its own name (the kit's Python standing in for targets without one)."""
    marks = [runner.marked for runner in runners if runner.interpreter == python]
    return "/".join(marks) or python.short


def _label_width(timed: list[tuple[Interpreter, str]]) -> int:
    """The width of the rows' label column: 7 (``pypy3.9``), or the widest label's."""
    return max([7, *(len(label) for _, label in timed)])


def _timing_interpreters(problem: Problem, bundle: Bundle) -> list[Interpreter]:
    """What the problem's targets are timed under here, each target timed under a stand-in
    (or not timed) said in a line, the targets left untimed named."""
    chosen = timing_interpreters(problem.targets)
    here = list(found())
    for target in problem.targets:
        runner = runner_for(target, here)
        if runner is None or runner.exact:
            continue
        why = stand_in_refusal(problem, bundle, runner)
        if why:
            chosen = [python for python in chosen if python != runner.interpreter]
            print(f"{problem.slug}: {target.name} not timed: {why}", flush=True)
            continue
        print(  # as the build's note says of its runs
            f"{problem.slug}: {target.name} timed under {runner.interpreter.label}: no "
            "interpreter of that version here",
            flush=True,
        )
    missing = untimed(problem.targets)
    if missing:
        names = ", ".join(target.name for target in missing)
        print(f"{problem.slug}: not timed under {names}: no such interpreter here", flush=True)
    if len(missing) == len(problem.targets):
        print(
            f"{problem.slug}: timed under the kit's own Python ({chosen[0].short}) instead",
            flush=True,
        )
    return chosen


def _takes_command(run) -> bool:
    """Does a bench's ``run`` take the parameters ``command`` and ``env``?"""
    try:
        parameters = inspect.signature(run).parameters
    except (TypeError, ValueError):
        return False
    return "command" in parameters and "env" in parameters


def _call_run(problem: Problem, under: str, run, *args, **kwargs) -> int:
    """0 or 1 from a bench's ``run``, a line saying so when it failed (``under``: " under
    cpython3.13", or empty); an exception in it is the bench's error, in one line."""
    where = problem.rel(problem.bench)
    try:
        with guest():
            returned = run(*args, **kwargs)
    except SystemExit as error:  # sys.exit(0) there ended the command, "ok", the rest unrun
        raise Unusable(f"{where}: run() exits ({exit_call(error)})") from None
    except Exception as error:
        raise Unusable(f"{where}: run() failed: {failure(error, problem.root)}") from None
    if returned:
        print(f"FAILED: {where}: run() returned {returned!r}{under}", flush=True)
    return 1 if returned else 0


def _time_case(command, case, limits, *, repeat, comparator, folder: Path, named=("", "")):
    """``repeat`` runs of one case (its stdin and expected output), each judged by the build's
    rules: the timing, the first failure's message (None when every run was accepted) and
    that failed run (None too). ``named``: the problem's input and output files, as the
    solution runs (``Problem.named_files``)."""
    stdin, expected = case
    timing = Timing()
    for _ in range(repeat):
        run = run_limited(command, stdin, folder, limits, named=named)
        found = process_verdict(run, limits)
        if found is not None:
            return timing, found[1], run
        wrong = _wrong(run, stdin, expected, comparator=comparator, folder=folder)
        if wrong:
            return timing, message(WA, wrong), run
        timing.add(run, limits.seconds(run))
    return timing, None, None


def _memory(limits: Limits, peak_kib: int) -> str:
    """The peak, and for a judge that counts the solution's own memory, that share."""
    text = f"peak {peak_kib / MIB:5.1f} MiB"
    if limits.memory == OWN:
        text += f" (own {limits.counted_kib(peak_kib) / MIB:.1f})"
    return text


def _load(problem: Problem):
    """Import bench/<slug>.py (the checkout on sys.path, so it may use the solutions)."""
    return import_from_checkout(problem, problem.bench, f"bench_{problem.slug}")


def _cases(problem: Problem, module) -> list[tuple[str, bytes, bytes | None]]:
    where = problem.rel(problem.bench)
    try:
        with guest():
            raw = list(module.cases())
    except SystemExit as error:  # sys.exit(0) there ended the command, "ok", nothing timed
        raise Unusable(f"{where}: cases() exits ({exit_call(error)})") from None
    except Exception as error:
        raise Unusable(f"{where}: cases() failed: {failure(error, problem.root)}") from None
    cases = []
    for item in raw:
        if not isinstance(item, tuple) or len(item) not in (2, 3):
            raise Unusable(f"{where}: cases() must give (name, stdin_text) pairs")
        name, stdin, *expected = item
        if not all(isinstance(text, (str, bytes)) for text in (stdin, *expected)):
            kinds = ", ".join(type(text).__name__ for text in (stdin, *expected))
            raise Unusable(
                f"{where}: case {name!r}: its input and expected output must be str or bytes, "
                f"not {kinds}"
            )
        try:
            cases.append((str(name), _bytes(stdin), _bytes(expected[0]) if expected else None))
        except UnicodeEncodeError as error:
            raise Unusable(
                f"{where}: case {name!r}: text that is not UTF-8: {error.reason} "
                f"({error.object[error.start]!r} at character {error.start})"
            ) from None
    if not cases:
        raise Unusable(f"{where}: cases() gave no case")
    names = [name for name, _, _ in cases]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise Unusable(f"{where}: cases() gave the name {twice[0]!r} twice (name each case once)")
    return cases


def _wrong(run, stdin: bytes, expected: bytes | None, *, comparator, folder: Path):
    """None for a correct output (or none to compare with), else what is wrong with it."""
    if expected is None:
        return None
    case = folder.parent / "case.in"  # beside the runs' working folder, inside the scratch
    case.write_bytes(stdin)
    return comparator.compare(case, expected, run.stdout)


def _bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


@contextlib.contextmanager
def _away(dist: Path, bundle: Bundle):
    """The bundle written in a folder of its own among the kit's temporary files, named as
    ``dist``, as the build stages it, removed after: what a run writes beside its own file is
    not left in ``dist/``, and ``__file__``'s parents are not the workspace, whose files a
    judge does not have. The text is the bundle's, not ``dist``'s: a build under an
    interpreter the judge does not run leaves ``dist/`` as it was (the bench timed that older
    bundle)."""
    with tempfile.TemporaryDirectory(prefix=f"{dist.stem}-") as folder:
        copy = Path(folder) / dist.name
        copy.write_text(bundle.text, encoding="utf-8")
        yield copy


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file ``path`` holds ``data`` (the build writes a bundle's UTF-8 bytes as
    they are; a file edited since, in another encoding or not there, does not)."""
    try:
        return path.is_file() and path.read_bytes() == data
    except OSError:
        return False


def _fresh_bundle(problem: Problem, named: Runner | None = None) -> Bundle:
    """The bundle the sources give, built first (with its samples) unless dist/<slug>.py is
    already that text (a crash's lines are told in the sources'). The build is the one
    ``cpkit`` runs (a case near the limit re-timed alone, the median deciding), under
    ``named`` alone when ``--target`` named one."""
    bundle = make_bundle(problem)
    if _holds(problem.dist, bundle.text.encode("utf-8")):
        return bundle
    print(f"{problem.slug}: building {problem.rel(problem.dist)} first", flush=True)
    result = build_problem(problem, RunOptions(), target=named)
    if result.status != Status.OK:
        raise BuildError(result.errors[0] if result.errors else f"{problem.slug}: build failed")
    return bundle

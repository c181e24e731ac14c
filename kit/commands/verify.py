"""``cpkit verify PACKAGE [SUBMISSION...]``: run a problem package's own jury submissions as its
judge would, and put the kit's verdict on each beside the one its folder (or Polygon tag)
allows, as setters check a package with problemtools' ``verifyproblem``.

The package is read in place (``kit.packages``): its cases in the judge's order, its limits
(time counted as its judge counts it: CPU time on Kattis), its validator or checker. The
Python submissions run under the judge's first target that has its own interpreter here
(``--target`` names another), the C and C++ ones as their binaries, compiled as problemtools
compiles them, a Polygon package's as Codeforces does (a note under the header says so; the
header names the interpreter, or with no Python submission run, the compile);
the verdicts are ``kit.verify.judging``'s, what agrees and what is too close to call on this machine
``kit.verify.verdict_agreement``'s. ``--include DIR`` adds a folder its C and C++ programs'
headers are looked for in. Under the header the package's notes, then a line
for its test data (``kit.verify.testdata_check``, a Kattis package's), one for its input
validators, when it has any (``kit.verify.input_check``: every one on every case's input, and on the
invalid inputs), one for its checker, when it is a program (``kit.verify.output_check``: junk and
odd outputs), one for its validation outputs, then one line per submission as it is judged, then a
count, and for a later-version Kattis package the bounds its submissions put on the time limit
(``kit.verify.limit_inference``), which also gives the limit of such a package that fixes none.

Exit status: 0 when no submission disagrees and the package's own programs pass its checks (no
input rejected, no invalid input accepted, no failure of the checker, every validation output
judged as its folder says, a limit that fits the bounds when the package fixes none, its
own answers accepted by its checker on the samples, no test data failure, nothing in the
package problemtools reports as an error whatever its submissions do: ``problemtools_errors``),
1 otherwise, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from kit.commands import add_jobs, add_target, named_path, paragraph, seconds, target_runner
from kit.errors import BuildError
from kit.judges import codeforces_compile, java_compile
from kit.judges.compiling import (
    SUBMISSION_FLAGS,
    MissingHeader,
    compiler_for,
    static_link_refused,
)
from kit.judges.profiles import CPU, profile_for
from kit.judges.targets import Runner, as_problem_target, runner_for_runs
from kit.package_problem import problem_from_package
from kit.packages import kattis_submissions
from kit.packages.model import KATTIS, PARTIALLY_ACCEPTED, POLYGON, Package, Submission
from kit.plurals import counted
from kit.problem_cases import judge_cases, sample_cases
from kit.registry import Problem
from kit.run.limits import over_limit
from kit.run.verdicts import OK, TLE
from kit.verify import judging, limit_inference, made_answers, report
from kit.verify.input_check import check_inputs
from kit.verify.judged_submissions import Judged
from kit.verify.output_check import check_outputs
from kit.verify.runnable_submissions import COMPILED_FORMATS, COMPILED_LANGUAGES
from kit.verify.testdata_check import check_data
from kit.verify.verdict_agreement import (
    AGREES,
    DISAGREES,
    TOO_CLOSE,
    Agreement,
    agreement,
    allowed,
    allowed_for,
    check_words,
    format_word,
)

HELP = (
    "check a problem package as its judge would: its test data, validators and checker, and "
    "its jury submissions, the kit's verdict beside each one's folder"
)


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("verify", help=HELP, description=paragraph(__doc__))
    parser.add_argument(
        "package", type=named_path, metavar="PACKAGE", help="a package's folder, or its zip or tar"
    )
    parser.set_defaults(intermixed="submissions")  # names may follow options too (kit.cli)
    parser.add_argument(
        "submissions",
        nargs="*",
        default=[],  # not listed as required when PACKAGE is missing
        metavar="SUBMISSION",
        help="only these: a file or a folder of them, or part of a name (accepted/, "
        "wrong_answer/slow.py)",
    )
    add_target(parser, "default: the judge's first target with its own interpreter here")
    add_jobs(parser)
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="S",
        help=(
            "the time limit, when the package fixes none (default: the format's rule); "
            "over the package's own, the header says so"
        ),
    )
    parser.add_argument(
        "--include",
        type=_folder,
        action="append",
        default=[],
        metavar="DIR",
        help="a folder the package's C and C++ programs' headers are looked for in (BAPCtools' "
        "headers/ for its validation.h); may be given more than once",
    )
    parser.set_defaults(run=run)
    return parser


def _folder(text: str) -> Path:
    path = named_path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: not a folder")
    return path


def run(args: argparse.Namespace) -> int:
    try:
        return _verify(args)
    except MissingHeader as error:  # a checker or interactor that needs a tool's header
        text = f"{error} (--include DIR gives the folder that holds it)"
        raise BuildError(_from_package(text, args.package)) from None
    except BuildError as error:
        raise BuildError(_from_package(str(error), args.package)) from None


def _from_package(text: str, package: Path) -> str:
    """An error about one of the package's files, which it names from the package's own
    folder (``./files/check.cpp``: the package is read as "."), named by the package's path."""
    return f"{package}/{text[2:]}" if text.startswith("./") else text


def _package_problem(args: argparse.Namespace, shown: str) -> tuple[Problem, bool]:
    """The package as a problem, and whether its time limit is fixed (the package's or
    ``--time-limit``); else under problemtools' provisional limit until it is derived."""
    include = tuple(args.include)
    try:
        return problem_from_package(args.package, shown, args.time_limit, include), True
    except BuildError as error:
        if "fixes no time limit" not in str(error):
            raise
    problem = problem_from_package(args.package, shown, judging.STAND_IN_LIMIT, include)
    return dataclasses.replace(problem, time_limit=judging.PROVISIONAL_LIMIT), False


def _display_name(shown: str) -> str:
    """How the header and the submissions' errors name the package: as the user gave it, and
    by its folder's name too when that path has none (``.``, ``..``)."""
    if Path(shown).name not in ("", ".."):
        return shown
    return f"{Path(shown).resolve().name} ({shown})"


def _verify(args: argparse.Namespace) -> int:
    shown = str(args.package)
    named = target_runner(args)
    folder, made = made_answers.answered(args.package, _display_name(shown), named)
    problem, fixed = _package_problem(
        argparse.Namespace(**{**vars(args), "package": folder}), shown
    )
    assert problem.source is not None
    check_words(problem.source.expectations, f"{shown}/submissions/submissions.yaml")
    chosen = _chosen(problem.source, args.submissions, _display_name(shown))
    runner = (
        as_problem_target(named, problem.targets) if named else runner_for_runs(problem.targets)
    )
    cases = sample_cases(problem) + judge_cases(problem)[0]
    done: dict[str, Judged] = {}
    extra: list[Judged] = []  # runs for the limit of submissions not asked for
    partial: list[Judged] = []
    if not fixed:
        # the whole package's bounding submissions, whichever are chosen: one limit for all
        if problem.source.submissions:
            print(_provisional_line(_display_name(shown)), flush=True)
        every = list(problem.source.submissions)
        done, partial = _bounding_runs(problem, every, runner, cases, args)
        infer = limit_inference.inferred_limit if problem.source.infers_time_limit else None
        problem = (infer or judging.derived_limit)(problem, [*done.values(), *partial])
        extra = [j for j in [*done.values(), *partial] if j.submission not in chosen]
    assert problem.source is not None
    ran = _what_ran(problem.source, chosen, runner)
    print(_header(problem, problem.source, ran, len(cases), _display_name(shown)), flush=True)
    for note in _other_runners(problem, chosen, runner, args.target is not None):
        print(note, flush=True)
    for note in [*_compiled_note(problem.source, chosen), *_java_note(problem, chosen)]:
        print(note, flush=True)
    for note in [*problem.source.notes, *_extra_note(extra), *made]:
        print(note, flush=True)
    data, inputs, outputs = _checked_data(problem, cases, args.jobs)
    if chosen:
        judged = _judged_table(problem, chosen, runner, cases, args, done)
        status = _summary(judged, problem)
    else:  # its data verified all the same; problemtools fails it for want of an accepted one
        judged, status = [], 0
        print(f"\nsubmissions: none run: {_none_found(problem.source)}")
    defects = _format_failures(problem.source) + report.defects(data, inputs, outputs)
    # the bounds of a limit derived are the runs it was derived from, each case's time known
    provisional = [*done.values(), *partial]
    derived_from = {entry.submission.name for entry in provisional}
    bounding = provisional + [
        entry for entry in judged if entry.submission.name not in derived_from
    ]
    defects += _time_bounds(problem, bounding, fixed)
    defects += [_failed_for_limit(entry) for entry in extra if _should_pass(entry)]
    for defect in defects:
        print(defect)
    return 1 if defects else status


def _checked_data(problem: Problem, cases: list, jobs: int | None) -> tuple:
    """The package's data, inputs and outputs checked, what each check found printed."""
    assert problem.source is not None
    data = check_data(problem.source)
    if data is not None:
        print("\n".join(report.data_lines(data)), flush=True)
    inputs = check_inputs(problem, jobs)
    if inputs is not None:
        print("\n".join(report.input_lines(inputs)), flush=True)
    outputs = check_outputs(problem, cases, jobs)
    if outputs is not None:
        print("\n".join(report.output_lines(outputs)), flush=True)
    return data, inputs, outputs


def _judged_table(
    problem: Problem,
    chosen: list[Submission],
    runner: Runner,
    cases: list,
    args: argparse.Namespace,
    provisional: dict[str, Judged],
) -> list[Judged]:
    """Each chosen submission judged under the limit chosen (a provisional run's verdict is
    not the limit's: a game that sleeps 3 s passed under 300 s; under 1 s, margin 1, it is
    killed at 2 s), a row of the table printed as each ends; but one whose ``provisional`` run
    settles it (``judging.settled``: every case passed, clear of the limit and of the kill),
    which is its row, as problemtools runs an accepted submission once."""
    assert problem.source is not None
    width = max(len(name) for name in [*(s.name for s in chosen), "submission"])
    words = [_column(problem.source, s) for s in chosen]
    widths = (width, max(len(word) for word in [*words, "folder"]))
    print(f"{'submission':<{width}}  {'folder':<{widths[1]}}  {'kit':<4}  {'slowest':>9}  result")
    judged = []
    named = args.target is not None
    for submission in chosen:
        own = _runner_of(problem, submission, runner, named)
        entry = provisional.get(submission.name)
        kept = entry is not None and judging.settled(problem, entry, own)
        if entry is None or not kept:
            entry = judging.judge_submission(problem, submission, own, cases, args.jobs)
        judged.append(entry)
        print(_row(entry, widths, problem, kept), flush=True)
    return judged


def _extra_note(extra: list[Judged]) -> list[str]:
    """The note naming the submissions not asked for that ran for the time limit (not those
    of a language the kit does not run: they took no run)."""
    ran = [judged for judged in extra if judged.verdict is not None]
    if not ran:
        return []
    named = ", ".join(f"{j.submission.name} ({j.verdict})" for j in ran)
    return [f"note: the time limit also took the runs of submissions not asked for: {named}"]


def _should_pass(entry: Judged) -> bool:
    """A run for the limit of a submission whose folder allows only a pass, that failed."""
    allows = allowed_for(entry.package_format, entry.submission)
    return entry.verdict not in (OK, None) and allows == (OK,)


def _failed_for_limit(entry: Judged) -> str:
    return (
        f"{entry.submission.name}, run for the time limit, gives {entry.verdict}: "
        f"{entry.said or 'a failure'}"
    )


def _runner_of(problem: Problem, submission: Submission, runner: Runner, named: bool) -> Runner:
    """Who runs ``submission``: ``runner`` (``--target``'s when ``named``, for every one), but
    where the package names another implementation than the runner's (Polygon's
    ``python.pypy3``, as Polygon runs it), the judge's first target of that one."""
    impl = submission.impl
    if named or impl is None or impl == runner.target.impl:
        return runner
    same = [target for target in problem.targets if target.impl == impl]
    return runner_for_runs(same) if same else runner


def _other_runners(
    problem: Problem, chosen: list[Submission], runner: Runner, named: bool
) -> list[str]:
    """A note per submission that runs under another interpreter than the header says."""
    notes = []
    for submission in chosen:
        own = _runner_of(problem, submission, runner, named)
        if own is not runner:
            notes.append(
                f"note: {submission.name} runs under {own.described}, as the package's "
                f"{submission.impl} type asks"
            )
    return notes


COMPILED_KINDS = [("C", "c", "gcc"), ("C++", "cpp", "g++")]


def _compiled_note(package: Package, chosen: list[Submission]) -> list[str]:
    """The note for a package's C and C++ submissions: compiled as problemtools compiles them
    (``kit.judges.compiling.SUBMISSION_FLAGS``), a Polygon package's as Codeforces does
    (``_codeforces_note``), run as the others are."""
    languages = {s.language for s in chosen if s.language in COMPILED_LANGUAGES}
    if package.format == POLYGON and languages:
        return [_codeforces_note(languages)]
    if package.format != KATTIS or not languages:
        return []
    how = "; ".join(
        f"{language}: {compiler} {' '.join(SUBMISSION_FLAGS[kind])}"
        for language, kind, compiler in COMPILED_KINDS
        if language in languages
    )
    return [
        f"note: C and C++ submissions compiled as problemtools compiles them ({how}; "
        "languages.yaml), run under the same limits, their CPU time counted the same"
    ]


def _java_note(problem: Problem, chosen: list[Submission]) -> list[str]:
    """The note for a package's Java submissions: compiled and run as problemtools does, a
    Polygon package's as Codeforces does (``kit.judges.java_compile``), with what differs
    here said."""
    if problem.source is None or problem.source.format not in (KATTIS, POLYGON):
        return []
    if not any(submission.language == "Java" for submission in chosen):
        return []
    javac = compiler_for("java")
    if javac is None:
        return []  # each row says so
    if problem.source.format == POLYGON:
        said = java_compile.described(javac, problem.memory_limit, java_compile.CODEFORCES)
        return [f"note: Java solutions {said}"]
    return [f"note: Java submissions {java_compile.described(javac, problem.memory_limit)}"]


def _codeforces_note(languages: set[str]) -> str:
    """How a Polygon package's C and C++ solutions are compiled: Codeforces' flags, the
    standard of each one's type, ``-static`` where this machine links it; and what differs,
    its Windows stack and ``long`` (32 bits there, 64 here: kit.judges.codeforces_compile)."""
    how = "; ".join(
        f"{language}: {compiler} {' '.join(codeforces_compile.FLAGS[kind])} -std=(its type's)"
        + ("" if static_link_refused(kind) else " -static")
        for language, kind, compiler in COMPILED_KINDS
        if language in languages
    )
    return (
        f"note: C and C++ solutions compiled as Codeforces compiles their types ({how}), "
        "without its Windows linker's --stack: the stack is the run's, as for the others; "
        "long is 64 bits here, 32 on Codeforces' Windows: a solution tagged wrong answer for "
        "overflowing a long may pass here"
    )


def _format_failures(package: Package) -> list[str]:
    """A line for what problemtools reports as errors in the package whatever its submissions
    do (``Package.problemtools_errors``: no problem.yaml, no accepted submission, a legacy
    ``validation`` it refuses, a 2023-07 package's missing uuid): exit status 1, though the
    kit verifies the rest as its notes say."""
    errors = package.problemtools_errors
    return [f"the package fails problemtools' checks: {'; '.join(errors)}"] if errors else []


def _provisional_line(name: str) -> str:
    """What runs before the header when the package fixes no time limit: its accepted
    submissions, under problemtools' provisional limit, which a looping one takes in full."""
    return (
        f"verify {name}: no time limit in the package: its accepted submissions run first, "
        f"under problemtools' provisional {judging.PROVISIONAL_LIMIT:g} s, to derive it "
        "(--time-limit S sets one)"
    )


def _bounding_runs(
    problem: Problem, chosen: list[Submission], runner: Runner, cases: list, args
) -> tuple[dict[str, Judged], list[Judged]]:
    """Before the limit is known, the submissions that bound it from below run under
    PROVISIONAL_LIMIT, by name: problemtools' accepted ones (not a scoring problem's partially
    accepted ones), on the cases up to their first failure; for the later formats, each one's
    cases that a lower-bound rule covers, all of them (a run of only some is left out of the
    result, for its row to run them all)."""
    package = problem.source
    assert package is not None
    done, partial = {}, {}
    for submission in chosen:
        if package.infers_time_limit:
            some = limit_inference.lower_cases(problem, submission, cases)
        else:
            bounds = submission.folder != PARTIALLY_ACCEPTED  # problemtools: accepted ones
            allows_ok = OK in allowed_for(package.format, submission)
            some = cases if bounds and allows_ok else []
        if some:
            own = _runner_of(problem, submission, runner, args.target is not None)
            entry = judging.judge_submission(
                problem,
                submission,
                own,
                some,
                args.jobs,
                every_case=package.infers_time_limit,
                provisional=True,
            )
            (done if len(some) == len(cases) else partial)[submission.name] = entry
    return done, list(partial.values())


def _time_bounds(problem: Problem, judged: list[Judged], fixed: bool) -> list[str]:
    """For a package of a later Kattis version: its bounds' line and what the limit breaks of
    them, a warning each for a limit it gives, or the one line that says no limit fits
    (returned: exit status 1) for one derived from the submissions."""
    package = problem.source
    assert package is not None
    if not package.infers_time_limit:
        return []
    bounds = limit_inference.time_bounds(judged, package.expectations)
    print(_bounds_line(bounds, package.multiplier, package.margin))
    broken = limit_inference.breaches(
        problem.time_limit, bounds, package.multiplier, package.margin
    )
    if not fixed and broken and bounds.lower is not None:  # without one: provisional, said
        return [f"no time limit fits the package's submissions (the format's rule): {broken[0]}"]
    for line in broken:
        print(f"  warning: {line}")
    return []


def _bounds_line(bounds: limit_inference.Bounds, multiplier: float, margin: float) -> str:
    parts = []
    if bounds.lower is not None:
        low = bounds.lower
        parts.append(f"at least {low.seconds:.3f} s x {multiplier:g} ({low.where})")
    if bounds.upper is not None:
        high = bounds.upper
        parts.append(f"at most {high.seconds:.3f} s / {margin:g} ({high.where})")
    return "time limit bounds: " + ("; ".join(parts) or "none (no submission bounds it)")


def _chosen(package: Package, wanted: list[str], shown: str) -> list[Submission]:
    """The submissions named (a path of one or of a folder holding it, or part of a name,
    ``submissions/`` before it or not), else every one."""
    if not package.submissions and wanted:
        raise BuildError(f"{shown}: no jury submissions to choose from: {_none_found(package)}")
    if not wanted:
        return list(package.submissions)
    chosen = []
    for text in wanted:
        found = [s for s in package.submissions if _named(s, text)]
        if not found:
            names = ", ".join(s.name for s in package.submissions)
            raise BuildError(f"no submission of {shown} matches {text!r} (it has {names})")
        chosen += [s for s in found if s not in chosen]
    return chosen


def _none_found(package: Package) -> str:
    """What the package holds where its format keeps the jury's submissions, having none."""
    if package.format == POLYGON:
        return "problem.xml lists no solution (<assets><solutions>)"
    return kattis_submissions.none_found(package.path)


def _named(submission: Submission, text: str) -> bool:
    """Whether ``text`` names ``submission``: the path of its file or of a folder holding it
    (from the current folder, or absolute), or part of its name, ``submissions/`` before it or
    not (as the package's folders name it too)."""
    path, own = Path(text).resolve(), submission.path.resolve()
    if own == path or (path.is_dir() and path in own.parents):
        return True
    return text.removeprefix("submissions/") in submission.name


def _what_ran(package: Package, chosen: list[Submission], runner: Runner) -> str:
    """What the header says ran the submissions: the interpreter (``runner``'s), but for
    submissions none of which is Python, the compile of the C, C++ and Java ones (a Polygon
    package of C++ solutions said "submissions under CPython 3.13")."""
    if not chosen or any(submission.language == "Python" for submission in chosen):
        return f"submissions under {runner.described}"
    kinds = [*(language for language, _, _ in COMPILED_KINDS), "Java"]
    compiled = [k for k in kinds if any(submission.language == k for submission in chosen)]
    if not compiled or package.format not in COMPILED_FORMATS:
        return "no Python submission"
    return f"{' and '.join(compiled)} submissions compiled as the note says, no Python one"


def _header(problem: Problem, package: Package, ran: str, count: int, shown: str) -> str:
    profile = profile_for(problem.judge)
    clock = "CPU time" if profile is not None and profile.time == CPU else "wall time"
    samples = len(package.cases_of("sample"))
    kind = f"{problem.kind}, multi-pass" if package.passes else problem.kind
    return (
        f"verify {shown}: {package.format} package, {kind}; time limit "
        f"{problem.time_limit:g} s ({package.time_from}; {clock}, as {problem.judge} counts it), "
        f"{problem.memory_limit} MiB; {counted(count, 'case')} "
        f"({samples} sample, {count - samples} secret); margin {package.margin:g} "
        f"({package.margin_from}); {ran}"
    )


KEPT = "(its run for the time limit, every case clear of it: not run again)"


def _row(entry: Judged, widths: tuple[int, int], problem: Problem, kept: bool = False) -> str:
    """A submission's row; ``widths``: of the name and folder columns; ``kept``: its run under
    the provisional limit, which the row says (its slowest case is that run's)."""
    submission, package = entry.submission, entry.package_format
    assert problem.source is not None
    words = _column(problem.source, submission)
    width, folder = widths[0], f"{words:<{widths[1]}}"
    if entry.verdict is None:
        said = f"{DISAGREES}: {entry.said}" if entry.compile_error else entry.said
        return f"{submission.name:<{width}}  {folder}  {'-':<4}  {'-':>9}  {said}"
    assert problem.source is not None
    found = _agreement(entry, problem)
    text = found.outcome + (f": {found.reason}" if found.reason else "")
    if entry.said and found.outcome != TOO_CLOSE:
        text += f" ({entry.said})" if found.reason else f": {entry.said}"
    if entry.score is not None and not found.reason.startswith("score"):
        text += f" (score {entry.score:g})"  # a scoring problem's, whatever the folder
    if kept:
        text += f" {KEPT}"
    text += _clock_remark(entry, problem)
    kit = format_word(entry.verdict, package)
    time = f"{entry.seconds:.3f} s"
    return f"{submission.name:<{width}}  {folder}  {kit:<4}  {time:>9}  {text}"


def _clock_remark(entry: Judged, problem: Problem) -> str:
    """Which clocks a row's slowest time over the limit is, when its verdict is no TLE (a run
    that ended before its kill, judged for its output): under a wall-clock judge the wall
    time, and whether its CPU time is under the limit; "" otherwise (a CPU judge's column is
    the CPU time the limit counts, as its header says)."""
    profile = profile_for(problem.judge)
    over = over_limit(entry.seconds, problem.time_limit) and entry.verdict != TLE
    if not over or (profile is not None and profile.time == CPU):
        return ""
    if entry.cpu is None:
        return f" (wall {entry.seconds:.3f} s)"
    side = "over" if over_limit(entry.cpu, problem.time_limit) else "under"
    return f" (wall {entry.seconds:.3f} s, CPU {side} the limit)"


def _folder_words(package: Package, folder: str) -> str:
    """What a folder allows, in the format's words ("WA", "TLE or AC"); "yaml" for a folder of
    the package's own, which only its submissions.yaml speaks for (``partially_accepted``
    too, where submissions.yaml is read: it is no default folder of 2025-09's)."""
    if folder == PARTIALLY_ACCEPTED and package.expectations:
        return "yaml"
    kinds = allowed(package.format, folder)
    words = (format_word(verdict, package.format) for verdict in kinds)
    return " or ".join(dict.fromkeys(words)) or "yaml"


def _column(package: Package, submission: Submission) -> str:
    """A submission's folder column: what its ``@EXPECTED_RESULTS@`` tag allows where that
    decides ("tag" when it allows nothing a run gives), else its folder's words."""
    if not submission.expected_results:
        return _folder_words(package, submission.folder)
    kinds = allowed_for(package.format, submission)
    words = (format_word(verdict, package.format) for verdict in kinds)
    return " or ".join(dict.fromkeys(words)) or "tag"


def _agreement(entry: Judged, problem: Problem) -> Agreement:
    package = problem.source
    assert package is not None
    return agreement(entry, problem.time_limit, package.margin, package.expectations)


def _summary(judged: list[Judged], problem: Problem) -> int:
    assert problem.source is not None
    outcomes = [
        DISAGREES if entry.compile_error else _agreement(entry, problem).outcome
        for entry in judged
        if entry.verdict is not None or entry.compile_error
    ]
    counts = [
        f"{outcomes.count(AGREES)} agree",
        f"{outcomes.count(TOO_CLOSE)} too close to call on this machine",
        f"{outcomes.count(DISAGREES)} disagree",
    ]
    unrun = len(judged) - len(outcomes)
    if unrun:
        counts.append(f"{unrun} not run")
    print(f"\n{counted(len(judged), 'submission')}: {', '.join(counts)}")
    return 1 if DISAGREES in outcomes else 0

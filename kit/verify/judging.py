"""``verify``: a problem package's jury submissions run as its judge runs them, each one's
verdict beside the one its folder (Kattis format) or tag (Polygon) allows.

A submission's verdict is its first failing case's, as a judge that stops there gives it (the
Kattis format's ``on_reject: break``, Codeforces' order), or ok; a Kattis package whose test
data groups set ``on_reject: continue`` or ``grader_flags`` runs every case and gets its
default grader's verdict (``kit.verify.grading``), and a scoring problem's submission its score too
(below). Each Python 3 submission runs as it is written (no
bundle), every case as the build runs one (``kit.run.cases``, with ``first_failure``); one of
several files runs its entry point (``kit.packages.kattis_submissions``) with its other files
beside it. A Kattis package's C or C++ submission is compiled as problemtools compiles it,
a Polygon package's as Codeforces compiles its source type
(``kit.verify.runnable_submissions.compiled``: a compile error is its row's, as problemtools
reports one whatever the folder) and its binary runs every case the same way, under the same
limits (CPU time, memory, output) and judged the same, its time in the limit derived as
problemtools times it (below). Others (another language, Python 2, a Polygon type naming no
standard the kit maps) are not run, nor is one over the package's code limit or one an
older stand-in cannot run (``kit.verify.runnable_submissions``).

**A package with ``submissions/submissions.yaml``** (the 2025-09 format) says what verdicts
each submission may give on every case and must give on some, and a text its judge messages
must hold (``kit.packages.expectations``): its submissions run on every case, and agree when
every rule that matches them is met; a rule met only if cases within the margin of the limit
(either side) went the other way is too close to call. Its own folders (``mixed/``) are read
too; they have no default verdicts.

What each folder (Kattis format) or tag (Polygon) allows, and the formats' words for the
kit's verdicts, are ``kit.verify.verdict_agreement``'s, with the rules below of what agrees.

**A scoring problem** (legacy and 2023-07 Kattis packages, as problemtools judges them):
``accepted`` and ``partially_accepted`` ask for AC; the score (``kit.verify.grading``) is shown
beside it, and a group's score outside its ``range`` disagrees. An accepted submission short
of the full score (the root's ``range`` maximum, or minimum for ``objective: min``), or a
partially accepted one with it, still agrees, as problemtools only warns; the row says so.
A validator's ``score.txt`` against the package's rules is a judge error
(``kit.verify.submission_scores``: one on a wrong answer, one where the problem takes no score from
its validator, one that is not a number, none where ``validation: custom score`` asks for one;
problemtools, judge/validate.py).

**A Polygon scoring problem** (its tests carry points) runs every test of each submission,
as Polygon judges one, and scores the run (``kit.verify.polygon_points``): a checker's points
(testlib's ``quitp``) accept the output and are the test's score, a complete group's points
need every test of it, a group's dependencies passed; the tag decides the row as in a
pass-fail problem, the score beside it.

**A 2025-09 scoring problem** is scored by that version's model (``kit.verify.score_aggregation``):
its folders keep their verdict rules, its row ends with the score, a score against the
format's rules makes the case (or for a group over its ``max_score``, the run) a judge error,
and ``submissions.yaml``'s ``score`` asks for the submission's score or a group's.

**Too close to call on this machine**: time is not the same on every machine, so a difference
a faster or slower one could turn is not a disagreement: a time-limit submission that passes
here in a time that, times the package's margin (``time_safety_margin`` or
``time_limit_to_tle``: the factor over the limit the format asks a time-limit submission to
take), reaches the limit, or that times out here in less than the limit times that factor
(its runs are not killed before: ``MARGIN_HEADROOM``); and an accepted one over the limit
here by less than that factor, unless the cases after that time-out, run on, fail otherwise
(problemtools judges the whole submission again at the limit times the margin: ``at_margin``;
a graded or scored package's are not run on). Anything else that differs disagrees.

**A package without a time limit** (a legacy Kattis package without ``.timelimit``) gets
problemtools' own: the slowest accepted submission's time (Python, C or C++: every one the
kit runs, as problemtools times every language) times the package's multiplier,
rounded up to a whole second, at least 1 s (problemtools/verifyproblem.py,
``_compute_time_limit``); the accepted ones run first, under ``PROVISIONAL_LIMIT``, problemtools'
own 300 s (verifyproblem.py at a185fe97: "5 minutes is our currently hard coded upper bound for
what to allow when we don't know the time limit yet"), killed one second past it as its CPU
limit kills them (``PROVISIONAL_KILL``: a submission that sleeps is killed there too); one whose
run there settles its verdict under the limit derived (``settled``) is not run again. A package
of a later version gets the format's own inference (``kit.verify.limit_inference``).

API::

    judge_submission(problem, submission, runner, cases, jobs[, every_case]) -> Judged
    case_path(problem, case) -> str  # "secret/group1/01"
    derived_limit(problem, accepted: list[Judged]) -> Problem
    settled(problem, provisional: Judged, runner) -> bool  # its run is what the limit's gives
"""

from __future__ import annotations

import dataclasses
import math

from kit.judges.targets import Runner
from kit.packages.model import KATTIS, Package, Submission
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run.cases import Column, RunOptions, run_all
from kit.run.limits import KILL_FACTOR, limits_for
from kit.run.verdicts import OK, TLE, Verdict
from kit.verify.grader_program import package_grader
from kit.verify.judged_submissions import Judged
from kit.verify.polygon_points import run_score
from kit.verify.runnable_submissions import (
    beyond_stand_in,
    compiled,
    over_code_limit,
    unrunnable,
)
from kit.verify.submission_scores import aggregated, graded_failure, score_checked
from kit.verify.verdict_agreement import allowed_for, format_word, slow_pass

PROVISIONAL_LIMIT = 300.0  # seconds: the accepted submissions' limit while it is not known
PROVISIONAL_KILL = PROVISIONAL_LIMIT + 1  # problemtools' CPU limit there: ceil(limit) + 1
# the limit of the rows when none can be derived (no accepted submission the kit runs ended),
# where problemtools would derive one from the others: a time-limit submission is not run for
# 300 s
STAND_IN_LIMIT = 10.0
MARGIN_HEADROOM = 1.2  # a run is killed past the limit x the margin x this (or KILL_FACTOR)


def _run_options(
    problem: Problem,
    submission: Submission,
    jobs: int | None,
    *,
    every_case: bool,
    provisional: bool,
) -> RunOptions:
    """How ``judge_submission`` runs a submission's cases: a time-limit run's time counts up
    to the limit x the margin (agreement, and kit.verify.limit_inference's upper bound), so it is
    not killed before that; under the provisional limit, at ``PROVISIONAL_KILL``. A Polygon
    scoring problem's checker's points accept (``RunOptions.scored_points``)."""
    package = problem.source
    assert package is not None
    kill = max(KILL_FACTOR, package.margin * MARGIN_HEADROOM)
    if provisional:
        kill = PROVISIONAL_KILL / problem.time_limit
    return RunOptions(
        jobs=jobs,
        first_failure=not every_case,
        kill_factor=kill,
        beside=submission.beside,
        output_last=package.format == KATTIS,  # as problemtools judges its output
        judged_at=1.0 if provisional else package.margin,
        scored_points=package.scored_by_points,  # a Polygon scoring problem's checker's points
    )


def _record_cases(judged: Judged, verdicts: list, messages: dict, order: dict, where: dict) -> None:
    """Every case's verdict and message kept in ``judged``, in the cases' order, by path."""
    judged.cases = tuple(
        (where[v.case], Verdict(v.word), v.seconds)
        for v in sorted(verdicts, key=lambda v: order[v.case])
    )
    judged.messages = tuple((where[case], text) for case, text in messages.items() if case in where)


def judge_submission(
    problem: Problem,
    submission: Submission,
    runner: Runner,
    cases: list[Case],
    jobs: int | None,
    every_case: bool = False,
    provisional: bool = False,
) -> Judged:
    """Run one submission on the cases, stopping at its first failing case unless
    ``every_case``, the package's submissions.yaml or its grading (``kit.verify.grading``: its
    verdict then) asks for all of them, or it is a Polygon scoring problem (its score then);
    ``provisional``: under ``PROVISIONAL_LIMIT``, before
    the package's limit is known."""
    assert problem.source is not None
    judged = Judged(submission, problem.source.format)
    own = _runs_under(judged, problem, runner)
    if own is None:
        return judged
    runner = own
    column = Column(runner.target, runner, static_only=False)
    package = problem.source
    scored_tests = package.scored_by_points
    every_case = every_case or any((package.expectations, package.grading, package.score_groups))
    options = _run_options(
        problem, submission, jobs, every_case=every_case or scored_tests, provisional=provisional
    )
    ran = run_all(problem, None, submission.path, cases, [column], options=options)
    verdicts, messages = score_checked(ran, package)
    # an accepted one's time-out within the margin: its cases run on (not under the
    # provisional limit, over which problemtools has no margin)
    runs_on = _runs_on(package, submission, provisional)
    if runs_on:
        more, said = _past_the_margin(problem, submission, column, cases, options, verdicts)
        verdicts, messages = verdicts + more, {**said, **messages}
    order = {case.name: index for index, case in enumerate(cases)}
    where = {case.name: case_path(problem, case) for case in cases} if every_case else {}
    if package.score_groups:
        verdicts = aggregated(package, where, verdicts, messages, judged)
    if scored_tests:  # a Polygon scoring problem: every test's points
        judged.score, judged.full_score = run_score(package, verdicts)
    if package.grading:
        grader = package_grader(problem)
        failing = graded_failure(package, where, verdicts, judged, grader)
        if grader is not None and grader.failure:
            messages[""] = grader.failure
    else:
        failing = sorted((order[v.case], v.case, v.word) for v in verdicts if v.word != OK)
    judged.seconds = max((v.seconds for v in verdicts), default=0.0)
    walls = [v.wall for v in verdicts if v.wall is not None]
    judged.wall = max(walls) if walls and len(walls) == len(verdicts) else None
    cpus = [v.cpu for v in verdicts if v.cpu is not None]
    judged.cpu = max(cpus) if cpus and len(cpus) == len(verdicts) else None
    if every_case:
        _record_cases(judged, verdicts, messages, order, where)
    if failing:
        _, case, word = failing[0]
        judged.verdict = Verdict(word)
        said = messages.get(case, f"the grader's verdict {format_word(Verdict(word), KATTIS)}")
        judged.said = f"{case}: {said}" if case else said
        if runs_on:
            judged.at_margin = _at_margin(problem, verdicts, order, messages)
    else:
        judged.verdict = OK
    return judged


def settled(problem: Problem, provisional: Judged, runner: Runner) -> bool:
    """Whether a submission's run under ``PROVISIONAL_LIMIT`` on every case (``judge_submission``
    with ``provisional``) is what a run under the problem's limit by ``runner`` would give, so
    that it need not run again: every case passed, its slowest case's time as the limit counts
    it is clear of that limit, and its wall clock clear of where that run is killed (a sleeper,
    an idle game: ``kit.run.limits``' timeout), each by the package's margin: neither too
    close to call by ``slow_pass``. Its other limits are the same."""
    assert problem.source is not None
    wall, margin = provisional.wall, problem.source.margin
    if provisional.verdict != OK or wall is None:
        return False
    options = _run_options(
        problem, provisional.submission, None, every_case=False, provisional=False
    )
    limits = limits_for(
        problem,
        runner,
        options.kill_factor,
        output_last=options.output_last,
        judged_at=options.judged_at,
    )
    clear_cpu = not slow_pass(provisional.seconds, problem.time_limit, margin)
    return clear_cpu and not slow_pass(wall, limits.timeout, margin)


def _runs_under(judged: Judged, problem: Problem, runner: Runner) -> Runner | None:
    """Who runs the submission: ``runner``, or for a C, C++ or Java one its program, compiled
    now as its judge compiles it (``compiled``: Java's heap the memory limit); None when it is
    judged without a run (over the code limit, a compile error, a language the kit does not
    run, beyond the stand-in's Python), with the reason in ``judged``."""
    submission, package = judged.submission, problem.source
    assert package is not None
    over = over_code_limit(submission, package.code_limit)
    own, why, judged.compile_error = (None, over, True) if over else (None, "", False)
    if not over:
        own, why, judged.compile_error = compiled(
            submission, runner, package.format, problem.memory_limit
        )
    if own is not None:
        return own
    if not why:
        why, judged.compile_error = unrunnable(submission)
        why = why or beyond_stand_in(submission, runner)
    judged.said = why or judged.said
    return None if why else runner


def _runs_on(package: Package, submission: Submission, provisional: bool) -> bool:
    """Whether a time-out within the margin is judged again at the limit x the margin: for a
    submission its folder allows to pass, judged case by case (not graded), under a known
    limit."""
    allows_ok = OK in allowed_for(package.format, submission)
    return allows_ok and not (package.grading or package.score_groups or provisional)


def _marginal(problem: Problem, verdict) -> bool:
    """A case over the time limit by less than the package's margin (the margin's rule:
    ``kit.verify.verdict_agreement``'s ``_too_close``): a pass at the limit x the margin, where
    problemtools judges a submission again (its run was not killed before, and a time-out's
    output was judged before its time)."""
    assert problem.source is not None
    limit, margin = problem.time_limit, problem.source.margin
    return verdict.word == TLE and verdict.seconds <= limit * margin


def _past_the_margin(problem, submission, column, cases, options, verdicts) -> tuple:
    """A run stopped at its first failing case, a time-out within the margin: the cases after
    it run too, up to the first that fails at the limit x the margin (``_marginal``), for
    ``_at_margin``; their verdicts (none when the run was not so stopped) and messages."""
    order = [case.name for case in cases]
    found, more, messages = list(verdicts), [], {}
    if not options.first_failure:  # every case ran already
        return more, messages
    while True:
        failed = [order.index(v.case) for v in found if v.word != OK]
        if not failed or not all(_marginal(problem, v) for v in found if v.word != OK):
            break
        rest = cases[max(failed) + 1 :]
        if not rest:
            break
        ran = run_all(problem, None, submission.path, rest, [column], options=options)
        found, said = score_checked(ran, problem.source)
        more += found
        messages.update(said)
    return more, messages


def _at_margin(problem: Problem, verdicts: list, order: dict, messages: dict):
    """The submission's verdict and what its first failing case said at the limit x the
    margin (problemtools, verifyproblem.py: each case run once under that limit, the whole
    submission judged at both; "sensitive to time limit"), when it differs; else None."""
    failing = sorted((order[v.case], v) for v in verdicts if v.word != OK)
    if not failing or failing[0][1].word != TLE:
        return None
    later = [v for _, v in failing if not _marginal(problem, v)]
    if not later:
        return (OK, "")
    first = later[0]
    if first is failing[0][1]:
        return None
    return (Verdict(first.word), f"{first.case}: {messages.get(first.case, first.word)}")


def case_path(problem: Problem, case: Case) -> str:
    """A package case's path as submissions.yaml names it: under data/, without ``.in``."""
    assert problem.source is not None
    data = problem.source.path / "data"
    return case.input.relative_to(data).with_suffix("").as_posix()


STAND_IN = f"the kit's stand-in {STAND_IN_LIMIT:g} s, not the package's"


def stand_in(problem: Problem, why: str) -> Problem:
    """The problem under ``STAND_IN_LIMIT``, ``why`` said as where its limit comes from."""
    assert problem.source is not None
    source = dataclasses.replace(problem.source, time_from=why)
    return dataclasses.replace(problem, time_limit=STAND_IN_LIMIT, source=source)


def derived_limit(problem: Problem, accepted: list[Judged]) -> Problem:
    """The problem with problemtools' time limit, from its accepted submissions' run: the
    slowest that ended on its own, passed or not, as problemtools takes every accepted
    submission's runtime (verifyproblem.py, ``Submissions.check``; a failing one's row then
    disagrees; a C, C++ or Java one's too, compiled and run here); when none did (none the kit
    runs, or every one killed at the provisional limit),
    ``STAND_IN_LIMIT``, said to be one, and the rows judged under it."""
    package = problem.source
    assert package is not None
    ran = [j for j in accepted if j.verdict not in (None, TLE) and j.seconds > 0]
    slowest_run = max(ran, key=lambda judged: judged.seconds, default=None)
    slowest = 0.0 if slowest_run is None else slowest_run.seconds
    if not slowest:
        why = (
            f"the package fixes none, and no accepted submission run here (Python 3, C, C++, Java) "
            f"ended within "
            f"problemtools' provisional {PROVISIONAL_LIMIT:g} s: {STAND_IN}"
        )
        return stand_in(problem, why)
    limit = max(1, math.ceil(slowest * package.multiplier - 1e-9))
    passed = slowest_run is not None and slowest_run.verdict == OK
    which = "slowest accepted" if passed else "slowest accepted, though it failed,"
    rule = f"problemtools' rule: {which} {slowest:.3f} s x {package.multiplier:g}, rounded up"
    # not a compile error: problemtools reports it and times it not
    unrun = sum(judged.verdict is None and not judged.compile_error for judged in accepted)
    if unrun:  # problemtools times them too: its limit may be higher
        them = "it" if unrun == 1 else "them"
        rule += (
            f", of the ones run here only ({unrun} accepted not run here; "
            f"problemtools times {them} too, and its limit may be higher)"
        )
    package = dataclasses.replace(package, time_from=rule)
    return dataclasses.replace(problem, time_limit=limit, source=package)

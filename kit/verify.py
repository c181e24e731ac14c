"""``verify``: a problem package's jury submissions run as its judge runs them, each one's
verdict beside the one its folder (Kattis format) or tag (Polygon) allows.

A submission's verdict is its first failing case's, as a judge that stops there gives it (the
Kattis format's ``on_reject: break``, Codeforces' order), or ok; a Kattis package whose test
data groups set ``on_reject: continue`` or ``grader_flags`` runs every case and gets its
default grader's verdict (``kit.grading``), and a scoring problem's submission its score too
(below). Each Python 3 submission runs as it is written (no
bundle), every case as the build runs one (``kit.run.cases``, with ``first_failure``); one of
several files runs its entry point (``kit.packages.kattis_submissions``) with its other files
beside it. Others (another language, Python 2) are not run, nor is one over the package's code
limit or one an older stand-in cannot run (``kit.runnable_submissions``).

**A package with ``submissions/submissions.yaml``** (the 2025-09 format) says what verdicts
each submission may give on every case and must give on some, and a text its judge messages
must hold (``kit.packages.expectations``): its submissions run on every case, and agree when
every rule that matches them is met; a rule met only if cases within the margin of the limit
(either side) went the other way is too close to call. Its own folders (``mixed/``) are read
too; they have no default verdicts.

**What each folder allows**, in the kit's verdicts (``kit.run.verdicts``):

- Kattis format (Kattis/problem-package-format, spec/legacy.md "Example submissions", and
  spec/2025-09.md "Default directories"): ``accepted`` ok; ``wrong_answer`` WA;
  ``time_limit_exceeded`` TLE; ``run_time_error`` RE, or MLE, since problemtools, the format's
  own tool, has no memory verdict (problemtools/judge/execute.py knows TLE and RTE: a program
  over the memory limit crashes); ``rejected`` any rejection; ``brute_force`` TLE, RE or MLE.
- Polygon's tags, as the p2d converter maps them to those folders (cn-xcpc-tools/
  Polygon2DOMjudge, config.example.toml, ``[tag]``): ``main`` and ``accepted`` ok;
  ``wrong-answer`` WA; ``presentation-error`` PE (Codeforces' WA that says it was one);
  ``time-limit-exceeded`` TLE;
  ``time-limit-exceeded-or-accepted`` TLE or ok; ``memory-limit-exceeded`` MLE;
  ``time-limit-exceeded-or-memory-limit-exceeded`` TLE or MLE; ``rejected`` and ``failed``
  any rejection.

**A scoring problem** (legacy and 2023-07 Kattis packages, as problemtools judges them):
``accepted`` and ``partially_accepted`` ask for AC; the score (``kit.grading``) is shown
beside it, and a group's score outside its ``range`` disagrees. An accepted submission short
of the full score (the root's ``range`` maximum, or minimum for ``objective: min``), or a
partially accepted one with it, still agrees, as problemtools only warns; the row says so.
A validator's ``score.txt`` against the package's rules is a judge error
(``kit.submission_scores``: one on a wrong answer, one where the problem takes no score from
its validator, one that is not a number, none where ``validation: custom score`` asks for one;
problemtools, judge/validate.py).

**A 2025-09 scoring problem** is scored by that version's model (``kit.score_aggregation``):
its folders keep their verdict rules, its row ends with the score, a score against the
format's rules makes the case (or for a group over its ``max_score``, the run) a judge error,
and ``submissions.yaml``'s ``score`` asks for the submission's score or a group's.

A PE is a WA for a Kattis package (the format has none). Verdicts are shown in the formats'
words: AC for ok, RTE for RE (and for MLE in a Kattis package).

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
problemtools' own: the slowest accepted submission's time times the package's multiplier,
rounded up to a whole second, at least 1 s (problemtools/verifyproblem.py,
``_compute_time_limit``); the accepted ones run first, under ``PROVISIONAL_LIMIT``, problemtools'
own 300 s (verifyproblem.py at a185fe97: "5 minutes is our currently hard coded upper bound for
what to allow when we don't know the time limit yet"), killed one second past it as its CPU
limit kills them (``PROVISIONAL_KILL``: a submission that sleeps is killed there too). A package
of a later version gets the format's own inference (``kit.limit_inference``).

API::

    allowed(package_format, folder) -> tuple[Verdict, ...]
    judge_submission(problem, submission, runner, cases, jobs[, every_case]) -> Judged
    agreement(judged, limit, margin) -> Agreement
    rules_of(expectations, submission) -> list[Expectation]  # its folder's rule, then the rest
    case_path(problem, case) -> str  # "secret/group1/01"
    derived_limit(problem, accepted: list[Judged]) -> Problem
    format_word(verdict, package_format) -> str
"""

from __future__ import annotations

import dataclasses
import math

from kit.errors import BuildError
from kit.grader_program import package_grader
from kit.judged_submissions import Judged
from kit.judges.targets import Runner
from kit.packages.expectations import Expectation, names, rules_for
from kit.packages.model import KATTIS, PARTIALLY_ACCEPTED, POLYGON, Package, Submission
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run.case_judge import PE_AS_WA
from kit.run.cases import Column, RunOptions, run_all
from kit.run.limits import KILL_FACTOR
from kit.run.verdicts import (
    KATTIS_AC,
    KATTIS_RTE,
    KATTIS_WORDS,
    MLE,
    OK,
    OLE,
    PE,
    RE,
    TLE,
    WA,
    Verdict,
)
from kit.runnable_submissions import beyond_stand_in, over_code_limit, unrunnable
from kit.submission_scores import aggregated, graded_failure, number, score_checked

PROVISIONAL_LIMIT = 300.0  # seconds: the accepted submissions' limit while it is not known
PROVISIONAL_KILL = PROVISIONAL_LIMIT + 1  # problemtools' CPU limit there: ceil(limit) + 1
# the limit of the rows when none can be derived (no accepted Python submission ended), where
# problemtools would derive one from the others: a time-limit submission is not run for 300 s
STAND_IN_LIMIT = 10.0
MARGIN_HEADROOM = 1.2  # a run is killed past the limit x the margin x this (or KILL_FACTOR)
SCORE_SLACK = 1e-6  # a submissions.yaml score against a sum of fractions
AGREES, TOO_CLOSE, DISAGREES = "agrees", "too close to call on this machine", "DISAGREES"
REJECTIONS = (WA, PE, TLE, MLE, OLE, RE)
KATTIS_FOLDERS = {
    "accepted": (OK,),
    "wrong_answer": (WA, PE),
    "time_limit_exceeded": (TLE,),
    "run_time_error": (RE, MLE),
    "rejected": REJECTIONS,
    "brute_force": (TLE, RE, MLE),
    PARTIALLY_ACCEPTED: (OK,),
}
_AC, _WA, _TLE, _RTE = KATTIS_WORDS
# submissions.yaml's rule for each default folder (spec/2025-09.md, "Default directories"):
# (permitted on every case, required on some); None: no such constraint
FOLDER_RULES = {
    "accepted": ((_AC,), None),
    "rejected": (None, (_RTE, _TLE, _WA)),
    "wrong_answer": ((_AC, _WA), (_WA,)),
    "time_limit_exceeded": ((_AC, _TLE), (_TLE,)),
    "run_time_error": ((_AC, _RTE), (_RTE,)),
    "brute_force": ((_AC, _RTE, _TLE), (_RTE, _TLE)),
}
PE_TAG = "presentation-error"
POLYGON_TAGS = {
    "main": (OK,),
    "accepted": (OK,),
    "wrong-answer": (WA,),
    PE_TAG: (PE, WA),  # a PE, which Codeforces tells as a WA (``_plain_for_pe``)
    "time-limit-exceeded": (TLE,),
    "time-limit-exceeded-or-accepted": (TLE, OK),
    "memory-limit-exceeded": (MLE,),
    "time-limit-exceeded-or-memory-limit-exceeded": (TLE, MLE),
    "rejected": REJECTIONS,
    "failed": REJECTIONS,
}


@dataclasses.dataclass(frozen=True)
class Agreement:
    outcome: str  # AGREES, TOO_CLOSE or DISAGREES
    reason: str = ""


def allowed(package_format: str, folder: str) -> tuple[Verdict, ...]:
    """The verdicts a submission in ``folder`` (a Kattis folder, a Polygon tag) may get; none
    for a folder of a package's own, which only its submissions.yaml speaks for."""
    return (KATTIS_FOLDERS if package_format == KATTIS else POLYGON_TAGS).get(folder, ())


def format_word(verdict: Verdict, package_format: str) -> str:
    """``verdict`` in the format's words: AC, WA, TLE, RTE, ... (see the module doc)."""
    if verdict == OK:
        return KATTIS_AC
    if verdict == RE or (verdict == MLE and package_format == KATTIS):
        return KATTIS_RTE
    return str(WA if verdict == PE else verdict)


def _run_options(
    problem: Problem,
    submission: Submission,
    jobs: int | None,
    *,
    every_case: bool,
    provisional: bool,
) -> RunOptions:
    """How ``judge_submission`` runs a submission's cases: a time-limit run's time counts up
    to the limit x the margin (agreement, and kit.limit_inference's upper bound), so it is
    not killed before that; under the provisional limit, at ``PROVISIONAL_KILL``."""
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
    ``every_case``, the package's submissions.yaml or its grading (``kit.grading``: its
    verdict then) asks for all of them; ``provisional``: under ``PROVISIONAL_LIMIT``, before
    the package's limit is known."""
    assert problem.source is not None
    judged = Judged(submission, problem.source.format)
    if _refused(judged, problem.source, runner):
        return judged
    column = Column(runner.target, runner, static_only=False)
    package = problem.source
    every_case = every_case or any((package.expectations, package.grading, package.score_groups))
    options = _run_options(
        problem, submission, jobs, every_case=every_case, provisional=provisional
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
    if package.grading:
        grader = package_grader(problem)
        failing = graded_failure(package, where, verdicts, judged, grader)
        if grader is not None and grader.failure:
            messages[""] = grader.failure
    else:
        failing = sorted((order[v.case], v.case, v.word) for v in verdicts if v.word != OK)
    judged.seconds = max((v.seconds for v in verdicts), default=0.0)
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


def _refused(judged: Judged, package: Package, runner: Runner) -> bool:
    """Whether the submission is judged without a run (over the code limit, a language the
    kit does not run, beyond the stand-in's Python), with the reason in ``judged``."""
    submission = judged.submission
    over = over_code_limit(submission, package.code_limit)
    why, judged.compile_error = (over, True) if over else unrunnable(submission)
    why = why or beyond_stand_in(submission, runner)
    judged.said = why or judged.said
    return bool(why)


def _runs_on(package: Package, submission: Submission, provisional: bool) -> bool:
    """Whether a time-out within the margin is judged again at the limit x the margin: for a
    submission its folder allows to pass, judged case by case (not graded), under a known
    limit."""
    allows_ok = OK in allowed(package.format, submission.folder)
    return allows_ok and not (package.grading or package.score_groups or provisional)


def _marginal(problem: Problem, verdict) -> bool:
    """A case over the time limit by less than the package's margin: a pass at the limit x
    the margin, where problemtools judges a submission again (its run was not killed before,
    and a time-out's output was judged before its time)."""
    assert problem.source is not None
    limit, margin = problem.time_limit, problem.source.margin  # the margin's rule: _too_close's
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


def agreement(
    judged: Judged, limit: float, margin: float, expectations: tuple[Expectation, ...] = ()
) -> Agreement:
    """How the kit's verdict on a submission stands to what its folder allows (the module
    doc), or to what the package's ``expectations`` ask of every case; ``limit`` in seconds,
    ``margin`` the package's."""
    assert judged.verdict is not None
    scored_agreement = _scored(judged)
    if scored_agreement is not None:
        return scored_agreement
    if expectations:
        return _expected(judged, rules_of(expectations, judged.submission), limit, margin)
    package = judged.package_format
    folder = judged.submission.folder
    wanted = allowed(package, folder)
    close = _too_close(judged, wanted, limit, margin)
    if close is not None:
        return close
    if _plain_for_pe(judged):
        return Agreement(
            DISAGREES, f"{folder} allows PE, the kit gives WA, not a presentation error"
        )
    if judged.verdict in wanted:
        return Agreement(AGREES)
    words = " or ".join(dict.fromkeys(format_word(verdict, package) for verdict in wanted))
    found = format_word(judged.verdict, package)
    return Agreement(DISAGREES, f"{folder} allows {words}, the kit gives {found}")


def _plain_for_pe(judged: Judged) -> bool:
    """A wrong answer where only a presentation error would do (Polygon's tag): the kit's WA
    for a judge without PE (Codeforces) tells a presentation error as one (``PE_AS_WA``)."""
    tagged = judged.package_format == POLYGON and judged.submission.folder == PE_TAG
    return tagged and judged.verdict == WA and PE_AS_WA not in judged.said


def _too_close(judged: Judged, wanted: tuple, limit: float, margin: float) -> Agreement | None:
    """Too close to call (the module doc), or None: a time-limit submission that passes in
    a time that, times the margin, reaches the limit, or times out in less than the limit
    times the margin; an accepted one over the limit by less than the margin."""
    seconds, verdict = judged.seconds, judged.verdict
    if OK in wanted and TLE in wanted:  # either side of the limit is allowed
        return None
    over = f"{seconds:.3f} s is over the {limit:g} s limit by less than the margin {margin:g}"
    if TLE in wanted and verdict == OK and seconds * margin >= limit:
        return Agreement(
            TOO_CLOSE,
            f"passes in {seconds:.3f} s, and {seconds:.3f} s x margin {margin:g} reaches the "
            f"{limit:g} s limit",
        )
    if TLE in wanted and verdict == TLE and seconds < limit * margin:
        return Agreement(TOO_CLOSE, over)
    if OK in wanted and verdict == TLE and seconds <= limit * margin:
        if judged.at_margin is not None and judged.at_margin[0] not in wanted:
            word, said = judged.at_margin
            return Agreement(
                DISAGREES,
                f"{judged.submission.folder} allows {format_word(OK, judged.package_format)}, "
                f"the kit gives TLE, and at the limit x the margin {margin:g} "
                f"({limit * margin:g} s) {format_word(word, judged.package_format)}: {said}",
            )
        return Agreement(TOO_CLOSE, over)
    return None


def _scored(judged: Judged) -> Agreement | None:
    """A scoring problem's verdict on a group's score outside its range, or on an accepted
    or partially accepted submission: accepted, and with the full score or less
    (problemtools, verifyproblem.py ``check_submission``: either way round only a warning; a
    submission that is not accepted disagrees); None otherwise."""
    if judged.out_of_range:
        return Agreement(DISAGREES, "; ".join(judged.out_of_range))
    folder, full = judged.submission.folder, judged.full_score
    # 2025-09 (group_scores): its folders' rules and submissions.yaml's decide
    if (
        judged.score is None
        or judged.group_scores
        or folder not in ("accepted", PARTIALLY_ACCEPTED)
    ):
        return None
    if judged.verdict != OK:
        found = format_word(judged.verdict, KATTIS)
        return Agreement(DISAGREES, f"{folder} wants AC with a score, the kit gives {found}")
    got = f"score {number(judged.score)}" + (f" (full {number(full)})" if full is not None else "")
    if full is None or (judged.score == full) == (folder == "accepted"):
        return Agreement(AGREES, got)
    if folder == "accepted":
        return Agreement(AGREES, f"{got}: not the full score (problemtools warns)")
    return Agreement(AGREES, f"{got}: the full score (problemtools warns)")


def check_words(expectations: tuple[Expectation, ...], where: str) -> None:
    """A one-line BuildError when a rule of ``where`` (its submissions.yaml) names a verdict
    the format does not have."""
    for rule in expectations:
        for name, words in (("permitted", rule.permitted), ("required", rule.required)):
            wrong = [word for word in words or () if word not in KATTIS_WORDS]
            if wrong:
                known = ", ".join(KATTIS_WORDS)
                raise BuildError(
                    f"{where}: {rule.submissions}: {name}: {wrong[0]!r} is not one of {known}"
                )


def rules_of(expectations: tuple[Expectation, ...], submission: Submission) -> list[Expectation]:
    """The rules for ``submission``: its default folder's (FOLDER_RULES), with what a key of
    that folder's own name gives in its place, then every other rule that matches it."""
    rules = rules_for(expectations, submission.name)
    folder = submission.folder
    if folder not in FOLDER_RULES:
        return rules
    permitted, required = FOLDER_RULES[folder]
    own = [r for r in rules if r.submissions.rstrip("/") == folder and not r.cases]
    for rule in own:
        permitted = rule.permitted if rule.permitted is not None else permitted
        required = rule.required if rule.required is not None else required
    message = next((r.message for r in own if r.message is not None), None)
    use = next((r.use_for_time_limit for r in own if r.use_for_time_limit is not None), None)
    score = next((r.score for r in own if r.score is not None), None)
    others = [r for r in rules if r not in own]
    return [Expectation(folder, "", permitted, required, message, use, score), *others]


def _expected(judged: Judged, rules: list[Expectation], limit: float, margin: float) -> Agreement:
    """Every rule met by the verdicts as they are: agrees; met only if verdicts within the
    margin of the limit went the other way: too close to call; else the first rule unmet."""
    package = judged.package_format
    certain = [(path, {format_word(v, package)}) for path, v, _ in judged.cases]
    possible = [
        (path, _either_side(format_word(v, package), seconds, limit, margin))
        for path, v, seconds in judged.cases
    ]
    messages, scores = judged.messages, _scores(judged)
    unmet = next((why for rule in rules if (why := _unmet(rule, certain, messages, scores))), None)
    if unmet is None:
        return Agreement(AGREES)
    if not any(_unmet(rule, possible, messages, scores) for rule in rules):
        return Agreement(TOO_CLOSE, f"{unmet}, within the margin {margin:g} of the limit")
    return Agreement(DISAGREES, unmet)


def _either_side(word: str, seconds: float, limit: float, margin: float) -> set[str]:
    """The verdicts a case could get on another machine: AC and TLE when its time is within
    the margin of the limit, else its own."""
    slow_pass = word == KATTIS_AC and seconds * margin >= limit
    near_miss = word == TLE and seconds <= limit * margin
    if slow_pass or near_miss:
        return {KATTIS_AC, str(TLE)}
    return {word}


def _scores(judged: Judged) -> dict[str, float]:
    """The scores a submissions.yaml ``score`` may ask about, by group path ("secret": the
    submission's); empty for a pass-fail problem."""
    if judged.group_scores:
        return dict(judged.group_scores)
    return {} if judged.score is None else {"secret": judged.score}


def _unmet(rule: Expectation, verdicts: list, messages: tuple = (), scores=None) -> str | None:
    """Why ``rule`` is not met by the cases' ``verdicts`` (path, a set of possible words),
    the failures' ``messages`` (path, message) and the groups' ``scores`` (``_scores``), or
    None when it is."""
    scope = rule.submissions + (f" on {rule.cases}" if rule.cases else "")
    covered = [(path, words) for path, words in verdicts if rule.applies_to(path)]
    if rule.permitted is not None:
        for path, words in covered:
            if not words & set(rule.permitted):
                permitted, given = ", ".join(rule.permitted), "/".join(sorted(words))
                return f"{scope} permits {permitted}, the kit gives {given} on {path}"
    if rule.required is not None and not any(words & set(rule.required) for _, words in covered):
        return f"{scope} requires {', '.join(rule.required)} on some case, the kit gives it on none"
    said = [text for path, text in messages if rule.applies_to(path)]
    if rule.message is not None and not any(rule.message in text for text in said):
        return f"{scope} asks for a judge message with {rule.message!r}, none has it"
    return None if rule.score is None else _score_unmet(rule, scores or {}, scope)


def _score_unmet(rule: Expectation, scores: dict[str, float], scope: str) -> str | None:
    """Why the scores of the groups ``rule`` names (the submission's, without a case glob)
    are not what its ``score`` asks, or None."""
    assert rule.score is not None
    low, high = rule.score
    wanted = number(low) if low == high else f"{number(low)} to {number(high)}"
    if not scores:
        return f"{scope} asks for score {wanted}, and this problem is not scored"
    named = [(path, value) for path, value in scores.items() if names(rule.cases, path)]
    found = named if rule.cases else [("secret", scores["secret"])]
    if not found:
        return f"{scope} asks for score {wanted}, and no test data group is {rule.cases}"
    for path, value in found:
        if not low - SCORE_SLACK <= value <= high + SCORE_SLACK:
            where = "" if path == (rule.cases or "secret") else f" on {path}"
            return f"{scope} asks for score {wanted}, the kit gives {number(value)}{where}"
    return None


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
    disagrees); when none did (none in Python, or every one killed at the provisional limit),
    ``STAND_IN_LIMIT``, said to be one, and the rows judged under it."""
    package = problem.source
    assert package is not None
    ran = [j for j in accepted if j.verdict not in (None, TLE) and j.seconds > 0]
    slowest_run = max(ran, key=lambda judged: judged.seconds, default=None)
    slowest = 0.0 if slowest_run is None else slowest_run.seconds
    if not slowest:
        why = (
            f"the package fixes none, and no accepted Python submission ended within "
            f"problemtools' provisional {PROVISIONAL_LIMIT:g} s: {STAND_IN}"
        )
        return stand_in(problem, why)
    limit = max(1, math.ceil(slowest * package.multiplier - 1e-9))
    passed = slowest_run is not None and slowest_run.verdict == OK
    which = "slowest accepted" if passed else "slowest accepted, though it failed,"
    rule = f"problemtools' rule: {which} {slowest:.3f} s x {package.multiplier:g}, rounded up"
    unrun = sum(judged.verdict is None for judged in accepted)
    if unrun:  # problemtools times them too: its limit may be higher
        them = "it" if unrun == 1 else "them"
        rule += (
            f", of the Python ones only ({unrun} accepted in other languages not run here; "
            f"problemtools times {them} too, and its limit may be higher)"
        )
    package = dataclasses.replace(package, time_from=rule)
    return dataclasses.replace(problem, time_limit=limit, source=package)

"""Whether a submission's verdicts agree with what its package allows (``kit.verify.judging`` judges
it into a ``Judged``): the verdicts its folder (Kattis format) or tag (Polygon) allows, the
rules of the package's ``submissions.yaml`` that match it (its default folder's, then the
rest), a scoring problem's score; a difference a faster or slower machine could turn is too
close to call (``kit.verify.judging``'s docstring says when), anything else that differs disagrees.

**What each folder allows**, in the kit's verdicts (``kit.run.verdicts``):

- Kattis format (Kattis/problem-package-format, spec/legacy.md "Example submissions", and
  spec/2025-09.md "Default directories"): ``accepted`` ok; ``wrong_answer`` WA;
  ``time_limit_exceeded`` TLE; ``partially_accepted`` ok (a pass-fail problem's too, as
  problemtools runs it: with a remark that it warns); ``run_time_error`` RE, or MLE, since
  problemtools, the format's own tool, has no memory verdict (problemtools/judge/execute.py
  knows TLE and RTE: a program over the memory limit crashes); ``rejected`` any rejection;
  ``brute_force`` TLE, RE or MLE.
- Polygon's tags, as the p2d converter maps them to those folders (cn-xcpc-tools/
  Polygon2DOMjudge, config.example.toml, ``[tag]``), a scoring problem's too (a checker's
  points accept a test, so a run of them is ok; the row says its score: ``_with_points``):
  ``main`` and ``accepted`` ok;
  ``wrong-answer`` WA; ``presentation-error`` PE (Codeforces' WA that says it was one);
  ``time-limit-exceeded`` TLE;
  ``time-limit-exceeded-or-accepted`` TLE or ok; ``memory-limit-exceeded`` MLE;
  ``time-limit-exceeded-or-memory-limit-exceeded`` TLE or MLE; ``rejected`` and ``failed``
  any rejection.

- DOMjudge's ``@EXPECTED_RESULTS@`` names, where a submission's tag decides in place of its
  folder (``kit.packages.kattis_submissions.tagged``): ``CORRECT`` ok; ``WRONG-ANSWER`` WA or
  PE; ``NO-OUTPUT`` WA (an empty output is the kit's WA, as BAPCtools' verdicts.py,
  ``from_string_domjudge``, maps it); ``TIMELIMIT`` TLE; ``RUN-ERROR`` RE or MLE (as the
  run_time_error folder); ``MEMORY-LIMIT`` MLE; ``OUTPUT-LIMIT`` OLE; ``COMPILER-ERROR``, and a
  name DOMjudge lacks, nothing a run gives.

A PE is a WA for a Kattis package (the format has none). Verdicts are shown in the formats'
words: AC for ok, RTE for RE (and for MLE in a Kattis package).

API::

    allowed(package_format, folder) -> tuple[Verdict, ...]
    allowed_for(package_format, submission) -> tuple[Verdict, ...]  # its tag's, else its folder's
    format_word(verdict, package_format) -> str  # AC, WA, TLE, RTE, ...
    agreement(judged, limit, margin[, expectations]) -> Agreement  # AGREES, TOO_CLOSE, DISAGREES
    check_words(expectations, where) -> None  # a BuildError: a verdict the format lacks
    rules_of(expectations, submission) -> list[Expectation]  # its folder's rule, then the rest
    slow_pass(seconds, limit, margin) -> bool  # a pass a slower machine could turn: too close
"""

from __future__ import annotations

import dataclasses

from kit.errors import BuildError
from kit.packages.expectations import Expectation, names, rules_for
from kit.packages.model import KATTIS, PARTIALLY_ACCEPTED, POLYGON, Submission
from kit.run.judge_words import PE_AS_WA
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
from kit.verify.judged_submissions import Judged
from kit.verify.submission_scores import number

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
# problemtools 1.20260907 (checks/submissions.py, ``_check_submission``) expects AC of a
# partially accepted submission in a pass-fail problem too, and warns when it gets it
PASS_FAIL_PARTIAL = "fully accepted, in a pass-fail problem (problemtools warns)"
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

# what each DOMjudge result (expectations.DOMJUDGE_RESULTS) a submission's @EXPECTED_RESULTS@
# lists allows (the module doc); COMPILER-ERROR nothing a run gives
DOMJUDGE_VERDICTS = {
    "CORRECT": (OK,),
    "WRONG-ANSWER": (WA, PE),
    "NO-OUTPUT": (WA,),
    "TIMELIMIT": (TLE,),
    "RUN-ERROR": (RE, MLE),
    "MEMORY-LIMIT": (MLE,),
    "OUTPUT-LIMIT": (OLE,),
}
TAG = "@EXPECTED_RESULTS@"


@dataclasses.dataclass(frozen=True)
class Agreement:
    outcome: str  # AGREES, TOO_CLOSE or DISAGREES
    reason: str = ""


def allowed(package_format: str, folder: str) -> tuple[Verdict, ...]:
    """The verdicts a submission in ``folder`` (a Kattis folder, a Polygon tag) may get; none
    for a folder of a package's own, which only its submissions.yaml speaks for."""
    return (KATTIS_FOLDERS if package_format == KATTIS else POLYGON_TAGS).get(folder, ())


def allowed_for(package_format: str, submission: Submission) -> tuple[Verdict, ...]:
    """The verdicts ``submission`` may get: those its ``@EXPECTED_RESULTS@`` lists, where that
    decides (``Submission.expected_results``), else its folder's (``allowed``)."""
    if not submission.expected_results:
        return allowed(package_format, submission.folder)
    kinds = (DOMJUDGE_VERDICTS.get(name, ()) for name in submission.expected_results)
    return tuple(dict.fromkeys(verdict for kind in kinds for verdict in kind))


def format_word(verdict: Verdict, package_format: str) -> str:
    """``verdict`` in the format's words: AC, WA, TLE, RTE, ... (see the module doc)."""
    if verdict == OK:
        return KATTIS_AC
    if verdict == RE or (verdict == MLE and package_format == KATTIS):
        return KATTIS_RTE
    return str(WA if verdict == PE else verdict)


def agreement(
    judged: Judged, limit: float, margin: float, expectations: tuple[Expectation, ...] = ()
) -> Agreement:
    """How the kit's verdict on a submission stands to what its folder allows (the module
    doc), or to what the package's ``expectations`` ask of every case; ``limit`` in seconds,
    ``margin`` the package's. A Polygon scoring problem's row says its score too
    (``_with_points``)."""
    found = _agreement(judged, limit, margin, expectations)
    if judged.package_format == POLYGON and judged.score is not None:
        return _with_points(judged, found)
    return found


def _agreement(
    judged: Judged, limit: float, margin: float, expectations: tuple[Expectation, ...]
) -> Agreement:
    """``agreement``, without a Polygon scoring problem's score."""
    assert judged.verdict is not None
    scored_agreement = _scored(judged)
    if scored_agreement is not None:
        return scored_agreement
    if expectations:
        return _expected(judged, rules_of(expectations, judged.submission), limit, margin)
    package = judged.package_format
    submission = judged.submission
    folder = _source(submission)
    wanted = allowed_for(package, submission)
    close = _too_close(judged, wanted, limit, margin)
    if close is not None:
        return close
    if _plain_for_pe(judged):
        return Agreement(
            DISAGREES, f"{folder} allows PE, the kit gives WA, not a presentation error"
        )
    if judged.verdict in wanted:  # partially_accepted here: a pass-fail problem's
        return Agreement(AGREES, PASS_FAIL_PARTIAL if folder == PARTIALLY_ACCEPTED else "")
    words = " or ".join(dict.fromkeys(format_word(verdict, package) for verdict in wanted))
    words = words or "no verdict a run gives"
    found = format_word(judged.verdict, package)
    return Agreement(DISAGREES, f"{folder} allows {words}, the kit gives {found}")


def _source(submission: Submission) -> str:
    """What decides a submission's verdicts, as a reason names it: its tag or its folder."""
    return TAG if submission.expected_results else submission.folder


def _plain_for_pe(judged: Judged) -> bool:
    """A wrong answer where only a presentation error would do (Polygon's tag): the kit's WA
    for a judge without PE (Codeforces) tells a presentation error as one (``PE_AS_WA``)."""
    tagged = judged.package_format == POLYGON and judged.submission.folder == PE_TAG
    return tagged and judged.verdict == WA and PE_AS_WA not in judged.said


def slow_pass(seconds: float, limit: float, margin: float) -> bool:
    """Whether a pass in ``seconds`` is too close to the limit to call: times the margin, it
    reaches the limit (a machine that much slower would give TLE)."""
    return seconds * margin >= limit


def _too_close(judged: Judged, wanted: tuple, limit: float, margin: float) -> Agreement | None:
    """Too close to call (``kit.verify.judging``'s module doc), or None: a time-limit submission
    that passes in a time that, times the margin, reaches the limit, or times out in less than the
    limit times the margin; an accepted one over the limit by less than the margin."""
    seconds, verdict = judged.seconds, judged.verdict
    if OK in wanted and TLE in wanted:  # either side of the limit is allowed
        return None
    over = f"{seconds:.3f} s is over the {limit:g} s limit by less than the margin {margin:g}"
    if TLE in wanted and verdict == OK and slow_pass(seconds, limit, margin):
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
                f"{_source(judged.submission)} allows {format_word(OK, judged.package_format)}, "
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
        or judged.package_format == POLYGON  # a tag named "accepted": ``_with_points``
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


def _with_points(judged: Judged, found: Agreement) -> Agreement:
    """A Polygon scoring problem's row: its tag decides, as in a pass-fail problem (a
    checker's points accept the output: a run of them is AC, which a rejecting tag does not
    allow), and the reason says the score, beside the full score (the tests' points) when
    there is one; an accepted or main solution short of it, or one over it, still agrees,
    Polygon checking verdicts alone, and the row says so (the module doc)."""
    score, full = judged.score, judged.full_score
    assert score is not None
    got = f"score {number(score)}" + (f" (full {number(full)})" if full is not None else "")
    if full is None:
        got += " (problem.xml's tests carry no points: no full score)"
    elif score > full + SCORE_SLACK:
        got += ": over the full score"
    elif judged.verdict == OK and found.outcome != DISAGREES and score < full - SCORE_SLACK:
        got += ": not the full score (Polygon checks the tags' verdicts alone)"
    return Agreement(found.outcome, f"{got}; {found.reason}" if found.reason else got)


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
    near_miss = word == TLE and seconds <= limit * margin
    if (word == KATTIS_AC and slow_pass(seconds, limit, margin)) or near_miss:
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

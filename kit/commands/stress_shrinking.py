"""The shrink of a failure ``cpkit stress`` found: its trial of the candidates, and its line.

``shrunk_failure(stress, text, seed, budget, failures)`` shrinks the failing file found with
``kit.stress.shrink`` in ``budget`` seconds (0: not shrunk), watched as the search is (a call
of the stress module's that hangs is given up); a candidate fails only as the file found did
(the same verdict and exception, ``Outcome.kind``), so the shrink does not slip into another
bug. Each failing candidate's run is kept in ``failures`` with only the head of its output the
report shows. A candidate the reference or the judge's own program (checker, interactor) fails
on is passed over, not a failure of the solution's. The line after the shrink says how many
runs it took and its stages, with a warning for the inputs passed over (the first named, and
with a validator what to do when the statement does not allow them), a note for smaller
inputs that failed otherwise, and one for a parameter the generator's error kept from going
lower (its first error, which the shrink took for a value it refuses). A package's validators,
which see only the shrink's candidates (the search's files are not validated), are asked once
of the file found: one they refuse is a warning naming the validator and its message (the
generator makes inputs outside the package's constraints; the shrink had nothing valid to cut
from, unless a smaller failing input was). Stopped by an error
or by Ctrl-C, the smallest failing input seen so far is returned with that error
(``Shrunk.error``), for the command to show, save and raise.

    shrunk = shrunk_failure(stress, text, seed, 60.0, {text: outcome})
"""

from __future__ import annotations

import dataclasses
import time

from kit.commands.stress_report import SHOWN_CHARS, stop_name
from kit.errors import BuildError
from kit.plurals import counted
from kit.stress import engine, inputs
from kit.stress.engine import JudgeFailed, NoAnswer, Outcome, Stress, file_of, watched
from kit.stress.shrink import NOT_SHRUNK, GeneratorRaised, Shrunk, shrink


def shrunk_failure(
    stress: Stress, text: str, seed: int, budget: float, failures: dict[str, Outcome]
) -> Shrunk:
    """The shrunk failure, failing as the file found did (its verdict and the exception it
    names, ``Outcome.kind``: a wrong answer does not slip into another bug's crash on a smaller
    input, nor one crash into another; such failures are noted); when a call of
    the stress module's hangs, the smallest failing input judged so far, with that error.
    ``failures`` gets each failing candidate's run."""
    if budget == 0:  # --shrink-seconds 0
        return Shrunk(text, seed, dict(stress.source.params), 0, [NOT_SHRUNK])
    print("shrinking...", flush=True)
    trial = _ShrinkTrial(stress, failures, text, seed)

    def work() -> Shrunk:
        trial.refused = _package_refusal(stress, text)
        return shrink(
            stress.source.shrinkable(),
            trial.fails,
            text,
            seed,
            stress.source.params,
            deadline=time.monotonic() + budget,
            generate=stress.generate,
            on_failing=trial.failing,
        )

    try:
        # a call that hangs is given up OVERTIME seconds past the shrink's budget, not STUCK
        stuck = min(engine.STUCK, budget + engine.OVERTIME)
        shrunk = watched(stress, work, f"shrinking the file of seed {seed}", stuck)
    except BuildError as error:  # the module's own error, or a hung call (its thread left)
        shrunk = trial.stopped("stopped by an error, below", error)
    except KeyboardInterrupt as error:  # Ctrl-C: what was found is still shown and saved
        shrunk = trial.stopped(f"stopped by {stop_name(error)}", error)
    if shrunk.error is not None and len(trial.smallest[0]) < len(shrunk.text):
        shrunk.text, shrunk.seed, shrunk.params = trial.smallest  # the smallest seen before it
    _say_shrunk(stress, shrunk, trial.unanswered, trial.judge_failed, trial.others)
    if trial.refused is not None:
        print(_refused_warning(stress, shrunk, text, seed, trial.refused), flush=True)
    return shrunk


def _package_refusal(stress: Stress, text: str) -> str | None:
    """The package's validators' refusal of the file found (``validator: why``), else None
    (no package validators, or they accept it)."""
    validation = stress.source.package_validation
    if validation is None:
        return None
    try:
        validation(text)
    except ValueError as error:
        return str(error)
    return None


def _refused_warning(stress: Stress, shrunk: Shrunk, text: str, seed: int, refusal: str) -> str:
    """The warning for a file found that the package's validators refuse: the shrink keeps to
    inputs they accept, so it cut nothing from it (unless it found a smaller one they accept),
    and the generator makes inputs the judge never gives."""
    made = file_of(seed, stress.source.params)
    if shrunk.text == text:
        then = "so it cut nothing, and the failure shown is on an input the judge never gives"
    else:
        then = "and the one shown is a smaller one it accepts"
    return (
        f"warning: the package's validator refuses the generated input itself ({made}): "
        f"{refusal}; the shrink keeps to inputs it accepts, {then}: make the generator "
        f"({stress.source.generator}) keep to the package's constraints, or fix the validator "
        "if they allow this input (`cpkit verify` runs it on the cases)"
    )


class _ShrinkTrial:
    """What a shrink learns from judging its candidates: the runs, the smallest failing input
    with what makes its file again, and what it passed over (the reference's and the judging
    program's failures; other verdicts smaller inputs got)."""

    def __init__(self, stress: Stress, failures: dict[str, Outcome], text: str, seed: int) -> None:
        self.stress, self.failures = stress, failures
        self.kind = failures[text].kind
        self.smallest = (text, seed, dict(stress.source.params))
        self.runs = 0
        self.unanswered: list[str] = []  # the reference's failures on candidates, passed over
        self.judge_failed: list[str] = []  # the checker's or interactor's, likewise
        self.others: dict[str, str] = {}  # other verdicts smaller inputs got: word -> message
        self.refused: str | None = None  # the package's validators' refusal of the file found

    def fails(self, candidate: str) -> bool:
        mark = inputs.kept_count()
        try:
            outcome = self.stress.judge(candidate, "shrink")
        except NoAnswer as error:  # no answer to judge by: not a failure of the solution's
            passed_over = self.judge_failed if isinstance(error, JudgeFailed) else self.unanswered
            if passed_over:  # only the first is shown: the others' inputs are not kept
                inputs.discard_since(mark)
            passed_over.append(str(error))
            return False
        self.runs += 1
        if outcome.failed and outcome.kind != self.kind:
            self.others.setdefault(outcome.kind, outcome.described)
            return False
        if outcome.failed:
            self.failures[candidate] = _headed(outcome)
        return outcome.failed

    def failing(self, candidate: str, made_seed: int, made_params: dict[str, int]) -> None:
        if len(candidate) < len(self.smallest[0]):  # with what makes its file again
            self.smallest = (candidate, made_seed, dict(made_params))

    def stopped(self, stage: str, error: BaseException) -> Shrunk:
        """The smallest failing input seen, for a shrink stopped by ``error``."""
        return Shrunk(*self.smallest, self.runs, [stage], error)


def _headed(outcome: Outcome) -> Outcome:
    """``outcome`` with only the head of its output that ``show`` shows (a character takes
    4 bytes at most), the rest counted in ``got_over``: the shrink keeps each failing
    candidate's run, and a solution that wrote 50 MB on each held a gigabyte."""
    head = SHOWN_CHARS * 4
    if len(outcome.got) <= head:
        return outcome
    over = outcome.got_over or len(outcome.got) - 1
    return dataclasses.replace(outcome, got=outcome.got[:head], got_over=over)


def _say_shrunk(
    stress: Stress,
    shrunk: Shrunk,
    unanswered: list[str],
    judge_failed: list[str],
    others: dict[str, str],
) -> None:
    """The shrink's line, and what it passed over: candidates the reference or the judging
    program failed on, and smaller inputs that failed otherwise (another bug)."""
    print(f"shrunk in {counted(shrunk.steps, 'run')} ({'; '.join(shrunk.stages)})")
    if shrunk.generator_raised is not None:
        print(_generator_raised_note(stress, shrunk.generator_raised), flush=True)
    if unanswered:
        print(_unanswered_warning(stress, unanswered), flush=True)
    if judge_failed:
        print(_judge_failed_warning(judge_failed), flush=True)
    for said in others.values():  # another bug: the shrink kept to the one found
        print(
            f"note: smaller inputs failed otherwise too ({said}): passed over, the shrink keeps "
            "the failure found; stress again once it is fixed",
            flush=True,
        )


def _generator_raised_note(stress: Stress, raised: GeneratorRaised) -> str:
    """The note for a parameter not lowered past a value the generator raised on: the shrink
    took it for one the generator refuses, which says why the parameter stayed where it is."""
    error = raised.error
    said = str(error) if isinstance(error, BuildError) else f"{type(error).__name__}: {error}"
    if not isinstance(error, BuildError):  # a message of the kit's names the file already
        said += f" ({file_of(raised.seed, raised.params)})"
    value = f"{raised.name}={raised.params[raised.name]}"
    if stress.source.gen is not None:
        refused = f"the shrink took {value} for a size the generator refuses"
    else:
        refused = (
            f"the shrink took {value} for a value generate() refuses (MIN_PARAMS gives the "
            "smallest legal ones)"
        )
    return f"note: {raised.name} not lowered below {raised.kept}: {said}; {refused}"


def _judge_failed_warning(failed: list[str]) -> str:
    """The warning for the candidates the checker or interactor failed on (JE)."""
    count = len(failed)
    return (
        f"warning: the judge's own program failed on {count} smaller "
        f"{'input' if count == 1 else 'inputs'} (a judge error: neither the solution's failure "
        f"nor the reference's), passed over by the shrink; the first: {failed[0]}"
    )


def _unanswered_warning(stress: Stress, unanswered: list[str]) -> str:
    """The warning for the candidates the reference failed on; with a validator, which let
    them through, what to do when they are inputs the statement does not allow."""
    count = len(unanswered)
    them = "it" if count == 1 else "them"
    said = (
        f"warning: the reference failed on {count} smaller "
        f"{'input' if count == 1 else 'inputs'}, passed over by the shrink; the first: "
        f"{unanswered[0]}"
    )
    source = stress.source
    if source.package_validation is not None:
        shown = ", ".join(source.package_validation.shown)
        return (
            f"{said}\nnote: the package's {shown} accepted {them}: if the statement's "
            f"constraints do not allow {them}, the validator lets through what it should "
            "refuse; if they do, the reference fails on a valid input"
        )
    if source.validate is None:  # the candidates were generated files
        return said
    return (
        f"{said}\nnote: {source.validator} accepted {them}: if the statement's "
        f"constraints do not allow {them}, let it refuse {them} (raise ValueError), and the "
        "shrink keeps to valid inputs; if they do, the reference fails on a valid input"
    )

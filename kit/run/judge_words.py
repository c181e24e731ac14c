"""A verdict as the problem's judge tells it (its ``Profile``): a verdict it does not have as
the one it gives instead (``in_judges_words``: a presentation error as its wrong answer,
``PE_AS_WA``), its own word for an idle game (``idle_word``) and for what it forbids
(``refusal``), and the judge error of a run that lacked a module the judge installs
(``judged_elsewhere``: not the solution's verdict)."""

from __future__ import annotations

from kit.judges.modules import missing_module
from kit.judges.profiles import judge_name, profile_for
from kit.judges.targets import Runner
from kit.registry import Problem
from kit.run import forbidden
from kit.run.verdicts import JE, MLE, OLE, PE, RE, WA, message

PE_AS_WA = "a presentation error, which"  # a PE told as the WA of a judge without PE
MLE_AS_RE = "over the memory limit, which"  # an MLE told as the RE of a judge without MLE
OLE_AS_RE = "over the output limit, which"  # an OLE told as the RE of a judge without OLE
# a verdict a judge may not have (Profile's flag saying it has it) -> its verdict instead, why
_INSTEAD = {
    PE: ("presentation", WA, PE_AS_WA + " {judge} judges a wrong answer"),
    MLE: ("memory_verdict", RE, MLE_AS_RE + " {judge} judges a run error: it has no MLE"),
    OLE: ("output_verdict", RE, OLE_AS_RE + " {judge} judges a run error: it has no OLE"),
}


def in_judges_words(judge: str, word: str, said: str, empty: bool) -> tuple[str, str]:
    """The verdict ``word`` and its message ``said`` as ``judge`` tells them: a verdict it
    does not have as the one it gives instead, the message saying why (``_INSTEAD``): a
    presentation error as its wrong answer (``Profile.presentation``: Codeforces, Kattis), a
    memory or output limit as its run error (``Profile.memory_verdict``: DOMjudge, SPOJ;
    ``Profile.output_verdict``: SPOJ); a batch run's ``empty`` output judged wrong with the
    judge's own word for it, where it has one (``Profile.empty_verdict``)."""
    profile = profile_for(judge)
    if profile is None:
        return word, said
    if word == WA and empty and profile.empty_verdict is not None:
        return word, f'{said}; on {profile.name}: "{profile.empty_verdict}"'
    if word not in _INSTEAD:
        return word, said
    has, instead, why = _INSTEAD[word]
    if getattr(profile, has):
        return word, said
    said = said.removeprefix(message(word, ""))
    said = f"{said} ({why.format(judge=profile.name)})"
    return instead, message(instead, said)


def idle_word(judge: str) -> str:
    """The judge's own verdict for an idle game, as the end of its message, where known
    (``Profile.idle_verdict``), else ""."""
    profile = profile_for(judge)
    if profile is None or profile.idle_verdict is None:
        return ""
    return f'; on {profile.name}: "{profile.idle_verdict}"'


def refusal(problem: Problem, stderr: bytes) -> str:
    """The runtime error's message when the run's guard refused what the judge forbids
    (``kit.run.forbidden``), else ""."""
    attempted = (problem.no_files or problem.no_processes) and forbidden.attempted(stderr)
    if not attempted:
        return ""
    profile = profile_for(problem.judge)
    if profile is None or profile.forbidden_verdict is None:
        return message(RE, f"{attempted}, which this judge forbids")
    told = f'which {profile.name} forbids, its verdict "{profile.forbidden_verdict}"'
    return message(RE, f"{attempted}, {told}")


def judged_elsewhere(problem: Problem, runner: Runner, stderr: bytes) -> str | None:
    """The judge error of a run that failed only because the Python here lacks a module the
    judge installs for the target's implementation (the solution's verdict is not known
    here), or None."""
    module = missing_module(stderr.decode("utf-8", "replace"))
    installed = problem.installed
    if not module or installed is None or not installed.has(module, runner.target.impl):
        return None
    return message(
        JE,
        f"not judged here: {runner.interpreter.label} has no '{module}', which "
        f"{judge_name(problem.judge)} installs for {runner.target.label} "
        "(not the solution's failure)",
    )

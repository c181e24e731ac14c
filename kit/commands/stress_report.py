"""The showing of a stress failure, for ``cpkit stress``: the input, its verdict, what was
expected and what came out, and the line that makes the failing file again.

``report`` shows the smallest failing input after the shrink: its final run's verdict, input,
expected answer and output (a crash's place in the user's files, a hint apart; a game's last
lines exchanged), each block cut to its first ``SHOWN_CHARS`` characters, its control
characters and bytes that are not UTF-8 shown as the message quotes them (``kit.visible``).
When that final run passed, that is said, with a run that failed on the same input, else the
first failure on its own input: never a verdict above another input. More runs of a failing
input that passed are a warning (a nondeterministic solution). Last the Reproduce line: the
command, seed and parameters that make the smallest generated file that fails, and how that
file stands to the input shown (that input, a larger file it was cut from, or another file
each time: a generator that does not follow its seed).

    report(stress, shrunk, final, (text, outcome), failures, args, again, answer_changed)
    show_failure(outcome, text)  # Verdict, Input, Expected, Got (Where, a hint)
    show("Input", text)  # a block: its title and its head
    reproduce(stress, shrunk, args)  # Reproduce: cpkit stress SLUG --seed S --cases 1 ...
    stop_name(error)  # "Ctrl-C", or the signal's name: what stopped the command
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys

from kit.commands import command
from kit.errors import BuildError
from kit.judges.output_chunks import blank
from kit.stress.engine import Outcome, Stress
from kit.stress.shrink import NOT_SHRUNK, Shrunk
from kit.stress.source import SIZE, shown_params
from kit.visible import text_of, visible
from kit.workspace import root_flag

SHOWN_CHARS = 3000


def report(  # noqa: PLR0913
    stress: Stress,
    shrunk: Shrunk,
    final: Outcome,
    found: tuple[str, Outcome],
    failures: dict[str, Outcome],
    args: argparse.Namespace,
    again: list[Outcome] = (),
    answer_changed: bool = False,
) -> None:
    """The smallest failing input, its verdict (``final``: of its final run), what was
    expected and what came out (or the game's last lines), and the command that gives the
    original failure back. When that final run passes, a failed run on the same input is shown
    instead, else the first failure with its own input: never a verdict above another input.
    ``again``: more runs of a failing final input; one that passed is a warning, blaming the
    solution unless the reference's answer changed (``answer_changed``, warned of after)."""
    if final.failed:
        show_failure(final, shrunk.text)
    else:
        _passed_again(shrunk.text, failures.get(shrunk.text), found, answer_changed)
    passed = sum(not outcome.failed for outcome in again)
    if passed and not answer_changed:
        print(
            f"\nwarning: run {len(again)} more times, the same input passed {passed} of them: "
            "the solution is nondeterministic (random, hash order, time) or timing-dependent, "
            "and the Reproduce line may pass"
        )
    reproduce(stress, shrunk, args)


def _passed_again(
    text: str, failed: Outcome | None, found: tuple[str, Outcome], answer_changed: bool
) -> None:
    """The smallest failing input passed on its final run: said, with a run that failed."""
    why = (
        "the expected answer changed: see the warning below"
        if answer_changed
        else "the solution may be nondeterministic or timing-dependent"
    )
    print(
        f"\nPassed when run again: the smallest failing input found passed on its final run ({why})"
    )
    if failed is not None:
        print("\nAn earlier run on it failed:")
        show_failure(failed, text)
        return
    show("Input", text)
    print("\nNo failed run on it was kept; the first failure, on its own input:")
    show_failure(found[1], found[0])


def show_failure(outcome: Outcome, text: str, title: str = "Input") -> None:
    """A failed run: its verdict, the input, what was expected and what came out (a crash's
    place in the user's files), or the game's last lines."""
    print(f"\nVerdict: {outcome.message}")
    show(title, text)
    if outcome.played and outcome.expected is not None:  # a game's interactor's ANSWER file
        show("Answer (the interactor's ANSWER file)", text_of(outcome.expected))
    if outcome.expected is not None and not outcome.played:
        show("Expected", text_of(outcome.expected))
        if blank(outcome.expected) and not blank(outcome.got):  # most often a broken brute
            print("(the reference printed nothing for this input: is that its answer?)")
        show("Got", text_of(outcome.got), _more_than(outcome.got_over))
        hints = [line for line in outcome.details if line.startswith("hint: ")]
        where = [line.rstrip() for line in outcome.details if line not in hints]
        if where:  # a crash: where, in the user's files (as the build shows it)
            print("\nWhere:\n" + "\n".join(where))
        if hints:  # a rounded answer's, a stray print's: not a place
            print("\n" + "\n".join(hints))
    elif outcome.details:  # "last lines exchanged (...):", then the lines, indented
        heading, *lines = outcome.details
        print(f"\n{heading[:1].upper()}{heading[1:]}")
        print("\n".join(visible(line.strip()) for line in lines))


def reproduce(stress: Stress, shrunk: Shrunk, args: argparse.Namespace) -> None:
    """The command that makes the smallest generated file that fails again (the file that
    failed, when it was not shrunk)."""
    source = stress.source
    flags = source.flags(shrunk.params)
    if args.target:
        flags += f" --target {shlex.quote(args.target)}"
    flags += root_flag(args.root.resolve())
    if source.gen is None:
        made = f"parameters {shown_params(shrunk.params)}"
    else:
        made = f"size {shrunk.params[SIZE]}" if SIZE in shrunk.params else "no size"
    which = _made_again(stress, shrunk)
    found = shrunk.stages == [NOT_SHRUNK]  # --shrink-seconds 0, a time limit: no smallest
    what = "the file that failed, not shrunk" if found else "the smallest generated file that fails"
    print(
        f"\nReproduce: {command()} stress {stress.problem.slug} --seed {shrunk.seed} "
        f"--cases 1{flags}   ({what}, {which}; {made})"
    )


def _made_again(stress: Stress, shrunk: Shrunk) -> str:
    """How the file its seed and parameters make stands to the shrunk input: that input, or
    larger (cut, when the cuts changed the text; so taken when it cannot be made again), or
    another file each time (a generator that does not follow its seed: nothing may have been
    cut)."""

    def made() -> str:  # watched, as every call of the module's
        return stress.generate(shrunk.seed, shrunk.params)

    try:
        first = made()
        if first == shrunk.text:
            return "the input shown"
        if made() != first:
            return "another file each time: the generator does not follow its seed"
    except BuildError:
        pass
    return "before its text was cut" if shrunk.cut else "a larger file, before the shrink"


def stop_name(stop: KeyboardInterrupt) -> str:
    """What stopped the command: Ctrl-C, or the signal's name (``Stopped``: SIGTERM, SIGHUP)."""
    signum = getattr(stop, "signum", None)
    return signal.Signals(signum).name if signum is not None else "Ctrl-C"


def show(title: str, text: str, total: str = "") -> None:
    """``title``, then ``text`` (its head when long; ``(nothing)`` when empty), ended by a
    newline; ``total``: how much there was when ``text`` is itself only a head."""
    cut = len(text) > SHOWN_CHARS
    if total:
        print(f"\n{title}: (first {min(SHOWN_CHARS, len(text))} characters of {total})")
    else:
        of = f" (first {SHOWN_CHARS} of {len(text)} characters)" if cut else ""
        print(f"\n{title}:{of}")
    shown = visible(text[:SHOWN_CHARS]) or "(nothing)"  # control characters as escapes
    sys.stdout.write(shown if shown.endswith("\n") else shown + "\n")


def _more_than(size: int) -> str:
    """``more than N MiB written`` for a run that wrote more than ``size`` bytes, else ''."""
    if not size:
        return ""
    amount = f"{size >> 20} MiB" if size % (1 << 20) == 0 else f"{size} bytes"
    return f"more than {amount} written"

"""Shrink a failing random input to the smallest failing one found.

A stress run finds an input file on which a solution fails; ``shrink`` makes it small, calling
``fails(text)`` (run the candidate, compare with the reference: the expensive part) as few
times as it can. It works through a problem module (``stress/<slug>.py``) that has::

    PARAMS: dict[str, int]             generator size parameters with their defaults
    MIN_PARAMS: dict[str, int]         optional: the smallest legal values (default 1 each)
    generate(rng, **params) -> str     a random input file
    validate(text) -> None             optional: raises ValueError for a file outside the
                                       constraints
    split_cases(text) -> list[str]     optional: the test cases of a file (no terminator)
    join_cases(cases) -> str           optional: a file of those cases (terminator added)
    cuts(case) -> Iterator[str]        optional: smaller variants of one case

A module without ``split_cases`` and ``join_cases`` has one case per file (its text). A file
can come from elsewhere than ``module.generate``: ``generate(seed, params) -> str`` given to
``shrink`` replaces it (a generator program that takes a seed and a size); with neither,
only stage 3 runs.

Stages, in order:

1. cases: delta debugging (ddmin) over ``split_cases``, rejoined with ``join_cases``;
2. parameters: each one lowered towards its minimum (a binary search), files
   regenerated with ``random.Random(s)`` for the original seed ``s`` and the next
   ``attempts_per_params - 1``; a lower value is taken when one of them fails, its cases are
   shrunk as in 1, and the result is kept when smaller (with its seed and parameters). A
   value whose file the generator raises on is taken as one it refuses: the first such error
   is kept (``Shrunk.generator_raised``) when the parameter stayed above it, for the caller to
   say why it went no lower.
   Without parameters, or when lowering them made no smaller failing file, seeds: the
   files of those seeds, the smallest failing one kept.
   With a deadline, the stage has at most half the time left (``PARAMS_SHARE``);
3. cuts: on each remaining case, ``module.cuts(case)`` and generic cuts (drop lines, drop
   tokens, lower an integer, lower a repeated integer everywhere at once; a drop also tried
   with the case's first integer lowered by as much, for count-prefixed cases), taken
   greedily while they fail, to a fixpoint; after a cut is taken, the next is looked for
   from its place in that order on (round the end). Then, on a file of at most 8 integers,
   each is tried at the smaller values 2 to 16 (a failure that needs a remainder, which
   halving misses), and the cuts again when one is taken.

Every candidate passes ``validate`` before anything else (``split_cases``, ``fails``) sees
it; none is tried twice. Without ``validate`` only generated files are candidates: stages 1
and 3 are skipped, and what is left is stage 2 (smaller parameters, or other seeds).
"Smaller" is (number of cases, length in bytes, then the integers in the file, smaller
magnitudes first). At ``deadline`` (a ``time.monotonic()`` value) the best file so far is
returned; so it is when the module or ``fails`` raises, with the exception in
``Shrunk.error``; at the deadline, the smallest failing file judged so far, a stage cut short
included. The result depends only on the input and on the answers of ``fails``, when the
shrink ends before its deadline (one that stops there, as slow failures may, stops
wherever the machine's speed took it).
``on_failing(text, seed, params)``, when given, hears of each failing candidate with the seed
and parameters of the generated file it was cut from (a caller that must stop the shrink from
outside still knows what makes its smallest failure again).

API::

    shrink(module, fails, text, seed, params, *, deadline=None,
           attempts_per_params=20, generate=None, on_failing=None) -> Shrunk
    Shrunk(text, seed, params, steps, stages)
    GeneratorRaised(name, kept, seed, params, error)
"""

from __future__ import annotations

import contextlib
import itertools
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

_INTEGER = re.compile(r"[+-]?\d+")
PARAMS_SHARE = 0.5  # of the time left, at most, for stage 2: the cuts have the rest
NOT_SHRUNK = "not shrunk"  # the one stage of a failure shown as it was found


@dataclass
class GeneratorRaised:
    """The first file of lowered parameters the generator raised on, parameter ``name``
    staying at ``kept``, above the value it raised at: taken as a value it refuses."""

    name: str  # the parameter being lowered
    kept: int  # its value after the stage
    seed: int  # the file the generator was asked for
    params: dict[str, int]
    error: Exception


@dataclass
class Shrunk:
    text: str  # the smallest failing input found (a whole file)
    seed: int  # the seed and parameters whose generated file failed and was shrunk to it
    params: dict[str, int]
    steps: int  # calls of fails()
    stages: list[str] = field(default_factory=list)  # what each stage achieved
    error: BaseException | None = None  # what stopped the shrink early (the module, Ctrl-C)
    generator_raised: GeneratorRaised | None = None  # why a parameter went no lower, perhaps
    cut: bool = True  # whether the cuts may have changed the text (the shrink says when not)


class _OutOfTime(Exception):
    pass


class _Search:
    """The predicate with its cache, validation, call count and deadline."""

    def __init__(
        self,
        module: Any,
        fails: Callable[[str], bool],
        deadline: float | None,
        on_failing: Callable[[str, int, dict[str, int]], None] | None = None,
    ) -> None:
        self.module = module
        self.fails = fails
        self.on_failing = on_failing
        self.origin: tuple[int, dict[str, int]] = (0, {})  # the generated file being cut
        self.deadline = deadline
        self.known: dict[str, bool] = {}
        self.steps = 0
        self.validate = getattr(module, "validate", None)
        self.one_case = not hasattr(module, "split_cases")
        self.validity: dict[str, bool] = {}
        self.failed: dict[str, tuple[int, dict[str, int]]] = {}  # each failing text's origin

    def trust(self, text: str) -> None:
        """``text`` came from the generator: valid, even without ``validate``."""
        if self.validate is None:
            self.validity[text] = True

    def valid(self, text: str) -> bool:
        """Whether the module's ``validate`` accepts ``text`` (asked once per text); without
        ``validate``, whether it is a generated file."""
        answer = self.validity.get(text)
        if answer is None:
            answer = False
            if self.validate is not None:
                try:
                    self.validate(text)
                except ValueError:  # an invalid candidate: nothing else sees it
                    pass
                else:
                    answer = True
            self.validity[text] = answer
        return answer

    def split(self, text: str) -> list[str]:
        """The cases of a file: ``split_cases``, or the file itself as one case."""
        if self.one_case:
            return [text[:-1] if text.endswith("\n") else text]
        return self.module.split_cases(text)

    def join(self, cases: list[str]) -> str:
        if self.one_case:
            return "".join(case + "\n" for case in cases)
        return self.module.join_cases(cases)

    def on_time(self) -> None:
        """Raise ``_OutOfTime`` past the deadline."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _OutOfTime

    def failing(self, text: str) -> bool:
        """Whether ``text`` is a valid input that still fails (each text is judged once)."""
        answer = self.known.get(text)
        if answer is None:
            answer = False
            if self.valid(text):
                self.on_time()
                self.steps += 1
                answer = bool(self.fails(text))
                if answer:
                    self.failed[text] = (self.origin[0], dict(self.origin[1]))
                if answer and self.on_failing is not None:
                    self.on_failing(text, *self.origin)
            self.known[text] = answer
        return answer

    def size(self, text: str) -> tuple[int, int, tuple[int, ...]]:
        """The order "smaller" goes by; only for a text ``validate`` accepted."""
        magnitudes = tuple(abs(int(number)) for number in _INTEGER.findall(text))
        return len(self.split(text)), len(text.encode()), magnitudes

    def fewer_cases(self, text: str) -> str:
        """Stage 1: the smallest failing subset of the file's cases that ddmin finds."""
        if self.one_case or self.validate is None:
            return text
        cases = self.split(text)
        kept = _ddmin(cases, lambda subset: self.failing(self.join(subset)))
        return text if kept == cases else self.join(kept)


def _ddmin(items: list[str], failing: Callable[[list[str]], bool]) -> list[str]:
    """Delta debugging: a subsequence of ``items`` that fails, none of whose chunks can go."""
    parts = 2
    while len(items) >= 2:
        size = -(-len(items) // parts)  # ceiling division
        chunks = [items[start : start + size] for start in range(0, len(items), size)]
        for chunk in chunks:
            if failing(chunk):
                items, parts = chunk, 2
                break
        else:
            for index in range(len(chunks) if len(chunks) > 2 else 0):
                rest = [item for other in chunks[:index] + chunks[index + 1 :] for item in other]
                if failing(rest):
                    items, parts = rest, max(parts - 1, 2)
                    break
            else:
                if parts >= len(items):
                    break
                parts = min(len(items), parts * 2)
    return items


def shrink(  # noqa: PLR0913
    module: Any,
    fails: Callable[[str], bool],
    text: str,
    seed: int,
    params: dict[str, int],
    *,
    deadline: float | None = None,
    attempts_per_params: int = 20,
    generate: Callable[[int, dict[str, int]], str] | None = None,
    on_failing: Callable[[str, int, dict[str, int]], None] | None = None,
) -> Shrunk:
    """The smallest failing input found from ``text`` (generated with ``seed``, ``params``)."""
    search = _Search(module, fails, deadline, on_failing)
    search.trust(text)
    make = generate if generate is not None else _module_generator(module)
    best = Shrunk(text, seed, {**getattr(module, "PARAMS", {}), **params}, 0)
    search.origin = (best.seed, dict(best.params))
    cuts_from = None  # the text the cuts began with, once they did
    try:
        if search.one_case:
            best.stages.append("cases: one per file")
        elif search.validate is None:
            best.stages.append("cases: none dropped (no validator)")
        else:
            cases_before = len(search.split(text))
            best.text = search.fewer_cases(text)
            best.stages.append(f"cases: {cases_before} -> {len(search.split(best.text))}")
        if make is not None:
            with _share_of_time(search, best, PARAMS_SHARE):
                before = best.text
                stage = _lower_params if best.params else _other_seeds
                stage(search, best, make, attempts_per_params)
                if best.params and best.text == before:  # no smaller file by its parameters
                    _other_seeds(search, best, make, attempts_per_params)
        if search.validate is None:
            best.stages.append("cuts: none (no validator)")
        else:
            before, cuts_from = len(best.text.encode()), best.text
            _cut(search, best)
            best.stages.append(f"cuts: {before} -> {len(best.text.encode())} bytes")
    except _OutOfTime:
        _smallest_failed(search, best)  # a stage cut short may have found a smaller one
        if cuts_from is not None:  # the cuts were cut short: what they did so far
            cut_to = len(best.text.encode())
            best.stages.append(f"cuts: {len(cuts_from.encode())} -> {cut_to} bytes")
        best.stages.append("stopped at the deadline")
    except Exception as error:  # the module's own bug: the best so far is still the answer
        best.error = error
        best.stages.append("stopped by an error, below")  # the caller tells it
    best.steps = search.steps
    best.cut = cuts_from is not None and best.text != cuts_from
    return best


@contextlib.contextmanager
def _share_of_time(search: _Search, best: Shrunk, share: float):
    """The stage within ``share`` of the time left, so that the cuts after it have the rest:
    cut short there, the shrink goes on with the smallest failure found."""
    overall = search.deadline
    if overall is None:
        yield
        return
    search.deadline = time.monotonic() + share * max(0.0, overall - time.monotonic())
    try:
        yield
    except _OutOfTime:
        if time.monotonic() >= overall:
            raise
        _smallest_failed(search, best)
        best.stages.append(f"(stopped at {share:.0%} of the time, for the cuts)")
    finally:
        search.deadline = overall


def _smallest_failed(search: _Search, best: Shrunk) -> None:
    """``best`` made the smallest failing text judged, with its origin, when it is smaller."""
    if not search.failed:
        return
    text = min(search.failed, key=search.size)
    if search.size(text) < search.size(best.text):
        best.text = text
        best.seed, best.params = search.failed[text][0], dict(search.failed[text][1])


def _module_generator(module: Any) -> Callable[[int, dict[str, int]], str] | None:
    """``module.generate`` as a function of a seed and parameters, or None."""
    if not hasattr(module, "generate"):
        return None
    return lambda seed, params: module.generate(random.Random(seed), **params)


def _other_seeds(
    search: _Search, best: Shrunk, make: Callable[[int, dict[str, int]], str], attempts: int
) -> None:
    """Stage 2 without parameters: the smallest failing file among the next seeds' files
    (only those smaller than the best are run: how many, said, so that a shrink of no runs
    does not read as one that ran each seed)."""
    start = last = best.seed
    runs_before, refused, larger = search.steps, 0, 0
    try:
        for seed in range(start + 1, start + attempts):
            last = seed
            text = make(seed, best.params)
            search.trust(text)
            valid = search.valid(text)
            refused += not valid
            smaller = valid and search.size(text) < search.size(best.text)
            larger += valid and not smaller
            search.origin = (seed, dict(best.params))
            if smaller and search.failing(text):
                best.text, best.seed = text, seed
            search.origin = (best.seed, dict(best.params))
    finally:  # said also when the deadline stops the stage
        stage = f"seeds {start} to {last}: the smallest failing file is seed {best.seed}'s"
        ran = search.steps - runs_before
        best.stages.append(stage + _seeds_run(last - start, refused, ran, larger))


def _seeds_run(others: int, refused: int, ran: int, larger: int) -> str:
    """What became of the ``others`` seeds' files: how many the validator refused (never
    compared), how many were run (each smaller than the smallest failing file so far), how
    many were not (no smaller), and the rest (a file judged already, or the one the time ran
    out on): ``(19 other seeds' files: 3 run (smaller than ...), 16 not run (no smaller))``."""
    if others == 0:
        return ""
    parts = [
        (refused, "refused by the validator"),
        (ran, "run (smaller than the smallest failing file so far)"),
        (larger, "not run (no smaller)"),
        (others - refused - ran - larger, "not run (a file judged already, or the time was up)"),
    ]
    files = "1 other seed's file" if others == 1 else f"{others:,} other seeds' files"
    return f" ({files}: {', '.join(f'{count:,} {what}' for count, what in parts if count)})"


def _lower_params(
    search: _Search, best: Shrunk, make: Callable[[int, dict[str, int]], str], attempts: int
) -> None:
    """Stage 2: lower each parameter while a regenerated file still fails."""
    module = search.module
    minimum = getattr(module, "MIN_PARAMS", {})
    start_seed, start_params = best.seed, dict(best.params)
    start_bytes = len(best.text.encode())
    raised: list[GeneratorRaised] = []  # the first file the generator raised on
    current = dict(best.params)  # each parameter's lowest value known to fail

    def reproduces(trial: dict[str, int]) -> bool:
        """Whether a file generated with ``trial`` fails; a smaller result is kept."""
        for seed in range(start_seed, start_seed + attempts):
            try:
                text = make(seed, trial)
            except Exception as error:  # parameters the generator does not accept
                if not raised:
                    (name,) = (name for name in trial if trial[name] != current[name])
                    raised.append(GeneratorRaised(name, 0, seed, dict(trial), error))
                return False
            search.trust(text)
            search.origin = (seed, dict(trial))
            try:
                if search.failing(text):
                    shrunk = search.fewer_cases(text)
                    if search.size(shrunk) <= search.size(best.text):  # a tie: the lower params
                        best.text, best.seed, best.params = shrunk, seed, dict(trial)
                    return True
            finally:
                search.origin = (best.seed, dict(best.params))
        return False

    try:
        _lower_each(start_params, minimum, reproduces, current)
    finally:  # said also when the deadline stops the stage
        best.generator_raised = _kept_above(raised, current)
        lowered = _lowered(start_params, best.params)
        if lowered:
            after = len(best.text.encode())
            best.stages.append(f"params: {lowered} (the file {start_bytes} -> {after} bytes)")
        elif _lowered(start_params, current):
            best.stages.append(_failing_not_smaller(start_params, current))
        else:
            best.stages.append(_none_lower(start_params))


def _kept_above(raised: list[GeneratorRaised], current: dict[str, int]) -> GeneratorRaised | None:
    """The generator's first error, with the value its parameter ended at, when that is above
    the value it raised at (a parameter lowered past it after all needs no word)."""
    if not raised or current[raised[0].name] <= raised[0].params[raised[0].name]:
        return None
    return replace(raised[0], kept=current[raised[0].name])


def _lowered(start: dict[str, int], params: dict[str, int]) -> str:
    """``"n 3 -> 1, bound 9 -> 4"``: the parameters lower in ``params`` than at the start."""
    return ", ".join(
        f"{name} {start[name]} -> {value}" for name, value in params.items() if value != start[name]
    )


def _none_lower(start: dict[str, int]) -> str:
    """The stage's line when no file of a lower parameter failed: ``"params: kept size=8 (no
    lower value gave a failing file)"``."""
    kept = " ".join(f"{name}={value}" for name, value in start.items())
    return f"params: kept {kept} (no lower value gave a failing file)"


def _failing_not_smaller(start: dict[str, int], lower: dict[str, int]) -> str:
    """The stage's line when files of lower parameters failed, none smaller than the file kept
    (made with the parameters it started from, which the Reproduce line then names)."""
    names = [name for name, value in lower.items() if value != start[name]]
    made = " ".join(f"{name}={lower[name]}" for name in names)
    kept = " ".join(f"{name}={start[name]}" for name in names)
    return (
        f"params: files made with {made} fail too, but none is smaller than the one kept "
        f"(made with {kept})"
    )


def _lower_each(names, minimum: dict, reproduces, current: dict[str, int]) -> None:
    """Each parameter lowered by a binary search between the highest value known to pass and
    the lowest known to fail (``reproduces``: a file made with it still fails), round after
    round until none moves; a value that passed stays passing in later rounds, whose other
    parameters are no larger. The steps are logarithmic in the distance: a failure that
    needs ``bound`` above 1000 costs about 13 values from 5000, not 4000. A search that ends
    above the minimum tries once more from it (half way down): a failure that is no threshold
    but a chance (a value that must be 3 mod 7) may have missed a lower value once."""
    passing = {name: minimum.get(name, 1) - 1 for name in names}
    changed = True
    while changed:
        changed = False
        for name in names:
            low = minimum.get(name, 1)
            while current[name] - passing[name] > 1:
                middle = (passing[name] + current[name]) // 2
                if reproduces({**current, name: middle}):
                    current[name], changed = middle, True
                else:
                    passing[name] = middle
                again = low + (current[name] - low) // 2
                ended = current[name] - passing[name] <= 1 and again < passing[name]
                if ended and reproduces({**current, name: again}):
                    current[name], passing[name], changed = again, low - 1, True


def _cut(search: _Search, best: Shrunk) -> None:
    """Stage 3: the module's cuts and the generic ones, greedily, to a fixpoint; then small
    values, and the cuts again while they help."""
    while True:
        _cut_to_fixpoint(search, best)
        if not _small_value(search, best):
            return


POLISHED_TOKENS = 8  # integers in a file, at most, each tried at the small values below it
SMALL_VALUES = 16  # the largest of those values (15 runs more for each integer above it)


def _small_value(search: _Search, best: Shrunk) -> bool:
    """On a file of at most ``POLISHED_TOKENS`` integers, the first integer that still fails
    at a smaller magnitude from 2 to ``SMALL_VALUES``, taken (the cuts try 0, 1, a digit less,
    half and one less: a failure that needs a property, a remainder, stopped where those all
    passed, ``133927 6`` for ``10 6``); whether one was."""
    tokens = [t for t in re.finditer(r"\S+", best.text) if _INTEGER.fullmatch(t.group())]
    if len(tokens) > POLISHED_TOKENS:
        return False
    best_size = search.size(best.text)
    for token in tokens:
        value = int(token.group())
        sign = -1 if value < 0 else 1
        for magnitude in range(2, min(abs(value), SMALL_VALUES + 1)):
            text = best.text[: token.start()] + str(sign * magnitude) + best.text[token.end() :]
            if search.valid(text) and search.size(text) < best_size and search.failing(text):
                best.text = text
                return True
    return False


def _cut_to_fixpoint(search: _Search, best: Shrunk) -> None:
    own_cuts = getattr(search.module, "cuts", None)
    changed = True
    while changed:
        changed = False
        cases = search.split(best.text)
        for index in range(len(cases)):
            cases, cut = _cut_case(search, best, cases, index, own_cuts)
            changed = changed or cut


def _cut_case(search: _Search, best: Shrunk, cases: list[str], index: int, own_cuts) -> tuple:
    """The cuts of case ``index`` taken while one fails, each round going on from the place in
    the cuts' order where the last was taken, round the end to it (restarting from the first
    cut made each kept cut cost a run of every cut before it: a thousand numbers lowered one at
    a time took a million runs); the file's cases after, and whether any was taken."""
    best_size = search.size(best.text)
    start, cut = 0, False
    while True:
        case = cases[index]

        def fresh(case: str = case) -> Iterator[str]:
            return itertools.chain(own_cuts(case) if own_cuts else (), generic_cuts(case))

        order = itertools.chain(
            enumerate(itertools.islice(fresh(), start, None), start),
            enumerate(itertools.islice(fresh(), start)),
        )
        for position, candidate in order:
            search.on_time()  # a cuts() that never ends, or yields only what it was given
            if candidate == case:
                continue
            text = search.join([*cases[:index], candidate, *cases[index + 1 :]])
            if not search.valid(text):
                continue
            size = search.size(text)
            if size < best_size and search.failing(text):
                best.text, best_size = text, size
                cases, start, cut = search.split(text), position, True
                break
        else:
            return cases, cut


def generic_cuts(case: str) -> Iterator[str]:
    """Smaller variants of a case: drop lines, drop tokens, lower an integer token, lower
    every token of one repeated integer together.

    Each drop of k lines or tokens is followed by the same drop with the case's first integer
    lowered by k (a count that announces the dropped items). The last cuts keep a tie: values
    that must stay equal (a count said twice, a failure on equal numbers) shrink only together.
    """
    lines = case.split("\n")
    for size in _chunk_sizes(len(lines)):
        for start in range(0, len(lines), size):
            yield from _with_count_lowered("\n".join(lines[:start] + lines[start + size :]), size)
    for row, line in enumerate(lines):
        tokens = line.split()
        for size in _chunk_sizes(len(tokens)):
            for start in range(0, len(tokens), size):
                shorter = " ".join(tokens[:start] + tokens[start + size :])
                yield from _with_count_lowered(_replace_line(lines, row, shorter), size)
    for row, line in enumerate(lines):
        for token in re.finditer(r"\S+", line):
            if not _INTEGER.fullmatch(token.group()):
                continue
            for smaller in _smaller_integers(int(token.group())):
                lowered = line[: token.start()] + str(smaller) + line[token.end() :]
                yield _replace_line(lines, row, lowered)
    yield from _ties_lowered(case)


def _ties_lowered(case: str) -> Iterator[str]:
    """The case with every token of one integer that appears more than once lowered
    together, the integers in their order of first appearance."""
    tokens = [token for token in re.finditer(r"\S+", case) if _INTEGER.fullmatch(token.group())]
    seen: dict[int, list[re.Match]] = {}
    for token in tokens:
        seen.setdefault(int(token.group()), []).append(token)
    for value, found in seen.items():
        if len(found) < 2:
            continue
        for smaller in _smaller_integers(value):
            pieces, end = [], 0
            for token in found:
                pieces += [case[end : token.start()], str(smaller)]
                end = token.end()
            yield "".join(pieces) + case[end:]


def _chunk_sizes(count: int) -> list[int]:
    """Chunk sizes for dropping parts of ``count`` items: half, a quarter, ..., one."""
    sizes = []
    size = count // 2
    while size >= 1:
        sizes.append(size)
        size //= 2
    return sizes


def _replace_line(lines: list[str], row: int, line: str) -> str:
    return "\n".join([*lines[:row], line, *lines[row + 1 :]])


def _with_count_lowered(case: str, by: int) -> Iterator[str]:
    yield case
    for token in re.finditer(r"\S+", case):
        if _INTEGER.fullmatch(token.group()):
            value = int(token.group())
            if value >= by:
                yield case[: token.start()] + str(value - by) + case[token.end() :]
            return


def _smaller_integers(value: int) -> list[int]:
    """Integers of smaller magnitude and the same sign to try instead of ``value``: 0 and 1
    first, then its last digit dropped, half of it, and one less. A failure that needs a
    value with some property (a remainder) stopped on a large one, where halving and one less
    both passed: ``133927 6`` for ``10 6``; dropping digits reaches small values in a few
    steps whatever the property."""
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    smaller = dict.fromkeys((0, 1, magnitude // 10, magnitude // 2, magnitude - 1))
    return [sign * option for option in smaller if 0 <= option < magnitude]

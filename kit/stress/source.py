"""What a stress run generates and judges against: the problem's stress module
(``stress/<slug>.py``), the user's own programs (``--gen``, ``--brute``), the interactor.

``source_for(problem, runner, brute=, gen=, gen_size=, given=)`` checks the options against the
problem and loads the stress module with only the functions this run needs:

- the files: ``--gen CMD`` (run as ``CMD SEED``, or ``CMD SEED SIZE`` with ``--gen-size N``),
  else the module's ``PARAMS`` and ``generate(rng, **params)`` (``--param`` overrides);
- the answers of a batch problem: ``--brute CMD``, else the module's ``reference(text)``. An
  interactive problem is judged by its interactor (problems.toml's ``interactor``); one in a
  protocol that is given the case's answer file (``kattis:``, ``testlib:``) is given those
  answers there (``Source.game_answers``), as a judge gives it the case's answer, when there
  are any; without them it gets an empty file, which ``Source.answer_note`` says under the
  run's first line. An interactor of the kit's protocol takes no answer: no ``--brute``;
- optional: ``validate(text)`` (every generated file must pass it, and it lets the shrinker cut
  files; without it, a package's input validators check the shrink's candidates,
  ``Source.package_validation``: ``kit.run.input_validators``' ``TextValidation``; the run's
  first line names those left out, ``Source.validators_left_out``),
  ``split_cases`` with ``join_cases`` (several test cases per file; a module that defines
  neither has one case per file), ``cuts(case)``, ``MIN_PARAMS``.

With both programs given, no stress module is needed (one that exists still validates). An
optional function that is still the template's stub (its body only raises
``NotImplementedError``) counts as absent, so that a new problem's module does not stop a run
that has no use for it. ``load_stress_module`` imports it wrapped (``Guarded``) so that any of
its functions that raises is a one-line BuildError naming the function and its input.
"""

from __future__ import annotations

import contextlib
import re
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from kit.checkout_modules import import_from_checkout
from kit.errors import BuildError, Refused
from kit.guest import exit_call, failure, on_deep_stack
from kit.judges.programs import KIT, Interactor, interactor_protocol
from kit.judges.targets import Runner
from kit.registry import Problem
from kit.run.input_validators import TextValidation
from kit.run.problem_judges import interactor_command, shown_setting
from kit.scaffold import is_stub
from kit.stress.inputs import on_input
from kit.stress.programs import Program, parse_program

PARAM_ITEM = re.compile(r"(\w+)=(-?\d+)")  # --param NAME=INTEGER
SIZE = "size"  # the one parameter of a generator program that takes a size
OPTIONAL = ("validate", "split_cases", "join_cases", "cuts", "MIN_PARAMS")


@dataclass
class Source:
    problem: Problem
    module: Any  # the stress module (Guarded), or None
    params: dict[str, int]  # the generator's: the module's PARAMS, or {"size": N}, or {}
    gen: Program | None = None
    brute: Program | None = None
    interactor: Interactor | None = None  # an interactive problem's
    game_answers: bool = False  # its interactor is given reference()'s answer (ANSWER)
    # the package's input validators, for the shrink's candidates when the module has no
    # validate() (``kit.run.input_validators``), and what is said of those not run
    package_validation: TextValidation | None = None
    validators_left_out: tuple[str, ...] = ()

    @property
    def validate(self):
        return getattr(self.module, "validate", None) if self.module is not None else None

    @property
    def generator(self) -> str:
        return self.gen.named if self.gen is not None else f"{self._where}: generate()"

    @property
    def reference(self) -> str:
        """What gives the expected answers, as the messages name it."""
        return self.brute.named if self.brute is not None else f"{self._where}: reference()"

    @property
    def validator(self) -> str:
        return f"{self._where}'s validate()" if self.gen is not None else "validate()"

    @property
    def _where(self) -> str:
        return self.problem.rel(self.problem.stress)

    def described(self) -> str:
        """What the files are and what judges them, for the run's first line."""
        if self.gen is None:
            files = f"parameters {shown_params(self.params)}"
        else:
            size = f" {self.params[SIZE]}" if SIZE in self.params else ""
            files = f"files from {self.gen.text} SEED{size}"
        if self.module is not None and "validate" in self.module.unwritten:
            files += f" (not validated: {self._where}'s validate() is still the template's stub)"
        if self.package_validation is not None:
            shown = ", ".join(self.package_validation.shown)
            files += f", the shrink's inputs validated by the package's {shown}"
        elif self.validators_left_out:
            files += ", the shrink's inputs not validated"
        if self.validators_left_out:
            files += f" ({'; '.join(self.validators_left_out)})"
        if self.interactor is not None:
            played = shown_setting(self.problem, self.problem.interactor or "")
            files = f"{files}, played through {played}"
        return files + (f", answers from {self.brute.text}" if self.brute is not None else "")

    def answer_note(self) -> str | None:
        """A note when the interactor takes the case's answer file (``kattis:``, ``testlib:``)
        and the run has none to give it: the module has no ``reference()``; else None."""
        if self.interactor is None or self.interactor.protocol == KIT or self.game_answers:
            return None
        played = shown_setting(self.problem, self.problem.interactor or "")
        why = f"{self._where} has no reference()"
        if self.module is None:
            why = f"there is no {self._where} with a reference()"
        elif "reference" in self.module.unwritten:
            why = f"{self._where}'s reference() is still the template's stub"
        return (
            f"note: {played} is given an empty ANSWER file: {why} to make the answer a judge "
            "gives it (reference(text) returns it for each file; or give --brute CMD)"
        )

    def shrinkable(self) -> SimpleNamespace:
        """What ``kit.stress.shrink`` works through: the generator's parameters and the
        module's optional parts (validator, cases, cuts)."""
        present = {}
        if self.module is not None:
            present = {name: getattr(self.module, name, None) for name in OPTIONAL}
            present = {name: value for name, value in present.items() if value is not None}
        if self.gen is not None:
            present["MIN_PARAMS"] = {SIZE: 1}
        if self.package_validation is not None:
            present["validate"] = self.package_validation
        return SimpleNamespace(PARAMS=dict(self.params), **present)

    def flags(self, params: dict[str, int]) -> str:
        """The options that make the files of ``params`` again (for the reproduction line)."""
        if self.gen is not None:
            size = f" --gen-size {params[SIZE]}" if SIZE in params else ""
            text = f" {self.gen.shown}{size}"
        else:
            defaults = self.module.PARAMS  # in its order, as the run's first line has them
            changed = [(k, params[k]) for k in defaults if k in params and params[k] != defaults[k]]
            text = "".join(f" --param {k}={v}" for k, v in changed)
        return text + (f" {self.brute.shown}" if self.brute is not None else "")


def shown_params(params: dict[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items()) or "(none)"


def source_for(
    problem: Problem,
    runner: Runner,
    *,
    brute: str | None,
    gen: str | None,
    gen_size: int | None,
    given: list[str],
) -> Source:
    """The source of a stress run of ``problem`` with these options (see the module doc)."""
    interactive = problem.kind == "interactive"
    if problem.unplayed:
        raise BuildError(
            f"{problem.slug}: stress plays an interactive problem through its interactor; "
            'set one in problems.toml (interactor = "PATH")'
        )
    if interactive and brute is not None and interactor_protocol(problem.interactor or "") == KIT:
        raise BuildError(
            f"{problem.slug}: --brute makes the ANSWER file of a kattis: or testlib: "
            f"interactor; {shown_setting(problem, problem.interactor or '')}, of the kit's "
            "protocol, takes none (it judges each game alone)"
        )
    if gen_size is not None and gen is None:
        raise BuildError("--gen-size: for a generator program given with --gen CMD")
    if gen is not None and given:
        raise BuildError(
            f"--param {given[0]}: for the stress module's generate(); --gen CMD takes --gen-size N"
        )
    source = Source(problem, None, {})
    if gen is not None:
        source.gen = parse_program(gen, "--gen", runner, problem)
        source.params = {} if gen_size is None else {SIZE: gen_size}
    if brute is not None:
        source.brute = parse_program(brute, "--brute", runner, problem)
    needs = [] if gen is not None else ["PARAMS", "generate"]
    if not interactive and brute is None:
        needs.append("reference")
    source.module = load_stress_module(problem, needs)
    if gen is None:
        source.params = _params(source.module, given)
    if source.validate is None and (validation := TextValidation.of(problem)) is not None:
        source.validators_left_out = validation.left_out
        source.package_validation = validation if validation.shown else None
    if interactive:
        source.interactor = interactor_command(problem)
        takes = source.interactor is not None and source.interactor.protocol != KIT
        source.game_answers = takes and (brute is not None or _written(source.module, "reference"))
    return source


def _written(module, name: str) -> bool:
    """Whether the (guarded) stress module has ``name``, not the template's stub."""
    return module is not None and hasattr(module, name)  # a stub is absent: ``Guarded``


def _params(module, given: list[str]) -> dict[str, int]:
    """The module's PARAMS (integers, which the shrinker lowers) with ``--param`` overrides."""
    if not isinstance(module.PARAMS, dict):
        raise BuildError(f"{module.where}: PARAMS must be a dict of integers")
    params = dict(module.PARAMS)
    least_of = getattr(module, "MIN_PARAMS", {})
    least_of = least_of if isinstance(least_of, dict) else {}
    for name, value in params.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise BuildError(f"{module.where}: PARAMS[{name!r}] = {value!r}: expected an integer")
    named = {}  # each parameter --param set, with the item that set it
    for item in given:
        match = PARAM_ITEM.fullmatch(item)
        if match is None:
            raise BuildError(f"--param {item!r}: expected NAME=INTEGER")
        if not params:
            raise BuildError(f"--param {match[1]}: {module.where}'s PARAMS has no parameters")
        if match[1] not in params:
            known = ", ".join(sorted(params))
            raise BuildError(f"--param {match[1]}: not a parameter (known: {known})")
        if match[1] in named:  # the last was taken silently
            raise BuildError(f"--param {item}: {match[1]} is given twice ({named[match[1]]} first)")
        params[match[1]], named[match[1]] = int(match[2]), item
    _no_strays(module, least_of, params)
    for name, value in params.items():  # the values used, each at least its minimum
        least = least_of.get(name)
        if not isinstance(least, int) or value >= least:
            continue
        if name in named:
            raise BuildError(
                f"--param {named[name]}: below the module's MIN_PARAMS[{name!r}] = {least}"
            )
        raise BuildError(
            f"{module.where}: PARAMS[{name!r}] = {value} is below MIN_PARAMS[{name!r}] = "
            f"{least}, the smallest legal value (or give --param {name}=N)"
        )
    return params


def _no_strays(module, least_of: dict, params: dict[str, int]) -> None:
    """Refuse a minimum of a parameter PARAMS does not have: a misspelt name was ignored, and
    its minimum held nothing."""
    strays = sorted(str(name) for name in least_of if name not in params)
    if strays:
        known = ", ".join(sorted(params)) or "none"
        raise BuildError(
            f"{module.where}: MIN_PARAMS names {', '.join(strays)}, not in PARAMS (known: {known})"
        )


def load_stress_module(problem: Problem, needs: list[str]):
    """``stress/<slug>.py`` of the problem's checkout, imported as ``stress.<slug>`` and
    guarded; None when it does not exist and nothing of it is needed."""
    path = problem.stress
    where = problem.rel(path)
    if not path.is_file():
        if not needs:
            return None
        said = f"{where} is not a file" if path.exists() else f"no {where}"  # a folder there
        raise BuildError(f"{problem.slug}: {said} ({_wanted(problem, needs)})")
    module = import_from_checkout(problem, path, f"stress.{problem.slug}")
    # reference() too: optional where the run does not need it (a game's ANSWER)
    stubs = {n for n in (*OPTIONAL, "reference") if is_stub(getattr(module, n, None))}
    _refuse_unwritten(module, where, needs)
    pair = [n for n in ("split_cases", "join_cases") if hasattr(module, n) and n not in stubs]
    if len(pair) == 1:
        other = "join_cases" if pair == ["split_cases"] else "split_cases"
        stub = " written (it is still the template's stub)" if other in stubs else ""
        raise BuildError(
            f"{where}: defines {pair[0]} but no {other}{stub} (both for several cases per "
            "file, neither for one)"
        )
    return Guarded(module, where, problem, stubs)


def _refuse_unwritten(module, where: str, needs: list[str]) -> None:
    """Refuse a module without a function the run needs, or with it still the template's stub
    (a new problem's ``stress SLUG --brute CMD`` ran the stub), naming the option instead."""
    hint = {"reference": "--brute CMD", "generate": "--gen CMD", "PARAMS": "--gen CMD"}
    missing = [name for name in needs if not hasattr(module, name)]
    if missing:
        instead = sorted({hint[name] for name in missing})
        raise BuildError(
            f"{where}: defines no {', '.join(missing)} (or give {' and '.join(instead)})"
        )
    unwritten = [name for name in needs if is_stub(getattr(module, name))]
    if unwritten:
        instead = " and ".join(sorted({hint[name] for name in unwritten}))
        stubs = ", ".join(f"{name}()" for name in unwritten)
        verb, them = ("is", "it") if len(unwritten) == 1 else ("are", "them")
        raise BuildError(
            f"{where}: {stubs} {verb} still the template's stub (write {them}, or give {instead})"
        )


def _wanted(problem: Problem, needs: list[str]) -> str:
    if "reference" in needs and "generate" in needs:
        return "a generator, validator and reference; see the README; or --gen CMD and --brute CMD"
    if "reference" in needs:
        return "a reference(); or --brute CMD"
    what = "secret inputs" if problem.kind == "interactive" else "inputs"
    return f"a generator of {what}: PARAMS and generate(); or --gen CMD"


RETURNS = {"generate": str, "reference": str, "join_cases": str, "split_cases": list}


class Guarded:
    """A stress module whose functions report their own crashes as one-line BuildErrors
    (``validate`` keeps its ValueError, which is its answer); ``stubs``, the optional functions
    not written yet, are absent (kept as ``unwritten``); other attributes pass through.
    ``cuts`` is checked as it is iterated: an iterable of strings."""

    FUNCTIONS = ("generate", "validate", "reference", "split_cases", "join_cases")

    def __init__(self, module, where: str, problem: Problem, stubs=frozenset()) -> None:
        self._module = module
        self._where = where
        self._problem = problem
        self.unwritten = stubs
        self._running: dict[int, tuple[float, str]] = {}  # thread: (start, function)

    def longest_call(self) -> tuple[float, str] | None:
        """(seconds, function) of the longest call still running in any thread, or None."""
        calls = list(self._running.values())
        if not calls:
            return None
        start, name = min(calls)
        return time.monotonic() - start, name

    @property
    def where(self) -> str:
        """The module's file, as messages name it."""
        return self._where

    def __getattr__(self, name: str):
        if name in self.unwritten:
            raise AttributeError(name)
        value = getattr(self._module, name)
        if name == "cuts":  # not callable either: told as cuts()
            return lambda case: self._cuts(value, case)
        if name not in self.FUNCTIONS:
            return value

        def call(*args, **kwargs):
            with self._calling(name):
                try:
                    result = on_deep_stack(lambda: value(*args, **kwargs))
                except ValueError:
                    if name == "validate":
                        raise
                    raise self._error(name, args) from None
                except (KeyboardInterrupt, Refused):  # Ctrl-C, a stop, no thread: not the module's
                    raise
                except BaseException:  # the module's own bug, or a stub
                    raise self._error(name, args) from None
            if name == "validate":
                return self._validated(result)
            wanted = RETURNS.get(name)
            if wanted is not None and not isinstance(result, wanted):
                raise BuildError(
                    f"{self._where}: {name}() returned {type(result).__name__}, "
                    f"not {wanted.__name__}"
                )
            if isinstance(result, str):
                self._encodable(name, result)
            return result

        return call

    def _encodable(self, name: str, text: str) -> None:
        """A one-line error for text a program cannot be given (a lone surrogate)."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise BuildError(
                f"{self._where}: {name}() returned text that is not UTF-8: {error.reason} "
                f"({error.object[error.start]!r} at character {error.start})"
            ) from None

    def _validated(self, result: object) -> None:
        """``validate``'s answer read: None or True accepts; False refuses, as ValueError
        does (a validator in the style of returning a bool: its False was taken as valid, and
        the shrinker reported inputs it refused); anything else is a one-line error."""
        if result is False:
            raise ValueError("validate() returned False")
        if result is not None and result is not True:
            raise BuildError(
                f"{self._where}: validate() returned {type(result).__name__}: raise "
                "ValueError('why') for a file outside the constraints (or return False), "
                "return None or True otherwise"
            )

    @contextlib.contextmanager
    def _calling(self, name: str) -> Iterator[None]:
        """A call of the module's function ``name`` in this thread, timed (``longest_call``)."""
        thread = threading.get_ident()
        self._running[thread] = (time.monotonic(), name)
        try:
            yield
        finally:
            self._running.pop(thread, None)

    def _cuts(self, cuts, case: str) -> Iterator[str]:
        """``cuts(case)``'s variants, each checked to be a string; what goes wrong (it raises,
        returns no iterable, yields something else) is a one-line error naming ``cuts()``."""
        with self._calling("cuts"):
            try:
                made = on_deep_stack(cuts, case)
            except (KeyboardInterrupt, Refused):  # Ctrl-C, a stop, no thread: not the module's
                raise
            except BaseException:  # its own bug, a stub, a BaseException of its own
                raise self._error("cuts", (case,)) from None
        if isinstance(made, str) or not isinstance(made, Iterable):
            raise BuildError(
                f"{self._where}: cuts() returned {type(made).__name__}, not an iterable of "
                f"strings ({on_input(self._problem, 'cuts', case)})"
            )
        variants = iter(made)
        while True:
            with self._calling("cuts"):
                try:
                    variant = on_deep_stack(next, variants)
                except StopIteration:
                    return
                except (KeyboardInterrupt, Refused):  # Ctrl-C, a stop, no thread: not the module's
                    raise
                except BaseException:  # its own bug, a stub, a BaseException of its own
                    raise self._error("cuts", (case,)) from None
            if not isinstance(variant, str):
                raise BuildError(
                    f"{self._where}: cuts() yielded {type(variant).__name__}, not str "
                    f"({on_input(self._problem, 'cuts', case)})"
                )
            yield variant

    def _error(self, name: str, args: tuple) -> BuildError:
        error = sys.exc_info()[1]
        message = f"{self._where}: {name}() raised {failure(error, self._problem.root)}"
        if isinstance(error, SystemExit):  # sys.exit(), or os._exit() made to raise
            message = f"{self._where}: {name}() exits ({exit_call(error)})"
        given = args[0] if args else None
        if isinstance(given, list):  # join_cases: the cases
            given = "\n".join(map(str, given))
        if isinstance(given, str):
            message += f" ({on_input(self._problem, name, given)})"
        return BuildError(message)

"""The user's own programs in a stress run: a brute force (``--brute CMD``) and a generator
(``--gen CMD``), in any language.

``parse_program(text, option, runner)`` reads CMD as shell words (``shlex``). Its first word
is the program: a file (a path, or a name in the current folder), else a name on the PATH; a
``.py`` file runs under the bundle's interpreter (``runner``, as the build runs it), any other
file must be executable. Later words that name an existing file are made absolute, since the
program runs from an empty folder: ``--brute "python3 brute.py"`` works as a shell would run
it. A program that is not there, or words that do not parse, are a one-line ``BuildError``
before anything runs.

Both run as the bundle runs (``kit.run.process.run_process``): a fresh process, from an empty
folder, under the build's limits (``kit.run.limits``), but in the user's environment, with the
folders the solution's imports are found in first on ``PYTHONPATH`` (``Problem.import_folders``:
the workspace's root, after the solution's own folder for ``abc300/a.py``; a ``.py`` one is not
isolated, ``-I``, as the bundle is): a brute force may import the workspace's helpers, and a
script-folder solution's, as the solution does from source. The
brute force reads the input as the solution does, on stdin, or from the problem's named input
file (``Problem.named_files``: a Polygon package's ``input.txt``, written into its folder, stdin
empty), and its stdout (or what it leaves in the named output file) is the expected answer: a
brute force is most often the solution's own slow first version, written for the same files.
The generator runs
as ``CMD SEED`` (or ``CMD SEED SIZE`` when it takes a size), its stdin empty, and its stdout
is one input file.
A run that fails (a crash, killed over a limit) is a one-line ``BuildError`` naming the
program, the verdict and the input (shown when short, else saved to a file) or the seed; a
brute force still running at its stop (its limits' ``timeout``: ``kit.stress.engine.STUCK``,
not the solution's limit) says that it was stopped there; so
is a brute force that prints nothing on stdout and something on stderr (its answer written
there, or a warning instead of one), which would blame the solution for its empty answer.

API::

    parse_program(text, option, runner, problem) -> Program
    Program.answer(text, cwd=, limits=) -> bytes        # a brute force's answer
    Program.generate(seed, size, cwd=, limits=) -> str  # a generator's file (size may be None)
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError
from kit.judges.judge_messages import crash_line, raised_where, summary_line
from kit.judges.output_chunks import blank
from kit.judges.targets import Runner
from kit.registry import Problem
from kit.run.limits import Limits, moved_on, run_limited
from kit.run.process import Run, run_environment
from kit.run.verdicts import MLE, OLE, TLE, process_verdict
from kit.stress.inputs import on_input


@dataclass(frozen=True)
class Program:
    text: str  # as the user gave it
    option: str  # "--brute" or "--gen", for messages
    argv: tuple[str, ...]
    problem: Problem  # whose input a failed run's message saves

    @property
    def shown(self) -> str:
        """The option as the user would type it again (quoted for a shell)."""
        return f"{self.option} {shlex.quote(self.text)}"

    @property
    def named(self) -> str:
        """The option in a message."""
        return f"{self.option} {self.text!r}"

    def answer(self, text: str, *, cwd: Path, limits: Limits) -> bytes:
        """The brute force's output on ``text``; a failed run is a ``BuildError``."""
        folders, named = self.problem.import_folders, self.problem.named_files
        run = self._run(list(self.argv), text.encode(), cwd, limits, folders, named=named)
        failure = _failure(run, limits, self)
        if run.timed_out:  # not the solution's limit: the most a stress run waits for an answer
            moved = moved_on(limits.timeout, run.seconds, run.waited)  # its deadline's wait
            failure = (
                f"still running at {limits.timeout:g} s{moved}, when a stress run stops a "
                "brute force"
            )
        if failure is None and blank(run.stdout) and not blank(run.stderr):
            # its answer on stderr, or a message there: the solution is not to blame
            said = summary_line(run.stderr)
            failure = f"it printed nothing on stdout, and on stderr: {said}"
        if failure is not None:
            shown = on_input(self.problem, "brute", text)
            failed = "was stopped" if run.timed_out else "failed"
            raise BuildError(f"{self.named} {failed}: {failure} ({shown})")
        return run.stdout

    def generate(self, seed: int, size: int | None, *, cwd: Path, limits: Limits) -> str:
        """The file the generator prints for ``seed`` (and ``size``)."""
        arguments = [str(seed)] + ([] if size is None else [str(size)])
        folders = self.problem.import_folders
        run = self._run([*self.argv, *arguments], b"", cwd, limits, folders)
        called = f"{self.named} (run with {' '.join(arguments)})"
        failure = _failure(run, limits, self)
        if failure is not None:
            raise BuildError(f"{called} failed: {failure}")
        if not run.stdout:  # no input file at all: a generator's bug, not the module's
            said = "" if blank(run.stderr) else summary_line(run.stderr)
            raise BuildError(f"{called} printed nothing" + (f" (it said: {said})" if said else ""))
        try:
            return run.stdout.decode("utf-8")
        except UnicodeDecodeError as error:  # a file is shrunk, validated and shown as text
            bad = f"\\x{run.stdout[error.start]:02x}"
            raise BuildError(
                f"{called} printed something that is not UTF-8 text ({error.reason} {bad} at "
                f"byte {error.start} of its output)"
            ) from None

    @staticmethod
    def _run(
        argv: list[str],
        stdin: bytes,
        cwd: Path,
        limits: Limits,
        folders: tuple[Path, ...],
        named: tuple[str, str] = ("", ""),
        **settings: str,
    ) -> Run:
        """The user's own tool, not a program a judge runs: it keeps the user's environment
        (``PYTHONPATH``, ``PYENV_VERSION``...), the problem's import ``folders`` first on
        ``PYTHONPATH``, with the build's fixed PyPy nursery; ``settings``, more variables;
        ``named``: the problem's input and output files (a brute force's), "" each: the
        streams."""
        env = run_environment(users=True)
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [*map(str, folders), env.get("PYTHONPATH")])
        )
        return run_limited(argv, stdin, cwd, limits, env={**env, **settings}, named=named)


# the stress module's file of a seed made in a process of its own (argv: the problem's import
# folders joined by os.pathsep, the module's path and name, the seed, the parameters as JSON)
_MADE_ELSEWHERE = """
import importlib.util, json, os, random, sys
folders, path, name, seed, params = sys.argv[1:6]
sys.path[0:0] = folders.split(os.pathsep)
spec = importlib.util.spec_from_file_location(name, path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.stdout.write(module.generate(random.Random(int(seed)), **json.loads(params)))
"""


def made_elsewhere(
    problem: Problem, seed: int, params: dict[str, int], *, cwd: Path, limits: Limits
) -> str | None:
    """The stress module's file of ``seed`` made again by the kit's Python in a fresh process
    with hash randomisation off (the kit's own process has a random hash seed): a generator
    that iterates over a set of strings makes another file there; None when that process
    fails (its errors are the module's, told where the kit calls it)."""
    folders = problem.import_folders
    argv = [sys.executable, "-c", _MADE_ELSEWHERE, os.pathsep.join(map(str, folders))]
    argv += [str(problem.stress), f"stress.{problem.slug}", str(seed), json.dumps(params)]
    run = Program._run(argv, b"", cwd, limits, folders, PYTHONHASHSEED="0")
    if process_verdict(run, limits) is not None:
        return None
    return run.stdout.decode("utf-8", "replace")


def _failure(run: Run, limits: Limits, program: Program) -> str | None:
    """What went wrong with a run of the user's ``program`` (a verdict's message, and where it
    raised, or what it said on stderr when that is no traceback: "can't open file ..."; over
    a limit, whose limit it is and what to do: ``_over_limit``), or None."""
    found = process_verdict(run, limits)
    if found is None:
        return None
    verdict, said = found
    if crash_line(run.stderr) is not None:  # a traceback: where it was raised, to fix it
        place = raised_where(run.stderr)
        said += f" (at {place})" if place else ""
    elif line := summary_line(run.stderr):
        said += f" (it said: {line})"
    return said + _over_limit(verdict, program)


# what a program over each of the problem's limits is to do to come within it
_WITHIN = {TLE: "make it faster", MLE: "make it use less memory", OLE: "make it print less"}
_MODULE_CALL = {"--gen": "generate()", "--brute": "reference()"}  # what stands in for each


def _over_limit(verdict: str, program: Program) -> str:
    """For a run stopped over a limit: that the limit is the problem's, which the user's
    programs run under as the bundle does (a runaway one is stopped as a bundle is), and
    what to do; "" for any other verdict."""
    do = _WITHIN.get(verdict)
    if do is None:
        return ""
    return (
        f": {program.problem.slug}'s limit, which a {program.option} program runs under as the "
        f"bundle does (docs/stress.md): {do}, or write the stress module's "
        f"{_MODULE_CALL[program.option]} in its place (held to a stress run's own stops, not "
        "the problem's limits)"
    )


def parse_program(text: str, option: str, runner: Runner, problem: Problem) -> Program:
    """The program ``text`` names (see the module doc); a one-line ``BuildError`` if none."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise BuildError(f"{option} {text!r}: {error}") from None
    if not words:
        raise BuildError(f"{option}: no command given")
    first, *rest = words
    where = f"{option} {text!r}"
    script = _script_of(first, rest)
    if script is not None and not os.path.exists(os.path.expanduser(script)):
        raise BuildError(f"{where}: no such file: {script} (from the current folder)")
    argv = (*_executable(first, where, runner), *map(_absolute, rest))
    return Program(text, option, argv, problem)


INTERPRETER = re.compile(r"^(python|pypy)[0-9.]*$")


def _script_of(first: str, rest: list[str]) -> str | None:
    """The script an interpreter's command line names (``python3 tools/brute.py 5``:
    tools/brute.py), or None (another program, ``python -m module``, ``python -c CODE``,
    ``python -`` reading stdin)."""
    if not INTERPRETER.match(Path(first).name):
        return None
    words = iter(rest)
    for word in words:
        if word.startswith(("-m", "-c")) or word == "-":
            return None
        if word in ("-W", "-X"):  # an option whose value is the next word
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _executable(word: str, where: str, runner: Runner) -> list[str]:
    path = Path(word).expanduser()
    if "/" in word or path.is_file():
        if path.is_dir():
            raise BuildError(f"{where}: {word} is a folder, not a program")
        if not path.is_file():
            raise BuildError(f"{where}: no such program: {word}")
        if path.suffix == ".py":  # the bundle's interpreter, not isolated: the user's tool
            return [runner.interpreter.executable, *runner.extra_flags, str(path.resolve())]
        if not os.access(path, os.X_OK):
            raise BuildError(f"{where}: {word} is not executable (nor a .py file)")
        return [str(path.resolve())]
    found = shutil.which(word)
    if found is None:
        raise BuildError(f"{where}: no program {word} (not a file here, nor on the PATH)")
    return [found]


def _absolute(word: str) -> str:
    """A word that names an existing file (``~`` for the home folder, as a shell reads it),
    made absolute: the program runs elsewhere."""
    path = os.path.expanduser(word)
    if word.startswith("-") or not os.path.exists(path):
        return word
    return str(Path(path).resolve())

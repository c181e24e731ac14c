"""Syntax checks per target: statically for every target, and by compiling under each target's
interpreter when one is installed.

The static check is ruff's parser told the target's version (``--target-version py38``): it
refuses, with the version that added it, every construct known to differ between 3.8 and
3.13 (f-strings reusing their quote, with backslashes, comments or line breaks inside; star
expressions in subscripts; parenthesised context managers; ``match``; ``except*``; type
parameters and the ``type`` statement; relaxed decorators; walrus where 3.8 refuses it...),
whatever Python runs the kit. The modules are checked as they ship (stripped, with their source
line numbers).
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import tempfile

from kit import cache
from kit.bundle.sources import Source, write_modules
from kit.check import memo
from kit.check.settled_tests import NEVER
from kit.errors import REINSTALL, BuildError, machine_refused
from kit.launcher import below_hard

# A compiler may fold constants: PyPy builds ``b"x" * (3 << 30)`` at compile time, 3 GiB. The
# check's address space is capped (COMPILE_MEMORY, or the hard limit where lower: below_hard,
# the limits the compiler sets itself once started); a MemoryError is no syntax error, and
# the runs then say what the judge would (MLE).
COMPILE_MEMORY = 2 << 30
_COMPILE = """\
import json, sys
try:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[2])))
except (ImportError, ValueError, OSError):
    pass
for name, text in json.load(sys.stdin):
    try:
        compile(text, name, "exec", 0, True)
    except SyntaxError as error:
        print(json.dumps([name, error.lineno, error.msg]))
        break
    except MemoryError:
        pass
"""
_HERE = cache.file_stamp(__file__)  # in every remembered key: this code edited, asked again


def ruff_executable() -> str:
    """The ruff binary: ``KIT_RUFF``, the one installed with the running Python, or PATH's."""
    if os.environ.get("KIT_RUFF"):
        return os.environ["KIT_RUFF"]
    try:
        from ruff.__main__ import find_ruff_bin

        return str(find_ruff_bin())
    except (ImportError, FileNotFoundError):
        pass
    found = shutil.which("ruff")
    if found is None:
        raise BuildError(f"ruff not found: the static syntax check needs it: {REINSTALL}")
    return found


def static_errors(modules: list[Source], version: tuple[int, int]) -> list[tuple[str, int, str]]:
    """(file, line, message) for every construct of the shipped modules that Python
    ``version`` cannot parse, first by file order then line; remembered (``kit.check.memo``)."""
    shipped = [module for module in modules if module.shipped.strip()]
    if not shipped:
        return []
    ruff = ruff_executable()
    parts = [_HERE, "ruff", cache.file_stamp(ruff), f"{version[0]}.{version[1]}"]
    parts += [text for module in shipped for text in (module.rel, module.shipped)]
    errors = memo.remembered(parts, lambda: _ruff_errors(ruff, shipped, version), _all_errors)
    return [(rel, line, message) for rel, line, message in errors]


def _is_error(value) -> bool:
    """Whether a remembered answer is one error: [file, line, message]."""
    return (
        isinstance(value, list)
        and len(value) == 3
        and isinstance(value[0], str)
        and isinstance(value[1], int)
        and isinstance(value[2], str)
    )


def _all_errors(value) -> bool:
    return isinstance(value, list) and all(_is_error(error) for error in value)


def _none_or_error(value) -> bool:
    return value is None or _is_error(value)


_ADDED_IN = re.compile(r"\(syntax was added in Python (\d+)\.(\d+)\)")


def compiles_from(modules: list[Source], versions: list[tuple[int, int]]) -> dict[str, tuple]:
    """For each shipped module that some of ``versions`` cannot parse, the version from which
    every construct ruff names in it is known (``match``: 3.10); NEVER when one says no
    version ("Expected an expression": a plain syntax error)."""
    first: dict[str, tuple[int, int]] = {}
    for version in versions:
        for rel, _, message in static_errors(modules, version):
            found = _ADDED_IN.search(message)
            added = (int(found[1]), int(found[2])) if found else NEVER
            first[rel] = max(first.get(rel, added), added)
    return first


def _ruff_errors(
    ruff: str, shipped: list[Source], version: tuple[int, int]
) -> list[tuple[str, int, str]]:
    with tempfile.TemporaryDirectory(prefix="kit-syntax-") as folder:
        names = write_modules(folder, shipped, lambda module: module.shipped)
        command = [
            ruff,
            "check",
            "--isolated",
            "--no-cache",
            "--ignore",
            "ALL",
            "--target-version",
            f"py{version[0]}{version[1]}",
            "--output-format",
            "json",
            *names,
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, encoding="utf-8", errors="replace", timeout=120,
                check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            raise BuildError("ruff did not finish in 120 s") from None
        except OSError as error:
            if machine_refused(error):  # the machine's limit, said as such (kit.cli)
                raise
            raise BuildError(f"cannot run ruff: {error}") from None
    try:
        findings = json.loads(done.stdout or "[]")
    except ValueError:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise BuildError(f"ruff failed: {tail}") from None
    order = {module.rel: index for index, module in enumerate(shipped)}
    errors = []
    for finding in findings:
        if finding.get("code") not in (None, "invalid-syntax"):
            continue
        rel = names.get(finding["filename"], finding["filename"])
        errors.append((rel, finding["location"]["row"], finding["message"]))
    errors.sort(key=lambda error: (order.get(error[0], 0), error[1]))
    return errors


def compile_errors(command: list[str], units: list[tuple[str, str]]) -> tuple[str, int, str] | None:
    """Compile each (name, text) under the interpreter ``command``; the first syntax error.
    Remembered (``kit.check.memo``) by the interpreter's file, its flags and the texts."""
    parts = [_HERE, "compile", cache.file_stamp(command[0]), *command[1:]]
    parts += [text for unit in units for text in unit]
    failure = memo.remembered(parts, lambda: _compile_errors(command, units), _none_or_error)
    return None if failure is None else (failure[0], failure[1], failure[2])


def _compile_errors(command: list[str], units: list[tuple[str, str]]) -> list | None:
    try:
        done = subprocess.run(
            [*command, "-c", _COMPILE, *map(str, below_hard(resource.RLIMIT_AS, COMPILE_MEMORY))],
            input=json.dumps(units),
            capture_output=True,
            encoding="utf-8",  # the child's, isolated, whatever the kit's locale
            errors="replace",
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        if isinstance(error, OSError) and machine_refused(error):  # the machine's limit (kit.cli)
            raise
        raise BuildError(f"cannot run {command[0]}: {error}") from None
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise BuildError(f"compile check under {command[0]} failed: {tail}")
    if not done.stdout.strip():
        return None
    name, line, message = json.loads(done.stdout.splitlines()[0])
    return name, line or 0, message

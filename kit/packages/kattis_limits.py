"""The limits of a Kattis-format package (Kattis/problem-package-format: spec/legacy.md and
spec/2025-09.md, "Limits"), each bad one a one-line error:

- the time limit from ``limits.time_limit`` (later versions), else from ``timelimit`` in
  DOMjudge's ``domjudge-problem.ini``, else from the file ``.timelimit`` (seconds; written by
  problemtools' and BAPCtools' runs and read by DOMjudge: BAPCtools, bin/upgrade.py, moves it
  to ``limits.time_limit``), DOMjudge's order, else none (legacy packages leave it to the
  judge: the slowest accepted submission's time times ``time_multiplier``; later versions
  infer it from the submissions: ``kit.verify.limit_inference``, which the package's
  ``infers_time_limit`` turns on);
- ``limits.memory`` and ``limits.output`` in MiB, else the spec's typical system defaults,
  2048 and 8; ``limits.code`` a whole number of KiB, else 128. The time, memory and output
  limits are held to problems.toml's bounds (``kit.units``);
- a limit derived from the submissions is a multiple of ``limits.time_resolution`` (2025-09,
  default 1 s; whole seconds in legacy, as problemtools rounds); a given limit that is not one
  gets a note;
- what the output validator is given: ``limits.validation_time`` (seconds of CPU time) and
  ``limits.validation_memory`` (MiB), else problemtools' defaults, 60 and 1024
  (problemtools/config/problem.yaml; the spec's typical system default for the memory is
  2048); the spec applies them to output validators alone, not to input validators;
- the margin a time-limit submission must keep: ``limits.time_safety_margin`` (legacy,
  default 2) or ``limits.time_multipliers.time_limit_to_tle`` (default 1.5); the multiplier
  over the slowest accepted one (later versions: the slowest that must not time out):
  ``time_multiplier`` (5) or ``ac_to_time_limit`` (2).
"""

from __future__ import annotations

import math
from pathlib import Path

from kit.errors import BuildError
from kit.judges.profiles import KATTIS_OUTPUT
from kit.packages import smallyaml
from kit.units import SECONDS, in_mebibytes, in_seconds, memory_misread

DEFAULT_MEMORY = 2048  # MiB: the spec's "typical system default" (legacy and 2025-09)
DEFAULT_OUTPUT = KATTIS_OUTPUT  # MiB: likewise (kit.judges.profiles)
DEFAULT_CODE = 128  # KiB: likewise, and problemtools' (problemtools/config/problem.yaml)
VALIDATION_TIME, VALIDATION_MEMORY = 60.0, 1024  # s, MiB: problemtools' (config/problem.yaml)
LEGACY_MARGIN, LEGACY_MULTIPLIER = 2.0, 5.0  # time_safety_margin, time_multiplier
LATER_MARGIN, LATER_MULTIPLIER = 1.5, 2.0  # time_limit_to_tle, ac_to_time_limit


def limits_table(config: dict, shown: str) -> dict:
    """problem.yaml's ``limits``: its keys and values, or none."""
    limits = config.get("limits")
    if limits not in (None, "") and not isinstance(limits, dict):  # was read as none at all
        raise BuildError(f"{shown}/problem.yaml: limits: {limits!r}: expected keys and values")
    return limits or {}


def timing(path: Path, shown: str, limits: dict, legacy: bool) -> dict:
    """The package's time limit (None when it is to be inferred), where it was read, its
    margins and its resolution: the Package fields of time."""
    time_limit, time_from = _time_limit(path, shown, limits)
    if time_limit is not None and not in_seconds(time_limit):  # problems.toml's rule
        raise BuildError(
            f"{shown}: {time_from} gives {time_limit:g} s: no limit in seconds ({SECONDS})"
        )
    margin, multiplier, margin_from = _multipliers(shown, limits, legacy)
    return {
        "time_limit": time_limit,
        "time_from": time_from,
        "margin": margin,
        "margin_from": margin_from,
        "multiplier": multiplier,
        "resolution": 1.0 if legacy else number(limits, "time_resolution", 1.0, shown),
    }


def validation(limits: dict, shown: str) -> dict:
    """The Package fields of what its output validator is given: ``limits.validation_time``
    and ``limits.validation_memory``, else problemtools' defaults."""
    return {
        "validation_time": number(limits, "validation_time", VALIDATION_TIME, shown),
        "validation_memory": mebibytes(limits, "validation_memory", VALIDATION_MEMORY, shown),
    }


def number(table: dict, key: str, default: float, shown: str, finite: bool = True) -> float:
    """``table[key]``, a positive number (and ``finite``: the time limit's infinity is said
    where it is read), else ``default`` when it is not given."""
    if key not in table or table[key] == "":
        return default
    value = smallyaml.number(table[key], f"{shown}/problem.yaml: limits.{key}")
    if value <= 0:
        raise BuildError(f"{shown}/problem.yaml: limits.{key} must be positive")
    if finite and not math.isfinite(value):
        raise BuildError(f"{shown}/problem.yaml: limits.{key} = {table[key]}: not a finite number")
    return value


def whole(table: dict, key: str, default: int, shown: str, unit: str = "MiB") -> int:
    """``table[key]``, a whole number of ``unit`` (``memory: 1.5`` was cut to 1 MiB unsaid)."""
    value = number(table, key, default, shown)
    if value != int(value):
        raise BuildError(
            f"{shown}/problem.yaml: limits.{key} = {table[key]}: not a whole number of {unit}"
        )
    return int(value)


def mebibytes(table: dict, key: str, default: int, shown: str) -> int:
    """``table[key]``, a whole number of MiB held to problems.toml's rule (``memory: 1e9``
    ran as 1000000000 MiB: it looks like bytes)."""
    value = whole(table, key, default, shown)
    if not in_mebibytes(value):
        said = memory_misread(value, f"limits.{key}")
        raise BuildError(f"{shown}/problem.yaml: limits.{key} = {table[key]} {said}")
    return value


def _time_limit(path: Path, shown: str, limits: dict) -> tuple[float | None, str]:
    """The limit and where from: problem.yaml's, else DOMjudge's ini's, else ``.timelimit``
    (DOMjudge's order: webapp/src/Service/ImportProblemService.php), else none."""
    if limits.get("time_limit", "") != "":
        time_limit = number(limits, "time_limit", 0, shown, finite=False)  # said below
        return time_limit, "limits.time_limit in problem.yaml"
    ini = _ini_time_limit(path, shown)
    marker = path / ".timelimit"
    if not marker.is_file():
        return (ini, "timelimit in domjudge-problem.ini") if ini else (None, "")
    text = marker.read_text(encoding="utf-8", errors="replace").strip()
    value = smallyaml.number(text, f"{shown}/.timelimit")
    if value <= 0:
        raise BuildError(f"{shown}/.timelimit: the time limit must be positive, not {text}")
    if ini is None:
        return value, ".timelimit"
    clash = "" if ini == value else f" (.timelimit says {value:g} s: {DOMJUDGE_CLASH})"
    return ini, f"timelimit in domjudge-problem.ini{clash}"


DOMJUDGE_INI = "domjudge-problem.ini"
DOMJUDGE_CLASH = "DOMjudge's import refuses the conflict"


def _ini_time_limit(path: Path, shown: str) -> float | None:
    """``timelimit`` of DOMjudge's ``domjudge-problem.ini`` (``key = value`` lines, the value
    maybe quoted: doc/manual/problem-format.rst), or None."""
    ini = path / DOMJUDGE_INI
    if not ini.is_file():
        return None
    for line in ini.read_text(encoding="utf-8", errors="replace").splitlines():
        key, equals, value = line.partition("=")
        if not equals or key.strip() != "timelimit":
            continue
        text = value.strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
            text = text[1:-1].strip()
        else:  # PHP's parse_ini_string drops a comment after ; outside quotes
            text = text.partition(";")[0].strip()
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        if not seconds > 0 or not math.isfinite(seconds):
            raise BuildError(
                f"{shown}/{DOMJUDGE_INI}: timelimit {text!r} is not a positive number of seconds"
            )
        return seconds
    return None


def resolution_notes(shown: str, time_limit: float | None, resolution: float) -> list[str]:
    """A note when the package's time limit is not a multiple of its ``time_resolution``
    (2025-09: "an error"; verify still runs, with the limit as given)."""
    if time_limit is None:
        return []
    steps = time_limit / resolution  # how many resolutions the limit is: whole, or a note
    if math.isclose(steps, round(steps), abs_tol=1e-9):
        return []
    return [
        f"note: {shown}: limits.time_limit {time_limit:g} s is not a multiple of "
        f"limits.time_resolution {resolution:g} s (the format calls this an error)"
    ]


def _multipliers(shown: str, limits: dict, legacy: bool) -> tuple[float, float, str]:
    """The time-limit submissions' margin, the accepted ones' multiplier, where from."""
    if legacy:
        margin = number(limits, "time_safety_margin", LEGACY_MARGIN, shown)
        multiplier = number(limits, "time_multiplier", LEGACY_MULTIPLIER, shown)
        given = "time_safety_margin" in limits
        return margin, multiplier, "limits.time_safety_margin" if given else "legacy default"
    table = limits.get("time_multipliers")
    table = table if isinstance(table, dict) else {}
    margin = number(table, "time_limit_to_tle", LATER_MARGIN, shown)
    multiplier = number(table, "ac_to_time_limit", LATER_MULTIPLIER, shown)
    given = "time_limit_to_tle" in table
    return margin, multiplier, "time_multipliers.time_limit_to_tle" if given else "default"

"""An interpreter's own footprint: the peak memory of an empty script run the way cases run
(``kit.run.process``), under the same command and environment. Judges that count memory
above the interpreter's own (``kit.run.limits``, OWN) subtract it; reports print it.

The peak is the one the script reads of itself at its end (``VmHWM`` in
``/proc/self/status``: the memory of the program the interpreter is, from its ``exec`` on),
where it can, and the run's ``ru_maxrss`` else. The latter keeps the memory the launcher held
when it forked the run, and the launcher's size follows the Python the kit runs under and the
size of its environment (9.1 MiB under pyenv's 3.11.7, 10.0 under Debian's 3.11, more with
large variables): with it, CPython 3.8 "alone" read 9.1 to 12.4 MiB where it holds 7.5, and
the same solution was MLE or ok by the kit's own Python. A solution's peak, over the
launcher's size, is its own whichever is read.

It is measured once per interpreter file and kept in the kit's cache (``kit.cache``), keyed by
the command, the environment (less what a shell changes as it moves: ``SHELL_ONLY``), the
interpreter's file (its real path, size and time) and the kernel's release: a new interpreter
build or kernel is measured again, and nothing else changes an empty script's peak. Within one
kit process a measurement is started at most once, in the background (``prefetch_baseline``),
so that the checks run meanwhile.

    baseline_kib(command, env) -> int       # waits for the measurement
    prefetch_baseline(command, env) -> Future
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path

from kit import cache
from kit.run.process import run_process

CACHE = "baselines.json"
CACHE_ENTRIES = 64  # the newest kept: a workspace uses a few interpreters and environments

_started: dict[tuple, Future] = {}
_lock = threading.Lock()


def baseline_kib(command: tuple[str, ...], env: tuple[tuple[str, str], ...]) -> int:
    """The peak memory, in KiB, of ``command + (empty_script,)`` in ``env``."""
    return prefetch_baseline(command, env).result()


def prefetch_baseline(command: tuple[str, ...], env: tuple[tuple[str, str], ...]) -> Future:
    """The baseline, from the cache or measured in the background (once per command and env)."""
    key = (command, env)
    with _lock:
        if key not in _started:
            future: Future = Future()
            _started[key] = future
            known = cache.read_json(CACHE).get(_cache_key(command, env) or "")
            if isinstance(known, int) and known > 0:
                future.set_result(known)
            else:
                threading.Thread(target=_measure, args=(key, future), daemon=True).start()
        return _started[key]


SHELL_ONLY = {"PWD", "OLDPWD", "SHLVL", "_"}  # what the shell sets as it goes: not in keys
# the "empty" script: it prints its own peak (kB), read as late as it can be; nothing if it can't
OWN_PEAK = """\
try:
    with open("/proc/self/status", "rb") as status:
        for line in status:
            if line.startswith(b"VmHWM:"):
                print(int(line.split()[1]))
except (OSError, ValueError, IndexError):
    pass
"""
METHOD = "VmHWM of the script itself, else ru_maxrss"  # in the cache's key: measured anew


def _own_peak(stdout: bytes, maxrss_kib: int) -> int:
    """The script's own peak when it printed one no larger than the run's, else the run's."""
    try:
        own = int(stdout.strip())
    except ValueError:
        return maxrss_kib
    return own if 0 < own <= maxrss_kib or not maxrss_kib else maxrss_kib


def _cache_key(command: tuple[str, ...], env: tuple[tuple[str, str], ...]) -> str | None:
    """What the footprint depends on, hashed; None when the interpreter's file is not found."""
    stamp = cache.file_stamp(command[0]) if command else None
    if stamp is None:
        return None
    kept = sorted((name, value) for name, value in env if name not in SHELL_ONLY)
    text = json.dumps([list(command), kept, stamp, os.uname().release, METHOD])
    return hashlib.sha256(text.encode()).hexdigest()


def _measure(key: tuple, future: Future) -> None:
    command, env = key
    try:
        with tempfile.TemporaryDirectory(prefix="kit-base-") as folder:
            script = Path(folder, "empty.py")
            script.write_text(OWN_PEAK)
            run = run_process(
                [*command, str(script)], b"", cwd=Path(folder), timeout=30, env=dict(env)
            )
        peak = _own_peak(run.stdout, run.peak_kib)
        if run.returncode == 0 and peak:  # a peak was read
            _remember(_cache_key(command, env), peak)
        future.set_result(peak)
    except BaseException as error:  # told to whoever waits for it
        future.set_exception(error)


def _remember(key: str | None, peak_kib: int) -> None:
    if key is None:
        return
    with _lock:  # two interpreters measured at once: neither entry lost
        known = cache.read_json(CACHE)
        known.pop(key, None)
        known[key] = peak_kib
        cache.write_json(CACHE, dict(list(known.items())[-CACHE_ENTRIES:]))

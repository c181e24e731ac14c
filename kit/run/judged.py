"""How a judge starts a bundle: the command for one problem under one interpreter.

``command(problem, runner, script, beside=False)`` is ``python -I [extra] -S -c PROGRAM script``
(``kit.judges.targets``: a runner's interpreter with its extra flags, or a bare interpreter),
where PROGRAM sets up what the judge's setting needs and runs the script as ``__main__`` (the
script sees its own ``sys.argv``; a traceback starts at its first frame); a compiled program's
runner (``kit.judges.targets.Compiled``: a package's C or C++ submission) runs its binary alone
(its ``command`` takes no flags and no PROGRAM). PROGRAM:

- always, the recursion depth of a judge's ``python3 Main.py``: the program's own frames
  above the script (and, before CPython 3.12, the level exec() takes) raise the recursion
  limit by as many, ``sys.setrecursionlimit``/``getrecursionlimit`` keep the script's numbers
  and every thread starts under as many frames (without this, a recursion stopped 2-4 calls
  short of the judge's: RE at a depth of 995 the judge accepts);
- always, sys.stderr and sys.stdout flushed when the script ends, before atexit's handlers
  run, as after a judge's ``python3 Main.py`` (and not after a ``-c`` program);
- ``beside`` (a package's submission run from a folder with the files the judge includes):
  the script's folder first on ``sys.path``, as ``python3 main.py`` has it, and no bytecode
  written there;
- always, what ``site`` gives a judge's ``python3 Main.py`` (``SITE``): ``exit()``, ``quit()``
  and the other built-ins site adds, without running the host's ``.pth`` files: an editable
  install's finder and the like cost 70 ms of start-up under CPython 3.11 here (93 ms against
  22 ms for a script printing one number) that no judge's clean interpreter pays, so the time
  depended on the machine;
- for a judge that installs third-party modules (``Problem.installed``: AtCoder's list, or
  what problems.toml's ``modules`` names), the
  interpreter's site-packages on ``sys.path`` (a venv's too), with the modules found only
  there and not on the judge's list refused (``SITE_PACKAGES``); for every other judge none:
  a ``try: import yaml`` / ``except ImportError`` takes the judge's branch, whatever this
  machine has installed (Debian's PyPy sees ``/usr/lib/python3/dist-packages``); a module on
  the judge's list that this machine lacks ends the run at its import, guarded or not, as
  missing (``kit.run.judge_words.judged_elsewhere``: not judged here), since a guarded import
  would take the fallback the judge never runs;
- a judge that forbids the file system (``no_files``) or starting processes
  (``no_processes``): every such attempt refused and reported (``kit.run.forbidden``);
- a judge that runs CPython on Windows, whose limit on recursion through C is lower
  (``kit.judges.platforms``: 3000 against Linux's 10000 under 3.13): the script starts the
  difference of levels of C recursion down (nested list comparisons, about 10 ms of start-up),
  and so does every thread it starts (``_thread``'s starters are wrapped before ``threading``
  imports them), so that a recursion under ``functools.lru_cache`` stops near 1000 calls, as on
  the judge. A thread given a stack under ``STACK_LEAST`` (3 MiB) starts as usual (those
  levels alone need about 1.2 MiB); and its exit status kept whole, as Windows keeps it
  (``WHOLE_STATUS``: ``sys.exit(256)`` is a runtime error there, 0 on Linux).
"""

from __future__ import annotations

import re
from pathlib import Path

from kit.judges.platforms import UNIX, WINDOWS, c_recursion_to_spend
from kit.judges.profiles import profile_for
from kit.judges.targets import Interpreter, Runner
from kit.registry import Problem
from kit.run import forbidden

# bytes: a thread's stack below this starts without the spent levels (CPython 3.13.0 here:
# spending them alone needs about 1.2 MiB of stack; with them spent, a recursion under
# lru_cache stopped at 997 calls from a stack of 1.75 MiB, and crashed from 1.6; 3 MiB leaves
# room for C recursion that takes more stack a level than lru_cache's)
STACK_LEAST = 3 << 20

# site's work for a judge's run, without the .pth files: the built-ins it adds
SITE = """\
import os, site
site.setquit()
site.setcopyright()
site.sethelper()
"""
# for a judge that installs third-party modules, the interpreter's site-packages (its venv's
# first: 3.8-3.10 find a venv only in site; Debian's site.getsitepackages names a venv's
# lib/pythonX.Y/site-packages only once site has found the venv, which -S never lets it),
# and a finder that refuses what is found there
# alone but not in the judge's list (a module installed here that the judge lacks: a guarded
# ``try: import yaml`` takes its fallback, as on the judge)
SITE_PACKAGES = """\
def _site_packages():
    here = os.path.dirname(os.path.abspath(sys.executable))
    prefixes = [sys.prefix, sys.exec_prefix]
    own = []
    for venv in (os.path.dirname(here), here):
        config = os.path.join(venv, "pyvenv.cfg")
        if os.path.isfile(config):
            with open(config) as file:
                text = file.read().replace(" ", "").lower()
            shared = "include-system-site-packages=true" in text
            prefixes = [venv] + (prefixes if shared else [])
            own = [os.path.join(venv, "lib", "python%d.%d" % sys.version_info[:2], "site-packages")]
            break
    found = []
    for path in own + site.getsitepackages(prefixes):
        if os.path.isdir(path) and path not in sys.path:
            sys.path.append(path)
            found.append(path)
    return found
class _NotOnTheJudge:
    listed = {listed!r}
    site = _site_packages()
    finder = sys.meta_path[-1]  # the path finder (imported by nothing: no import in here)
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if path is None and name in cls.listed:
            if cls.finder.find_spec(name, sys.path) is None:
                cls.absent(name)
            return None
        if path is not None or not cls.site or cls.from_site():
            return None
        elsewhere = [p for p in sys.path if p not in cls.site]
        if cls.finder.find_spec(name, elsewhere) is None and cls.finder.find_spec(name, cls.site):
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
    @staticmethod
    def absent(name):
        # the judge has it, this machine not: no branch this run takes is the judge's (a
        # guarded import would take its fallback), so the run ends as an unguarded one would
        sys.stderr.write(f"ModuleNotFoundError: No module named {{name!r}} (the judge's)\\n")
        sys.stderr.flush()
        os._exit(1)
    @classmethod
    def from_site(cls):
        # whether the import comes from site-packages: a listed package's own dependency
        # (pandas imports dateutil, which the judge has though it lists only pandas)
        frame = sys._getframe(2)
        while frame is not None:
            file = frame.f_code.co_filename
            if not ("importlib" in file or file.startswith("<frozen")):
                return any(file.startswith(place) for place in cls.site)
            frame = frame.f_back
        return False
sys.meta_path.insert(len(sys.meta_path) - 1, _NotOnTheJudge)
"""
# the script run as __main__ (compiled and run here: runpy imports pkgutil, 16 ms of start-up
# under 3.13); a traceback shown from the script's first frame, as without this program. The
# frames of this program above the script's (ROOM) are given back: the recursion limit is
# raised by them, setrecursionlimit and getrecursionlimit keep the script's numbers, and every
# thread's function starts under as many (so a recursion stops at the depth it stops at under
# the judge's ``python3 Main.py``). Before 3.12 CPython's exec() takes a level of the limit
# itself (_EXEC_LEVEL; measured: a recursion reached 996 calls from a script under 3.8 and
# 3.10, 994 through exec() at a -c program's top level; 997 and 996 under 3.12 and 3.13).
# When the script ends, however it ends, sys.stderr and sys.stdout are flushed (errors
# ignored) before atexit's handlers run, as CPython does after a script (flush_io) and not
# after a -c program: a handler writing a fast-output buffer to fd 1 put it before the lines
# print() had buffered, a wrong answer the judge accepts
RUN = """\
sys.argv = sys.argv[1:]
_ROOM = 0
_EXEC_LEVEL = sys.implementation.name == "cpython" and sys.version_info < (3, 12)
def _above():
    count, frame = 0, sys._getframe(1)
    while frame is not None:
        count, frame = count + 1, frame.f_back
    return count
def _make_room(room, set_limit=sys.setrecursionlimit, get_limit=sys.getrecursionlimit):
    global _ROOM
    _ROOM = room
    set_limit(get_limit() + room)
    given = []
    def setrecursionlimit(limit):
        if isinstance(limit, int) and 1 <= limit <= 2147483647:  # the C int it is held in
            set_limit(min(limit + room, 2147483647))
            given[:] = [limit]
        else:
            set_limit(limit)  # its own error
    sys.setrecursionlimit = setrecursionlimit
    sys.getrecursionlimit = lambda: given[0] if given else get_limit() - room
def _main():
    path = sys.argv[0]
    {path_first}
    with open(path, "rb") as file:
        code = compile(file.read(), path, "exec")
    main = type(sys)("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    _make_room(_above() + _EXEC_LEVEL)
    try:
        exec(code, main.__dict__)
    finally:
        _flush_io()
def _flush_io():
    for name in ("stderr", "stdout"):
        try:
            getattr(sys, name).flush()
        except BaseException:
            pass
def _padded(count, function, args, kwargs):
    if count > 0:
        return _padded(count - 1, function, args, kwargs)
    return function(*args, **kwargs)
def _thread_starter(start, deep):
    def started(function, *args, **kwargs):
        with _sizing:  # a start between the two would read the 0 and get the default stack
            size = _thread.stack_size()  # which sets 0 too: given back at once
            _thread.stack_size(size)
        def body(*given, **named):
            def run():
                count = _ROOM - _above()
                if count > 0:
                    return _padded(count - 1, function, given, named)
                return function(*given, **named)
            if deep and not 0 < size < {stack_least}:
                return _beneath(run)
            return run()
        return start(body, *args, **kwargs)
    return started
import _thread
_sizing = _thread.allocate_lock()  # the starters' read of the stack size, one at a time
for _name in ("start_new_thread", "start_joinable_thread", "start_new"):
    if hasattr(_thread, _name):
        setattr(_thread, _name, _thread_starter(getattr(_thread, _name), {deep}))
def _from_the_script(kind, value, tb):
    while tb is not None and tb.tb_frame.f_code.co_filename == "<string>":
        tb = tb.tb_next
    sys.__excepthook__(kind, value.with_traceback(tb), tb)
sys.excepthook = _from_the_script
"""
# a Windows judge's exit status: Windows keeps it whole (ExitProcess takes 32 bits), Linux its
# low 8 bits, so sys.exit(256) or os._exit(512) ended with 0 here, "ok", and not on the judge
# (python/cpython#68240, bpo-24052: "sys.exit(256) returns 0"); such a status ends the run
# with 1 and a line saying why, flushed first as the interpreter's own exit would
KEPT_WHOLE = ": Windows keeps it whole (Linux reads 0)"  # the line's end, after the status
WHOLE_STATUS = f"""\
def _whole(code):
    if isinstance(code, int) and code % 256 == 0 and code % (1 << 32) != 0:
        sys.stderr.write(f"exit status {{code}}{KEPT_WHOLE}\\n")
        return 1
    return code
_os_exit = os._exit
def _exit_whole(code):
    _os_exit(_whole(code))
os._exit = _exit_whole
def _status_kept(call):
    try:
        call()
    except SystemExit as _stop:
        raise SystemExit(_whole(_stop.code)) from None
"""
_KEPT_LINE = re.compile(rb"exit status (-?\d+)" + re.escape(KEPT_WHOLE.encode()) + rb"\r?\n?\Z")


def status_kept_whole(stderr: bytes) -> int | None:
    """The status a Windows judge would have seen from a run that ``WHOLE_STATUS`` ended
    with 1 (its last line says it), else None."""
    found = _KEPT_LINE.search(stderr[-200:])
    return int(found[1]) if found else None


# ``_beneath(call)``: call() run DEPTH levels of C recursion down: a chain of DEPTH nested lists
# compared with a list that holds itself, its bottom an object whose __eq__ makes the call
DEEP = """\
class _Bottom:
    __hash__ = None
    def __init__(self, call):
        self.call = call
    def __eq__(self, other):
        self.call()
        return True
def _beneath(call, depth={depth}):
    chain = _Bottom(call)
    for _ in range(depth):
        chain = [chain]
    loop = []
    loop.append(loop)
    chain == loop
"""


def command(
    problem: Problem,
    runner: Runner | Interpreter,
    script: str | Path,
    *,
    beside: bool = False,
    compile_step: bool = False,
) -> list[str]:
    """The argv that runs ``script`` for ``problem``'s judge under ``runner``; ``beside``: the
    script's folder first on ``sys.path``, as ``python3 Main.py`` has it (for a script run in a
    folder of its own with the files a judge puts beside it); ``compile_step``: as the judge's
    compile step runs it, without the options only its runs of the cases have."""
    interpreter = getattr(runner, "interpreter", runner)
    extra = tuple(getattr(runner, "extra_flags", ()))
    profile = profile_for(problem.judge)
    flags = profile.python_flags if profile is not None and not compile_step else ()
    if flags and " ".join(flags) not in " ".join(extra):  # a stand-in may lift the limit too
        extra += flags  # as the judge starts Python (AtCoder: no limit on int-to-str digits)
    platform = profile.platform if profile is not None else UNIX
    depth = c_recursion_to_spend(interpreter.impl, interpreter.version, platform)
    modules = problem.installed
    return wrapped(
        interpreter,
        script,
        extra,
        no_files=problem.no_files,
        no_processes=problem.no_processes,
        depth=depth,
        beside=beside,
        installed=modules.names(interpreter.impl) if modules is not None else None,
        windows=platform == WINDOWS,
    )


def wrapped(  # noqa: PLR0913
    interpreter: Interpreter,
    script: str | Path,
    extra: tuple[str, ...] = (),
    *,
    no_files: bool = False,
    no_processes: bool = False,
    depth: int = 0,
    beside: bool = False,
    installed: tuple[str, ...] | None = None,
    windows: bool = False,
) -> list[str]:
    """``script`` under ``interpreter`` as the module doc says, with what the judge forbids
    refused and ``depth`` levels of C recursion spent first when asked (``beside``: see
    ``command``; ``installed``: the third-party modules the judge has, None for none;
    ``windows``: the exit status kept whole, as Windows keeps it)."""
    code = program(
        no_files,
        depth,
        no_processes=no_processes,
        beside=beside,
        installed=installed,
        windows=windows,
    )
    return interpreter.command(script, *extra, "-S", "-c", code)


def program(
    no_files: bool,
    depth: int,
    *,
    no_processes: bool = False,
    beside: bool = False,
    installed: tuple[str, ...] | None = None,
    windows: bool = False,
) -> str:
    """The PROGRAM of ``wrapped``: the interpreter's site-packages only for a judge that
    installs third-party modules (``installed``), and of them only those."""
    text = "import sys\n" + SITE
    if installed is not None:
        tops = sorted({name.partition(".")[0] for name in installed})
        text += SITE_PACKAGES.format(listed=tuple(tops))
    forbids = no_files or no_processes
    if forbids:
        text += forbidden.hook(no_files, no_processes)
    if depth:
        text += DEEP.format(depth=depth)
    # a module imported from beside the script leaves no bytecode there (a judge's read-only
    # folder takes none, silently; the write guard would count the attempt)
    path_first = (
        "sys.path.insert(0, os.path.dirname(os.path.abspath(path))); sys.dont_write_bytecode = True"
        if beside
        else ""
    )
    text += RUN.format(deep=bool(depth), stack_least=STACK_LEAST, path_first=path_first)
    call = "_beneath(_main)" if depth else "_main()"
    if windows:
        text += WHOLE_STATUS
        call = f"_status_kept(lambda: {call})"
    if forbids:
        return text + forbidden.REPORTING.format(call=call)
    return text + call + "\n"

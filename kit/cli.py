"""The command line (``cpkit``, ``python -m kit``, a checkout's ``build.py``): it only
dispatches to the command modules (kit.commands).

    cpkit [SLUG ...] [-v] [--diff] [--repeat N] [--kill-factor F]    (build)
    cpkit run [SLUG] [FILE]
    cpkit stress [SLUG] [--seed S] [--cases N | --seconds T] [--save DIR] [-j N]
    cpkit new [SLUG] (--judge NAME | --from PAGE) [--interactive]
    cpkit init [DIR]
    cpkit bench [SLUG ...] [--repeat N]
    cpkit startup [--runs N]
    cpkit verify PACKAGE [SUBMISSION ...]
    cpkit --version

Messages, help and scaffolds name the program as the user started it: ``cpkit``, ``python -m
kit``, or ``python build.py`` for a checkout's own script (``prog``, kept in
kit.invocation). ``--version`` prints ``cpkit X.Y.Z``: the installed package's version,
else ``VERSION``.

Without a command, the arguments are the build's. Every command but ``init`` works on the
workspace: ``--root DIR``, else the nearest folder upwards holding problems.toml
(kit.workspace). ``run``, ``stress`` and ``bench`` without a SLUG take this folder's problem
(kit.problem_selection). Bad input gives a one-line error and a
non-zero exit, never a traceback: 2 for a usage error (unknown problem, bad option, bad
problems.toml), 1 for a problem that fails. The process ends by ``exit_now``: output flushed,
exit handlers run, no interpreter teardown. Ctrl-C (130), SIGTERM and SIGHUP (128 + the
signal) stop a command in one line, with the same clean-up: staged files removed, and every
run the kit started ended at once (kit.launcher).
"""

from __future__ import annotations

import argparse
import atexit
import codecs
import contextlib
import difflib
import errno
import importlib
import os
import resource
import signal
import sys
import threading
from pathlib import Path
from typing import NoReturn

from kit import scratch
from kit.bundle.source_text import TOO_DEEP
from kit.commands import NAMES, named
from kit.errors import NO_FILES, BuildError
from kit.invocation import started_as
from kit.processes import end_sessions
from kit.table_package import making_with
from kit.visible import UNENCODABLE, unencodable
from kit.workspace import NoWorkspace, given_root, nearest_root

VERSION = "0.1.0"  # the kit's own version, when no installed package says it (pyproject.toml's)
TOP_LEVEL = ("-h", "--help", "--version")  # options of the command line itself, not of build
# the kit reads sources with recursive walks of their trees: a chain of thousands of operators
# (``x = 0 + 1 + ... + 1``, which a judge's Python compiles) needs more than Python's 1000
RECURSION_LIMIT = 20000


def version() -> str:
    """The installed cpkit's version, else the kit's own ``VERSION``."""
    try:
        import importlib.metadata  # only for --version: kept out of every other start-up

        return importlib.metadata.version("cpkit")
    except importlib.metadata.PackageNotFoundError:
        return VERSION


class _Version(argparse.Action):
    """``--version``: the version looked up only when asked (importlib.metadata and the
    search through the installed packages cost every other start-up about 20 ms)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"cpkit {version()}")
        parser.exit()


class _OneLine(argparse.ArgumentParser):
    """A usage error in one line, with where the options are told, and exit status 2 (not
    argparse's usage block above it)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parser(prog: str = "cpkit", only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, that command's alone (the others' modules, and what
    they import, are not loaded: the whole set cost every start-up about 20 ms)."""
    top = _OneLine(
        prog=prog,
        description="Build, check, time and test judge-ready single-file solutions. Without "
        "a command: build. Each command's options: COMMAND --help.",
    )
    top.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    subparsers = top.add_subparsers(title="commands", metavar="COMMAND")
    for name in NAMES if only is None else [only]:
        module = importlib.import_module(f"kit.commands.{name}")
        module.add_subparser(subparsers)
    for command_parser in subparsers.choices.values():  # the help names the program as started
        command_parser.description = named(command_parser.description)
    top.set_defaults(parsers=subparsers.choices)  # a command's own, for its usage errors
    return top


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread as Ctrl-C is, so that the same clean-up
    runs: temporary files removed, every run the kit started ended with it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, _frame: object) -> None:
    end_sessions()  # the judge's programs in sessions of their own: the signal missed them
    raise Stopped(signum)


def _interrupted(_signum: int, _frame: object) -> None:
    """Ctrl-C: the judge's programs in sessions of their own, which the terminal's signal
    misses, are ended at once (the ``tracked`` ones are forgotten as the stack unwinds: an
    interactor was left running), then KeyboardInterrupt as usual."""
    end_sessions()
    raise KeyboardInterrupt


@contextlib.contextmanager
def _stoppable():
    """SIGTERM and SIGHUP taken as ``Stopped`` while a command runs, and Ctrl-C ends the
    judge's programs before it is raised (main thread only; the handlers before are
    restored after; an ignored SIGINT, a background job's, stays ignored)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, _stop) for signum in (signal.SIGTERM, signal.SIGHUP)}
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        before[signal.SIGINT] = signal.signal(signal.SIGINT, _interrupted)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def _standard_streams() -> None:
    """A kit started with stdin, stdout or stderr closed (as some cron and CI setups start
    programs) gets the null device there: else the first pipe it opens takes descriptor 0 and
    a child's stdin replaces it. Its own output is written whatever the terminal's encoding
    (a Latin-1 locale could not print a ``漢`` of ``--diff``): what it cannot encode, escaped
    by the kit's one rule (``kit.visible.unencodable``: ``\\u00fc``, not a byte's ``\\xfc``)."""
    codecs.register_error(UNENCODABLE, unencodable)
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            os.open(os.devnull, os.O_RDWR)  # the lowest free descriptor: this one
    if sys.stdin is None:  # closed when Python started
        sys.stdin = open(0, closefd=False)  # noqa: SIM115
    for name, descriptor in (("stdout", 1), ("stderr", 2)):
        if getattr(sys, name) is None:
            setattr(sys, name, open(descriptor, "w", closefd=False))  # noqa: SIM115
        with contextlib.suppress(AttributeError, ValueError, OSError):
            getattr(sys, name).reconfigure(errors=UNENCODABLE)


def _made_package(folder: Path, shown: str) -> tuple[Path, tuple[str, ...]]:
    """A "standard" Polygon package's missing tests and answers, made as ``verify`` makes
    them (its view, and the notes), for every command that reads its cases."""
    from kit.verify.made_answers import answered

    return answered(folder, shown, None)


def main(
    argv: list[str], *, prog: str = "cpkit", root: Path | None = None, script: str | None = None
) -> int:
    """Run the command ``argv``; the exit status. ``prog`` names the program in messages,
    ``root`` is the workspace when neither --root nor the current folder says otherwise
    (a checkout's ``build.py`` passes its own folder), ``script`` the path the commands that
    messages suggest start with, when not ``prog`` (a checkout's ``build.py`` run from
    elsewhere: its whole path)."""
    started_as(script or prog)
    _standard_streams()
    scratch.adopt()
    making_with(_made_package)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    try:
        with _stoppable():
            status = _dispatch(argv, prog, root)
            sys.stdout.flush()  # a full disk under `> out.txt` fails here, not unseen at exit
            return status
    except BuildError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return error.status
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        _drop_output()
        return 1
    except (RuntimeError, OSError) as error:  # after BrokenPipeError, an OSError too
        return _beyond_limits(error, prog)
    except Stopped as stop:
        print(f"{prog}: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130


def _beyond_limits(error: RuntimeError | OSError, prog: str) -> int:
    """The one line and exit status for a source nested deeper still than the limit lets a
    walk go (1), an output the disk had no room for (1), a process or thread the machine
    would not start or a file it would not open (1), or a path given with a name longer than
    the system takes (2); any other error raised again."""
    if isinstance(error, RecursionError):
        print(f"{prog}: error: a source is {TOO_DEEP}", file=sys.stderr)
        return 1
    if isinstance(error, RuntimeError):
        if str(error) != THREAD_REFUSED:
            raise error
        return _no_process(error, prog)
    if error.errno in NO_ROOM:
        return _no_room(error, prog)
    if error.errno == errno.EAGAIN and isinstance(error, BlockingIOError):
        return _no_process(error, prog)
    if error.errno in NO_FILES:
        return _no_files(error, prog)
    if error.errno != errno.ENAMETOOLONG:
        raise error
    print(f"{prog}: error: {_too_long(error)}", file=sys.stderr)
    return 2


def _drop_output() -> None:
    """What the command still holds for stdout thrown away: it cannot be written, at exit
    either (a closed pipe, a full disk)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


SHOWN_PATH = 60  # characters of a path too long that an error shows
NO_ROOM = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)  # a write the disk or a quota refused


def _no_room(error: OSError, prog: str) -> int:
    """The one line for a write refused for room: a file the kit wrote, else its own output
    (``> out.txt`` on a full disk), which is then dropped, as it cannot be written at exit
    either."""
    if error.filename is None:
        _drop_output()
    where = error.filename or "the output"
    print(f"{prog}: error: cannot write {where}: {error.strerror}", file=sys.stderr)
    return 1


THREAD_REFUSED = "can't start new thread"  # threading's RuntimeError when the machine refuses one


def _no_process(error: BaseException, prog: str) -> int:
    """The one line for a process or thread the machine would not start (an unprivileged
    user's ``ulimit -u``, which counts threads too; a container's limit): the kit starts a
    process per run and threads to run cases side by side, and cannot judge without them."""
    limit = _process_limit()
    if limit == resource.RLIM_INFINITY:
        which = "not ulimit -u, unlimited: the system's or the container's limit on processes"
    else:
        which = f"ulimit -u: {limit} processes and threads for this user, all of them counted"
    reason = error.strerror if isinstance(error, OSError) else str(error)
    return _refused("a new process or thread", which, reason, prog)


def _no_files(error: OSError, prog: str) -> int:
    """The one line for a file or pipe the machine would not open (``ulimit -n``, counted per
    process; else the system's table, full): each run takes pipes and files of its own, and
    the kit holds them for every case it runs side by side."""
    limit = _file_limit()
    if error.errno == errno.ENFILE or limit == resource.RLIM_INFINITY:
        which = "not ulimit -n: the system's limit on open files, all processes counted"
    else:
        which = f"ulimit -n: {limit} open files for each process"
    return _refused("another open file", which, error.strerror, prog)


def _refused(what: str, which: str, reason: str, prog: str) -> int:
    """The one line for what the machine refused the kit, the limit that refused it named
    (``which``), and exit status 1."""
    print(
        f"{prog}: error: this machine refused the kit {what} ({which}): {reason}; raise the "
        "limit, or run fewer cases at a time (-j 1)",
        file=sys.stderr,
    )
    return 1


def _file_limit() -> int:
    """The files, pipes included, each process may hold open (``ulimit -n``)."""
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _process_limit() -> int:
    """The processes this user may have (``ulimit -u``), threads counted among them."""
    return resource.getrlimit(resource.RLIMIT_NPROC)[0]


def _too_long(error: OSError) -> str:
    """The path whose name is over the file system's limit (255 bytes), shortened."""
    path = str(error.filename or "")
    shown = path if len(path) <= SHOWN_PATH else f"{path[: SHOWN_PATH - 3]}..."
    return f"{shown}: a name in this path is longer than the file system allows ({error.strerror})"


def command_first(argv: list[str]) -> list[str]:
    """``argv`` with a command named after leading options moved before them, as git takes
    ``git -C DIR log``: ``cpkit --root DIR run SLUG`` is ``cpkit run --root DIR SLUG``. Only
    when every word before it is one of that command's options or an option's value (``cpkit
    --root bench toy`` builds toy from the folder bench; ``cpkit -v toy run`` builds two)."""
    if not argv or not argv[0].startswith("-") or argv[0] in TOP_LEVEL:
        return argv
    index = next((i for i, word in enumerate(argv) if word in NAMES), None)
    if index is None or not _options_only(argv[:index], _value_options(argv[index])):
        return argv
    return [argv[index], *argv[:index], *argv[index + 1 :]]


def _value_options(command: str) -> set[str]:
    """The option strings of ``command`` that take a value (``--root``, ``-j``...)."""
    top = parser(only=command)
    (choices,) = [a.choices for a in top._actions if isinstance(a.choices, dict)]
    return {
        option
        for action in choices[command]._actions
        if action.nargs is None
        or action.nargs == "+"
        or (isinstance(action.nargs, int) and action.nargs > 0)
        for option in action.option_strings
    }


def _options_only(words: list[str], takes_value: set[str]) -> bool:
    """Whether ``words`` are options, each followed by its value where it takes one."""
    expecting = False
    for word in words:
        if expecting:
            expecting = False
        elif not word.startswith("-"):
            return False
        else:
            expecting = word in takes_value  # ``--root=DIR`` is one word
    return not expecting  # the command's name is no option's value


def _dispatch(argv: list[str], prog: str, root: Path | None) -> int:
    """The command ``argv`` parsed and run."""
    if argv == ["--version"]:  # without the commands' modules, which the parser loads
        print(f"cpkit {version()}")
        return 0
    argv = command_first(argv)
    typo = _command_meant(argv[0]) if argv else None
    if not argv or (argv[0] not in NAMES and argv[0] not in TOP_LEVEL):
        argv = ["build", *argv]
    chosen = parser(prog, only=argv[0] if argv[0] in NAMES else None)
    args, extra = chosen.parse_known_args(argv)
    listed = getattr(args, "intermixed", None)  # a command's list of names, as ``SLUG...``
    single = getattr(args, "intermixed_one", None)  # a command's one optional name, as ``FILE``
    if extra and listed and not any(word.startswith("-") for word in extra):
        getattr(args, listed).extend(extra)  # names after an option: cpkit verify P -j 2 a/
    elif single and len(extra) == 1 and getattr(args, single) is None and _name(extra[0]):
        setattr(args, single, Path(extra[0]))  # after an option: cpkit run S --target 3.8 F
    elif extra:
        if typo is not None:  # cpkit stres two_sum --seed 1
            raise BuildError(f"unknown command '{argv[1]}'; did you mean '{typo}'?")
        own = args.parsers.get(argv[0], chosen)  # the command's: "see cpkit run --help"
        own.error(f"unrecognized arguments: {' '.join(extra)}{_option_meant(extra, own, argv[0])}")
    try:
        if hasattr(args, "root"):
            args.root = given_root(args.root) if args.root else nearest_root(root)
        return args.run(args)
    except NoWorkspace:
        if typo is None:  # outside a workspace, the word was no problem: cpkit verfy P
            raise
        raise BuildError(f"unknown command '{argv[1]}'; did you mean '{typo}'?") from None
    except BuildError as error:
        if typo is None or not str(error).startswith(f"unknown problem {argv[1]!r}"):
            raise
        meant = f"'{typo}'" if typo in TOP_LEVEL else f"the command '{typo}'"
        error.args = (f"{error}; did you mean {meant}?",)
        raise


def _command_meant(word: str) -> str | None:
    """The command a word that is none most likely meant (``stres``: ``stress``; ``nwe``,
    its letters swapped, which difflib rates too low: ``new``; ``help``: ``--help``), if any."""
    if word in NAMES or word.startswith("-"):
        return None
    if f"--{word}" in TOP_LEVEL:
        return f"--{word}"
    close = difflib.get_close_matches(word, NAMES, n=1, cutoff=0.75)
    swapped = [name for name in NAMES if sorted(name) == sorted(word)]
    return (close or swapped or [None])[0]


def _option_meant(words: list[str], command: argparse.ArgumentParser, name: str) -> str:
    """What the first option among ``words`` was likely meant as: "; did you mean --watch?"
    for one close to the command's own long options (``--wach``, ``--time_limit=2``), or
    "; --watch is build's, not run's" for another command's; else nothing."""
    for word in words:
        if not word.startswith("-"):
            continue
        given = word.split("=")[0]
        own = [o for o in _options(command) if o.startswith("--") and given.startswith("--")]
        close = difflib.get_close_matches(given, own, n=1, cutoff=0.75)
        if close:
            return f"; did you mean {close[0]}?"
        owners = [f"{other}'s" for other in NAMES if given in _options(_parser_of(other))]
        if owners:
            named = " and ".join([", ".join(owners[:-1]), owners[-1]] if owners[1:] else owners)
            return f"; {given} is {named}, not {name}'s"
    return ""


def _options(command: argparse.ArgumentParser) -> set[str]:
    """The option strings of ``command`` (``-v``, ``--watch``...)."""
    return {option for action in command._actions for option in action.option_strings}


def _parser_of(command: str) -> argparse.ArgumentParser:
    """The sub-parser of ``command``, with no other command's module loaded."""
    return parser(only=command).get_default("parsers")[command]


def _name(word: str) -> bool:
    """A positional word (a path, or ``-`` for stdin), not an option."""
    return word == "-" or not word.startswith("-")


def entry() -> None:
    """The ``cpkit`` console command."""
    exit_now(main(sys.argv[1:]))


def exit_now(status: int) -> NoReturn:
    """End the process with ``status`` once the output is out and the exit handlers have run
    (the launchers closed, temporary files removed), without the interpreter's teardown:
    freeing every module's objects and joining idle worker threads took 30-50 ms of every
    command, with nothing left to do. A temporary file they cannot remove is left to the kit's
    folder (``kit.scratch``): it goes with it, not in a traceback after the last line.
    Under a profiler, tracer or debugger (``python -m cProfile -m kit``, coverage, pdb), which
    reports once the program returns, it leaves by ``SystemExit`` and the full teardown."""
    if _watched():
        raise SystemExit(status)
    with scratch.quiet_removals():
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(status)


def _watched() -> bool:
    """Whether a profiler, tracer or debugger watches this process (``sys.setprofile``,
    ``sys.settrace``, or a tool of 3.12's ``sys.monitoring``, as coverage's)."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)
    return monitoring is not None and any(monitoring.get_tool(tool) for tool in range(6))

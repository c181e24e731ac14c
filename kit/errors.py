"""The one exception the build reports as a one-line error (never as a traceback), its kind
for a source that does not parse, what such a line tells a user whose install of the kit
lacks one of its dependencies, a value such a line shows, cut short (``trimmed``), and the
errors of a file the machine refused to open (``NO_FILES``) or of a process it refused to
start (``machine_refused``), which no line of the kit's blames on a file or a tool: the command
line says them as the limit they are (``kit.cli``)."""

import errno

# the kit installed without a dependency of its own (pip install --no-deps, a package removed)
REINSTALL = (
    "reinstall cpkit with its dependencies (python -m pip install PATH/TO/ITS/CHECKOUT, "
    "with -e there for an editable install)"
)

# an open (a file, a pipe, a process's pipes) refused: the process's ulimit -n, the system's table
NO_FILES = (errno.EMFILE, errno.ENFILE)


def machine_refused(error: OSError) -> bool:
    """Whether ``error`` is the machine's limit, not a tool's failure: a file or pipe refused
    (``NO_FILES``), or a process (a fork's EAGAIN: ``ulimit -u``, which kit.cli names)."""
    return error.errno in NO_FILES or (
        error.errno == errno.EAGAIN and isinstance(error, BlockingIOError)
    )


SHOWN = 60  # characters of a value a one-line error shows, its "..." included


def trimmed(text: str, limit: int = SHOWN) -> str:
    """``text`` as a message shows it: whole, or its first ``limit - 3`` characters and
    ``...`` when it is longer than ``limit`` (a wrong value of thousands of characters)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class BuildError(Exception):
    """A problem with the sources, samples or registry, explained in one line.

    ``str(error)`` is the line shown to the user; it names the problem and the file; ``status``
    is the command's exit status (a usage error's).
    """

    status = 2


class AfterFailure(BuildError):
    """An error met after a failure was shown and saved (a stress module raising while the
    shrink cut the failing input): the command still exits as a failure found does."""

    status = 1


class Unbuilt(BuildError):
    """A problem its sources or settings keep from being built (a solution not written or
    that does not parse, a helper missing, its checker not there): a failed check, in every
    command as in the build's report."""

    status = 1


class Unusable(BuildError):
    """A module of the workspace a command calls (a stress or bench module) that it cannot use:
    one that cannot be imported, a function of it that raises or exits, what it gives not what
    the command reads. What the command cannot read: exit 2, as a usage error, even in a
    command that goes on to its other problems (bench), where a failure found exits 1."""


class Refused(RuntimeError):
    """The machine refused the kit a thread it starts to run the workspace's code in (a user's
    ``ulimit -u``, which counts threads): no fault of that code, never blamed on a stress
    module's function; its message is threading's, which the command line says in one line as
    it says any refused thread (``kit.cli``)."""


class Unwritable(BuildError):
    """The folder the bundles go to cannot take them (``dist`` a file, read-only, a full
    disk): every problem would fail alike, so each command stops there, as for a usage
    error."""


class SourceSyntaxError(BuildError):
    """A source this Python cannot parse: ``rel`` and ``text`` say which and what (a newer
    target's interpreter may read it)."""

    def __init__(self, line: str, rel: str, text: str) -> None:
        super().__init__(line)
        self.rel, self.text = rel, text

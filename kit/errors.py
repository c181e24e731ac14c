"""The one exception the build reports as a one-line error (never as a traceback)."""


class BuildError(Exception):
    """A problem with the sources, samples or registry, explained in one line.

    ``str(error)`` is the line shown to the user; it names the problem and the file.
    """

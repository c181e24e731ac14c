"""How the user started the kit, for the commands its messages suggest: ``cpkit``, ``python -m
kit``, or a checkout's own ``python build.py`` (``kit.cli.main`` sets it once per run).

API::

    started_as(prog)   # called by kit.cli.main with the program's name
    command() -> str   # "cpkit", "python -m kit" or "python build.py"
"""

from __future__ import annotations

COMMAND = ["cpkit"]


def started_as(prog: str) -> None:
    """Record the program's name as argparse has it (a script's becomes ``python NAME``)."""
    COMMAND[0] = f"python {prog}" if prog.endswith(".py") else prog


def command() -> str:
    return COMMAND[0]

"""``python -m kit``: the same command as ``cpkit``."""

import os
import sys

# ``-m`` puts the working folder first on ``sys.path``, where a workspace's scratch
# ``heapq.py`` would hide the standard module from the kit itself: the kit is imported
# already (its own modules are found from its package), so the folder goes.
try:
    _HERE = os.getcwd()
except OSError:  # the working folder is gone: the command says so, if it needs one
    _HERE = ""
if sys.path and sys.path[0] in ("", _HERE):
    del sys.path[0]

from kit.cli import exit_now, main  # noqa: E402

if __name__ == "__main__":
    exit_now(main(sys.argv[1:], prog="python -m kit"))

"""``python -m kit``: the same command as ``cpkit``."""

import sys

from kit.cli import exit_now, main

if __name__ == "__main__":
    exit_now(main(sys.argv[1:], prog="python -m kit"))

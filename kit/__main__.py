"""``python -m kit``: the same command as ``cpkit``."""

import sys

from kit.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], prog="python -m kit"))

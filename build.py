#!/usr/bin/env python3
"""Build, check and time the judge-ready files dist/<slug>.py of this checkout (see README.md).

    python build.py [SLUG ...]          bundle, check and run every case; print the table
    python build.py run SLUG [FILE]     run a bundle once, as the judge would
    python build.py stress SLUG         the bundle against the reference on random inputs
    python build.py new SLUG            scaffold a new problem
    python build.py bench [SLUG ...]    time the worst cases of bench/<slug>.py
    python build.py match [ARGS ...]    play Lines of Action games with the local referee
    python build.py startup             start-up overhead of a bundle vs hand-inlined code

The same commands as the installed `cpkit` (kit/), working on the workspace the current folder
is in, and on this checkout when it is in none (`python path/to/build.py` from elsewhere), plus
`match`, this checkout's own (`python -m referee.match`). Run from outside the checkout, the
commands its messages suggest name it by its whole path (`python /path/to/build.py new ...`).
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from kit.cli import exit_now, main  # noqa: E402  (the checkout's kit, not another installed one)


def forward_to_referee(argv: list[str]) -> int:
    """``python build.py match ARGS``: ``referee.match.main(ARGS)``, which parses its own."""
    from referee.match import main as referee_main

    return int(referee_main(argv) or 0)


if __name__ == "__main__":
    if sys.argv[1:2] == ["match"]:
        sys.exit(forward_to_referee(sys.argv[2:]))
    try:
        here = Path.cwd().resolve() == HERE
    except OSError:  # the current folder is gone: the kit says so
        here = False
    script = None if here else str(HERE / "build.py")
    exit_now(main(sys.argv[1:], prog="build.py", root=HERE, script=script))

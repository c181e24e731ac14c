#!/usr/bin/env python3
"""Build, check and time the judge-ready files dist/<slug>.py (see README.md).

    python build.py [SLUG ...]          bundle, check and run every case; print the table
    python build.py run SLUG [FILE]     run a bundle once, as the judge would
    python build.py stress SLUG         the bundle against the reference on random inputs
    python build.py new SLUG            scaffold a new problem
    python build.py bench [SLUG ...]    time the worst cases of bench/<slug>.py
    python build.py match [ARGS ...]    play games with the local referee
    python build.py startup             start-up overhead of a bundle vs hand-inlined code

`python build.py --help` lists the commands; the machinery lives in kit/ (one module per job).
"""

import sys

from kit.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The build behind ``build.py``: bundling, checks, sample runs, timing and the report.

Modules, one job each:

- ``registry``   problems.toml, the sample pairs and official judge data of each problem
- ``strip``      docstrings, comments, annotations and test-only code removed with ``ast``
- ``bundle``     helper discovery (stickytape) and the single-file bundle that writes no file
- ``pycheck``    stdlib-only and Python 3.8 checks of what goes into a bundle
- ``pythons``    the interpreters samples run under (this one, CPython 3.8, PyPy when present)
- ``run_case``   one whole-process run: time, peak memory, hang kill; the output comparator
- ``nowrite``    a wrapper that runs a script with every file-system write refused (tests)
- ``pipeline``   build one problem: bundle, check, run its cases, write ``dist/<slug>.py``
- ``report``     progress lines and the final table
- ``bench``      ``build.py bench``: worst-case timings from ``bench/<slug>.py``
- ``startup``    ``build.py startup``: start-up overhead of a bundle against hand-inlined code
- ``cli``        the command line
- ``errors``     BuildError, the one-line error
"""

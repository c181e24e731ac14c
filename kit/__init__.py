"""The kit behind ``cpkit`` (and a checkout's ``build.py``): bundling, checks per target, case
runs as the judge runs them, stress tests, timing and the report.

The stages, one package each, in order (``building/pipeline`` runs them; no package imports one
above it):

- ``bundle/``    stages 1 to 3: discover the helpers where Python finds them, strip what does
                 not ship, assemble one file
- ``check/``     stage 4: imports, syntax and APIs per target, compiling, source size
- ``run/``       stage 5: every case under every target as a whole process, the judge's verdict

What they stand on, and what stands on them:

- ``judges/``    what a judge is: its profile, its Pythons (targets and stand-ins), their
                 standard library, its output comparison
- ``packages/``  problem packages read in place (Kattis format, Polygon), below the registry
- ``registry``   problems.toml, validated; ``problem_cases`` a problem's sample pairs and
                 official judge data
- ``building/``  build one problem through the stages; ``dist/<slug>.py`` only when it passed;
                 what a build came to, its file in ``dist/``, the progress lines, the final
                 table, ``-v``, ``--diff`` and ``--watch`` lines
- ``bundle_making`` stages 1 to 3 as one call (the build's, and stress's, bench's, run's)
- ``stress/``    the bundle against a reference on random inputs; shrinking a failure
- ``pages/``     problem pages (POJ, Codeforces, AtCoder, Kattis) and Competitive Companion's
                 data, read for ``new --from`` and ``listen``
- ``watch``      rebuild on every change of what a build read
- ``bench``      ``bench``: worst-case timings from ``bench/<slug>.py``
- ``startup``    ``startup``: start-up cost of the kit's bundles against hand-inlined code
- ``verify/``    ``verify``: a package's jury submissions, each verdict beside its folder's;
                 its data, validators and checker tried
- ``scaffold``   the templates ``new`` writes
- ``workspace``  the workspace: found upwards from the current folder, made by ``init``
- ``file_locks`` a lock around each change of what several commands write (problems.toml,
                 ``dist/``), and the file replaced whole, never seen half written
- ``cache``      what the kit learned that does not change: interpreters, vermin's findings
- ``commands/``  one module per command, each thin; ``cli`` the command line
- ``processes``  helper programs (checkers, validators, interactors) run to an end
- ``launcher``   the watch over a judged run, a program of its own that imports no kit module
                 (``run/process`` starts it by its path; ``processes`` shares its helpers)
- ``plurals``    a count and its noun ("2 cases"), as the commands' lines say it
- ``errors``     BuildError, the one-line error
- ``checktestdata/`` the Checktestdata language a package's ``.ctd`` input validator is
                 written in, run by the kit itself; it imports no other kit module
- ``data/``      the toy checkout ``startup`` measures
"""

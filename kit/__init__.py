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
                 its data, validators and checker tried; ``junk`` the files those should
                 reject
- ``scaffold``   the templates ``new`` writes
- ``workspace``  the workspace: found upwards from the current folder, made by ``init``
- ``file_locks`` a lock around each change of what several commands write (problems.toml,
                 ``dist/``), and the file replaced whole, never seen half written
- ``cache``      what the kit learned that does not change: interpreters, vermin's findings;
                 compiled programs, under its cap (the ones used longest ago evicted)
- ``commands/``  one module per command, each thin; ``cli`` the command line; ``__main__``
                 ``python -m kit``, the same command as ``cpkit``
- ``processes``  helper programs (checkers, validators, interactors) run to an end
- ``launcher``   the watch over a judged run, a program of its own that imports no kit module
                 (``run/process`` starts it by its path; ``processes`` shares its helpers)
- ``plurals``    a count and its noun ("2 cases"), as the commands' lines say it
- ``errors``     BuildError, the one-line error
- ``checktestdata/`` the Checktestdata language a package's ``.ctd`` input validator is
                 written in, run by the kit itself; it imports no other kit module
- ``data/``      the toy checkout ``startup`` measures

What a problem's table in problems.toml is made of (``registry``'s parts):

- ``problem_limits`` its limits, checked: time, memory, output, source size, a game's time
- ``units``      where a limit's number stops being one of the kit's units (ms, KiB, bytes)
- ``table_paths`` the paths it names (solution, samples, judge data), checked
- ``table_package`` the problem package it names, read, and the keys that package gives it
- ``toml_places`` where an error about it stands in problems.toml: the line of a key or header
- ``slugs``      what a slug may be, and the slug a title makes
- ``page_address`` a problem page's address, as the ``url`` key holds it
- ``package_problem`` a problem made of a package alone, for ``verify``
- ``problem_selection`` the problems a command names; an unknown name said with the likeliest
- ``case_folders`` a folder of test cases as found on disk: what is no case, the names' order
- ``case_names`` the case a name that names none likely means (``tests/01`` for
                 ``tests/1``, ``tests/01.a`` for ``tests/01.ans``), for ``run`` and packages

What the commands share:

- ``invocation`` how the user started the kit (``cpkit``, ``python -m kit``, ``python
                 build.py``), for the commands its messages suggest
- ``terminal``   what the terminal can show: escape sequences, colour, the one live line
- ``visible``    a program's text as the kit shows it: what a terminal would hide or act on,
                 and bytes that are not UTF-8, escaped
- ``scratch``    the kit's temporary files, all in one folder of its own
- ``file_moves`` a file put in its place at once, whole or not at all (across file systems too)
- ``git_ignores`` which files git would leave out of a commit (``init``'s and ``new``'s notes)
- ``ini_files``  an ini file read as pytest reads it (``init``'s reading of pytest.ini, tox.ini,
                 setup.cfg)
- ``checkout_modules`` a workspace's module (stress, bench) imported into the kit's process;
                 ``guest_imports`` where it finds its imports, ``guest`` its ``os._exit``
                 raised as an error the caller reports, not the kit's end
"""

"""The build behind ``build.py``: bundling, checks per target, case runs, timing and the report.

The build's stages, in order (``pipeline`` runs them; none calls back into an earlier one):

- ``discover``   stage 1: the solution's helpers (where Python finds them) in load order
- ``strip``      stage 2: comments, docstrings, annotations, test-only and unreached code cut
                 out of the author's text as spans (``reach`` says what nothing reaches)
- ``assemble``   stage 3: one file, each helper compiled under its own file name
- ``check``      stage 4: imports, syntax and APIs per target, source size
- ``run``        stage 5: every case under every target, failures in the author's terms

What the stages use:

- ``sources``    a module as the stages pass it on, and how its imports resolve
- ``resolve``    module names resolved by the import system, asked in a child process
- ``reach``      the top-level helper code nothing in the bundle can reach
- ``guards``     version-guarded code (``hasattr``, ``sys.version_info``, ``except ImportError``)
- ``syntax``     static syntax check per Python version (ruff), compiling under an interpreter
- ``apis``       APIs newer than 3.8 (vermin plus own rules), outside guards
- ``stdlib``     the standard library's modules by Python version
- ``targets``    targets (``cpython3.8``, ``pypy3``), the interpreters found, stand-ins
- ``judges``     judge profiles: targets, source-size limit, file access
- ``registry``   problems.toml, validated; the sample pairs and official judge data
- ``run_case``   one whole-process run: time, peak memory, kill at a timeout
- ``compare``    output comparison per problem: lines, tokens, float:TOL, checker:PATH
- ``interact``   a solution played against the problem's own interactor
- ``nowrite``    a wrapper that runs a script with every file-system write refused
- ``shrink``     shrinking a failing random case (for ``stress``)
- ``pipeline``   build one problem through the stages; ``dist/<slug>.py`` only when it passed
- ``report``     progress lines, the final table, ``-v`` and ``--diff``
- ``bench``      ``build.py bench``: worst-case timings from ``bench/<slug>.py``
- ``startup``    ``build.py startup``: start-up overhead of a bundle against hand-inlined code
- ``cli``        the command line
- ``cache``      what the kit learned that does not change: interpreters, vermin's findings
- ``workspace``  the workspace: found upwards from the current folder, made by ``init``
- ``errors``     BuildError, the one-line error
"""

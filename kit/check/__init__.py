"""Stage 4: will every target judge accept the bundle? Decided without running it.

- ``checks``     the stage: imports, syntax and APIs per target, compiling, source size
- ``syntax``     static syntax check per Python version (ruff), compiling under an interpreter
- ``apis``       APIs newer than 3.8 (vermin plus own rules), outside guards
- ``evaluated_types`` ``list[int]`` and ``int | None`` where 3.8 evaluates them (apis' rules)
- ``vermin_findings`` vermin run on each module and its branches, its answer read (cached)
- ``settled_tests`` ``hasattr`` tests of members every target has: no guards
"""

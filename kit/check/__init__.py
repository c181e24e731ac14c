"""Stage 4: will every target judge accept the bundle? Decided without running it.

- ``checks``     the stage: imports, syntax and APIs per target, compiling, source size
- ``syntax``     static syntax check per Python version (ruff), compiling under an interpreter
- ``memo``       the syntax checks' answers remembered by everything they depend on
- ``apis``       APIs newer than 3.8 (vermin plus own rules), outside guards
- ``evaluated_types`` ``list[int]`` and ``int | None`` where 3.8 evaluates them (apis' rules)
- ``dict_names`` dicts joined with ``|`` and ``|=`` (3.9, PEP 584) (apis' rules)
- ``member_uses`` a file's uses of standard modules' members (``module.member``, ``from module
                 import member``, names a star import may bind), for the checks below
- ``removed_names`` members of standard modules a target's Python no longer has, unguarded
- ``platform_names`` members of standard modules the judge's operating system lacks, unguarded
- ``vermin_findings`` vermin run on each module and its branches, its answer read (cached)
- ``settled_tests`` ``hasattr`` tests of members every target has: no guards
- ``stand_ins``  builtins the program sets itself (``builtins.anext = f``) before reading them
- ``guarded_helpers`` helpers the bundle imports only under a guard or in a ``try``: the notes
                 the checks make of them
- ``module_places`` where a module's file lies in the workspace: hints for an import refused, a
                 note for a helper that a file beside the solution would replace
"""

"""Stages 1 to 3: the solution and its helpers made into one judge-ready text.

- ``source_text`` a source file's text as Python reads it: decoded, parsed, split in lines
- ``sources``    a module as the stages pass it on, how its imports resolve, tree walks
- ``masked_literals`` a source's text with its long number tables blanked, for the tokenizer
- ``resolve``    module names resolved by the import system, asked in a child process
- ``import_calls`` the modules a source imports by calling ``__import__`` or ``import_module``
- ``star_names`` the names a star import of a module takes: its ``__all__``, read
- ``discover``   stage 1: the solution's helpers (where Python finds them) in load order
- ``imported_names`` a name imported from a helper that never binds it, refused in stage 1
- ``package_files`` ``pkgutil.iter_modules`` or ``importlib.resources`` given what may be a
                 helper's, whose files a bundle has not: refused in stage 1
- ``eager_parts`` what of a statement runs where it stands (a definition's defaults), not later
                 (a lambda's body): what a ``try`` around it guards
- ``guards``     version-guarded code (``hasattr``, ``sys.version_info``, ``except ImportError``)
- ``version_tests`` tests of the running Python's version, read for what each version gives
- ``wrapped_tests`` a test written around another (``V == False``, ``bool(V)``), read as it;
                 one used as an operand (``V + 0``), found, to be read as no test
- ``implementation_tests`` tests of the implementation, read as PyPy and CPython answer them
- ``platform_tests`` tests of the operating system, read as they come out on Windows
- ``reach``      the top-level helper code nothing in the bundle can reach
- ``bound_names`` what a top-level statement binds, and whether it can be cut
- ``literal_values`` whether an expression of operators on literals runs without error on
                 every target (only what cannot fail may be cut)
- ``dynamic_names`` what reaches names dynamically, so that a module, the whole bundle or
                 every class is kept
- ``spans``      where things are in a module's text: positions, tokens, the spans cut, the
                 text rewritten without them
- ``strip``      stage 2: what goes (comments, docstrings, annotations, test-only and
                 unreached code), decided statement by statement
- ``stripped``   a helper's stripped text remembered across builds: stage 2 for a module seen
                 before
- ``assemble``   stage 3: one file, each helper compiled under its own file name
"""

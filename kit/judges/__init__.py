"""What a judge is: the Pythons it runs, its standard library, how it compares output.

- ``profiles``   judge profiles: targets, source-size limit, file access, how memory is
                 counted, the stack, third-party modules
- ``modules``    the third-party modules each judge installs, per target
- ``targets``    targets (``cpython3.8``, ``pypy3``), the interpreters found, stand-ins
- ``stdlib``     the standard library's modules by Python version
- ``compare``    output comparison per problem: lines, tokens, float:TOL, checker:PATH
"""

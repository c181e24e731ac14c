"""What a judge is: the Pythons it runs, its standard library, how it compares output.

- ``profiles``   judge profiles: targets, source-size limit, file access, how memory is
                 counted, the stack, third-party modules
- ``modules``    the third-party modules each judge installs, per target
- ``targets``    targets (``cpython3.8``, ``pypy3``), the interpreters found, stand-ins
- ``stdlib``     the standard library's modules by Python version
- ``platforms``  the operating systems judges run Python on (Unix, Windows) and what differs
- ``compile_run`` which code a judge's run of the script before its cases concerns (AtCoder)
- ``compare``    output comparison per problem (its ``compare`` setting read): lines, tokens,
                 float:TOL, std:NAME, the rules below
- ``programs``   the judge's own programs (checkers, validators, interactors): where each is,
                 how it starts, the interactor protocols
- ``compiling``  compiling a C or C++ program (a package's Java submission too), or
                 building a folder's, once, cached; with ``compiler_reads`` (the files a
                 compile read, the binary's key), ``codeforces_compile`` (Codeforces' flags, a
                 Polygon source type's standard) and ``java_compile`` (problemtools' and
                 Codeforces' Java compile and run lines, the class each starts)

The comparison's parts, each standing only on those after it: ``kattis_compare`` (the Kattis
default output validator, DOMjudge's copy), ``long_double`` (the x87 80-bit ``long double``
DOMjudge's copy reads and computes in, exactly), ``long_decimals`` (a long decimal or
hexadecimal number read in place, written again in the few digits a double or long double
needs), ``validator_compare``
(an output validator in the Kattis protocol), ``checker_compare`` (a testlib checker),
``testlib_checkers`` (testlib's standard checkers, built in), ``kattis_feedback`` (what a
Kattis validator or interactor leaves in its feedback folder), ``judge_messages`` (what
checkers, validators and interactors say, in one line), ``comparator`` (the rule and its
judgement), ``difference_messages`` (where an output differs, said) and ``output_chunks`` (an
output's lines and tokens, read a chunk at a time).
"""

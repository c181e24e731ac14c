"""How Codeforces compiles a C or C++ submission, as far as a Linux compiler here can copy it:
the flags of its compile lines and the language standard a Polygon source type names.

Codeforces publishes each language's command line (codeforces.com/blog/entry/121114,
"Codeforces command lines"; not stored where it was looked for, read through public copies:
gpoussel/copro-plus README.md, C++23 ``g++ -Wall -Wextra -Wconversion -static -DONLINE_JUDGE
-Wl,--stack=268435456 -O2 -std=c++23 -lstdc++exp``; digitcrusher/algorytmy's "Ultimate
Pragmas" file, C++17 ``g++ -static -DONLINE_JUDGE -Wl,--stack=268435456 -O2 -std=c++17``
(citing codeforces.com/blog/entry/75004); another README quoting the first page, C11 ``gcc
-std=c11 -static -DONLINE_JUDGE -fno-asm -lm -s -Wl,--stack=268435456 -O2``). Its standards
are ISO's (``-std=c++17``, not ``gnu++17``). What is kept here: ``-DONLINE_JUDGE``, ``-O2``,
the standard, C's ``-fno-asm`` and ``-lm``. What is not: ``-Wl,--stack=268435456`` (a Windows
linker's flag; the kit's runs get their stack from the run's limits, as every run does),
``-s`` and the warnings (no change to what runs), C++23's ``-lstdc++exp`` (a library Debian's
g++ 12 does not ship); ``-static`` is added by ``kit.judges.compiling`` only where this
machine links it (``static_link_refused``). Not copied either: the types' sizes. Codeforces
compiles on Windows, where ``long`` is 32 bits (LLP64, for its 64-bit compilers too:
Microsoft's "Data Type Ranges"), and G++17 7.3.0 (``cpp.g++17``) is a 32-bit compiler; a
Linux g++ here makes ``long`` 64 bits, so a jury solution tagged wrong answer for overflowing
a ``long`` may pass here (no ``-m32``: docs/packages.md).

A Polygon source type names the compiler and standard: ``cpp.g++17``, ``cpp.g++20``,
``cpp.gcc14-64-msys2-g++23``, ``cpp.msys2-mingw64-9-g++17`` (C++, the standard its last
``g++NN``), ``c.gcc`` (Codeforces' GNU GCC C11). Any other (``cpp.ms2017``,
``cpp.clang++17-diagnose``, ``cpp.g++`` without a standard) is not mapped.

API::

    standard_of(source_type) -> tuple[str, str] | None  # (kind, standard): ("cpp", "c++17")
    FLAGS, LIBRARIES                                    # by kind, the standard aside
"""

from __future__ import annotations

import re

FLAGS = {"cpp": ("-DONLINE_JUDGE", "-O2"), "c": ("-DONLINE_JUDGE", "-fno-asm", "-O2")}
LIBRARIES: dict[str, tuple[str, ...]] = {"cpp": (), "c": ("-lm",)}
CPP_STANDARDS = ("11", "14", "17", "20", "23")  # Codeforces' G++ languages' -std=c++NN
CPP_TYPE = re.compile(r"cpp\.(?:[a-z0-9]+-)*g\+\+(\d\d)")
C_TYPES = {"c.gcc": "c11"}  # GNU GCC C11: gcc -std=c11


def standard_of(source_type: str) -> tuple[str, str] | None:
    """The kind ("cpp", "c") and ``-std`` value Codeforces compiles a source of Polygon's
    ``source_type`` with; None when the type names none the kit maps."""
    if source_type in C_TYPES:
        return "c", C_TYPES[source_type]
    found = CPP_TYPE.fullmatch(source_type)
    if found is None or found[1] not in CPP_STANDARDS:
        return None
    return "cpp", f"c++{found[1]}"

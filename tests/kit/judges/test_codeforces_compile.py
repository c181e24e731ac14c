"""kit.judges.codeforces_compile: the standard a Polygon source type names, as Codeforces
compiles it (ISO's -std=c++NN, C11), and the types left unmapped."""

import pytest

from kit.judges.codeforces_compile import standard_of


@pytest.mark.parametrize(
    ("source_type", "expected"),
    [
        ("cpp.g++17", ("cpp", "c++17")),
        ("cpp.g++11", ("cpp", "c++11")),
        ("cpp.g++20", ("cpp", "c++20")),
        ("cpp.gcc14-64-msys2-g++23", ("cpp", "c++23")),
        ("cpp.gcc13-64-winlibs-g++20", ("cpp", "c++20")),
        ("cpp.msys2-mingw64-9-g++17", ("cpp", "c++17")),
        ("c.gcc", ("c", "c11")),
        ("cpp.g++", None),  # no standard named
        ("cpp.g++98", None),  # none of Codeforces' G++ standards
        ("cpp.ms2017", None),  # Microsoft's compiler
        ("cpp.clang++17-diagnose", None),  # clang with its diagnostics
        ("cpp.g++17x", None),
        ("c.msvc", None),
        ("", None),
    ],
)
def test_a_source_type_s_standard(source_type, expected):
    assert standard_of(source_type) == expected

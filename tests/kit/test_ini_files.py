"""kit.ini_files: an ini file read as pytest 9 reads it (iniconfig's rules, not configparser's):
the values pytest reads, and the line of each file it stops on. Each case was measured with
pytest 9.0.3 (iniconfig 2.3.1) on a pytest.ini of that text."""

import random

import pytest

from kit.ini_files import IniError, sections


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("[pytest]\npythonpath = . # root\n", ". # root"),  # a comment in a value is kept
        ("[pytest]\npythonpath = . ;root\n", ". ;root"),
        ("[pytest]\npythonpath =\n  a\n\n  .\n", "a\n."),  # blank lines between go
        ("[pytest]\npythonpath = a\n# c\n  .\n", "a\n."),  # so do comments
        ("[pytest]\npythonpath = a\n\t.\n", "a\n."),
        ("[pytest]\npythonpath: .\n", "."),
        ("[pytest]\npythonpath:x = .\n", "x = ."),  # the ":" first
        ("[pytest]\npythonpath = .:x\n", ".:x"),
        ("[pytest] ; c\npythonpath = .\n", "."),
        ("[pytest]\npythonpath = a\n[other\n", "a\n[other"),  # no "]": a continuation
        ("[pytest]\r\npythonpath = .\r\n\x0c\n", "."),
        ("[pytest]\nPythonPath = .\n", None),  # keys keep their case: configparser's don't
        ("[ pytest ]\npythonpath = .\n", None),  # nor is the section's name stripped
        ("[a]\npythonpath = x\n[pytest]\n", None),
        # a byte order mark opening the file is left out (iniconfig 2.3.1; 2.3.0 stopped on it)
        ("\ufeff[pytest]\npythonpath = .\n", "."),
        ("\ufeff# c\r\n[pytest]\r\npythonpath = .\r\n", "."),
    ],
)
def test_the_value_pytest_reads(text, read):
    assert sections(text).get("pytest", {}).get("pythonpath") == read


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        ("[pytest]\nbare\n", 2, "'bare' is neither a section, KEY = VALUE nor KEY: VALUE"),
        ("[pytest]\nbare \t\n", 2, "'bare' is neither"),  # said stripped, as iniconfig does
        (" [pytest]\npythonpath = .\n", 1, "'[pytest]' goes on no key (a continuation)"),
        ("[pytest]\n  pythonpath = .\n", 2, "goes on no key"),
        ("[pytest\n", 1, "goes on no key"),
        ("[pytest]\npythonpath = a\npythonpath = .\n", 3, "the key 'pythonpath' is there twice"),
        ("[pytest]\npythonpath = a\n[pytest]\nx = .\n", 3, "the section [pytest] is there twice"),
        ("[a]\n[a]\n[pytest]\n", 2, "the section [a] is there twice"),  # another section too
        ("pythonpath = .\n[pytest]\n", 1, "the key 'pythonpath' is in no section"),
        ("[]\n", 1, "a section with an empty name"),
        ("\ufeff\ufeff[pytest]\n", 1, "neither a section"),  # one mark left out, not two
        ("\ufeffx = 1\n", 1, "the key 'x' is in no section"),
        ("x = 1\n[pytest]\nbare\n", 3, "'bare'"),  # a line's own fault said first
    ],
)
def test_the_line_pytest_stops_on(text, line, why):
    with pytest.raises(IniError) as error:
        sections(text)
    assert error.value.line == line
    assert why in error.value.why
    assert str(error.value) == f"line {line}: {error.value.why}"


def test_random_files_are_read_as_pytest_s_iniconfig_reads_them():
    """pytest's own reader (installed with it) agrees on each file's values and each refused
    file's line; 200,000 such files were compared while writing the reader."""
    iniconfig = pytest.importorskip("iniconfig")
    pieces = ["[pytest]", "[a]", "[]", "[a", "[a] # c", "[a;b]", "k = v", "k: v", "k:x = v"]
    pieces += ["bare", "  more", "\tmore ;c", "", "  ", "# c", "; c", "k =", "= v", "\x0c"]
    rng = random.Random(13)
    for _ in range(2000):
        text = "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        try:
            expected = {
                name: dict(keys) for name, keys in iniconfig.IniConfig("x", text).sections.items()
            }
        except iniconfig.ParseError as error:
            expected = error.lineno + 1
        try:
            read = sections(text)
        except IniError as error:
            read = error.line
        assert read == expected, text

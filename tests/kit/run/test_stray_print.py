"""kit.run.stray_print: a wrong answer's line that a debugging print of the solution or a
helper wrote is pointed at; a print that writes the answer's own lines, one that writes text
alone (an answer such as NO), one to stderr, or one whose text is unknown or too short to tell,
is not."""

import ast
from types import SimpleNamespace

import pytest

from kit.run.stray_print import printed, stray_print_hint


def module(rel, text):
    return SimpleNamespace(rel=rel, tree=ast.parse(text))


SOLUTION = module("solutions/p.py", "import sys\nx = 1\nprint(x)\n")


def test_a_debugging_print_in_a_helper_is_named_with_its_line():
    helper = module("shared/dsu.py", "def union(a, b):\n    print('union', a, b)\n")
    (hint,) = stray_print_hint(printed([SOLUTION, helper]), b"union 1 2\n3\n", b"3\n")
    assert hint.startswith("hint: output line 1, 'union 1 2', is not in the expected output")
    assert "shared/dsu.py line 2 prints" in hint


def test_an_f_string_counts_by_its_leading_text_and_the_first_stray_line_is_named():
    helper = module("shared/dp.py", "def f(dp):\n    print(f'dp={dp}')\n")
    (hint,) = stray_print_hint(printed([helper]), b"7\ndp=[1, 2]\n", b"7\n")
    assert "output line 2, 'dp=[1, 2]'" in hint and "shared/dp.py line 2" in hint


@pytest.mark.parametrize(
    "text",
    [
        "print('Case #1:', 5)\n",  # it writes the answer's own lines: a plain wrong answer
        "import sys\nprint('union', 1, file=sys.stderr)\n",  # stderr is not judged
        "x = 'union'\nprint(x)\n",  # its text is not known
        "print('=', 1)\n",  # too short, and no letter: it would match too much
        "print(f'{1}union')\n",  # an f-string that starts with a value
        "print('union')\nprint(f'union')\n",  # no value follows: an answer, as print('NO')
    ],
)
def test_prints_that_cannot_tell_give_no_hint(text):
    got = b"Case #1: 4\nunion 1\n= 1\n1union\nunion\n"
    assert stray_print_hint(printed([module("shared/h.py", text)]), got, b"Case #1: 5\n") == []


def test_an_output_of_no_more_lines_than_the_answer_s_has_no_stray_line():
    """``print("YES", k)`` / ``print("NO")``: YES 2 where NO was expected is a wrong answer of
    the line that writes the answer, not a line more."""
    solution = module("solutions/p.py", "n = 4\nif n % 2 == 0:\n    print('YES', n // 2)\n")
    assert stray_print_hint(printed([solution]), b"YES 2\n", b"NO\n") == []
    (hint,) = stray_print_hint(printed([solution]), b"YES 2\nNO\n", b"NO\n")
    assert "output line 1, 'YES 2'" in hint


def test_a_line_the_expected_output_holds_is_no_stray_line():
    helper = module("shared/h.py", "print('total', 3)\n")
    expected = b"sum\ntotal 3\n"  # 'total' starts an expected line: the print is the answer's
    assert stray_print_hint(printed([helper]), b"sum\ntotal 4\n", expected) == []


def test_a_long_line_is_cut_in_the_hint():
    helper = module("shared/h.py", "print('debug', list(range(100)))\n")
    got = ("debug " + " ".join(map(str, range(100))) + "\n5\n").encode()
    (hint,) = stray_print_hint(printed([helper]), got, b"5\n")
    assert "..." in hint and len(hint) < 300


def test_every_print_of_every_module_is_found():
    helper = module("shared/h.py", "def f(x):\n    if 1:\n        print('deep one', x)\n")
    assert [(p.rel, p.lineno, p.start) for p in printed([SOLUTION, helper])] == [
        ("shared/h.py", 3, "deep one")
    ]


def test_a_stray_line_is_quoted_as_a_wrong_answer_s_message_quotes_it():
    """A bad byte as \\xff (it was U+FFFD) and a backslash doubled, by the message's rule."""
    helper = module("shared/h.py", "print('debug', x)\n")
    (hint,) = stray_print_hint(printed([helper]), b"debug \xff C:\\x\n5\n", b"5\n")
    assert "output line 1, 'debug \\xff C:\\\\x', is not" in hint

"""kit.run.uncalled_main: a wrong answer of no output from a solution that runs nothing (an
empty file, a main() never called) is told why; one that runs something, or printed, is not."""

import ast
from types import SimpleNamespace

import pytest

from kit.run.uncalled_main import EMPTY_HINT, UNCALLED_HINT, uncalled_hint
from tests.memory_support import traced_peak


def solution(text):
    return SimpleNamespace(rel="solutions/a.py", text=text, tree=ast.parse(text))


UNCALLED = '"""A."""\nimport sys\n\nN = 10**5\nMOD: int = 7\n\n\ndef main():\n    print(1)\n'
CALLED = [
    UNCALLED + "\n\nmain()\n",
    UNCALLED + '\n\nif __name__ == "__main__":\n    main()\n',
    "print(sum(map(int, input().split())))\n",
    "import sys\nn = int(sys.stdin.readline())\n",
    "for line in open(0):\n    pass\n",
]


def test_an_empty_solution_is_said_to_be_empty():
    assert uncalled_hint(solution(""), b"") == [EMPTY_HINT.format(rel="solutions/a.py")]
    assert uncalled_hint(solution("\n  \n"), b"\n") == [EMPTY_HINT.format(rel="solutions/a.py")]


def test_a_solution_that_only_defines_is_asked_for_its_main_call():
    assert uncalled_hint(solution(UNCALLED), b"") == [UNCALLED_HINT.format(rel="solutions/a.py")]
    assert uncalled_hint(solution("# only a comment\n"), b"") == [
        UNCALLED_HINT.format(rel="solutions/a.py")
    ]


@pytest.mark.parametrize("text", CALLED)
def test_a_solution_that_runs_something_gets_no_hint(text):
    assert uncalled_hint(solution(text), b"") == []


def test_no_hint_for_an_output_or_a_program_not_bundled():
    assert uncalled_hint(solution(""), b"3\n") == []
    assert uncalled_hint(None, b"") == []


def test_a_flood_s_blankness_is_read_without_a_copy_of_it():
    """A 60 MiB line of output took the kit a second 60 MiB here (``strip()``), its peak 148
    MiB for a judged WA; a blank one still gets the hint."""
    flood = b"3 " * (8 << 20)
    peak, said = traced_peak(lambda: uncalled_hint(solution(UNCALLED), flood))
    assert said == []
    assert peak < 1 << 20, peak
    said = [UNCALLED_HINT.format(rel="solutions/a.py")]
    assert uncalled_hint(solution(UNCALLED), b" \n\t\r\x0b\x0c") == said

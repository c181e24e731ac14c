"""kit.judges.compile_run: AtCoder's run before the cases concerns code that names its
argument as a string, the way `sys.argv[-1] == "ONLINE_JUDGE"` does; not a comment, not a
docstring's word, not an environment variable of that name (another judge's custom), not
another judge's code."""

import ast

import pytest

from kit.judges.compile_run import arguments

NAMED = [
    'import sys\nif sys.argv[-1] == "ONLINE_JUDGE":\n    pass\n',
    "import sys\nif 'ONLINE_JUDGE' in sys.argv:\n    pass\n",
    "import sys\nARG = 'ONLINE_JUDGE'\nAOT = sys.argv[-1] == ARG\n",
]
NOT_NAMED = [
    "# ONLINE_JUDGE\nprint(1)\n",
    '"""Run with ONLINE_JUDGE to compile."""\nprint(1)\n',
    'import os\nLOCAL = not os.environ.get("ONLINE_JUDGE")\n',
    "import os\nLOCAL = 'ONLINE_JUDGE' not in os.environ\n",
    "from os import getenv\nLOCAL = getenv('ONLINE_JUDGE') is None\n",
    "import os\nX = os.environ['ONLINE_JUDGE']\n",
    "X = 'NOT_ONLINE_JUDGE_X'\n",
]


@pytest.mark.parametrize("code", NAMED)
def test_code_naming_the_argument_is_concerned_on_atcoder_only(code):
    trees = [ast.parse("print(1)\n"), ast.parse(code)]
    assert arguments("AtCoder", trees) == ("ONLINE_JUDGE",)
    assert arguments("atcoder", trees) == ("ONLINE_JUDGE",)
    assert arguments("Codeforces", trees) == ()
    assert arguments("POJ", trees) == ()


@pytest.mark.parametrize("code", NOT_NAMED)
def test_a_comment_a_word_or_an_environment_variable_is_no_concern(code):
    assert arguments("AtCoder", [ast.parse(code)]) == ()

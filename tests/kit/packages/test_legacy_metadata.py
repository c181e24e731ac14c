"""kit.packages.legacy_metadata: a legacy problem.yaml's keys and types held to problemtools'
``MetadataLegacy`` (each case here measured against that model under pydantic 2.13: the
same problem.yaml loaded or refused); how ``verify`` fails on them: test_kattis_checks.py."""

import pytest

from kit.packages.legacy_metadata import legacy_errors
from kit.packages.smallyaml import load

LOADED = [
    "name: Guess\nsource: NWERC 2023\nlicense: cc by-sa\ntype: scoring\n",
    "name:\nsource: ~\nuuid:\n",  # empty where the model allows None
    "uuid: '{5D4DB513-E900-4D58-85D5-8657BFDC3987}'\n",
    'limits:\n  memory: "256"\n  output: 256.0\n  code: yes\n',  # lax: a string, no fraction
    "limits:\n  time_multiplier: 1e3\n  time_safety_margin: .inf\n",
    "validation: custom interactive\nvalidator_flags: float_tolerance 1e-6\nkeywords: a b\n",
    'grading:\n  objective: min\n  show_test_data_groups: "on"\n  range: 0 100\n',
    "grading:\n  accept_score: 1\n  on_reject:\n",
    "source: '2023'\n",  # quoted: a string
]


@pytest.mark.parametrize("text", LOADED)
def test_what_problemtools_loads_passes(text):
    assert legacy_errors(load(text, "problem.yaml")) == []


REFUSED = [
    ("name:\n  en: Isolated Island\n", "name is a map of languages", "a string"),
    ("source: 2023\n", "source is the number 2023", "a string"),
    ("source: 2023-09-01\n", "source is the date 2023-09-01", "a string"),
    ("rights_owner: yes\n", "rights_owner is the boolean yes", "a string"),
    ("keywords: [graphs, trees]\n", "keywords is a list", "a string"),
    ("validator_flags:\n", "validator_flags is empty", "a string"),
    ("license: CC BY\n", "license is 'CC BY'", "one of unknown, public domain, cc0, cc by, "
     "cc by-sa, educational, permission"),
    ("type: interactive\n", "type is 'interactive'", "one of pass-fail, scoring"),
    ("uuid: 5d4db513-e900-4d58-85d5\n", "uuid is '5d4db513-e900-4d58-85d5'", "a uuid"),
    ("limits: 5\n", "limits is the number 5", "a map"),
    ("limits:\n  memory: 256.5\n", "limits.memory is the number 256.5", "a whole number"),
    ("limits:\n  memory: 1e3\n", "limits.memory is '1e3'", "a whole number"),
    ("limits:\n  time_multiplier: x\n", "limits.time_multiplier is 'x'", "a number"),
    ("grading:\n  on_reject: continue\n", "grading.on_reject is 'continue'",
     "one of first_error, worst_error, grade"),
    ("grading:\n  show_test_data_groups: 5\n", "grading.show_test_data_groups is the number 5",
     "true or false"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "what", "wanted"), REFUSED)
def test_a_value_of_another_type_is_one_line_naming_the_key_and_its_type(text, what, wanted):
    assert legacy_errors(load(text, "problem.yaml")) == [
        f"problem.yaml: {what}, where format legacy's is {wanted} (problemtools does not load "
        "the package)"
    ]


def test_a_key_the_model_does_not_have_is_refused_at_the_top_and_in_limits_and_grading():
    """``extra='forbid'``: a 2023-07 key in a legacy package (``limits.time_limit``,
    ``constants``) stops problemtools."""
    text = "constants:\n  n: 5\nlimits:\n  time_limit: 2\ngrading:\n  scale: 2\n"
    assert legacy_errors(load(text, "problem.yaml")) == [
        f"problem.yaml: {key} is not a key of format legacy (problemtools does not load the "
        "package)"
        for key in ("constants", "limits.time_limit", "grading.scale")
    ]

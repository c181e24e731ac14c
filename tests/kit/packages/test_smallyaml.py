"""kit.packages.smallyaml: the part of YAML that problem packages use (nested mappings, plain
and quoted scalars, flow and block sequences, literal and folded blocks, comments), every
scalar kept a string; anything else a one-line error naming the file and line."""

import textwrap

import pytest

from kit.errors import BuildError
from kit.packages import smallyaml


def test_small_yaml_reads_what_packages_write():
    text = textwrap.dedent(
        """\
        ---
        # a comment
        name: 'It''s # not a comment'   # but this is
        limits:
          memory: 512
        type: [scoring, interactive]
        keywords:
        - graphs
        - "two words"
        empty:
        """
    )
    assert smallyaml.load(text, "p.yaml") == {
        "name": "It's # not a comment",
        "limits": {"memory": "512"},
        "type": ["scoring", "interactive"],
        "keywords": ["graphs", "two words"],
        "empty": "",
    }
    with pytest.raises(BuildError, match=r"p.yaml:2: 'a' is given twice"):
        smallyaml.load("a: 1\na: 2\n", "p.yaml")


def test_nesting_follows_indentation_and_a_sequence_may_stand_under_its_key():
    text = textwrap.dedent(
        """\
        limits:
          time_multipliers:
            ac_to_time_limit: 2.0
          memory: 1024
        validator_flags: float_tolerance 1e-6
        languages:
        - python3
        - cpp
        """
    )
    assert smallyaml.load(text, "p.yaml") == {
        "limits": {"time_multipliers": {"ac_to_time_limit": "2.0"}, "memory": "1024"},
        "validator_flags": "float_tolerance 1e-6",
        "languages": ["python3", "cpp"],
    }


def test_quoted_scalars_escapes_and_text_blocks():
    text = 'a: "tab\\there \\"q\\""\nb: []\nliteral: |\n  one\n  two\nfolded: >\n  one\n  two\n'
    assert smallyaml.load(text, "p.yaml") == {
        "a": 'tab\there "q"',
        "b": [],
        "literal": "one\ntwo",
        "folded": "one two",
    }


def test_a_scalar_wrapped_over_lines_is_joined_by_spaces():
    """As YAML writers wrap a test case's long description (BAPCtools' divsort has both)."""
    text = textwrap.dedent(
        """\
        description: Must validate, because nested_2
          shadows secret/test_group.yaml
        quoted: 'Must be AC. Compare: invalid_output

          is invalid'
        args: [--sorted]
        """
    )
    assert smallyaml.load(text, "p.yaml") == {
        "description": "Must validate, because nested_2 shadows secret/test_group.yaml",
        "quoted": "Must be AC. Compare: invalid_output is invalid",
        "args": ["--sorted"],
    }


def test_keys_may_be_paths_globs_or_quoted():
    """submissions.yaml's keys are globs over paths (BAPCtools' testexpectations has these)."""
    text = 'wa/ac*:\n  secret/*{1,3}:\n    required: [AC]\n"*/nested_wa.py":\n  permitted: [WA]\n'
    assert smallyaml.load(text, "p.yaml") == {
        "wa/ac*": {"secret/*{1,3}": {"required": ["AC"]}},
        "*/nested_wa.py": {"permitted": ["WA"]},
    }


def test_a_hash_not_after_a_space_is_no_comment_and_an_empty_file_is_empty():
    assert smallyaml.load("url: a#b # note\n", "p.yaml") == {"url": "a#b"}
    assert smallyaml.load("# only a comment\n\n", "p.yaml") == {}


def test_flow_mappings_nested_collections_and_the_document_markers():
    text = "---\nlimits: {memory: 512, time_multipliers: {ac_to_time_limit: 2.0}}\n"
    text += "type: [pass-fail, 'a, b', [x], ]\n...\n# the end\n"
    assert smallyaml.load(text, "p.yaml") == {
        "limits": {"memory": "512", "time_multipliers": {"ac_to_time_limit": "2.0"}},
        "type": ["pass-fail", "a, b", ["x"]],
    }
    assert smallyaml.load("a: {}\nb: []\n", "p.yaml") == {"a": {}, "b": []}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a:\n\tb: 1\n", "p.yaml:2: a tab in the indentation"),
        ("a: 1\n---\nb: 2\n", "p.yaml:2: more than one YAML document"),
        ("a: &anchor 1\n", "p.yaml:1: '&anchor 1': anchors, aliases and tags are not read here"),
        ("limits: &l\n  time: 1\n", "p.yaml:1: '&l': anchors, aliases and tags are not read"),
        ("a: 1\n...\nb: 2\n", "p.yaml:2: more than one YAML document"),
        ("a: {b}\n", "p.yaml:1: expected 'key: value' in {...}, not 'b'"),
        ("a: {b: 1, b: 2}\n", "p.yaml:1: 'b' is given twice"),
        ("a: [x,, y]\n", "p.yaml:1: an empty item in 'x,, y'"),
        ("a: [x, [y]\n", "p.yaml:1: an unclosed bracket or quote in 'x, [y'"),
        ("just words\n", "p.yaml:1: expected 'key: value', not 'just words'"),
        ("a: 1\n  b: 2\n", "p.yaml:2: indented more than the key above it"),
        ("items:\n- name: x\n   url: y\n", "p.yaml:3: indented more than the key above it"),
        ("items:\n- name: x\n url: y\n", "p.yaml:3: indentation does not fit"),
        ("- a\n- b\n", "p.yaml: expected a mapping of keys at the top"),
    ],
)
def test_what_is_not_read_is_a_one_line_error(text, message):
    with pytest.raises(BuildError) as caught:
        smallyaml.load(text, "p.yaml")
    assert str(caught.value) == message or str(caught.value).startswith(message)


def test_a_sequence_of_mappings_is_read_as_the_format_writes_credits_and_sources():
    """problemtools' own oddecho and the 2025-09 format's credits example were refused."""
    text = textwrap.dedent(
        """\
        credits:
          authors:
            - name: Alice
              email: alice@example.org
            - name: Bob
          testers: [Carol]
        source:
        - name: NWERC 2023
          url: https://2023.nwerc.eu
        - just words
        """
    )
    assert smallyaml.load(text, "p.yaml") == {
        "credits": {
            "authors": [{"name": "Alice", "email": "alice@example.org"}, {"name": "Bob"}],
            "testers": ["Carol"],
        },
        "source": [{"name": "NWERC 2023", "url": "https://2023.nwerc.eu"}, "just words"],
    }


def test_number_reads_a_scalar_or_says_what_it_got():
    assert smallyaml.number("2.5", "limits.time") == 2.5
    with pytest.raises(BuildError, match="^limits.memory: expected a number, not 'lots'$"):
        smallyaml.number("lots", "limits.memory")


@pytest.mark.parametrize(
    ("scalar", "typed"),
    [
        ("2023", "integer"),
        ("0x1F", "integer"),
        ("1:20", "integer"),  # sexagesimal, YAML 1.1's
        ("256.0", "float"),
        (".5", "float"),
        ("-.5", "string"),  # PyYAML signs no float without a digit before its dot
        ("1e-6", "string"),  # no dot: a string to PyYAML
        (".inf", "float"),
        ("yes", "boolean"),
        ("Off", "boolean"),
        ("y", "string"),  # PyYAML leaves out the one-letter booleans
        ("2023-09-01", "date"),
        ("~", "null"),
        ("", "null"),
        ('"2023"', "string"),
        ("'yes'", "string"),
        ("cc by-sa", "string"),
        ("[a, b]", "list"),
        ("{a: 1}", "map"),
    ],
)
def test_a_scalar_s_type_is_what_problemtools_yaml_reader_makes_of_it(scalar, typed):
    """problemtools reads problem.yaml with PyYAML (YAML 1.1): ``source: 2023`` is a number
    to it, ``keywords: yes`` a boolean; quoted, either is a string."""
    assert smallyaml.yaml_type(smallyaml.load(f"a: {scalar}\n", "p.yaml")["a"]) == typed


def test_a_block_s_text_is_a_string_whatever_it_reads_like():
    assert smallyaml.yaml_type(smallyaml.load("a: |\n  2023\n", "p.yaml")["a"]) == "string"
    assert smallyaml.yaml_type(smallyaml.load("a: >\n  yes\n", "p.yaml")["a"]) == "string"

"""kit.judges.kattis_feedback: what a Kattis validator leaves in its feedback folder, read back
(its score and 2025-09's score multiplier kept apart, its message, a next pass's input taken
out of the folder)."""

from pathlib import Path

import pytest

from kit.judges.compare import parse_compare
from kit.judges.kattis_feedback import (
    feedback_message,
    feedback_score,
    next_pass_input,
    score_parts,
)

WHERE = "problems.toml: [toy]"
NO_INPUT = Path("/nonexistent/input")


@pytest.mark.parametrize(
    ("files", "parts"),
    [
        ({}, (None, None)),
        ({"score.txt": " 12.5\n"}, ("12.5", None)),
        ({"score_multiplier.txt": "0.5"}, (None, "0.5")),
        ({"score.txt": "3", "score_multiplier.txt": "1"}, ("3", "1")),
    ],
)
def test_a_validator_s_score_and_2025_09_score_multiplier_are_kept_apart(tmp_path, files, parts):
    script = "import sys\nfrom pathlib import Path\n"
    for name, text in files.items():
        script += f"Path(sys.argv[3], {name!r}).write_text({text!r})\n"
    (tmp_path / "scores.py").write_text(script + "sys.exit(42)\n")
    validator = parse_compare("validator:scores.py", tmp_path, WHERE)
    found = validator.judge(NO_INPUT, b"1\n", b"1\n")
    assert found.accepted and score_parts(found.score) == parts


def test_an_empty_score_beside_a_multiplier_reads_as_none(tmp_path):
    (tmp_path / "score.txt").write_text("\n")
    (tmp_path / "score_multiplier.txt").write_text(" 2\n")
    assert score_parts(feedback_score(tmp_path)) == (None, "2")
    assert score_parts(feedback_score(tmp_path / "missing")) == (None, None)


def test_the_message_is_the_start_of_judgemessage_txt(tmp_path):
    assert feedback_message(tmp_path) == ""
    (tmp_path / "judgemessage.txt").write_text("\n  7 + 4 is not 10\nsee line 2\n")
    assert feedback_message(tmp_path) == "7 + 4 is not 10 / see line 2"


def test_the_next_pass_s_input_is_taken_out_of_the_folder(tmp_path):
    (tmp_path / "nextpass.in").write_bytes(b"2\n")
    assert next_pass_input(tmp_path) == b"2\n"
    assert not (tmp_path / "nextpass.in").exists()
    assert next_pass_input(tmp_path) is None


def test_a_score_txt_of_bad_bytes_reads_as_shown(tmp_path):
    (tmp_path / "score.txt").write_bytes(b"0.5\xff\x1b\n")
    assert feedback_score(tmp_path) == "0.5\\xff\\x1b"


def test_a_nul_in_score_txt_is_not_taken_for_a_multiplier(tmp_path):
    (tmp_path / "score.txt").write_bytes(b"1\x002")
    assert score_parts(feedback_score(tmp_path)) == ("1\\x002", None)

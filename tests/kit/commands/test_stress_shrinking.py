"""kit.commands.stress_shrinking: of each failing candidate's run the shrink keeps only the head
of its output the report shows, and the warning for candidates the reference failed on names
the validator that let them through. Shrinking within ``stress`` end to end (the failure kept
to its kind, a hung call given up, Ctrl-C, the passed-over inputs warned of) is in
tests/kit/commands/test_stress.py."""

import types

import pytest

from kit.commands import stress_report, stress_shrinking
from kit.stress import engine


def test_the_shrink_keeps_of_each_failing_run_only_the_head_of_its_output(capsys):
    """Each failing candidate's run is kept, to show the one the shrink ends on: a solution
    writing 50 MB on each held 1.1 GB in the kit over a 252-run shrink. What is shown of it,
    its head and how much it wrote, is all that is kept."""
    flood = engine.Outcome(True, "wrong answer: x", b"7 " * 500_000, "WA", b"8\n")
    failures = {"2\n1 1\n": flood}
    judged = types.SimpleNamespace(judge=lambda text, name: flood)
    judged.source = types.SimpleNamespace(params={})
    trial = stress_shrinking._ShrinkTrial(judged, failures, "2\n1 1\n", 1)
    assert trial.fails("1\n1\n")
    kept = failures["1\n1\n"]
    assert len(kept.got) <= 4 * stress_report.SHOWN_CHARS and kept.expected == b"8\n"
    stress_report.show_failure(kept, "1\n1\n")
    out = capsys.readouterr().out
    head = f"first {stress_report.SHOWN_CHARS} characters of more than 999999 bytes written"
    assert f"\nGot: ({head})\n" + "7 " * (stress_report.SHOWN_CHARS // 2) + "\n" in out


@pytest.mark.parametrize(("validate", "noted"), [(None, False), (lambda text: None, True)])
def test_a_validator_that_let_the_reference_s_failures_through_is_named(validate, noted):
    """Without a validator the shrink tries generated files only: the reference's failure is
    its own. With one, the inputs it accepted may be ones the statement does not allow."""
    from types import SimpleNamespace

    source = SimpleNamespace(validate=validate, validator="stress/x.py's validate()")
    said = stress_shrinking._unanswered_warning(SimpleNamespace(source=source), ["boom", "bang"])
    assert said.startswith("warning: the reference failed on 2 smaller inputs, passed over")
    assert ("\nnote: stress/x.py's validate() accepted them: " in said) == noted, said

"""kit.commands.stress_shrinking: of each failing candidate's run the shrink keeps only the head
of its output the report shows, and the warning for candidates the reference failed on names
the validator that let them through. Shrinking within ``stress`` end to end (the failure kept
to its kind, a hung call given up, Ctrl-C, the passed-over inputs warned of) is in
tests/kit/commands/test_stress.py."""

import types

import pytest

from kit.commands import stress_report, stress_shrinking
from kit.errors import BuildError
from kit.stress import engine
from kit.stress.shrink import GeneratorRaised, Shrunk


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


PACKAGE_CHECK = types.SimpleNamespace(shown=("input_validators/check.py",))


@pytest.mark.parametrize(
    ("validate", "package", "noted"),
    [
        (None, None, None),
        (lambda text: None, None, "stress/x.py's validate()"),
        (None, PACKAGE_CHECK, "the package's input_validators/check.py"),
    ],
)
def test_a_validator_that_let_the_reference_s_failures_through_is_named(validate, package, noted):
    """Without a validator the shrink tries generated files only: the reference's failure is
    its own. With one, the module's or a package's, the inputs it accepted may be ones the
    statement does not allow."""
    from types import SimpleNamespace

    source = SimpleNamespace(
        validate=validate, validator="stress/x.py's validate()", package_validation=package
    )
    said = stress_shrinking._unanswered_warning(SimpleNamespace(source=source), ["boom", "bang"])
    assert said.startswith("warning: the reference failed on 2 smaller inputs, passed over")
    if noted is None:
        assert "\nnote:" not in said
    else:
        assert f"\nnote: {noted} accepted them: if the statement's constraints " in said


def raised_on(error, gen=None):
    """A shrink whose parameter n stayed at 20, the generator having raised at n=10."""
    raised = GeneratorRaised("n", 20, 4, {"n": 10, "bound": 100}, error)
    shrunk = Shrunk("20\n", 4, {"n": 20, "bound": 77}, 9, ["params: bound 100 -> 77"])
    shrunk.generator_raised = raised
    stress = types.SimpleNamespace(source=types.SimpleNamespace(gen=gen))
    return stress, shrunk


def test_a_parameter_the_generator_s_error_kept_up_is_a_note_naming_it(capsys):
    """The shrink took the error for a value the generator refuses and said nothing: the line
    read 'params: bound 100 -> 77', n's 20 left unexplained."""
    said = "stress/a.py: generate() raised ValueError: n < 20 (seed 4, parameters n=10 bound=100)"
    stress, shrunk = raised_on(BuildError(said))
    stress_shrinking._say_shrunk(stress, shrunk, [], [], {})
    assert capsys.readouterr().out.splitlines() == [
        "shrunk in 9 runs (params: bound 100 -> 77)",
        f"note: n not lowered below 20: {said}; the shrink took n=10 for a value generate() "
        "refuses (MIN_PARAMS gives the smallest legal ones)",
    ]


def test_the_generator_s_own_exception_is_named_with_its_file_and_a_program_s_as_a_size():
    stress, shrunk = raised_on(ValueError("n < 20"), gen="python3 gen.py")
    assert stress_shrinking._generator_raised_note(stress, shrunk.generator_raised) == (
        "note: n not lowered below 20: ValueError: n < 20 (seed 4, parameters n=10 bound=100); "
        "the shrink took n=10 for a size the generator refuses"
    )


def test_a_refused_file_found_is_said_with_what_the_shrink_did_after_it():
    """The file found, refused by the package's validator: with the shrink ending on it, the
    failure shown is on an input the judge never gives; with a smaller one it accepts (a cut,
    another seed's file), the one shown is that."""
    source = types.SimpleNamespace(params={}, generator="--gen 'python3 gen.py'")
    stress = types.SimpleNamespace(source=source)
    refusal = "input_validators/check.py: exit status 43: n too large"
    said = [
        stress_shrinking._refused_warning(stress, Shrunk(text, 1, {}, 3), "9\n", 4, refusal)
        for text in ("9\n", "3\n")
    ]
    opening = (
        f"warning: the package's validator refuses the generated input itself (seed 4, "
        f"parameters none): {refusal}; the shrink keeps to inputs it accepts, "
    )
    closing = (
        ": make the generator (--gen 'python3 gen.py') keep to the package's constraints, or "
        "fix the validator if they allow this input (`cpkit verify` runs it on the cases)"
    )
    assert said == [
        f"{opening}so it cut nothing, and the failure shown is on an input the judge never "
        f"gives{closing}",
        f"{opening}and the one shown is a smaller one it accepts{closing}",
    ]

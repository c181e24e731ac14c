"""kit.verify.report: the lines ``cpkit verify`` prints for a package's test data, input
validators and checker, and the defects among them (the checks themselves:
test_testdata_check.py, test_input_check.py, test_output_check.py)."""

from kit.verify import report
from kit.verify.input_check import InputCheck, Rejection
from kit.verify.output_check import OutputCheck
from kit.verify.testdata_check import DataCheck


def test_the_data_line_counts_failures_and_warnings_and_lists_them():
    assert report.data_lines(DataCheck(3, (), ())) == [
        "data: 3 cases as problemtools checks them: fine"
    ]
    warnings = tuple(f"data/secret/{n}.in does not end with a line break" for n in range(12))
    lines = report.data_lines(DataCheck(12, warnings, ("no secret data",)))
    assert lines[:3] == [
        "data: 12 cases as problemtools checks them: 1 failure, 12 warnings",
        "  no secret data",
        "  warning: data/secret/0.in does not end with a line break",
    ]
    assert lines[-1] == "  ... and 2 more"  # INPUT_LINES warnings shown


def test_inputs_without_a_built_validator_are_not_checked():
    unbuilt = ("input_validators/v: not run: it includes validation.h, found nowhere",)
    assert report.input_lines(InputCheck((), 4, (), unbuilt=unbuilt)) == [
        "inputs: not checked, no input validator could be built",
        "  note: input_validators/v: not run: it includes validation.h, found nowhere "
        "(--include DIR gives its folder)",
    ]


def test_every_defect_is_a_line():
    data = DataCheck(1, (), ("no secret data", "data/secret/1.ans is too large"))
    inputs = InputCheck(("v",), 2, (Rejection("data/secret/1.in", "v", "exit status 43"),))
    outputs = OutputCheck("c", 3, (), ("an empty file on data/secret/1.in: failed",))
    outputs = OutputCheck("c", 3, (), outputs.failed, answers=2, answers_failing=1)
    assert report.defects(data, inputs, outputs) == [
        "the package's test data: no secret data; data/secret/1.ans is too large",
        "the package's input validators reject 1 of 2 inputs",
        "the package's checker fails on 1 outputs",
        "the package's checker does not accept 1 of its own answers (a sample's, or by failing)",
    ]
    assert report.defects(None, None, None) == []


def test_invalid_inputs_let_through_name_the_validators_not_run():
    """An invalid input the validators run here accept may be rejected by one not run (a
    VIVA file): its line and the defect say so."""
    unrun = ("input_format_validators/format.viva (VIVA)",)
    let_through = ("data/invalid_input/2.in",)
    inputs = InputCheck(("v",), 2, (), invalid=3, let_through=let_through, unrun=unrun)
    not_run = " (input_format_validators/format.viva (VIVA) is not run here)"
    assert report.input_lines(inputs)[1:] == [
        "invalid inputs: 2 of 3 rejected",
        f"  data/invalid_input/2.in: no input validator run here rejects it{not_run}",
    ]
    assert report.defects(None, inputs, None) == [
        f"the package's input validators run here accept 1 of 3 invalid inputs{not_run}"
    ]

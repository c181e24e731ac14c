"""The lines ``cpkit verify`` (``kit.commands.verify``) prints for a package's own data and
programs, and the defects among them that make its exit status 1: its test data
(``kit.verify.testdata_check``), its input validators (``kit.verify.input_check``), its checker on
junk, odd outputs and its own answers, and its validation outputs (``kit.verify.output_check``).

API::

    data_lines(DataCheck) -> list[str]
    input_lines(InputCheck) -> list[str]
    output_lines(OutputCheck) -> list[str]
    defects(DataCheck | None, InputCheck | None, OutputCheck | None) -> list[str]  # exit 1
"""

from __future__ import annotations

from kit.plurals import counted
from kit.verify.input_check import InputCheck
from kit.verify.output_check import OutputCheck
from kit.verify.testdata_check import DataCheck

INPUT_LINES = 10  # rejected inputs (and failures, warnings) listed one a line


def defects(
    data: DataCheck | None, inputs: InputCheck | None, outputs: OutputCheck | None
) -> list[str]:
    """A line for each way the package's data or own programs failed its checks (exit status
    1)."""
    found = []
    if data is not None and data.failures:
        found.append(f"the package's test data: {'; '.join(data.failures)}")
    if inputs is not None and inputs.rejected:
        found.append(f"the package's input validators reject {_inputs(inputs)}")
    if inputs is not None and inputs.let_through:
        count = f"{len(inputs.let_through)} of {inputs.invalid}"
        found.append(
            f"the package's input validators{_run_here(inputs)} accept {count} invalid inputs"
            + _not_run(inputs)
        )
    if outputs is not None and outputs.failed:
        found.append(f"the package's checker fails on {len(outputs.failed)} outputs")
    if outputs is not None and outputs.answers_failing:
        found.append(
            f"the package's checker does not accept {outputs.answers_failing} of its own "
            "answers (a sample's, or by failing)"
        )
    if outputs is not None and outputs.misjudged:
        count = f"{len(outputs.misjudged)} of {outputs.validation}"
        what, says = outputs.validation_words
        found.append(f"the package's {what}: {count} not judged as {says}")
    return found


def data_lines(data: DataCheck) -> list[str]:
    """The test data's line (``kit.verify.testdata_check``), then a line per failure and warning."""
    head = f"data: {counted(data.cases, 'case')} as problemtools checks them: "
    if data.failures or data.warnings:
        head += f"{counted(len(data.failures), 'failure')}, "
        head += counted(len(data.warnings), "warning")
    else:
        head += "fine"
    warnings = tuple(f"warning: {line}" for line in data.warnings)
    return [head, *(f"  {line}" for line in data.failures), *_some(warnings)]


def input_lines(inputs: InputCheck) -> list[str]:
    """The input validators' line, a line per rejected input (the first INPUT_LINES) and a
    warning per junk or modified input they all let through."""
    names = ", ".join(inputs.validators)
    unbuilt = [f"  note: {line} (--include DIR gives its folder)" for line in inputs.unbuilt]
    if not inputs.validators:
        return ["inputs: not checked, no input validator could be built", *unbuilt]
    if inputs.rejected:
        lines = [f"inputs: {_inputs(inputs)} rejected ({names}{_tests(inputs)})"]
    else:
        lines = [f"inputs: {inputs.inputs} of {inputs.inputs} valid ({names}{_tests(inputs)})"]
    for rejection in inputs.rejected[:INPUT_LINES]:
        lines.append(f"  {rejection.case}: {rejection.validator}: {rejection.why}")
    if len(inputs.rejected) > INPUT_LINES:
        lines.append(f"  ... and {len(inputs.rejected) - INPUT_LINES} more")
    if inputs.invalid:
        rejected = inputs.invalid - len(inputs.let_through)
        lines.append(f"invalid inputs: {rejected} of {inputs.invalid} rejected")
        lines += [f"  {case}: {_none_rejects(inputs, 'it')}" for case in inputs.let_through]
    junk = inputs.junk + inputs.modified
    return lines + unbuilt + [f"  warning: {_none_rejects(inputs, what)}" for what in junk]


def _none_rejects(inputs: InputCheck, what: str) -> str:
    """That no input validator rejects ``what``: of those run here, when the package has
    others (a VIVA file, which problemtools runs, may reject it)."""
    return f"no input validator{_run_here(inputs)} rejects {what}{_not_run(inputs)}"


def _run_here(inputs: InputCheck) -> str:
    return " run here" if inputs.unrun else ""


def _not_run(inputs: InputCheck) -> str:
    """`` (input_validators/format.viva (VIVA) is not run here)``, or ""."""
    if not inputs.unrun:
        return ""
    verb = "is" if len(inputs.unrun) == 1 else "are"
    return f" ({', '.join(inputs.unrun)} {verb} not run here)"


def output_lines(outputs: OutputCheck) -> list[str]:
    """The checker's line, a line per output it failed on (the first INPUT_LINES) and a
    warning per junk output it accepts on every case; then the validation outputs' line, a
    line per one misjudged."""
    lines = []
    if outputs.tried:
        tried = f"{outputs.tried} junk and odd outputs"
        if outputs.failed:
            lines = [f"checker: fails on {len(outputs.failed)} of {tried} ({outputs.checker})"]
        else:
            lines = [f"checker: a verdict on each of {tried} ({outputs.checker})"]
        lines += _some(outputs.failed)
        warning = "  warning: the checker accepts {} as the output of every case"
        lines += [warning.format(what) for what in outputs.accepted]
    if outputs.answers:
        right = outputs.answers - len(outputs.answers_rejected)
        lines.append(f"answers: {right} of {outputs.answers} accepted as outputs by the checker")
        lines += _some(outputs.answers_rejected)
    if outputs.validation:
        right = outputs.validation - len(outputs.misjudged)
        what, says = outputs.validation_words
        lines.append(
            f"{what}: {right} of {outputs.validation} judged as {says} ({outputs.checker})"
        )
        lines += _some(outputs.misjudged)
    return lines


def _some(lines: tuple[str, ...]) -> list[str]:
    """The first INPUT_LINES of ``lines`` indented, and how many more."""
    shown = [f"  {line}" for line in lines[:INPUT_LINES]]
    if len(lines) > INPUT_LINES:
        shown.append(f"  ... and {len(lines) - INPUT_LINES} more")
    return shown


def _inputs(inputs: InputCheck) -> str:
    count = len({rejection.case for rejection in inputs.rejected})
    return f"{count} of {inputs.inputs} inputs"


def _tests(inputs: InputCheck) -> str:
    """How many of the inputs are the validator's own valid tests (Polygon's), if any."""
    if not inputs.valid_tests:
        return ""
    return f"; {counted(inputs.valid_tests, 'validator test')} among them"

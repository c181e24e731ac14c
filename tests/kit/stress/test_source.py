"""kit.stress.source on copies of tests/fixtures/pairsum and maxsum: the options checked
against the problem, the stress module loaded with what the run needs (its parameters and
``--param`` overrides, or the user's programs), a module whose functions raise reported in one
line with their input, and the run's description and reproduction flags."""

import os
import random
import re
from pathlib import Path

import pytest

from kit.errors import BuildError, Refused
from kit.judges.targets import parse_target, stand_in
from kit.registry import load_registry
from kit.stress.source import SIZE, Source, load_stress_module, shown_params, source_for
from tests.process_support import kit_ended

RUNNER = stand_in([parse_target("cpython3.8")])


@pytest.fixture
def pairsum(checkout_copy, own_imports):
    return load_registry(checkout_copy("pairsum"))["pairsum"]


@pytest.fixture
def maxsum(checkout_copy, own_imports, monkeypatch):
    root = checkout_copy("maxsum")
    monkeypatch.chdir(root)  # the programs' paths are read as a shell reads them, here
    return load_registry(root)["maxsum"]


def append_to_stress(problem, text):
    """``text`` added at the end of the problem's stress module (a later definition wins)."""
    problem.stress.write_text(problem.stress.read_text() + "\n\n" + text)


def source(problem, *, brute=None, gen=None, gen_size=None, given=()):
    return source_for(problem, RUNNER, brute=brute, gen=gen, gen_size=gen_size, given=list(given))


def test_the_module_s_parameters_with_overrides(pairsum):
    found = source(pairsum, given=["cases=3"])
    assert found.params == {"cases": 3, "bound": 1000}
    assert found.described() == "parameters cases=3 bound=1000"
    assert found.flags({"cases": 3, "bound": 1000}) == " --param cases=3"
    assert found.flags({"cases": 8, "bound": 1000}) == ""
    # the module's order, as the run's first line says them: not alphabetical, nor the dict's
    in_order = " --param cases=1 --param bound=702"
    assert found.flags({"cases": 1, "bound": 702}) == in_order
    assert found.flags({"bound": 702, "cases": 1}) == in_order
    assert found.module.reference("2\n1 2\n3 4\n") == "3\n7\n"
    assert (found.gen, found.brute, found.interactor) == (None, None, None)


def test_what_the_shrinker_gets_is_the_module_s_optional_parts(pairsum):
    parts = source(pairsum).shrinkable()
    assert parts.PARAMS == {"cases": 8, "bound": 1000} and parts.MIN_PARAMS == {
        "cases": 1,
        "bound": 1,
    }
    assert {"validate", "split_cases", "join_cases"} <= set(vars(parts))


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["cases"], "--param 'cases': expected NAME=INTEGER"),
        (["size=3"], "--param size: not a parameter (known: bound, cases)"),
        (["cases=0"], "--param cases=0: below the module's MIN_PARAMS['cases'] = 1"),
        # the second value was taken silently, as a second --target was
        (["cases=3", "cases=5"], "--param cases=5: cases is given twice (cases=3 first)"),
    ],
)
def test_a_bad_param_is_one_line(pairsum, given, message):
    with pytest.raises(BuildError) as caught:
        source(pairsum, given=given)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ('{"cases": "x", "bound": 9}', "PARAMS['cases'] = 'x': expected an integer"),
        ('{"cases": True, "bound": 9}', "PARAMS['cases'] = True: expected an integer"),
        ("[1, 2]", "PARAMS must be a dict of integers"),
        # a default the module's own minimum refuses, as --param's value would be
        ('{"cases": 0, "bound": 9}', "PARAMS['cases'] = 0 is below MIN_PARAMS['cases'] = 1, "
         "the smallest legal value (or give --param cases=N)"),
        # a minimum of a parameter PARAMS does not have was ignored (a misspelt name)
        ('{"cases": 3, "bound": 9}\nMIN_PARAMS = {"case": 1}',
         "MIN_PARAMS names case, not in PARAMS (known: bound, cases)"),
    ],
)  # fmt: skip
def test_params_that_are_not_integers_are_one_line(pairsum, params, message):
    append_to_stress(pairsum, f"PARAMS = {params}\n")
    with pytest.raises(BuildError) as caught:
        source(pairsum)
    assert str(caught.value) == f"stress/pairsum.py: {message}"


def test_programs_replace_the_module_s_generator_and_reference(maxsum):
    gen = "python3 brute/maxsum_gen.py"
    found = source(maxsum, gen=gen, gen_size=5, brute="brute/maxsum_brute.py")
    assert found.params == {SIZE: 5}
    assert found.described() == f"files from {gen} SEED 5, answers from brute/maxsum_brute.py"
    assert found.flags({SIZE: 2}) == (
        " --gen 'python3 brute/maxsum_gen.py' --gen-size 2 --brute brute/maxsum_brute.py"
    )
    assert found.shrinkable().MIN_PARAMS == {SIZE: 1}
    assert found.validate is not None  # the module, still there, validates


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"gen_size": 3}, "--gen-size: for a generator program given with --gen CMD"),
        ({"gen": "python3 brute/maxsum_gen.py", "given": ["n=3"]}, "--param n=3: for the stress"),
        ({}, "stress/maxsum.py: defines no reference (or give --brute CMD)"),
    ],
)
def test_options_that_do_not_fit_are_one_line(maxsum, options, message):
    with pytest.raises(BuildError) as caught:
        source(maxsum, **options)
    assert str(caught.value).startswith(message)


def test_a_missing_module_or_half_a_pair_is_named(pairsum):
    stress = pairsum.stress
    stress.write_text(stress.read_text().replace("def join_cases", "def joined"))
    with pytest.raises(BuildError, match="defines split_cases but no join_cases"):
        load_stress_module(pairsum, [])
    stress.unlink()
    assert load_stress_module(pairsum, []) is None
    with pytest.raises(BuildError, match=r"^pairsum: no stress/pairsum\.py \(a generator"):
        load_stress_module(pairsum, ["PARAMS", "generate", "reference"])
    stress.mkdir()  # a folder of that name: it said there was none
    with pytest.raises(BuildError, match=r"^pairsum: stress/pairsum\.py is not a file \(a gen"):
        load_stress_module(pairsum, ["PARAMS", "generate", "reference"])


def test_a_function_of_the_module_that_raises_is_one_line_naming_its_input(pairsum):
    module = load_stress_module(pairsum, [])
    with pytest.raises(BuildError) as caught:
        module.reference("2\nx y\n")
    message = str(caught.value)
    lines = pairsum.stress.read_text().splitlines()
    line = lines.index("def reference(text: str) -> str:") + 2  # its int() of each token
    assert message.startswith(
        "stress/pairsum.py: reference() raised ValueError: invalid literal for int() with "
        f"base 10: 'x' at stress/pairsum.py:{line} (on the input saved as "
    )
    saved = Path(message.removesuffix(")").rpartition(" ")[2])
    assert saved.read_text() == "2\nx y\n"
    saved.unlink()
    with pytest.raises(ValueError, match="expected a count"):  # validate's answer, kept
        module.validate("nothing")
    assert module.PARAMS["cases"] == 8  # other attributes pass through


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("def generate(rng, **params):\n    return 5\n", "generate() returned int, not str"),
        ("def reference(text):\n    return None\n", "reference() returned NoneType, not str"),
        ("def reference(text):\n    raise SystemExit(3)\n", "reference() exits (sys.exit(3))"),
        (  # a BaseException of its own: a traceback
            "class Stop(BaseException):\n    pass\n"
            "def generate(rng, **params):\n    raise Stop('x')\n",
            "generate() raised Stop: x",
        ),
        (  # ended the kit with 0, a stress run passed that nothing checked
            "import os\ndef reference(text):\n    os._exit(0)\n",
            "reference() exits (os._exit(0))",
        ),
        (  # was a UnicodeEncodeError traceback where the input or answer is written
            "def generate(rng, **params):\n    return '1 2\\udcff'\n",
            "generate() returned text that is not UTF-8: surrogates not allowed ('\\udcff' at "
            "character 3)",
        ),
        (
            "def reference(text):\n    return '3\\udcff'\n",
            "reference() returned text that is not UTF-8: surrogates not allowed",
        ),
    ],
)
def test_a_function_that_returns_the_wrong_kind_or_exits_is_one_line(
    pairsum, body, message, monkeypatch
):
    monkeypatch.setattr(os, "_exit", kit_ended)
    append_to_stress(pairsum, body)
    module = load_stress_module(pairsum, [])
    call = module.generate if "generate" in body else module.reference
    with pytest.raises(BuildError, match=f"^stress/pairsum.py: {re.escape(message)}"):
        call(random.Random(1)) if "generate" in body else call("1\n1 2\n")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("def cuts(case):\n    pass\n", "cuts() returned NoneType, not an iterable of strings"),
        ("def cuts(case):\n    return case\n", "cuts() returned str, not an iterable of strings"),
        ("def cuts(case):\n    yield case[1:]\n    yield 7\n", "cuts() yielded int, not str"),
        (
            "def cuts(case):\n    yield case[1:]\n    {}['x']\n",
            "cuts() raised KeyError: 'x' at stress/pairsum.py:",
        ),
        ("def cuts(case):\n    raise SystemExit(2)\n", "cuts() exits (sys.exit(2))"),
        (
            "class Stop(BaseException):\n    pass\ndef cuts(case):\n    raise Stop\n",
            "cuts() raised Stop at stress/pairsum.py:",
        ),
        ("import os\ndef cuts(case):\n    os._exit(2)\n", "cuts() exits (os._exit(2))"),
        ("cuts = 5\n", "cuts() raised TypeError: 'int' object is not callable"),
    ],
)
def test_cuts_is_checked_as_it_is_iterated_and_blamed_by_name(pairsum, body, message, monkeypatch):
    """What goes wrong with ``cuts()`` names it (not join_cases(), nor a bare TypeError)."""
    monkeypatch.setattr(os, "_exit", kit_ended)
    append_to_stress(pairsum, body)
    cuts = load_stress_module(pairsum, []).cuts
    with pytest.raises(BuildError) as caught:
        list(cuts("1 2"))
    said = re.escape(f"stress/pairsum.py: {message}") + r"[0-9]* \(on '1 2'\)"
    assert re.fullmatch(said, str(caught.value)), caught.value
    assert load_stress_module(pairsum, []).longest_call() is None  # no call left counted


def test_a_param_given_to_a_module_without_parameters_says_it_has_none(pairsum):
    append_to_stress(pairsum, "PARAMS = {}\n")
    with pytest.raises(BuildError) as caught:
        source(pairsum, given=["n=3"])
    assert str(caught.value) == "--param n: stress/pairsum.py's PARAMS has no parameters"


@pytest.mark.parametrize("call", ["sys.exit(4)", "os._exit(4)"])
def test_a_module_that_exits_when_imported_is_one_line(pairsum, call, monkeypatch):
    monkeypatch.setattr(os, "_exit", kit_ended)
    pairsum.stress.write_text(f"import os, sys\n{call}\n")
    with pytest.raises(BuildError) as error:
        load_stress_module(pairsum, [])
    assert str(error.value) == f"stress/pairsum.py: exits when imported ({call})"


def test_shown_params():
    assert (shown_params({"n": 3, "k": 1}), shown_params({})) == ("n=3 k=1", "(none)")


STUB = '''
def validate(text):
    """Raise ValueError when text breaks the constraints."""
    raise NotImplementedError("write validate()")
'''


def test_an_optional_function_still_the_template_s_stub_counts_as_absent(pairsum):
    stress = pairsum.stress
    text = stress.read_text()
    stress.write_text(text + STUB + STUB.replace("validate", "split_cases"))
    with pytest.raises(BuildError, match="no split_cases written .it is still the template's"):
        load_stress_module(pairsum, [])
    stress.write_text(text + STUB)
    module = load_stress_module(pairsum, [])
    assert module.unwritten == {"validate"}
    assert not hasattr(module, "validate")
    assert module.join_cases(["1 2"]) == "1\n1 2\n"  # a written one stays
    described = source(pairsum).described()
    assert described.endswith(
        "(not validated: stress/pairsum.py's validate() is still the template's stub)"
    )
    assert "validate" not in vars(source(pairsum).shrinkable())


def test_a_package_s_validators_all_left_out_are_said_not_to_validate_the_shrink(pairsum):
    """A package whose every input validator is left out (one the kit does not run): the
    shrink's inputs are said not to be validated, and why."""
    viva = "input_validators/format.viva (VIVA) is not run here"
    found = Source(pairsum, None, {"n": 3}, validators_left_out=(viva,))
    assert found.described() == (f"parameters n=3, the shrink's inputs not validated ({viva})")


def test_a_needed_function_still_the_template_s_stub_names_the_option_instead(pairsum):
    """A new problem's ``stress SLUG --brute CMD`` ran the stub: "generate() raised
    NotImplementedError", with no word of ``--gen CMD``."""
    append_to_stress(pairsum, STUB.replace("validate", "generate"))
    with pytest.raises(BuildError) as caught:
        load_stress_module(pairsum, ["PARAMS", "generate"])
    assert str(caught.value) == (
        "stress/pairsum.py: generate() is still the template's stub (write it, or give --gen CMD)"
    )


def test_a_default_below_its_minimum_passes_when_param_gives_another(pairsum):
    """The default is never used then: refusing it stopped a run that names its own value."""
    append_to_stress(pairsum, 'PARAMS = {"cases": 0, "bound": 9}\n')
    assert source(pairsum, given=["cases=3"]).params["cases"] == 3


@pytest.mark.parametrize("line", ["from kit.ops import add", "from kit import ops"])
def test_a_workspace_package_named_as_the_kit_s_own_says_it_is_hidden(pairsum, line):
    """A workspace package ``kit/`` bundles (the solution runs alone), but a stress module runs
    in cpkit's process, where ``kit`` is cpkit's own package: the error says so."""
    (pairsum.root / "kit").mkdir()
    (pairsum.root / "kit" / "__init__.py").write_text("")
    (pairsum.root / "kit" / "ops.py").write_text("def add(a, b):\n    return a + b\n")
    pairsum.stress.write_text(line + "\n")
    with pytest.raises(BuildError) as error:
        load_stress_module(pairsum, [])
    assert str(error.value).endswith(
        "(the workspace's 'kit' is hidden by cpkit's own 'kit', imported already in the process "
        "this module runs in: rename the workspace's)"
    )
    (pairsum.root / "kit").rename(pairsum.root / "mykit")
    pairsum.stress.write_text("import kit.nothing\n")  # no workspace 'kit': the error alone
    with pytest.raises(BuildError) as error:
        load_stress_module(pairsum, [])
    assert str(error.value).endswith("No module named 'kit.nothing' at stress/pairsum.py:1")


def test_a_thread_the_machine_refuses_is_not_blamed_on_the_module(pairsum, monkeypatch):
    """Under a user's ``ulimit -u`` the guest thread may not start: the machine's refusal goes
    up to the command line's one line, not ``validate() raised RuntimeError``."""
    from kit import guest

    def refused(self):
        raise RuntimeError("can't start new thread")

    append_to_stress(pairsum, "def cuts(case):\n    yield case[:1]\n")
    module = load_stress_module(pairsum, [])
    monkeypatch.setattr(guest.threading.Thread, "start", refused)
    for call in (lambda: module.reference("1\n1 2\n"), lambda: list(module.cuts("1 2"))):
        with pytest.raises(Refused, match="can't start new thread"):
            call()

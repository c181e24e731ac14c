"""kit.stress.inputs: an input a message is about, shown when short and on one line, else kept
in a file of its own whose path the message gives."""

import os

from kit.registry import load_registry
from kit.stress.inputs import SHOWN_INPUT, on_input


def test_a_short_line_is_shown_and_a_long_or_many_line_input_saved(checkout_copy):
    pairsum = load_registry(checkout_copy("pairsum"))["pairsum"]
    assert on_input(pairsum, "brute", "1 2\n") == "on '1 2\\n'"
    for text in ("9" * (SHOWN_INPUT + 1), "1 2\n3 4\n"):
        shown = on_input(pairsum, "brute", text)
        assert shown.startswith("on the input saved as ")
        saved = shown.removeprefix("on the input saved as ")
        with open(saved) as file:
            assert file.read() == text
        os.unlink(saved)

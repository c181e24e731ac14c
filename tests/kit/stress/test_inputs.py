"""kit.stress.inputs: an input a message is about, shown when short and on one line, else kept
in a file of its own whose path the message gives."""

import os

from kit.registry import load_registry
from kit.stress import inputs
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


def test_files_kept_after_a_mark_are_taken_back(checkout_copy):
    """A message not shown (the reference's failures past the first, while shrinking) leaves
    no file behind: 30 were left in the temp folder."""
    pairsum = load_registry(checkout_copy("pairsum"))["pairsum"]
    first = inputs.keep_file(pairsum, "kept", "shown\n")
    mark = inputs.kept_count()
    later = [inputs.keep_file(pairsum, "gone", f"{n}\n") for n in range(3)]
    inputs.discard_since(mark)
    assert first.is_file() and not any(path.exists() for path in later)
    assert inputs.kept_count() == mark
    first.unlink()

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


def test_a_command_stopped_keeps_only_the_input_its_message_names(
    checkout_copy, tmp_path, monkeypatch
):
    """Ctrl-C, SIGTERM or an error past the --seconds budget left the input of a brute force
    killed on the way (its message never shown) in /tmp; and one kept after the command ended,
    by a call left running, went there too."""
    system, own = tmp_path / "system", tmp_path / "own"
    system.mkdir()
    own.mkdir()
    monkeypatch.setattr(inputs.scratch, "system_folder", lambda: str(system))
    monkeypatch.setattr(inputs.tempfile, "tempdir", str(own))
    pairsum = load_registry(checkout_copy("pairsum"))["pairsum"]
    mark = inputs.begin()
    named, unnamed = (inputs.keep_file(pairsum, "brute", f"{n}\n") for n in range(2))
    shown = inputs.keep_file(pairsum, "failing", "2\n", shown=True)  # printed at once
    inputs.end(mark, keep=f"error: ... on the input saved as {named}")
    assert sorted(system.iterdir()) == sorted([named, shown]) and not unnamed.exists()
    late = inputs.keep_file(pairsum, "brute", "3\n")
    assert late.parent == own
    inputs.begin()
    assert inputs.keep_file(pairsum, "brute", "4\n").parent == system


def test_within_made_by_the_phrase_names_the_file_too(checkout_copy):
    """The reference's error named its input, then in a bracket of its own the file it was:
    '(on the input saved as X) (the file of seed 8, ...)'."""
    pairsum = load_registry(checkout_copy("pairsum"))["pairsum"]
    with inputs.made_by("the file of seed 8, parameters n=2"):
        assert on_input(pairsum, "brute", "1 2") == "on '1 2', the file of seed 8, parameters n=2"
        shown = on_input(pairsum, "brute", "1 2\n3 4\n")
    saved, made = shown.removeprefix("on the input saved as ").split(", ", 1)
    assert made == "the file of seed 8, parameters n=2"
    os.unlink(saved)
    assert on_input(pairsum, "brute", "1 2") == "on '1 2'"  # only within

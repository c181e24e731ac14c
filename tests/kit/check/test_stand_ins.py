"""kit.check.stand_ins: the builtins a bundle sets itself (``builtins.anext = f``), and whether
each is set when a line runs, by the order the bundle's modules run in at load time."""

import ast
import textwrap
from pathlib import Path

from kit.bundle.sources import Source
from kit.check.settled_tests import BASE, NEVER
from kit.check.stand_ins import stand_ins


def module(name, text):
    text = textwrap.dedent(text)
    rel = "solutions/s.py" if name == "__main__" else name.replace(".", "/") + ".py"
    return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)


COMPAT = module("shared.compat", "import builtins\nbuiltins.anext = len\n")


def test_a_helper_s_stand_in_is_set_once_the_helper_has_run():
    """Read after the import of the helper that sets it (directly, or through a helper that
    imports it): set; read before it, or in a ``def`` that ran before it: not."""
    user = module("shared.user", "import shared.compat\nf = anext\n")
    main = module(
        "__main__",
        """\
        def early():
            return anext
        g = anext
        import shared.user
        h = anext
        """,
    )
    found = stand_ins([main, COMPAT, user])
    assert found.until("shared/user.py", 2, "anext") == NEVER
    assert [found.until("solutions/s.py", line, "anext") for line in (2, 3, 5)] == [
        BASE,
        BASE,
        NEVER,
    ]
    assert found.until("solutions/s.py", 5, "aiter") == BASE  # another name


def test_a_helper_imported_in_a_function_only_sets_nothing_before_it_runs():
    """A helper no load-time import reaches runs after every other: its stand-in counts for
    no read elsewhere, and for its own lines after it."""
    main = module("__main__", "def late():\n    import shared.compat\nf = anext\n")
    own = module("shared.compat", "import builtins\nf = anext\nbuiltins.anext = len\ng = anext\n")
    found = stand_ins([main, own])
    assert found.until("solutions/s.py", 3, "anext") == BASE
    assert found.until("shared/compat.py", 2, "anext") == BASE
    assert found.until("shared/compat.py", 4, "anext") == NEVER


def test_a_stand_in_under_a_version_test_counts_below_the_version_it_runs_to():
    """``if sys.version_info < (3, 9):`` sets it below 3.9 only; in a ``try`` or under a test
    of anything else, nowhere the build can tell; nested in one compound statement, by line."""
    text = """\
        import builtins, sys
        if sys.version_info < (3, 9):
            builtins.anext = len
        try:
            builtins.aiter = len
        except NameError:
            pass
        if not hasattr(builtins, "EncodingWarning"):
            f = EncodingWarning
            builtins.EncodingWarning = Warning
            g = EncodingWarning
        """
    found = stand_ins([module("__main__", text)])
    assert found.until("solutions/s.py", 11, "anext") == (3, 9)
    assert found.until("solutions/s.py", 11, "aiter") == BASE
    assert [found.until("solutions/s.py", line, "EncodingWarning") for line in (9, 11)] == [
        BASE,
        (3, 10),
    ]


def test_a_stand_in_in_the_solution_s_main_block_is_set_there_not_in_a_helper_s():
    """``if __name__ == "__main__":`` runs in the solution (``__main__`` from source and in
    the bundle alike), never in a helper, whose stand-in there sets nothing."""
    text = """\
        import builtins
        if __name__ == "__main__":
            builtins.anext = len
            f = anext
        """
    main, helper = module("__main__", text), module("shared.compat", text)
    assert stand_ins([main]).until("solutions/s.py", 4, "anext") == NEVER
    assert stand_ins([helper]).until("shared/compat.py", 4, "anext") == BASE


EAFP = """\
    import builtins
    f = anext
    try:
        anext
    except {caught}:
        builtins.anext = len
    g = anext
    """


def test_a_stand_in_set_where_reading_the_builtin_fails_counts_below_its_version():
    """``try: anext`` / ``except NameError: builtins.anext = f`` sets it where the read
    raises, below 3.10 (``anext``'s): after the ``try``, not before it; a tuple, ``Exception``,
    ``BaseException`` and a bare ``except`` catch it too."""
    for caught in ("NameError", "(ImportError, NameError)", "Exception", "BaseException", ""):
        text = EAFP.format(caught=caught).replace("except :", "except:")
        found = stand_ins([module("__main__", text)])
        assert [found.until("solutions/s.py", line, "anext") for line in (2, 7)] == [
            BASE,
            (3, 10),
        ], caught


def test_a_handler_that_does_not_set_the_builtin_read_in_its_try_sets_none():
    """A handler that sets nothing, another name or a local ``anext`` only, one catching what
    the read does not raise, one that raises (the program stops there, set or not), and a
    ``try`` doing more than reading the builtin (what else raises there runs the handler on
    any version) set no stand-in."""
    texts = [
        EAFP.format(caught="NameError").replace("builtins.anext = len", "pass"),
        EAFP.format(caught="NameError").replace("builtins.anext", "builtins.aiter"),
        EAFP.format(caught="NameError").replace("builtins.anext = len", "anext = len"),
        EAFP.format(caught="ImportError"),
        EAFP.format(caught="AttributeError"),
        EAFP.format(caught="NameError").replace("    anext\n", "    anext\n        run()\n", 1),
        EAFP.format(caught="NameError").replace("= len\n", "= len\n        raise\n"),
        EAFP.format(caught="NameError").replace("    builtins.", "    raise\n        builtins."),
    ]
    for text in texts:
        found = stand_ins([module("__main__", text)])
        assert found.until("solutions/s.py", text.count("\n"), "anext") == BASE, text


def test_a_helper_s_stand_in_set_where_the_builtin_is_missing_counts_after_its_import():
    """``builtins.anext`` read in the ``try`` (AttributeError where it is missing), set in a
    helper's handler, with ``import builtins`` there or ``setattr``: the solution's read
    after the helper's import has it below 3.10."""
    helpers = [
        "import builtins\ntry:\n    builtins.anext\nexcept AttributeError:\n"
        "    builtins.anext = len\n",
        "try:\n    anext\nexcept NameError:\n    import builtins\n"
        "    setattr(builtins, 'anext', len)\n",
    ]
    main = module("__main__", "f = anext\nimport shared.compat\ng = anext\n")
    for text in helpers:
        found = stand_ins([main, module("shared.compat", text)])
        assert [found.until("solutions/s.py", line, "anext") for line in (1, 3)] == [
            BASE,
            (3, 10),
        ]

"""The tests (a package, so that test modules of the same name in different folders stay
apart: ``tests.test_run`` and ``tests.kit.commands.test_run``)."""

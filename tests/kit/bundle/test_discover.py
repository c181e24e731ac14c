"""kit.bundle.discover on the toy checkout: helpers found where Python finds them, ordered, cycles
refused; the bundle answers as the source does."""

import pytest

from kit.errors import BuildError
from tests.bundle_support import (
    SAMPLE_IN,
    SAMPLE_OUT,
    bundle_of,
    checked,
    run_bundle,
    run_source,
    write,
)


def test_discovery_collects_helpers_packages_first_and_dependencies_before_users(toy):
    bundle = bundle_of(toy)
    assert [h.name for h in bundle.helpers] == ["shared", "shared.toy_text", "shared.toy_numbers"]
    assert [h.is_package for h in bundle.helpers] == [True, False, False]
    # stdlib modules are imported, not bundled
    assert "dataclasses" not in {h.name for h in bundle.helpers}


def test_helpers_imported_only_inside_functions_are_bundled_too(toy):
    write(toy, "shared/late.py", "def twice(x):\n    return 2 * x\n")
    write(
        toy,
        "solutions/toy_sum.py",
        """\
        def main():
            from shared.late import twice
            print(twice(21))


        main()
        """,
    )
    bundle = bundle_of(toy)
    assert "shared.late" in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"")[1] == b"42\n"


def test_relative_imports_inside_a_helper_package_work(toy):
    write(toy, "shared/pkg/__init__.py", "from .inner import VALUE\n")
    write(toy, "shared/pkg/inner.py", "from ..toy_text import BANNER\nVALUE = len(BANNER)\n")
    write(toy, "solutions/toy_sum.py", "import shared.pkg\nprint(shared.pkg.VALUE)\n")
    bundle = checked(toy)
    names = [h.name for h in bundle.helpers]
    assert names.index("shared.toy_text") < names.index("shared.pkg.inner")
    assert names.index("shared.pkg.inner") < names.index("shared.pkg")
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"")
    assert run_source(toy, b"")[1].strip().isdigit()


def test_import_cycle_between_helpers_is_a_clear_error(toy):
    write(toy, "shared/a.py", "from shared.b import B\nA = 1\n")
    write(toy, "shared/b.py", "from shared.a import A\nB = 2\n")
    write(toy, "solutions/toy_sum.py", "from shared.a import A\nprint(A)\n")
    with pytest.raises(BuildError, match=r"import cycle among helpers: shared\.a -> shared\.b"):
        bundle_of(toy)


def test_relative_import_in_a_solution_is_refused(toy):
    write(toy, "solutions/toy_sum.py", "from .other import x\nprint(x)\n")
    with pytest.raises(BuildError, match=r"solutions/toy_sum\.py:1: relative import"):
        bundle_of(toy)


def test_bundle_answers_exactly_like_the_source(toy):
    bundle = checked(toy)
    stdin = SAMPLE_IN.read_bytes()
    assert run_bundle(toy, bundle, stdin) == run_source(toy, stdin)
    assert run_bundle(toy, bundle, stdin)[1] == SAMPLE_OUT.read_bytes()

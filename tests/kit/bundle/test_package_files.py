"""kit.bundle.package_files on the toy checkout: reading a helper package's files through
``pkgutil`` or ``importlib.resources`` is refused in one line, as the bundle has no files to
give (from source the modules are listed; a bundle listed none); other reads build."""

import pytest

from kit.errors import BuildError
from tests.bundle_support import bundle_of, run_source, write

LISTING = "import shared.toy_numbers\nprint(sorted(m.name for m in {}(shared.__path__)))\n"

REFUSED = {
    "pkgutil.iter_modules": (
        "import pkgutil\n" + LISTING.format("pkgutil.iter_modules"),
        "pkgutil.iter_modules",
    ),
    "walk_packages imported under another name": (
        "from pkgutil import walk_packages as walk\n" + LISTING.format("walk"),
        "pkgutil.walk_packages",
    ),
    "importlib.resources": (
        "import importlib.resources\nimport shared\n"
        "print(importlib.resources.files(shared).name)\n",
        "importlib.resources",
    ),
}


@pytest.mark.parametrize("how", sorted(REFUSED))
def test_a_helper_package_s_files_read_through_the_import_system_are_refused(toy, how):
    text, reader = REFUSED[how]
    write(toy, "solutions/toy_sum.py", text)
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    assert str(raised.value) == (
        f"solutions/toy_sum.py:3: {reader} reads a helper package's files, which a "
        "bundle does not have (its helpers are embedded in it)"
    )
    assert run_source(toy, b"")[0] == 0  # from source, it runs


def test_the_rest_of_pkgutil_builds(toy):
    write(toy, "solutions/toy_sum.py", "import pkgutil\nimport shared.toy_numbers\n"
          "print(pkgutil.get_loader('shared.toy_numbers') is not None)\n")  # fmt: skip
    assert "get_loader" in bundle_of(toy).text

"""kit.bundle.package_files on the toy checkout: reading a helper's files through ``pkgutil``
or ``importlib.resources`` is refused in one line, as the bundle has no files to give (from
source the modules are listed; a bundle listed none), and so is what the build cannot read;
a standard module's files, read the same in a bundle, build and answer as from source."""

import pytest

from kit.errors import BuildError
from tests.bundle_support import bundle_of, run_bundle, run_source, write

LISTING = "import shared.toy_numbers\nprint(sorted(m.name for m in {}(shared.__path__)))\n"
END = "; a bundle has none of its helpers' files (they are embedded in it as text)"

REFUSED = {
    "pkgutil.iter_modules": (
        "import pkgutil\n" + LISTING.format("pkgutil.iter_modules"),
        "pkgutil.iter_modules(shared.__path__): shared.__path__ is the helper shared's",
    ),
    "walk_packages imported under another name": (
        "from pkgutil import walk_packages as walk\n" + LISTING.format("walk"),
        "pkgutil.walk_packages(shared.__path__): shared.__path__ is the helper shared's",
    ),
    "importlib.resources": (
        "import importlib.resources\nimport shared\n"
        "print(importlib.resources.files(shared).name)\n",
        "importlib.resources.files(shared): shared is the helper shared's",
    ),
    "a helper named by a string": (
        "import pkgutil\nimport shared.toy_numbers\n"
        "print(pkgutil.get_data('shared.toy_text', 'toy_text.py') is not None)\n",
        "pkgutil.get_data('shared.toy_text'): 'shared.toy_text' names the helper shared.toy_text",
    ),
    "a module's own name": (
        "import shared.toy_numbers\nimport shared.own\nprint(shared.own.FOLDER)\n",
        "importlib.resources.files(__package__): __package__ is the module's own: it reads "
        "its own files",
    ),
    "no path": (
        "import pkgutil\nimport shared.toy_numbers\n"
        "print('shared' in {m.name for m in pkgutil.iter_modules()})\n",
        "pkgutil.iter_modules() with no path reads every module on sys.path's files, the "
        "helpers' too",
    ),
    "a parameter": (
        "import pkgutil\nimport shared.toy_numbers\n"
        "def names(p):\n    return [m.name for m in pkgutil.iter_modules(p)]\n",
        "pkgutil.iter_modules(p): the build cannot tell whether p is a helper's",
    ),
    "a path joined onto a helper's files": (
        "import importlib.resources as r\nimport shared\n"
        "with r.as_file(r.files(shared) / 'toy_text.py') as f:\n    print(f.name)\n",
        "importlib.resources.as_file(r.files(shared) / 'toy_text.py'): importlib.resources."
        "files(shared): shared is the helper shared's",
    ),
    "literal strings joined naming a helper": (
        "import importlib.resources as r\nimport shared\n"
        "print(r.files('sha' + 'red').joinpath('toy_text.py').name)\n",
        "importlib.resources.files('sha' + 'red'): 'shared' names the helper shared",
    ),
    # what is joined onto a standard module's files: a helper's path replaces the folder
    "a helper's file joined onto a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_text\n"
        "print(len((r.files('json') / shared.toy_text.__file__).read_text()))\n",
        "a path joined onto importlib.resources.files('json'): shared.toy_text.__file__ is the "
        "helper shared.toy_text's",
    ),
    "a helper's file given to joinpath on a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_text\n"
        "print(len(r.files('json').joinpath(shared.toy_text.__file__).read_text()))\n",
        "a path joined onto importlib.resources.files('json'): shared.toy_text.__file__ is the "
        "helper shared.toy_text's",
    ),
    "the solution's file joined onto a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_numbers\n"
        "print(len((r.files('json') / __file__).read_text()))\n",
        "a path joined onto importlib.resources.files('json'): __file__ is the module's own: it "
        "reads its own files",
    ),
    "a name joined onto a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_numbers\n"
        "part = 'decoder.py'\nprint((r.files('json') / part).name)\n",
        "a path joined onto importlib.resources.files('json'): the build cannot tell whether "
        "part is a helper's",
    ),
    "a helper's files joined onto a standard module's files": (
        "import importlib.resources as r\nimport shared\n"
        "print(len(list((r.files('json') / r.files(shared)).iterdir())))\n",
        "a path joined onto importlib.resources.files('json'): importlib.resources.files(shared): "
        "shared is the helper shared's",
    ),
    # ... onto a name assigned a standard module's files once in the scope it is read from
    "a helper's file joined onto a name bound to a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_text\n"
        "x = r.files('json')\nprint(len((x / shared.toy_text.__file__).read_text()))\n",
        "a path joined onto x (line 3: importlib.resources.files('json')): "
        "shared.toy_text.__file__ is the helper shared.toy_text's",
    ),
    "a helper's file given to joinpath on a function's name for a standard module's files": (
        "from importlib.resources import files\nimport shared.toy_text\ndef size():\n"
        "    x: object = files('json') / 'decoder.py'\n"
        "    return len(x.joinpath(shared.toy_text.__file__).read_text())\nprint(size())\n",
        "a path joined onto x (line 4: importlib.resources.files('json')): "
        "shared.toy_text.__file__ is the helper shared.toy_text's",
    ),
    "the solution's file joined onto a module's name for a standard module's files": (
        "import importlib.resources as r\nimport shared.toy_numbers\nROOT = r.files('json')\n"
        "def size():\n    return len((ROOT / 'x' / __file__).read_text())\nprint(size())\n",
        "a path joined onto ROOT (line 3: importlib.resources.files('json')): __file__ is the "
        "module's own: it reads its own files",
    ),
    # ... given to a reader by a name assigned them: refused where they are assigned
    "a helper's files given to as_file by a name bound to them": (
        "import importlib.resources as r\nimport shared\ndef name():\n"
        "    with r.as_file(ROOT) as f:\n        return f.name\n"
        "ROOT = r.files(shared)\nprint(name())\n",
        "importlib.resources.files(shared): shared is the helper shared's",
    ),
    "the reader passed on": (
        "import pkgutil\nimport shared.toy_numbers\nlisting = pkgutil.iter_modules\n",
        "pkgutil.iter_modules is passed on, not called: the build cannot see what it reads",
    ),
}

LINE = {"a parameter": 4, "a name joined onto a standard module's files": 4}
LINE |= {
    "a helper's file joined onto a name bound to a standard module's files": 4,
    "a helper's file given to joinpath on a function's name for a standard module's files": 5,
    "the solution's file joined onto a module's name for a standard module's files": 5,
    "a helper's files given to as_file by a name bound to them": 6,
}


@pytest.mark.parametrize("how", sorted(REFUSED))
def test_a_helper_s_files_read_through_the_import_system_are_refused(toy, how):
    text, why = REFUSED[how]
    write(toy, "solutions/toy_sum.py", text)
    write(toy, "shared/own.py", "import importlib.resources as r\n"
          "FOLDER = r.files(__package__).name\n")  # fmt: skip
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    where = "shared/own.py:2" if "own" in how else f"solutions/toy_sum.py:{LINE.get(how, 3)}"
    assert str(raised.value) == f"{where}: {why}{END}"
    assert run_source(toy, b"")[0] == 0  # from source, it runs


BUILT = {
    "pkgutil.iter_modules": "import pkgutil, collections\n"
    "print(sorted(m.name for m in pkgutil.iter_modules(collections.__path__)))\n",
    "pkgutil.walk_packages": "from pkgutil import walk_packages\nimport email\n"
    "print(len([m for m in walk_packages(path=email.__path__, prefix='email.')]) > 0)\n",
    "importlib.resources.files": "import importlib.resources\n"
    "print(importlib.resources.files('json').name)\n",
    "importlib.resources.files, imported from": "from importlib.resources import files\n"
    "import json\nprint(files(json).name)\n",
    "a path joined onto a standard module's files": "import importlib.resources as r\n"
    "with r.as_file(r.files('json') / '__init__.py') as f:\n    print(f.name)\n",
    "a joinpath of a standard module's files, named by literals joined": "import importlib."
    "resources as r\nprint(r.as_file(r.files('js' + f'on').joinpath('decoder.py')) and 1)\n",
    "a literal path joined onto a standard module's files, named as a helper": "import "
    "importlib.resources as r\nprint((r.files('json') / 'shared').name, "
    "(r.files('json') / ('de' + 'coder.py')).joinpath(f'shared').name)\n",
    "pkgutil.get_data": "import pkgutil\nprint(len(pkgutil.get_data('email', 'charset.py')))\n",
    # a literal path joined onto a name bound to them; a name whose binding is not a reader's
    "a literal path joined onto a name bound to a standard module's files": "import "
    "importlib.resources as r\nx = r.files('json')\nprint((x / 'decoder.py').name)\n",
    "a name bound to a standard module's files given to as_file": "import "
    "importlib.resources as r\nx = r.files('json') / 'decoder.py'\n"
    "with r.as_file(x) as f:\n    print(f.name)\n",
    "a helper's file joined onto a function's own name, not the module's": "import pathlib\n"
    "import importlib.resources as r\nx = r.files('json')\ndef name():\n"
    "    x = pathlib.PurePath('/tmp')\n    return (x / shared.toy_numbers.__file__).name\n"
    "print(name())\n",
    "a helper's file joined onto a name a loop binds too": "import pathlib\n"
    "import importlib.resources as r\nx = r.files('json')\n"
    "for x in [pathlib.PurePath('/tmp')]:\n    print((x / shared.toy_numbers.__file__).name)\n",
    "a helper's file joined onto a name bound twice": "import pathlib\n"
    "import importlib.resources as r\nx = r.files('json')\nx = pathlib.PurePath('/tmp')\n"
    "print((x / shared.toy_numbers.__file__).name)\n",
    # importlib.resources' types read nothing: they were refused as "passed on, not called"
    "a resources type in an annotation": "import importlib.resources.abc\n"
    "def g(t: importlib.resources.abc.Traversable) -> None:\n    pass\nprint(g.__name__)\n",
    "a resources type given to isinstance": "import importlib.resources.abc\n"
    "print(isinstance(1, importlib.resources.abc.Traversable))\n",
}


@pytest.mark.parametrize("how", sorted(BUILT))
def test_a_standard_module_s_files_build_and_read_as_from_source(toy, how):
    write(toy, "solutions/toy_sum.py", "import shared.toy_numbers\n" + BUILT[how])
    bundle = bundle_of(toy)
    code, out, _ = run_source(toy, b"")
    assert code == 0 and out.strip()
    assert run_bundle(toy, bundle, b"")[:2] == (code, out)


def test_the_rest_of_pkgutil_builds(toy):
    write(toy, "solutions/toy_sum.py", "import pkgutil\nimport shared.toy_numbers\n"
          "print(pkgutil.get_loader('shared.toy_numbers') is not None)\n")  # fmt: skip
    assert "get_loader" in bundle_of(toy).text

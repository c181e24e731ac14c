"""What makes tree shaking (kit.bundle.dynamic_names) keep a module, the bundle or its classes
whole: a helper reading its own names, a solution or helper reaching code nothing names, a
class whose creation runs code. Each case is built and run as the judge would; the rules
themselves are tested on parsed text."""

import ast
from pathlib import Path

import pytest

from kit.bundle.dynamic_names import (
    binds_dynamically,
    has_class_hooks,
    is_bundle_dynamic,
    is_dynamic,
)
from kit.bundle.sources import Source
from tests.bundle_support import DYN_HELPER, bundle_run

HELPER_DYNAMIC = {
    "globals() in the helper": "def call(name):\n    return globals()[name]()\n",
    "a frame's f_globals in the helper": "import sys\n\n\ndef call(name):\n"
    "    return sys._getframe(0).f_globals[name]()\n",
    "a module __getattr__": "def __getattr__(name):\n    raise AttributeError(name)\n\n\n"
    "def call(name):\n    return globals()[name]()\n",
}


@pytest.mark.parametrize("how", sorted(HELPER_DYNAMIC))
def test_a_helper_reaching_its_own_names_dynamically_stays_whole(toy, how):
    helper = DYN_HELPER + "\n\n" + HELPER_DYNAMIC[how]
    _text, done = bundle_run(toy, "from shared.dyn import call\nprint(call('f' + 'n'))", helper)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "reached dynamically\n"


def test_dir_without_an_argument_reads_the_module_s_names(toy):
    """``[n for n in dir() if n.startswith("op_")]`` in a helper, and ``dir()`` in the solution
    after ``from shared.dyn import *``: the functions nothing named were cut, the lists empty."""
    helper = "def op_add():\n    return 1\n\n\ndef op_mul():\n    return 2\n\n\n"
    helper += "OPS = sorted(n for n in dir() if n.startswith('op_'))\n"
    _text, done = bundle_run(toy, "from shared.dyn import OPS\nprint(OPS)", helper)
    assert done.stdout == "['op_add', 'op_mul']\n", done.stderr
    solution = "from shared.dyn import *\nprint([n for n in dir() if n.startswith('op_')])"
    _text, done = bundle_run(toy, solution, helper.replace("OPS = ", "_OPS = "))
    assert done.stdout == "['op_add', 'op_mul']\n", done.stderr


REGISTERING = {
    "__init_subclass__ defined": "REG = []\n\n\nclass Base:\n"
    "    def __init_subclass__(cls):\n        REG.append(cls.__name__)\n",
    "__init_subclass__ assigned": "REG = []\n\n\ndef _hook(cls):\n"
    "    REG.append(cls.__name__)\n\n\nclass Base:\n    __init_subclass__ = classmethod(_hook)\n",
    "metaclass=": "REG = []\n\n\nclass Meta(type):\n    def __init__(cls, *args):\n"
    "        REG.append(cls.__name__)\n\n\nclass Root(metaclass=Meta):\n    pass\n\n\n"
    "class Base(Root):\n    pass\n",
    "a metaclass called": "REG = []\n\n\nclass Meta(type):\n    def __init__(cls, *args):\n"
    "        REG.append(cls.__name__)\n\n\nBase = Meta('Base', (), {})\n",
    "__init_subclass__ set as an attribute": "REG = []\n\n\nclass Base:\n    pass\n\n\n"
    "def _hook(cls):\n    REG.append(cls.__name__)\n\n\n"
    "Base.__init_subclass__ = classmethod(_hook)\n",
    "__init_subclass__ set by setattr": "REG = []\n\n\nclass Base:\n    pass\n\n\n"
    "def _hook(cls):\n    REG.append(cls.__name__)\n\n\n"
    "setattr(Base, '__init_' + 'subclass__', classmethod(_hook))\n",
    "__init_subclass__ set by setattr under another name": "REG = []\n\n\nclass Base:\n"
    "    pass\n\n\ndef _hook(cls):\n    REG.append(cls.__name__)\n\n\nput = setattr\n"
    "put(Base, '__init_subclass__', classmethod(_hook))\n",
}


@pytest.mark.parametrize("how", sorted(REGISTERING))
def test_classes_whose_creation_runs_code_are_kept(toy, how):
    """Subclasses nothing names register themselves when they are created: cut, the registry
    was empty (``__init_subclass__ = classmethod(hook)``, a metaclass called for a base)."""
    helper = REGISTERING[how] + "\n\nclass Plugin1(Base):\n    pass\n\n\nclass Plugin2(Base):\n"
    helper += "    pass\n"
    _text, done = bundle_run(toy, "from shared.dyn import REG\nprint(REG[-2:])", helper)
    assert done.stdout == "['Plugin1', 'Plugin2']\n", done.stderr


def source_of(text):
    return Source(
        "shared.dyn", Path("shared/dyn.py"), "shared/dyn.py", False, text, ast.parse(text)
    )


MODULE_READS = {
    "globals()": ("def f():\n    return globals()\n", True),
    "vars()": ("x = vars()\n", True),
    "__all__": ("__all__ = ['f']\n", True),
    "a __getattr__ of its own": ("def __getattr__(name):\n    return name\n", True),
    "dir() at its top level": ("names = dir()\n", True),
    "dir of a value": ("names = dir(3)\n", False),
    "a bound module's __dict__": ("import shared.other as o\nd = o.__dict__\n", True),
    "a value's __dict__": ("d = value.__dict__\n", False),
    "plain names": ("def f():\n    return g()\n", False),
}


@pytest.mark.parametrize("how", sorted(MODULE_READS))
def test_a_module_reading_its_own_names_or_a_module_s_dict_is_dynamic(how):
    text, dynamic = MODULE_READS[how]
    tree = ast.parse(text)
    assert is_dynamic(tree.body, {"o": {"shared.other"}}) is dynamic


BUNDLE_READS = {
    "eval": ("eval('1')\n", True),
    "exec under another name": ("from builtins import exec as run\nrun('x')\n", True),
    "sys.modules under another name": ("import sys as system\nsystem.modules\n", True),
    "modules taken from sys": ("from sys import modules\nmodules\n", True),
    "importlib": ("import importlib.util\n", True),
    "pickle loaded from": ("from pickle import loads\n", True),
    "a function's globals": ("f.__globals__\n", True),
    "inspect.getmodule": ("import inspect\ninspect.getmodule(f)\n", True),
    "an attribute named modules": ("import os\nos.modules\n", False),
    "plain code": ("import sys\nprint(sys.argv)\n", False),
}


@pytest.mark.parametrize("how", sorted(BUNDLE_READS))
def test_code_nothing_names_reached_under_any_name_makes_the_bundle_dynamic(how):
    text, dynamic = BUNDLE_READS[how]
    assert is_bundle_dynamic(source_of(text)) is dynamic


HOOKED = {
    "__init_subclass__ defined": (
        "class A:\n    def __init_subclass__(cls):\n        pass\n",
        True,
    ),
    "__set_name__ assigned": ("class A:\n    __set_name__ = hook\n", True),
    "metaclass=": ("class A(metaclass=M):\n    pass\n", True),
    "a metaclass defined": ("import builtins\nclass M(builtins.type):\n    pass\n", True),
    "__subclasses__ read": ("A.__subclasses__()\n", True),
    "__set_name__ set as an attribute": ("Field.__set_name__ = named\n", True),
    "__set_name__ set by setattr": ("setattr(Field, '__set_name__', named)\n", True),
    "setattr of a name not written out": ("setattr(Field, name, named)\n", True),
    "type.__setattr__ of a hook": ("type.__setattr__(F, '__set_name__', named)\n", True),
    "setattr of another name": ("setattr(Field, 'size', 3)\nField.size = 4\n", False),
    "setattr bound to another name": ("put = setattr\nput(F, '__set_name__', named)\n", True),
    "setattr imported under another name": (
        "from builtins import setattr as put\nput(F, '__set_name__', named)\n",
        True,
    ),
    "setattr passed on": ("import functools\nfunctools.partial(setattr, F)(N, named)\n", True),
    "a plain class": ("class A(B):\n    x = 1\n", False),
}


@pytest.mark.parametrize("how", sorted(HOOKED))
def test_a_class_hook_a_metaclass_or_a_subclass_reader_keeps_classes(how):
    text, hooked = HOOKED[how]
    assert has_class_hooks(source_of(text)) is hooked


MODULE_WRITES = {
    "globals()[...]": ("globals()['f'] = len\n", True),
    "globals().update": ("globals().update(f=len)\n", True),
    "a module __getattr__": ("def __getattr__(name):\n    return name\n", True),
    "a class's __getattr__": (
        "class K:\n    def __getattr__(self, name):\n        return 1\n",
        False,
    ),
    "exec": ("exec('f = 1')\n", True),
    "sys.modules": ("import sys\nsys.modules[__name__].f = 1\n", True),
    "__all__ alone": ("__all__ = ['f']\n", False),
    "dir()": ("names = dir()\n", False),
    "plain names": ("def f():\n    return g()\n", False),
}


@pytest.mark.parametrize("how", sorted(MODULE_WRITES))
def test_a_module_writing_its_namespace_or_answering_for_names_binds_dynamically(how):
    text, dynamic = MODULE_WRITES[how]
    assert binds_dynamically(source_of(text)) is dynamic

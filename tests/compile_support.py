"""Test support (not a test module): the toy checkout's toy_sum judged by AtCoder, whose
compile run (``python Main.py ONLINE_JUDGE``) writes a module its cases import; for the tests
of ``kit.run.compile_step`` and of the commands that make that run."""

# the compile run writes made_here.py; the cases import it and print twice their number
WRITES_MODULE = (
    "import sys\n"
    "if sys.argv[-1] == 'ONLINE_JUDGE':\n"
    "    open('made_here.py', 'w').write('def twice(n):\\n    return 2 * n\\n')\n"
    "    sys.exit(3)  # the judge does not look at it\n"
    "from made_here import twice\n"
    "print(twice(int(input())))\n"
)


def judged_by_atcoder(toy, solution: str = WRITES_MODULE) -> None:
    """``toy``'s toy_sum judged by AtCoder under CPython 3.13 only, its solution ``solution``."""
    table = toy / "problems.toml"
    text = table.read_text().replace('judge = "nowhere"', 'judge = "AtCoder"', 1)
    table.write_text(text.replace('id = "1"', 'id = "1"\ntargets = ["cpython3.13"]', 1))
    (toy / "solutions" / "toy_sum.py").write_text(solution)

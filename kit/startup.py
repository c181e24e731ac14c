"""``python build.py startup [--runs N]``: what bundling costs at start-up.

The toy problem the kit carries (``kit/data/toy``: a solution and two helpers; the build's
own tests copy and break the same checkout) is
run as whole processes, the same input each time, in four forms:

- ``empty``: an empty script (the interpreter's own start-up);
- ``inlined``: the helpers pasted into the solution by hand (``inlined/toy_sum.py``);
- ``bundle``: this kit's bundle of it;
- ``stickytape``: stickytape's stock output, which writes the modules to a temp dir first.

The forms take turns, ``--runs`` times each, under every interpreter found, each started as a
judge starts it (``kit.run.judged``: without the host's ``.pth`` files, whose editable
installs cost some hosts 70 ms a start and others nothing), and the minimum
and median wall and CPU (user + system) times are printed with ``bundle - inlined``, the
overhead of the bundle.
Whole-process times on a shared machine are noisy (docs/build.md, "Start-up overhead of a
bundle"), so the same difference is also measured inside one process: the time to compile and
run each script (the part that differs; the interpreter's start-up is the same for both),
``--runs`` times in turn, with the bundled helpers (``shared.*``) dropped from ``sys.modules``
after each run; stdlib modules stay imported, as they cost the same in both forms. A
benchmark, not a test.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import tempfile
from pathlib import Path

from kit.bundle_making import make_bundle
from kit.errors import REINSTALL, BuildError
from kit.judges.targets import found, host
from kit.registry import load_registry
from kit.run import judged
from kit.run.process import run_process

FORMS = ("empty", "inlined", "bundle", "stickytape")
TOY = Path(__file__).resolve().parent / "data" / "toy"

# Run inside the interpreter measured: argv = runs, stdin file, then one script per form.
_IN_PROCESS = """
import io, json, sys, time
runs, stdin = int(sys.argv[1]), open(sys.argv[2], "rb").read()
texts = [open(path, encoding="utf-8").read() for path in sys.argv[3:]]
times = [[] for _ in texts]
real, finders = (sys.stdin, sys.stdout), list(sys.meta_path)
for _ in range(runs):
    for index, text in enumerate(texts):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
        sys.stdout = io.StringIO()
        start = time.perf_counter()
        exec(compile(text, "<form>", "exec", 0, True), {"__name__": "__main__"})
        times[index].append(time.perf_counter() - start)
        for name in [name for name in sys.modules if name.partition(".")[0] == "shared"]:
            del sys.modules[name]
        sys.meta_path[:] = finders  # a bundle's finder of its helpers
sys.stdin, sys.stdout = real[0], real[1]
print(json.dumps(times))
"""


def _stickytape(solution: Path, toy: Path) -> str:
    """stickytape's stock output for the toy solution; a one-line error without stickytape
    (imported here: the kit's other commands do without it)."""
    try:
        import stickytape  # noqa: PLC0415
    except ImportError:
        raise BuildError(f"stickytape is not installed: {REINSTALL}") from None
    return stickytape.script(str(solution), add_python_paths=[str(toy)])


def run(runs: int, root: Path) -> int:
    """Print the start-up figures of the toy problem's forms; the exit status."""
    toy = TOY
    stdin = (toy / "samples" / "toy_sum" / "sample-1.in").read_bytes()
    expected = (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()
    with tempfile.TemporaryDirectory(prefix="kit-startup-") as folder:
        paths = _write_forms(Path(folder), toy)
        empty_dir = Path(folder, "cwd")
        empty_dir.mkdir()
        print(f"start-up of the toy solution, {runs} runs of each form, in ms")
        flawed: set[str] = set()
        interpreters = {(i.impl, i.version): i for i in (host(), *found())}
        for python in interpreters.values():
            times = _timed(python, paths, max(1, runs), (stdin, expected), empty_dir, flawed)
            if times is None:
                return 1
            for what, forms in zip(("wall", "cpu"), times):
                cells = ", ".join(f"{form} {_min_median(forms[form])}" for form in FORMS)
                print(f"{python.short:<7} {what} min / median: {cells}")
                print(f"{'':<6} {what} bundle - inlined: {_overhead(forms)}")
            inlined, bundled = _in_process(python, runs, toy, paths)
            print(
                f"{'':<6} in one process, compile + run, min / median: inlined "
                f"{_min_median(inlined, 2)}, bundle {_min_median(bundled, 2)}; bundle - inlined "
                f"{statistics.median(bundled) - statistics.median(inlined):+.2f} (median)"
            )
    if flawed:
        print(
            "(stickytape's stock output answered differently: it indents the solution, which "
            "changes its multi-line string literals)"
        )
    return 0


def _write_forms(folder: Path, toy: Path) -> dict[str, Path]:
    """Each form of the toy solution written as a script in ``folder``: its path by form."""
    solution = toy / "solutions" / "toy_sum.py"
    scripts = {
        "empty": "",
        "inlined": (toy / "inlined" / "toy_sum.py").read_text(encoding="utf-8"),
        "bundle": make_bundle(load_registry(toy)["toy_sum"]).text,
        "stickytape": _stickytape(solution, toy),
    }
    paths = {}
    for form, text in scripts.items():
        paths[form] = folder / f"{form}.py"
        paths[form].write_text(text, encoding="utf-8")
    return paths


def _timed(  # noqa: PLR0913
    python, paths: dict[str, Path], runs: int, sample: tuple[bytes, bytes], cwd: Path, flawed
) -> tuple[dict[str, list[float]], dict[str, list[float]]] | None:
    """Wall and CPU ms of ``runs`` runs of each form under ``python``, as a judge runs them;
    None, said, when the inlined or bundled form answers wrongly (a stickytape script that
    does goes into ``flawed``)."""
    stdin, expected = sample
    wall: dict[str, list[float]] = {form: [] for form in FORMS}
    cpu: dict[str, list[float]] = {form: [] for form in FORMS}
    for _ in range(runs):
        for form in FORMS:
            command = judged.wrapped(python, paths[form])  # as a judge: no .pth
            run = run_process(command, stdin, cwd=cwd, timeout=30)
            wrong = run.returncode != 0 or run.stdout != expected
            if form in ("inlined", "bundle") and wrong:
                print(f"{python.short}: the {form} form gave a wrong answer")
                return None
            if form == "stickytape" and wrong:
                # expected: stickytape indents the script, and so its multi-line string
                # literals; only the time matters here
                flawed.add(python.short)
            wall[form].append(run.seconds * 1000)
            cpu[form].append(run.cpu_seconds * 1000)
    return wall, cpu


def _in_process(python, runs: int, toy: Path, paths: dict[str, Path]) -> list[list[float]]:
    stdin = toy / "samples" / "toy_sum" / "sample-1.in"
    command = [python.executable, *python.flags, "-c", _IN_PROCESS, str(max(1, runs))]
    command += [str(stdin), str(paths["inlined"]), str(paths["bundle"])]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=300)
    return [[seconds * 1000 for seconds in form] for form in json.loads(done.stdout)]


def _min_median(times: list[float], digits: int = 1) -> str:
    return f"{min(times):.{digits}f} / {statistics.median(times):.{digits}f}"


def _overhead(times: dict[str, list[float]]) -> str:
    low = min(times["bundle"]) - min(times["inlined"])
    middle = statistics.median(times["bundle"]) - statistics.median(times["inlined"])
    return f"{low:+.1f} (min), {middle:+.1f} (median)"

"""What the interactive runner's relay costs a game: a ping-pong of short lines, through the kit
and connected directly.

``python -m benchmarks.relay [--exchanges 20000] [--rounds 3]`` plays a game of EXCHANGES
round trips (the interactor writes a number, the solution answers it plus one, both flushing
every line, both under this Python) in interleaved rounds:

- **kit**: through ``kit.run.interact.run_interactive``, the solution under the build's watch,
  every byte relayed by the kit's two threads;
- **direct**: the two programs' pipes connected to each other, nothing in between.

Last, what the relay cost a chunk in these rounds against the allowance a game timed as a whole
gets for each chunk on this machine (``kit.run.relay_cost.per_chunk()``): a game killed at its
timeout while the allowance is short of the cost is killed here and not on a judge.

- **joined**: the pipes joined as in **direct**, the solution under the build's watch
  (``kit.run.joined_game``, the second opinion a game TLE through the relay gets).

It prints, per exchange, the median and range of each side's wall time, for the kit the CPU
time its own process spent relaying (user and system): the figure that does not depend on how
busy the machine is, and the solution's own CPU time in each mode: what the relay's hops add to
it (each chunk wakes the solution from its sleep, colder than a joined pipe does), which a
game's CPU limit is held to. Wall times of a ping-pong vary several-fold on a shared machine
(where the scheduler puts the processes decides it); the kit's CPU per exchange does not.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kit.run import relay_cost
from kit.run.interact import run_interactive
from kit.run.joined_game import play_joined
from kit.run.limits import Limits
from kit.run.verdicts import OK

INTERACTOR = """import sys
count = int(open(sys.argv[1]).read())
print(count, flush=True)
for number in range(count):
    print(number, flush=True)
    if int(sys.stdin.readline()) != number + 1:
        sys.exit(1)
"""
SOLUTION = """import sys
for _ in range(int(sys.stdin.readline())):
    print(int(sys.stdin.readline()) + 1, flush=True)
"""

# a game's limits here: none it could reach
LIMITS = Limits(time=600.0, timeout=600.0, memory_kib=1 << 20, output_bytes=1 << 30)


def write_programs(folder: Path, exchanges: int) -> None:
    Path(folder, "interactor.py").write_text(INTERACTOR)
    Path(folder, "solution.py").write_text(SOLUTION)
    Path(folder, "game.in").write_text(f"{exchanges}\n")


def through_kit(folder: Path) -> tuple[float, float, float]:
    """One game through the kit: its wall time, the kit's own CPU seconds and the
    solution's."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    game = run_interactive(
        [sys.executable, "solution.py"],
        [sys.executable, "interactor.py"],
        Path(folder, "game.in"),
        cwd=folder,
        limits=LIMITS,
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    if game.verdict != OK:
        raise SystemExit(f"the game through the kit failed: {game.message}")
    kit_cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, kit_cpu, game.cpu_seconds


def joined(folder: Path) -> float:
    """One game with the pipes joined, the solution under the build's watch
    (``kit.run.joined_game``): the solution's CPU seconds as its watch measured them."""
    game = play_joined(
        [sys.executable, "solution.py"],
        [sys.executable, "interactor.py"],
        Path(folder, "game.in"),
        cwd=folder,
        limits=LIMITS,
    )
    if not (game.accepted and game.clean):
        raise SystemExit(f"the joined game failed: exit statuses {game.solution.code}, "
                         f"{game.interactor_code}")  # fmt: skip
    return game.solution.cpu


def connected(folder: Path) -> tuple[float, float]:
    """One game with the two programs' pipes joined: its wall time and the solution's CPU
    seconds."""
    to_solution, from_interactor = os.pipe()
    to_interactor, from_solution = os.pipe()
    started = time.perf_counter()
    programs = [
        subprocess.Popen([sys.executable, "solution.py"], cwd=folder, stdin=to_solution,
                         stdout=from_solution),
        subprocess.Popen([sys.executable, "interactor.py", "game.in"], cwd=folder,
                         stdin=to_interactor, stdout=from_interactor),
    ]  # fmt: skip
    for descriptor in (to_solution, from_interactor, to_interactor, from_solution):
        os.close(descriptor)
    _, status, usage = os.wait4(programs[0].pid, 0)
    programs[0].returncode = os.waitstatus_to_exitcode(status)
    codes = [programs[0].returncode, programs[1].wait()]
    if codes != [0, 0]:
        raise SystemExit(f"the game connected directly failed: exit statuses {codes}")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def line(name: str, figures: list[float], exchanges: int) -> str:
    per = [figure / exchanges * 1e6 for figure in figures]
    return (
        f"{name:<22} {statistics.median(per):7.1f} µs per exchange "
        f"(min {min(per):.1f}, max {max(per):.1f})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.relay", description=__doc__)
    parser.add_argument("--exchanges", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args(argv)
    if options.exchanges < 1 or options.rounds < 1:
        parser.error("--exchanges and --rounds must be at least 1")
    with tempfile.TemporaryDirectory(prefix="kit-relay-") as name:
        folder = Path(name)
        write_programs(folder, options.exchanges)
        kit_wall, kit_cpu, kit_solution, direct_wall, direct_solution = [], [], [], [], []
        joined_solution = []
        for _ in range(options.rounds):
            seconds, cpu, solution = through_kit(folder)
            kit_wall.append(seconds)
            kit_cpu.append(cpu)
            kit_solution.append(solution)
            seconds, solution = connected(folder)
            direct_wall.append(seconds)
            direct_solution.append(solution)
            joined_solution.append(joined(folder))
    print(f"{options.exchanges} exchanges, {options.rounds} rounds, {sys.executable}")
    print(line("kit: wall", kit_wall, options.exchanges))
    print(line("kit: the relay's CPU", kit_cpu, options.exchanges))
    print(line("kit: solution's CPU", kit_solution, options.exchanges))
    print(line("direct: wall", direct_wall, options.exchanges))
    print(line("direct: solution's CPU", direct_solution, options.exchanges))
    print(line("joined: solution's CPU", joined_solution, options.exchanges))
    print(allowance_line(kit_wall, direct_wall, options.exchanges))


def allowance_line(kit_wall: list[float], direct_wall: list[float], exchanges: int) -> str:
    """What the relay cost a chunk in these rounds (medians), against the allowance a game's
    deadline adds for each chunk on this machine (``kit.run.relay_cost``)."""
    chunks = 2 * exchanges + 1
    cost = (statistics.median(kit_wall) - statistics.median(direct_wall)) / chunks
    allowance = relay_cost.per_chunk()
    said = "covers it" if allowance >= cost else "SHORT of it"
    return (
        f"relay: {cost * 1e6:.1f} µs a chunk (kit - direct); this machine's allowance "
        f"{allowance * 1e6:.1f} µs a chunk {said}"
    )


if __name__ == "__main__":
    main()

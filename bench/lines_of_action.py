"""Benchmark of the Lines of Action bot at the real clock (1 s per move).

``run(dist_path)`` starts the judge file as a whole process once per fixed position and prints,
per position, the think time as the referee measures it (from writing the opponent's move to
reading the reply; for the opening position from process start), the depth reached, the nodes
searched and nodes per second (the bot reports them on stderr when ``LOA_VERBOSE=1``). Returns 0
when every reply was legal and within ``GOAL_SECONDS``.

The positions are those of referee/positions.py, move sequences from the start: the bot is
given all but the last ply through ``LOA_OPENING`` and receives the last ply as its opponent's
move. A real match is run separately:
``python -m referee.match bot greedy --games 20 --random-openings``.
"""

import os
import subprocess
import sys
import time

from referee.positions import POSITIONS

GOAL_SECONDS = 0.9  # longest acceptable think time per move, first move included
MOVE_TIME = 1.0


def measure(cmd, plies, move_time=MOVE_TIME, limit=100, base_env=None):  # noqa: PLR0913
    """Think time, reply and the bot's info line for one position (the process's environment:
    ``base_env``, default this one's, plus the bot's options)."""
    env = dict(os.environ if base_env is None else base_env)
    env["LOA_VERBOSE"] = "1"
    env["LOA_MOVE_TIME"] = repr(move_time)
    env["LOA_OPENING"] = " ".join(plies[:-1])
    me = len(plies) % 2  # the side to move after all plies
    t0 = time.perf_counter()
    p = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    p.stdin.write(f"{limit}\n{me}\n")
    if plies:
        p.stdin.flush()
        time.sleep(1.0)  # let the start-up finish: this measures a normal move
        t0 = time.perf_counter()
        p.stdin.write(plies[-1] + "\n")
    p.stdin.flush()
    reply = p.stdout.readline().strip()
    think = time.perf_counter() - t0
    p.stdin.close()
    err = p.stderr.read()
    p.wait(timeout=10)
    info = {}
    for line in err.splitlines():
        if line.startswith("info "):
            parts = line.split()
            info = dict(zip(parts[1::2], parts[2::2]))
    return think, reply, info


def run(dist_path, command=None, env=None):
    """Every position under ``command`` (the build's argv for the bundle under one
    interpreter; default: this Python on ``dist_path``) with ``env``; 0 when all passed."""
    cmd = command or [sys.executable, dist_path]
    print(f"bench lines_of_action: {dist_path} under {cmd[0]}, move time {MOVE_TIME} s")
    worst = 0.0
    ok = True
    for name, text in POSITIONS:
        think, reply, info = measure(cmd, text.split(), base_env=env)
        worst = max(worst, think)
        good = len(reply) == 5 and think <= GOAL_SECONDS
        ok = ok and good
        print(
            f"  {name:<30} {reply:<6} think {think:.3f} s  depth {info.get('depth', '?'):>4}"
            f"  nodes {info.get('nodes', '?'):>6}  nps {info.get('nps', '?'):>6}"
            f"{'' if good else '  <-- FAIL'}"
        )
    print(f"  max think {worst:.3f} s (goal <= {GOAL_SECONDS} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.exit(
        run(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "dist", "lines_of_action.py"))
    )

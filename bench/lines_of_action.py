"""Benchmark of the Lines of Action bot at the real clock (1 s per move).

``run(dist_path)`` starts the judge file as a whole process once per fixed position and prints,
per position, the think time as the referee measures it (from writing the opponent's move to
reading the reply; for the opening position from process start), the depth reached, the nodes
searched and nodes per second (the bot reports them on stderr when ``LOA_VERBOSE=1``). Returns 0
when every reply was legal and within ``GOAL_SECONDS``.

The positions are move sequences from the start (the bot is given all but the last ply through
``LOA_OPENING`` and receives the last ply as its opponent's move), from early, middle and late
stages of self-play and greedy games. A real match is run separately:
``python -m referee.match bot greedy --games 20 --random-openings``.
"""

import os
import subprocess
import sys
import time

GOAL_SECONDS = 0.9  # longest acceptable think time per move, first move included
MOVE_TIME = 1.0

POSITIONS = [
    ("start (first move, start-up)", ""),
    ("opening 2", "A2-C4 B1-B3"),
    ("opening 4", "H2-F4 C8-C6 H3-G4 B8-B6"),
    (
        "early 12",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 E8-B5 F5-B5 G4-E2",
    ),
    (
        "middle 16",
        "A3-C5 G8-G6 A5-C7 F1-H3 A4-C6 H3-F5 H2-E5 E8-E5 H4-F2 F8-D6 A2-B3 D8-D5 B3-B6 C8-E6 "
        "H5-F3 E1-E4",
    ),
    (
        "middle 16b",
        "A3-C5 G8-G6 A5-C7 F1-H3 A4-C6 H3-F5 A7-D7 F8-H6 A6-E6 E1-E4 C5-F5 D1-F3 C6-G6 F3-F5 "
        "H5-F5 E8-G6",
    ),
    (
        "middle 20",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 G4-E2 A4-D4 F1-C4 H4-F2 G8-D5 "
        "A3-C3 A5-E5 F4-C4 E8-E3 A2-D5 D1-D4",
    ),
    (
        "late 34",
        "H2-F4 C8-C6 H3-G4 B8-B6 H7-F5 G1-G4 H6-E3 D8-A5 H5-E5 G4-E2 A4-D4 F1-C4 H4-F2 G8-D5 "
        "A3-C3 A5-E5 F4-C4 E8-E3 A2-D5 D1-D4 A7-A5 C6-B5 F5-E6 E3-C3 E6-D7 C1-C4 D7-D4 B1-B4 "
        "D5-C6 E1-E4 D4-D5 F8-F6 F2-G3 C4-F4",
    ),
]


def measure(cmd, plies, move_time=MOVE_TIME, limit=100):
    """Think time, reply and the bot's info line for one position."""
    env = dict(os.environ)
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


def run(dist_path):
    cmd = [sys.executable, dist_path]
    print(f"bench lines_of_action: {dist_path} under {sys.executable}, move time {MOVE_TIME} s")
    worst = 0.0
    ok = True
    for name, text in POSITIONS:
        think, reply, info = measure(cmd, text.split())
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

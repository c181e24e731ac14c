"""Test support (not a test module): hostile programs shared by the run tests
(tests/kit/run/: test_verdicts, test_interact, test_process; tests/kit/test_launcher): the
text of a program whose memory is spread over forked children, and of ones that take memory
fast (``HOG``) or at a known pace (``PACED_HOG``), to ``HOG_CAP_MIB`` at most; and a hostile
machine's refusals of a file or a process (``machine_refusals``: the tests of
kit.errors.machine_refused's callers)."""

import errno

import pytest

# a test run once per refusal the machine may give, as ``refusal``: a file under ulimit -n,
# the system's table full, a process under ulimit -u
machine_refusals = pytest.mark.parametrize(
    "refusal",
    [OSError(errno.EMFILE, "Too many open files"), OSError(errno.ENFILE, "Too many open files"),
     BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")],
    ids=["ulimit -n", "system", "ulimit -u"],
)  # fmt: skip

# the most a hog here takes, in MiB; then it holds that until it is killed: a run whose watch
# never killed it for memory ends at its timeout, which fails the test, with this much of the
# machine's memory taken (a hog without it took 2 GiB a second until the timeout, 10 s)
HOG_CAP_MIB = 1024

# a memory hog that takes memory as fast as it can (2 GiB a second), to ``HOG_CAP_MIB``
HOG = (
    "import time\n"
    "hoard = []\n"
    f"while len(hoard) < {HOG_CAP_MIB}:\n"
    "    hoard.append(bytearray(1 << 20))\n"
    "time.sleep(3600)\n"
)

# a memory hog that takes 1 MiB every 2 ms of wall time at most (500 MiB a second), so that a
# test may bound how far past a limit the watch, reading every 5 ms past half the limit, kills
# it: one that took it as fast as it could (2 GiB a second) was 500 MiB past a 64 MiB limit
# when a loaded machine gave the watch its first look 0.2 s late; this one is about 100 MiB
PACED_HOG = (
    "import time\n"
    "hoard = []\n"
    f"while len(hoard) < {HOG_CAP_MIB}:\n"
    "    hoard.append(bytearray(1 << 20))\n"
    "    time.sleep(0.002)\n"
    "time.sleep(3600)\n"
)


def forked_hog(children, child_mib, parent_mib=0, leave_group=False):
    """A program holding ``parent_mib``, then forking ``children`` that each touch
    ``child_mib`` of their own (out of its process group with ``leave_group``) and sleep."""
    return (
        "import os, time\n"
        f"held = bytearray({parent_mib} << 20)\n"
        "for at in range(0, len(held), 4096): held[at] = 1\n"
        "kids = []\n"
        f"for _ in range({children}):\n"
        "    kid = os.fork()\n"
        "    if kid == 0:\n"
        f"        if {leave_group}: os.setsid()\n"
        f"        mine = bytearray({child_mib} << 20)\n"
        "        for at in range(0, len(mine), 4096): mine[at] = 1\n"
        "        time.sleep(1.5)\n"
        "        os._exit(0)\n"
        "    kids.append(kid)\n"
        "for kid in kids: os.waitpid(kid, 0)\n"
    )

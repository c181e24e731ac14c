"""The memory this machine gives its processes at most: its physical memory, or less where a
control group holds the kit (a container, a CI job, a systemd slice). A judge's limit above it
cannot be reproduced here: a run needing more is killed by the machine, not by the limit.

The control group is read as the kernel shows it: ``/proc/self/cgroup`` names the group
(``0::/path`` for cgroup v2, ``N:memory:/path`` for v1's memory controller), whose limit is
``memory.max`` (v2; ``max``: none) or ``memory.limit_in_bytes`` (v1; a huge value: none) under
the controller's mount, ``/sys/fs/cgroup`` (v2) or ``/sys/fs/cgroup/memory`` (v1). Every
ancestor's limit applies too, and inside a container the path shown may not exist under the
mount (its group is the mount's root): the folders from the named one up to the mount's root
are read, those that exist, and the least limit found is the group's.

The same group's folder holds the count of the kernel's out-of-memory kills of its processes
and those of the groups below it, not its siblings' (``oom_events``): the ``oom_kill`` line of
``memory.events`` (v2) or of ``memory.oom_control`` (v1, Linux 4.13 and later), both the
``memory_events[MEMCG_OOM_KILL]`` counter (torvalds/linux, ``mm/memcontrol.c``:
``memory_events_show``, ``mem_cgroup_oom_control_read``), raised for a victim whatever killed
it, the machine's killer or a group's limit (``memcg_memory_event_mm`` in ``mm/oom_kill.c``).
Where the group's own folder has no such file (v2's memory controller not enabled for it: its
parent's ``cgroup.subtree_control`` lacks ``memory``), the nearest folder above it that has one
is read, and said to be a parent's (``OomEvents.own`` False): that file counts the kills of the
groups beside the kit's too. The group's own folder is the deepest one of its path the mount
holds: the named one, or inside a container the mount's root.

API::

    machine_memory(root=Path("/")) -> (bytes, where) | None   # where: what sets it
    oom_events(root=Path("/")) -> OomEvents(path, own) | None   # the file with an oom_kill
        # line: the kit's group's own (own True), else the nearest parent's that has one
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

# cgroup v1 writes "no limit" as the largest multiple of the page size below 2**63
NO_LIMIT_V1 = 1 << 62


def machine_memory(root: Path = Path("/")) -> tuple[int, str] | None:
    """The least of the physical memory and the control group's limit, with what sets it
    ("physical memory", or the limit file's path); None when neither can be read."""
    found = []
    total = _physical(root)
    if total is not None:
        found.append((total, "physical memory"))
    found += _group_limits(root)
    return min(found) if found else None


def _physical(root: Path) -> int | None:
    try:
        text = (root / "proc/meminfo").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name == "MemTotal" and rest.split() and rest.split()[0].isdigit():
            return int(rest.split()[0]) * 1024
    return None


def _group_limits(root: Path) -> list[tuple[int, str]]:
    try:
        lines = (root / "proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if number == "0" and controllers == "":
            found += _limits_along(root / "sys/fs/cgroup", path, "memory.max")
        elif "memory" in controllers.split(","):
            found += _limits_along(root / "sys/fs/cgroup/memory", path, "memory.limit_in_bytes")
    return found


def _limits_along(mount: Path, path: str, name: str) -> list[tuple[int, str]]:
    """The limits set in ``name`` in the group's folder and each folder above it, up to the
    controller's mount."""
    parts = [part for part in path.split("/") if part and part not in (".", "..")]
    found = []
    for depth in range(len(parts), -1, -1):
        limit_file = mount.joinpath(*parts[:depth], name)
        try:
            text = limit_file.read_text().strip()
        except OSError:
            continue
        if text.isdigit() and int(text) < NO_LIMIT_V1:
            found.append((int(text), str(limit_file)))
    return found


class OomEvents(NamedTuple):
    """The file that counts the kit's control group's out-of-memory kills, and whether it is
    in the group's own folder (counting it and the groups below it) or a parent's (``own``
    False: counting the groups beside the kit's too)."""

    path: Path
    own: bool


def oom_events(root: Path = Path("/")) -> OomEvents | None:
    """The file of the kit's control group that counts its out-of-memory kills (an
    ``oom_kill`` line): v2's ``memory.events``, else v1's ``memory.oom_control``, in the
    group's folder or the nearest above it that has one (a container's group shown as "/" is
    the mount's root; the root group has neither); None when none is there with that line."""
    try:
        lines = (root / "proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    places = []
    for line in lines:
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if number == "0" and controllers == "":
            places.insert(0, (root / "sys/fs/cgroup", path, "memory.events"))
        elif "memory" in controllers.split(","):
            places.append((root / "sys/fs/cgroup/memory", path, "memory.oom_control"))
    for mount, path, name in places:
        parts = [part for part in path.split("/") if part and part not in (".", "..")]
        own = None  # the depth of the group's own folder: the deepest the mount holds
        for depth in range(len(parts), -1, -1):
            folder = mount.joinpath(*parts[:depth])
            own = depth if own is None and folder.is_dir() else own
            if _counts_kills(folder / name):
                return OomEvents(folder / name, own == depth)
    return None


def _counts_kills(events: Path) -> bool:
    """Whether ``events`` can be read and has an ``oom_kill`` line."""
    try:
        text = events.read_text()
    except OSError:
        return False
    return any(line.split(" ")[0] == "oom_kill" for line in text.splitlines())

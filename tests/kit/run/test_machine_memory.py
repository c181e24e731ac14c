"""kit.run.machine_memory: the memory a machine gives its processes, read from fake /proc and
/sys trees (cgroup v2, v1, a container's group shown as "/", limits on ancestors), and the file
that counts its control group's out-of-memory kills."""

from kit.run.machine_memory import OomEvents, machine_memory, oom_events

GIB = 1 << 30


def tree(tmp_path, cgroup, files, total_kib=16 * 1024 * 1024):
    (tmp_path / "proc/self").mkdir(parents=True)
    (tmp_path / "proc/meminfo").write_text(f"MemTotal:       {total_kib} kB\nMemFree: 1 kB\n")
    (tmp_path / "proc/self/cgroup").write_text(cgroup)
    for name, text in files.items():
        path = tmp_path / "sys/fs/cgroup" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_physical_memory_without_a_group_limit(tmp_path):
    root = tree(tmp_path, "0::/user.slice\n", {"user.slice/memory.max": "max\n"})
    assert machine_memory(root) == (16 * GIB, "physical memory")


def test_cgroup_v2_limit_of_the_group_or_an_ancestor(tmp_path):
    files = {"ci/memory.max": f"{GIB}\n", "ci/job/memory.max": "max\n"}
    root = tree(tmp_path, "0::/ci/job\n", files)
    size, where = machine_memory(root)
    assert size == GIB and where.endswith("sys/fs/cgroup/ci/memory.max")


def test_a_container_s_group_shown_as_the_root(tmp_path):
    """Inside a container /proc/self/cgroup names a path the mount does not hold: the mount's
    own limit is the container's."""
    root = tree(tmp_path, "0::/docker/abc123\n", {"memory.max": f"{512 << 20}\n"})
    assert machine_memory(root)[0] == 512 << 20


def test_cgroup_v1_memory_controller(tmp_path):
    files = {
        "memory/memory.limit_in_bytes": "9223372036854771712\n",  # none
        "memory/job/memory.limit_in_bytes": f"{768 << 20}\n",
    }
    cgroup = "4:memory:/job\n3:cpuset:/\n1:cpu,cpuacct:/other\n"
    assert machine_memory(tree(tmp_path, cgroup, files))[0] == 768 << 20


def test_physical_memory_below_a_group_limit(tmp_path):
    root = tree(tmp_path, "0::/\n", {"memory.max": f"{64 * GIB}\n"}, total_kib=4 * 1024 * 1024)
    assert machine_memory(root) == (4 * GIB, "physical memory")


def test_nothing_readable(tmp_path):
    assert machine_memory(tmp_path) is None


def test_the_group_s_out_of_memory_count_is_v2_s_memory_events(tmp_path):
    """cgroup v2's memory.events in the group's folder (its oom_kill line), before v1's."""
    files = {"ci/job/memory.events": "low 0\noom 1\noom_kill 1\n",
             "memory/ci/job/memory.oom_control": "oom_kill_disable 0\noom_kill 0\n"}  # fmt: skip
    root = tree(tmp_path, "4:memory:/ci/job\n0::/ci/job\n", files)
    assert oom_events(root) == OomEvents(root / "sys/fs/cgroup/ci/job/memory.events", own=True)


def test_a_container_s_out_of_memory_count_is_the_mount_s_own(tmp_path):
    """A group's path the mount does not hold: the nearest folder above that has the file."""
    root = tree(tmp_path, "0::/docker/abc123\n", {"memory.events": "oom_kill 0\n"})
    assert oom_events(root) == OomEvents(root / "sys/fs/cgroup/memory.events", own=True)


def test_a_group_s_folder_without_the_file_has_its_parent_s_read_said_not_its_own(tmp_path):
    """The group's folder is there but holds no memory.events (v2's memory controller not
    enabled for it): the nearest folder above that has one is read, ``own`` False, as it
    counts the groups beside the kit's too; v1's the same."""
    files = {"user.slice/memory.events": "oom_kill 2\n", "user.slice/kit.scope/cgroup.procs": ""}
    root = tree(tmp_path / "v2", "0::/user.slice/kit.scope\n", files)
    assert oom_events(root) == OomEvents(root / "sys/fs/cgroup/user.slice/memory.events", False)
    files = {"memory/memory.oom_control": "oom_kill 0\n", "memory/job/tasks": ""}
    root = tree(tmp_path / "v1", "4:memory:/job\n", files)
    assert oom_events(root) == OomEvents(root / "sys/fs/cgroup/memory/memory.oom_control", False)


def test_cgroup_v1_counts_out_of_memory_kills_in_memory_oom_control(tmp_path):
    """This machine's kind: v1's memory controller (its oom_control's oom_kill line, Linux
    4.13 and later); a v2 hierarchy without the memory controller has no memory.events."""
    files = {"memory/process_api/ab/memory.oom_control": "oom_kill_disable 0\nunder_oom 0\n"
             "oom_kill 0\n", "unified/cgroup.controllers": "hugetlb\n"}  # fmt: skip
    root = tree(tmp_path, "4:memory:/process_api/ab\n0::/\n", files)
    found = root / "sys/fs/cgroup/memory/process_api/ab/memory.oom_control"
    assert oom_events(root) == OomEvents(found, own=True)


def test_no_group_count_of_out_of_memory_kills(tmp_path):
    """An older kernel's oom_control without oom_kill, or no file: none (vmstat is read)."""
    files = {"memory/job/memory.oom_control": "oom_kill_disable 0\nunder_oom 0\n"}
    assert oom_events(tree(tmp_path, "4:memory:/job\n0::/\n", files)) is None
    assert oom_events(tmp_path / "nothing") is None

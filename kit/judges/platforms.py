"""The operating systems judges run Python on, and what differs between them for a solution.

A judge's profile (``kit.judges.profiles``) says ``UNIX`` (Linux: every judge whose platform
is known, and the default) or ``WINDOWS`` (Codeforces). On Windows:

- ``UNIX_ONLY``: standard modules Python has only on Unix, the library reference's "Unix
  Specific Services" chapter (posix, pwd, spwd, grp, crypt, termios, tty, pty, fcntl,
  resource, nis, syslog; each page says "Availability: Unix"; spwd, crypt and nis, removed in
  3.13, moved to "Superseded Modules" in 3.11) and curses (documented Unix-only since
  bpo-7156). A judge on Windows cannot import them, under CPython or PyPy
  (``kit.judges.stdlib``). The chapter's ``pipes``, pure Python, imports there all the same.
- ``C_RECURSION``: CPython 3.13 stops recursion through C (a function under
  ``functools.lru_cache`` calling itself, the repr of nested lists) at a fixed count of
  nested C calls, ``Py_C_RECURSION_LIMIT`` in ``Include/cpython/pystate.h``: 10000 in a
  release build for Linux, 3000 for Windows (lowered from 4000 by python/cpython#114896,
  issue #113655). ``sys.setrecursionlimit`` does not change it. A self-recursive function
  under ``lru_cache`` costs three a call: about 3330 calls deep on Linux (measured, 3.13.0),
  about 1000 on Windows (python/cpython#127346: "Python 3.13.0 on Windows ... RecursionError",
  the traceback's "[Previous line repeated 996 more times]"). ``kit.run.judged`` runs a
  Windows judge's CPython 3.13 target that much closer to the limit.
- ``UNIX_ONLY_NAMES``: the members of ``os``, ``signal``, ``time``, ``select``, ``sys`` and
  ``mmap`` that Python defines only on Unix (``os.fork``, ``signal.alarm``, ``signal.SIGALRM``,
  ``mmap.PROT_READ``...): the names typeshed's stubs (python/typeshed at 21dff5c,
  ``stdlib/<module>.pyi``) declare only under ``sys.platform != "win32"`` (alone or with a
  version test), the pages of the library reference marking each "Availability: Unix". On
  Windows an attribute lookup raises AttributeError and ``from os import fork`` ImportError
  (``signal`` there has SIGABRT, SIGFPE, SIGILL, SIGINT, SIGSEGV, SIGTERM and SIGBREAK only:
  python/typeshed#15540 lists ``signal.valid_signals()`` of 3.14 on win32).
"""

from __future__ import annotations

UNIX, WINDOWS = "unix", "windows"
UNIX_ONLY = frozenset({"posix", "pwd", "spwd", "grp", "crypt", "termios", "tty", "pty"}) | {
    "fcntl", "resource", "nis", "syslog", "curses",
}  # fmt: skip
UNIX_ONLY_NAMES = {
    module: frozenset(names.split())
    for module, names in {
        "os": """
            CLD_CONTINUED CLD_DUMPED CLD_EXITED CLD_KILLED CLD_STOPPED CLD_TRAPPED EX_CANTCREAT
            EX_CONFIG EX_DATAERR EX_IOERR EX_NOHOST EX_NOINPUT EX_NOPERM EX_NOUSER EX_OSERR
            EX_OSFILE EX_PROTOCOL EX_SOFTWARE EX_TEMPFAIL EX_UNAVAILABLE EX_USAGE F_LOCK F_TEST
            F_TLOCK F_ULOCK NGROUPS_MAX O_ACCMODE O_ASYNC O_CLOEXEC O_DIRECTORY O_DSYNC O_FSYNC
            O_NDELAY O_NOCTTY O_NOFOLLOW O_NONBLOCK O_SYNC POSIX_FADV_DONTNEED
            POSIX_FADV_NOREUSE POSIX_FADV_NORMAL POSIX_FADV_RANDOM POSIX_FADV_SEQUENTIAL
            POSIX_FADV_WILLNEED POSIX_SPAWN_CLOSE POSIX_SPAWN_DUP2 POSIX_SPAWN_OPEN PRIO_PGRP
            PRIO_PROCESS PRIO_USER P_ALL P_PGID P_PID P_PIDFD RTLD_GLOBAL RTLD_LAZY RTLD_LOCAL
            RTLD_NODELETE RTLD_NOLOAD RTLD_NOW RWF_APPEND RWF_DSYNC RWF_HIPRI RWF_NOWAIT RWF_SYNC
            SCHED_FIFO SCHED_OTHER SCHED_RR SCHED_SPORADIC SF_MNOWAIT SF_NOCACHE SF_NODISKIO
            SF_SYNC ST_NOSUID ST_RDONLY WCONTINUED WCOREDUMP WEXITED WEXITSTATUS WIFCONTINUED
            WIFEXITED WIFSIGNALED WIFSTOPPED WNOHANG WNOWAIT WSTOPPED WSTOPSIG WTERMSIG WUNTRACED
            XATTR_CREATE XATTR_REPLACE XATTR_SIZE_MAX chown chroot confstr confstr_names ctermid
            environb fchdir fchown fdatasync fork forkpty fpathconf fstatvfs fwalk getegid
            getenvb geteuid getgid getgrouplist getgroups getloadavg getpgid getpgrp getpriority
            getresgid getresuid getsid getuid getxattr initgroups killpg lchown listxattr lockf
            major makedev minor mkfifo mknod nice openpty pathconf pathconf_names pipe2 plock
            posix_fadvise posix_fallocate posix_spawn posix_spawnp pread preadv pwrite pwritev
            readv register_at_fork removexattr sched_get_priority_max sched_get_priority_min
            sched_getaffinity sched_getparam sched_getscheduler sched_param
            sched_rr_get_interval sched_setaffinity sched_setparam sched_setscheduler
            sched_yield sendfile setegid seteuid setgid setgroups setpgid setpgrp setpriority
            setregid setresgid setresuid setreuid setsid setuid setxattr spawnlp spawnlpe
            spawnvp spawnvpe statvfs struct_rusage sync sysconf sysconf_names tcgetpgrp
            tcsetpgrp ttyname uname wait wait3 wait4 waitid waitid_result writev
        """,
        "signal": """
            ITIMER_PROF ITIMER_REAL ITIMER_VIRTUAL ItimerError SIGALRM SIGBUS SIGCHLD SIGCLD
            SIGCONT SIGEMT SIGHUP SIGINFO SIGIO SIGIOT SIGKILL SIGPIPE SIGPOLL SIGPROF SIGPWR
            SIGQUIT SIGRTMAX SIGRTMIN SIGSTKFLT SIGSTOP SIGSYS SIGTRAP SIGTSTP SIGTTIN SIGTTOU
            SIGURG SIGUSR1 SIGUSR2 SIGVTALRM SIGWINCH SIGXCPU SIGXFSZ SIG_BLOCK SIG_SETMASK
            SIG_UNBLOCK Sigmasks alarm getitimer pause pthread_kill pthread_sigmask setitimer
            siginterrupt sigpending sigtimedwait sigwait sigwaitinfo struct_siginfo
        """,
        "time": """
            CLOCK_HIGHRES CLOCK_MONOTONIC CLOCK_MONOTONIC_RAW CLOCK_PROCESS_CPUTIME_ID
            CLOCK_REALTIME CLOCK_THREAD_CPUTIME_ID clock_getres clock_gettime clock_gettime_ns
            clock_settime clock_settime_ns tzset
        """,
        "select": """
            PIPE_BUF POLLERR POLLHUP POLLIN POLLMSG POLLNVAL POLLOUT POLLPRI POLLRDBAND
            POLLRDHUP POLLRDNORM POLLWRBAND POLLWRNORM poll
        """,
        "sys": "abiflags getdlopenflags setdlopenflags",
        "mmap": """
            MADV_DONTNEED MADV_FREE MADV_NORMAL MADV_RANDOM MADV_SEQUENTIAL MADV_WILLNEED
            MAP_32BIT MAP_ANON MAP_ANONYMOUS MAP_PRIVATE MAP_SHARED PROT_EXEC PROT_READ
            PROT_WRITE
        """,
    }.items()
}
# Py_C_RECURSION_LIMIT of a release build, by CPython version and platform
C_RECURSION = {(3, 13): {UNIX: 10000, WINDOWS: 3000}}


def c_recursion_to_spend(impl: str, version: tuple[int, int], platform: str) -> int:
    """How many levels of C recursion a run here must enter before the solution starts, so that
    it has what it would have on ``platform``: 0 where the two limits agree or are not known."""
    limits = C_RECURSION.get(version) if impl == "cpython" else None
    if not limits or platform == UNIX:
        return 0
    return max(0, limits[UNIX] - limits.get(platform, limits[UNIX]))


def missing_name(module: str, name: str, platform: str) -> str | None:
    """Why ``module.name`` does not exist on ``platform``, or None when it does (or is not
    known not to)."""
    if platform == WINDOWS and name in UNIX_ONLY_NAMES.get(module, ()):
        return "exists only on Unix, and this judge runs Python on Windows"
    return None

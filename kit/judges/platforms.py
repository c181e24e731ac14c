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
  ``mmap.PROT_READ``, ``select.epoll``...): the names typeshed's stubs (python/typeshed at
  21dff5c, ``stdlib/<module>.pyi``) declare only under ``sys.platform != "win32"``, and those
  they declare for Linux and not for win32 (``sys.platform == "linux"``, nested or alone, with
  or without a version test: ``os.memfd_create``, ``select.epoll``), the pages of the library
  reference marking each "Availability: Unix" or "Linux". On
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
            AT_NO_AUTOMOUNT AT_STATX_DONT_SYNC AT_STATX_FORCE_SYNC AT_STATX_SYNC_AS_STAT
            CLD_CONTINUED CLD_DUMPED CLD_EXITED CLD_KILLED CLD_STOPPED CLD_TRAPPED CLONE_FILES
            CLONE_FS CLONE_NEWCGROUP CLONE_NEWIPC CLONE_NEWNET CLONE_NEWNS CLONE_NEWPID
            CLONE_NEWTIME CLONE_NEWUSER CLONE_NEWUTS CLONE_SIGHAND CLONE_SYSVSEM CLONE_THREAD
            CLONE_VM EFD_CLOEXEC EFD_NONBLOCK EFD_SEMAPHORE EX_CANTCREAT EX_CONFIG EX_DATAERR
            EX_IOERR EX_NOHOST EX_NOINPUT EX_NOPERM EX_NOUSER EX_OSERR EX_OSFILE EX_PROTOCOL
            EX_SOFTWARE EX_TEMPFAIL EX_UNAVAILABLE EX_USAGE F_LOCK F_TEST F_TLOCK F_ULOCK
            GRND_NONBLOCK GRND_RANDOM MFD_ALLOW_SEALING MFD_CLOEXEC MFD_HUGETLB MFD_HUGE_16GB
            MFD_HUGE_16MB MFD_HUGE_1GB MFD_HUGE_1MB MFD_HUGE_256MB MFD_HUGE_2GB MFD_HUGE_2MB
            MFD_HUGE_32MB MFD_HUGE_512KB MFD_HUGE_512MB MFD_HUGE_64KB MFD_HUGE_8MB MFD_HUGE_MASK
            MFD_HUGE_SHIFT NGROUPS_MAX NODEV O_ACCMODE O_ASYNC O_CLOEXEC O_DIRECT O_DIRECTORY
            O_DSYNC O_FSYNC O_LARGEFILE O_NDELAY O_NOATIME O_NOCTTY O_NOFOLLOW O_NONBLOCK O_PATH
            O_RSYNC O_SYNC O_TMPFILE PIDFD_NONBLOCK POSIX_FADV_DONTNEED POSIX_FADV_NOREUSE
            POSIX_FADV_NORMAL POSIX_FADV_RANDOM POSIX_FADV_SEQUENTIAL POSIX_FADV_WILLNEED
            POSIX_SPAWN_CLOSE POSIX_SPAWN_CLOSEFROM POSIX_SPAWN_DUP2 POSIX_SPAWN_OPEN PRIO_PGRP
            PRIO_PROCESS PRIO_USER P_ALL P_PGID P_PID P_PIDFD RTLD_DEEPBIND RTLD_GLOBAL RTLD_LAZY
            RTLD_LOCAL RTLD_NODELETE RTLD_NOLOAD RTLD_NOW RWF_APPEND RWF_DSYNC RWF_HIPRI RWF_NOWAIT
            RWF_SYNC SCHED_BATCH SCHED_DEADLINE SCHED_FIFO SCHED_IDLE SCHED_NORMAL SCHED_OTHER
            SCHED_RESET_ON_FORK SCHED_RR SCHED_SPORADIC SEEK_DATA SEEK_HOLE SF_MNOWAIT SF_NOCACHE
            SF_NODISKIO SF_SYNC SPLICE_F_MORE SPLICE_F_MOVE SPLICE_F_NONBLOCK STATX_ATIME
            STATX_BASIC_STATS STATX_BLOCKS STATX_BTIME STATX_CTIME STATX_DIOALIGN STATX_GID
            STATX_INO STATX_MNT_ID STATX_MNT_ID_UNIQUE STATX_MODE STATX_MTIME STATX_NLINK STATX_SIZE
            STATX_TYPE STATX_UID ST_APPEND ST_MANDLOCK ST_NOATIME ST_NODEV ST_NODIRATIME ST_NOEXEC
            ST_NOSUID ST_RDONLY ST_RELATIME ST_SYNCHRONOUS ST_WRITE TFD_CLOEXEC TFD_NONBLOCK
            TFD_TIMER_ABSTIME TFD_TIMER_CANCEL_ON_SET WCONTINUED WCOREDUMP WEXITED WEXITSTATUS
            WIFCONTINUED WIFEXITED WIFSIGNALED WIFSTOPPED WNOHANG WNOWAIT WSTOPPED WSTOPSIG WTERMSIG
            WUNTRACED XATTR_CREATE XATTR_REPLACE XATTR_SIZE_MAX chown chroot confstr confstr_names
            copy_file_range ctermid environb eventfd eventfd_read eventfd_write fchdir fchown
            fdatasync fork forkpty fpathconf fstatvfs fwalk getegid getenvb geteuid getgid
            getgrouplist getgroups getloadavg getpgid getpgrp getpriority getrandom getresgid
            getresuid getsid getuid getxattr grantpt initgroups killpg lchown listxattr lockf
            login_tty major makedev memfd_create minor mkfifo mknod nice openpty pathconf
            pathconf_names pidfd_open pipe2 plock posix_fadvise posix_fallocate posix_openpt
            posix_spawn posix_spawnp pread preadv ptsname pwrite pwritev readv register_at_fork
            removexattr sched_get_priority_max sched_get_priority_min sched_getaffinity
            sched_getparam sched_getscheduler sched_param sched_rr_get_interval sched_setaffinity
            sched_setparam sched_setscheduler sched_yield sendfile setegid seteuid setgid setgroups
            setns setpgid setpgrp setpriority setregid setresgid setresuid setreuid setsid setuid
            setxattr spawnlp spawnlpe spawnvp spawnvpe splice statvfs statx statx_result
            struct_rusage sync sysconf sysconf_names tcgetpgrp tcsetpgrp timerfd_create
            timerfd_gettime timerfd_gettime_ns timerfd_settime timerfd_settime_ns ttyname uname
            unlockpt unshare wait wait3 wait4 waitid waitid_result writev
        """,
        "signal": """
            ITIMER_PROF ITIMER_REAL ITIMER_VIRTUAL ItimerError SIGALRM SIGBUS SIGCHLD SIGCLD SIGCONT
            SIGEMT SIGHUP SIGINFO SIGIO SIGIOT SIGKILL SIGPIPE SIGPOLL SIGPROF SIGPWR SIGQUIT
            SIGRTMAX SIGRTMIN SIGSTKFLT SIGSTOP SIGSYS SIGTRAP SIGTSTP SIGTTIN SIGTTOU SIGURG
            SIGUSR1 SIGUSR2 SIGVTALRM SIGWINCH SIGXCPU SIGXFSZ SIG_BLOCK SIG_SETMASK SIG_UNBLOCK
            Sigmasks alarm getitimer pause pidfd_send_signal pthread_kill pthread_sigmask setitimer
            siginterrupt sigpending sigtimedwait sigwait sigwaitinfo struct_siginfo
        """,
        "time": """
            CLOCK_BOOTTIME CLOCK_HIGHRES CLOCK_MONOTONIC CLOCK_MONOTONIC_RAW
            CLOCK_PROCESS_CPUTIME_ID CLOCK_REALTIME CLOCK_TAI CLOCK_THREAD_CPUTIME_ID clock_getres
            clock_gettime clock_gettime_ns clock_settime clock_settime_ns pthread_getcpuclockid
            tzset
        """,
        "select": """
            EPOLLERR EPOLLET EPOLLEXCLUSIVE EPOLLHUP EPOLLIN EPOLLMSG EPOLLONESHOT EPOLLOUT EPOLLPRI
            EPOLLRDBAND EPOLLRDHUP EPOLLRDNORM EPOLLWAKEUP EPOLLWRBAND EPOLLWRNORM EPOLL_CLOEXEC
            PIPE_BUF POLLERR POLLHUP POLLIN POLLMSG POLLNVAL POLLOUT POLLPRI POLLRDBAND POLLRDHUP
            POLLRDNORM POLLWRBAND POLLWRNORM epoll poll
        """,
        "sys": "abiflags getdlopenflags setdlopenflags",
        "mmap": """
            MADV_DODUMP MADV_DOFORK MADV_DONTDUMP MADV_DONTFORK MADV_DONTNEED MADV_FREE
            MADV_HUGEPAGE MADV_HWPOISON MADV_MERGEABLE MADV_NOHUGEPAGE MADV_NORMAL MADV_RANDOM
            MADV_REMOVE MADV_SEQUENTIAL MADV_UNMERGEABLE MADV_WILLNEED MAP_32BIT MAP_ANON
            MAP_ANONYMOUS MAP_DENYWRITE MAP_EXECUTABLE MAP_NORESERVE MAP_POPULATE MAP_PRIVATE
            MAP_SHARED MAP_STACK MS_ASYNC MS_INVALIDATE MS_SYNC PROT_EXEC PROT_READ PROT_WRITE
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

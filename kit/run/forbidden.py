"""Run a script with what its judge forbids refused: file-system writes, starting processes.

The pieces of the program ``kit.run.judged`` runs a script under (``python -I -S -c PROGRAM
script``): ``hook(files, processes)`` installs an audit hook (``sys.addaudithook``, Python
3.8+) that refuses with PermissionError, for ``files``, any open for writing, creating or
truncating a file, and any mkdir, delete, rename, link, chmod or temp-file creation; for
``processes``, any start of another program or process (``subprocess``, ``os.system``, a
fork, an exec, ``posix_spawn``; so ``multiprocessing`` too). ``REPORTING`` wraps the call that
runs the script and tells what was refused, one stderr line per kind (``write attempts
refused: ...``, ``process starts refused: ...``), after the frame of the solution's code that
made the attempt when its error ended the run. Under CPython, a C function that writes or
starts a process looked up through ``ctypes`` (``ctypes.CDLL(None).system``) is refused at
the look-up (PyPy raises no event for it), and so is an SQLite database opened on disk
(``sqlite3.connect(path)``; one in memory is no file; PyPy raises no event for it either).
Writing to already-open descriptors
(stdout, stderr) is not a file-system event and stays allowed; so are threads. A refused
attempt makes the exit status 99 even if the script caught the error; the first ten of a kind
are named, the rest counted (a loop that catches the error a million times keeps its memory).

The same under PyPy, whose audit events differ (measured with PyPy 3.9, 7.3.11): its ``open``
event passes 1 where CPython passes the open flags (``open(path, 'r', 1)`` for a read), so a
call that names a mode is judged by the mode alone, and the flags decide only for
``os.open`` (mode None); and its ``os`` functions written in RPython (``os.mkdir``,
``os.remove``, ``os.fork``, ``os.system``, ...) raise no event at all, so the refused ``os``
functions are replaced by ones that raise their CPython event first (``sys.audit``) and then
call through. Python code that calls them (``shutil``, ``pathlib``, ``tempfile``,
``multiprocessing``) goes through ``os`` and is caught too; ``subprocess`` raises its own
event in Python under both.
"""

DENIED_EXIT = 99  # the wrapper's exit status after a refused attempt

WRITE_EVENTS = (
    "os.mkdir", "os.rmdir", "os.remove", "os.rename", "os.replace", "os.truncate", "os.link",
    "os.symlink", "os.chmod", "os.chown", "os.utime", "os.chflags", "os.lchmod", "os.lchown",
    "os.lchflags", "os.mkfifo", "os.mknod", "shutil.copyfile", "shutil.copytree",
    "shutil.move", "shutil.rmtree", "shutil.chown", "tempfile.mkstemp", "tempfile.mkdtemp",
)  # fmt: skip
PROCESS_EVENTS = (
    "subprocess.Popen", "os.system", "os.exec", "os.fork", "os.forkpty", "os.posix_spawn",
    "os.spawn", "os.startfile",
)  # fmt: skip
# C functions a program may reach through ``ctypes`` (CPython's ``ctypes.dlsym`` event: the
# name looked up in a library; PyPy raises none) that write to the file system or start a
# process, in a C library or Windows' API
WRITE_SYMBOLS = (
    "creat", "unlink", "remove", "rename", "mkdir", "rmdir", "truncate", "symlink", "link",
    "chmod", "_unlink", "_mkdir", "_rmdir", "DeleteFileA", "DeleteFileW", "CreateDirectoryA",
    "CreateDirectoryW", "MoveFileA", "MoveFileW",
)  # fmt: skip
PROCESS_SYMBOLS = (
    "system", "popen", "fork", "vfork", "execv", "execve", "execvp", "execvpe", "execl",
    "execle", "execlp", "posix_spawn", "posix_spawnp", "_system", "_wsystem", "_popen",
    "_wpopen", "_spawnv", "_spawnve", "_spawnvp", "_spawnl", "_execv", "_execve",
    "CreateProcessA", "CreateProcessW", "WinExec", "ShellExecuteA", "ShellExecuteW",
    "ShellExecuteExA", "ShellExecuteExW",
)  # fmt: skip
# the os functions replaced by audited ones, by event: the event's own name, and these
OS_ALIASES = {
    "os.remove": ("unlink",),
    "os.exec": ("execv", "execve"),
    "os.posix_spawn": ("posix_spawnp",),
    "os.spawn": ("spawnv", "spawnve"),
}

KINDS = {"write": "write attempts refused", "process": "process starts refused"}

HOOK = """\
import os
DENY = {deny!r}
SYMBOLS = {symbols!r}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
denied = {{"write": [], "process": []}}  # the first ten of each kind
refusals = {{"write": 0, "process": 0}}
def _in_memory(database):
    name = os.fsdecode(database) if isinstance(database, (str, bytes)) else ""
    return name == ":memory:" or name.startswith("file::memory:")
def hook(event, args):
    kind = DENY.get(event)
    if event == "ctypes.dlsym" and isinstance(args[1], str):
        kind = SYMBOLS.get(args[1])
        args = (args[1],)
    if event == "open" and {files} and not isinstance(args[0], int):
        mode, flags = args[1], args[2] or 0
        if mode is None:
            kind = "write" if flags & WRITE_FLAGS else None
        elif any(c in mode for c in "wax+"):
            kind = "write"
    if event == "sqlite3.connect" and {files} and not _in_memory(args[0]):
        kind = "write"
    if kind:
        refusals[kind] += 1
        if refusals[kind] <= 10:
            denied[kind].append("%s%r" % (event, args))
        raise PermissionError("refused by the judge's rules: %s" % (event,))
sys.addaudithook(hook)
def _audited(event, call):
    def audited(*args, **kwargs):
        sys.audit(event, *args)
        return call(*args, **kwargs)
    return audited
for _name, _event in {audited!r}:
    if hasattr(os, _name):
        setattr(os, _name, _audited(_event, getattr(os, _name)))
"""
# ``{call}`` runs the script; what was refused is told after it, however it ended, and when
# the refusal's error ended it, the innermost frame of the solution's own code it came through
# (the bundle, or a helper compiled under its workspace path): the interpreter's traceback is
# cut by the exit, and its tail would be the library's frames
REPORTING = """\
try:
    {call}
except Exception as _error:
    _at, _tb = None, _error.__traceback__
    while _tb is not None:
        _name = _tb.tb_frame.f_code.co_filename
        if _name == sys.argv[0] or not (os.path.isabs(_name) or _name.startswith("<")):
            _at = _tb
        _tb = _tb.tb_next
    if _at is not None and any(refusals.values()):
        _code = _at.tb_frame.f_code
        _where = (_code.co_filename, _at.tb_lineno, _code.co_name)
        sys.stderr.write('  File "%s", line %d, in %s\\n' % _where)
    raise
finally:
    for _kind in sorted(denied):
        if not denied[_kind]:
            continue
        _more = refusals[_kind] - len(denied[_kind])
        _more = " and %d more" % _more if _more else ""
        sys.stderr.write("%s: %s%s\\n" % (KINDS[_kind], "; ".join(denied[_kind]), _more))
    if any(refusals.values()):
        sys.exit(99)
"""


def hook(files: bool, processes: bool) -> str:
    """The hook's code, refusing writes when ``files`` and process starts when
    ``processes``."""
    deny, symbols = {}, {}
    if files:
        deny.update(dict.fromkeys(WRITE_EVENTS, "write"))
        symbols.update(dict.fromkeys(WRITE_SYMBOLS, "write"))
    if processes:
        deny.update(dict.fromkeys(PROCESS_EVENTS, "process"))
        symbols.update(dict.fromkeys(PROCESS_SYMBOLS, "process"))
    audited = []
    for event in sorted(deny):
        if event.startswith("os."):
            names = (event[3:], *OS_ALIASES.get(event, ()))
            audited += [(name, event) for name in names]
    text = HOOK.format(deny=deny, symbols=symbols, files=files, audited=audited)
    return text + f"KINDS = {KINDS!r}\n"


WHAT = {"write": "wrote to the file system", "process": "started a process"}


def attempted(stderr: bytes) -> str:
    """What a run refused under the hook says it tried, in the verdict's words: "wrote to the
    file system", "started a process", or both joined by "and"; "" when nothing was refused."""
    lines = stderr.decode(errors="replace").splitlines()
    kinds = [kind for kind, told in KINDS.items() if any(ln.startswith(told) for ln in lines)]
    return " and ".join(WHAT[kind] for kind in kinds)

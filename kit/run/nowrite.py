"""Run a script with every file-system write refused: the check that a bundle writes nothing.

The pieces of the program ``kit.run.judged`` runs a script under (``python -I -S -c PROGRAM
script``): ``HOOK`` installs an audit hook (``sys.addaudithook``, Python 3.8+) that refuses,
with PermissionError, any open for writing, creating or truncating a file, and any mkdir,
delete, rename, link, chmod or temp-file creation; ``REPORTING`` wraps the call that runs the
script and tells what was refused. Writing to
already-open descriptors (stdout, stderr) is not a file-system event and stays allowed. A
refused attempt is also reported on stderr and makes the exit status 99 even if the script
caught the error.

The same under PyPy, whose audit events differ (measured with PyPy 3.9, 7.3.11): its ``open``
event passes 1 where CPython passes the open flags (``open(path, 'r', 1)`` for a read), so a
call that names a mode is judged by the mode alone, and the flags decide only for
``os.open`` (mode None); and its ``os`` functions written in RPython (``os.mkdir``,
``os.remove``, ...) raise no event at all, so the hook's ``os`` functions are replaced by
ones that raise their CPython event first (``sys.audit``) and then call through. Python code
that calls them (``shutil``, ``pathlib``, ``tempfile``) goes through ``os`` and is caught too.
"""

DENIED_EXIT = 99  # the wrapper's exit status after a refused write

HOOK = """\
import os
DENY = {"os.mkdir", "os.rmdir", "os.remove", "os.rename", "os.replace", "os.truncate",
        "os.link", "os.symlink", "os.chmod", "os.chown", "os.utime", "os.chflags",
        "os.lchmod", "os.lchown", "os.lchflags", "os.mkfifo", "os.mknod",
        "shutil.copyfile", "shutil.copytree", "shutil.move", "shutil.rmtree", "shutil.chown",
        "tempfile.mkstemp", "tempfile.mkdtemp"}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
denied = []
def hook(event, args):
    refuse = event in DENY
    if event == "open" and not isinstance(args[0], int):
        mode, flags = args[1], args[2] or 0
        if mode is None:
            refuse = bool(flags & WRITE_FLAGS)
        else:
            refuse = any(c in mode for c in "wax+")
    if refuse:
        denied.append("%s%r" % (event, args))
        raise PermissionError("file-system writes are refused: %s" % (event,))
sys.addaudithook(hook)
def _audited(event, call):
    def audited(*args, **kwargs):
        sys.audit(event, *args)
        return call(*args, **kwargs)
    return audited
_OS = [(_event[3:], _event) for _event in sorted(DENY) if _event.startswith("os.")]
for _name, _event in _OS + [("unlink", "os.remove")]:  # os.unlink raises os.remove's event
    if hasattr(os, _name):
        setattr(os, _name, _audited(_event, getattr(os, _name)))
"""
# ``{call}`` runs the script; what was refused is told after it, however it ended
REPORTING = """\
try:
    {call}
finally:
    if denied:
        sys.stderr.write("write attempts refused: %s\\n" % "; ".join(denied))
        sys.exit(99)
"""

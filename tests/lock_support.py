"""Test support (not a test module): a look at ``kit.file_locks``' locks from outside."""

import fcntl
import os


def held_by_another(path) -> bool:
    """Whether another open file (a second process's, a second thread's, another build's) is
    kept from an exclusive lock on ``path`` (a file or a folder) now: asked without waiting."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False

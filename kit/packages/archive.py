"""A packed problem package (zip, tar, tar.gz, tgz, tar.bz2, tar.xz): unpacked once into the
kit's cache and read there as a folder. Polygon's "package" download is a zip with
``problem.xml`` at its top; Kattis-format packages are often packed as ``NAME/problem.yaml``:
when the archive's top holds one folder and no package files, that folder is the package.

**Where.** ``kit.cache.folder()/packages/KEY/NAME`` (NAME: the archive's name without its
suffix, the package's name when its files are at the top), KEY a hash of the archive's real
path, size, times and inode (``kit.cache.file_stamp``), so a changed archive is unpacked
again and an unchanged one never is; the KEEP unpacked archives used last are kept. With the
cache off (``CPKIT_CACHE=0``) or unwritable, a temporary folder removed when the process ends.

**What is unpacked.** Files and folders, each file's executable bit kept (a package's
validator may be a script), and links (symbolic, or a tar's hard links; problemtools' own
example ``oddecho`` shares cases between groups by links) as copies of what they point to.
A member named outside the archive (absolute, or with ``..``), a link pointing outside it or
to nothing it holds, or a device is refused with a one-line error naming it, rather than
unpacked somewhere else or skipped (a skipped file would surface later as a wrong "missing").
A 7z or rar archive, or a damaged one, is a one-line error too.

API::

    is_archive(path) -> bool                     # by its name
    unpacked(path: Path, shown: str) -> Path     # the package's folder inside the unpacked copy
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import shutil
import tarfile
import tempfile
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from kit import cache
from kit.errors import BuildError

READ = (".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
NOT_READ = (".7z", ".rar")
KEEP = 8  # unpacked archives kept in the cache, those used last
# how archives are unpacked, in the cache's key: a copy an older kit unpacked without reading
# a compressed tar's check (a damaged .tar.gz unpacked whole) is not taken
UNPACKED_BY = "2: compressed streams read to their check"
MARKS = ("problem.xml", "problem.yaml", "data")  # what tells a package's top folder

_scratch: list[tempfile.TemporaryDirectory] = []


def is_archive(path: Path) -> bool:
    return path.name.lower().endswith(READ + NOT_READ)


def unpacked(path: Path, shown: str) -> Path:
    """The folder of the package packed in the file ``path`` (named ``shown``)."""
    name = path.name.lower()
    if name.endswith(NOT_READ):
        raise BuildError(
            f"package {shown}: a {name.rsplit('.', 1)[1]} archive is not read (unpack it, "
            "then give its folder, or pack it as a zip or tar)"
        )
    stamp = cache.file_stamp(str(path)) or str(path.resolve())
    key = hashlib.sha256(f"{UNPACKED_BY} {stamp}".encode()).hexdigest()[:32]
    place = _place(key)
    stem = _stem(path.name)
    if not (place / ".complete").exists() or not (place / stem).is_dir():
        shutil.rmtree(place, ignore_errors=True)  # a copy someone took apart: unpacked again
        _unpack(path, shown, place, stem)
    with contextlib.suppress(OSError):
        os.utime(place)  # used now: pruning keeps the ones used last
    return _top(place / stem)


def _stem(name: str) -> str:
    """The archive's name without its suffix: the package's name when its files are at the
    archive's top (``sum.zip`` holds ``problem.xml``)."""
    suffix = next(end for end in READ + NOT_READ if name.lower().endswith(end))
    return name[: -len(suffix)] or "package"


def _place(key: str) -> Path:
    base = cache.folder()
    if base is not None:
        place = base / "packages" / key
        try:
            place.parent.mkdir(parents=True, exist_ok=True)
            if os.access(place.parent, os.W_OK):
                _prune(place.parent, keep=key)
                return place
        except OSError:
            pass
    if not _scratch:
        _scratch.append(tempfile.TemporaryDirectory(prefix="kit-packages-"))
        atexit.register(_scratch[0].cleanup)
    return Path(_scratch[0].name, key)


def _prune(folder: Path, keep: str) -> None:
    """Removes all but the KEEP unpacked archives used last (``keep`` is about to be used; a
    copy another process is still unpacking, ``KEY.PID.tmp``, is left alone)."""
    old = sorted(
        (
            entry
            for entry in folder.iterdir()
            if entry.is_dir() and entry.name != keep and not entry.name.endswith(".tmp")
        ),
        key=lambda entry: entry.stat().st_mtime,
        reverse=True,
    )
    for entry in old[KEEP - 1 :]:
        shutil.rmtree(entry, ignore_errors=True)


def _unpack(path: Path, shown: str, place: Path, stem: str) -> None:
    """Unpacks into a fresh folder beside ``place``, then renames it (no half-unpacked copy is
    ever read, and two processes unpacking at once both end with a whole one)."""
    partial = place.with_name(f"{place.name}.{os.getpid()}.tmp")
    shutil.rmtree(partial, ignore_errors=True)
    try:
        (partial / stem).mkdir(parents=True)
        if zipfile.is_zipfile(path):
            _unzip(path, shown, partial / stem)
        elif _is_tar(path):
            _untar(path, shown, partial / stem)
        else:
            raise BuildError(f"package {shown}: not a readable zip or tar archive (damaged?)")
        (partial / ".complete").touch()
        try:
            partial.rename(place)
        except OSError:  # another process got there first: its copy is the same
            if not (place / ".complete").exists():
                raise
    except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError) + _DAMAGED as error:
        raise BuildError(f"package {shown}: cannot be unpacked: {_reason(error)}") from None
    except (RuntimeError, NotImplementedError) as error:  # zipfile's: encrypted, Deflate64
        if isinstance(error, RecursionError):
            raise
        raise BuildError(f"package {shown}: cannot be unpacked: {_reason(error)}") from None
    finally:
        shutil.rmtree(partial, ignore_errors=True)


# what a damaged compressed tar raises: zlib's and lzma's own errors, not OSError (a Python
# built without lzma reads no .tar.xz: tarfile says so with a TarError)
try:
    from lzma import LZMAError
except ImportError:
    _DAMAGED: tuple[type[Exception], ...] = (zlib.error,)
else:
    _DAMAGED = (zlib.error, LZMAError)


def _is_tar(path: Path) -> bool:
    try:
        return tarfile.is_tarfile(path)
    except OSError:
        return False


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def _unzip(path: Path, shown: str, target: Path) -> None:
    with zipfile.ZipFile(path) as archive:
        _extract(shown, target, (_zip_member(archive, member) for member in archive.infolist()))


def _untar(path: Path, shown: str, target: Path) -> None:
    with tarfile.open(path) as archive:
        _extract(shown, target, (_tar_member(archive, member) for member in archive))
        # read to the end of a compressed stream: its check (gzip's CRC, xz's) is there, after
        # the tar's own end, and a damaged copy unpacked whole otherwise
        while archive.fileobj.read(1 << 20):
            pass


# A member, whatever the archive: (name, kind, executable, link, open): kind "dir", "file",
# "link" or "device"; link, for a link, (where it points, whether that is named from the
# archive's top, as a tar's hard link is, rather than from the link's folder); open() gives
# a file's bytes.
def _zip_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> tuple:
    mode = member.external_attr >> 16
    kind = {0o040000: "dir", 0o120000: "link", 0: "file", 0o100000: "file"}  # 0: no mode kept
    found = "dir" if member.is_dir() else kind.get(mode & 0o170000, "device")
    link = (archive.read(member).decode("utf-8", "replace"), False) if found == "link" else None
    return member.filename, found, bool(mode & 0o111), link, lambda: archive.open(member)


def _tar_member(archive: tarfile.TarFile, member: tarfile.TarInfo) -> tuple:
    found = "dir" if member.isdir() else "file" if member.isfile() else "device"
    link = None
    if member.issym() or member.islnk():
        found, link = "link", (member.linkname, member.islnk())
    return member.name, found, bool(member.mode & 0o111), link, lambda: archive.extractfile(member)


def _extract(shown: str, target: Path, members) -> None:
    """Writes the files and folders, then the links as copies (``_copy_links``)."""
    links = []
    for name, kind, executable, link, opened in members:
        relative = _inside(shown, name)
        if kind == "dir":
            if relative is not None:
                (target / relative).mkdir(parents=True, exist_ok=True)
        elif relative is None:
            raise BuildError(_refused(shown, name, "a file named as a folder"))
        elif kind == "link":
            text, from_top = link
            base = PurePosixPath() if from_top else relative.parent
            links.append((name, relative, _pointed(shown, name, base, text)))
        elif kind == "device":
            raise BuildError(_refused(shown, name, "a device"))
        else:
            with opened() as source:
                _write(target / relative, source, executable)
    _copy_links(shown, target, links)


def _pointed(shown: str, name: str, base: PurePosixPath, link: str) -> PurePosixPath:
    """Where a link points, from the archive's top; refused when that is outside it."""
    outside = _refused(shown, name, f"a link to {link}, outside the archive")
    if link.startswith(("/", "\\")):
        raise BuildError(outside)
    parts: list[str] = []
    for part in (base / link.replace("\\", "/")).parts:
        if part == "..":
            if not parts:
                raise BuildError(outside)
            parts.pop()
        elif part != ".":
            parts.append(part)
    return PurePosixPath(*parts)


def _copy_links(shown: str, target: Path, links: list) -> None:
    """Each link unpacked as a copy of the file or folder it points to (a link to a link once
    that one is copied); a link to nothing the archive holds is refused. No link is made on
    disk, so nothing written later can go through one."""
    while links:
        left = []
        for name, relative, pointed in links:
            source, destination = target / pointed, target / relative
            if source.is_file():
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, destination)
            elif source.is_dir() and not _waits(relative, pointed, links):
                shutil.copytree(source, destination)
            else:
                left.append((name, relative, pointed))
        if len(left) == len(links):
            name, _, pointed = left[0]
            raise BuildError(_refused(shown, name, f"a link to {pointed}, which it does not hold"))
        links = left


def _waits(relative: PurePosixPath, pointed: PurePosixPath, links: list) -> bool:
    """Whether a link to the folder ``pointed`` must wait: the folder holds (or is, or lies
    in) the link itself, or holds a link not yet copied, which its copy would miss."""
    if not pointed.parts or relative.is_relative_to(pointed):
        return True
    return any(other.is_relative_to(pointed) for _, other, _ in links if other != relative)


def _inside(shown: str, name: str) -> PurePosixPath | None:
    """The member's path inside the archive (None: the archive's top), refused when it
    would land outside it."""
    parts = [part for part in PurePosixPath(name.replace("\\", "/")).parts if part != "."]
    if name.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
        raise BuildError(_refused(shown, name, "named outside the archive"))
    return PurePosixPath(*parts) if parts else None


def _refused(shown: str, name: str, why: str) -> str:
    return f"package {shown}: {name} is {why}, which the kit does not unpack (unpack it yourself)"


def _write(destination: Path, source, executable: bool) -> None:
    destination.parent.mkdir(parents=True, exist_ok=True)
    with open(destination, "wb") as out:
        shutil.copyfileobj(source, out)
    if executable:
        destination.chmod(0o755)


def _top(place: Path) -> Path:
    """The package's folder: the archive's top, or its one folder when the top holds no
    package files (``NAME/problem.yaml``). Hidden entries and macOS's ``__MACOSX`` aside."""
    if any((place / mark).exists() for mark in MARKS):
        return place
    entries = [
        entry
        for entry in place.iterdir()
        if not entry.name.startswith(".") and entry.name != "__MACOSX"
    ]
    if len(entries) == 1 and entries[0].is_dir():
        return entries[0]
    return place

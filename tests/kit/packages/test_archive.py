"""kit.packages.archive: a zipped or tarred package unpacked once into the cache (again when the
archive changes), its top folder found, executable bits kept, and every member that would land
outside the copy, or is not a plain file, refused in one line."""

import io
import os
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages import archive

NOT_READ = "is not read (unpack it, then give its folder, or pack it as a zip or tar)"
PACKAGES = Path(__file__).resolve().parents[2] / "fixtures" / "packages"


def _zip(path, members):
    """A zip of ``members``: name -> (bytes, mode) (mode None: written without one)."""
    with zipfile.ZipFile(path, "w") as packed:
        for name, (data, mode) in members.items():
            info = zipfile.ZipInfo(name)
            if mode is not None:
                info.external_attr = mode << 16
            packed.writestr(info, data)
    return path


def _tar(path, members):
    """A tar.gz of ``members``: name -> bytes, or (TarInfo type, link name) for a link or
    device."""
    with tarfile.open(path, "w:gz") as packed:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            if isinstance(data, bytes):
                info.size = len(data)
                packed.addfile(info, io.BytesIO(data))
            else:
                info.type, info.linkname = data
                packed.addfile(info)
    return path


def test_files_at_the_top_unpack_into_a_folder_named_as_the_archive(tmp_path, cache_home):
    packed = shutil.make_archive(str(tmp_path / "sum"), "zip", PACKAGES / "polygon_sum")
    folder = archive.unpacked(Path(packed), "sum.zip")
    assert folder.name == "sum" and folder.parent.parent == cache_home / "packages"
    assert (folder / "problem.xml").read_bytes() == (
        PACKAGES / "polygon_sum" / "problem.xml"
    ).read_bytes()


def test_one_folder_at_the_top_is_the_package(tmp_path, cache_home):
    packed = shutil.make_archive(str(tmp_path / "x"), "gztar", PACKAGES, "kattis_sum")
    folder = archive.unpacked(Path(packed), "x.tar.gz")
    assert folder.name == "kattis_sum" and (folder / "problem.yaml").is_file()


def test_a_top_folder_with_package_files_beside_it_is_not_entered(tmp_path, cache_home):
    packed = _zip(
        tmp_path / "p.zip", {"problem.xml": (b"<problem/>", None), "files/a": (b"", None)}
    )
    assert archive.unpacked(packed, "p.zip").name == "p"


def test_executable_bits_are_kept(tmp_path, cache_home):
    packed = _zip(
        tmp_path / "p.zip", {"run": (b"#!/bin/sh\n", 0o100755), "data.txt": (b"1", 0o100644)}
    )
    folder = archive.unpacked(packed, "p.zip")
    assert os.access(folder / "run", os.X_OK) and not os.access(folder / "data.txt", os.X_OK)


def test_an_unchanged_archive_is_unpacked_once_and_a_changed_one_again(
    tmp_path, cache_home, monkeypatch
):
    packed = _zip(tmp_path / "p.zip", {"a.txt": (b"one", None)})
    assert (archive.unpacked(packed, "p.zip") / "a.txt").read_text() == "one"

    def unpack_again(*args):
        raise AssertionError("unpacked again")

    real = archive._unpack
    monkeypatch.setattr(archive, "_unpack", unpack_again)
    assert (archive.unpacked(packed, "p.zip") / "a.txt").read_text() == "one"
    _zip(packed, {"a.txt": (b"two!", None)})
    monkeypatch.setattr(archive, "_unpack", real)
    assert (archive.unpacked(packed, "p.zip") / "a.txt").read_text() == "two!"


def test_an_archive_rewritten_to_the_same_size_and_time_is_unpacked_again(tmp_path, cache_home):
    """A reproducible build (fixed times) or ``cp -p``: same size, same modification time,
    other content; the stale unpacked copy was read."""
    packed = _zip(tmp_path / "p.zip", {"a.txt": (b"one", None)})
    stat = packed.stat()
    assert (archive.unpacked(packed, "p.zip") / "a.txt").read_text() == "one"
    _zip(packed, {"a.txt": (b"two", None)})
    os.utime(packed, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert packed.stat().st_size == stat.st_size
    assert (archive.unpacked(packed, "p.zip") / "a.txt").read_text() == "two"


def test_with_the_cache_off_the_copy_goes_to_a_temporary_folder(tmp_path, cache_home, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    packed = _zip(tmp_path / "p.zip", {"a.txt": (b"one", None)})
    folder = archive.unpacked(packed, "p.zip")
    assert (folder / "a.txt").is_file() and not cache_home.exists()


def test_only_the_archives_used_last_are_kept(tmp_path, cache_home, monkeypatch):
    monkeypatch.setattr(archive, "KEEP", 2)
    folders, packs = [], []
    for number in range(4):
        packs.append(_zip(tmp_path / f"p{number}.zip", {"a.txt": (b"x", None)}))
        folders.append(archive.unpacked(packs[-1], "p.zip"))
        os.utime(folders[-1].parent, (number, number))  # oldest first, whatever the clock
    assert [folder.exists() for folder in folders] == [False, False, True, True]
    partial = cache_home / "packages" / "0123.99.tmp"  # another process still unpacking
    partial.mkdir()
    os.utime(partial, (0, 0))
    archive.unpacked(packs[2], "p.zip")  # used again: now newer than the fourth
    archive.unpacked(_zip(tmp_path / "p4.zip", {"a.txt": (b"x", None)}), "p.zip")
    assert [folder.exists() for folder in folders] == [False, False, True, False]
    assert partial.exists()


@pytest.mark.parametrize(
    ("name", "members", "message"),
    [
        ("up.zip", {"../x.txt": (b"", None)}, "../x.txt is named outside the archive"),
        ("abs.zip", {"/etc/x.txt": (b"", None)}, "/etc/x.txt is named outside the archive"),
        (
            "link.zip",
            {"ln": (b"/etc/passwd", 0o120777)},
            "ln is a link to /etc/passwd, outside the archive",
        ),
        (
            "up.zip",
            {"a/ln": (b"../../x", 0o120777)},
            "a/ln is a link to ../../x, outside the archive",
        ),
        ("up.tar.gz", {"a/../../x": b""}, "a/../../x is named outside the archive"),
        (
            "link.tar.gz",
            {"a/ln": (tarfile.SYMTYPE, "/etc/passwd")},
            "a/ln is a link to /etc/passwd, outside the archive",
        ),
        (
            "hard.tar.gz",
            {"a/ln": (tarfile.LNKTYPE, "../x")},
            "a/ln is a link to ../x, outside the archive",
        ),
        (
            "none.tar.gz",
            {"a/ln": (tarfile.SYMTYPE, "b")},
            "a/ln is a link to a/b, which it does not hold",
        ),
        (
            "loop.tar.gz",
            {"a": (tarfile.SYMTYPE, "b"), "b": (tarfile.SYMTYPE, "a")},
            "a is a link to b, which it does not hold",
        ),
        ("dev.tar.gz", {"a/tty": (tarfile.CHRTYPE, "")}, "a/tty is a device"),
        ("fifo.zip", {"p": (b"", 0o010644)}, "p is a device"),
    ],
)
def test_members_that_would_land_elsewhere_are_refused(
    tmp_path, cache_home, name, members, message
):
    make = _zip if name.endswith(".zip") else _tar
    packed = make(tmp_path / name, members)
    with pytest.raises(BuildError) as caught:
        archive.unpacked(packed, name)
    assert str(caught.value) == (
        f"package {name}: {message}, which the kit does not unpack (unpack it yourself)"
    )
    assert not (tmp_path / "x.txt").exists() and not list((cache_home / "packages").iterdir())


def test_links_inside_the_archive_are_unpacked_as_copies(tmp_path, cache_home):
    # as problemtools' example oddecho shares cases between groups
    packed = _tar(
        tmp_path / "p.tar.gz",
        {
            "data/one/1.in": b"5\n",
            "data/two/1.in": (tarfile.SYMTYPE, "../one/1.in"),
            "data/two/2.in": (tarfile.LNKTYPE, "data/one/1.in"),
            "data/three": (tarfile.SYMTYPE, "two"),  # a folder, through a link to links
        },
    )
    folder = archive.unpacked(packed, "p.tar.gz")
    for name in ("two/1.in", "two/2.in", "three/1.in", "three/2.in"):
        path = folder / "data" / name
        assert path.read_bytes() == b"5\n" and not path.is_symlink()
    assert not (folder / "data" / "three").is_symlink()
    # a link to a folder listed before the links inside that folder: copied after them
    packed = _tar(
        tmp_path / "q.tar.gz",
        {
            "c": (tarfile.SYMTYPE, "b"),
            "a/1.in": b"1",
            "b/0.in": b"0",
            "b/1.in": (tarfile.SYMTYPE, "../a/1.in"),
        },
    )
    copied = archive.unpacked(packed, "q.tar.gz") / "c"
    assert sorted(path.read_bytes() for path in copied.iterdir()) == [b"0", b"1"]
    zipped = _zip(tmp_path / "z.zip", {"a/1.in": (b"7", None), "b": (b"a", 0o120777)})
    assert (archive.unpacked(zipped, "z.zip") / "b" / "1.in").read_bytes() == b"7"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("p.7z", f"a 7z archive {NOT_READ}"),
        ("p.rar", f"a rar archive {NOT_READ}"),
        ("p.tar", "not a readable zip or tar archive (damaged?)"),
        (
            "cut.tar.gz",
            "cannot be unpacked: Compressed file ended before the end-of-stream marker was reached",
        ),
    ],
)
def test_archives_that_cannot_be_read_are_one_line(tmp_path, cache_home, name, message):
    whole = shutil.make_archive(str(tmp_path / "whole"), "gztar", PACKAGES, "kattis_sum")
    (tmp_path / name).write_bytes(
        Path(whole).read_bytes()[:600] if name == "cut.tar.gz" else b"junk"
    )
    with pytest.raises(BuildError) as caught:
        archive.unpacked(tmp_path / name, name)
    assert str(caught.value) == f"package {name}: {message}"


@pytest.mark.parametrize("kind", ["gztar", "xztar"])
def test_a_compressed_tar_damaged_past_its_headers_is_refused_not_unpacked(
    tmp_path, cache_home, kind
):
    """Bytes flipped in a member's compressed data: the tar's headers still read, and the
    copy unpacked whole with damaged test data (verify agreed on it); the stream's check
    (gzip's CRC, xz's) tells."""
    folder = tmp_path / "p"
    (folder / "data").mkdir(parents=True)
    (folder / "problem.yaml").write_text("name: p\n")
    (folder / "data" / "1.in").write_bytes(bytes(range(256)) * 2000)
    whole = Path(shutil.make_archive(str(tmp_path / "whole"), kind, tmp_path, "p"))
    data = bytearray(whole.read_bytes())
    for at in range(len(data) // 2, len(data) // 2 + 8):
        data[at] ^= 0x55
    damaged = tmp_path / whole.name.replace("whole", "damaged")
    damaged.write_bytes(bytes(data))
    refused = rf"^package {damaged.name}: (cannot be unpacked: |not a readable zip or tar)"
    with pytest.raises(BuildError, match=refused):
        archive.unpacked(damaged, damaged.name)
    assert (archive.unpacked(whole, whole.name) / "data" / "1.in").stat().st_size == 512000


def test_an_encrypted_or_deflate64_zip_is_one_line(tmp_path, cache_home):
    packed = _zip(tmp_path / "e.zip", {"problem.yaml": (b"name: e\n", None)})
    data = bytearray(packed.read_bytes())
    local, central = data.find(b"PK\x03\x04"), data.find(b"PK\x01\x02")
    data[local + 6] |= 1  # the encrypted flag, in both headers
    data[central + 8] |= 1
    packed.write_bytes(bytes(data))
    with pytest.raises(BuildError, match=r"^package e\.zip: cannot be unpacked: .*encrypted"):
        archive.unpacked(packed, "e.zip")
    other = _zip(tmp_path / "m.zip", {"problem.yaml": (b"name: m\n", None)})
    data = bytearray(other.read_bytes())
    local, central = data.find(b"PK\x03\x04"), data.find(b"PK\x01\x02")
    data[local + 8] = data[central + 10] = 9  # Deflate64, which zipfile cannot read
    other.write_bytes(bytes(data))
    with pytest.raises(BuildError, match=r"^package m\.zip: cannot be unpacked: That compression"):
        archive.unpacked(other, "m.zip")

"""kit.packages.read_package: a package folder told apart by what it holds (Polygon's
problem.xml, the Kattis format's problem.yaml or data/) and read by that format's reader;
anything else a one-line error; an archive unpacked first; what ``--watch`` polls for one."""

import shutil
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages import read_package, watched
from kit.watch import snapshot

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"


@pytest.mark.parametrize(
    ("name", "format_", "judge"),
    [("kattis_sum", "Kattis", "Kattis"), ("polygon_sum", "Polygon", "Codeforces")],
)
def test_each_format_is_read_by_its_own_reader(name, format_, judge):
    found = read_package(PACKAGES / name, f"packages/{name}")
    assert (found.format, found.judge, found.shown) == (format_, judge, f"packages/{name}")


def test_a_folder_with_data_alone_is_a_kattis_package(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum" / "data", tmp_path / "bare" / "data")
    (copy.parent / ".timelimit").write_text("2\n")
    found = read_package(copy.parent, "bare")
    assert (found.format, found.title, found.time_limit) == ("Kattis", "bare", 2.0)


def test_a_folder_that_is_no_package_is_named(tmp_path):
    with pytest.raises(BuildError, match="neither a Kattis-format package .* nor a Polygon"):
        read_package(tmp_path, "here")


def test_a_contest_of_packages_names_them(tmp_path):
    """A contest's folder or archive of problems: the packages in it are named."""
    shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "a")
    shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "b")
    (tmp_path / "notes").mkdir()
    with pytest.raises(BuildError) as caught:
        read_package(tmp_path, "contest")
    assert str(caught.value).endswith(
        "; it holds packages (a/, b/): give one of them, an archive unpacked"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("notes.txt", "package given is a file, not a folder or a zip or tar archive"),
        ("pkg.zip", "package given: not a readable zip or tar archive (damaged?)"),
        (None, "package given: no such folder or archive"),
    ],
)
def test_a_path_that_is_neither_a_folder_nor_an_archive_is_named(
    tmp_path, cache_home, name, message
):
    path = tmp_path / (name or "missing")
    if name is not None:
        path.write_bytes(b"PK")
    with pytest.raises(BuildError) as caught:
        read_package(path, "given")
    assert str(caught.value) == message


@pytest.mark.parametrize("name", ["kattis_guess", "polygon_guess"])
def test_a_zipped_package_is_read_as_its_folder_would_be(tmp_path, cache_home, name):
    packed = shutil.make_archive(str(tmp_path / name), "zip", PACKAGES / name)
    found = read_package(Path(packed), f"{name}.zip")
    folder = read_package(PACKAGES / name, name)
    assert (found.shown, found.name, found.title) == (f"{name}.zip", folder.name, folder.title)
    assert [case.name for case in found.cases] == [case.name for case in folder.cases]
    assert found.path.is_relative_to(cache_home)
    assert found.interactor == folder.interactor.replace(name, str(found.path), 1)


def test_a_package_folder_is_watched_by_its_folders_and_not_its_submissions(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    paths = watched(read_package(copy, "guess"))
    names = [path.relative_to(copy).as_posix() for path in paths]
    assert names[0] == "." and {"data/sample", "output_validators/guess"} <= set(names)
    assert not [name for name in names if name.startswith("submissions")]
    before = snapshot(paths)
    (copy / "data" / "sample" / "9.in").write_text("new case\n")
    assert snapshot(paths) != before


def test_a_zipped_package_is_watched_by_its_archive(tmp_path, cache_home):
    packed = Path(shutil.make_archive(str(tmp_path / "sum"), "zip", PACKAGES / "kattis_sum"))
    assert watched(read_package(packed, "sum.zip")) == [packed]

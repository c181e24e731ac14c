"""kit.judges.java_compile: problemtools' Java lines (languages.yaml at a185fe97), the class it
starts, and ``-source 21`` given only to a javac that takes it; Codeforces' lines (a Polygon
type's ``--release`` under the same rule), and the public class it names the file after."""

from pathlib import Path

import pytest

from kit.judges import java_compile
from kit.judges.java_compile import (
    CODEFORCES,
    compile_flags,
    described,
    file_name,
    main_class,
    release_of,
    run_argv,
    source_flags,
    type_release,
)


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Solve.java"], "Solve"),
        (["B.java", "A.java"], "A"),  # the first by name
        (["A.java", "main.java", "Z.java"], "main"),  # main.* in any case
        (["A.java", "MAIN.java"], "MAIN"),
    ],
)
def test_the_class_started_is_problemtools_mainclass(names, expected):
    assert main_class([Path("/s", name) for name in names]) == expected


def fake_javac(tmp_path, said: str) -> str:
    """A javac that says ``said`` to ``-version`` (JDK 9 and newer on stdout, 8 on stderr)."""
    javac = tmp_path / "javac"
    javac.write_text(f"#!/bin/sh\necho '{said}'\n")
    javac.chmod(0o755)
    release_of.cache_clear()
    return str(javac)


@pytest.mark.parametrize(
    ("said", "release", "flags"),
    [
        ("javac 17.0.15", 17, ("-encoding", "UTF-8")),
        ("javac 21.0.8", 21, ("-source", "21", "-encoding", "UTF-8")),
        ("javac 25", 25, ("-source", "21", "-encoding", "UTF-8")),
        ("javac 1.8.0_392", 8, ("-encoding", "UTF-8")),
        ("nothing useful", None, ("-encoding", "UTF-8")),
    ],
)
def test_source_21_is_given_only_to_a_javac_that_takes_it(tmp_path, said, release, flags):
    javac = fake_javac(tmp_path, said)
    try:
        assert release_of(javac) == release
        assert compile_flags(javac) == flags
    finally:
        release_of.cache_clear()


def test_the_run_line_is_problemtools_with_the_heap_at_the_memory_limit():
    assert run_argv("/jdk/bin/java", "/cache/classes", "Main", 256) == [
        "/jdk/bin/java",
        "-Dfile.encoding=UTF-8",
        "-XX:+UseSerialGC",
        "-Xss64m",
        "-Xms256m",
        "-Xmx256m",
        "-cp",
        "/cache/classes",
        "Main",
    ]


def test_the_note_says_what_a_javac_here_leaves_out(tmp_path):
    javac = fake_javac(tmp_path, "javac 17.0.2")
    try:
        said = described(javac, 2048)
        assert source_flags(javac) == ()
    finally:
        release_of.cache_clear()
    assert "(javac -encoding UTF-8, without problemtools' -source 21, which javac 17 here " in said
    assert "-Xms2048m -Xmx2048m -cp {path} {mainclass}" in said
    assert "the address space unlimited" in said


def test_java_is_among_the_languages_problemtools_runs_without_an_address_space_limit():
    assert "Java" in java_compile.UNLIMITED_ADDRESS and "Kotlin" in java_compile.UNLIMITED_ADDRESS
    assert "C++" not in java_compile.UNLIMITED_ADDRESS


@pytest.mark.parametrize(
    ("said", "kind", "flags"),
    [
        ("javac 17.0.15", "java8", ("--release", "8")),
        ("javac 17.0.15", "java11", ("--release", "11")),
        ("javac 17.0.15", "java17", ("--release", "17")),
        ("javac 17.0.15", "java21", ()),  # refused by javac 17, as problemtools' -source 21
        ("javac 21.0.8", "java21", ("--release", "21")),
        ("nothing useful", "java11", ()),
        # JDK 20 and newer refuse --release 7 ("release version 7 not supported"): its oldest
        ("javac 21.0.8", "java7", ("--release", "8")),
        ("javac 17.0.15", "java7", ("--release", "7")),
        ("javac 11.0.2", "java7", ("--release", "7")),
        # javac 8 has no --release (JEP 247, JDK 9): it compiles its own release's language
        ("javac 1.8.0_392", "java8", ()),
        ("javac 1.8.0_392", "java7", ()),
    ],
)
def test_a_codeforces_type_s_release_is_given_only_to_a_javac_that_takes_it(
    tmp_path, said, kind, flags
):
    javac = fake_javac(tmp_path, said)
    try:
        assert compile_flags(javac, CODEFORCES, type_release(kind)) == flags
    finally:
        release_of.cache_clear()


@pytest.mark.parametrize(
    ("kind", "release"),
    [("java8", 8), ("java11", 11), ("java21", 21), ("java.kotlin", None), ("kotlin", None)],
)
def test_a_polygon_type_names_its_java_release(kind, release):
    assert type_release(kind) == release


def test_the_codeforces_run_line_has_its_heap_at_the_memory_limit_and_a_64m_stack():
    assert run_argv("java", "/c", "Main", 256, CODEFORCES) == [
        "java",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-XX:NewRatio=5",
        "-Xms8M",
        "-Xmx256M",
        "-Xss64M",
        "-DONLINE_JUDGE=true",
        "-cp",
        "/c",
        "Main",
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("import java.util.*;\npublic class Solve {\n}\n", "Solve.java"),
        ("class Helper {}\npublic final class Main {}\n", "Main.java"),
        ("class Main {}\n", "sol.java"),  # no public class: its own name
        ("// public class Note\nclass Main {}\n", "sol.java"),  # not at a line's start
    ],
)
def test_codeforces_names_the_file_after_its_public_class(tmp_path, text, name):
    source = tmp_path / "sol.java"
    source.write_text(text)
    assert file_name(source, CODEFORCES) == name
    assert main_class([source], CODEFORCES) == name.removesuffix(".java")
    assert file_name(source) == "sol.java"  # problemtools: the file's own


def test_the_codeforces_note_says_its_lines(tmp_path):
    javac = fake_javac(tmp_path, "javac 17.0.2")
    try:
        said = described(javac, 512, CODEFORCES)
    finally:
        release_of.cache_clear()
    assert "(javac --release N, N the type's: java11 11; left out where javac 17 here" in said
    assert "-Xms8M -Xmx512M -Xss64M -DONLINE_JUDGE=true -cp {path} {class}" in said
    assert "not confirmed" in said

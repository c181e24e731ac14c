"""kit.judges.java_compile: problemtools' Java lines (languages.yaml at a185fe97), the class it
starts, and ``-source 21`` given only to a javac that takes it."""

from pathlib import Path

import pytest

from kit.judges import java_compile
from kit.judges.java_compile import (
    compile_flags,
    described,
    main_class,
    release_of,
    run_argv,
    source_flags,
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

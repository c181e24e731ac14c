"""kit.verify.runnable_submissions: whether a package's submission runs here at all (over the code
limit, another language, a Python 3 file that does not compile, a Python 2 one, one an older
stand-in cannot compile or lacks an API of; a C or C++ one compiled, its compile error its
own, not run without a compiler; a Polygon one with the standard its source type names, not
run for a type naming none the kit maps). Through ``cpkit verify``:
tests/kit/verify/test_judging.py."""

import subprocess
import sys

import pytest

from kit.judges import compiling
from kit.judges.targets import ISOLATED, NATIVE, Interpreter, Runner, Target
from kit.packages.model import KATTIS, POLYGON, Submission
from kit.verify.runnable_submissions import (
    beyond_stand_in,
    compiled,
    over_code_limit,
    unrunnable,
)

needs_gxx = pytest.mark.skipif(compiling.compiler_for("cpp") is None, reason="no C++ compiler")
needs_javac = pytest.mark.skipif(compiling.compiler_for("java") is None, reason="no javac")


def one_file(tmp_path, text: str, language: str = "Python") -> Submission:
    path = tmp_path / "x.py"
    path.write_text(text)
    return Submission(path, "accepted/x.py", "accepted", language)


def test_the_code_limit_holds_a_file_or_every_file_of_a_folder_together(tmp_path):
    submission = one_file(tmp_path, "#" * 2000)
    assert over_code_limit(submission, None) == over_code_limit(submission, 2000) == ""
    assert over_code_limit(submission, 1024) == (
        "not run: its 2,000 bytes are over the package's code limit of 1 KiB (limits.code)"
    )
    folder = tmp_path / "split"
    folder.mkdir()
    (folder / "main.py").write_text("#" * 600)
    (folder / "notes.txt").write_text("#" * 600)
    several = Submission(folder / "main.py", "accepted/split", "accepted", "Python", folder)
    assert over_code_limit(several, 1000) == (
        "not run: its 1,200 bytes are over the package's code limit of 1,000 bytes (limits.code)"
    )


@pytest.mark.parametrize(
    ("text", "language", "why"),
    [
        ("print(1)\n", "Python", ("", False)),
        (
            "fn main() {}\n",
            "Rust",
            (
                "not run: Rust (only Python 3, C, C++ and Java submissions run here)",
                False,
            ),
        ),
        ('print "3"\n', "Python", ("not run: not Python 3 (SyntaxError, line 1)", False)),
        (
            "#!/usr/bin/python2\nx = `3`\n",
            "Python",
            ("not run: not Python 3 (SyntaxError, line 2)", False),
        ),
        ("def f(:\n", "Python", ("does not compile (SyntaxError, line 1: invalid syntax)", True)),
    ],
)
def test_a_python_2_file_is_set_aside_and_a_python_3_one_that_does_not_compile_is_its_error(
    tmp_path, text, language, why
):
    assert unrunnable(one_file(tmp_path, text, language)) == why


def test_a_file_of_a_folder_that_does_not_compile_is_named(tmp_path):
    (tmp_path / "main.py").write_text("import solve\n")
    (tmp_path / "solve.py").write_text("def f(:\n")
    several = Submission(tmp_path / "main.py", "accepted/split", "accepted", "Python", tmp_path)
    assert unrunnable(several) == (
        "does not compile (solve.py: SyntaxError, line 1: invalid syntax)",
        True,
    )


def stand_in(version: tuple[int, int], exact: bool = False) -> Runner:
    """This Python, said to be of ``version``, standing in for CPython 3.10."""
    here = Interpreter("cpython", version, sys.executable, ISOLATED)
    return Runner(Target("cpython", (3, 10)), here, exact)


def test_an_older_stand_in_does_not_run_a_file_it_cannot_compile_or_whose_api_it_lacks(tmp_path):
    pairs = one_file(tmp_path, "import itertools\nprint(list(itertools.pairwise('ab')))\n")
    assert beyond_stand_in(pairs, stand_in((3, 9))) == (
        "not run: CPython 3.9 here is older than cpython3.10 and cannot run it (x.py, line 2: "
        "'itertools.pairwise' member needs Python 3.10)"
    )
    assert beyond_stand_in(pairs, stand_in((3, 10))) == ""  # not older
    assert beyond_stand_in(pairs, stand_in((3, 9), exact=True)) == ""
    broken = one_file(tmp_path, "def f(:\n")
    assert beyond_stand_in(broken, stand_in((3, 9))).startswith(
        "not run: CPython 3.9 here is older than cpython3.10 and cannot run it (x.py, line 1: "
    )


def cpp_file(tmp_path, text: str) -> Submission:
    path = tmp_path / "x.cpp"
    path.write_text(text)
    return Submission(path, "wrong_answer/x.cpp", "wrong_answer", "C++")


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(compiling, "_built", {})


@needs_gxx
def test_a_cpp_submission_is_compiled_and_runs_as_its_binary(tmp_path, fresh_cache):
    runner = stand_in((3, 10), exact=True)
    own, why, error = compiled(cpp_file(tmp_path, "int main() { return 3; }\n"), runner)
    assert (why, error) == ("", False) and own is not None
    assert own.interpreter.impl == NATIVE and own.target == runner.target
    assert own.label.startswith("C++, ")
    (binary,) = own.command(tmp_path / "x.cpp")
    assert subprocess.run([binary], check=False).returncode == 3


@needs_gxx
def test_a_cpp_submission_that_does_not_compile_is_its_own_compile_error(tmp_path, fresh_cache):
    own, why, error = compiled(cpp_file(tmp_path, "int main() { return nope; }\n"), None)
    assert own is None and error
    assert why.startswith("does not compile with ") and "x.cpp:1:" in why and "nope" in why
    assert str(tmp_path) not in why  # the file named as in the package, not by its path


def test_a_cpp_submission_without_a_compiler_is_not_run(tmp_path, fresh_cache, monkeypatch):
    monkeypatch.setenv("CXX", "no-such-compiler")
    own, why, error = compiled(cpp_file(tmp_path, "int main() {}\n"), None)
    assert (own, why, error) == (
        None,
        "not run: no C++ compiler was found (tried $CXX = no-such-compiler; install one or "
        "set CXX)",
        False,
    )


def test_a_machine_that_cannot_link_statically_does_not_run_it(tmp_path, fresh_cache, monkeypatch):
    """problemtools links with -static, which needs the C library's static archive: without it
    every C++ submission failed to compile here and disagreed, the machine's failure told as
    the program's."""
    compiler = tmp_path / "bin" / "g++"
    compiler.parent.mkdir()
    compiler.write_text(
        "#!/bin/sh\ncase \" $* \" in *' -static '*)\n"
        "  echo '/usr/bin/ld: cannot find -lc: No such file or directory' >&2\n"
        "  echo 'collect2: error: ld returned 1 exit status' >&2; exit 1;;\nesac\nexit 0\n"
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    compiling.static_link_refused.cache_clear()
    try:
        own, why, error = compiled(cpp_file(tmp_path, "int main() {}\n"), None)
    finally:
        compiling.static_link_refused.cache_clear()
    assert (own, error) == (None, False)
    assert why == (
        "not run: g++ cannot link an empty program with -static here "
        "(/usr/bin/ld: cannot find -lc: No such file or directory)"
    )


def java_file(tmp_path, text: str, name: str = "Solve.java", kind: str = "") -> Submission:
    path = tmp_path / name
    path.write_text(text)
    return Submission(path, f"accepted/{name}", "accepted", "Java", source_type=kind)


ECHO_JAVA = """import java.util.Scanner;
public class Solve {
    public static void main(String[] args) {
        System.out.println(new Scanner(System.in).nextLong() * 2);
        System.exit(Runtime.getRuntime().maxMemory() <= (64L << 20) ? 3 : 4);
    }
}
"""


@needs_javac
def test_a_java_submission_is_compiled_and_runs_as_problemtools_runs_it(tmp_path, fresh_cache):
    """javac's classes, cached; run as ``java ... -Xms{memlim}m -Xmx{memlim}m -cp {path}
    {mainclass}``, the heap the memory limit, and its address space not held."""
    runner = stand_in((3, 10), exact=True)
    own, why, error = compiled(java_file(tmp_path, ECHO_JAVA), runner, KATTIS, 64)
    assert (why, error) == ("", False) and own is not None
    assert own.interpreter.impl == NATIVE and own.label == "Java, javac"
    assert not own.interpreter.address_space
    command = own.command(tmp_path / "Solve.java")
    assert command[-4:-2] == ["-Xmx64m", "-cp"] and command[-1] == "Solve"
    ran = subprocess.run(command, input=b"21\n", capture_output=True, check=False)
    assert (ran.returncode, ran.stdout) == (3, b"42\n")  # the heap at the limit: -Xmx
    again, _, _ = compiled(java_file(tmp_path, ECHO_JAVA), runner, KATTIS, 64)
    assert again.interpreter.arguments == own.interpreter.arguments  # the cache's classes


@needs_javac
def test_a_java_submission_that_does_not_compile_is_its_own_compile_error(tmp_path, fresh_cache):
    broken = java_file(tmp_path, "public class Solve { int f() { return nope; } }\n")
    own, why, error = compiled(broken, None, KATTIS, 64)
    assert own is None and error
    assert why.startswith("does not compile with javac: Solve.java:1: error: "), why
    assert str(tmp_path) not in why


def test_a_java_submission_without_javac_is_not_run(tmp_path, fresh_cache, monkeypatch):
    monkeypatch.delenv("JAVAC", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    own, why, error = compiled(java_file(tmp_path, ECHO_JAVA), None, KATTIS, 64)
    assert (own, why, error) == (
        None,
        "not run: no Java compiler was found (tried javac; install one or set JAVAC)",
        False,
    )


@needs_javac
def test_a_polygon_java_solution_runs_as_codeforces_runs_its_type(tmp_path, fresh_cache):
    """Codeforces' JVM line, the heap the memory limit; the file named after its public class
    (``sol.java`` holding ``public class Solve``), the type's release given to javac."""
    solution = java_file(tmp_path, ECHO_JAVA, "sol.java", "java11")
    own, why, error = compiled(solution, stand_in((3, 10), exact=True), POLYGON, 64)
    assert (why, error) == ("", False) and own is not None
    assert not own.interpreter.address_space
    command = own.command(tmp_path / "sol.java")
    assert command[1:8] == [
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-XX:NewRatio=5",
        "-Xms8M",
        "-Xmx64M",
        "-Xss64M",
        "-DONLINE_JUDGE=true",
    ]
    assert command[-1] == "Solve"
    ran = subprocess.run(command, input=b"21\n", capture_output=True, check=False)
    assert (ran.returncode, ran.stdout) == (3, b"42\n")


@needs_javac
def test_a_polygon_java8_solution_is_held_to_java_8(tmp_path, fresh_cache):
    """``--release 8``: an API newer than Java 8 (``List.of``) is its own compile error, as
    under Codeforces' Java 8."""
    newer = "public class A { public static void main(String[] a) { java.util.List.of(1); } }\n"
    own, why, error = compiled(java_file(tmp_path, newer, "A.java", "java8"), None, POLYGON, 64)
    assert own is None and error, why
    assert why.startswith("does not compile with javac: A.java:1: error: cannot find symbol"), why


def test_a_polygon_java_type_naming_no_release_is_not_run(tmp_path):
    own, why, error = compiled(java_file(tmp_path, ECHO_JAVA, kind="java.kotlin"), None, POLYGON)
    assert (own, error) == (None, False)
    assert why == (
        "not run: its type java.kotlin names no Java release the kit maps to Codeforces' "
        "compile (java8, java11, java17, java21)"
    )


def test_a_kotlin_submission_s_row_says_its_compiler_is_missing_too(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    kotlin = one_file(tmp_path, "fun main() {}\n", "Kotlin")
    assert unrunnable(kotlin) == (
        "not run: Kotlin (only Python 3, C, C++ and Java submissions run here; no Kotlin "
        "compiler (kotlinc) here either)",
        False,
    )


def test_a_python_submission_is_not_compiled(tmp_path):
    assert compiled(one_file(tmp_path, "print(1)\n"), None) == (None, "", False)


# a program telling how it was compiled: 3 under Codeforces' -DONLINE_JUDGE and ISO C++17
# (-std=c++17 defines __STRICT_ANSI__, gnu++17 does not), 4 otherwise
CODEFORCES_CPP17 = """int main() {
#if defined(ONLINE_JUDGE) && defined(__STRICT_ANSI__) && __cplusplus == 201703L
    return 3;
#else
    return 4;
#endif
}
"""


def polygon_file(tmp_path, text: str, source_type: str, name: str = "x.cpp") -> Submission:
    path = tmp_path / "solutions" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    language = "C" if source_type.startswith("c.") else "C++"
    return Submission(path, f"solutions/{name}", "main", language, source_type=source_type)


@needs_gxx
def test_a_polygon_solution_is_compiled_as_codeforces_compiles_its_type(tmp_path, fresh_cache):
    """cpp.g++17: ``-DONLINE_JUDGE`` and ISO C++17, not problemtools' gnu++23."""
    runner = stand_in((3, 10), exact=True)
    for source_type, status in (("cpp.g++17", 3), ("cpp.gcc14-64-msys2-g++23", 4)):
        solution = polygon_file(tmp_path, CODEFORCES_CPP17, source_type)
        own, why, error = compiled(solution, runner, POLYGON)
        assert (why, error) == ("", False) and own is not None
        (binary,) = own.command(solution.path)
        assert subprocess.run([binary], check=False).returncode == status, source_type


def test_a_polygon_type_naming_no_standard_the_kit_maps_is_not_run(tmp_path, fresh_cache):
    """Microsoft's compiler, or a type without a standard: not run, the type said; never
    compiled (a file that would not compile is no compile error of its own)."""
    for source_type, language in (("cpp.ms2017", "C++"), ("c.msvc", "C"), ("cpp.g++", "C++")):
        solution = polygon_file(tmp_path, "int main() { return nope; }\n", source_type)
        assert compiled(solution, None, POLYGON) == (
            None,
            f"not run: its type {source_type} names no {language} standard the kit maps to "
            "Codeforces' compile (cpp.g++11 to cpp.g++23, c.gcc)",
            False,
        )


def test_a_polygon_type_of_another_language_than_its_file_is_not_run(tmp_path, fresh_cache):
    solution = polygon_file(tmp_path, "int main(void) { return 0; }\n", "c.gcc")
    assert compiled(solution, None, POLYGON) == (
        None,
        "not run: its type c.gcc is not its file's language",
        False,
    )


def test_a_polygon_solution_without_a_compiler_is_not_run(tmp_path, fresh_cache, monkeypatch):
    monkeypatch.setenv("CXX", "no-such-compiler")
    solution = polygon_file(tmp_path, "int main() {}\n", "cpp.g++17")
    assert compiled(solution, None, POLYGON) == (
        None,
        "not run: no C++ compiler was found (tried $CXX = no-such-compiler; install one or "
        "set CXX)",
        False,
    )


@needs_gxx
def test_a_polygon_solution_clashing_only_with_glibc_is_not_run(tmp_path, fresh_cache):
    """``int link[10];`` after ``<bits/stdc++.h>``: g++ here finds glibc's ``link()``
    (unistd.h) declared first, Codeforces' Windows headers declare none: not run, no
    compile error of its own; a Kattis one (problemtools compiles on Linux) keeps it."""
    text = "#include <bits/stdc++.h>\nint link[10];\nint main() { return 0; }\n"
    solution = polygon_file(tmp_path, text, "cpp.g++11")
    assert compiled(solution, None, POLYGON) == (
        None,
        "not run: its global 'link' clashes with glibc's link() (unistd.h), which "
        "Codeforces' Windows headers do not declare",
        False,
    )
    own, why, error = compiled(cpp_file(tmp_path, text), None)
    assert own is None and error and "redeclared as different kind of" in why

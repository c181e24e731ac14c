"""kit.judges.compiling: a judge's C and C++ programs compiled once and cached (keyed by the
files the compile read, swept of what a killed compile left), a submission compiled with
problemtools' flags (a Polygon one with Codeforces'), folder programs' ``build`` scripts built
once in a copy, and the one-line errors (no compiler, code that does not compile, a header
found nowhere, a build that fails)."""

import dataclasses
import errno
import os
import shutil
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from kit import cache, file_moves
from kit.errors import BuildError
from kit.judges import compiler_reads, compiling, programs
from kit.judges.compare import parse_compare
from kit.judges.compiling import MissingHeader, _missing_header
from kit.judges.programs import program_at, runnable
from kit.watch import STAMP_SLACK_NS
from tests.process_support import assert_ends

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"
WHERE = "problems.toml: [toy]"
needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")


def judge(spec, expected, got, root):
    return parse_compare(spec, root, WHERE).judge(Path("/nonexistent/input"), expected, got)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def settled():
    """Files written now older than a compile that starts next can take for written during it
    (``compiler_reads.changed_since``: its slack, ``kit.watch.STAMP_SLACK_NS``)."""
    time.sleep(2 * STAMP_SLACK_NS / 1e9)


# compiled validators and checkers


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """The kit's cache in a fresh folder, and no binary remembered by this process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    monkeypatch.setattr(compiling, "_built", {})
    monkeypatch.setattr(cache, "_trimmed", set())  # not trimmed yet by this process
    return tmp_path / "cache" / "cpkit" / "programs"


@needs_gxx
def test_a_cpp_validator_folder_is_compiled_once_and_cached(cache_home, monkeypatch):
    root = PACKAGES / "kattis_split_cpp"
    spec = "validator:output_validators/split_check"
    comparator = parse_compare(spec, root, WHERE)
    input_path = root / "data" / "secret" / "1.in"
    assert comparator.judge(input_path, b"5 5\n", b"4 6\n").accepted
    rejected = comparator.judge(input_path, b"5 5\n", b"4 5\n")
    assert rejected.message == "validator: 4 + 5 is not 10 (exit status 43)"
    (binary,) = cache_home.glob("*/program")

    def no_compiling(*_):
        raise AssertionError("compiled again")

    monkeypatch.setattr(compiling, "_compile", no_compiling)
    monkeypatch.setattr(compiling, "_built", {})  # a new process: only the cache remembers
    assert parse_compare(spec, root, WHERE).judge(input_path, b"5 5\n", b"10 0\n").accepted
    assert list(cache_home.glob("*/program")) == [binary]


@needs_gxx
def test_a_changed_source_is_compiled_again(cache_home, tmp_path):
    source = write(
        tmp_path / "accept.cpp", "int main() { return 42; }\n"
    )  # a validator that accepts everything
    settled()
    assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
    write(source, "int main() { return 43; }\n")
    settled()
    assert not judge("validator:accept.cpp", b"1\n", b"1\n", root=tmp_path).accepted
    assert len(list(cache_home.glob("*/program"))) == 2


@needs_gxx
def test_each_use_of_a_cached_program_touches_it_and_an_evicted_one_is_made_again(
    cache_home, tmp_path
):
    """The cache's trim evicts the programs used longest ago: each use (remembered by this
    process, or found in the cache) sets the time of its folder and of its reads' folder; one
    another kit evicted while this process remembered it is compiled again, not run from a
    path that is gone."""
    write(tmp_path / "accept.cpp", "int main() { return 42; }\n")
    settled()
    assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
    (binary,) = cache_home.glob("*/program")
    folders = list(cache_home.iterdir())
    assert len(folders) == 2  # the binary's, and its reads' (reads.json)

    def used_again() -> bool:
        for folder in folders:
            os.utime(folder, (0, 0))
        assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
        return all(time.time() - folder.stat().st_mtime < 60 for folder in folders)

    assert used_again()  # remembered by this process
    compiling._built.clear()  # a new process: found in the cache
    assert used_again()
    shutil.rmtree(binary.parent)  # evicted by another kit
    assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
    assert binary.is_file()


@needs_gxx
def test_a_new_program_trims_the_cache_to_its_cap_and_a_warm_run_does_not(
    cache_home, tmp_path, monkeypatch
):
    """The first program a process puts in the cache trims it (``CPKIT_CACHE_MB``: 0 keeps
    only what was used lately); a run that finds its programs there walks nothing."""
    monkeypatch.setenv("CPKIT_CACHE_MB", "0")
    old = cache_home / ("f" * 32)
    old.mkdir(parents=True)
    (old / "program").write_bytes(b"x")
    os.utime(old, (0, 0))
    trims, trim = [], cache.trim
    monkeypatch.setattr(cache, "trim", lambda *given: trims.append(given) or trim(*given))
    write(tmp_path / "accept.cpp", "int main() { return 42; }\n")
    settled()
    assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
    assert not old.exists() and len(trims) == 1
    (binary,) = cache_home.glob("*/program")  # the new one kept: just made
    monkeypatch.setattr(compiling, "_built", {})  # a new process, its program in the cache
    monkeypatch.setattr(cache, "_trimmed", set())
    assert judge("validator:accept.cpp", b"1\n", b"2\n", root=tmp_path).accepted
    assert len(trims) == 1 and list(cache_home.glob("*/program")) == [binary]


ACCEPT_BY_RULE = """
    #include RULE
    int main() { return ACCEPT ? 42 : 43; }
"""

NESTED = {"check/lib/rule.h": '#include "../../up.inc"\n', "up.inc": "#define ACCEPT 1\n"}


def rule_checker(folder, include, rules):
    """A validator in ``folder/check/`` including ``include``, the files ``rules`` (path from
    ``folder``: text) written; its verdict on any output (True: accepted)."""
    for name, text in rules.items():
        write(folder / name, text)
    write(folder / "check" / "v.cpp", ACCEPT_BY_RULE.replace("RULE", f'"{include}"'))
    settled()
    return judge("validator:check/v.cpp", b"1\n", b"2\n", root=folder).accepted


def a_new_process(monkeypatch):
    monkeypatch.setattr(compiling, "_built", {})
    monkeypatch.setattr(compiler_reads, "_recorded", {})


@needs_gxx
@pytest.mark.parametrize(
    ("include", "rules", "edited"),
    [
        ("lib/rule.h", {"check/lib/rule.h": "#define ACCEPT 1\n"}, "check/lib/rule.h"),
        ("../up.h", {"up.h": "#define ACCEPT 1\n"}, "up.h"),
        ("up.inc", {"check/up.inc": "#define ACCEPT 1\n"}, "check/up.inc"),
        ("lib/rule.h", NESTED, "up.inc"),
    ],
)  # fmt: skip
def test_a_header_the_compile_read_edited_anywhere_compiles_again(
    cache_home, tmp_path, monkeypatch, include, rules, edited
):
    """Only the headers directly in the source's folder or an include folder were in the key:
    one in a folder under it, above it, or named .inc, edited, kept the first binary."""
    assert rule_checker(tmp_path, include, rules)
    a_new_process(monkeypatch)
    write(tmp_path / edited, "#define ACCEPT 0\n")
    assert not rule_checker(tmp_path, include, {})
    assert len(list(cache_home.glob("*/program"))) == 2


@needs_gxx
def test_a_binary_whose_files_are_unchanged_is_the_cache_s(cache_home, tmp_path, monkeypatch):
    assert rule_checker(tmp_path, "lib/rule.h", NESTED)
    (binary,) = cache_home.glob("*/program")
    read = programs.files_read(tmp_path / "check" / "v.cpp")
    assert set(read) == {tmp_path / name for name in ("check/v.cpp", "check/lib/rule.h", "up.inc")}

    def no_compiling(*_):
        raise AssertionError("compiled again")

    a_new_process(monkeypatch)
    monkeypatch.setattr(compiling, "_compile", no_compiling)
    assert rule_checker(tmp_path, "lib/rule.h", {})
    assert list(cache_home.glob("*/program")) == [binary]


@needs_gxx
def test_a_header_written_while_it_compiled_keeps_its_binary_out_of_the_cache(
    cache_home, tmp_path, monkeypatch
):
    """The binary may hold the header as it was before: kept in this process's temporary
    folder, the next process compiles again. That folder on another file system than the
    cache (``/tmp`` on tmpfs, the cache on disk): the rename failed with EXDEV, a traceback
    out of the compile; the binary is copied there."""
    real_replace, real_compile = os.replace, compiling._run_compiler

    def across(source, target):
        if (cache_home in Path(source).parents) != (cache_home in Path(target).parents):
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real_replace(source, target)

    def edited_meanwhile(*args):
        real_compile(*args)
        write(tmp_path / "check" / "rule.h", "#define ACCEPT 0\n")

    monkeypatch.setattr(file_moves.os, "replace", across)
    monkeypatch.setattr(compiling, "_run_compiler", edited_meanwhile)
    assert rule_checker(tmp_path, "rule.h", {"check/rule.h": "#define ACCEPT 1\n"})
    assert list(cache_home.glob("*/program")) == []
    a_new_process(monkeypatch)
    monkeypatch.setattr(compiling, "_run_compiler", real_compile)
    assert not rule_checker(tmp_path, "rule.h", {})
    assert len(list(cache_home.glob("*/program"))) == 1


@needs_gxx
def test_a_compiler_that_cannot_list_what_it_read_is_keyed_by_the_headers_beside(
    cache_home, tmp_path, monkeypatch
):
    compiler = write(
        tmp_path / "bin" / "no-mm",
        '#!/bin/sh\nfor a; do [ "$a" = -MM ] && exit 1; done\nexec g++ "$@"\n',
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    assert rule_checker(tmp_path, "rule.h", {"check/rule.h": "#define ACCEPT 1\n"})
    a_new_process(monkeypatch)
    write(tmp_path / "check" / "rule.h", "#define ACCEPT 0\n")
    assert not rule_checker(tmp_path, "rule.h", {})


def a_dead_process():
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


@needs_gxx
def test_what_a_killed_compile_or_build_left_is_swept_at_the_next(
    cache_home, tmp_path, monkeypatch
):
    """A partial binary or a folder's copy of a process killed mid-compile (kill -9) stayed in
    the cache for good; one of a live process is its own."""
    left = cache_home / ("0" * 32)
    dead, live = a_dead_process(), os.getpid()
    for name in (f"program.{dead}.tmp", f"program.{live}.tmp", f"reads.json.{dead}.1.tmp"):
        write(left / name, "")
    (left / f"work.{dead}").mkdir()
    monkeypatch.setattr(compiling, "_swept", [])
    assert judge("validator:check.cpp", b"1\n", b"2\n", root=write_accepting(tmp_path))
    assert sorted(path.name for path in left.iterdir()) == [f"program.{live}.tmp"]


def write_accepting(folder):
    write(folder / "check.cpp", "int main() { return 42; }\n")
    return folder


def compile_error(folder, source, kind=BuildError):
    """The error preparing a validator of ``source`` (in check.cpp) raises."""
    write(folder / "check.cpp", source)
    with pytest.raises(kind) as caught:
        parse_compare("validator:check.cpp", folder, WHERE).prepare()
    return caught.value


@needs_gxx
def test_code_that_does_not_compile_is_a_one_line_error(cache_home, tmp_path):
    message = str(compile_error(tmp_path, "int main() { return undeclared; }\n"))
    assert message.startswith("check.cpp: does not compile with g++: ") and "undeclared" in message
    assert "\n" not in message


def test_a_compile_past_its_timeout_is_ended_with_every_process_it_started(
    cache_home, tmp_path, monkeypatch
):
    """The compiler alone was killed: what it ran (g++'s cc1plus) compiled on, after the kit
    too (a kit stopped by SIGTERM left it), and left its files in the temp folder."""
    compiler = write(
        tmp_path / "slow-cxx",
        '#!/bin/sh\nsleep 60 &\necho $! > "$(dirname "$0")/child.pid"\nwait\n',
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    monkeypatch.setattr(compiling, "COMPILE_TIMEOUT", 0.5)
    write(tmp_path / "check.cpp", "int main() { return 42; }\n")
    with pytest.raises(BuildError, match="compiling took over 0.5 s"):
        parse_compare("validator:check.cpp", tmp_path, WHERE).prepare()
    assert_ends(int((tmp_path / "child.pid").read_text()), "the compile")  # with its group


@needs_gxx
def test_a_header_found_nowhere_is_named(cache_home, tmp_path):
    source = '#include "validation.h"\nint main() { return 42; }\n'
    error = compile_error(tmp_path, source, MissingHeader)
    assert error.header == "validation.h"
    assert str(error) == (
        "check.cpp: does not compile with g++: it includes validation.h, which is neither "
        "beside it nor in an include folder"
    )


def test_a_compiler_s_error_shows_a_bad_byte_and_a_control_character_as_escapes(
    cache_home, tmp_path, monkeypatch
):
    """Where a bad byte was U+FFFD and an ESC went to the terminal as it was; the compiler's
    backslashes (its quotes of the code) kept."""
    compiler = write(
        tmp_path / "bad-cxx",
        "#!/bin/sh\nprintf 'c.cpp: error: \\377\\033[2J \\\\n\\n' >&2\nexit 1\n",
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    message = str(compile_error(tmp_path, "int main() { return 42; }\n"))
    assert message == "check.cpp: does not compile with bad-cxx: c.cpp: error: \\xff\\x1b[2J \\n"


def test_a_missing_header_s_name_is_shown_by_the_one_rule(cache_home, tmp_path, monkeypatch):
    """Its name as shown, in the message and as ``header`` (input_check names it): a bad byte
    as \\xff, never a lone surrogate that printing would fail on."""
    compiler = write(
        tmp_path / "bad-cxx",
        "#!/bin/sh\nprintf 'c.cpp:1:10: fatal error: v\\377.h: No such file or directory\\n' >&2\n"
        "exit 1\n",
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    error = compile_error(tmp_path, "int main() { return 42; }\n", MissingHeader)
    assert error.header == "v\\xff.h" and "it includes v\\xff.h, which" in str(error)


@pytest.mark.parametrize(
    ("error", "header"),
    [
        ("a.cpp:1:10: fatal error: validation.h: No such file or directory", "validation.h"),
        ("a.cpp:1:10: fatal error: 'sub/x.hpp' file not found", "sub/x.hpp"),  # clang
        ("a.cpp:3:5: error: 'undeclared' was not declared in this scope", None),
    ],
)
def test_the_missing_header_is_read_from_gcc_s_and_clang_s_error(error, header):
    assert _missing_header(error) == header


def test_no_compiler_is_a_one_line_error(cache_home, tmp_path, monkeypatch):
    monkeypatch.setenv("CXX", "no-such-compiler")
    write(tmp_path / "check.cpp", "int main() { return 0; }\n")
    comparator = parse_compare("checker:check.cpp", tmp_path, WHERE)  # found, not yet compiled
    with pytest.raises(BuildError) as caught:
        comparator.prepare()
    assert str(caught.value) == (
        "check.cpp: a C++ program, and no C++ compiler was found (tried $CXX = "
        "no-such-compiler; install one or set CXX)"
    )


def _recorded_compiles(monkeypatch) -> list[list[str]]:
    """The compiler's commands, each without its "-o PARTIAL", recorded as they come: any
    compiler is found, none runs, and each makes an empty binary."""
    commands = []

    def compiled(_, argv, partial):
        commands.append([argv[0], *argv[3:]])
        partial.write_bytes(b"")

    monkeypatch.setattr(compiling, "_run_compiler", compiled)
    monkeypatch.setenv("CC", "true")
    monkeypatch.setenv("CXX", "true")
    return commands


def test_a_submission_is_compiled_with_problemtools_flags_and_a_folder_s_sources_together(
    cache_home, tmp_path, monkeypatch
):
    """problemtools' languages.yaml: ``g++ -g -O2 -std=gnu++23 -static ... {files}``, C's
    ``-std=gnu17``; a folder's C++ sources compiled together, its header beside them."""
    commands = _recorded_compiles(monkeypatch)
    write(tmp_path / "one.c", "int main(void) { return 0; }\n")
    write(tmp_path / "many" / "main.cpp", '#include "h.hpp"\nint main() { return f(); }\n')
    write(tmp_path / "many" / "f.cc", "int f() { return 0; }\n")
    write(tmp_path / "many" / "h.hpp", "int f();\n")
    assert programs.submission_program(write(tmp_path / "x.py", "1\n"), "x.py") is None
    for name in ("one.c", "many"):
        program = programs.submission_program(tmp_path / name, name)
        assert program is not None
        program.argv()
    c, cpp = commands
    assert c[1:5] == ["-g", "-O2", "-std=gnu17", "-static"] and c[-1] == "-lm"
    assert cpp[1:5] == ["-g", "-O2", "-std=gnu++23", "-static"]
    assert [Path(word).name for word in cpp[5:7]] == ["f.cc", "main.cpp"]
    assert cpp[-4:] == ["-lrt", "-Wl,--whole-archive", "-lpthread", "-Wl,--no-whole-archive"]


def test_a_polygon_submission_is_compiled_with_codeforces_flags_and_its_type_s_standard(
    cache_home, tmp_path, monkeypatch
):
    """Codeforces' command lines: ``-DONLINE_JUDGE -O2 -std=c++17`` (ISO's standard, the
    type's), C's ``-fno-asm`` and ``-lm``; ``-static`` only where this machine links it (its
    Windows ``-Wl,--stack`` never)."""
    commands = _recorded_compiles(monkeypatch)
    cpp = write(tmp_path / "sum.cpp", "int main() { return 0; }\n")
    c = write(tmp_path / "diff.c", "int main(void) { return 0; }\n")
    for refused in (None, "g++ cannot link an empty program with -static here"):
        monkeypatch.setattr(compiling, "static_link_refused", lambda kind, said=refused: said)
        for path, standard in ((cpp, "c++17"), (c, "c11")):
            program = programs.submission_program(path, path.name, compiling.CODEFORCES, standard)
            assert program is not None
            program.argv()
    linked, linked_c, dynamic, dynamic_c = commands
    assert linked[1:5] == ["-DONLINE_JUDGE", "-O2", "-std=c++17", "-static"]
    assert linked_c[1:6] == ["-DONLINE_JUDGE", "-fno-asm", "-O2", "-std=c11", "-static"]
    assert linked_c[-1] == "-lm" and "-lm" not in linked
    assert dynamic[1:5] == ["-DONLINE_JUDGE", "-O2", "-std=c++17", str(cpp)]
    assert "-static" not in dynamic_c and not any("stack" in word for word in linked)


def test_the_static_probe_links_with_static_alone_so_an_older_compiler_keeps_it(
    tmp_path, monkeypatch
):
    """The probe compiled with problemtools' flags (``-std=gnu++23 ... -lrt -lpthread``): a
    g++ too old for ``gnu++23`` failed it, and Codeforces' ``-std=c++17`` compiles lost
    ``-static`` for a flag they never pass. It links an empty program with ``-static`` alone,
    once for both judges' compiles."""
    calls = tmp_path / "calls"
    compiler = tmp_path / "g++"
    compiler.write_text(
        f'#!/bin/sh\necho "$*" >> {calls}\ncase " $* " in *" -std=gnu++23 "*)\n'
        "  echo \"g++: error: unrecognized command-line option '-std=gnu++23'\" >&2; exit 1;;\n"
        "esac\nexit 0\n"
    )
    compiler.chmod(0o755)
    monkeypatch.setenv("CXX", str(compiler))
    compiling.static_link_refused.cache_clear()
    try:
        assert compiling.static_link_refused("cpp") is None
        source = write(tmp_path / "sum.cpp", "int main() { return 0; }\n")
        program = programs.submission_program(source, "sum.cpp", compiling.CODEFORCES, "c++17")
        assert program is not None
        assert compiling.submission_flags(program)[-1] == "-static"
        assert compiling.static_link_refused("cpp") is None  # cached: one probe
    finally:
        compiling.static_link_refused.cache_clear()
    (probe,) = calls.read_text().splitlines()
    assert " -static " in f" {probe} " and "-std" not in probe and "-lrt" not in probe
    problemtools = programs.submission_program(source, "sum.cpp", compiling.PROBLEMTOOLS, "")
    assert compiling.submission_flags(problemtools) == compiling.SUBMISSION_FLAGS["cpp"]


@pytest.mark.parametrize(
    ("submission", "table"),
    [("", "LIBRARIES"), (compiling.PROBLEMTOOLS, "SUBMISSION_LIBRARIES")],
)
def test_the_libraries_linked_are_in_the_binary_s_key(tmp_path, monkeypatch, submission, table):
    """They were in no key (the command the key reads leaves them out): a change to them
    kept serving the binary linked without it. ``-MM``'s command still has none."""
    write(tmp_path / "v.c", "int main(void) { return 42; }\n")
    program = programs.program_at("v.c", tmp_path, WHERE, "validator")
    program = dataclasses.replace(program, submission=submission)
    command = compiling._command(program, "/nonexistent/gcc")
    before = compiling._key(program, command)
    monkeypatch.setitem(getattr(compiling, table), "c", ("-lm", "-lrt"))
    assert compiling._key(program, command) != before
    assert "-lm" not in compiling._command(program, "/nonexistent/gcc")


# folder programs' build scripts


BUILD_SCRIPT = """#!/bin/sh
echo built >> "$LOG"
printf '#!/bin/sh\\necho "judged $1"\\nexit 42\\n' > run
"""


def scripts_folder(tmp_path, build=BUILD_SCRIPT, run=None):
    folder = tmp_path / "package" / "output_validator"
    if build is not None:  # neither executable, as an unzipped archive leaves them
        write(folder / "build", build)
    if run is not None:
        write(folder / "run", run)
    write(folder / "validate.c", "int main(void) { return 42; }\n")  # not what runs
    return folder


def test_a_folder_with_build_and_run_scripts_is_built_once_in_a_copy(
    cache_home, tmp_path, monkeypatch
):
    """The format's scripts (spec/legacy.md, "Programs"): ``build`` runs first, in a copy of
    the folder, then ``run`` is the program; its sources are not compiled by the kit."""
    monkeypatch.setenv("LOG", str(tmp_path / "log"))
    folder = scripts_folder(tmp_path)
    assert runnable(folder, folder=True)
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    argv = program.argv()
    assert argv[0].endswith("/program/run") and not (folder / "run").exists()
    done = subprocess.run([*argv, "case.in"], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (42, "judged case.in\n")
    monkeypatch.setattr(compiling, "_built", {})  # a new process: only the cache remembers
    assert program.argv() == argv
    assert (tmp_path / "log").read_text() == "built\n"


def test_a_copy_of_an_old_folder_is_not_swept_while_it_builds(cache_home, tmp_path, monkeypatch):
    """``copytree`` copied the folder's times: the copy of a folder unpacked long ago was
    past ``cache.STALE_AGE`` at once, and another process's sweep removed it mid-build."""
    monkeypatch.setenv("LOG", str(tmp_path / "log"))
    folder = scripts_folder(tmp_path)
    os.utime(folder, (0, 0))
    real = compiling._build_in
    ages = []

    def swept_meanwhile(program, work):
        ages.append(time.time() - work.stat().st_mtime)
        monkeypatch.setattr(compiling, "_swept", [])  # another kit's sweep
        compiling._sweep()
        real(program, work)

    monkeypatch.setattr(compiling, "_build_in", swept_meanwhile)
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    done = subprocess.run([*program.argv(), "case.in"], capture_output=True, check=False)
    assert done.returncode == 42 and ages[0] < cache.STALE_AGE


def test_a_run_script_alone_runs_though_not_executable(cache_home, tmp_path):
    folder = scripts_folder(tmp_path, build=None, run="#!/bin/sh\nexit 43\n")
    (folder / "validate.c").unlink()
    assert runnable(folder, folder=True)  # a folder of no language the kit knows but scripts
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    assert subprocess.run(program.argv(), check=False).returncode == 43


@pytest.mark.parametrize(
    ("build", "message"),
    [
        ("#!/bin/sh\necho warming up >&2\necho 'cc: no such file' >&2\nexit 3\n",
         "output_validator/build failed (exit status 3): cc: no such file"),
        ("#!/bin/sh\ntrue\n", "output_validator/: no run script after build"),
        ("#!/bin/sh\nprintf 'bad \\377 \\033[2J C:\\\\x\\n' >&2\nexit 3\n",
         "output_validator/build failed (exit status 3): bad \\xff \\x1b[2J C:\\x"),
    ],
)  # fmt: skip
def test_a_build_that_fails_is_one_line(cache_home, tmp_path, build, message):
    folder = scripts_folder(tmp_path, build=build)
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    with pytest.raises(BuildError) as caught:
        program.argv()
    assert str(caught.value) == message
    assert list(cache_home.glob("*/work.*")) == []  # its copy is not left in the cache


def test_a_build_the_machine_has_no_pipe_for_is_the_machine_s_limit(
    cache_home, tmp_path, monkeypatch
):
    """Pipes refused under ``ulimit -n`` are the machine's limit, which goes up as it is for
    the command line to name (kit.cli), not a build script that 'cannot start'."""

    def refused(*_args, **_kwargs):
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(compiling, "run_program", refused)
    folder = scripts_folder(tmp_path)
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    with pytest.raises(OSError) as raised:
        program.argv()
    assert raised.value.errno == errno.EMFILE and not isinstance(raised.value, BuildError)


def test_a_link_in_the_folder_to_a_shared_file_is_followed(cache_home, tmp_path):
    """BAPCtools links validation.h from a shared folder: the copy built reads it."""
    shared = write(tmp_path / "package" / "shared" / "part.txt", "judged\n")
    folder = scripts_folder(
        tmp_path, build="#!/bin/sh\nprintf '#!/bin/sh\\ncat part.txt >&2\\n' > run\n"
    )
    (folder / "part.txt").symlink_to(Path("..") / "shared" / shared.name)
    program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
    run = program.argv()[0]
    done = subprocess.run([run], capture_output=True, text=True, cwd=Path(run).parent, check=False)
    assert done.stderr == "judged\n"


def test_a_clash_with_a_system_header_is_told_from_other_compile_errors():
    """The first error's note on the earlier declaration, under /usr/include: g++'s and
    gcc's wording, Debian's multiarch folder left out; one in the program's own header, or
    after a later error, is none."""
    gxx = [
        "a.cpp:3:5: error: \u2018int y1\u2019 redeclared as different kind of entity",
        "/usr/include/x86_64-linux-gnu/bits/mathcalls.h:224:1: note: previous declaration "
        "\u2018double y1(double)\u2019",
    ]
    gcc = [
        "a.c:2:5: error: 'link' redeclared as different kind of symbol",
        "/usr/include/unistd.h:819:12: note: previous declaration of 'link' with type 'int(...)'",
    ]
    assert compiling._system_clash(gxx) == ("y1", "bits/mathcalls.h")
    assert compiling._system_clash(gcc) == ("link", "unistd.h")
    own = [gcc[0], "/work/p/lib.h:3:5: note: previous declaration of 'link' with type 'int'"]
    assert compiling._system_clash(own) is None
    assert compiling._system_clash([gcc[0], "a.c:3:1: error: x", gcc[1]]) is None


@pytest.mark.parametrize("kind", ["java", "script"])
def test_a_java_or_scripted_program_evicted_meanwhile_is_made_again(
    kind, cache_home, tmp_path, monkeypatch
):
    """A Java submission's classes and a folder's built copy are cache entries too: each use
    touches the entry, and one another kit evicted while this process remembered it is
    made again (a new entry, so the cache is trimmed)."""
    if kind == "java" and compiling.compiler_for("java") is None:
        pytest.skip("no javac")
    monkeypatch.setenv("LOG", str(tmp_path / "log"))
    if kind == "java":
        source = write(tmp_path / "Solve.java", "public class Solve {}\n")
        program = programs.Program("Solve.java", "java", source, (source,))
        made = compiling.compiled
    else:
        folder = scripts_folder(tmp_path)
        program = program_at("output_validator", folder.parent, WHERE, "validator", folder=True)
        made = compiling.scripted
    trims, trim = [], cache.trim
    monkeypatch.setattr(cache, "trim", lambda *given: trims.append(given) or trim(*given))
    first = made(program)
    (entry,) = cache_home.iterdir()
    os.utime(entry, (0, 0))
    assert made(program) == first and time.time() - entry.stat().st_mtime < 60
    shutil.rmtree(entry)  # evicted by another kit
    monkeypatch.setattr(cache, "_trimmed", set())
    assert made(program) == first and Path(first).exists() and len(trims) == 2

"""kit.judges.compiler_reads: the files a compiler's make rules name, and the key of a binary
made from them."""

import os
import time
from pathlib import Path

from kit.judges import compiler_reads
from kit.judges.compiler_reads import changed_since, content_key, rules_files


def test_the_files_of_make_rules_are_their_prerequisites_from_the_folder(tmp_path):
    """Two sources' rules (``-MM`` of a folder's sources), lines continued, a space and a
    dollar escaped, a file named twice listed once."""
    text = "a.o: a.cpp lib/rule.h \\\n  lib/../up.inc\nb.o: b.cpp my\\ file.h cost$$.h lib/rule.h\n"
    found = rules_files(text, tmp_path)
    names = ["a.cpp", "lib/rule.h", "up.inc", "b.cpp", "my file.h", "cost$.h"]
    assert found == [tmp_path / name for name in names]


def test_the_content_key_changes_with_a_file_s_bytes_or_its_being_there(tmp_path):
    header = tmp_path / "rule.h"
    header.write_text("#define A 1\n")
    first = content_key("base", [header])
    assert content_key("base", [header]) == first
    assert content_key("other", [header]) != first
    header.write_text("#define A 0\n")
    edited = content_key("base", [header])
    header.unlink()
    assert len({first, edited, content_key("base", [header])}) == 3


def test_a_file_written_since_the_compile_began_is_said(tmp_path):
    """By its change time, with the slack of a kernel clock a tick behind the compile's
    start: written 10 ms "before" it is said, a second before it is not."""
    header = tmp_path / "rule.h"
    header.write_text("\n")
    stamp = header.stat().st_ctime_ns
    assert changed_since([header, tmp_path / "gone.h"], stamp)
    assert changed_since([header, tmp_path / "gone.h"], stamp + 10**7)
    assert not changed_since([header, tmp_path / "gone.h"], stamp + 10**9)


def test_a_file_modified_in_the_future_is_not_always_said(tmp_path):
    """A modification time ahead of the clock (``touch -d``, a clock skew) made every compile
    "changed": its binary was never kept. Its change time, the touch's, is not ahead."""
    header = tmp_path / "rule.h"
    header.write_text("\n")
    ahead = time.time_ns() + 86_400 * 10**9
    os.utime(header, ns=(ahead, ahead))
    assert not changed_since([header], header.stat().st_ctime_ns + 10**9)


def test_what_was_read_is_remembered_in_the_cache_across_processes(cache_home, monkeypatch):
    (cache_home / "programs" / "k").mkdir(parents=True)
    compiler_reads.record("k", [Path("/x/rule.h")])
    monkeypatch.setattr(compiler_reads, "_recorded", {})  # a new process
    assert compiler_reads.recorded("k") == [Path("/x/rule.h")]
    assert compiler_reads.recorded("never") is None

"""Judge profiles: which interpreters a judge runs Python on, and what else it enforces.

A problem names its judge in problems.toml (``judge = "Codeforces"``); a judge with a profile
here gives the problem its targets and source-size limit, and ``new`` the judge's usual time
and memory limits where they could be confirmed (``limits``; a problem's own statement wins).
A judge without one (POJ, whose languages do not include Python; informatics.msk.ru) gets the
strictest targets, CPython 3.8 and PyPy 3, and no size limit. An explicit ``targets = [...]``
in problems.toml wins over the profile. The facts and their sources are listed in
docs/targets.md ("Judge profiles").

A name that is close to a profile's but not equal is refused with a suggestion rather than
taken for a judge without a profile (which would build in silence with other targets and no
size limit): ``Codeforce``, ``code-forces``, ``atcoder.jp``, ``www.codeforces.com``. Close
means: one of its words (``acm.timus.ru``, ``open.kattis.com``) is a profile's name, or its
letters and digits run together (``code-forces``) are, or, for names of five letters or more,
they are at least 85 % alike (difflib's ratio).
Short names are left alone, so ``POJ`` is not taken for ``spoj``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from kit.judges.modules import ATCODER_2025, LIBRARY_CHECKER, Installed
from kit.judges.platforms import UNIX, WINDOWS
from kit.judges.targets import Target, parse_target

WHOLE = "whole"  # memory: the whole process's peak, the interpreter included, is the limit's
OWN = "own"  # memory: the solution's own, its peak less the interpreter's footprint
UNLIMITED = "unlimited"  # stack: no limit of its own (then bounded by memory)
WALL, CPU = "wall", "cpu"  # time: what the limit is held against
# games: how a judge joins a solution to its interactor: two pipes as the kernel makes them
# (64 KiB each), the solution's write failing once the interactor has exited; or as
# problemtools' interactive runner does (below)
JOINED, PROBLEMTOOLS = "joined", "problemtools"
# output: what the limit holds, stdout alone or stdout, stderr and the files a run writes
# together (Kattis' 2025-09 packages: kit.run.limits)
OUTPUT_STDOUT, OUTPUT_ALL = "stdout", "all"
OUTPUT_COUNTS = (OUTPUT_STDOUT, OUTPUT_ALL)


@dataclass(frozen=True)
class Limits:
    """A judge's usual limits, for the table ``new`` writes (the statement's own win)."""

    time: float  # seconds
    memory: int  # MiB


@dataclass(frozen=True)
class Profile:
    name: str
    targets: tuple[str, ...]
    source_limit: int | None  # bytes
    no_files: bool = False  # the judge forbids file-system access
    no_processes: bool = False  # the judge forbids starting other programs and processes
    memory: str = OWN  # how memory is counted: WHOLE where the judge documents it, else OWN
    stack: int | str | None = None  # MiB, UNLIMITED, or None: the memory limit
    time: str = WALL  # CPU where the judge documents CPU time, else the wall clock
    modules: Installed | None = None  # third-party modules it installs, per implementation
    limits: Limits | None = None  # its usual time and memory limits, where confirmed
    platform: str = UNIX  # the operating system its Python runs on: UNIX or WINDOWS
    forbidden_verdict: str | None = None  # its own verdict for what it forbids, where known
    idle_verdict: str | None = None  # its own verdict for an idle game, where known
    empty_verdict: str | None = None  # its own verdict for an empty output judged wrong
    presentation: bool = True  # False where its verdicts have no presentation error (below)
    memory_verdict: bool = True  # False where it has no memory-limit verdict (below)
    output_verdict: bool = True  # False where it has no output-limit verdict (below)
    compare: str | None = None  # its own output comparison (kit.judges.compare), where known
    output: int | None = None  # MiB: its default output limit, where its own format gives one
    games: str = JOINED  # how its games are run: JOINED or PROBLEMTOOLS (above)
    # (seconds, fraction): where it kills a run by its own rule, at the time limit plus the
    # larger of the two, of wall time (a game at twice that), and judges it a time-out (below)
    overshoot: tuple[float, float] | None = None
    # True where it lets a run write on past the output limit (the rest thrown away) and
    # judges a time-out, then a crash, before the output's size (below)
    output_last: bool = False
    # True where it holds a compiled program's address space to the memory limit (below)
    address_space: bool = False
    python_flags: tuple[str, ...] = ()  # options that run a Python here as its judge runs its own
    compile_run: tuple[str, ...] = ()  # arguments of its run of the script before the cases


# the output limit during the run: Kattis "monitor[s] its amount of output" while running the
# program and judges one that "outputs much more data than we expect" Output Limit Exceeded
# (its help page "How judging is done", po.kattis.com/contests/*/help/judgements): stopped at
# the limit, as every judge here. problemtools, its local tool that package authors judge
# their submissions with, sets no RLIMIT_FSIZE (problemtools/run/program.py at a185fe97) and
# judges a time-out, then a crash (judge/execute.py) before the output's size (judge/
# validate.py): what `verify` does for a Kattis package (kit.run.cases, RunOptions.output_last)
#
# games run as problemtools' runner runs them (Kattis/problemtools at a185fe97,
# support/interactive/interactive.cc and judge/execute.py's _run_interactive), whatever the
# interactor's protocol: pipes of 1 MiB each way (PIPE_SIZE = 1<<20, set by makepipe); the
# pipe from the solution closed only once the validator rejected, so a write after it accepted
# does not fail; a validator's failure read before the submission's; no output limit (only a
# batch run's output is measured, judge/validate.py).
#
# memory and stack, where a judge documents them (the rest keep the defaults: memory counted
# above the interpreter, a stack as large as the memory limit):
# - Kattis: "heap and stack sizes are limited only by the total amount of memory available",
#   the interpreter included (the NWERC 2020 system page, judged on Kattis); problemtools, its
#   local tool, runs submissions with `limit.try_limit(resource.RLIMIT_STACK,
#   resource.RLIM_INFINITY, resource.RLIM_INFINITY)` (Kattis/problemtools,
#   problemtools/run/program.py; commit 72bccb6, "Set stack size to unlimited when running
#   submissions.").
#   A C or C++ submission's address space is held to the memory limit, an allocation past
#   it failing (`limit.try_limit(resource.RLIMIT_AS, memlim * (1024**2), ...)` unless its
#   language is Java, Scala, Kotlin or Common Lisp: problemtools/run/program.py, `__run_wait`,
#   and run/source.py, `should_skip_memory_rlimit`, at a185fe97 and in 1.20260907): the
#   kit holds a compiled submission so (`address_space`), and a Python one by its resident set.
#   Time is CPU time: "We measure total CPU time used by your process" (Kattis' help centre,
#   kattis.freshdesk.com, "How is the running time measured"); problemtools adds user and
#   system time from wait4.
# - AtCoder: `ulimit -s` reads 1048576 KiB in its code test (a user's measurement, qiita.com
#   reika727 "AtCoder stack size"; AtCoder does not document it).
# limits, the usual time and memory limits `new` writes (a problem's statement says its own):
# - AtCoder: "Time Limit: 2 sec / Memory Limit: 1024 MiB" heads its problem pages, e.g. every task
#   of atcoder.jp/contests/adt_all_20231116_1/tasks_print and ABC 406 E "Popcount Sum 3".
# - Codeforces: "time limit per test 2 seconds, memory limit per test 256 megabytes" on its
#   problem pages, e.g. codeforces.com/contest/1913/problem/A and Educational Round 87's A, B,
#   C1, C2 and E (contest 1354); Codeforces documents no default, and other pages differ.
# - Kattis, Timus, SPOJ: none confirmed (Kattis sets each problem's time limit from its
#   solutions; the package format gives 2048 MiB as the typical system default memory,
#   Kattis/problem-package-format spec/legacy.md, where problemtools' own
#   problemtools/config/problem.yaml says 1024: two documents, neither the judge's setting).
# platform, where a judge's Python runs on Windows (every other profile's judge runs Linux):
# - Codeforces: its language list names Windows toolchains ("GNU G++20 13.2 (64 bit,
#   winlibs)", "GNU G++23 14.2 (64 bit, msys2)", seen through third-party copies of the list,
#   one a copy of codeforces.com/problemset/submit itself saved in 2025, muntakimdev/CP
#   `twentyfourth.cpp` at 3dba78d4, with "Python 3.13.2" and "PyPy 3.10 (7.3.15, 64bit)"),
#   and its users report that "codeforces compiles and runs submissions in a windows
#   environment" (codeforces.com/topic/123842, "Codeforces uses Windows"). What that changes
#   for a solution is in kit.judges.platforms: no Unix-only modules (resource, fcntl, ...), and
#   CPython 3.13's lower limit on recursion through C (lru_cache recursion about 1000 deep).
# - Timus: its compiler list, beside "Python 3.12 x64" and "PyPy 3.10 x64", offers "Visual C
#   2022" and "Visual C++ 2022 x64", Microsoft's compilers, which run on Windows only (seen
#   through two third-party copies of the list, as its Python versions above: docs/
#   targets.md); Timus' own pages that would say so were not readable.
# forbidden_verdict, the judge's own word for a forbidden operation (the kit's verdict stays RE):
# - Timus: "Restricted function", in the verdict lists of two independent clients that read
#   Timus' status pages (CodepitIO/judger, src/adapters/timus/config.js; a Django client's
#   TIMUS_REJECTED_VERDICTS); Timus' own guide was not readable past its list of what solutions
#   must not do (timus.online/help.aspx?topic=judge: "work with the file system; execute other
#   programs and create new processes; create or manipulate any GUI re...").
# idle_verdict, the judge's own word for a game whose solution stopped spending CPU time (the
# kit's verdict stays TLE, "idle"):
# - Codeforces: "Idleness Limit Exceeded", in MikeMirzayanov's rules for interactive problems
#   as quoted in codeforces.com/blog/entry/5496 (a solution stopped for its limits gets Time
#   Limit Exceeded, Memory Limit Exceeded or Idleness Limit Exceeded, "the last if the program
#   spent no CPU time at all for a long while"), and in its interactive statements ("After
#   printing a query do not forget to output end of line and flush the output. Otherwise, you
#   will get Idleness limit exceeded").
# empty_verdict, the judge's own word for a batch run's wrong answer that is an empty output (the
# kit's verdict stays WA):
# - DOMjudge: "no-output", when its comparison rejects an output of 0 bytes, outside games
#   (`determineVerdict`, judge/judgedaemon.main.php: "Program produced no output.").
# presentation, whether a judge has a presentation error verdict (the kit's PE, which a `lines`
# comparison and a checker's exit 2 or 4 give); where it has none, a PE is its WA:
# - Codeforces dropped it: "the verdict Presentation Error is declared obsolete [...] now if
#   your program's output [...]" is Wrong answer (MikeMirzayanov, codeforces.com/blog/entry/1028,
#   Russian; a testlib checker's _pe is reported as Wrong answer).
# - AtCoder has none: its verdicts are AC, WA, TLE, MLE, RE, OLE, CE and IE (its contest
#   sites' glossary, e.g. tenka1-2017.contest.atcoder.jp/glossary).
# - Kattis has none: its verdicts are AC, WA, TLE, MLE, OLE, RTE and JE (problemtools,
#   verifyproblem.py; an output validator accepts with 42 and rejects with 43, nothing else).
# - Timus has none: three independent clients that read its status pages list its verdicts
#   without one (a Python client's `Verdict` enum of timus.online/textstatus.aspx: Accepted,
#   Wrong answer, Time limit exceeded, Memory limit exceeded, Output limit exceeded, Idleness
#   limit exceeded, Runtime error and its kinds, Restricted function, Compilation error and its
#   kinds, Checker failed; the Django client's TIMUS_REJECTED_VERDICTS and CodepitIO/judger's
#   src/adapters/timus/config.js, as for forbidden_verdict above). How Timus compares an
#   output with its answer is not confirmed (its guide was not readable there): the kit's
#   `lines` stays, its layout-only rejection said as Timus would say it, a wrong answer.
# memory_verdict, whether a judge has a memory-limit verdict; where it has none, a run over the
# limit is its run error:
# - DOMjudge's verdicts are correct, compiler-error, timelimit, run-error, no-output,
#   wrong-answer and output-limit (DOMjudge/domjudge at a023fd3e, judge/judgedaemon.main.php,
#   `enum Verdict` and `determineVerdict`): a run its control group stops for memory is a
#   run-error.
# - SPOJ's status codes are AC, WA, TLE, CE and RE, a run error's codes among them "SIGXFSZ
#   (signal 25) - 'output limit exceeded'" (its list, "At present SPOJ uses the following
#   status codes", on its contest pages, new3.spoj.com/PT07/embed/rules, 2007, and quoted
#   whole in sujeetha.blogspot.com/2008/02/spoj-techniques.html): no presentation error, no
#   memory-limit and no output-limit verdict (output_verdict: an output over the limit is a
#   run error).
# compare, how a judge compares an output with its answer when the problem has no checker of
# its own (else the kit's "lines", POJ's rule):
# - Kattis: its problem package format's default output validator ("kattis"; problemtools,
#   support/default_validator/default_validator.cc), tokens compared ignoring case.
# - Codeforces: "tokens". Its problems are prepared on Polygon with testlib's standard checkers,
#   and none of them rejects an output for its spacing: wcmp ("compare sequences of tokens"),
#   ncmp (numbers), lcmp ("compare files as sequence of tokens in lines", spaces within a line
#   ignored) and yesno (MikeMirzayanov/testlib, checkers/); only fcmp compares whole lines. A
#   newline for a space passes wcmp and ncmp and fails lcmp, with WA: no standard checker
#   gives PE for spacing.
# - AtCoder: "tokens": its official contests' judge ignores spaces and newlines, a user's
#   report (qryxip/snowchains pull request #167, 2026, open, not merged: it proposes ignoring
#   them "to match the current judge of AtCoder's official contests", pointing to
#   qryxip/cargo-compete#143); spaces at line ends and a missing last newline are accepted
#   (kyuridenamida/atcoder-tools, issues #285 and #300, each with accepted submissions
#   linked). Older problems may compare more strictly: online-judge-tools/oj#702 (2020) keeps
#   a space at a line's end a failure for that reason (docs/targets.md says so).
# - SPOJ: "tokens". It runs on Sphere Engine ("Spoj uses Sphere Engine", its pages' footer),
#   whose built-in judge "Ignores extra white spaces" trims the output and the answer and makes
#   each run of spaces, tabs, newlines and carriage returns one space before an exact
#   comparison (docs.sphere-engine.com/problems/handbook/judges): testlib's wcmp, the kit's
#   tokens. SPOJ's problems use it unless their setter chose another: "The standard judge is
#   being used, so any runs of consecutive whitespace characters are treated as equivalent"
#   (a comment of 2015-03-22 on br.spoj.com/SPOJ/problems/REVINPUT).
# DOMjudge, the jury system of ICPC contests (NWERC, BAPC and other regionals), from its
# sources (DOMjudge/domjudge at a023fd3e, March 2026):
# - targets: its default Python 3 language runs `pypy3 "$MAINSOURCE"` ("from version 8.0.0 the
#   default Python 3 interpreter is pypy 3", sql/files/defaultdata/py3/run), the judgehost's own
#   PyPy, whose version a contest's page states: "pypy3", checked as Python 3.8;
# - source limit: `sourcesize_limit`, 256 kB (etc/db-config.yaml); output: `output_limit`, 8192
#   kB; its usual memory, `memory_limit`, 2097152 kB, "This includes the shell which starts the
#   compiled solution and also any interpreter like the Java VM" (the same file): the whole
#   process, its control group's `memory.peak` (judge/runguard.cc);
# - stack: "Always set the stack size to be unlimited." (judge/runguard.cc);
# - time: CPU time, the control group's `cpu.stat` over every process and thread of the run:
#   the judge daemon gives runguard `--walltime` then `--cputime`, and "the last of wall/cpu
#   time options set" decides (judge/judgedaemon.main.php, judge/runguard.cc); "your program
#   has exactly 1 processor core fully at its disposal" (doc/manual/team.rst);
# - compare: its default `compare` is its copy of problemtools' default validator
#   ("default_validator from kattis problemtools package [...] modified: float comparison",
#   sql/files/defaultdata/compare/compare.cc), case and spacing ignored unless a problem asks
#   otherwise, its tokens compared as whole strings and inf and nan read as numbers
#   (kit.judges.compare's "domjudge"); no presentation error, no memory-limit verdict;
# - games: judge/runpipe.cc joins the two programs through a proxy that sets each pipe to the
#   system's largest (`F_SETPIPE_SZ`, /proc/sys/fs/pipe-max-size, 1 MiB by default) and, when
#   the interactor exits, closes the solution's input but keeps reading its output, so a write
#   after the interactor accepted does not fail; a wrong answer from an interactor that exited
#   first wins over the solution's time-out or crash (`determineVerdict`): as problemtools'
#   runner, PROBLEMTOOLS;
# - overshoot: every run has a hard limit of its time limit plus `timelimit_overshoot`, "Time
#   that submissions are kept running beyond timelimit before being killed", by default
#   `1s|10%`, the larger of 1 s and a tenth of the limit (etc/db-config.yaml, lib/lib.misc.php
#   `overshoot_time`), for CPU and wall time alike; a game's wall limit is twice that
#   ("accounts for wall time spent in the validator", judge/judgedaemon.main.php); runguard
#   kills the run there, and "Hard limit reached always has precedence": a time-out, whatever
#   CPU time the run spent (judge/runguard.cc). A run that sleeps past it is a time-out there.
# - output_last: runguard reads the run's stdout through a pipe and past `--streamsize` "Throw[s]
#   away data if we're at the output limit" (`pump_pipes`), so a write never fails and the run
#   goes on; `determineVerdict` then checks the time limit, then a run error, and only then
#   `hasStdoutTruncated` (judge/runguard.cc, judge/judgedaemon.main.php): an endless print
#   loop is a time-out there, a flood followed by a crash a run error (one past the time
#   limit its time-out, as the time comes first).
# python_flags, the options that make a Python here run as a judge's (where the judge starts
# Python with them, or its Python lacks what they turn off):
# - AtCoder lifts 3.11's limit on int-to-str digits: its 2025-10 install file for CPython,
#   082-3-13_cpython.toml (read through the copy in Harui-i/ahc-research,
#   src/cpython/082-3-13_cpython.toml), runs `python3.13 -X int_max_str_digits=0 Main.py`, and
#   SakanaAI/ALE-Bench's copy of the same update runs `pypy3 -X int_max_str_digits=0 Main.py`
#   (src/ale_bench/judge_command_profiles.py). PyPy 3.9 (7.3.11) here takes the option too.
#   Only the cases' runs have it: the compile step is plain `python3.13 Main.py ONLINE_JUDGE`
#   (ALE-Bench's test of its 2025-10 Python commands, test_python_202510_command_and_paths).
# - Kattis does not lift it: its language page starts Python 3 as plain `pypy3 {mainfile}`
#   ("We use pypy3 3.10.13 to run your program with the following command", Kattis'
#   open.kattis.com/contests/sokc76/languages/python3), and PyPy has the limit from 7.3.11,
#   before its first 3.10 release (7.3.12). A later PyPy 3.11 there (7.3.23, quoted from its
#   language page by a third party's notes for NCPC 2026) is not confirmed on Kattis' own
#   pages: the profile keeps 3.10, the stricter of the two (docs/targets.md).
# compile_run, the arguments a judge's compile step runs the script with, before any case:
# - AtCoder compiles Python with `python3.13 -m py_compile Main.py` and then
#   `python3.13 Main.py ONLINE_JUDGE 2> /dev/null` (its 2025-10 install file,
#   082-3-13_cpython.toml, read through the copy in Harui-i/ahc-research, lines 2258-2265; the
#   2023 update's CPython 3.11 and PyPy 3.10 entries have the same two lines, as
#   atcoder8/atcoder-language-update's dump of its list gives them). That run's exit status
#   decides nothing (a solution that reads its input at once fails there and is judged as
#   usual), its stderr is dropped, and the files it writes stay beside Main.py for the cases,
#   which run `python3.13 Main.py` with the script's folder first on sys.path: the idiom of
#   numba's ahead-of-time `CC("my_module")` compiled there and `from my_module import f` in the
#   cases. The stdin it gets and its time limit are not documented.
# output, a default output limit: Kattis' problem package format gives 8 MiB as the typical
#   system default of ``limits.output`` (spec/legacy.md and later versions, "Limits"), which
#   the kit's reader of its packages takes too (kit.packages.kattis_limits); other judges: the
#   kit's 64.
# modules, the third-party packages a judge installs (kit.judges.modules has the lists and
# their sources): AtCoder's 2025 language update, for CPython and PyPy; Library Checker's
# CPython (numpy, scipy). The other judges list none that could be confirmed: the standard
# library only.
# Library Checker (judge.yosupo.jp), from its judge's sources (yosupo06/library-checker-judge
# at 30cbf1bd, May 2026):
# - targets: langs/langs.toml, "Python3" (`python3 main.py`, version "python3.10 + numpy +
#   scipy", its image langs/Dockerfile.PYTHON3 built `FROM python:3.10-slim`) and "PyPy3"
#   (`pypy3 main.py`, "pypy3.9-7.3.9", langs/Dockerfile.PYPY `FROM pypy:3.9-7.3.9-slim`);
# - source limit: 1024 * 1024 bytes (database/validate.go MAX_SOURCE_SIZE; the submission
#   handler, restapi/handlers_submissions.go, refuses a longer source);
# - memory: every run gets DEFAULT_MEMORY_LIMIT_MB = 1024 (judge/judge.go), docker's
#   `--memory` on the container, whose control group's `memory.current` is read
#   (executor/execute.go): the whole process, the interpreter included;
# - stack: `WithUnlimitedStackLimit()` in every run's options (judge/judge.go);
# - time: wall time, from the first to the last tick the container's control group held the
#   program (executor/execute.go, highPrecisionContainerMonitor), the default;
# - no compare of its own: each problem has its own checker (judge/judge.go, runChecker);
#   no usual time limit (each problem's info.toml gives one);
# - verdicts: judge/judge.go's runTestCase sets only TLE, RE (any non-zero exit, a run its
#   container stops for memory among them), ITLE, WA, PE, Fail, Unknown and AC: no
#   memory-limit and no output-limit verdict (memory_verdict, output_verdict).
# CSES (cses.fi):
# - targets: "Python3: CPython 3.12.3 / PyPy 3.9.18", its languages page (cses.fi/howto) as
#   a third-party summary of the problem set copies it (beside gcc 13.3.0, Node.js 18.19.1
#   and ruby 3.2.3, the versions Ubuntu 24.04 ships, whose PyPy is 3.9.18, 7.3.15); the page
#   itself was not readable here;
# - source limit: "The largest allowed size of a source code is 128 kB" (its contests'
#   instruction pages, cses.fi/95/text/785/ and cses.fi/234/text/1596/; the same figure in
#   that summary);
# - limits: "Time limit: 1.00 s", "Memory limit: 512 MB" on its problem pages as copied
#   beside solutions (Missing Number, Josephus Problem II, Company Queries II; tasks 1636 and
#   2181 through Competitive Companion's headers);
# - its verdicts, on the same instruction pages: ACCEPTED, WRONG ANSWER, TIME LIMIT EXCEEDED,
#   OUTPUT LIMIT EXCEEDED and RUNTIME ERROR "(for example, memory limit exceeded or unhandled
#   exception)": no presentation error, no memory-limit verdict;
# - its order: "Ohjelma lopetetaan, mikäli se ylittää tehtävän aika- tai muistirajan" (the
#   program is stopped if it goes over the time or memory limit), and of its errors, listed
#   as COMPILE ERROR, OUTPUT LIMIT EXCEEDED, TIME LIMIT EXCEEDED, RUNTIME ERROR ("esimerkiksi,
#   jos muisti loppuu kesken", a memory failure among them) and WRONG ANSWER, "Mikäli tässä
#   testitapauksessa ohjelma tuottaa useamman virheen, niistä näytetään edellisen listan
#   mukaan ensimmäinen" (if the program makes several errors on that test, the first of them
#   by the list is shown): its course pages' technical instructions, cses.fi/alon17/text/756/
#   (cses.fi/dt/text/311 says the same of the first four). The kit's order (kit.run.limits).
# A failure after the time limit is a time-out on every judge here, so no profile says it
# (kit.run.limits.exceeded, docs/verdicts.md "Several errors in one run"): CSES (above);
# DOMjudge's determineVerdict checks the time before the exit code, runguard's time-result
# set by the CPU time however the run ended (at a023fd3e); problemtools' _run_normal and
# _run_interactive judge TLE before RTE (judge/execute.py at a185fe97); Library Checker's
# runTestCase reads TLE before the exit code (judge/judge.go at 30cbf1bd); the others stop
# a run at (or near: AtCoder's about 1.1 times, a user's measurement) its limit.
KATTIS_OUTPUT = 8  # MiB, the package format's typical system default (above)
DOMJUDGE_OUTPUT = 8  # MiB, its default output_limit, 8192 kB (above)
DOMJUDGE_OVERSHOOT = (1.0, 0.1)  # its default timelimit_overshoot, 1s|10% (above)
NO_DIGIT_LIMIT = ("-X", "int_max_str_digits=0")  # 3.11's int-to-str digit limit lifted
PROFILES = {
    "codeforces": Profile(
        "Codeforces",
        ("cpython3.13", "pypy3.10"),
        64 * 1024,
        limits=Limits(2.0, 256),
        platform=WINDOWS,
        compare="tokens",
        idle_verdict="Idleness limit exceeded",
        presentation=False,
    ),
    "atcoder": Profile(
        "AtCoder",
        ("cpython3.13", "pypy3.11"),
        512 * 1024,
        stack=1024,
        modules=ATCODER_2025,
        limits=Limits(2.0, 1024),
        compare="tokens",
        presentation=False,
        python_flags=NO_DIGIT_LIMIT,
        compile_run=("ONLINE_JUDGE",),
    ),
    "kattis": Profile(
        "Kattis",
        ("pypy3.10",),
        128 * 1024,
        memory=WHOLE,
        stack=UNLIMITED,
        time=CPU,
        compare="kattis",
        output=KATTIS_OUTPUT,
        presentation=False,
        games=PROBLEMTOOLS,
        address_space=True,
    ),
    "timus": Profile(
        "Timus",
        ("cpython3.12", "pypy3.10"),
        None,
        no_files=True,
        no_processes=True,
        forbidden_verdict="Restricted function",
        presentation=False,
        platform=WINDOWS,
    ),
    "domjudge": Profile(
        "DOMjudge",
        ("pypy3",),
        256 * 1024,
        memory=WHOLE,
        stack=UNLIMITED,
        time=CPU,
        compare="domjudge",
        output=DOMJUDGE_OUTPUT,
        presentation=False,
        memory_verdict=False,
        games=PROBLEMTOOLS,
        overshoot=DOMJUDGE_OVERSHOOT,
        output_last=True,
        empty_verdict="no-output",
    ),
    # SPOJ runs CPython 3.7.3, older than the kit checks: 3.8 is the nearest it can
    "spoj": Profile(
        "SPOJ",
        ("cpython3.8",),
        50_000,
        compare="tokens",
        presentation=False,
        memory_verdict=False,
        output_verdict=False,
    ),
    "library checker": Profile(
        "Library Checker",
        ("cpython3.10", "pypy3.9"),
        1024 * 1024,
        memory=WHOLE,
        stack=UNLIMITED,
        modules=LIBRARY_CHECKER,
        memory_verdict=False,
        output_verdict=False,
    ),
    "cses": Profile(
        "CSES",
        ("cpython3.12", "pypy3.9"),
        128 * 1024,
        limits=Limits(1.0, 512),
        presentation=False,
        memory_verdict=False,
    ),
}
STRICTEST = ("cpython3.8", "pypy3")
CLOSE_RATIO = 0.85
CLOSE_FROM_LENGTH = 5  # shorter names are only compared exactly
# the rule, as an unknown judge's error (misspelt_judge) and new --judge's help say it
NEAR_MISS = (
    "a name close to a profile's is refused as misspelt; only one unlike every profile's, "
    "e.g. POJ, is a judge without a profile, which gets the strictest targets"
)


def profile_for(judge: str) -> Profile | None:
    return PROFILES.get(judge.strip().lower())


def judge_name(judge: str) -> str:
    """The judge as its profile names it, else as problems.toml spells it."""
    profile = profile_for(judge)
    return profile.name if profile is not None else judge.strip()


def default_targets(judge: str) -> list[Target]:
    profile = profile_for(judge)
    return [parse_target(name) for name in (profile.targets if profile else STRICTEST)]


def misspelt_judge(judge: str) -> str | None:
    """The error of a judge name close to a profile's (``suggestion_for``), its suggestion and
    the rule: ``unknown judge 'Codefroces' (did you mean 'codeforces'? a name close ...)``;
    None for a profile's name or one unlike every profile's."""
    meant = suggestion_for(judge)
    if meant is None:
        return None
    return f"unknown judge {judge!r} (did you mean {meant!r}? {NEAR_MISS})"


def suggestion_for(judge: str) -> str | None:
    """The profile a judge name without one was probably meant to name, or None."""
    if profile_for(judge) is not None:
        return None
    words = re.findall(r"[a-z0-9]+", judge.lower())
    for word in words:  # acm.timus.ru, open.kattis.com, "Codeforces Gym"
        if word in PROFILES:
            return word
    key = "".join(words)
    if len(key) < CLOSE_FROM_LENGTH:
        return None
    close = difflib.get_close_matches(key, PROFILES, n=1, cutoff=CLOSE_RATIO)
    return close[0] if close else None

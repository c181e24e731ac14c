"""``cpkit listen``: problems POSTed as Competitive Companion sends them are scaffolded as
``new --from`` does, one by one, until ``--once`` has its problem or its contest's batch;
what cannot be read or scaffolded is one line and the listening goes on; a port in use is a
one-line error."""

import contextlib
import json
import re
import shlex
import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from kit import cli
from kit.commands import listen
from kit.pages import companion
from kit.registry import load_registry

PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"
EXAMPLE = json.loads((PAGES / "companion.json").read_text())


def problem(**changes) -> bytes:
    return json.dumps({**EXAMPLE, **changes}).encode()


class Listening:
    """``cpkit listen --port 0 ARGS`` in a thread; ``port`` once it serves, ``post(body)``."""

    def __init__(self, root: Path, capsys, *args: str) -> None:
        self.capsys, self.out, self.err, self.status = capsys, "", "", None
        argv = ["listen", "--port", "0", *args, "--root", str(root)]
        self.thread = threading.Thread(target=self._run, args=(argv,), daemon=True)
        self.thread.start()
        self.port = int(self._wait_for(r"listening on http://127\.0\.0\.1:(\d+) ")[1])

    def _run(self, argv) -> None:
        self.status = cli.main(argv)

    def _read(self) -> None:
        captured = self.capsys.readouterr()
        self.out += captured.out
        self.err += captured.err

    def _wait_for(self, pattern: str):
        for _ in range(200):
            self._read()
            found = re.search(pattern, self.out)
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"never printed {pattern!r}: {self.out!r} {self.err!r}")

    def post(self, body: bytes) -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/", data=body)
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status

    def end(self) -> int:
        self.thread.join(10)
        assert not self.thread.is_alive(), "still listening"
        self._read()
        return self.status


def test_one_problem_is_scaffolded_and_once_stops(toy, capsys, hang_fails):
    listening = Listening(toy, capsys, "--once")
    assert listening.post(problem()) == 200
    assert listening.end() == 0
    assert "received 'Castle Defense' (Codeforces)\nnew problem castle_defense:" in listening.out
    assert "limits 1.5 s, 256 MiB from the browser, id 954G" in listening.out
    assert load_registry(toy)["castle_defense"].time_limit == 1.5
    assert (toy / "samples" / "castle_defense" / "sample-2.in").read_text() == "4 2 0\n1 2 3 4\n"


def test_a_contest_s_batch_is_awaited_and_errors_do_not_stop_it(toy, capsys, hang_fails):
    """Three problems of one batch: one scaffolded, one already there (said, passed over), one
    that cannot be read; then --once stops."""
    listening = Listening(toy, capsys, "--once")
    batch = {"id": "b-1", "size": 3}
    assert listening.post(problem(batch=batch)) == 200
    assert listening.post(problem(batch=batch)) == 200
    assert listening.post(problem(batch=batch, timeLimit="soon")) == 200
    assert listening.end() == 0
    assert listening.out.count("new problem castle_defense:") == 1
    lines = listening.err.splitlines()
    assert lines[0] == (
        "not scaffolded: 'Castle Defense': new: castle_defense exists in problems.toml "
        "(Codeforces 954G); nothing was changed"
    )
    name = json.loads(problem())["name"]  # which of the contest's problems: it was not said
    assert lines[1].startswith(f"not scaffolded: {name!r}: the data received: 'timeLimit' is")


def test_a_site_the_kit_does_not_know_takes_the_judge_named(toy, capsys, hang_fails):
    """Only there: a Codeforces problem stays Codeforces' (it was relabelled AtCoder's)."""
    listening = Listening(toy, capsys, "--once", "--judge", "Kattis")
    batch = {"id": "s", "size": 2}
    listening.post(problem(url="https://judge.example/p/7", name="Seven", batch=batch))
    listening.post(problem(batch=batch))
    assert listening.end() == 0
    registry = load_registry(toy)
    assert (registry["seven"].judge, registry["castle_defense"].judge) == ("Kattis", "Codeforces")


def test_competitive_companion_s_default_limits_are_stored_said_to_be_its_own(
    toy, capsys, hang_fails
):
    """A site whose limits Competitive Companion does not read sends its defaults, 1000 ms and
    1024 MB: the table keeps them, its comments and a note saying whose they are."""
    listening = Listening(toy, capsys, "--once", "--judge", "Kattis")
    url = "https://contest.ucup.ac/contest/1/problem/2"
    listening.post(problem(url=url, name="Seven", timeLimit=1000, memoryLimit=1024))
    assert listening.end() == 0
    assert f"note: {companion.DEFAULT_NOTE}" in listening.out.splitlines()
    assert "1024 MiB from the browser (Competitive Companion's defaults, perhaps not the " in (
        listening.out
    )
    assert (load_registry(toy)["seven"].time_limit, load_registry(toy)["seven"].memory_limit) == (
        1,
        1024,
    )
    table = (toy / "problems.toml").read_text()
    assert "1000 ms, Competitive Companion's default, perhaps not the problem's" in table
    assert "1024 MB, Competitive Companion's default, perhaps not the problem's" in table


def test_junk_does_not_count_and_once_with_nothing_scaffolded_exits_1(toy, capsys, hang_fails):
    (toy / "samples" / "castle_defense").mkdir(parents=True)  # in the way: nothing is made
    listening = Listening(toy, capsys, "--once")
    assert listening.post(b"garbage") == 200
    assert listening.thread.is_alive()  # junk is no problem: still listening
    listening.post(problem())
    assert listening.end() == 1
    lines = listening.err.splitlines()
    assert lines[0].startswith("not scaffolded: the data received: not readable as JSON")
    assert lines[1].startswith(
        "not scaffolded: 'Castle Defense': new: castle_defense: samples/castle_defense/"
    )


def scaffolded_offline(root: Path, capsys, monkeypatch) -> str:
    """The example's problem scaffolded from its address alone (its host's name not resolved:
    ``new --from URL`` offline); its slug."""
    import urllib.error  # noqa: PLC0415

    def unreachable(*args, **kwargs):
        raise urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))

    with monkeypatch.context() as patched:  # scoped: the listening tests post with urlopen
        patched.setattr(urllib.request, "urlopen", unreachable)
        assert cli.main(["new", "--from", EXAMPLE["url"], "--root", str(root)]) == 1
    capsys.readouterr()
    return "codeforces_954g"


def test_a_problem_scaffolded_offline_is_filled_in_as_new_from_fills_it(
    toy, capsys, hang_fails, monkeypatch
):
    """It was refused as a problem that exists; its table's title and limits and its samples
    are filled in from the data, as ``new --from`` fills them (kit.commands.new_filling)."""
    slug = scaffolded_offline(toy, capsys, monkeypatch)
    solution = (toy / "solutions" / f"{slug}.py").read_bytes()
    listening = Listening(toy, capsys, "--once")
    assert listening.post(problem()) == 200
    assert listening.end() == 0 and listening.err == "", listening.err
    assert (
        f"received 'Castle Defense' (Codeforces)\nnew: filled in {slug} from the browser: "
        "title, time_limit, memory_limit in problems.toml; 3 samples written into "
        f"samples/{slug}/; the solution untouched\n"
    ) in listening.out
    problem_now = load_registry(toy)[slug]
    assert (problem_now.title, problem_now.time_limit) == ("Castle Defense", 1.5)
    assert (toy / "samples" / slug / "sample-2.in").read_text() == "4 2 0\n1 2 3 4\n"
    assert (toy / "solutions" / f"{slug}.py").read_bytes() == solution
    assert "castle_defense" not in load_registry(toy)


def test_a_problem_no_longer_as_scaffolded_offline_is_refused_as_before(
    toy, capsys, hang_fails, monkeypatch
):
    slug = scaffolded_offline(toy, capsys, monkeypatch)
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('"Codeforces 954G"', '"Mine"'))
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    listening = Listening(toy, capsys, "--once")
    listening.post(problem())
    assert listening.end() == 1
    assert listening.err == (
        f"not scaffolded: 'Castle Defense': new: {slug} exists in problems.toml "
        "(Codeforces 954G); nothing was changed\n"
    )
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before


def test_a_filling_whose_samples_cannot_be_written_is_one_line_and_not_counted_made(
    toy, capsys, hang_fails, monkeypatch
):
    """A file where the samples' folder must be: the table filled in, the line says so and
    which file was not written; ``--once`` with nothing else done exits 1."""
    slug = scaffolded_offline(toy, capsys, monkeypatch)
    (toy / "samples" / slug).rmdir()
    (toy / "samples" / slug).write_text("mine\n")
    listening = Listening(toy, capsys, "--once")
    listening.post(problem())
    assert listening.end() == 1
    assert listening.err == (
        f"new: filled in {slug} from the browser: title, time_limit, memory_limit in "
        f"problems.toml; the page's samples not all written (samples/{slug}: File exists); "
        "the solution untouched\n"
    )
    assert load_registry(toy)[slug].title == "Castle Defense"


def test_a_problem_without_a_slug_is_kept_in_a_file_that_new_can_read(toy, capsys, hang_fails):
    """No slug can be made of a Chinese title on a judge without ids: the line said "name
    one: cpkit new SLUG --from PAGE", and the listener keeps no page. The command given keeps
    the judge ``--judge`` named (the file alone made it the address's host's), quoted."""
    listening = Listening(toy, capsys, "--once", "--judge", "UOJ Online")
    body = problem(name="新年的促销", url="https://uoj.example/contest/1/problem/2", group="")
    listening.post(body)
    assert listening.end() == 1
    said, _, command = listening.err.splitlines()[0].partition("; its data is kept: ")
    assert said == "not scaffolded: new: no slug can be made of the title '新年的促销'"
    words = shlex.split(command)
    assert words[:4] == ["cpkit", "new", "SLUG", "--from"] and words[5:] == [
        "--judge",
        "UOJ Online",
    ]
    kept = Path(words[4])
    try:
        assert kept.read_bytes() == body
        assert cli.main(["new", "sale", *words[3:], "--root", str(toy)]) == 0
        assert load_registry(toy)["sale"].judge == "UOJ Online"
    finally:
        kept.unlink()


def test_a_client_that_sends_nothing_does_not_hold_the_others(toy, capsys, hang_fails, monkeypatch):
    monkeypatch.setattr(listen, "TIMEOUT", 0.5)
    listening = Listening(toy, capsys, "--once")
    with socket.create_connection(("127.0.0.1", listening.port)):  # connects, says nothing
        time.sleep(0.1)
        assert listening.post(problem()) == 200  # served once the silent one timed out
    assert listening.end() == 0


def test_a_client_that_sends_a_byte_at_a_time_does_not_hold_the_others(
    toy, capsys, hang_fails, monkeypatch
):
    """Each byte within the socket's timeout, never the whole request: the server (one request
    at a time) was held as long as the client liked; the request has TIMEOUT in all."""
    monkeypatch.setattr(listen, "TIMEOUT", 0.5)
    listening = Listening(toy, capsys, "--once")
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", listening.port)) as slow:
        with contextlib.suppress(OSError):  # cut off by the server
            for byte in b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99\r\n\r\n" + b"x" * 99:
                slow.sendall(bytes([byte]))
                time.sleep(0.1)
                if time.monotonic() - started > 3:
                    break
        assert time.monotonic() - started < 3  # the server ended it first
        assert listening.post(problem()) == 200
    assert listening.end() == 0


@pytest.mark.parametrize(
    ("request_bytes", "why"),
    [
        (b"Content-Length: abc\r\n\r\n", "no Content-Length, or a bad one"),
        # cut at TIMEOUT both ways, the server could not send its answer: the client saw the
        # connection closed, and the listener a BrokenPipeError beside the refusal
        (b"Content-Length: 100\r\n\r\nx", "the body stopped short of its 100 bytes"),
    ],
)
def test_a_bad_request_is_refused_in_one_line_and_gets_its_400(
    toy, capsys, hang_fails, monkeypatch, request_bytes, why
):
    monkeypatch.setattr(listen, "TIMEOUT", 0.5)
    listening = Listening(toy, capsys, "--once")
    with socket.create_connection(("127.0.0.1", listening.port)) as client:
        client.sendall(b"POST / HTTP/1.1\r\nHost: x\r\n" + request_bytes)
        reply = b"".join(iter(lambda: client.recv(4096), b""))  # all of it: unread, a reset
        assert reply.startswith(b"HTTP/1.0 400 ")
    listening.post(problem())
    assert listening.end() == 0
    assert f"refused a request: {why} (HTTP 400)\n" in listening.err
    assert "a request failed" not in listening.err


@pytest.mark.parametrize(
    ("judge", "said"),
    [("Codeforce", "listen: unknown judge 'Codeforce' (did you mean 'codeforces'? a name close"),
     ("", "listen: name the judge with --judge NAME")],
)  # fmt: skip
def test_a_judge_name_new_would_refuse_is_refused_before_listening(
    toy, capsys, hang_fails, judge, said
):
    """A near miss, or ``--judge ''``, which ``new`` refuses and ``listen`` served with."""
    assert cli.main(["listen", "--judge", judge, "--root", str(toy)]) == 2
    assert said in capsys.readouterr().err


def test_a_port_in_use_is_one_line(toy, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["listen", "--port", str(port), "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"cpkit: error: listen: port {port}: in use (cph, or another listen, may hold it); give "
        "another with --port N and add it to Competitive Companion's custom ports\n"
    )


@pytest.mark.parametrize("port", ["-1", "65536", "x"])
def test_a_port_that_is_no_port_is_a_usage_error(toy, capsys, port):
    with pytest.raises(SystemExit) as caught:
        cli.main(["listen", "--port", port, "--root", str(toy)])
    assert caught.value.code == 2 and "not a port number" in capsys.readouterr().err

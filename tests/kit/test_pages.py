"""`new SLUG --from PAGE` (kit.pages): the title, limits, id and sample pairs of a problem page of
POJ (the two saved pages of ../shared/problems/pages, read in place), Codeforces, AtCoder and
Kattis (small pages written for the tests in each judge's markup, tests/fixtures/pages); a page
it cannot read, or an address it cannot fetch, is a one-line error that changes nothing; an
address whose host is not reached (offline) is its own error, and says its judge and id alone."""

import http.server
import json
import socket
import threading
import time
from pathlib import Path

import pytest

from kit import cli
from kit.errors import BuildError
from kit.pages import read_page
from kit.registry import load_registry
from tests.command_support import disk_full_at

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "fixtures" / "pages"
SAVED = ROOT.parent / "shared" / "problems" / "pages"  # outside the repository
needs_saved_pages = pytest.mark.skipif(
    not SAVED.is_dir(), reason="../shared/problems/pages (the saved POJ pages) is not here"
)


def snapshot(root: Path) -> dict:
    return {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}


def new(root: Path, *args: str) -> int:
    return cli.main(["new", *args, "--root", str(root)])


def error_of(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


# --- the four judges' pages ------------------------------------------------------------------


@needs_saved_pages
@pytest.mark.parametrize(
    ("page", "slug", "title", "problem_id", "mebibytes"),
    [
        ("poj-1643-checkers-check.html", "checkers_check", "Checker's Check", "1643", 9),
        ("poj-3116-megacheckers.html", "megacheckers", "MegaCheckers", "3116", 64),
    ],
)
def test_a_saved_poj_page_gives_the_problem_this_checkout_holds(
    toy, capsys, page, slug, title, problem_id, mebibytes
):
    assert new(toy, "fresh", "--from", str(SAVED / page)) == 0
    out = capsys.readouterr().out
    assert f"[fresh] (judge POJ: {title!r}, limits 1 s, {mebibytes} MiB from the page" in out
    problem = load_registry(toy)["fresh"]
    assert (problem.title, problem.id, problem.judge) == (title, problem_id, "POJ")
    assert (problem.time_limit, problem.memory_limit) == (1.0, mebibytes)
    text = (toy / "problems.toml").read_text()
    assert "time_limit = 1.0  # seconds (from the page: 1000MS)" in text
    assert problem.url is None and "url" not in text  # the page does not say its address
    for suffix in (".in", ".out"):  # the samples this checkout took from the same page by hand
        written = (toy / "samples" / "fresh" / f"sample-1{suffix}").read_bytes()
        assert written == (ROOT / "samples" / slug / f"sample-1{suffix}").read_bytes()
    assert sorted(p.name for p in (toy / "samples" / "fresh").iterdir()) == [
        "sample-1.in",
        "sample-1.out",
    ]


def test_a_saved_page_s_address_is_read_from_its_open_graph_tag(tmp_path):
    """A page saved without a canonical link or the browser's comment: ``og:url`` tells; it
    is the problem's ``url``, and a page that says none has none (not guessed from its id)."""
    text = (PAGES / "atcoder.html").read_text()
    address = "https://atcoder.jp/contests/dp/tasks/dp_b"
    canonical = f'<link rel="canonical" href="{address}">'
    graph = f'<meta property="og:url" content="{address}">'
    assert canonical in text
    assert read_page(str(PAGES / "atcoder.html")).url == address
    (tmp_path / "saved.html").write_text(text.replace(canonical, graph))
    saved = read_page(str(tmp_path / "saved.html"))
    assert (saved.id, saved.url) == ("dp_b", address)
    (tmp_path / "bare.html").write_text(text.replace(canonical, ""))
    assert read_page(str(tmp_path / "bare.html")).id is None
    assert read_page(str(tmp_path / "bare.html")).url is None


def test_a_saved_task_s_address_is_kept_without_its_language(toy, capsys, tmp_path):
    """A task saved from its page in Japanese (``?lang=ja``, as AtCoder's tags give it) is
    written with the task's own address, the one its English page has too."""
    text = (PAGES / "atcoder.html").read_text()
    address = "https://atcoder.jp/contests/dp/tasks/dp_b"
    graph = f'<meta property="og:url" content="{address}?lang=ja">'
    (tmp_path / "saved.html").write_text(
        text.replace(f'<link rel="canonical" href="{address}">', graph)
    )
    assert new(toy, "fresh", "--from", str(tmp_path / "saved.html")) == 0
    assert load_registry(toy)["fresh"].url == address
    assert f'\nurl = "{address}"\n' in (toy / "problems.toml").read_text()
    capsys.readouterr()


def test_a_page_saved_in_another_encoding_without_saying_so_keeps_its_letters(tmp_path):
    """A page in windows-1252 with no charset: its title was written with U+FFFD for é."""
    text = (PAGES / "codeforces.html").read_text().replace("Rating Increase", "Rating Incréase")
    (tmp_path / "saved.html").write_bytes(text.encode("cp1252"))
    assert read_page(str(tmp_path / "saved.html")).title == "Rating Incréase"
    (tmp_path / "utf8.html").write_bytes(text.encode("utf-8"))
    assert read_page(str(tmp_path / "utf8.html")).title == "Rating Incréase"


def test_a_page_nested_deeper_than_its_walks_go_is_one_line_about_the_page(tmp_path):
    """A POJ page whose title sits in 30,000 nested tags: the walks' RecursionError reached
    the command as "a source is nested too deep ... split the expression", exit 1."""
    text = (PAGES / "codeforces.html").read_text()
    deep = text.replace("Rating Increase", "<span>" * 30000 + "x" + "</span>" * 30000, 1)
    (tmp_path / "deep.html").write_text(deep)
    with pytest.raises(BuildError, match=r"deep\.html: its tags are nested too deep to read"):
        read_page(str(tmp_path / "deep.html"))


def test_a_codeforces_title_without_a_problem_id_gives_none(tmp_path):
    text = (PAGES / "codeforces.html").read_text()
    saved = tmp_path / "gym.html"
    saved.write_text(text.replace("Problem - 1913A - Codeforces", "Problem - A - Codeforces"))
    assert read_page(str(saved)).id is None


@pytest.mark.parametrize(
    ("page", "judge", "title", "limits", "samples", "problem_id"),
    [
        (
            "codeforces.html",
            "Codeforces",
            "Rating Increase",
            (2.0, 256),
            [("3\n20002001\n391125\n200200\n", "2000 2001\n39 1125\n-1\n"), ("1\n12\n", "1 2\n")],
            "1913A",  # from the page's <title>: a saved page keeps no address
        ),
        (
            "atcoder.html",
            "AtCoder",
            "Frog & Toad",
            (2.5, 1024),
            [("5 3\n10 30 40 50 20\n", "30\n"), ("3 1\n10 20 10\n", "20\n")],
            "dp_b",  # from the page's canonical address
        ),
        (
            "kattis.html",
            "Kattis",
            "Add Two Numbers",
            (1.0, 1024),
            [("3 4\n", "7\n"), ("987 23\n", "1010\n")],
            None,
        ),
    ],
)
def test_each_judge_page_gives_title_limits_and_samples(
    toy, capsys, page, judge, title, limits, samples, problem_id
):
    found = read_page(str(PAGES / page))
    assert (found.judge, found.title, (found.time_limit, found.memory_limit)) == (
        judge,
        title,
        limits,
    )
    assert found.samples == samples and found.id == problem_id
    assert new(toy, "fresh", "--from", str(PAGES / page)) == 0
    out = capsys.readouterr().out
    assert f"samples/fresh/  sample-1.in/.out to sample-{len(samples)}.in/.out" in out
    problem = load_registry(toy)["fresh"]
    assert (problem.judge, problem.title, problem.id) == (judge, title, problem_id or "?")
    assert (problem.time_limit, problem.memory_limit) == limits
    for number, (given, wanted) in enumerate(samples, 1):
        assert (toy / "samples" / "fresh" / f"sample-{number}.in").read_text() == given
        assert (toy / "samples" / "fresh" / f"sample-{number}.out").read_text() == wanted
    assert (toy / "solutions" / "fresh.py").read_text().startswith(f'"""{title}: one line')


def test_the_judge_named_with_the_page_must_be_the_page_judge(toy, capsys):
    assert new(toy, "fresh", "--judge", "kattis", "--from", str(PAGES / "kattis.html")) == 0
    assert 'judge = "kattis"' in (toy / "problems.toml").read_text()
    before = snapshot(toy)
    assert new(toy, "other", "--judge", "Codeforces", "--from", str(PAGES / "atcoder.html")) == 2
    assert error_of(capsys).endswith(
        "new: --judge Codeforces, but "
        f"{PAGES / 'atcoder.html'} is judged by AtCoder (leave --judge out, or name AtCoder); "
        "nothing was changed"
    )
    assert snapshot(toy) == before


def test_an_interactive_problem_takes_title_and_limits_but_not_the_exchanges(toy, capsys):
    assert new(toy, "guess", "--interactive", "--from", str(PAGES / "codeforces.html")) == 0
    assert "(the page's samples are exchanges, left out)" in capsys.readouterr().out
    assert list((toy / "samples" / "guess").iterdir()) == []
    assert load_registry(toy)["guess"].time_limit == 2.0


def test_an_address_is_fetched(toy, capsys):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(PAGES), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        address = f"http://127.0.0.1:{server.server_address[1]}/kattis.html"
        assert new(toy, "fresh", "--from", address) == 0
    finally:
        server.shutdown()
        server.server_close()
    assert load_registry(toy)["fresh"].title == "Add Two Numbers"
    assert load_registry(toy)["fresh"].url == address
    assert f'\nurl = "{address}"\nkind = "batch"\n' in (toy / "problems.toml").read_text()
    assert (toy / "samples" / "fresh" / "sample-2.out").read_text() == "1010\n"
    capsys.readouterr()


# --- what it cannot read: one line, nothing changed ------------------------------------------


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def broken(tmp_path: Path, page: Path, old: str, new_text: str) -> Path:
    text = page.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"broken-{page.name}"
    path.write_text(text.replace(old, new_text), encoding="utf-8")
    return path


def refused(toy, capsys, *args) -> str:
    before = snapshot(toy)
    assert new(toy, "fresh", *args) == 2
    assert snapshot(toy) == before
    return error_of(capsys)


def test_an_address_that_cannot_be_fetched_is_one_line(toy, capsys):
    address = f"http://127.0.0.1:{closed_port()}/problem/1"
    error = refused(toy, capsys, "--from", address)
    assert error.startswith(f"cpkit: error: new: {address}: cannot fetch it (")
    assert error.endswith("); save the page from a browser and give the file")
    error = refused(toy, capsys, "--from", "https://[::1/problem")
    assert error.endswith(
        "cannot fetch it (Invalid IPv6 URL); save the page from a browser and give the file"
    )


def test_an_address_that_sends_its_page_a_byte_at_a_time_is_given_up_on(toy, capsys, monkeypatch):
    """Each read within the timeout, the whole never done: the command waited for ever."""
    import kit.pages  # noqa: PLC0415

    class Drip(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b"<")
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:  # the client gave up
                pass

        def log_message(self, *args):
            pass

    monkeypatch.setattr(kit.pages, "WHOLE_TIMEOUT", 0.5)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Drip)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"http://127.0.0.1:{server.server_address[1]}/problem/1"
        started = time.monotonic()
        error = refused(toy, capsys, "--from", address)
        assert time.monotonic() - started < 5
    finally:
        server.shutdown()
        server.server_close()
    assert error.endswith(
        f"{address}: cannot fetch it (no whole page within 0.5 s); save the page from a browser "
        "and give the file"
    ), error


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_an_address_whose_page_is_cut_short_writes_nothing(toy, capsys, chunked):
    """A connection closed before the declared length: read1 took it for the end, and the
    sample output "3\n7\n" was written as "3\n" without a word."""
    page = (PAGES / "poj.html").read_bytes().replace(b"2 3</pre>", b"3\n7\n</pre>")
    sent = page[: page.index(b"3\n7\n") + 2]

    class Short(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # chunked needs it

        def do_GET(self):  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            if chunked:  # one whole chunk, then no last chunk
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(sent), sent))
            else:
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(sent)
            self.close_connection = True

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Short)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"http://127.0.0.1:{server.server_address[1]}/problem?id=777"
        error = refused(toy, capsys, "--from", address)
    finally:
        server.shutdown()
        server.server_close()
    reason = f" after {len(sent)} bytes" if chunked else f": {len(sent)} of {len(page)} bytes"
    assert error == (
        f"cpkit: error: new: {address}: cannot fetch it (the page was cut short{reason}); "
        "save the page from a browser and give the file"
    )


def test_a_missing_file_and_a_page_of_no_judge(toy, tmp_path, capsys):
    error = refused(toy, capsys, "--from", str(tmp_path / "nope.html"))
    assert error == f"cpkit: error: new: {tmp_path / 'nope.html'}: no such file"
    (tmp_path / "other.html").write_text("<html><body><pre>1 2</pre></body></html>")
    error = refused(toy, capsys, "--from", str(tmp_path / "other.html"))
    assert error.endswith(
        "other.html: not a problem page of POJ, Codeforces, AtCoder or Kattis (none of POJ's "
        "<div class=ptt>, Codeforces' <div class=problem-statement>, AtCoder's "
        "<div id=task-statement>, Kattis' <table class=sample>)"
    )
    (tmp_path / "binary.html").write_bytes(bytes(range(256)) * 8)
    assert "not a problem page" in refused(toy, capsys, "--from", str(tmp_path / "binary.html"))
    (tmp_path / "home.html").write_text(  # an AtCoder page saved from the site, not a task's
        '<html><head><meta property="og:url" content="https://atcoder.jp/home"></head>'
        "<body><p>Contests</p></body></html>"
    )
    error = refused(toy, capsys, "--from", str(tmp_path / "home.html"))
    assert error.endswith(
        "home.html: not a problem page of AtCoder (https://atcoder.jp/home has no "
        "<div id=task-statement>)"
    )
    (tmp_path / "empty.json").write_text(" \n")  # said empty, not a page of no judge
    assert refused(toy, capsys, "--from", str(tmp_path / "empty.json")).endswith(
        "empty.json: empty: neither a problem page nor Competitive Companion's JSON"
    )


@needs_saved_pages
def test_a_poj_page_without_samples_names_what_is_missing(toy, tmp_path, capsys):
    page = SAVED / "poj-1643-checkers-check.html"
    path = broken(tmp_path, page, '<pre class="sio">', "<pre>")
    error = refused(toy, capsys, "--from", str(path))
    assert error == (
        f"cpkit: error: new: {path}: no sample input found (expected POJ's <pre class=sio> "
        "after <p class=pst>Sample Input</p> and Sample Output)"
    )
    path = broken(tmp_path, page, "<b>Memory Limit:</b> 10000K", "")
    assert "no memory limit found (expected POJ's 'Time Limit: 1000MS'" in refused(
        toy, capsys, "--from", str(path)
    )


@pytest.mark.parametrize(
    ("page", "old", "new_text", "message"),
    [
        (
            "codeforces.html",
            '<div class="property-title">time limit per test</div>2 seconds',
            "",
            "no time limit found (expected Codeforces' <div class=time-limit> and "
            "<div class=memory-limit> in the statement's header)",
        ),
        (
            "codeforces.html",
            "<pre>1&nbsp;2<br /></pre>",
            "",
            "2 sample inputs but 1 sample outputs (read from Codeforces' <div class=sample-test>",
        ),
        (
            "atcoder.html",
            "<p>Time Limit: 2.5 sec / Memory Limit: 1024 MiB</p>",
            "",
            "no time limit found (expected AtCoder's 'Time Limit: 2 sec / Memory Limit: 1024 "
            "MiB' above <div id=task-statement>)",
        ),
        (
            "atcoder.html",
            "<h3>Sample Output 1</h3>",
            "<h3>Explanation</h3>",
            "2 sample inputs but 1 sample outputs",
        ),
        (
            "kattis.html",
            '<h1 class="book-page-heading">Add Two Numbers</h1>',
            "",
            "no title found (expected Kattis' <h1>)",
        ),
        (
            "kattis.html",
            "<span>1024 MB</span>",
            "<span>plenty</span>",
            "no memory limit found (expected Kattis' 'CPU Time limit' and 'Memory limit' in the "
            "metadata list)",
        ),
    ],
)
def test_a_page_missing_a_fact_names_it(toy, tmp_path, capsys, page, old, new_text, message):
    path = broken(tmp_path, PAGES / page, old, new_text)
    error = refused(toy, capsys, "--from", str(path))
    assert error.startswith(f"cpkit: error: new: {path}: {message}"), error


# --- an address that cannot be reached: what the address alone says ------------------------


def offline(monkeypatch):
    """urlopen failing as it fails without a network: the host's name not resolved."""
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    def unreachable(*args, **kwargs):
        raise urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))

    monkeypatch.setattr(urllib.request, "urlopen", unreachable)


def test_an_unreachable_address_is_its_own_error_and_an_http_error_is_not(monkeypatch):
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    from kit.pages import Unreachable  # noqa: PLC0415

    address = "https://codeforces.com/contest/1900/problem/A"
    offline(monkeypatch)
    with pytest.raises(Unreachable, match=r"cannot fetch it \(\[Errno -2\] Name or service"):
        read_page(address)

    def not_found(request, **kwargs):
        raise urllib.error.HTTPError(request.full_url, 404, "Not Found", {}, None)

    monkeypatch.setattr(urllib.request, "urlopen", not_found)
    with pytest.raises(BuildError, match="HTTP 404 Not Found") as raised:
        read_page(address)
    assert not isinstance(raised.value, Unreachable)  # the server answered: no such page


def test_a_certificate_not_verified_is_said_as_such_not_as_no_network(monkeypatch):
    """A proxy that intercepts TLS answers with its own certificate: no page can be read, as
    offline (``Unreachable``), but the reason says it was the certificate, not the network."""
    import ssl  # noqa: PLC0415
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    from kit.pages import Unreachable  # noqa: PLC0415

    def untrusted(*args, **kwargs):
        error = ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate")
        error.verify_message = "self-signed certificate in certificate chain"
        raise urllib.error.URLError(error)

    monkeypatch.setattr(urllib.request, "urlopen", untrusted)
    with pytest.raises(Unreachable) as raised:
        read_page("https://codeforces.com/contest/1900/problem/A")
    said = str(raised.value)
    assert "cannot fetch it (its host's TLS certificate was not verified: self-signed" in said
    assert "SSL_CERT_FILE may name the proxy's CA certificates)" in said


@pytest.mark.parametrize(
    ("address", "judge", "title", "problem_id"),
    [
        ("https://codeforces.com/contest/1900/problem/A", "Codeforces", None, "1900A"),
        ("https://codeforces.com/problemset/problem/1900/A?locale=ru", "Codeforces", None, "1900A"),
        ("https://atcoder.jp/contests/abc300/tasks/abc300_a?lang=ja", "AtCoder", None, "abc300_a"),
        ("https://open.kattis.com/problems/hello", "Kattis", "Kattis hello", "hello"),
        ("http://poj.org/problem?id=1643", "POJ", "POJ 1643", "1643"),
        ("https://cses.fi/problemset/task/1068", "CSES", "CSES 1068", "1068"),
    ],
)
def test_an_address_alone_gives_its_judge_and_id_and_no_limits(address, judge, title, problem_id):
    from kit.pages import address_page  # noqa: PLC0415
    from kit.pages.page import NOT_FETCHED  # noqa: PLC0415

    page = address_page(address)
    assert (page.judge, page.id) == (judge, problem_id)
    assert page.title == (title or f"{judge} {problem_id}")
    assert (page.samples, page.time_shown, page.memory_shown) == ([], NOT_FETCHED, NOT_FETCHED)
    assert page.url == address.split("?lang=")[0].split("?locale=")[0]


@pytest.mark.parametrize(
    "address",
    [
        "https://codeforces.com/contest/1900",  # a contest's page, no problem's
        "https://example.com/problem/1",  # a judge the kit does not know
        "https://atcoder.jp/contests/abc300",
    ],
)
def test_an_address_of_no_judge_s_problem_gives_none(address):
    from kit.pages import address_page  # noqa: PLC0415

    assert address_page(address) is None


# --- Competitive Companion's data (cph's .prob files) ------------------------------------------


def test_competitive_companion_data_scaffolds_as_a_page_does(toy, capsys):
    assert new(toy, "--from", str(PAGES / "companion.json")) == 0
    out = capsys.readouterr().out
    assert "limits 1.5 s, 256 MiB from the file, id 954G" in out
    assert "samples/castle_defense/  sample-1.in/.out to sample-3.in/.out (from the file)" in out
    problem = load_registry(toy)["castle_defense"]
    assert (problem.judge, problem.id, problem.time_limit) == ("Codeforces", "954G", 1.5)
    assert "(from the file: 1500 ms)" in (toy / "problems.toml").read_text()
    assert (toy / "samples" / "castle_defense" / "sample-3.out").read_text() == "3\n"


def test_a_memory_limit_the_data_lacks_is_said_to_be_the_judge_s_usual(toy, tmp_path, capsys):
    given = json.loads((PAGES / "companion.json").read_text())
    del given["memoryLimit"]
    path = tmp_path / "usual.json"
    path.write_text(json.dumps(given))
    assert new(toy, "usual", "--from", str(path)) == 0
    assert "limits 1.5 s from the file, 256 MiB (none given, Codeforces' usual), id 954G" in (
        capsys.readouterr().out
    )


def test_data_that_says_interactive_makes_an_interactive_problem(toy, tmp_path, capsys):
    given = json.loads((PAGES / "companion.json").read_text())
    given.update(interactive=True, url="https://judge.example/p/7", group="Example - Round")
    path = tmp_path / "guess.json"
    path.write_text(json.dumps(given))
    assert new(toy, "guess", "--judge", "Codeforces", "--from", str(path)) == 0
    assert "(the file's samples are exchanges, left out)" in capsys.readouterr().out
    problem = load_registry(toy)["guess"]
    assert (problem.kind, problem.judge) == ("interactive", "Codeforces")
    assert (toy / "interactors" / "guess.py").is_file()
    given.update(tests=[], name="Guess Again")  # AtCoder's, Kattis' and USACO's: none given
    path.write_text(json.dumps(given))
    assert new(toy, "again", "--judge", "Codeforces", "--from", str(path)) == 0
    out = capsys.readouterr().out
    assert "samples/again/  (add sample-1.in, the interactor's input)\n" in out  # none left out


def test_a_scaffold_interrupted_while_writing_is_taken_back_whole(toy, capsys, monkeypatch):
    """Ctrl-C among 60,000 samples left the solution and thousands of samples without their
    table, and the next try refused them as existing."""
    disk_full_at(monkeypatch, "sample-2.in", KeyboardInterrupt())  # sample-1 written
    before = snapshot(toy)
    assert cli.main(["new", "--from", str(PAGES / "companion.json"), "--root", str(toy)]) == 130
    assert snapshot(toy) == before
    assert not (toy / "samples" / "castle_defense").exists()

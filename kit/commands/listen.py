"""``cpkit listen [--port N] [--judge NAME] [--once]``: scaffold each problem Competitive
Companion sends from the browser.

Competitive Companion, a browser extension, reads a problem's page (or every problem of a
contest's) and POSTs each problem as JSON to the tools listening on localhost (its README,
"Custom tools"). ``listen`` serves 127.0.0.1:PORT, by default 27121, the port cph listens on,
to which the extension sends without being set up (another port must be added to its "Custom
ports"; ``--port 0`` takes a free one and says which). Each problem received is scaffolded as
``new --from`` does with the same data (kit.pages.companion, ``new.make``): its slug from its
id or title, its limits, samples and judge (``--judge`` for a site whose address the kit does
not know). A problem already in problems.toml is said and passed over, but for one scaffolded
from its address alone and still so (offline: ``new --from URL``), which is filled in from the
data as ``new --from`` fills it (kit.commands.new_filling); data that cannot be read, or a
problem that cannot be scaffolded, is one line, and the listening goes on.
``--once`` stops after the first problem, or after the last of a contest sent at once (the
data's ``batch``: ``size`` problems under one ``id``). Ctrl-C ends it, with exit status 0.
A port that cannot be taken (cph holding it) is a one-line error, exit 2.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from kit import scratch
from kit.commands import add_root, command, paragraph
from kit.commands import new as new_command
from kit.commands.new_filling import PartlyFilled, fill, offline_made
from kit.commands.new_slugs import NoSlug
from kit.errors import BuildError
from kit.registry import load_registry

if TYPE_CHECKING:
    from kit.pages import Page

HELP = "scaffold each problem Competitive Companion sends from the browser (cph's port)"
PORT = 27121  # cph's: the extension sends there without being set up
HOST = "127.0.0.1"
MAX_BYTES = 16 * 1024 * 1024  # no problem's data is larger
TIMEOUT = 5.0  # seconds a request may take to arrive


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("listen", help=HELP, description=paragraph(__doc__))
    parser.add_argument(
        "--port",
        type=_port,
        default=PORT,
        metavar="N",
        help=f"the port to serve on 127.0.0.1 ({PORT}, cph's; 0: a free one)",
    )
    parser.add_argument(
        "--judge",
        default=None,
        metavar="NAME",
        help="the judge of problems from sites whose address the kit does not know",
    )
    parser.add_argument(
        "--once",
        action="store_true",
        help="stop after one problem, or after the last of a contest sent at once",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535): {text!r}")
    return value


class _Listener:
    """What was received: the problems scaffolded, and when ``--once`` is done."""

    def __init__(self, root: Path, judge: str, once: bool) -> None:
        self.root, self.judge, self.once = root, judge.strip(), once
        self.batch: tuple[str, int] | None = None  # the first problem's batch: id, size
        self.seen = 0  # problems received of that batch
        self.made = 0  # problems scaffolded
        self.done = False

    def receive(self, body: bytes) -> None:
        """Scaffold the problem in ``body``; what went wrong is said in one line. Data that
        is no problem at all (not a JSON object with tests) does not count towards
        ``--once``."""
        from kit.pages import companion  # the page readers stay out of start-up

        try:
            page = companion.read(body, "the data received", self.judge, "the browser")
        except BuildError as error:
            name = _name_in(body)  # which of a contest's problems it was
            named = f"{name!r}: " if name else ""
            print(f"not scaffolded: {named}{error}", file=sys.stderr, flush=True)
            if _problem_like(body):  # a problem, if a broken one: it counts, junk does not
                self._count(body)
            return
        print(f"received {page.title!r} ({page.judge})", flush=True)
        try:  # the judge the data's address names wins; --judge only stood in for none
            self._make(page)
            self.made += 1
        except PartlyFilled as error:  # the table filled in, not all its samples: said whole
            print(error, file=sys.stderr, flush=True)
        except NoSlug as error:
            kept = _kept(body, page.judge)
            print(f"not scaffolded: {error}; {kept}", file=sys.stderr, flush=True)
        except BuildError as error:
            print(f"not scaffolded: {page.title!r}: {error}", file=sys.stderr, flush=True)
        except Exception as error:  # never a traceback: the listening goes on
            said = f"{type(error).__name__}: {error}"
            print(f"not scaffolded: {page.title!r}: {said}", file=sys.stderr, flush=True)
        self._count(body)

    def _make(self, page: Page) -> None:
        """The page's problem scaffolded, or filled in when it was scaffolded from its address
        alone and is still so (kit.commands.new_filling, as ``new --from`` does)."""
        made = offline_made(self.root, load_registry(self.root), page)
        if made is not None:
            print(fill(self.root, made, page), flush=True)
        else:
            new_command.make(self.root, page, None, "", interactive=False)

    def _count(self, body: bytes) -> None:
        """With ``--once``: done after the first problem, or its batch's last."""
        if not self.once:
            return
        batch = _batch(body)
        if self.batch is None:
            self.batch = batch or ("", 1)
        if batch is None or batch[0] == self.batch[0]:
            self.seen += 1
        self.done = self.seen >= self.batch[1]


def _kept(body: bytes, judge: str) -> str:
    """How to scaffold a problem ``new`` could name no slug for: its data kept in a file of
    the temporary folder, for ``new SLUG --from`` that file with the judge it was read with
    (``--judge``'s, where the data's address names none)."""
    try:
        place = scratch.system_folder()  # not the kit's own: it outlives the kit
        handle, name = tempfile.mkstemp(prefix="cpkit-problem-", suffix=".json", dir=place)
        with os.fdopen(handle, "wb") as kept:
            kept.write(body)
    except OSError as error:
        return f"its data could not be kept ({error.strerror or error}): name one with new"
    given = f"{shlex.quote(name)} --judge {shlex.quote(judge)}"
    return f"its data is kept: {command()} new SLUG --from {given}"


def _name_in(body: bytes) -> str | None:
    """The problem's name in data that is not a problem the kit can scaffold, if it has one."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() if isinstance(name, str) and name.strip() else None


def _problem_like(body: bytes) -> bool:
    """Whether ``body`` is a JSON object with tests: a problem, if a broken one."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "tests" in data


def _batch(body: bytes) -> tuple[str, int] | None:
    """The data's batch: its id and size, when it has one."""
    try:
        batch = json.loads(body).get("batch")
        return str(batch["id"]), max(1, int(batch["size"]))
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
        return None


def _refused(code: int, why: str) -> None:
    print(f"refused a request: {why} (HTTP {code})", file=sys.stderr, flush=True)


def _server(port: int, listener: _Listener):
    """The HTTP server on ``port``, each POST's body given to ``listener``; a port that cannot
    be taken is a one-line error. One request at a time (each writes problems.toml), each
    given ``TIMEOUT`` seconds: a client that sends nothing does not hold the others."""
    import contextlib
    import http.server  # only here: it costs every other command's start-up
    import socket
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        timeout = TIMEOUT  # on the socket: reading a request that never comes ends

        def setup(self) -> None:
            """The whole request within ``TIMEOUT`` too: a client sending a byte a second
            never tripped the socket's timeout, and held the server (one request at a time)."""
            super().setup()
            self.deadline = threading.Timer(TIMEOUT, self._cut)
            self.deadline.daemon = True
            self.deadline.start()

        def _cut(self) -> None:
            """The reading ends (what was read is short, refused with a 400 the client still
            gets: shutting both ways broke that answer's pipe)."""
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RD)

        def finish(self) -> None:
            self.deadline.cancel()
            with contextlib.suppress(OSError):
                super().finish()

        def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
            body = _posted_body(self)
            if body is not None:
                self.send_response(200)
                self.end_headers()
                listener.receive(body)

        def send_error(self, code: int, message=None, explain=None) -> None:
            _refused(code, explain or message or f"{self.command} {self.path}")
            super().send_error(code, message, explain)

        def log_message(self, format: str, *args) -> None:  # noqa: A002
            """Quiet: what was received is said by the listener."""

    class Server(http.server.HTTPServer):
        def handle_error(self, request, client_address) -> None:
            error = sys.exc_info()[1]  # one line, not socketserver's traceback
            print(f"a request failed: {type(error).__name__}: {error}", file=sys.stderr, flush=True)

    try:
        return Server((HOST, port), Handler)
    except OSError as error:
        raise _port_refused(port, error) from None


def _posted_body(request) -> bytes | None:
    """The body of a POST ``request`` (an ``http.server`` handler's), or None once it was
    refused with the error the client gets: no length, too long, or cut short."""
    try:
        length = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        length = -1
    if not 0 < length <= MAX_BYTES:
        code = 413 if length > MAX_BYTES else 400
        why = "a body too large" if code == 413 else "no Content-Length, or a bad one"
        request.send_error(code, explain=why)
        return None
    try:
        body = request.rfile.read(length)
    except TimeoutError:  # what came of it is not kept: the request is refused
        body = b""
    if len(body) < length:
        request.send_error(400, explain=f"the body stopped short of its {length} bytes")
        return None
    return body


def _port_refused(port: int, error: OSError) -> BuildError:
    taken = error.errno == errno.EADDRINUSE
    why = "in use (cph, or another listen, may hold it)" if taken else error.strerror
    return BuildError(
        f"listen: port {port}: {why}; give another with --port N and add it to "
        "Competitive Companion's custom ports"
    )


def run(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    load_registry(root)  # a workspace to scaffold into, before anything is served
    if args.judge is not None:  # given: a name new would take (not '', not a near miss)
        new_command.check_judge(args.judge, "listen")
    listener = _Listener(root, args.judge or "", args.once)
    server = _server(args.port, listener)
    port = server.server_address[1]
    print(f"listening on http://{HOST}:{port} for Competitive Companion (Ctrl-C to stop)")
    sys.stdout.flush()
    try:
        while not listener.done:
            server.handle_request()
    except KeyboardInterrupt as stop:
        print("stopped listening", flush=True)
        if type(stop) is not KeyboardInterrupt:  # SIGTERM, SIGHUP: 128 + the signal
            raise
    finally:
        server.server_close()
    if listener.done and not listener.made:  # --once: nothing asked for was scaffolded
        return 1
    return 0  # Ctrl-C is how it is ended

"""Problem pages: the title, time and memory limits and sample pairs of a problem, read from
its page on POJ, Codeforces, AtCoder or Kattis (for ``cpkit new SLUG --from PAGE``), or from
Competitive Companion's JSON data (cph's ``.prob`` files; kit.pages.companion).

PAGE is a saved HTML file, or an http(s) address fetched when the network allows. The judge
is known by the address's host, else by its markup (one module per judge says which, and where
each fact sits); only the standard library reads it (html.parser, kit.pages.tree). Anything
missing is a one-line BuildError naming it and the markup that should hold it:

    read_page("poj-1643.html")  # Page(judge="POJ", title="Checker's Check", time_limit=1.0, ...)
    # poj-1643.html: no sample input found (expected POJ's <pre class=sio> after ...)

- ``page``       the ``Page`` (title, limits, sample pairs, id) and the readings every judge's
                 reader shares: limits in the page's units, sample text as a file
- ``tree``       a page as a tree of elements (html.parser)
- ``poj``, ``codeforces``, ``atcoder``, ``kattis``  each judge's problem pages
- ``companion``  Competitive Companion's JSON data, and cph's ``.prob`` files
- ``acc``        atcoder-cli's contest file (``contest.acc.json``): the contest and its tasks,
                 each with the folder ``acc`` made for it

An address whose host cannot be reached (no network), or whose certificate is not verified (a
proxy intercepting TLS: no page can be read either, said as such), is ``Unreachable``, a
BuildError that ``new`` may take instead for what the address alone says (``address_page``:
the judge and id, no title, limits nor samples); an answer of the server's (HTTP 404) is no
such error.
"""

from __future__ import annotations

import codecs
import http.client
import re
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import replace
from pathlib import Path

from kit.errors import BuildError
from kit.page_address import page_address
from kit.pages import atcoder, codeforces, companion, kattis, poj
from kit.pages.page import NOT_FETCHED, Page, on_hosts, possessive
from kit.pages.tree import Element, parse

READERS = (poj, codeforces, atcoder, kattis)
TIMEOUT = 20  # seconds a read of an address may wait
WHOLE_TIMEOUT = 60  # seconds the whole page may take
MAX_BYTES = 16 * 1024 * 1024  # no problem page is larger
ADDRESS = re.compile(r"https?://", re.IGNORECASE)
SAVED_FROM = re.compile(r"saved from url=\(\d+\)(\S+)")

__all__ = ["Page", "Unreachable", "address_page", "read_page"]


class Unreachable(BuildError):
    """The page's address could not be reached (no network, its host unknown to the resolver,
    the connection refused, broken or timed out) or its certificate was not verified: no whole
    answer of its server's came."""


def read_page(source: str, judge: str = "") -> Page:
    """The problem on the page at ``source`` (a file, or an http(s) address), or in the
    Competitive Companion data there (``judge``: the one named, for data whose address does
    not say). Its ``url``: the address fetched, or the one a saved page says it came from (the
    data's own ``url`` for Competitive Companion's); None when neither is known."""
    data, charset, url = _load(source)
    if not data.strip():
        raise BuildError(
            f"{source}: empty: neither a problem page nor Competitive Companion's JSON"
        )
    if companion.looks_like(data):
        return companion.read(data, source, judge)
    text = data.decode(_charset(data, charset), errors="replace")
    try:
        root = parse(text)
    except Exception as error:  # html.parser refuses little, but a page is untrusted input
        raise BuildError(f"{source}: not readable as HTML ({error})") from None
    try:  # the tree's walks recurse: a page of 30,000 nested tags goes past the limit
        url = url or _saved_from(root)
        page = _reader(root, source, url).read(root, source, url)
    except RecursionError:
        raise BuildError(f"{source}: its tags are nested too deep to read as a page") from None
    return replace(page, url=page_address(url))


def _reader(root: Element, source: str, url: str | None):
    try:
        host = (urllib.parse.urlparse(url).hostname or "") if url else ""
    except ValueError:  # an address the page gives that is none ("http://[::1")
        host = ""
    for reader in READERS:
        if on_hosts(host, reader.HOSTS):
            if not reader.matches(root):  # the judge's home, a contest's or a submission's page
                raise BuildError(
                    f"{source}: not a problem page of {reader.NAME} ({url} has no {reader.MARK})"
                )
            return reader
    for reader in READERS:
        if reader.matches(root):
            return reader
    marks = ", ".join(f"{possessive(reader.NAME)} {reader.MARK}" for reader in READERS)
    names = ", ".join(reader.NAME for reader in READERS[:-1]) + f" or {READERS[-1].NAME}"
    raise BuildError(f"{source}: not a problem page of {names} (none of {marks})")


def _saved_from(root: Element) -> str | None:
    """The address a saved page came from, when the browser or the page says it."""
    for comment in root.comments:
        found = SAVED_FROM.search(comment)
        if found:
            return found[1]
    for link in root.find_all("link"):
        if link.attrs.get("rel") == "canonical" and ADDRESS.match(link.attrs.get("href", "")):
            return link.attrs["href"]
    for meta in root.find_all("meta"):  # Open Graph's address (AtCoder's pages have no other)
        if meta.attrs.get("property") == "og:url" and ADDRESS.match(meta.attrs.get("content", "")):
            return meta.attrs["content"]
    return None


def _load(source: str) -> tuple[bytes, str | None, str | None]:
    """The page's bytes, the charset its server declared, and its address when fetched."""
    if ADDRESS.match(source):
        data, charset = _fetch(source)
        url: str | None = source
    else:
        path = Path(source)
        if not path.is_file():
            what = "not a file" if path.exists() else "no such file"
            raise BuildError(f"{source}: {what}")
        if path.stat().st_size > MAX_BYTES:
            raise BuildError(f"{source}: {path.stat().st_size} bytes, too large for a problem page")
        try:
            data = path.read_bytes()
        except OSError as error:
            raise BuildError(f"{source}: cannot read it ({error.strerror})") from None
        charset, url = None, None
    return data, charset, url


def _fetch(url: str) -> tuple[bytes, str | None]:
    try:
        request = urllib.request.Request(url, headers={"User-Agent": "cpkit"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data = _read_by(response, time.monotonic() + WHOLE_TIMEOUT, url)
            charset = response.headers.get_content_charset()
    except urllib.error.HTTPError as error:
        reason = f"HTTP {error.code} {error.reason}"
    except (urllib.error.URLError, OSError) as error:  # no answer came, or none trusted
        raise _unfetched(url, _no_answer(getattr(error, "reason", error)), Unreachable) from None
    except (ValueError, http.client.HTTPException) as error:
        reason = str(getattr(error, "reason", error))
    else:
        if len(data) > MAX_BYTES:
            raise BuildError(f"{url}: more than {MAX_BYTES} bytes, too large for a problem page")
        return data, charset
    raise _unfetched(url, " ".join(reason.split()))


def _no_answer(cause: object) -> str:
    """Why no page came: the error's words, or for a certificate not verified (a proxy that
    intercepts TLS, CA certificates missing) that it was one, not a network's absence."""
    if isinstance(cause, ssl.SSLCertVerificationError):
        why = cause.verify_message or "certificate verify failed"
        return (
            f"its host's TLS certificate was not verified: {why}; behind a proxy that "
            "intercepts TLS, SSL_CERT_FILE may name the proxy's CA certificates"
        )
    return " ".join(str(cause).split())


def _read_by(response, deadline: float, url: str) -> bytes:
    """The response's body, up to one byte past MAX_BYTES, read by ``deadline`` (TIMEOUT bounds
    each read alone: a server sending a byte a second held the command for ever), and whole."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_BYTES:
        if time.monotonic() > deadline:
            raise _unfetched(url, f"no whole page within {WHOLE_TIMEOUT} s")
        try:
            chunk = response.read1(min(1 << 16, MAX_BYTES + 1 - size))
        except http.client.IncompleteRead:  # a chunked body whose connection closed early
            raise _unfetched(url, f"the page was cut short after {size} bytes") from None
        if not chunk:
            _refuse_cut_short(response, size, url)
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _refuse_cut_short(response, size: int, url: str) -> None:
    """Refuses a body that ended before the Content-Length its server declared: read1 takes a
    connection closed early for the end of the body, and the page would be read short (a
    sample cut in two)."""
    declared = response.headers.get("Content-Length", "").strip()
    chunked = "chunked" in response.headers.get("Transfer-Encoding", "").lower()
    if re.fullmatch("[0-9]+", declared) and not chunked and size < int(declared):
        raise _unfetched(url, f"the page was cut short: {size} of {declared} bytes")


def _unfetched(url: str, reason: str, kind: type[BuildError] = BuildError) -> BuildError:
    """The one-line error for an address whose page could not be had whole."""
    return kind(
        f"{url}: cannot fetch it ({reason}); save the page from a browser and give the file"
    )


def address_page(url: str) -> Page | None:
    """What the problem page's address alone says, for a page that could not be fetched: the
    judge its host names and the problem's id in it (kit.pages.companion.judge_of), titled
    "JUDGE ID" (the slug ``codeforces_1900a``, ``poj_1643``; AtCoder's and Kattis' ids are
    slugs), the address kept; no limits (placeholders, ``NOT_FETCHED``) and no samples. None
    when the address names no judge or no problem of it (a contest's page)."""
    name, problem_id = companion.judge_of(url)
    if not name or not problem_id:
        return None
    return Page(
        name, f"{name} {problem_id}", 1.0, 256, [], NOT_FETCHED, NOT_FETCHED, problem_id,
        origin="the address", url=page_address(url),
    )  # fmt: skip


def _charset(data: bytes, declared: str | None) -> str:
    """The page's encoding: the server's word, else the page's own <meta>, else UTF-8 when
    the bytes are UTF-8, else windows-1252 (what a browser takes for a page that says none:
    the HTML standard's default for most locales), whose Latin letters stay letters."""
    found = re.search(rb"""charset=["']?([A-Za-z0-9_.:-]+)""", data[:4096])
    for name in (declared, found and found[1].decode("ascii")):
        if name:
            try:
                return codecs.lookup(name).name
            except LookupError:
                continue
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"

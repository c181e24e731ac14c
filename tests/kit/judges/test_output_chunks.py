"""kit.judges.output_chunks: an output's lines and tokens read a chunk at a time are those
of the whole output."""

import io
import random
import re
from pathlib import Path

import pytest

from kit.judges import output_chunks
from kit.judges.compare import parse_compare


def _whole_lines(output):
    """The lines mode's lines as a whole output's split gives them (the reference)."""
    lines = output.split(b"\n")
    while lines and not lines[-1].rstrip():
        lines.pop()
    return [line.rstrip() for line in lines]


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 7, 64, 1 << 16])
def test_spaced_words_read_chunk_by_chunk_are_a_whole_split_s(monkeypatch, chunk):
    """``spaced_words`` gives the pieces of ``re.split(rb"(\\S+)", output)`` in pairs, read a
    chunk at a time (each ended after a word), a piece longer than twice the chunk as a view:
    on 3,000 random outputs of words, runs of whitespace and long ones of either (seeded)."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    rng = random.Random(chunk)
    alphabet = [b"a", b"b", b" ", b"\t", b"\r", b"\n", b"\x0b", b"\x0c", b"\x1c", b"\0"]
    for _ in range(3000):
        output = b"".join(
            rng.choice(alphabet) * rng.randrange(1, 9) for _ in range(rng.randrange(9))
        )
        pieces = re.split(rb"([^ \t\n\r\x0b\x0c]+)", output)
        whole = [*zip(pieces[0:-1:2], pieces[1::2]), (pieces[-1], None)]
        read = list(output_chunks.spaced_words(output, views=True))
        assert [(bytes(a), b if b is None else bytes(b)) for a, b in read] == whole, output
        long = [p for pair in read for p in pair if p is not None and len(p) > 2 * chunk]
        assert all(isinstance(piece, memoryview) for piece in long), output


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 16])
def test_lines_and_tokens_read_chunk_by_chunk_are_the_whole_outputs(monkeypatch, chunk):
    """Outputs are split a chunk at a time, each ended at a separator; on 3,000 random outputs
    of separators and letters, at chunk sizes that cut everywhere, the pieces are a whole
    split's."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    rng = random.Random(chunk)
    alphabet = [b"a", b"b", b" ", b"\t", b"\r", b"\n", b"\x0b", b"\x0c", b"\xef\xbb\xbf"]
    for _ in range(3000):
        output = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        assert list(output_chunks.judged_lines(output)) == _whole_lines(output), output
        testlib = [t for t in re.split(rb"[ \t\r\n]+", output) if t]
        assert list(output_chunks.tokens(output)) == testlib, output
        pieces = output_chunks._pieces(output, output_chunks._SPACE, bytes.split)
        assert list(pieces) == output.split()


@pytest.mark.parametrize("chunk", [1, 3, 1 << 16])
def test_same_start_splits_both_outputs_where_their_pieces_are_read_from(monkeypatch, chunk):
    """Before ``same_start``'s offsets both outputs hold the same pieces, as many as it
    says, and from them each reads the rest of its own: on 3,000 random pairs of an output and
    a copy changed in a byte or two, at block sizes that cut everywhere."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    rng = random.Random(chunk)
    alphabet = [b"a", b"1", b" ", b"\t", b"\r", b"\n", b"\n", b"\x0b", b"\x0c"]
    readers = [
        (output_chunks.TESTLIB_BLANKS, output_chunks.tokens),
        (output_chunks.ASCII_SPACE, output_chunks.words),
        (output_chunks.LINES, output_chunks.judged_lines),
    ]
    for _ in range(3000):
        want = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(16)))
        have = bytearray(want)
        for _ in range(rng.randrange(3)):
            spot = rng.randrange(len(have) + 1)
            have[spot : spot + rng.randrange(2)] = rng.choice(alphabet)
        have = bytes(have)
        for separators, read in readers:
            pieces, want_at, have_at = output_chunks.same_start(want, have, separators)
            whole_want, whole_have = list(read(want)), list(read(have))
            assert whole_want[:pieces] == whole_have[:pieces], (want, have)
            assert list(read(want, want_at)) == whole_want[pieces:], (want, have, separators)
            assert list(read(have, have_at)) == whole_have[pieces:], (want, have, separators)


@pytest.mark.parametrize("chunk", [1, 3, 1 << 16])
def test_same_lines_start_stops_at_the_line_a_difference_is_in(monkeypatch, chunk):
    """A last line differing in its second token: the common start ends inside that line,
    where ``same_start`` gave up (0: the whole output read again line by line); it now
    splits at that line's start, and the verdict and message are those of a whole reading."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    want = b"".join(b"%d %d\n" % (i, i + 1) for i in range(1000))
    have = want[: -len(b"1000\n")] + b"1x\n"
    last = want.rfind(b"\n", 0, len(want) - 1) + 1  # where the last line starts
    assert output_chunks.same_start(want, have, output_chunks.LINES) == (999, last, last)
    judged = parse_compare("lines", Path("."), "x").judge(Path("/dev/null"), want, have)
    assert not judged.accepted and not judged.presentation
    assert judged.message == "line 1000: expected '999 1000', got '999 1x'"


@pytest.mark.parametrize(
    ("output", "blank"),
    [
        (b"", True),
        (b" \t\r\n\x0b\x0c", True),  # what ``bytes.split()`` splits at, alone
        (b"\n\n0\n", False),
        (b"\xa0", False),  # no ASCII space: a byte of an output that is not blank
        (b"\x00", False),
    ],
)
def test_a_blank_output_has_no_words(output, blank):
    """``blank``: an output ``strip()`` would leave empty, read in place (no copy of a flood);
    the one rule of ``stress``'s blank answer and ``run``'s hint for a main never called."""
    assert output_chunks.blank(output) is blank
    assert output_chunks.blank(output) is (not output.strip())


class Reads(io.BytesIO):
    """A file that records the size of each read."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.sizes: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.sizes.append(size)
        return super().read(size)


def test_a_file_is_blank_read_a_chunk_at_a_time():
    """``blank_file``: ``blank`` of a whole file, never more than a chunk of it held, and no
    more read once a chunk holds a word."""
    spaces = b" \n\t" * output_chunks.CHUNK  # three chunks of blanks
    assert output_chunks.blank_file(io.BytesIO(b"")) and output_chunks.blank_file(Reads(spaces))
    last = Reads(spaces + b"0")
    assert not output_chunks.blank_file(last)  # a word in its last chunk
    assert max(last.sizes) == output_chunks.CHUNK and len(last.sizes) == 4
    first = Reads(b"0" + spaces)
    assert not output_chunks.blank_file(first) and len(first.sizes) == 1


@pytest.mark.parametrize("chunk", [1, 2, 3, 7])
def test_long_pieces_asked_for_as_views_are_the_same_pieces_uncopied(monkeypatch, chunk):
    """With ``views``, a piece longer than twice ``CHUNK`` is a view of the output, not a
    copy (a view is longer than ``CHUNK``), and
    every piece is the one a whole split gives: on 3,000 random outputs of long runs of
    letters and of separators, at chunk sizes that cut everywhere (seeded)."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    rng = random.Random(chunk)
    alphabet = [b"a", b"b", b" ", b"\t", b"\r", b"\n", b"\x0b", b"\x0c"]
    readers = [output_chunks.judged_lines, output_chunks.tokens, output_chunks.words]
    for _ in range(3000):
        output = b"".join(rng.choice(alphabet) * rng.randrange(1, 12) for _ in range(6))
        start = rng.randrange(len(output) + 1)
        for read in readers:
            pieces = list(read(output, start, True))
            assert [bytes(piece) for piece in pieces] == list(read(output, start)), output
            for piece in pieces:  # a copy is of 2 * CHUNK bytes at most, a view is longer
                view = isinstance(piece, memoryview)
                assert len(piece) <= 2 * chunk or view, (output, piece)
                assert len(piece) > chunk or not view, (output, piece)
                if isinstance(piece, memoryview):
                    assert piece.obj is output


def _random_views(chunk):
    """3,000 (output, a random view of it) of outputs of long runs of letters and separators,
    seeded by ``chunk``."""
    rng = random.Random(chunk)
    alphabet = [b"a", b"b", b" ", b"\t", b"\r", b"\n", b"\x0b", b"\x0c"]
    for _ in range(3000):
        output = b"".join(rng.choice(alphabet) * rng.randrange(1, 12) for _ in range(6))
        start = rng.randrange(len(output) + 1)
        yield output, memoryview(output)[start : rng.randrange(start, len(output) + 1)]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 16])
def test_the_words_of_a_view_are_its_bytes_words(monkeypatch, chunk):
    """``view_words`` of a view (a long line's, testlib's ``lcmp``) are those of its bytes, a
    list a chunk at a time, each word within a chunk copied, one cut by a chunk's end a view
    of the same output: on 3,000 random views of outputs of long runs of letters and
    separators (seeded)."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    for output, view in _random_views(chunk):
        lists = list(output_chunks.view_words(view))
        pieces = [piece for found in lists for piece in found]
        assert [bytes(piece) for piece in pieces] == bytes(view).split(), output
        assert all(piece.obj is output for piece in pieces if isinstance(piece, memoryview))
        assert len(lists) <= len(view) // chunk + 2, output


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 16])
def test_the_words_of_a_line_s_chunks_joined_are_its_words(monkeypatch, chunk):
    """``joined_words`` of a line's chunks (``line_chunks``: of a view, each a copy of
    ``CHUNK`` bytes at most) are its words joined by single spaces: on 3,000 random views of
    outputs of long runs of letters and separators (seeded)."""
    monkeypatch.setattr(output_chunks, "CHUNK", chunk)
    for output, view in _random_views(chunk):
        chunks = list(output_chunks.line_chunks(view))
        assert all(isinstance(piece, bytes) and len(piece) <= chunk for piece in chunks)
        joined = b"".join(output_chunks.joined_words(chunks))
        assert joined == b" ".join(bytes(view).split()), output


@pytest.mark.parametrize("kind", [list, bytes])
@pytest.mark.parametrize("seed", range(3))
def test_same_runs_is_whether_the_runs_hold_the_same_items(seed, kind):
    """``same_runs``: whether two runs of lists (or of byte chunks), cut anywhere (empty
    pieces too), hold the same items, as the two joined compared (1,000 random pairs,
    seeded)."""
    rng = random.Random(seed)

    def cut(items):
        cuts = sorted(rng.randrange(len(items) + 1) for _ in range(rng.randrange(4)))
        return iter([items[a:b] for a, b in zip([0, *cuts], [*cuts, len(items)])])

    for _ in range(1000):
        left = kind(rng.choice(b"ab") for _ in range(rng.randrange(6)))
        grown = left + kind(b"a")
        right = rng.choice([left, left[:-1], grown, kind(rng.choice(b"ab") for _ in left)])
        assert output_chunks.same_runs(cut(left), cut(right)) == (left == right), (left, right)

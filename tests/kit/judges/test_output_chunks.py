"""kit.judges.output_chunks: an output's lines and tokens read a chunk at a time are those
of the whole output."""

import random
import re

import pytest

from kit.judges import output_chunks


def _whole_lines(output):
    """The lines mode's lines as a whole output's split gives them (the reference)."""
    lines = output.split(b"\n")
    while lines and not lines[-1].rstrip():
        lines.pop()
    return [line.rstrip() for line in lines]


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

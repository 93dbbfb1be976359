"""Chunking for tenant documents: bounded chunks with character offsets, headings kept with
their text (``shared.documents`` re-exports it)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

import msgspec

__all__ = ["CHUNK_LIMIT", "CHUNK_TARGET", "ChunkSpan", "chunk_text"]

CHUNK_TARGET = 900
"""Chunks are packed up to about this many characters."""
CHUNK_LIMIT = 2000
"""No chunk is longer than this, whatever the layout of the text (one line, no spaces…)."""

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*$", re.MULTILINE)
_HEADING_CHARS = 200
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_CUTS = (
    re.compile(r"\n"),  # a line break
    re.compile(r"[.!?][\"'”’)\]]*(?=\s)"),  # the end of a sentence
    re.compile(r"\s"),  # a space between words
)
"""Where a block too long to keep whole is cut, best first (else at the size itself)."""


class ChunkSpan(msgspec.Struct, frozen=True):
    """A slice ``content[start:end]`` under its nearest heading."""

    start: int
    end: int
    heading: str


class _Headings:
    """The Markdown headings of a text, by position."""

    def __init__(self, content: str) -> None:
        found = [(m.start(), m.end(), m.group(2)[:_HEADING_CHARS])
                 for m in _HEADING.finditer(content)]
        self.starts = [start for start, _, _ in found]
        self.start_set = frozenset(self.starts)
        self.spans = found

    def at(self, pos: int) -> str:
        """The heading in force at ``pos`` (the last one starting at or before it)."""
        i = bisect.bisect_right(self.starts, pos)
        return self.spans[i - 1][2] if i else ""

    def within(self, start: int, end: int) -> list[tuple[int, int, str]]:
        return self.spans[bisect.bisect_left(self.starts, start):
                          bisect.bisect_left(self.starts, end)]


def chunk_text(content: str, *, target: int = CHUNK_TARGET,
               limit: int = CHUNK_LIMIT) -> list[ChunkSpan]:
    """Split into chunks of about ``target`` and at most ``limit`` characters.

    Paragraphs (and heading lines) are the blocks; a block longer than ``limit`` is cut at line
    breaks, else sentence ends, else spaces, else anywhere, into pieces of at most ``target``.
    Pieces are packed into chunks that never span two headings, and a heading stays with the
    text after it. Offsets index into ``content`` itself: ``content[start:end]`` is the chunk.
    """
    headings = _Headings(content)
    spans: list[ChunkSpan] = []
    cur: tuple[int, int, str] | None = None  # start, end, heading
    heading_only = False
    for start, end in _pieces(content, headings, target, limit):
        heading = headings.at(start)
        is_heading = start in headings.start_set
        if cur is not None:
            size = end - cur[0]
            if (heading != cur[2] or is_heading or size > limit
                    or (size > target and not heading_only)):
                spans.append(ChunkSpan(*cur))
                cur = None
        if cur is None:
            cur, heading_only = (start, end, heading), is_heading
        else:
            cur, heading_only = (cur[0], end, cur[2]), False
    if cur is not None:
        spans.append(ChunkSpan(*cur))
    return [s for s in spans if content[s.start:s.end].strip().lstrip("#").strip()]


def _pieces(content: str, headings: _Headings, target: int, limit: int
            ) -> Iterator[tuple[int, int]]:
    for start, end in _blocks(content, headings):
        if end - start <= limit:
            yield start, end
        else:
            yield from _cut(content, start, end, target)


def _blocks(content: str, headings: _Headings) -> Iterator[tuple[int, int]]:
    """Paragraphs, with each heading line a block of its own."""
    for start, end in _paragraph_spans(content):
        pos = start
        for h_start, h_end, _ in headings.within(start, end):
            if content[pos:h_start].strip():
                yield _trim(content, pos, h_start)
            yield h_start, h_end
            pos = h_end
        if content[pos:end].strip():
            yield _trim(content, pos, end)


def _cut(content: str, start: int, end: int, size: int) -> Iterator[tuple[int, int]]:
    """``content[start:end]`` in pieces of at most ``size`` characters, each window cut at its
    last line break, else sentence end (neither too early), else space, else at ``size``."""
    pos = start
    while end - pos > size:
        window = content[pos:pos + size]
        cut = pos + size
        for i, separator in enumerate(_CUTS):
            earliest = size // 3 if i < len(_CUTS) - 1 else 1
            last = max((m.end() for m in separator.finditer(window, earliest)), default=0)
            if last:
                cut = pos + last
                break
        piece = _trim(content, pos, cut)
        if piece[0] < piece[1]:
            yield piece
        pos = cut
    rest = _trim(content, pos, end)
    if rest[0] < rest[1]:
        yield rest


def _paragraph_spans(content: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for m in _PARAGRAPH_BREAK.finditer(content):
        if content[pos:m.start()].strip():
            spans.append(_trim(content, pos, m.start()))
        pos = m.end()
    if content[pos:].strip():
        spans.append(_trim(content, pos, len(content)))
    return spans


def _trim(content: str, start: int, end: int) -> tuple[int, int]:
    while start < end and content[start].isspace():
        start += 1
    while end > start and content[end - 1].isspace():
        end -= 1
    return start, end

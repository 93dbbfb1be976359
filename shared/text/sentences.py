"""Sentence boundaries in a Markdown answer, so a citation's claim is the sentence holding it.

Cite tags are opaque regions: a full stop inside a quote attribute never ends a sentence, and
a tag written just after a full stop still belongs to the sentence before it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Sentence", "sentence_at", "split_sentences"]

_ABBREVIATIONS = frozenset({
    "s", "ss", "e.g", "i.e", "eg", "ie", "no", "nos", "para", "paras", "reg", "regs", "art",
    "arts", "sch", "cf", "v", "vs", "mr", "mrs", "ms", "dr", "st", "c", "ch", "pt", "sec",
    "subs", "approx", "ltd", "co", "inc", "viz", "al",
})
_TERMINAL = re.compile(r"[.!?]+[\"'”’)\]*_]*(?=\s|$)")
_MARKER_LINE = re.compile(r"[ \t]*(?:[-*+>]|\d{1,3}[.)]|#{1,6})[ \t]")
_MARKER = re.compile(r"[ \t]*(?:#{1,6}[ \t]+|[-*+>][ \t]+|\d{1,3}[.)][ \t]+)*")
_WORD_BEFORE = re.compile(r"(?<![A-Za-z])([A-Za-z][A-Za-z.]*)$")


@dataclass(frozen=True)
class Sentence:
    """``text[start:end]`` of the original answer, tags attached to it included."""

    start: int
    end: int


def split_sentences(text: str, opaque: Sequence[tuple[int, int]] = ()) -> list[Sentence]:
    """Sentences of ``text`` in order; ``opaque`` spans (cite tags) never hold a boundary."""
    opaque = sorted(opaque)
    starts = [start for start, _ in opaque]
    plain, origin = _without(text, opaque)
    spans = _plain_sentences(plain)
    sentences: list[Sentence] = []
    for i, (start, end) in enumerate(spans):
        # Extend to the start of the next sentence's own text, minus trailing white space, so
        # that a tag written after the full stop stays with this sentence.
        limit = origin[spans[i + 1][0]] if i + 1 < len(spans) else len(text)
        o_end = origin[end - 1] + 1
        for t_start, t_end in opaque[bisect.bisect_left(starts, o_end):]:
            if t_start >= limit or text[o_end:t_start].strip():
                break
            o_end = t_end
        sentences.append(Sentence(origin[start], o_end))
    return sentences


def sentence_at(sentences: Sequence[Sentence], pos: int) -> Sentence | None:
    """The sentence holding ``pos``; a position between sentences belongs to the one before."""
    if not sentences:
        return None
    i = bisect.bisect_right(sentences, pos, key=lambda s: s.start)
    return sentences[max(i - 1, 0)]


def _without(text: str, opaque: Sequence[tuple[int, int]]) -> tuple[str, list[int]]:
    """``text`` with the opaque spans cut out, and each kept character's original offset."""
    keep = [True] * len(text)
    for start, end in opaque:
        keep[start:end] = [False] * (end - start)
    origin = [i for i, k in enumerate(keep) if k]
    return "".join(text[i] for i in origin), origin


def _plain_sentences(plain: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for block_start, block_end in _blocks(plain):
        start = _after_marker(plain, block_start, block_end)
        for m in _TERMINAL.finditer(plain, start, block_end):
            if _is_boundary(plain, m, block_end):
                spans.append((start, m.end()))
                start = m.end()
        spans.append((start, block_end))
    return [t for s in spans if (t := _trimmed(plain, *s)) is not None]


def _after_marker(plain: str, start: int, end: int) -> int:
    """Skip a block's list, quote or heading marker: it is layout, not part of the claim."""
    while start < end and plain[start].isspace():
        start += 1
    m = _MARKER.match(plain, start, end)
    return m.end() if m else start


def _blocks(plain: str) -> list[tuple[int, int]]:
    """Paragraphs, list items and headings: a sentence never crosses one of these."""
    blocks: list[tuple[int, int]] = []
    start = pos = 0
    for line in plain.splitlines(keepends=True):
        stripped = line.strip()
        if pos > start and (not stripped or _MARKER_LINE.match(line)):
            blocks.append((start, pos))
            start = pos
        pos += len(line)
        if not stripped or stripped.startswith("#"):
            blocks.append((start, pos))
            start = pos
    blocks.append((start, len(plain)))
    return blocks


def _is_boundary(plain: str, m: re.Match[str], block_end: int) -> bool:
    rest = plain[m.end():block_end].lstrip()
    if not rest:
        return True
    if m.group().startswith(".") and len(m.group().rstrip("\"'”’)]*_")) == 1:
        word = _WORD_BEFORE.search(plain, max(0, m.start() - 12), m.start() + 1)
        if word and word.group(1).lower().rstrip(".") in _ABBREVIATIONS:
            return False
    first = rest[0]
    return first.isupper() or first.isdigit() or first in "\"'“‘([*_`"


def _trimmed(plain: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and plain[start].isspace():
        start += 1
    while end > start and plain[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None

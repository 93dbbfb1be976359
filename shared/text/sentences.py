"""Sentence boundaries in Markdown: one definition for answers and for source documents.

``split_sentences`` finds the sentences of an answer, so a citation's claim is the sentence
holding it: cite tags are opaque regions (a full stop inside a quote attribute never ends a
sentence, and a tag written just after a full stop still belongs to the sentence before it).
``document_sentences`` finds the quotable sentences of a source, each with the heading it
sits under. Both use the same blocks (``markdown.blocks``) and the same boundary rule.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from shared.text.markdown import blocks

__all__ = ["ABBREVIATIONS", "OPENING", "OPENING_WORDS", "DocumentSentence", "Sentence",
           "document_sentences", "opening_word", "sentence_at", "split_sentences"]

ABBREVIATIONS = frozenset({
    "s", "ss", "e.g", "i.e", "eg", "ie", "no", "nos", "para", "paras", "reg", "regs", "art",
    "arts", "sch", "cf", "v", "vs", "mr", "mrs", "ms", "dr", "st", "c", "ch", "pt", "sec",
    "secs", "subs", "approx", "ltd", "co", "inc", "viz", "al", "cl", "fig", "op", "etc",
})
"""Words a full stop after which does not end a sentence ("s. 21", "e.g. a flat")."""
OPENING_WORDS = frozenset("the a an this that it in on under for and but if where when only"
                          .split())
"""Words that open a sentence or a phrase, and so take a capital, but belong to no name that
follows them: "The Competition and Markets Authority", "In Smith's application", "When the
Claimant applied", "Only the Secretary of State"."""
OPENING = re.compile(rf"^(?:{'|'.join(sorted(w.capitalize() for w in OPENING_WORDS))}) ")
"""One opening word, capitalised, at the start of a text, with its space."""


def opening_word(word: str) -> bool:
    """Whether ``word`` is one of ``OPENING_WORDS`` with the capital a sentence gives it."""
    return word[:1].isupper() and word.lower() in OPENING_WORDS

REGNAL = frozenset({"Ed", "Edw", "Hen", "Eliz", "Geo", "Will", "Wm", "Gul", "Vict", "Vic",
                    "Car", "Cha", "Jac", "Ja", "Ric", "Phil", "Mar", "Jas", "W", "M"})
"""A monarch as a regnal-year citation abbreviates one ("5 & 6 Ed. 6. c. 16", "49 Geo. 3.
c. 126"): the full stop after it, and after the monarch's number, is part of the citation."""
_REGNAL_BEFORE = re.compile(rf"\b(?:{'|'.join(sorted(REGNAL))})\.(?P<number>\s*(?:\d+|[IVX]+)\.)?$")
_TERMINAL = re.compile(r"[.!?]+[\"'”’)\]*_]*(?=\s|$)")
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
    kept: list[tuple[int, int]] = []  # the runs between opaque spans, by slices not characters
    cursor = 0
    for start, end in sorted(opaque):
        if start > cursor:
            kept.append((cursor, min(start, len(text))))
        cursor = max(cursor, end)
    if cursor < len(text):
        kept.append((cursor, len(text)))
    origin: list[int] = []
    for start, end in kept:
        origin.extend(range(start, end))
    return "".join(text[start:end] for start, end in kept), origin


def _plain_sentences(plain: str) -> list[tuple[int, int]]:
    return [span for block in blocks(plain) for span in _block_sentences(plain, block.start,
                                                                          block.end)]


def _block_sentences(plain: str, start: int, end: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for m in _TERMINAL.finditer(plain, start, end):
        if _is_boundary(plain, m, end):
            spans.append((start, m.end()))
            start = m.end()
    spans.append((start, end))
    return [t for s in spans if (t := _trimmed(plain, *s)) is not None]


@dataclass(frozen=True, slots=True)
class DocumentSentence:
    """One quotable unit of a source: a sentence, list item or heading, with the heading it
    sits under (``text`` is verbatim, ``start``/``end`` its place in the source)."""

    start: int
    end: int
    text: str
    heading: str
    is_heading: bool = False


def document_sentences(text: str) -> list[DocumentSentence]:
    """Every sentence of a Markdown source in order; headings count as sentences."""
    out: list[DocumentSentence] = []
    heading = ""
    for block in blocks(text):
        if block.kind == "heading":
            heading = text[block.start:block.end].strip()
            out.append(DocumentSentence(block.start, block.end, heading, heading, True))
            continue
        for start, end in _block_sentences(text, block.start, block.end):
            out.append(DocumentSentence(start, end, text[start:end], heading))
    return out


def _is_boundary(plain: str, m: re.Match[str], block_end: int) -> bool:
    rest = plain[m.end():block_end].lstrip()
    if not rest:
        return True
    if m.group().startswith(".") and len(m.group().rstrip("\"'”’)]*_")) == 1:
        if _in_regnal_year(plain, m.start(), rest):
            return False
        word = _WORD_BEFORE.search(plain, max(0, m.start() - 12), m.start() + 1)
        if word and _abbreviation(word.group(1).lower().rstrip(".")):
            return False
    first = rest[0]
    return first.isupper() or first.isdigit() or first in "\"'“‘([*_`"


def _in_regnal_year(plain: str, stop: int, rest: str) -> bool:
    """Whether the full stop at ``stop`` is inside a regnal-year citation: after the monarch
    ("Ed." before "6") or after the monarch's number ("6." before "c. 16")."""
    found = _REGNAL_BEFORE.search(plain, max(0, stop - 14), stop + 1)
    if found is None:
        return False
    if found.group("number") is None:  # "Ed." before the monarch's number
        return bool(re.match(r"(?:\d|[IVX]+\b)", rest))
    return bool(re.match(r"(?:c|cap|ch|st)\.", rest, re.IGNORECASE)) or rest[:1].islower()


def _abbreviation(word: str) -> bool:
    """A known abbreviation, or a single letter (an initial, or "(a)" written "a.")."""
    return word in ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _trimmed(plain: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and plain[start].isspace():
        start += 1
    while end > start and plain[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None

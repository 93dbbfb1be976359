"""Parsing the citation contract (DESIGN §5) out of a Markdown answer.

Inline tags ``<cite ref="…" quote="…">1</cite>`` and references written in prose both become
``Citation``s, in the order they appear. A malformed tag never stops the parse: it becomes a
``ParseProblem`` and the rest of the answer is still read.
"""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from shared.text.sentences import Sentence, sentence_at, split_sentences
from shared.verification.prose import (
    ActMention,
    find_prose_refs,
    legislation_from_prose,
    names_section_of_act,
)
from shared.verification.quotes import normalise
from shared.verification.refs import CitationKind, classify, legislation_ref, neutral_citation

__all__ = ["Citation", "ParseProblem", "Parsed", "parse_citations", "strip_tags"]

MAX_CLAIM = 600
"""Longest claim recorded, in characters."""

_OPEN = re.compile(r"<cite\b", re.IGNORECASE)
_CLOSE = re.compile(r"</cite\s*>", re.IGNORECASE)
_NAME = r"[A-Za-z_:][-\w:.]*"
_ATTR = re.compile(
    rf"""(?P<name>{_NAME})\s*=\s*(?:"(?P<dq>[^"<]*)"|'(?P<sq>[^'<]*)'|(?P<bare>[^\s"'<>=`]+))"""
)
_OPEN_TAG = re.compile(
    rf"""<cite(?P<attrs>(?:\s+{_NAME}\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'<>=`]+))*)\s*(?P<self>/?)>""",
    re.IGNORECASE,
)


@dataclass(frozen=True, kw_only=True)
class Citation:
    """One citation: what it points at, what it quotes, and the claim it supports."""

    index: int
    """1-based position among the answer's citations; unique within the answer."""
    ref: str
    kind: CitationKind
    quote: str | None
    claim: str
    span: tuple[int, int]
    """Where the tag (or the prose reference) sits in the answer."""
    form: Literal["tag", "prose"]
    label: str = ""
    """The tag's visible text, usually its footnote number."""
    sentence: tuple[int, int] = (0, 0)
    """The span of the claim's sentence in the answer, tags attached to it included."""
    cited_with: int = 0
    """How many other citations share the claim's sentence: a figure in the claim may come
    from any of them."""
    stated_source: str = ""
    """For a tag: the provision of the same Act its sentence opens by naming as the source
    ("Under section 129 of the Housing Act 2004, …" beside a tag citing section 128), if
    another; the words it quotes must be in that one too."""
    cited_quote: str = ""
    """For such an opening prose reference: the quote of the tag that cites another provision
    of its Act in the sentence; the reference names the source of those words."""


@dataclass(frozen=True)
class ParseProblem:
    """A tag the parser could not read as a citation; ``offset`` is where it starts."""

    offset: int
    message: str


@dataclass(frozen=True)
class Parsed:
    citations: list[Citation] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class _Found:
    start: int
    end: int
    ref: str
    kind: CitationKind
    quote: str | None = None
    label: str = ""
    form: Literal["tag", "prose"] = "prose"


@dataclass(frozen=True)
class _Tag:
    start: int
    end: int
    attrs: dict[str, str]
    label: str


def parse_citations(text: str) -> Parsed:
    """All citations of ``text`` in order of appearance, and any problems with its tags."""
    tags, opaque, problems = _scan_tags(text)
    opaque.sort()
    sentences = split_sentences(text, opaque)
    found = [f for tag in tags if (f := _read_tag(tag, problems)) is not None]
    tag_acts = [ActMention(f.start, f.ref, leg.act) for f in found
                if (leg := legislation_ref(f.ref)) is not None]
    cited: dict[Sentence | None, list[str]] = {}
    quoted: dict[Sentence | None, list[str]] = {}
    for f in found:
        cited.setdefault(sentence_at(sentences, f.start), []).append(f.ref)
        if f.quote:
            quoted.setdefault(sentence_at(sentences, f.start), []).append(normalise(f.quote))
    for p in find_prose_refs(_masked(text, opaque), tag_acts):
        if _names_a_source(text, p.start, p.end):
            continue
        # The cited provision's own cross-reference ("… a banning order under section 16 of
        # the Housing and Planning Act 2016 …", quoted and repeated in the statement) is part
        # of what its citation checks, not a second authority the answer relies on.
        mention = normalise(text[p.start:p.end])
        if any(mention in q for q in quoted.get(sentence_at(sentences, p.start), [])):
            continue
        # The same cross-reference in the quote's own order ("In the Building Act 1984 (c. 55)
        # omit section 72(6)(a)" restated as "repealed section 72(6)(a) of the Building Act
        # 1984") is the quoted provision's words too.
        if any(names_section_of_act(mention, q)
               for q in quoted.get(sentence_at(sentences, p.start), [])):
            continue
        # "As substituted by Schedule 15, section 304 of the Housing Act 1985 …": the text the
        # cited amending provision puts in another Act is what its citation checks.
        if _AMENDED.search(_sentence_text(text, sentences, p.start)) and quoted.get(
                sentence_at(sentences, p.start)):
            continue
        # A prose reference repeating a citation of the same source in its sentence is not a
        # second citation.
        in_sentence = cited.setdefault(sentence_at(sentences, p.start), [])
        if not any(_same_ref(p.ref, other) for other in in_sentence):
            in_sentence.append(p.ref)
            found.append(_Found(start=p.start, end=p.end, ref=p.ref, kind=p.kind))
    found.sort(key=lambda f: f.start)
    citations, claims = [], {}
    holders = [sentence_at(sentences, f.start) or Sentence(f.start, f.end) for f in found]
    stated = _stated_sources(text, found, holders)
    for i, (f, s) in enumerate(zip(found, holders, strict=True), start=1):
        if s not in claims:
            claims[s] = strip_tags(text, s, opaque)
        citations.append(Citation(
            index=i, ref=f.ref, kind=f.kind, quote=f.quote, claim=claims[s],
            span=(f.start, f.end), form=f.form, label=f.label, sentence=(s.start, s.end),
            cited_with=holders.count(s) - 1, stated_source=stated.get(id(f), ("", ""))[0],
            cited_quote=stated.get(id(f), ("", ""))[1],
        ))
    return Parsed(citations=citations, problems=sorted(problems, key=lambda p: p.offset))


def strip_tags(text: str, sentence: Sentence, opaque: Sequence[tuple[int, int]]) -> str:
    """A sentence's words without its tags, as a reader would see the claim.

    ``opaque`` must be sorted. A run-on "sentence" is clipped: the claim is a pointer into the
    answer, not a second copy of it.
    """
    pieces, pos = [], sentence.start
    first = bisect.bisect_right(opaque, sentence.start, key=lambda span: span[1])
    for start, end in opaque[first:]:
        if start >= sentence.end:
            break
        pieces.append(text[pos:start])
        pos = max(pos, end)
    pieces.append(text[pos:sentence.end])
    claim = re.sub(r"\s+([.,;:!?])", r"\1", " ".join("".join(pieces).split()))
    return claim if len(claim) <= MAX_CLAIM else claim[:MAX_CLAIM - 1].rstrip() + "…"


def _scan_tags(text: str) -> tuple[list[_Tag], list[tuple[int, int]], list[ParseProblem]]:
    """Every cite tag, the spans they occupy (malformed ones included), and their problems."""
    tags: list[_Tag] = []
    opaque: list[tuple[int, int]] = []
    problems: list[ParseProblem] = []
    pos = 0
    while True:
        opening, closing = _OPEN.search(text, pos), _CLOSE.search(text, pos)
        if closing and (opening is None or closing.start() < opening.start()):
            problems.append(ParseProblem(closing.start(), "A closing </cite> has no opening tag."))
            opaque.append(closing.span())
            pos = closing.end()
            continue
        if opening is None:
            return tags, opaque, problems
        following = _OPEN.search(text, opening.end())
        tag = _OPEN_TAG.match(text, opening.start())
        if tag is None:
            end = _malformed_end(text, closing, following)
            problems.append(ParseProblem(
                opening.start(), "A <cite> tag is malformed (its attributes could not be read), "
                                 "so it was not checked."))
        else:
            end, label = _tag_end(text, tag, following, problems)
            tags.append(_Tag(opening.start(), end, _attributes(tag["attrs"]), label))
        opaque.append((opening.start(), end))
        pos = end


def _tag_end(text: str, tag: re.Match[str], following: re.Match[str] | None,
             problems: list[ParseProblem]) -> tuple[int, str]:
    if tag["self"]:
        return tag.end(), ""
    closing = _CLOSE.search(text, tag.end())
    if closing is None or (following is not None and following.start() < closing.start()):
        problems.append(ParseProblem(
            tag.start(), "A <cite> tag is not closed with </cite>; its citation was still "
                         "checked."))
        return tag.end(), ""
    return closing.end(), " ".join(text[tag.end():closing.start()].split())


def _malformed_end(text: str, closing: re.Match[str] | None,
                   following: re.Match[str] | None) -> int:
    if closing is not None and (following is None or closing.start() < following.start()):
        return closing.end()
    return following.start() if following is not None else len(text)


def _attributes(raw: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for m in _ATTR.finditer(raw):
        value = m["dq"] if m["dq"] is not None else m["sq"] if m["sq"] is not None else m["bare"]
        attrs.setdefault(m["name"].lower(), html.unescape(value))
    return attrs


def _read_tag(tag: _Tag, problems: list[ParseProblem]) -> _Found | None:
    ref = " ".join(tag.attrs.get("ref", "").split())
    if not ref:
        problems.append(ParseProblem(tag.start, "A <cite> tag has no ref, so it was not checked."))
        return None
    kind = classify(ref)
    if kind is None:
        problems.append(ParseProblem(
            tag.start, f"A <cite> tag's ref {ref!r} is not a recognised reference form, so it "
                       "was not checked."))
        return None
    if kind == "caselaw":
        ref = neutral_citation(ref) or ref
    elif kind == "legislation" and legislation_ref(ref) is None:
        ref = legislation_from_prose(ref) or ref
    quote = tag.attrs.get("quote", "").strip() or None
    return _Found(start=tag.start, end=tag.end, ref=ref, kind=kind, quote=quote,
                  label=tag.label, form="tag")


_SOURCE_CELL_TAIL = re.compile(r"(?::[^|\n]*?)?[ \t]*(?:\[\d+\])?[ \t]*\|")


def _names_a_source(text: str, start: int, end: int) -> bool:
    """Whether the prose reference at ``start``–``end`` is a table cell that only names a
    source ("| Housing Act 2004, s. 5: Category 1 hazards … [1] |"): a label for a citation
    made elsewhere, not a claim of its own."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:len(text) if line_end < 0 else line_end]
    if not line.lstrip().startswith("|"):
        return False
    before = text[line_start:start]
    opened = before.rfind("|")
    return (opened >= 0 and not before[opened + 1:].strip()
            and _SOURCE_CELL_TAIL.match(text, end) is not None)


def _masked(text: str, opaque: Sequence[tuple[int, int]]) -> str:
    """``text`` with its tags blanked, so prose inside a quote attribute is not a citation."""
    chars = list(text)
    for start, end in opaque:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


_AMENDED = re.compile(r"\bas (?:substituted|amended|inserted|modified) by\b", re.IGNORECASE)


def _sentence_text(text: str, sentences: Sequence[Sentence], at: int) -> str:
    s = sentence_at(sentences, at)
    return text[s.start:s.end] if s is not None else ""


_OPENING = re.compile(r"^[\s*_>#-]*(?:(?:under|by|by virtue of|according to|in)\s+)?$",
                      re.IGNORECASE)
"""What may come before a prose reference that names the sentence's source: "Under …"."""


def _stated_sources(text: str, found: Sequence[_Found],
                    holders: Sequence[Sentence]) -> dict[int, tuple[str, str]]:
    """A sentence that opens by naming one provision of an Act as its source and cites
    another provision of that Act with a quote: the tag's (stated source, "") and the prose
    reference's ("", quote), by ``id`` of their ``_Found``. The sentence says the quoted words
    are the named provision's; each is checked for that."""
    out: dict[int, tuple[str, str]] = {}
    for p, sentence in zip(found, holders, strict=True):
        named = legislation_ref(p.ref) if p.form == "prose" else None
        if named is None or not _OPENING.match(text[sentence.start:p.start]):
            continue
        for t, other in zip(found, holders, strict=True):
            cited = legislation_ref(t.ref) if t.form == "tag" and t.quote else None
            if other == sentence and cited is not None and cited.act == named.act \
                    and _provision(cited.rest) != _provision(named.rest):
                out[id(t)] = (p.ref, "")
                out[id(p)] = ("", t.quote or "")
    return out


def _provision(rest: str) -> tuple[str, ...]:
    """A ref's provision without its subsections: ``section/128/2`` → (section, 128)."""
    return tuple(part for part in rest.split("/") if part)[:2]


def _same_ref(a: str, b: str) -> bool:
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")

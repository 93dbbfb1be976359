"""References written in prose: "section 21 of the Housing Act 1988", "s.213(3)", "[2017] …".

They are citations too (DESIGN §5). An Act named in prose resolves to its legislation.gov.uk id
path when it is a known Act; otherwise its title stays the ref, for a later lookup to resolve.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from shared.verification.refs import (
    NEUTRAL,
    CitationKind,
    act_id,
    legislation_ref,
    normalise_neutral,
)

__all__ = ["ActMention", "ProseRef", "find_prose_refs", "legislation_from_prose",
           "names_section_of_act"]

_WORD = r"[A-Z][\w'’-]*"
_PAREN = r"\([A-Z][^()\n]{0,60}\)"
_LINK = r"(?:and|of|from|for|in|on|to|with)"
_ACT = (
    rf"(?P<title>(?:{_WORD}|{_PAREN})(?:,?[ \t]+(?:{_WORD}|{_PAREN}|{_LINK})){{0,14}}?"
    r"[ \t]+Act[ \t]+(?P<year>\d{4}))\b"
)
_SECTION = r"(?P<section>\d{1,4}[A-Z]{0,3})(?P<subsections>(?:\([0-9A-Za-z]{1,4}\))*)"
_SECTION_WORD = r"(?i:section|sect\.|s\.)"

_ACT_MENTION = re.compile(_ACT)
_SECTION_OF_ACT = re.compile(
    rf"\b{_SECTION_WORD}[ \t]*{_SECTION}[ \t]+of[ \t]+(?:the[ \t]+)?{_ACT}"
)
_ACT_THEN_SECTION = re.compile(rf"{_ACT},?[ \t]*{_SECTION_WORD}[ \t]*{_SECTION}")
_SECTION_OF_THE_ACT = re.compile(
    rf"\b{_SECTION_WORD}[ \t]*{_SECTION}[ \t]+of[ \t]+(?:the|that)[ \t]+Act\b"
)
_BARE_SECTION = re.compile(rf"(?<![\w.])s\.[ \t]?{_SECTION}")

# Capitalised words that open a sentence or a phrase but are not part of an Act's title.
_LEADING = frozenset({
    "the", "this", "that", "under", "in", "by", "see", "per", "also", "and", "but", "following",
    "according", "section", "part", "schedule", "whilst", "while", "if", "as", "since", "both",
    "note", "unlike", "for", "from", "of", "to", "with", "on",
})


@dataclass(frozen=True)
class ActMention:
    """An Act named in the text, resolved to its id path when known."""

    start: int
    title: str
    act: str
    """The id path (``ukpga/1988/50``) when known, else the title."""


@dataclass(frozen=True)
class ProseRef:
    start: int
    end: int
    ref: str
    kind: CitationKind


def find_prose_refs(masked: str, tag_acts: Sequence[ActMention] = ()) -> list[ProseRef]:
    """Every prose reference in ``masked`` (the answer with its cite tags blanked out).

    ``tag_acts`` are Acts named by tags' refs: a later bare "s.213(3)" can resolve to them.
    """
    found: list[ProseRef] = []
    taken: list[tuple[int, int]] = []  # sorted, non-overlapping

    def add(start: int, end: int, ref: str, kind: CitationKind) -> None:
        i = bisect.bisect_left(taken, (start, end))
        if (i and taken[i - 1][1] > start) or (i < len(taken) and taken[i][0] < end):
            return
        taken.insert(i, (start, end))
        found.append(ProseRef(start, end, ref, kind))

    for m in NEUTRAL.finditer(masked):
        add(m.start(), m.end(), normalise_neutral(m), "caselaw")
    for pattern in (_SECTION_OF_ACT, _ACT_THEN_SECTION):
        for m in pattern.finditer(masked):
            title = _title(m["title"])
            start = m.start() if pattern is _SECTION_OF_ACT else _title_start(m, title)
            add(start, m.end(), _section_ref(_resolve(title), m), "legislation")
    mentions = sorted([*acts_named(masked), *tag_acts], key=lambda a: a.start)
    for pattern in (_SECTION_OF_THE_ACT, _BARE_SECTION):
        for m in pattern.finditer(masked):
            act = _latest(mentions, m.start())
            if act is not None:
                add(m.start(), m.end(), _section_ref(act.act, m), "legislation")
    return sorted(found, key=lambda r: r.start)


def acts_named(text: str) -> list[ActMention]:
    return [ActMention(_title_start(m, t), t, _resolve(t))
            for m in _ACT_MENTION.finditer(text) if (t := _title(m["title"]))]


def _title_start(m: re.Match[str], title: str) -> int:
    return m.start("title") + max(m["title"].find(title), 0)


def legislation_from_prose(ref: str) -> str | None:
    """A tag's ref written as prose ("Housing Act 1988, s. 21") in its canonical form."""
    refs = find_prose_refs(ref)
    if len(refs) == 1 and refs[0].kind == "legislation":
        return refs[0].ref
    return None


def names_section_of_act(mention: str, text: str) -> bool:
    """Whether ``text`` names the Act and the section (subsections included) that the prose
    reference ``mention`` ("section 72(6)(a) of the Building Act 1984") names, in any order
    ("In the Building Act 1984 (c. 55) omit section 72(6)(a)").

    An amending provision's words name the Act first and the section after; a statement
    restating them puts "section … of the … Act" together. Both name one provision."""
    m = _SECTION_OF_ACT.search(mention) or _ACT_THEN_SECTION.search(mention)
    if m is None:
        return False
    title = re.escape(_title(m["title"]))
    section = rf"\b{_SECTION_WORD}[ \t]*{re.escape(m['section'] + m['subsections'])}(?![\w(])"
    # Side by side, not merely both somewhere: "section 214 of this Act or section 21 of the
    # Housing Act 1988" names no section 214 of the 1988 Act.
    adjacent = rf"{section}[ \t]+of[ \t]+(?:the[ \t]+)?{title}\b"
    in_act = rf"\bIn[ \t]+(?:the[ \t]+)?{title}\b(?:[ \t]*\([^()]*\))?,?[^.;:()]*?{section}"
    return re.search(adjacent, text) is not None or re.search(in_act, text) is not None


def _title(raw: str) -> str:
    """The Act's title without leading words that only introduce it ("Under the …")."""
    words = " ".join(raw.split()).split(" ")
    while len(words) > 3 and words[0].lower().rstrip(",") in _LEADING:
        words = words[1:]
    title = " ".join(words)
    if act_id(title) is None and ", " in title:
        # "The Regulator's code, Housing Act 2004": keep the longest known suffix, else the
        # part after the last comma.
        parts = title.split(", ")
        for i in range(1, len(parts)):
            if act_id(", ".join(parts[i:])):
                return ", ".join(parts[i:])
        return parts[-1]
    return title


def _resolve(title: str) -> str:
    return act_id(title) or title


def _latest(mentions: Sequence[ActMention], pos: int) -> ActMention | None:
    i = bisect.bisect_left(mentions, pos, key=lambda m: m.start)
    return mentions[i - 1] if i else None


def _section_ref(act: str, m: re.Match[str]) -> str:
    """``ukpga/2004/34/section/213/3`` for a known Act, else ``Title, s. 213(3)``."""
    section, subsections = m["section"], m["subsections"]
    if legislation_ref(act) is not None:
        first = re.match(r"\(([0-9A-Za-z]+)\)", subsections)
        return f"{act}/section/{section}" + (f"/{first.group(1)}" if first else "")
    return f"{act}, s. {section}{subsections}"

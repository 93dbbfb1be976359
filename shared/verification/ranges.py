"""Ranges with one end moved: "paragraphs 3 to 14" for "Paragraphs 6 to 14", "section 262(1)
to (6)" for "Section 262(1) to (4)", "from 2005 to 2011" for "From 2005 to 2009".

A statement that keeps a range's noun and one of its ends but changes the other names other
provisions (or another period) than the quoted words, while every single figure the other
checks read may still match. Only a range set against one the quoted words give to the same
noun, sharing exactly one end, counts; the citation is left unverified, never removed (a
statement may join two ranges the quote gives separately).
"""

from __future__ import annotations

import re

from shared.text.terms import stem

__all__ = ["changed_ranges"]

_END = r"\d{1,4}[A-Z]{0,2}"
_NOUN_RANGE = re.compile(
    rf"\b(?P<noun>sections?|paragraphs?|sub-paragraphs?|subsections?|parts?|schedules?|"
    rf"articles?|regulations?|chapters?)\s+(?P<a>{_END})\s+(?:to|-|–)\s+(?P<b>{_END})\b",
    re.IGNORECASE)
_SUBSECTION_RANGE = re.compile(
    rf"\b(?:section|s\.)\s*(?P<noun>{_END})\((?P<a>[0-9A-Za-z]{{1,4}})\)\s+to\s+"
    r"\((?P<b>[0-9A-Za-z]{1,4})\)", re.IGNORECASE)
_YEAR_RANGE = re.compile(
    r"\b(?P<noun>from|between)\s+(?P<a>(?:19|20)\d\d)\s+(?:to|and|until)\s+(?P<b>(?:19|20)\d\d)\b",
    re.IGNORECASE)


def _ranges(text: str) -> set[tuple[str, str, str]]:
    found = set()
    for m in _NOUN_RANGE.finditer(text):
        found.add((stem(m["noun"].lower().rstrip("s")), m["a"].upper(), m["b"].upper()))
    for m in _SUBSECTION_RANGE.finditer(text):
        found.add((f"section {m['noun'].upper()}", m["a"].upper(), m["b"].upper()))
    for m in _YEAR_RANGE.finditer(text):
        found.add(("years", m["a"], m["b"]))
    return found


def changed_ranges(claim: str, quote: str | None) -> list[str]:
    """Doubts for each range of ``claim`` that shares one end, and only one, with a range the
    quote gives to the same noun."""
    if not quote:
        return []
    quoted = _ranges(quote)
    doubts = []
    for noun, a, b in sorted(_ranges(claim) - quoted):
        for q_noun, qa, qb in sorted(quoted):
            if q_noun == noun and (a == qa) != (b == qb):
                doubts.append(f"The statement gives the range {a} to {b}; the quoted words give "
                              f"{qa} to {qb}.")
                break
    return doubts

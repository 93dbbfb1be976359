"""Plain-English notes on why a provision is repealed, built from legislation.gov.uk commentary.

Commentary reads like "Pt. 1 Ch. 2 omitted (1.5.2026 for specified purposes) by virtue of
Renters' Rights Act 2025 (c. 26), ss. 2(b) … (with ss. 138 …)"; the verifier wants
"Omitted from 1 May 2026 for specified purposes by the Renters' Rights Act 2025, with savings"
and the date on its own.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date

import msgspec

from services.lex.corpus._xml import descendants, squash, text_of
from shared.text.dates import MONTHS

__all__ = ["RepealNote", "repeal_note"]

_VERB = re.compile(r"\b(repealed|omitted|revoked|ceases? to have effect)\b((?:\s*\([^()]*\))*)",
                   re.IGNORECASE)
_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})\s*(.*)$")
_PLACES = {"E.": "England", "W.": "Wales", "S.": "Scotland", "N.I.": "Northern Ireland",
           "E.W.": "England and Wales", "E.W.S.": "Great Britain"}
_PLACE = re.compile(r"N\.I\.|E\.W\.S\.|E\.W\.|\b[EWS]\.")
_PARTIAL = re.compile(r"^\s*(words?|entry|entries|definition)\b", re.IGNORECASE)
_SAVINGS = re.compile(r"\(with\b|\bsavings?\b|transitional", re.IGNORECASE)
_CHAPTER = re.compile(r"\s*\((c|asp|anaw|asc|nia|mwa)\.?\s*[^)]*\)\s*$")


class RepealNote(msgspec.Struct, frozen=True):
    """What a repeal commentary says: the note in words and, when given, the date (ISO)."""

    note: str
    effective: str | None = None


def repeal_note(commentary: ET.Element) -> RepealNote | None:
    """The note for a commentary that repeals or omits a whole provision, else ``None``."""
    text = text_of(commentary)
    match = _VERB.search(text)
    if match is None or _PARTIAL.match(text):
        return None
    effective, qualifiers = _when(match.group(2))
    verb = match.group(1).lower()
    parts = ["Ceased to have effect" if verb.startswith("cease") else verb.capitalize()]
    if effective:
        parts.append("from " + _spoken(effective))
    parts.extend(qualifiers)
    authority = _authority(commentary)
    if authority:
        parts.append("by " + authority)
    note = " ".join(parts)
    if _SAVINGS.search(text[match.end():]):
        note += ", with savings"
    return RepealNote(note=note.replace("\u2019", "'"), effective=effective)


def _when(groups: str) -> tuple[str | None, list[str]]:
    """The parenthesised groups after the verb: a date (with qualifier) and places."""
    effective: str | None = None
    qualifiers: list[str] = []
    for group in re.findall(r"\(([^()]*)\)", groups):
        group = squash(group)
        m = _DATE.match(group)
        if m and effective is None:
            day, month, year, rest = m.groups()
            try:
                effective = date(int(year), int(month), int(day)).isoformat()
            except ValueError:
                continue
            if rest:
                qualifiers.append(_places(rest))
        elif _PLACE.fullmatch(group.replace(" ", "")):
            qualifiers.append("for " + _places(group))
    return effective, qualifiers


def _places(text: str) -> str:
    return _PLACE.sub(lambda m: _PLACES.get(m.group(0), m.group(0)), text)


def _spoken(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def _authority(commentary: ET.Element) -> str:
    """The first cited instrument, by its title: "the Localism Act 2011", "S.I. 2026/421"."""
    citation = next(descendants(commentary, "Citation"), None)
    if citation is None:
        return ""
    title = squash(citation.get("Title") or _CHAPTER.sub("", text_of(citation)))
    if not title:
        return ""
    if title.startswith("The "):
        return "the " + title[4:]
    if re.search(r"\b(Act|Order|Regulations|Rules|Measure)\b", title) and not title[0].isdigit():
        return "the " + title
    return title

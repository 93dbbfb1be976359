"""Territorial extent: CLML ``RestrictExtent`` codes, and extents set below section level.

Below section level there are two sources. CLML marks some subsections with their own
``RestrictExtent`` ("W" on s. 5(7) …). Others are confined by their words alone: s. 21(1A) of
the Housing Act 1988 "applies to an assured shorthold tenancy of a dwelling-house in England"
while the section extends to England and Wales. Both are recorded, since the verifier's
question is where a rule applies; the markup wins where both speak.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import cast

from services.lex.corpus._clml_markdown import title_text
from services.lex.corpus._xml import child, children, local, text_of
from services.lex.corpus.records import Extent
from shared.text.nations import EXTENTS

__all__ = ["extents", "subsection_extents"]

_CODES: dict[str, Extent] = {"E": "England", "W": "Wales", "S": "Scotland",
                             "N.I.": "Northern Ireland", "NI": "Northern Ireland",
                             "UK": "United Kingdom"}
_NATIONS: dict[Extent, str] = {"England": "Wales", "Wales": "England"}
_ASIDES = re.compile(r"\([^()]*\)")
_LEVELS = ("P2", "P3", "P4", "P5")
_INLINE_SKIP = frozenset({"CommentaryRef", "FootnoteRef", "Pnumber"})
# "… of a dwelling-house in England …", "In the case of a dwelling-house in England, …"
_CONFINED = re.compile(r"\bin (?:relation to )?(England|Wales)\b(?! and (?:Wales|England))")
_APPLIES = re.compile(
    r"\b[Ss]ubsections? \((\w+)\)(?:(?: and|,| or) \((\w+)\))* appl(?:y|ies) (?:only )?"
    r"(?:to|in relation to) [^.;—]*?\bin (England|Wales)\b"
)


def extents(code: str | None) -> list[Extent]:
    """``E+W`` → England, Wales; ``E+W+S+N.I.`` → all four; unknown codes are left out."""
    if not code:
        return []
    found = {_CODES[part.strip()] for part in code.split("+") if part.strip() in _CODES}
    return [e for e in EXTENTS if e in found]


def subsection_extents(provision: ET.Element, section_extent: list[Extent]
                       ) -> dict[str, list[Extent]]:
    """Extents of subsections ("1A") and paragraphs ("2(a)") that differ from the section's."""
    found: dict[str, list[Extent]] = {}
    _marked(provision, "", found)
    for key, place in _confined(provision).items():
        if key not in found and place in section_extent and len(section_extent) > 1:
            found[key] = [place]
    return {k: v for k, v in found.items() if v and v != section_extent}


def _marked(el: ET.Element, prefix: str, found: dict[str, list[Extent]]) -> None:
    for c in el:
        name = local(c.tag)
        if name == "BlockAmendment":
            continue
        key = prefix
        if name in _LEVELS or name == "P1":  # P1: a schedule's paragraphs
            number = title_text(child(c, "Pnumber"))
            key = f"{prefix}({number})" if prefix else number
            if c.get("RestrictExtent"):
                found[key] = extents(c.get("RestrictExtent"))
        _marked(c, key, found)


def _confined(provision: ET.Element) -> dict[str, Extent]:
    """Subsections whose own opening words confine them to England or to Wales."""
    found: dict[str, Extent] = {}
    for sub in _subsections(provision):
        number = title_text(child(sub, "Pnumber"))
        words = _own_words(sub)
        if not number or not words:
            continue
        for m in _APPLIES.finditer(words):  # "Subsection (1B) applies to … in England"
            for target in (g for g in m.groups()[:-1] if g):
                found.setdefault(target, cast(Extent, m.group(m.lastindex or 1)))
        plain = _ASIDES.sub("", words)  # "(… offences in England)" is an aside, not a limit
        places = {m.group(1) for m in _CONFINED.finditer(plain)}
        if plain.startswith("See ") or len(places) != 1:
            continue
        if _NATIONS[cast(Extent, next(iter(places)))] not in words:
            found[number] = cast(Extent, next(iter(places)))
    return found


def _subsections(provision: ET.Element) -> list[ET.Element]:
    paras = [p for p in children(provision, "P1para")] or [provision]
    return [s for para in paras for s in para if local(s.tag) == "P2"]


def _own_words(sub: ET.Element) -> str:
    """The subsection's text, with its paragraphs but without any quoted amendment."""
    return " ".join(text_of(d, skip=_INLINE_SKIP | {"BlockAmendment"})
                    for d in sub if local(d.tag) != "Pnumber")

"""Find Case Law Akoma Ntoso → a ``Caselaw`` record and its numbered paragraphs.

Pure: bytes in, records out. Court and division come from the work URI
(``/id/ewhc/admin/2017/3409``), else the neutral citation, else ``uk:court``, because
``uk:court`` names the court's organisation ("EWHC-Family" for an EWFC judgment).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

import msgspec

from services.lex.corpus._xml import child, descendants, first, local, namespace, parse_xml, text_of
from services.lex.corpus.errors import MissingMetadataError, NotAkomaNtosoError
from services.lex.corpus.records import Caselaw, CaselawParagraph, legislation_uri

__all__ = ["ParsedJudgment", "is_judgment", "judgment_from", "parse_judgment"]

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
UK_NS = "https://caselaw.nationalarchives.gov.uk/akn"
CASELAW_BASE = "https://caselaw.nationalarchives.gov.uk/"
_WORK = re.compile(r"caselaw\.nationalarchives\.gov\.uk/(?:id/)?([a-z]+)/(?:([a-z]+)/)?"
                   r"(\d{4})/(\d+)")
_CITATION = re.compile(r"\[(\d{4})\]\s+([A-Z]+)\s+(?:([A-Za-z]+)\s+)?(\d+)(?:\s+\(([A-Za-z]+)\))?")
_LEGISLATION = re.compile(r"legislation\.gov\.uk/(?:id/)?(.+?)/?$")
_SKIP = frozenset({"num", "marker", "authorialNote"})


class ParsedJudgment(msgspec.Struct, kw_only=True):
    """A judgment and its numbered paragraphs, in document order."""

    caselaw: Caselaw
    paragraphs: list[CaselawParagraph] = []


class _Where(msgspec.Struct, frozen=True):
    court: str
    division: str | None
    year: int
    number: int


def is_judgment(root: ET.Element) -> bool:
    """Whether a parsed document is a Find Case Law judgment (Akoma Ntoso)."""
    return namespace(root.tag) == AKN_NS and local(root.tag) == "akomaNtoso"


def parse_judgment(xml: bytes | str) -> ParsedJudgment:
    """Parse a judgment; raises ``LegalParseError`` subclasses on bad input."""
    return judgment_from(parse_xml(xml))


def judgment_from(root: ET.Element) -> ParsedJudgment:
    """A judgment from its already parsed root element."""
    if not is_judgment(root):
        raise NotAkomaNtosoError(
            "This is not a Find Case Law judgment in Akoma Ntoso: the root element is "
            f"{local(root.tag)!r} in the namespace {namespace(root.tag) or 'none'!r}."
        )
    judgment = child(root, "judgment")
    meta = child(judgment, "meta") if judgment is not None else None
    if judgment is None or meta is None:
        raise NotAkomaNtosoError("This Akoma Ntoso document has no <judgment> with <meta>.")
    cite = text_of(_proprietary(meta, "cite"))
    where = _where(meta, cite)
    caselaw = _caselaw(judgment, meta, cite, where)
    return ParsedJudgment(caselaw=caselaw, paragraphs=_paragraphs(judgment, caselaw))


def _caselaw(judgment: ET.Element, meta: ET.Element, cite: str, where: _Where) -> Caselaw:
    work = first(meta, "FRBRWork")
    name_el = first(work, "FRBRname") if work is not None else None
    name = (name_el.get("value", "") if name_el is not None else "").strip()
    if not name:
        raise MissingMetadataError(f"The judgment {cite or where.court} has no name (FRBRname).")
    body = child(judgment, "judgmentBody")
    refs = list(descendants(body, "ref")) if body is not None else []
    return Caselaw(
        id=CASELAW_BASE + "/".join(
            p for p in (where.court, where.division, str(where.year), str(where.number)) if p),
        court=where.court, division=where.division, year=where.year, number=where.number,
        name=name, cite_as=cite, date=_judgment_date(meta), header=_header(judgment),
        text=text_of(body, skip=frozenset({"marker"})) if body is not None else "",
        caselaw_references=_unique(_case_ref(r) for r in refs),
        legislation_references=_unique(_legislation_ref(r) for r in refs),
        judges=_judges(judgment, meta),
    )


def _where(meta: ET.Element, cite: str) -> _Where:
    """Court, division, year and number: from the work URI, the citation, or ``uk:court``."""
    work = first(meta, "FRBRWork")
    this = first(work, "FRBRthis") if work is not None else None
    m = _WORK.search(this.get("value", "")) if this is not None else None
    if m:
        return _Where(m.group(1), m.group(2), int(m.group(3)), int(m.group(4)))
    c = _CITATION.search(cite)
    if c:
        year, court, middle, number, bracket = c.groups()
        division = (middle or bracket or "").lower() or None
        return _Where(court.lower(), division, int(year), int(number))
    court_code = text_of(_proprietary(meta, "court"))
    year, number = _int(text_of(_proprietary(meta, "year"))), _int(
        text_of(_proprietary(meta, "number")))
    if not court_code or not year or not number:
        raise MissingMetadataError(
            "The judgment has no work URI, neutral citation or court, year and number, "
            "so it cannot be identified."
        )
    parts = court_code.lower().split("-")
    return _Where(parts[0], parts[-1] if len(parts) > 1 else None, year, number)


def _proprietary(meta: ET.Element, name: str) -> ET.Element | None:
    proprietary = child(meta, "proprietary")
    return first(proprietary, name) if proprietary is not None else None


def _judgment_date(meta: ET.Element) -> str | None:
    for d in descendants(meta, "FRBRdate"):
        if d.get("name") == "judgment":
            return d.get("date")
    event = first(meta, "eventRef")
    return event.get("date") if event is not None else None


def _header(judgment: ET.Element) -> str:
    header = child(judgment, "header")
    if header is None:
        return ""
    lines = (text_of(p) for p in header.iter() if local(p.tag) == "p")
    return "\n".join(line for line in lines if line)


def _judges(judgment: ET.Element, meta: ET.Element) -> list[str]:
    header = child(judgment, "header")
    named = [text_of(j) for j in descendants(header, "judge")] if header is not None else []
    if not named:
        named = [p.get("showAs", "") for p in descendants(meta, "TLCPerson")
                 if p.get("eId", "").startswith("judge")]
    return _unique(named)


def _paragraphs(judgment: ET.Element, caselaw: Caselaw) -> list[CaselawParagraph]:
    body = child(judgment, "judgmentBody")
    if body is None:
        return []
    found: list[CaselawParagraph] = []
    _collect(body, caselaw, found)
    return found


def _collect(el: ET.Element, caselaw: Caselaw, found: list[CaselawParagraph]) -> None:
    """Top-level numbered paragraphs; a paragraph's sub-paragraphs stay inside its text."""
    for c in el:
        if local(c.tag) == "paragraph" and (num := child(c, "num")) is not None:
            found.append(CaselawParagraph(
                caselaw_id=caselaw.id, number=text_of(num).rstrip("."),
                text=_paragraph_text(c), name=caselaw.name, cite_as=caselaw.cite_as,
                court=caselaw.court, date=caselaw.date,
            ))
        else:
            _collect(c, caselaw, found)


def _paragraph_text(paragraph: ET.Element) -> str:
    """Block by block, so sub-paragraphs keep their own lines and numbers."""
    blocks: list[str] = []
    for p in paragraph.iter():
        name = local(p.tag)
        if name == "subparagraph" and (num := child(p, "num")) is not None:
            blocks.append(text_of(num))
        elif name == "p":
            blocks.append(text_of(p, skip=_SKIP))
    merged: list[str] = []
    for block in blocks:
        if merged and re.fullmatch(r"\(?\w{1,4}[.)]", merged[-1]):  # "(a)" then its words
            merged[-1] = f"{merged[-1]} {block}"
        elif block:
            merged.append(block)
    return "\n\n".join(merged)


def _case_ref(ref: ET.Element) -> str:
    if ref.get(f"{{{UK_NS}}}type") != "case":
        return ""
    return ref.get(f"{{{UK_NS}}}canonical") or text_of(ref)


def _legislation_ref(ref: ET.Element) -> str:
    m = _LEGISLATION.search(ref.get("href", ""))
    if ref.get(f"{{{UK_NS}}}type") != "legislation" and m is None:
        return ""
    return legislation_uri(m.group(1)) if m else (ref.get(f"{{{UK_NS}}}canonical")
                                                  or text_of(ref))


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        return 0

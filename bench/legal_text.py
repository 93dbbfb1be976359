"""The legal data under ../shared/data read with the standard library alone, for checking the
evaluation sets independently of the engine's own parsers.

Legislation (CLML): every provision with an ``IdURI`` (section, subsection, paragraph, article)
by its id path, e.g. ``ukpga/2004/34/section/55`` or ``ukpga/2004/34/section/55/2``, with its
heading, text, status and extent. Judgments (Akoma Ntoso): text by neutral citation.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["DATA", "Judgment", "Provision", "judgments", "normalise", "provisions"]

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
_CLML = "{http://www.legislation.gov.uk/namespaces/legislation}"
_AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
_ID_BASE = "http://www.legislation.gov.uk/id/"
_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
# Elements after which words never run on: a space keeps "(1)" apart from "If", and a heading
# apart from its text, while inline markup (terms, citations, emphasis) joins without one.
_BLOCKS = {
    "Title", "Pnumber", "Text", "P", "P1", "P2", "P3", "P4", "P5", "P6", "P1para", "P2para",
    "P3para", "P4para", "P5para", "ListItem", "Para", "BlockAmendment", "Entry", "Row",
    "p", "num", "heading", "paragraph", "subparagraph", "content", "intro", "item", "td", "tr",
    "blockList", "level", "subheading",
}
_SKIP = {"Commentaries", "CommentaryRef", "Footnotes", "Metadata", "style", "meta", "header"}


@dataclass(frozen=True)
class Provision:
    """One provision of an Act, statutory instrument or retained EU instrument."""

    id: str
    heading: str
    text: str
    status: str
    """``Repealed`` or ``Prospective`` as CLML records it on the provision or an ancestor,
    ``repealed_text`` when the text is retained inside a ``<Repeal>``, ``omitted`` when only
    the dotted line of an omitted provision is left, else empty."""
    extent: str


@dataclass(frozen=True)
class Judgment:
    """One judgment: its neutral citation, court code, date and full text."""

    cite: str
    court: str
    date: str
    text: str


def normalise(text: str) -> str:
    """Straight quote marks and single spaces: the only differences a verbatim quote may have."""
    return " ".join(text.translate(_QUOTES).split())


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _text(node: ET.Element) -> str:
    parts: list[str] = []

    def walk(e: ET.Element) -> None:
        name = _local(e.tag)
        if name in _SKIP:
            parts.append(e.tail or "")
            return
        block = name in _BLOCKS
        parts.append(" " if block else "")
        parts.append(e.text or "")
        for child in e:
            walk(child)
        parts.append(" " if block else "")
        parts.append(e.tail or "")

    walk(node)
    parts[-1] = ""  # the tail of the node itself is not part of it
    return " ".join("".join(parts).split())


def _clml_provisions(path: Path) -> Iterator[Provision]:
    root = ET.parse(path).getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    for e in root.iter():
        uri = e.get("IdURI") or ""
        if _local(e.tag) not in {"P1", "P2", "P3", "P4"} or not uri.startswith(_ID_BASE):
            continue
        chain = [e]
        while chain[-1] in parents:
            chain.append(parents[chain[-1]])
        group = next((a for a in chain if _local(a.tag) == "P1group"), None)
        title = group.find(f"{_CLML}Title") if group is not None else None
        status = next((a.get("Status", "") for a in chain if a.get("Status")), "")
        if not status and any(_local(a.tag) == "Repeal" for a in e.iter()):
            status = "repealed_text"
        if not status and any(_local(a.tag) == "Repeal" for a in chain):
            status = "repealed_text"
        text = _text(e)
        if not status and set(text.split()[1:]) == {"."}:
            status = "omitted"
        extent = next((a.get("RestrictExtent", "") for a in chain if a.get("RestrictExtent")), "")
        yield Provision(
            id=uri.removeprefix(_ID_BASE), heading=_text(title) if title is not None else "",
            text=text, status=status, extent=extent)


@cache
def provisions(data: Path = DATA) -> dict[str, Provision]:
    """Every provision in ``data/legislation`` by id path; the fullest text wins when the
    same provision appears in two files (the sample excerpt and the whole Act)."""
    found: dict[str, Provision] = {}
    for path in sorted((data / "legislation").glob("*.xml")):
        for p in _clml_provisions(path):
            if p.id not in found or len(p.text) > len(found[p.id].text):
                found[p.id] = p
    return found


@cache
def judgments(data: Path = DATA) -> dict[str, Judgment]:
    """Every judgment in ``data/caselaw`` by neutral citation."""
    found: dict[str, Judgment] = {}
    for path in sorted((data / "caselaw").glob("*.xml")):
        root = ET.parse(path).getroot()
        cite = root.find(f".//{_AKN}neutralCitation")
        court = root.find(".//{https://caselaw.nationalarchives.gov.uk/akn}court")
        date = root.find(f".//{_AKN}FRBRWork/{_AKN}FRBRdate")
        body = root.find(f".//{_AKN}judgmentBody")
        if cite is None or body is None:
            continue
        found[_text(cite)] = Judgment(
            cite=_text(cite), court=_text(court) if court is not None else "",
            date=date.get("date", "") if date is not None else "", text=_text(body))
    return found

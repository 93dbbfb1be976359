"""Reference forms of the citation contract (DESIGN §5): what a ``ref`` names and where it lives.

Pure string work, shared by the parser and the checks: classifying a ref, the legislation id
path of an Act named in prose, the year a piece of legislation was enacted, and a source's URI.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ACTS",
    "NEUTRAL",
    "CitationKind",
    "DocumentRef",
    "LegislationRef",
    "act_id",
    "classify",
    "document_ref",
    "enacted_year",
    "legislation_ref",
    "neutral_citation",
    "normalise_neutral",
    "source_key",
    "source_uri",
]

CitationKind = Literal["legislation", "caselaw", "document", "external"]

# legislation.gov.uk document types (primary, secondary, EU-derived, historical).
_LEGISLATION_TYPES = frozenset({
    "ukpga", "ukla", "ukppa", "apgb", "aep", "aosp", "aip", "apni", "mnia", "nia", "ukcm",
    "mwa", "anaw", "asc", "asp", "uksi", "ukmd", "ukmo", "ukci", "wsi", "ssi", "nisi", "nisr",
    "nisro", "wdsi", "sdsi", "nidsr", "ukdsi", "uksro", "eur", "eudn", "eudr", "gbla",
})
_LEGISLATION = re.compile(
    r"(?P<type>[a-z]{2,6})/(?:(?P<year>\d{4})|(?P<regnal>[A-Z][A-Za-z0-9]*/\d+(?:-\d+)?))"
    r"/(?P<number>\d+)(?P<rest>(?:/[A-Za-z0-9-]+)*)"
)
_NEUTRAL = re.compile(
    r"\[(?P<year>\d{4})\]\s+(?P<court>[A-Z]{2,8}(?:\s+(?:Civ|Crim))?)\s+(?P<number>\d{1,6})"
    r"(?:\s*\((?P<division>Admin|Ch|QB|KB|Fam|TCC|Comm|Pat|IPEC|Costs|SCCO|Admlty|Mercantile"
    r"|LC|AAC|IAC|TC|GRC|PC|HESC|IPT)\))?"
)
_DOCUMENT = re.compile(r"doc:(?P<id>[^#\s]+)(?:#(?P<chunk>\d+))?")
_EXTERNAL = re.compile(r"ext:(?P<source>[^/\s]+)/(?P<id>\S+)")
_ACT_TITLE = re.compile(r"\bAct\s+(?P<year>\d{4})\b")
NEUTRAL = _NEUTRAL
"""A neutral citation anywhere in prose."""

# Acts that answers in social housing name most often, by title → (type, year, chapter).
# Anything not listed keeps its prose title as its ref until Lex can look it up.
ACTS: dict[str, tuple[str, int, int]] = {
    "anti-social behaviour, crime and policing act 2014": ("ukpga", 2014, 12),
    "building safety act 2022": ("ukpga", 2022, 30),
    "care act 2014": ("ukpga", 2014, 23),
    "children act 1989": ("ukpga", 1989, 41),
    "data protection act 2018": ("ukpga", 2018, 12),
    "defective premises act 1972": ("ukpga", 1972, 35),
    "deregulation act 2015": ("ukpga", 2015, 20),
    "energy prices act 2022": ("ukpga", 2022, 44),
    "environmental protection act 1990": ("ukpga", 1990, 43),
    "equality act 2010": ("ukpga", 2010, 15),
    "fire safety act 2021": ("ukpga", 2021, 24),
    "homelessness reduction act 2017": ("ukpga", 2017, 13),
    "homes (fitness for human habitation) act 2018": ("ukpga", 2018, 34),
    "housing act 1985": ("ukpga", 1985, 68),
    "housing act 1988": ("ukpga", 1988, 50),
    "housing act 1996": ("ukpga", 1996, 52),
    "housing act 2004": ("ukpga", 2004, 34),
    "housing and planning act 2016": ("ukpga", 2016, 22),
    "housing and regeneration act 2008": ("ukpga", 2008, 17),
    "human rights act 1998": ("ukpga", 1998, 42),
    "landlord and tenant act 1954": ("ukpga", 1954, 56),
    "landlord and tenant act 1985": ("ukpga", 1985, 70),
    "law of property act 1925": ("ukpga", 1925, 20),
    "localism act 2011": ("ukpga", 2011, 20),
    "protection from eviction act 1977": ("ukpga", 1977, 43),
    "rent act 1977": ("ukpga", 1977, 42),
    "renters' rights act 2025": ("ukpga", 2025, 26),
    "social housing (regulation) act 2023": ("ukpga", 2023, 36),
    "tenant fees act 2019": ("ukpga", 2019, 4),
}


@dataclass(frozen=True)
class LegislationRef:
    """A legislation.gov.uk id path, split into its parts."""

    act: str
    """The Act (or instrument) as a whole: ``ukpga/2004/34``."""
    type: str
    year: int | None
    """``None`` for a regnal-year reference (``ukpga/Geo3/49/126``), always before 1963."""
    number: int
    rest: str


@dataclass(frozen=True)
class DocumentRef:
    document_id: uuid.UUID | None
    """``None`` when the ref does not hold a valid document id."""
    chunk: int | None


def legislation_ref(ref: str) -> LegislationRef | None:
    m = _LEGISLATION.fullmatch(ref)
    if m is None or m["type"] not in _LEGISLATION_TYPES:
        return None
    year = int(m["year"]) if m["year"] else None
    return LegislationRef(act=ref[:m.end("number")], type=m["type"], year=year,
                          number=int(m["number"]), rest=m["rest"])


def document_ref(ref: str) -> DocumentRef | None:
    m = _DOCUMENT.fullmatch(ref)
    if m is None:
        return None
    try:
        document_id: uuid.UUID | None = uuid.UUID(m["id"])
    except ValueError:
        document_id = None
    return DocumentRef(document_id=document_id, chunk=int(m["chunk"]) if m["chunk"] else None)


def neutral_citation(text: str) -> str | None:
    """The normalised neutral citation if ``text`` is one (``[2017] EWHC 3409 (Admin)``)."""
    m = _NEUTRAL.fullmatch(text.strip())
    return normalise_neutral(m) if m else None


def normalise_neutral(m: re.Match[str]) -> str:
    court = " ".join(m["court"].split())
    division = f" ({m['division']})" if m["division"] else ""
    return f"[{m['year']}] {court} {m['number']}{division}"


def classify(ref: str) -> CitationKind | None:
    """The kind of source a ref names, or ``None`` when it is not a form of the contract."""
    if ref.startswith("doc:"):
        return "document" if document_ref(ref) else None
    if ref.startswith("ext:"):
        return "external" if _EXTERNAL.fullmatch(ref) else None
    if neutral_citation(ref):
        return "caselaw"
    if legislation_ref(ref) or _ACT_TITLE.search(ref):
        return "legislation"
    return None



def act_id(title: str) -> str | None:
    """The id path (``ukpga/1988/50``) of an Act named in prose, when it is known."""
    key = " ".join(title.replace("’", "'").split()).lower()
    found = ACTS.get(key)
    return f"{found[0]}/{found[1]}/{found[2]}" if found else None


def enacted_year(ref: str) -> int | None:
    """The year from a legislation ref; regnal-year refs count as 1 (long before 1963)."""
    parsed = legislation_ref(ref)
    if parsed is not None:
        return parsed.year if parsed.year is not None else 1
    m = _ACT_TITLE.search(ref)
    return int(m["year"]) if m else None


def source_uri(ref: str) -> str | None:
    """Where a reader can see the source: a document chunk or the legislation.gov.uk page."""
    if ref.startswith("doc:"):
        return ref
    if legislation_ref(ref):
        return f"https://www.legislation.gov.uk/{ref}"
    return None


def source_key(ref: str) -> str:
    """What makes two citations the same source: the document, the Act, the case, the item."""
    doc = document_ref(ref)
    if doc is not None:
        return f"doc:{doc.document_id}" if doc.document_id else ref
    leg = legislation_ref(ref)
    if leg is not None:
        return leg.act
    m = _ACT_TITLE.search(ref)
    if m and not ref.startswith("ext:"):
        return ref[: m.end()].lower()
    return ref

"""The forms a citation's ``ref`` takes (DESIGN §5) and the kind of source each names.

A legislation.gov.uk id path (``ukpga/2004/34/section/11``), an Act named in prose ("Housing
Act 1988"), a neutral citation (``[2017] EWHC 3409 (Admin)``), a tenant document's chunk
(``doc:<uuid>#3``) or an external source's item (``ext:<source>/<id>``). Pure string work,
kept out of ``shared.verification`` because the offline answerer reads the kinds too (a
document a tenant owns is told from legislation and case law by its ref), and the verifier
imports the answerer: a home of their own keeps that from being a cycle. What the verifier
does with a ref (the Acts it knows by title, the year enacted, the key and address of a
source) stays in ``shared.verification.refs``, which re-exports these.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ACT_TITLE",
    "NEUTRAL",
    "CitationKind",
    "DocumentRef",
    "LegislationRef",
    "classify",
    "document_ref",
    "legislation_ref",
    "neutral_citation",
    "normalise_neutral",
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
ACT_TITLE = re.compile(r"\bAct\s+(?P<year>\d{4})\b")
"""An Act named by its title and year ("Housing Act 1988"): a legislation ref in prose."""
NEUTRAL = _NEUTRAL
"""A neutral citation anywhere in prose."""


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
    if legislation_ref(ref) or ACT_TITLE.search(ref):
        return "legislation"
    return None

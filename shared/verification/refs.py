"""Reference forms of the citation contract (DESIGN §5): what a ``ref`` names and where it lives.

Pure string work, shared by the parser and the checks: the legislation id path of an Act named
in prose, the year a piece of legislation was enacted, a source's URI and what makes two refs
one source. The forms themselves and the kind of source each names (``classify``) live in
``shared.refs``, which the answerer reads too; they are re-exported here so that the verifier's
modules read every form of a ref from one place.
"""

from __future__ import annotations

from shared.refs import (
    ACT_TITLE,
    NEUTRAL,
    CitationKind,
    DocumentRef,
    LegislationRef,
    classify,
    document_ref,
    legislation_ref,
    neutral_citation,
    normalise_neutral,
)

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
    m = ACT_TITLE.search(ref)
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
    m = ACT_TITLE.search(ref)
    if m and not ref.startswith("ext:"):
        return ref[: m.end()].lower()
    return ref

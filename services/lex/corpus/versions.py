"""Which version of a provision the corpus keeps: the current one, whatever order its sources
are imported in.

The same provision can come from several files: a whole revised Act, an excerpt of it, a
fragment holding a few of its sections, each possibly taken at another date. Writing each
file's provisions over the stored ones let the last file imported decide, so an older excerpt
imported after a newer revision overwrote the newer text. A provision's version is the date
from which that text applies (CLML's ``RestrictStartDate``): a stored version is replaced only
by one at least as recent, and a version that gives no date yields to one that does.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from services.lex.corpus.records import LegislationSection
from shared.store import Connection

__all__ = ["UPSERT_SECTION", "newer_stored", "version"]

_STORED_VERSION = "coalesce(legislation_sections.record->>'restrict_start_date', '')"
_INCOMING_VERSION = "coalesce(EXCLUDED.record->>'restrict_start_date', '')"

UPSERT_SECTION = f"""
INSERT INTO legislation_sections (id, legislation_id, path, provision_type, number,
    number_major, number_minor, title, text, record)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (id) DO UPDATE SET legislation_id = EXCLUDED.legislation_id,
    path = EXCLUDED.path, provision_type = EXCLUDED.provision_type, number = EXCLUDED.number,
    number_major = EXCLUDED.number_major, number_minor = EXCLUDED.number_minor,
    title = EXCLUDED.title, text = EXCLUDED.text, record = EXCLUDED.record
WHERE {_INCOMING_VERSION} >= {_STORED_VERSION}
"""
"""Insert a provision, or replace the stored one unless the stored one is newer (ISO dates
compare as strings; no date is the empty string, older than any)."""


def version(section: LegislationSection) -> str:
    """The date from which this text of the provision applies (``""`` when not given)."""
    return section.restrict_start_date or ""


async def newer_stored(conn: Connection, legislation_id: str,
                       sections: Sequence[LegislationSection]) -> list[LegislationSection]:
    """The stored provisions of the Act that are newer versions than ``sections`` of the
    same ids: what an older revision of the whole Act, replacing the Act, must keep."""
    incoming = {s.id: version(s) for s in sections}
    rows = await conn.fetch(
        "SELECT record FROM legislation_sections WHERE legislation_id = $1 AND id = ANY($2)",
        legislation_id, list(incoming))
    stored = [msgspec.json.decode(r["record"], type=LegislationSection) for r in rows]
    return [s for s in stored if version(s) > incoming[s.id]]

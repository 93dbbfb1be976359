"""What an import writes beside a document's own rows: where the document came from (its
file or fetched id and content hash), and the amendments an Act records, replaced whole.

Apart from ``store.py`` because these record an import's provenance and an Act's
amendments, not the searchable corpus.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from services.lex.corpus.records import Amendment
from services.lex.corpus.rows import _encode
from shared.lex.paths import legislation_path
from shared.store import Connection

__all__ = ["Source", "_record_source", "_replace_amendments"]

class Source(msgspec.Struct, frozen=True, kw_only=True):
    """Where a document came from (a file path or a fetched id) and its content hash."""

    name: str
    sha256: str


async def _replace_amendments(conn: Connection, legislation_id: str,
                              amendments: Sequence[Amendment]) -> None:
    await conn.execute("DELETE FROM legislation_amendments WHERE source_legislation_id = $1",
                       legislation_id)
    await conn.executemany(
        "INSERT INTO legislation_amendments (id, source_legislation_id, changed_path,"
        " changed_provision_path, affecting_path, affecting_provision_path, record)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET"
        " source_legislation_id = EXCLUDED.source_legislation_id, record = EXCLUDED.record",
        [(a.id, legislation_id, legislation_path(a.changed_url),
          legislation_path(a.changed_provision_url) if a.changed_provision_url else None,
          legislation_path(a.affecting_url),
          legislation_path(a.affecting_provision_url) if a.affecting_provision_url else None,
          _encode(a)) for a in amendments])


async def _record_source(conn: Connection, source: Source, kind: str,
                         document_id: str) -> None:
    await conn.execute(
        "INSERT INTO corpus_sources (source, sha256, kind, document_id) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (source) DO UPDATE SET sha256 = EXCLUDED.sha256, kind = EXCLUDED.kind,"
        " document_id = EXCLUDED.document_id, imported_at = now()",
        source.name, source.sha256, kind, document_id,
    )

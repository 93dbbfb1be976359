"""What each source a cached answer cites looked like when the answer was verified, and
whether it still looks the same (DESIGN §5d).

A fingerprint is cheap to take and to compare: a policy citation names one version of a
document, so its fingerprint is that version's status and text digest (a replaced or removed
version is no longer ``current``); a provision's is a digest of its text, extent and in-force
status as the legal source holds them now (an Act is fetched once and kept for minutes, as the
verifier does); a judgment's a digest of its text. Without a legal source configured the
fingerprint says so, and it changes the day one is configured. An external item (a regulator's
page) has no cheap fingerprint, so an answer citing one is not cached at all.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence

import asyncpg
import msgspec

from shared.lex.client import LexError
from shared.verification.legislation import target_of
from shared.verification.lexsource import LegalRecords
from shared.verification.refs import CitationKind, document_ref

__all__ = ["Cited", "SourceReader", "SourceUnavailable"]

NO_LEGAL_SOURCE = "no legal source"
"""The fingerprint of a legal citation when no legal source is configured."""


class SourceUnavailable(Exception):
    """A cited source could not be read now: nothing is stored, and nothing is reused."""


class Cited(msgspec.Struct, frozen=True, kw_only=True):
    """One citation of a cached answer, and its source's fingerprint when it was verified."""

    ref: str
    kind: CitationKind
    fingerprint: str
    document_id: uuid.UUID | None = None
    """A policy citation's document (across its versions), for eviction when it changes."""


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:32]


class SourceReader:
    """Reads the current state of cited sources: versions from the document library, law and
    judgments through the legal source (Lex) when one is configured."""

    def __init__(self, pool: asyncpg.Pool, legal: LegalRecords | None) -> None:
        self.pool = pool
        self.legal = legal

    async def cited(self, tenant_id: str, refs: Iterable[tuple[str, CitationKind]]
                    ) -> list[Cited]:
        """The fingerprints of ``refs`` (each once) as the sources stand now."""
        out: list[Cited] = []
        for ref, kind in dict.fromkeys(refs):
            fingerprint, document_id = await self._fingerprint(tenant_id, ref, kind)
            out.append(Cited(ref=ref, kind=kind, fingerprint=fingerprint,
                             document_id=document_id))
        return out

    async def changed(self, tenant_id: str, cited: Sequence[Cited]) -> str | None:
        """The first citation whose source changed since it was fingerprinted, as a reason;
        ``None`` when every source is as it was."""
        for c in cited:
            now, _ = await self._fingerprint(tenant_id, c.ref, c.kind)
            if now != c.fingerprint:
                return f"the source of {c.ref} has changed"
        return None

    async def _fingerprint(self, tenant_id: str, ref: str, kind: CitationKind
                           ) -> tuple[str, uuid.UUID | None]:
        match kind:
            case "document":
                return await self._document(tenant_id, ref)
            case "legislation":
                return await self._legislation(ref), None
            case "caselaw":
                return await self._case(ref), None
            case "external":
                raise SourceUnavailable(f"{ref}: an external item has no cheap fingerprint")

    async def _document(self, tenant_id: str, ref: str) -> tuple[str, uuid.UUID | None]:
        parsed = document_ref(ref)
        if parsed is None or parsed.document_id is None:
            return "malformed", None
        # Two columns of one row, not the document's text: this runs on every lookup.
        row = await self.pool.fetchrow(
            "SELECT lineage, status, sha256 FROM documents WHERE tenant_id = $1 AND id = $2",
            tenant_id, parsed.document_id)
        if row is None:
            return "absent", None
        return _digest(row["status"], row["sha256"]), row["lineage"]

    async def _legislation(self, ref: str) -> str:
        if self.legal is None:
            return NO_LEGAL_SOURCE
        try:
            target = await target_of(ref, self.legal)
            act = (await self.legal.act(target.act, target.year)
                   if target.act is not None else None)
        except LexError as e:
            raise SourceUnavailable(f"{ref}: {e}") from e
        if act is None:
            return "absent"
        if target.kind is None:
            return _digest(act.title, act.repealed, act.extent)
        p = act.provision(target.kind, target.number or "")
        if p is None:
            return "absent"
        return _digest(p.text, p.extent, p.status, p.restrict_start_date, p.repealed_from,
                       p.status_note)

    async def _case(self, ref: str) -> str:
        if self.legal is None:
            return NO_LEGAL_SOURCE
        try:
            case = await self.legal.case(ref)
        except LexError as e:
            raise SourceUnavailable(f"{ref}: {e}") from e
        return "absent" if case is None else _digest(case.cite_as, case.text)

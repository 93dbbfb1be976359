"""Per-citation checks: one async check per kind of source, run under a deadline.

A check is data plus one async callable (``Check``), chosen by the citation's kind, so the
legal checks against Lex slot in by replacing an entry of the mapping. A check never invents
verification: a source it cannot reach gives ``unverified``, never ``verified``.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from shared.documents import DocumentStore, StoredChunk
from shared.events import CitationStatus, LawStatus
from shared.lex.client import LexUnavailable
from shared.text.counts import counted
from shared.verification.citations import Citation
from shared.verification.context import CheckContext, using_context
from shared.verification.quotes import contains_quote
from shared.verification.refs import CitationKind, document_ref, enacted_year, source_uri

__all__ = [
    "FIRST_DIGITAL_YEAR",
    "Check",
    "Checks",
    "DocumentCheck",
    "Outcome",
    "default_checks",
    "not_configured",
]

log = logging.getLogger("yourai.verifier")

FIRST_DIGITAL_YEAR = 1963
"""Legislation enacted before this year is held as digitised print (DESIGN §5)."""


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """What a check found out about one citation."""

    status: CitationStatus
    issues: tuple[str, ...] = ()
    source_uri: str | None = None
    detail: str = ""
    law_status: LawStatus | None = None
    """Whether the cited provision is law today (legislation whose source says so)."""
    status_date: str | None = None
    """When it was repealed or comes into force (ISO date), if the source records it."""
    status_note: str = ""
    """The source's own words on its status ("Omitted from 1 May 2026 … with savings")."""
    law_statement: str = ""
    """Said in the answer where a repealed or prospective provision is cited as current law:
    its status and date in words."""


Check = Callable[[str, Citation], Awaitable[Outcome]]
"""``check(tenant_id, citation)``: raises only on a failure of the check itself."""


@dataclass(kw_only=True)
class Checks:
    """The check for each kind of citation, and the deadline each check runs under."""

    by_kind: Mapping[CitationKind, Check]
    deadline_s: float = 10.0

    async def check(self, tenant_id: str, citation: Citation) -> Outcome:
        """Never raises: a check that fails or runs late leaves the citation unverified."""
        try:
            async with asyncio.timeout(self.deadline_s):
                return await self.by_kind[citation.kind](tenant_id, citation)
        except TimeoutError:
            return Outcome(status="unverified", issues=("check_failed",),
                           source_uri=source_uri(citation.ref),
                           detail="The check did not finish within "
                                  f"{counted(self.deadline_s, 'second')}.")
        except LexUnavailable:
            # The user must be able to tell "we could not look" from "we looked and it is
            # not there": an outage says so, and the citation may be checked again later.
            log.warning("check of %s: the legal source is unavailable", citation.ref,
                        exc_info=True)
            return Outcome(status="unverified", issues=("check_failed", "source_unavailable"),
                           source_uri=source_uri(citation.ref),
                           detail="The legal source could not be reached, so this citation "
                                  "has not been checked; it is not known to be wrong. Ask "
                                  "again later to check it.")
        except Exception:
            log.warning("check of %s failed", citation.ref, exc_info=True)
            return Outcome(status="unverified", issues=("check_failed",),
                           source_uri=source_uri(citation.ref),
                           detail="The check could not be completed, so this citation has not "
                                  "been checked.")

    async def check_all(self, tenant_id: str, citations: Sequence[Citation],
                        context: CheckContext | None = None) -> list[Outcome]:
        """Check every citation concurrently; outcomes are in the citations' order.

        ``context`` (jurisdiction, today's date) is what the legal checks read.
        """
        with using_context(context or CheckContext()):
            return list(await asyncio.gather(*(self.check(tenant_id, c) for c in citations)))


def default_checks(documents: DocumentStore, *, deadline_s: float = 10.0) -> Checks:
    """Tenant documents are checked; legal and external sources wait for Lex and connectors."""
    return Checks(
        by_kind={
            "document": DocumentCheck(documents),
            "legislation": not_configured("legislation"),
            "caselaw": not_configured("case law"),
            "external": not_configured("external"),
        },
        deadline_s=deadline_s,
    )


def not_configured(source: str) -> Check:
    """The check for a kind of source with nothing to check against (yet)."""

    async def check(tenant_id: str, citation: Citation) -> Outcome:
        uri = source_uri(citation.ref)
        if citation.kind == "legislation":
            year = enacted_year(citation.ref)
            if year is not None and year < FIRST_DIGITAL_YEAR:
                return Outcome(
                    status="pre_1963_digitised", issues=("pre_1963",), source_uri=uri,
                    detail="This legislation was enacted before 1963, so its text is digitised "
                           "from print and may contain errors; it has not been checked against "
                           "a source.")
        return Outcome(status="unverified", issues=("source_not_configured",), source_uri=uri,
                       detail=f"No {source} source is configured, so this reference could not "
                              "be checked.")

    return check


@dataclass(frozen=True)
class DocumentCheck:
    """A ``doc:<id>#<chunk>`` citation: the tenant's own document, chunk and quote."""

    store: DocumentStore

    async def __call__(self, tenant_id: str, citation: Citation) -> Outcome:
        ref = document_ref(citation.ref)
        if ref is None or ref.document_id is None:
            return _removed("not_found", citation.ref,
                            "The reference does not hold a valid document id.")
        found = await self.store.get(tenant_id, ref.document_id)
        if found is None:
            return _removed("not_found", citation.ref,
                            "No document with this id exists for this organisation.")
        doc, content = found
        uri = f"doc:{doc.id}"
        chunk = None
        if ref.chunk is not None:
            chunk = await self.store.get_chunk(tenant_id, doc.id, ref.chunk)
            uri = f"{uri}#{ref.chunk}"
        missing_chunk = ref.chunk is not None and chunk is None
        if citation.quote is None:
            if missing_chunk:
                return _removed("not_found", uri, f"‘{doc.title}’ has no chunk {ref.chunk}.")
            return Outcome(status="unverified", issues=("no_quote",), source_uri=uri,
                           detail="The citation gives no quote, so its wording could not be "
                                  "checked against the document.")
        if chunk is not None and contains_quote(chunk.text, citation.quote):
            return _verified(uri, f"The quote appears in ‘{doc.title}’, chunk {chunk.idx}.")
        if not contains_quote(content, citation.quote):
            if missing_chunk:
                return _removed("not_found", uri, f"‘{doc.title}’ has no chunk {ref.chunk}.")
            return _removed("quote_mismatch", uri,
                            f"The quote does not appear in ‘{doc.title}’.")
        holder = await self._chunk_holding(tenant_id, doc.id, doc.chunks, citation.quote)
        where = f"doc:{doc.id}#{holder.idx}" if holder is not None else f"doc:{doc.id}"
        if ref.chunk is None:
            return _verified(where, f"The quote appears in ‘{doc.title}’.")
        found_in = f"chunk {holder.idx}" if holder is not None else "the document"
        return _verified(where, f"The quote appears in ‘{doc.title}’, but in {found_in} rather "
                                f"than chunk {ref.chunk} as cited.")

    async def _chunk_holding(self, tenant_id: str, document_id: uuid.UUID, chunks: int,
                             quote: str) -> StoredChunk | None:
        for idx in range(chunks):
            chunk = await self.store.get_chunk(tenant_id, document_id, idx)
            if chunk is not None and contains_quote(chunk.text, quote):
                return chunk
        return None


def _verified(uri: str, detail: str) -> Outcome:
    return Outcome(status="verified", source_uri=uri, detail=detail)


def _removed(issue: str, uri: str, detail: str) -> Outcome:
    return Outcome(status="removed", issues=(issue,), source_uri=uri, detail=detail)

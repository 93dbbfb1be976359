"""The verifier's checks assembled from what is configured, and one answer verified with them.

Used by the service (per drafted answer) and by ``yourai verify`` (per file), so both judge a
citation the same way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from shared.documents import DocumentStore
from shared.embeddings import default_embedder
from shared.lex.client import LexClient
from shared.llm import ModelProvider
from shared.verification.caselaw import CaselawCheck
from shared.verification.checks import Check, Checks, DocumentCheck, Outcome, not_configured
from shared.verification.citations import Parsed, parse_citations
from shared.verification.confidence import Fit, fit
from shared.verification.config import VerifierConfig
from shared.verification.context import CheckContext
from shared.verification.judge import Judge
from shared.verification.legislation import LegislationCheck
from shared.verification.lexsource import LegalRecords
from shared.verification.refs import CitationKind
from shared.verification.relevance import Relevance
from shared.verification.rewrite import Wording, rewrite

__all__ = ["Verified", "build_checks", "revise_answer", "verify_answer"]


def build_checks(*, documents: DocumentStore | None, lex: LexClient | None,
                 provider: ModelProvider | None, config: VerifierConfig) -> Checks:
    """Legal checks through Lex when a Lex URL is configured, a model judge on a real model."""
    judge = (Judge(provider=provider, deadline_s=config.judge_deadline_s)
             if provider is not None and not provider.offline and config.judge else None)
    by_kind: dict[CitationKind, Check] = {
        "document": DocumentCheck(documents) if documents else not_configured("tenant document"),
        "legislation": not_configured("legislation"),
        "caselaw": not_configured("case law"),
        "external": not_configured("external"),
    }
    if lex is not None:
        source = LegalRecords(lex)
        by_kind |= {
            "legislation": LegislationCheck(
                source=source, judge=judge, source_complete=config.source_complete,
                relevance=Relevance(embedder=default_embedder(),
                                    threshold=config.relevance_threshold)
                if config.relevance else None),
            "caselaw": CaselawCheck(source=source, judge=judge,
                                    source_complete=config.source_complete),
        }
    return Checks(by_kind=by_kind, deadline_s=config.check_deadline_s)


@dataclass(frozen=True)
class Verified:
    parsed: Parsed
    outcomes: list[Outcome]
    text: str
    """The answer as the reader gets it: withheld sentences replaced, unverified marked."""
    fit: Fit | None = None
    """Whether the verified citations answer the question (when the question is known)."""


async def verify_answer(text: str, checks: Checks, *, context: CheckContext,
                        wording: Wording | None = None, tenant_id: str = "",
                        question: str = "") -> Verified:
    parsed = parse_citations(text)
    outcomes = await checks.check_all(tenant_id, parsed.citations, context)
    verified = revise_answer(text, parsed, outcomes, wording)
    if not question:
        return verified
    cited = [(c.ref, c.quote or "", o.status) for c, o in zip(parsed.citations, outcomes,
                                                               strict=True)]
    return Verified(verified.parsed, verified.outcomes, verified.text,
                    await asyncio.to_thread(fit, question, cited, answer=text,
                                            tenant=tenant_id or None))


def revise_answer(text: str, parsed: Parsed, outcomes: Sequence[Outcome],
            wording: Wording | None = None) -> Verified:
    """The answer once its citations are judged: removed sentences rewritten, unverified
    citations marked."""
    pairs = list(zip(parsed.citations, outcomes, strict=True))
    final = rewrite(text, [c for c, o in pairs if o.status == "removed"], wording,
                    [c for c, o in pairs if o.status == "unverified"],
                    {c.index: o.law_statement for c, o in pairs if o.law_statement})
    return Verified(parsed, list(outcomes), final)

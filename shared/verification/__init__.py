"""Verifying the citations of an answer: parse, check each against its source, revise, score.

``verify_answer`` is the one entry point: the verifier service calls it per drafted answer and
``yourai verify`` per file, so both judge a citation the same way. ``build_checks`` assembles
the checks from what is configured (tenant documents, a Lex server, a model judge).

Layout — parse: ``citations`` (tags and prose forms), ``refs``, ``prose``; check: ``checks``
(documents and the dispatcher), ``legislation``, ``caselaw``, ``claims``, ``quotes``,
``temporal``, ``jurisdiction``, ``judge``, ``findings``, ``lexsource`` (the Lex records the
checks read); revise: ``rewrite``; score: ``confidence``; review: ``qa``; ``config``,
``context``; compose: ``pipeline``; while the answer streams: ``incremental``.
"""

from shared.verification.checks import Checks, Outcome
from shared.verification.citations import Citation, Parsed, ParseProblem, parse_citations
from shared.verification.confidence import assess, count_sources
from shared.verification.config import VerifierConfig
from shared.verification.context import (
    JURISDICTIONS,
    CheckContext,
    Jurisdiction,
    jurisdiction_or_default,
)
from shared.verification.incremental import (
    CitationKey,
    DraftedSentence,
    JudgedSentence,
    SentenceTracker,
    citation_key,
    known_outcomes,
    remembered,
    verify_sentence,
)
from shared.verification.pipeline import Verified, build_checks, revise_answer, verify_answer
from shared.verification.qa import QaOutcome, review
from shared.verification.rewrite import Wording

__all__ = [
    "JURISDICTIONS",
    "CheckContext",
    "Checks",
    "Citation",
    "CitationKey",
    "DraftedSentence",
    "JudgedSentence",
    "Jurisdiction",
    "Outcome",
    "ParseProblem",
    "Parsed",
    "QaOutcome",
    "SentenceTracker",
    "Verified",
    "VerifierConfig",
    "Wording",
    "assess",
    "build_checks",
    "citation_key",
    "count_sources",
    "jurisdiction_or_default",
    "known_outcomes",
    "parse_citations",
    "remembered",
    "review",
    "revise_answer",
    "verify_answer",
    "verify_sentence",
]

"""Whether a cached answer may answer a new question: a minimal rule, replaced by the guard.

This stand-in trusts similarity alone (at least :data:`SIMILARITY_FLOOR`); the near-miss guard
(parties, legal references, numbers, jurisdiction, negation and modality) replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SIMILARITY_FLOOR", "Verdict", "embedding_text", "reuse_verdict"]

STAND_IN = True
"""This module is the stand-in; the engine's near-miss tests wait for the guard itself."""

SIMILARITY_FLOOR = 0.95
"""Below this cosine similarity of the two questions' embeddings nothing is reused."""


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """Whether the cached answer may be reused, and why."""

    reusable: bool
    reason: str
    similarity: float


def embedding_text(question: str) -> str:
    """The text the cache embeds for a question (here the question itself)."""
    return question


def reuse_verdict(new_question: str, cached_question: str, similarity: float) -> Verdict:
    """The verdict on reusing the answer to ``cached_question`` for ``new_question``."""
    if similarity >= SIMILARITY_FLOOR:
        return Verdict(reusable=True, reason=f"similarity {similarity:.3f}",
                       similarity=similarity)
    return Verdict(reusable=False, reason=f"similarity {similarity:.3f} is below "
                   f"{SIMILARITY_FLOOR}", similarity=similarity)

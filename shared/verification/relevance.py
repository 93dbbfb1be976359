"""Whether a statement is about what its cited source says: meaning, not only shared words.

A verbatim quote proves the words exist, not that they support the sentence around them: "a
landlord must protect a deposit within 30 days", cited to the HMO licensing section with a
real quote from it, is a wrong citation under a real quote. The deterministic checks catch a
contradicted figure or duty; this catches a different subject. The statement is embedded with
sentence embeddings and compared with the quote and with overlapping windows of the cited
provision, each led by the provision's heading; the best match must reach a threshold. A
miss leaves the citation unverified (never removed): meaning is judged less surely than a
figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shared.embeddings import Embedder
from shared.text.terms import content_terms

__all__ = ["Relevance"]


@dataclass(frozen=True, kw_only=True)
class Relevance:
    embedder: Embedder
    threshold: float = 0.42
    """Cosine similarity below which a statement is taken to be about something else. Set
    between the wrong-subject and the faithful-paraphrase citations of the verification
    benchmark (categories, not items)."""
    window_words: int = 60
    max_windows: int = 16
    min_terms: int = 4
    """Statements with fewer content words say too little to judge."""

    def judgeable(self, claim: str) -> bool:
        return len(set(content_terms(claim))) >= self.min_terms

    async def similarity(self, claim: str, heading: str, quote: str | None, text: str) -> float:
        """The best cosine similarity of ``claim`` to the quote or a window of ``text``."""
        lead = f"{heading}. " if heading else ""
        candidates = [lead + quote] if quote else []
        candidates += [lead + w for w in _windows(text, self.window_words)][: self.max_windows]
        if not candidates:
            return 1.0
        vectors = await self.embedder.embed([claim, *candidates])
        return float((vectors[1:] @ vectors[0]).max())


def _windows(text: str, size: int) -> Sequence[str]:
    words = text.split()
    step = max(1, size // 2)
    return [" ".join(words[i:i + size]) for i in range(0, max(1, len(words) - step), step)]

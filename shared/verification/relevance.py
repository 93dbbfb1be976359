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
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

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
    cached_provisions: int = 64
    _windows: dict[tuple[str, str], NDArray[np.float32]] = field(
        default_factory=dict, repr=False, compare=False)
    """Window vectors of recently checked provisions: an answer often cites one several
    times, and its windows are the bulk of the embedding work."""

    def judgeable(self, claim: str) -> bool:
        return len(set(content_terms(claim))) >= self.min_terms

    async def similarity(self, claim: str, heading: str, quote: str | None, text: str) -> float:
        """The best cosine similarity of ``claim`` to the quote or a window of ``text``."""
        lead = f"{heading}. " if heading else ""
        windows = self._windows.get((heading, text))
        if windows is None:
            texts = [lead + w for w in _windows(text, self.window_words)][: self.max_windows]
            windows = (await self.embedder.embed_kept(texts) if texts
                       else np.zeros((0, self.embedder.dimension), dtype=np.float32))
            if len(self._windows) >= self.cached_provisions:
                self._windows.pop(next(iter(self._windows)))
            self._windows[(heading, text)] = windows
        asked = await self.embedder.embed([claim, *([lead + quote] if quote else [])])
        candidates = np.vstack([asked[1:], windows])
        if not len(candidates):
            return 1.0
        return float((candidates @ asked[0]).max())


def _windows(text: str, size: int) -> Sequence[str]:
    words = text.split()
    step = max(1, size // 2)
    return [" ".join(words[i:i + size]) for i in range(0, max(1, len(words) - step), step)]

"""Hybrid retrieval's shared pieces: reciprocal rank fusion and whether dense search exists.

Full-text search finds the passages that use the question's words; dense search (sentence
embeddings in pgvector) finds those that mean the same in other words. Reciprocal rank fusion
merges the two rankings without comparing their incomparable scores: each list contributes
``1 / (k + rank)`` for every item it ranks.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence
from typing import TypeVar

import asyncpg

from shared.store import store_errors

__all__ = ["RRF_K", "reciprocal_rank_fusion", "vector_literal", "vector_search_available"]

log = logging.getLogger("yourai.retrieval")

RRF_K = 60
"""The constant of Cormack et al. (2009): it damps the weight of the very first ranks."""

K = TypeVar("K", bound=Hashable)


def reciprocal_rank_fusion(rankings: Sequence[Sequence[K]], *, k: int = RRF_K,
                           weights: Sequence[float] | None = None) -> list[tuple[K, float]]:
    """Items of every ranking, best first, scored by the sum of ``weight / (k + rank)``.

    Ties keep the order in which the items were first seen (first ranking first), so the
    result is deterministic.
    """
    weights = weights or [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking")
    scores: dict[K, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    order = {item: i for i, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def vector_literal(vector: Sequence[float]) -> str:
    """A vector as pgvector's text form (``'[0.1,0.2]'``), to pass as ``$n::vector``."""
    return "[" + ",".join(f"{x:.6g}" for x in vector) + "]"


async def vector_search_available(pool: asyncpg.Pool) -> bool:
    """Whether this database has pgvector; without it, say so once, visibly."""
    async with store_errors("PostgreSQL"):
        present = await pool.fetchval(
            "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')")
    if not present:
        log.warning("pgvector is not installed in this PostgreSQL: retrieval uses full-text "
                    "search only (install the vector extension for semantic search)")
    return bool(present)

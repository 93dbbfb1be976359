"""Reciprocal rank fusion, and pgvector on the embedded PostgreSQL."""

from __future__ import annotations

import pytest

from shared.hybrid import reciprocal_rank_fusion, vector_literal, vector_search_available
from shared.runtime import Infra


def test_an_item_both_rankings_agree_on_comes_first() -> None:
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["b", "c", "d"]])
    assert [item for item, _ in fused] == ["b", "c", "a", "d"]


def test_ties_keep_first_seen_order_and_weights_count() -> None:
    assert [i for i, _ in reciprocal_rank_fusion([["x"], ["y"]])] == ["x", "y"]
    weighted = reciprocal_rank_fusion([["x"], ["y"]], weights=[1.0, 2.0])
    assert [i for i, _ in weighted] == ["y", "x"]
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["x"]], weights=[1.0, 2.0])


def test_vector_literal_is_pgvector_text() -> None:
    assert vector_literal([0.5, -1.0, 0.25]) == "[0.5,-1,0.25]"


async def test_the_embedded_postgresql_has_pgvector(infra: Infra) -> None:
    assert await vector_search_available(infra.pool)
    distance = await infra.pool.fetchval("SELECT $1::vector <=> $2::vector",
                                         vector_literal([1.0, 0.0]), vector_literal([0.0, 1.0]))
    assert distance == pytest.approx(1.0)

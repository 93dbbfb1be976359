"""The in-process memo of recent vectors: the model's vectors bit for bit, each distinct text run
once, bounded, and a tenant's text never answered from another tenant's entry."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from tokenizers import Encoding

from shared.documents import DocumentHit, DocumentStore
from shared.embedding_cache import VectorMemo
from shared.embeddings import Embedder, EmbedderConfig, Vectors
from shared.runtime import Infra
from tests.conftest import MODEL_CACHE

QUESTION = "What must we do about damp and mould in a flat we let?"
OTHER = "How quickly must a gas safety certificate be given to a new tenant?"
POLICY = ("# Damp and mould\n\n## Timescales\n\nWe inspect reported damp within 10 working "
          "days.\n\n## Vulnerable households\n\nA vulnerable household is visited first.\n")


class Counted:
    """An :class:`Embedder` whose model runs are counted, text by text."""

    def __init__(self, memo_entries: int = 8) -> None:
        self.embedder = Embedder(EmbedderConfig(cache_dir=MODEL_CACHE, memo_entries=memo_entries))
        self.ran: list[int] = []
        run = self.embedder._run

        def counted(encodings: list[Encoding]) -> Vectors:
            self.ran.append(len(encodings))
            return run(encodings)

        self.embedder._run = counted  # type: ignore[method-assign]

    def texts_run(self) -> int:
        return sum(self.ran)


@pytest.fixture(scope="module")
def plain() -> Iterator[Embedder]:
    yield Embedder(EmbedderConfig(cache_dir=MODEL_CACHE))


async def test_the_vectors_are_the_models_bit_for_bit(plain: Embedder) -> None:
    counted = Counted()
    texts = [QUESTION, OTHER, QUESTION]
    first = await counted.embedder.embed_memoised(texts, tenant="tenant-a")
    again = await counted.embedder.embed_memoised(texts[::-1], tenant="tenant-a")
    expected = await plain.embed(texts)
    assert np.array_equal(first, expected)
    assert np.array_equal(again, expected[::-1])
    assert first.dtype == np.float32 and first.shape == (3, plain.dimension)
    # The repeated text is run once, and nothing at all the second time.
    assert counted.texts_run() == 2


async def test_a_tenants_text_is_not_answered_from_another_tenants_entry() -> None:
    counted = Counted()
    await counted.embedder.embed_memoised([QUESTION], tenant="tenant-a")
    await counted.embedder.embed_memoised([QUESTION], tenant="tenant-b")
    assert counted.texts_run() == 2
    # Nor is a public text's entry a tenant's, or the other way round.
    await counted.embedder.embed_memoised([QUESTION], tenant=None)
    assert counted.texts_run() == 3
    await counted.embedder.embed_memoised([QUESTION], tenant=None)
    await counted.embedder.embed_memoised([QUESTION], tenant="tenant-b")
    assert counted.texts_run() == 3


async def test_the_memo_is_bounded_and_keeps_the_most_recently_used() -> None:
    counted = Counted(memo_entries=2)
    for text in (QUESTION, OTHER, QUESTION, "A third question about rent arrears"):
        await counted.embedder.embed_memoised([text], tenant="tenant-a")
    assert counted.texts_run() == 3
    assert len(counted.embedder._memo) == 2
    # OTHER was the least recently used when the third text came: it went, QUESTION stayed.
    await counted.embedder.embed_memoised([QUESTION], tenant="tenant-a")
    assert counted.texts_run() == 3
    await counted.embedder.embed_memoised([OTHER], tenant="tenant-a")
    assert counted.texts_run() == 4


def _vector(seed: int) -> Vectors:
    return np.random.default_rng(seed).random((1, 384), dtype=np.float32)[0:1]


def test_a_callers_array_is_never_the_memos() -> None:
    memo = VectorMemo(max_entries=4)
    vector = _vector(1)[0]
    memo.put(("t", "text"), vector)
    vector[:] = 0
    kept = memo.get(("t", "text"))
    assert kept is not None and kept.any() and not kept.flags.writeable


def test_a_long_text_is_not_kept() -> None:
    memo = VectorMemo(max_entries=4, max_text_chars=10)
    memo.put(("t", "x" * 11), _vector(2)[0])
    memo.put(("t", "x" * 10), _vector(3)[0])
    assert memo.get(("t", "x" * 11)) is None and len(memo) == 1


async def test_a_returned_array_may_be_changed_without_changing_the_next_answer() -> None:
    counted = Counted()
    first = await counted.embedder.embed_memoised([QUESTION], tenant="tenant-a")
    kept = first.copy()
    first[:] = 0
    again = await counted.embedder.embed_memoised([QUESTION], tenant="tenant-a")
    assert np.array_equal(again, kept) and counted.texts_run() == 1


def _refs(hits: Sequence[DocumentHit]) -> list[str]:
    return [h.ref for h in hits]


async def test_the_policy_search_runs_the_model_once_per_tenant_and_question(
        infra: Infra, plain: Embedder) -> None:
    counted = Counted()
    store = DocumentStore(infra.pool, embedder=lambda: counted.embedder)
    unmemoised = DocumentStore(infra.pool, embedder=lambda: plain)
    for tenant in ("tenant-a", "tenant-b"):
        await store.add(tenant, "Damp", POLICY)
    stored = counted.texts_run()
    first = await store.search("tenant-a", "when is damp inspected?")
    again = await store.search("tenant-a", "when is damp inspected?")
    assert counted.texts_run() == stored + 1
    assert _refs(first) == _refs(again) == _refs(
        await unmemoised.search("tenant-a", "when is damp inspected?"))
    assert [h.score for h in first] == [h.score for h in again]
    await store.search("tenant-b", "when is damp inspected?")
    assert counted.texts_run() == stored + 2

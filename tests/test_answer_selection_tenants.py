"""The answer's sentence selection keeps a tenant's vectors under that tenant only.

Its process-wide cache answers a text in microseconds where the model takes milliseconds, so a
cache shared across tenants would let one tenant time whether another had just asked a
question or holds a policy sentence; and the machine's shared vector file outlives a tenant's
documents. A public text (a provision, a judgment) is still shared, in memory and on disk.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from tokenizers import Encoding

from services.orchestrator.synthesis import History, synthesis_request
from shared.answering import classify
from shared.answering.composition import answer
from shared.answering.selection import judge, select
from shared.embedding_cache import VectorCache
from shared.embeddings import Embedder, EmbedderConfig, Vectors
from shared.events import RoutingDecided
from shared.llm.base import SourceDocument
from shared.llm.offline import OfflineProvider
from shared.verification.confidence import fit
from tests.conftest import MODEL_CACHE


class Counted:
    """An :class:`Embedder` whose model runs are counted text by text, with a vector file
    of its own."""

    def __init__(self, vectors: Path) -> None:
        self.embedder = Embedder(EmbedderConfig(cache_dir=MODEL_CACHE))
        self.embedder._vector_cache = VectorCache(vectors)
        self.ran = 0
        run = self.embedder._run

        def counted(encodings: list[Encoding]) -> Vectors:
            self.ran += len(encodings)
            return run(encodings)

        self.embedder._run = counted  # type: ignore[method-assign]

    def run(self) -> int:
        """Texts run through the model since the last call."""
        ran, self.ran = self.ran, 0
        return ran


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[Counted]:
    yield Counted(tmp_path / "vectors.sqlite3")


def _policy(mark: str) -> SourceDocument:
    """A tenant's policy, its words unique to the test (the selection's cache is the
    process's, shared with every other test)."""
    return SourceDocument(
        ref=f"doc:{uuid.uuid4()}#0", title=f"Damp and mould policy {mark}",
        text=(f"## Timescales\n\nWe inspect reported damp in flat {mark} within ten working "
              "days.\n\nA vulnerable household is visited within two working days.\n"))


def _provision(mark: str) -> SourceDocument:
    return SourceDocument(
        ref="ukpga/2004/34/section/5", title=f"Housing Act 2004 section 5 {mark}",
        text=(f"(1) If a local housing authority consider that a category 1 hazard exists on "
              f"any residential premises {mark}, they must take the appropriate enforcement "
              "action in relation to the hazard.\n"))


def _question(mark: str) -> str:
    return f"How quickly must we inspect damp in flat {mark}?"


def test_a_tenants_policy_sentence_is_not_served_to_another_tenant(counted: Counted) -> None:
    mark = uuid.uuid4().hex[:8]
    policy, q = _policy(mark), classify(_question(mark))
    first = select(q, [policy], counted.embedder, tenant="tenant-a")
    ran = counted.run()
    assert ran > 1  # the question and the policy's sentences
    select(q, [policy], counted.embedder, tenant="tenant-a")
    assert counted.run() == 0  # the same tenant's texts come from its cache
    other = select(q, [policy], counted.embedder, tenant="tenant-b")
    assert counted.run() == ran  # every one of them run again for the other tenant
    assert [c.text for c in other.ranked] == [c.text for c in first.ranked]
    assert [c.similarity for c in other.ranked] == [c.similarity for c in first.ranked]


def test_a_tenants_texts_are_not_written_to_the_shared_vector_file(counted: Counted) -> None:
    mark = uuid.uuid4().hex[:8]
    select(classify(_question(mark)), [_policy(mark)], counted.embedder, tenant="tenant-a")
    assert counted.run() > 0
    cache = counted.embedder.vector_cache
    assert cache is not None
    assert cache.size()[0] == 0


def test_a_public_provision_is_shared_across_tenants_and_kept_on_disk(counted: Counted) -> None:
    mark = uuid.uuid4().hex[:8]
    act, q = _provision(mark), classify(_question(mark))
    select(q, [act], counted.embedder, tenant="tenant-a")
    ran = counted.run()
    cache = counted.embedder.vector_cache
    assert cache is not None
    kept = cache.size()[0]
    assert 0 < kept < ran  # the provision's sentence, not the question
    select(q, [act], counted.embedder, tenant="tenant-b")
    assert counted.run() == ran - kept  # only the other tenant's question
    assert cache.size()[0] == kept


def test_the_relevance_judgement_keeps_the_question_under_its_tenant(counted: Counted) -> None:
    mark = uuid.uuid4().hex[:8]
    q = classify(_question(mark))
    quotes = [f"We inspect reported damp in flat {mark} within ten working days."]
    judge(q, quotes, counted.embedder, tenant="tenant-a")
    assert counted.run() == 2
    judge(q, quotes, counted.embedder, tenant="tenant-a")
    assert counted.run() == 0
    judge(q, quotes, counted.embedder, tenant="tenant-b")
    assert counted.run() == 2
    cache = counted.embedder.vector_cache
    assert cache is not None and cache.size()[0] == 0


def test_the_offline_answer_is_chosen_under_the_requests_tenant(
        counted: Counted, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tenant travels from the routing decision through the synthesis request and the
    offline provider to the selection."""
    seen: list[str | None] = []

    def selecting(*args: object, tenant: str | None = None, **kwargs: object) -> object:
        seen.append(tenant)
        return select(*args, tenant=tenant, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("shared.answering.composition.select", selecting)
    mark = uuid.uuid4().hex[:8]
    decision = RoutingDecided(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                              invocation_id=uuid.uuid4(), query_type="policy", complexity=10,
                              workers=["policy"], model_tier="fast")
    request = synthesis_request(question=_question(mark), routing=decision, documents=[],
                                history=History(), tenant_name="Fenmoor Valley Homes",
                                jurisdiction="england")
    assert request.tenant == "tenant-a"
    OfflineProvider._reply(msgspec.structs.replace(request, documents=[_policy(mark)]))
    assert seen == ["tenant-a"]
    answer(_question(mark), [_policy(mark)], counted.embedder)
    assert seen == ["tenant-a", None]



def test_the_verifiers_fit_judges_under_the_answers_tenant(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []

    def judging(*args: object, tenant: str | None = None, **kwargs: object) -> object:
        seen.append(tenant)
        return judge(*args, tenant=tenant, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("shared.verification.confidence.judge", judging)
    mark = uuid.uuid4().hex[:8]
    quote = f"We inspect reported damp in flat {mark} within ten working days."
    fit(_question(mark), [("doc:x#0", quote, "verified")], tenant="tenant-a")
    assert seen == ["tenant-a"]


async def test_the_question_the_policy_search_embedded_is_not_run_again(
        counted: Counted) -> None:
    """One model run of a new question, not two: the selection reads the vector the policy
    search left in the embedder's memo under the same tenant, and only under it."""
    mark = uuid.uuid4().hex[:8]
    question, policy = _question(mark), _policy(mark)
    searched = (await counted.embedder.embed_memoised([question], tenant="tenant-a"))[0]
    assert counted.run() == 1
    alone = classify(question)
    select(alone, [policy], counted.embedder, tenant="tenant-a")
    ran = counted.run()
    select(alone, [policy], counted.embedder, tenant="tenant-b")
    assert counted.run() == ran + 1  # the other tenant's question is its own run
    plain = Counted(Path(counted.embedder.vector_cache.path))  # type: ignore[union-attr]
    assert (plain.embedder.embed_sync([question])[0] == searched).all()

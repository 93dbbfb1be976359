"""The policy worker: full-text search over the tenant's own uploaded documents.

The search is for the question in the policies' words as well as the asker's
(``shared.text.vocabulary.expand``): "HMO" also finds "house in multiple occupation".
"""

from __future__ import annotations

from services.workers.base import SourceNote, Worker, WorkerOutcome, WorkerTask
from shared.documents import DocumentStore
from shared.events import Finding
from shared.text.vocabulary import expand

RESULTS = 6


def policy_worker(documents: DocumentStore) -> Worker:
    async def run(task: WorkerTask) -> WorkerOutcome:
        hits = await documents.search(task.tenant_id, expand(task.question), limit=RESULTS)
        findings = [
            Finding(
                ref=h.ref,
                title=h.chunk.title + (f" — {h.chunk.heading}" if h.chunk.heading else ""),
                text=h.chunk.text,
                uri=h.ref,
                score=h.score,
            )
            for h in hits
        ]
        return WorkerOutcome(
            status="ok",
            findings=findings,
            sources=[SourceNote(ref=f.ref, title=f.title, score=f.score) for f in findings],
        )

    return Worker(name="policy", description="Searching your organisation's policy documents",
                  run=run)

"""Building the synthesis request and the fixed parts of every answer (pure)."""

from __future__ import annotations

from collections.abc import Sequence

from shared.events import Finding, RoutingDecided, WorkerFindings
from shared.llm import ChatMessage, ModelRequest, SourceDocument
from shared.prompts import render

MAX_DOCUMENTS = 12
HISTORY_MESSAGES = 8

INTRODUCTION = (
    "Hello. I am a compliance information assistant for social housing. Ask me about your "
    "organisation's policies, UK housing legislation, case law or the regulators' expectations, "
    "and I will answer with citations that are checked before you rely on them."
)

_WORKER_LABELS = {
    "policy": "your organisation's policies",
    "legislation": "UK legislation",
    "caselaw": "case law",
    "external": "the regulators' published material",
}


def evidence(findings: dict[str, WorkerFindings]) -> list[Finding]:
    """All usable findings, each worker's best first, taken in turn, without repeating a source.

    Scores rank findings within one worker only: workers score on different scales, and some
    sources give none at all (the public Lex scores no section), so a worker's order is all
    that is compared across workers. Taking the workers in turn lets every source reach the
    cut.
    """
    ranked = [sorted(w.findings, key=lambda f: -f.score)  # stable: ties keep the source's order
              for w in findings.values() if w.status == "ok"]
    seen: set[str] = set()
    out: list[Finding] = []
    for rank in range(max((len(r) for r in ranked), default=0)):
        for worker in ranked:
            if rank < len(worker) and worker[rank].ref not in seen:
                seen.add(worker[rank].ref)
                out.append(worker[rank])
    return out[:MAX_DOCUMENTS]


def missing_sources(routing: RoutingDecided, findings: dict[str, WorkerFindings]) -> list[str]:
    """Workers that were asked but produced nothing usable (failed, late or unconfigured)."""
    return [w for w in routing.workers if w not in findings or findings[w].status != "ok"]


def gap_note(routing: RoutingDecided, findings: dict[str, WorkerFindings]) -> str:
    """What the answer could not check: missing workers, and the failed parts of the others."""
    lines = []
    partial = [w for w in routing.workers if w in findings and findings[w].status == "ok"
               and findings[w].error]
    for w in [*missing_sources(routing, findings), *partial]:
        f = findings.get(w)
        reason = f.error if f is not None and f.error else "It did not respond in time."
        label = _WORKER_LABELS.get(w, w)
        lines.append(f"- {label[:1].upper()}{label[1:]}: {reason}")
    if not lines:
        return ""
    return "**What could not be checked**\n\n" + "\n".join(lines)


def answer_tail(note: str, disclaimer: str) -> str:
    """What follows the model's text in every answer: the gaps, then the disclaimer."""
    parts = [p for p in (note, f"_{disclaimer}_") if p]
    return "\n\n" + "\n\n".join(parts)


def synthesis_request(
    *,
    question: str,
    routing: RoutingDecided,
    documents: Sequence[Finding],
    history: Sequence[ChatMessage],
    tenant_name: str,
    jurisdiction: str,
) -> ModelRequest:
    values = {"tenant_name": tenant_name, "jurisdiction": jurisdiction, "question": question}
    system = render("system_base", **values) + "\n\n" + render("synthesis", **values)
    return ModelRequest(
        tier=routing.model_tier,
        purpose="synthesis",
        system=system,
        messages=[*history[-HISTORY_MESSAGES:], ChatMessage(role="user", content=question)],
        question=question,
        documents=[SourceDocument(ref=d.ref, title=d.title, text=d.text) for d in documents],
        max_tokens=2048,
    )


def title_request(question: str) -> ModelRequest:
    return ModelRequest(
        tier="fast",
        purpose="title",
        system=render("title", question=question),
        messages=[ChatMessage(role="user", content=question)],
        question=question,
        max_tokens=30,
    )


def clean_title(raw: str) -> str:
    title = raw.strip().strip('"\u201c\u201d\'').splitlines()[0] if raw.strip() else ""
    return title.rstrip(".")[:80] or "New conversation"

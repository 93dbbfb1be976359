"""Building the synthesis request and the fixed parts of every answer (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from shared.answering.gaps import missing_note, unheld
from shared.events import Finding, RoutingDecided, WorkerFindings
from shared.llm import ChatMessage, ModelRequest, SourceDocument
from shared.prompts import render
from shared.text.terms import STOP_WORDS, WORD
from shared.text.vocabulary import subjects

MAX_DOCUMENTS = 12
HISTORY_MESSAGES = 8
"""The latest questions and answers the synthesis model reads in full."""
SUMMARY_QUESTIONS = 20
"""How many questions before that window the summary reads."""
SUMMARY_ITEMS = 6
"""At most this many topics in the summary, the latest kept."""

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


def missing_instruments(question: str, documents: Sequence[Finding]) -> str:
    """The note naming what the question names and no source found holds (Awaab's Law, a
    regulator's code, an instrument missing from the corpus), or nothing."""
    return missing_note(unheld(question, [d.title for d in documents],
                               [d.ref for d in documents], [d.text for d in documents]))


def as_at_line(day: date) -> str:
    """When the answer speaks for: the sources can change after it."""
    return f"Information as at {day.day} {day:%B %Y}."


_DATED = re.compile(r"_Information as at \d{1,2} [A-Z][a-z]+ \d{4}\._")


def redated(text: str, day: date) -> str:
    """``text`` (an answer with its tail) speaking for ``day``: an answer served again is
    verified again that day, so its date line says so, not the day it was first written."""
    return _DATED.sub(lambda _: f"_{as_at_line(day)}_", text)


def answer_tail(note: str, disclaimer: str, *, missing: str = "",
                as_at: date | None = None) -> str:
    """What follows the model's text in every answer: what the sources do not hold, the
    gaps, the date the answer speaks for, then the disclaimer."""
    dated = f"_{as_at_line(as_at)}_" if as_at is not None else ""
    parts = [p for p in (missing, note, dated, f"_{disclaimer}_") if p]
    return "\n\n" + "\n\n".join(parts)


@dataclass(frozen=True, kw_only=True)
class History:
    """What the synthesis model is told of the conversation before the question."""

    messages: Sequence[ChatMessage] = ()
    """The latest questions and answers, oldest first, in full."""
    summary: str = ""
    """The topics of the questions before them (``session_summary``)."""


def session_summary(questions: Sequence[str]) -> str:
    """What the conversation was about before the history window, from its questions
    (oldest first): "Earlier in this conversation: stage one complaint; damp and mould."

    Deterministic: each question's subjects (topics, Acts, sections, policies), or its first
    content words if it names none; each once, the latest ``SUMMARY_ITEMS`` kept.
    """
    items: list[str] = []
    for question in questions:
        found = subjects(question) or [_gist(question)]
        for item in filter(None, found):
            if item.lower() not in (i.lower() for i in items):
                items.append(item)
    if not items:
        return ""
    return f"Earlier in this conversation: {'; '.join(items[-SUMMARY_ITEMS:])}."


def _gist(question: str) -> str:
    return " ".join([w for w in WORD.findall(question) if w.lower() not in STOP_WORDS][:5])


def synthesis_request(
    *,
    question: str,
    routing: RoutingDecided,
    documents: Sequence[Finding],
    history: History,
    tenant_name: str,
    jurisdiction: str,
    layers: Sequence[str] = (),
) -> ModelRequest:
    """The synthesis request: a system prompt that is the same for every question of the
    tenant with the same persona and skills (so the provider can cache it), the
    conversation, then the question to answer (the standalone one) as the last user turn,
    which the provider gives the documents to.

    The system prompt's order (DESIGN §5c): base and writing rules with the tenant's name and
    jurisdiction, then ``layers`` (the persona, then the activated skills), then the summary
    of the conversation's earlier topics; the recent turns and the question follow."""
    values = {"tenant_name": tenant_name, "jurisdiction": jurisdiction}
    system = "\n\n".join([render("system_base", **values), render("synthesis", **values),
                           *layers])
    if history.summary:
        system += "\n\n" + render("history_summary", summary=history.summary)
    recent = list(history.messages)[-HISTORY_MESSAGES:]
    return ModelRequest(
        tier=routing.model_tier,
        purpose="synthesis",
        system=system,
        messages=[*recent, ChatMessage(role="user", content=question)],
        question=question,
        documents=[SourceDocument(ref=d.ref, title=d.title, text=d.text) for d in documents],
        max_tokens=2048,
        tenant=routing.tenant_id,
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

"""The benchmark's instant model: scripted replies with no delay, so only the engine is timed.

Routing asks for all four workers (the shape the LangGraph baseline copies); synthesis quotes
the first supplied document verbatim and cites it, then adds plain prose, so the verifier
checks a real citation and scans real sentences on every invocation.
"""

from __future__ import annotations

import html
import re

from shared.llm import ModelRequest, ScriptedProvider

__all__ = ["QUESTION", "ROUTING", "bench_provider", "first_sentence", "synthesis"]

QUESTION = "What must we do about damp and mould in a flat we let?"

ROUTING = ('{"query_type": "policy", "complexity": 40, "workers": ["policy", "legislation", '
           '"caselaw", "external"], "model_tier": "balanced", "reason": "benchmark"}')

_FURTHER = (
    "The policy sets out who does what once a report is received. The housing officer records "
    "the report on the day it arrives, arranges an inspection and writes to the resident with "
    "the findings and the work that will follow. Where the resident is vulnerable the case is "
    "prioritised and the officer keeps in regular contact until the work is complete. Any "
    "underlying cause, such as a leak, failed ventilation or missing insulation, is put right "
    "rather than the symptoms treated alone. After the work, the officer checks with the "
    "resident that the problem has not returned and closes the case only when it has not."
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def first_sentence(text: str) -> str:
    """The first sentence of the first paragraph that is not a heading."""
    for paragraph in re.split(r"\n\s*\n", text):
        body = paragraph.strip()
        if body and not body.startswith("#"):
            return _SENTENCE_END.split(body, maxsplit=1)[0].strip()
    return text.strip().splitlines()[0] if text.strip() else ""


def synthesis(request: ModelRequest) -> str:
    """A cited answer over the first document (about 800 characters), or a plain one."""
    if not request.documents:
        return "No policy passage matched the question. " + _FURTHER
    doc = request.documents[0]
    quote = first_sentence(doc.text)
    tag = (f'<cite ref="{html.escape(doc.ref, quote=True)}" '
           f'quote="{html.escape(quote, quote=True)}">1</cite>')
    return f'According to the policy, "{quote}" {tag}\n\n{_FURTHER}'


def bench_provider(*, delay_s: float = 0.0, chunk_size: int = 12) -> ScriptedProvider:
    """Every purpose the engine calls, answered at once (``delay_s=0``) or paced like a model
    that streams ``chunk_size`` characters every ``delay_s`` (to keep invocations running)."""
    return ScriptedProvider(
        responses={"routing": [ROUTING], "title": ["Damp and mould"], "synthesis": [synthesis],
                   "judge": ["{}"]},
        chunk_size=chunk_size,
        delay_s=delay_s,
    )

"""The case-law worker: judgments through the Lex MCP tools, cited by neutral citation.

A neutral citation in the question is looked up by reference; otherwise judgments are searched.
The public Lex has its case-law tools switched off: then this worker says so, visibly.
"""

from __future__ import annotations

import re
from typing import Any

from services.workers.base import CaseNote, Worker, WorkerOutcome, WorkerTask
from shared.events import Finding
from shared.lex.client import LexClient, LexError, LexUnavailable

SEARCH_SIZE = 4
TEXT_LIMIT = 6000
HEADER_LIMIT = 1500
OPENING_PARAGRAPHS = 3
NEUTRAL_CITATION = re.compile(
    r"\[(\d{4})\]\s+(UKSC|UKPC|EWCA|EWHC|EWFC|EWCOP|UKUT|UKFTT|EAT|UKIPTrib)\s+(\d+)"
    r"(?:\s+\((\w+)\))?")


def _text(case: dict[str, Any], paragraphs: list[dict[str, Any]]) -> str:
    # The header first: only it names the judge, the parties and the court ("who decided …?").
    header = str(case.get("header") or "")[:HEADER_LIMIT]
    own = [p for p in paragraphs if p.get("caselaw_id") == case.get("id")]
    if own:
        body = "\n\n".join(f"[{p.get('number', '')}] {p.get('text', '')}" for p in own)
        return "\n\n".join(t for t in (header, body) if t)
    text = str(case.get("text") or "")
    return ("\n\n".join(t for t in (header, text) if t) if header not in text
            else text)[:TEXT_LIMIT]


def _finding(case: dict[str, Any], paragraphs: list[dict[str, Any]]) -> tuple[Finding, CaseNote]:
    citation = str(case.get("cite_as", ""))
    name = str(case.get("name", ""))
    uri = str(case.get("id", ""))
    finding = Finding(ref=citation or uri, title=f"{name} {citation}".strip(),
                      text=_text(case, paragraphs), uri=uri,
                      score=float(case.get("score") or 0.0))
    court = str(case.get("court", "")).upper()
    if case.get("division"):
        court += f" ({case['division']})"
    badge = CaseNote(case_name=name, citation=citation, court=court,
                     date=str(case.get("date") or ""), uri=uri)
    return finding, badge


async def _cases(lex: LexClient, tools: set[str], question: str) -> list[dict[str, Any]]:
    match = NEUTRAL_CITATION.search(question)
    if match and "search_for_caselaw_by_reference" in tools:
        found = await lex.call("search_for_caselaw_by_reference", {
            "reference_id": match.group(0), "reference_type": "caselaw", "size": 3})
        if found:
            return list(found)
    # Semantic: the local Lex then fuses full text with dense search, which finds judgments
    # described in other words (docs/BENCHMARKS.md, "Legal retrieval").
    result = await lex.call("search_for_caselaw", {
        "query": question, "is_semantic_search": True, "size": SEARCH_SIZE})
    return list((result or {}).get("results", []))


async def _headers(lex: LexClient, tools: set[str], cases: list[dict[str, Any]]) -> None:
    """Each judgment's header, where the search left it out (Lex's search results carry
    none): read by its neutral citation."""
    if "search_for_caselaw_by_reference" not in tools:
        return
    for case in cases:
        if case.get("header") or not case.get("cite_as"):
            continue
        found = await lex.call("search_for_caselaw_by_reference", {
            "reference_id": str(case["cite_as"]), "reference_type": "caselaw", "size": 1})
        same = [r for r in found or [] if isinstance(r, dict) and r.get("id") == case.get("id")]
        if same:
            case["header"] = str(same[0].get("header") or "")


async def _openings(lex: LexClient, tools: set[str], cases: list[dict[str, Any]],
                    found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first paragraphs of each judgment with no text yet: search results, as Lex's,
    carry none."""
    if "get_caselaw_paragraphs" not in tools:
        return []
    have = {p.get("caselaw_id") for p in found}
    out: list[dict[str, Any]] = []
    for case in cases:
        if case.get("id") not in have and not case.get("text"):
            out += list(await lex.call("get_caselaw_paragraphs", {
                "caselaw_id": str(case.get("id", "")), "limit": OPENING_PARAGRAPHS}) or [])
    return out


def caselaw_worker(lex: LexClient) -> Worker:
    async def run(task: WorkerTask) -> WorkerOutcome:
        try:
            tools = await lex.tools()
            if "search_for_caselaw" not in tools:
                return WorkerOutcome(status="not_configured", error=(
                    "The configured Lex server offers no case-law search (the public Lex has "
                    "switched it off), so case law could not be checked."))
            cases = await _cases(lex, tools, task.question)
            paragraphs: list[dict[str, Any]] = []
            if cases and "search_for_caselaw_section" in tools:
                paragraphs = list(await lex.call("search_for_caselaw_section", {
                    "query": task.question, "limit": 10}) or [])
            paragraphs += await _openings(lex, tools, cases, paragraphs)
            await _headers(lex, tools, cases)
        except LexUnavailable as e:
            return WorkerOutcome(status="error", error="The case-law source could not be "
                                 f"reached, so case law could not be checked ({e}).")
        except LexError as e:
            return WorkerOutcome(status="error", error=f"Case-law search failed: {e}")
        pairs = [_finding(c, paragraphs) for c in cases]
        return WorkerOutcome(status="ok", findings=[f for f, _ in pairs],
                             sources=[b for _, b in pairs])

    return Worker(name="caselaw", description="Searching case law", run=run)

"""The legislation worker: UK legislation through the Lex MCP tools.

It picks its tools by the question: a named Act (and section) is looked up, anything else is
searched. Every section it returns becomes a ``legal.source`` badge and evidence for synthesis,
cited by its legislation.gov.uk id path (``ukpga/2004/34/section/5``).
"""

from __future__ import annotations

import re
from typing import Any

from services.workers.base import LegalNote, Worker, WorkerOutcome, WorkerTask
from shared.events import Finding
from shared.lex.client import LexClient, LexError, LexUnavailable
from shared.lex.paths import provision_number
from shared.text.provisions import PROVISION_NUMBER
from shared.text.vocabulary import expand_statutory as expand_query

SEARCH_SIZE = 6
_ID_PATH = re.compile(r"\b((?:ukpga|uksi|asp|asc|anaw|wsi|ssi|nia|nisr|ukla|aep|eur)/"
                      r"[A-Za-z0-9]+/\d+(?:/\d+)?)(?:/section/(\w+))?")
_NAMED_ACT = re.compile(r"\b((?:[A-Z][A-Za-z'’]*\s+(?:and\s+|of\s+|the\s+)?)+Act\s+(\d{4}))")
_SECTION = re.compile(rf"\b(section|s\.|schedule|sch\.)\s?({PROVISION_NUMBER})\b",
                      re.IGNORECASE)
_LEX_PREFIX = "http://www.legislation.gov.uk/id/"


def id_path(record_id: str) -> str:
    """A legislation.gov.uk id URI → its id path, e.g. ``ukpga/2004/34/section/5``."""
    for prefix in (_LEX_PREFIX, "https://www.legislation.gov.uk/id/",
                   "https://www.legislation.gov.uk/", "http://www.legislation.gov.uk/"):
        if record_id.startswith(prefix):
            return record_id[len(prefix):].strip("/")
    return record_id.strip("/")


UNKNOWN_STATUS = "unknown"
UNKNOWN_STATUS_NOTE = "status not confirmed by the source"
_STATUSES = frozenset({"in_force", "repealed", "prospective"})


def _status(section: dict[str, Any]) -> str:
    """The provision's status as the source gives it; ``unknown`` when it does not say (the
    public Lex never does): never in force by default."""
    status = section.get("status")
    return status if isinstance(status, str) and status in _STATUSES else UNKNOWN_STATUS


def _finding(section: dict[str, Any], act_title: str) -> tuple[Finding, LegalNote]:
    path = id_path(str(section.get("id", "")))
    kind_word, number = provision_number(section)
    kind = "Schedule" if kind_word == "schedule" else "s."
    label = f"{act_title}, {kind} {number}".strip(", ")
    heading = str(section.get("title", ""))
    uri = str(section.get("uri") or f"https://www.legislation.gov.uk/{path}")
    status = _status(section)
    note = section.get("status_note")
    text = str(section.get("text", ""))
    if status == UNKNOWN_STATUS:
        text = f"[{UNKNOWN_STATUS_NOTE}]\n\n{text}"
    elif status != "in_force":
        text = f"[{status.replace('_', ' ')}{': ' + note if note else ''}]\n\n{text}"
    score = section.get("score")
    title = f"{label}: {heading}" if heading else label
    if status == UNKNOWN_STATUS:  # the title is what an extractive answer repeats
        title += f" ({UNKNOWN_STATUS_NOTE})"
    finding = Finding(ref=path, title=title, text=text,
                      uri=uri, score=float(score) if isinstance(score, int | float) else 0.0)
    badge = LegalNote(act_name=act_title, section=f"{kind} {number}", uri=uri,
                      extent=[str(e) for e in section.get("extent") or [] if e],
                      status=status)
    return finding, badge


class ActTitles:
    """Act titles by id, looked up once (Lex's section records do not carry them)."""

    def __init__(self, lex: LexClient) -> None:
        self.lex = lex
        self.titles: dict[str, str] = {}

    async def title(self, section: dict[str, Any]) -> str:
        act_id = id_path(str(section.get("legislation_id", "")))
        if act_id not in self.titles:
            title = act_id
            parts = act_id.split("/")
            try:
                if len(parts) >= 3 and parts[1].isdigit() and parts[2].isdigit():
                    act = await self.lex.call("lookup_legislation", {
                        "legislation_type": parts[0], "year": int(parts[1]),
                        "number": int(parts[2])})
                    title = str((act or {}).get("title") or act_id)
                elif len(parts) >= 4:
                    # A regnal-year Act (ukpga/Geo3/49/126) has no calendar year to look up
                    # by: its full-text record is the one tool that names it.
                    full = await self.lex.call("get_legislation_full_text",
                                               {"legislation_id": act_id})
                    act = (full or {}).get("legislation") if isinstance(full, dict) else None
                    title = str((act or {}).get("title") or act_id)
            except LexError:
                pass
            self.titles[act_id] = title
        return self.titles[act_id]


async def _named_act_id(lex: LexClient, question: str) -> str | None:
    """The id of an Act the question names ("the Housing Act 2004"), if Lex knows it."""
    match = _NAMED_ACT.search(question)
    if match is None:
        return None
    name, year = match.group(1).strip(), int(match.group(2))
    name = re.sub(r"^(?:The|Under|Does|Do|Is|What|How)\s+", "", name)
    found = await lex.call("search_for_legislation_acts", {
        "query": name, "year_from": year, "year_to": year, "limit": 3, "include_text": False})
    for act in (found or {}).get("results", []):
        if str(act.get("title", "")).lower().startswith(name.lower()):
            return id_path(str(act["id"]))
    return None


def _wanted(question: str, direct: re.Match[str] | None) -> tuple[str, str] | None:
    """The provision the question names: ``("section", "70A")``, ``("schedule", "1")``."""
    if direct is not None and direct.group(2):
        return "section", direct.group(2)
    m = _SECTION.search(question)
    if m is None:
        return None
    return ("schedule" if m.group(1).lower().startswith("sch") else "section"), m.group(2)


async def _sections(lex: LexClient, question: str) -> list[dict[str, Any]]:
    direct = _ID_PATH.search(question)
    act_id = direct.group(1) if direct else await _named_act_id(lex, question)
    wanted = _wanted(question, direct)
    if act_id and wanted:
        listed = await lex.call("get_legislation_sections",
                                {"legislation_id": act_id, "limit": 1000})
        # By the id, not Lex's number: that is null for s. 70A and 1 for Schedule 1 too.
        kind, number = wanted
        found = [s for s in listed or [] if isinstance(s, dict)
                 and provision_number(s) == (kind, number.upper())]
        if found:
            return found
    arguments: dict[str, Any] = {"query": expand_query(question), "size": SEARCH_SIZE}
    if act_id:
        arguments["legislation_id"] = act_id
    return list(await lex.call("search_for_legislation_sections", arguments) or [])


def legislation_worker(lex: LexClient) -> Worker:
    acts = ActTitles(lex)

    async def run(task: WorkerTask) -> WorkerOutcome:
        try:
            if "search_for_legislation_sections" not in await lex.tools():
                return WorkerOutcome(status="not_configured", error=(
                    "The configured Lex server offers no legislation search, so legislation "
                    "could not be checked."))
            sections = await _sections(lex, task.question)
        except LexUnavailable as e:
            return WorkerOutcome(status="error", error="The legislation source could not be "
                                 f"reached, so legislation could not be checked ({e}).")
        except LexError as e:
            return WorkerOutcome(status="error", error=f"Legislation search failed: {e}")
        pairs = [_finding(s, await acts.title(s)) for s in sections]
        return WorkerOutcome(status="ok", findings=[f for f, _ in pairs],
                             sources=[b for _, b in pairs])

    return Worker(name="legislation", description="Searching UK legislation", run=run)

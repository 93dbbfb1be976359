"""``yourai replay``: the conversation rebuilt from the log alone, with its hash chain checked.

Answers read as a user read them: ``[n]`` markers and footnotes naming each source by title
with its badge (``shared/footnotes.py``, the renderer the CLI and the API use), never cite
markup; each citation check still shows its raw reference, which is what an auditor looks up.
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec

from cli.database import open_pool
from cli.errors import CliError
from shared.config import Settings
from shared.events import (
    AgentStart,
    AnswerRevised,
    CitationChecked,
    ConfidenceUpdate,
    ContentDelta,
    ConversationCreated,
    ConversationRenamed,
    DraftCompleted,
    InvocationCancelled,
    InvocationCompleted,
    InvocationFailed,
    MessageReceived,
    QueryRewritten,
    RoutingDecided,
    TitleGenerated,
    UsageRecorded,
    WorkerFindings,
    decode_event,
    event_type,
)
from shared.footnotes import Check, SourceTitles, render
from shared.store import ChainRow, PostgresEventStore, rebuild_projections, verify_chain
from shared.store.read_models import conversation_owner


def transcript(rows: Sequence[ChainRow]) -> list[str]:  # noqa: C901 - one case per event type
    """Human-readable lines of a conversation, from its stored events only."""
    lines: list[str] = []
    answer: list[str] = []
    titles = SourceTitles()
    checks: list[Check] = []
    final: str | None = None
    for row in rows:
        e = decode_event(row.payload)
        at = e.occurred_at.strftime("%Y-%m-%d %H:%M:%S")
        data: dict[str, Any] = msgspec.json.decode(row.payload)
        titles.observe(event_type(e), data)
        match e:
            case ConversationCreated():
                lines.append(f"[{at}] conversation created by {e.user_id} ({e.tenant_id})")
            case ConversationRenamed() | TitleGenerated():
                lines.append(f"[{at}] title: {e.title}")
            case MessageReceived():
                lines.append(f"\n[{at}] {e.user_id} asked:\n  {e.content}")
            case QueryRewritten():
                carried = f" (carried: {', '.join(e.carried)})" if e.carried else ""
                lines.append(f"[{at}] searched for ({e.method}): {e.standalone}{carried}")
            case RoutingDecided():
                lines.append(f"[{at}] router ({e.method}): {e.query_type}, complexity "
                             f"{e.complexity}, workers {', '.join(e.workers) or 'none'}")
            case AgentStart():
                lines.append(f"[{at}] {e.agent_name} started: {e.task_description}")
            case WorkerFindings():
                lines.append(f"[{at}] {e.worker}: {e.status}, {len(e.findings)} finding(s)"
                             + (f" — {e.error}" if e.error else ""))
            case ContentDelta():
                answer.append(e.text)
            case DraftCompleted():
                streamed = "".join(answer)
                check = "matches" if streamed == e.text else "DIFFERS FROM"
                lines.append(f"[{at}] answer ({e.provider}/{e.model}; streamed text {check} "
                             f"the draft):\n{render(e.text, [], titles).text}")
                answer, final = [], e.text
            case AnswerRevised() if e.draft_chars is not None:
                lines.append(f"[{at}] a sentence revised after verification while it streamed")
            case AnswerRevised():
                lines.append(f"[{at}] answer revised after verification:\n"
                             f"{render(e.text, [], titles).text}")
                final = e.text
            case CitationChecked():
                checks.append(Check.from_event(data))
                issues = f" [{', '.join(e.issues)}]" if e.issues else ""
                lines.append(f"[{at}] citation {e.index} {titles.title(e.ref)} ({e.ref}): "
                             f"{e.status}{issues}")
            case ConfidenceUpdate():
                lines.append(f"[{at}] confidence {e.level}: {e.reason}")
            case UsageRecorded():
                u = e.usage
                lines.append(f"[{at}] usage {e.agent} ({e.model}): {u.input_tokens} in, "
                             f"{u.output_tokens} out, cache {u.cache_read_input_tokens} read/"
                             f"{u.cache_creation_input_tokens} written")
            case InvocationCompleted() | InvocationCancelled() | InvocationFailed():
                if answer:
                    lines.append(f"[{at}] streamed before it ended:\n{''.join(answer)}")
                    answer = []
                if final is not None:
                    listing = render(final, checks, titles).listing()
                    lines.append(f"[{at}] footnotes:\n{listing}" if listing else
                                 f"[{at}] no footnotes")
                    final, checks = None, []
                reason = getattr(e, "reason", "")
                lines.append(f"[{at}] {type(e).__struct_config__.tag}"
                             + (f": {reason}" if reason else ""))
            case _:
                pass
    return lines


async def replay(settings: Settings, conversation_id: str, *, tenant: str | None) -> int:
    try:
        cid = uuid.UUID(conversation_id)
    except ValueError as e:
        raise CliError(f"{conversation_id!r} is not a conversation id (a UUID)") from e
    async with open_pool(settings) as pool:
        await _has_log(pool)
        owner = await conversation_owner(pool, cid)
        if owner is None or (tenant is not None and owner != tenant):
            raise CliError(f"no conversation {cid} in the log")
        rows = await PostgresEventStore(pool).chain(cid)
    for line in transcript(rows):
        print(line)
    breaks = verify_chain(rows)
    print(f"\nHash chain: {len(rows)} events, ", end="")
    if not breaks:
        print("intact.")
        return 0
    print(f"{len(breaks)} problem(s):")
    for b in breaks:
        print(f"  TAMPERED at position {b.position} (version {b.version}): {b.problem}")
    return 1


async def _has_log(pool: object) -> None:
    """A database the engine never ran on has no log: say so rather than fail on a table."""
    if await pool.fetchval("SELECT to_regclass('events')") is None:  # type: ignore[attr-defined]
        raise CliError("this database has no event log yet (the engine has never run on it)")


async def rebuild(settings: Settings) -> int:
    async with open_pool(settings) as pool, pool.acquire() as conn:  # type: ignore[attr-defined]
        await _has_log(conn)
        count = await rebuild_projections(conn)
    print(f"Projections rebuilt from {count} events.")
    return 0


async def replay_command(settings: Settings, args: argparse.Namespace) -> int:
    """``yourai replay CONVERSATION`` or ``yourai projections rebuild``."""
    if args.command == "projections":
        return await rebuild(settings)
    return await replay(settings, args.conversation_id, tenant=args.tenant)

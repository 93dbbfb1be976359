"""A served cached answer is dated the day it is served: it is verified again that day, so its
"Information as at" line says that day, not the day the answer was first written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.engine import Engine
from services.orchestrator.synthesis import as_at_line
from tests.e2e import Client, SseEvent
from tests.test_semantic_cache import (
    QUESTION,
    _answer,
    _cached_answer,
    _hit,
    _invocation,
    _upload_samples,
)


def _draft(events: list[SseEvent]) -> str:
    return next(str(e.data["text"]) for e in events if e.type == "draft.completed")


async def test_a_reused_answer_is_dated_the_day_it_is_served(engine: Engine,
                                                             client: Client) -> None:
    await _upload_samples(client)
    # The day is read before and after each answer: a run across midnight (UTC) must not
    # expect the day after the one the answer was dated.
    days = {datetime.now(UTC).date()}
    first = await _cached_answer(engine, client)
    days.add(datetime.now(UTC).date())
    [today] = [day for day in days if as_at_line(day) in _draft(first)]
    # The answer as written ten days ago (its log is the cache's only copy of it).
    earlier = as_at_line(today - timedelta(days=10))
    assert engine.infra is not None
    changed = await engine.infra.pool.execute(
        "UPDATE events SET payload = convert_to(replace(convert_from(payload, 'UTF8'), $1, $2),"
        " 'UTF8') WHERE invocation_id = $3 AND type IN ('draft.completed', 'answer.revised')",
        as_at_line(today), earlier, _invocation(first))
    assert changed != "UPDATE 0"

    served = await _answer(client, QUESTION)
    served_on = {today, datetime.now(UTC).date()}
    assert _hit(served)
    text = _draft(served)
    assert any(as_at_line(day) in text for day in served_on) and earlier not in text

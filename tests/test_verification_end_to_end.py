"""Citation verification end to end: a scripted model's fabricated section is caught, withheld
from the answer the user sees, and lowers confidence (engine + local Lex over ../shared/data)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from services.engine import Engine
from shared.config import Settings
from shared.embedded import free_port
from shared.llm import ScriptedProvider
from tests.conftest import local_lex
from tests.e2e import Client

REAL = ('If a category 1 hazard exists, the local housing authority must take the appropriate '
        'enforcement action <cite ref="ukpga/2004/34/section/5" quote="they must take the '
        'appropriate enforcement action">1</cite>.')
FABRICATED = ('Every landlord must also register the hazard with the council within 14 days '
              '<cite ref="ukpga/2004/34/section/999">2</cite>.')


@pytest.fixture
async def scripted_lex_engine(settings: Settings) -> AsyncIterator[tuple[Engine,
                                                                          ScriptedProvider]]:
    scripted = ScriptedProvider(responses={
        "synthesis": [f"{REAL} {FABRICATED}"], "title": ["Category 1 hazards"],
        "judge": ['{"supported": true, "reason": "The section imposes that duty."}'],
    })
    async with local_lex(settings) as lex:
        engine = Engine(replace(settings, port=free_port(), lex_mcp_url=lex.url,
                                llm_provider="scripted"), provider=scripted)
        await engine.start()
        try:
            yield engine, scripted
        finally:
            await engine.stop()


async def test_fabricated_section_is_removed_rewritten_and_lowers_confidence(
        scripted_lex_engine: tuple[Engine, ScriptedProvider]) -> None:
    engine, scripted = scripted_lex_engine
    client = Client(engine)
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "What must a council do about a category 1 "
                                                  "hazard?")
        events = await client.collect(accepted["stream_url"])
    finally:
        await client.close()
    types = [e.type for e in events]
    assert types[-1] == "invocation.completed"
    checked = {e.data["ref"]: e.data for e in events if e.type == "citation.checked"}
    assert checked["ukpga/2004/34/section/999"]["status"] == "removed"
    assert checked["ukpga/2004/34/section/999"]["issues"] == ["not_found"]
    assert checked["ukpga/2004/34/section/5"]["status"] == "verified"
    assert any(r.purpose == "judge" and r.tier == "balanced" for r in scripted.requests)

    [revised] = [e.data for e in events  # the whole answer's revision (DESIGN §5a)
                 if e.type == "answer.revised" and e.data.get("draft_chars") is None]
    assert "register the hazard" not in str(revised["text"])
    assert "I could not verify the source for a statement here" in str(revised["text"])
    assert REAL in str(revised["text"])
    assert revised["removed"] == ["ukpga/2004/34/section/999"]
    [confidence] = [e.data for e in events if e.type == "confidence.update"]
    assert confidence["level"] == "low"
    assert types.index("answer.revised") < types.index("confidence.update")

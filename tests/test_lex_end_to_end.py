"""UK law in the answers: the engine's legislation and case-law workers over the local Lex."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from services.engine import Engine
from services.workers.legislation import ActTitles
from shared.config import Settings
from shared.embedded import free_port
from shared.lex.client import LexClient
from tests.conftest import ANSWER_WAIT_S, local_lex, unhurried
from tests.e2e import Client
from tests.fakes.public_lex import public_lex
from tests.harness import SseMessage

LICENCE_QUESTION = "Do we need a licence for a five-bedroom shared house?"


async def _asked(engine: Engine, question: str) -> list[SseMessage]:
    """Every event of one question in a new conversation, as the browser receives them."""
    client = Client(engine)
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, question)
        return await client.collect(accepted["stream_url"], timeout=ANSWER_WAIT_S)
    finally:
        await client.close()


@pytest.fixture
async def lex_engine(settings: Settings) -> AsyncIterator[Engine]:
    async with local_lex(settings) as lex:
        engine = Engine(replace(unhurried(settings), port=free_port(),
                                lex_mcp_url=lex.url))
        await engine.start()
        try:
            yield engine
        finally:
            await engine.stop()


async def test_hmo_licensing_question_is_answered_from_the_housing_act(lex_engine: Engine
                                                                       ) -> None:
    events = await _asked(lex_engine, LICENCE_QUESTION)
    assert events[-1].type == "invocation.completed", events[-1].data.get("reason")
    legislation = next(e.data for e in events if e.type == "worker.findings"
                       and e.data["worker"] == "legislation")
    assert legislation["status"] == "ok", legislation
    refs = [f["ref"] for f in legislation["findings"]]
    assert refs and all(r.startswith("ukpga/2004/34/") for r in refs[:3]), refs
    badges = [e.data for e in events if e.type == "legal.source"]
    assert badges and badges[0]["act_name"] == "Housing Act 2004"
    assert all(b["uri"].startswith("https://www.legislation.gov.uk/") for b in badges)
    assert {"England", "Wales"} <= set(badges[0]["extent"])
    answer = "".join(str(e.data["text"]) for e in events if e.type == "content.delta")
    assert 'ref="ukpga/2004/34/section/' in answer
    assert "could not be checked" not in answer.split("**What could not be checked**")[0]
    cited = [e.data for e in events if e.type == "citation.checked"
             and e.data["kind"] == "legislation"]
    assert cited, "the answer's legislation citations are checked"


async def test_a_neutral_citation_finds_the_judgment(lex_engine: Engine) -> None:
    events = await _asked(lex_engine, "What did the court decide in [2017] EWHC 3409 (Admin)?")
    cases = [e.data for e in events if e.type == "caselaw.source"]
    assert cases and cases[0]["citation"] == "[2017] EWHC 3409 (Admin)"
    assert "D2M Solutions" in cases[0]["case_name"]


async def test_against_the_public_lex_nothing_is_badged_in_force(settings: Settings) -> None:
    """The public Lex gives no provision status: the badges and the answer say so."""
    async with public_lex() as lex:
        engine = Engine(replace(unhurried(settings), port=free_port(),
                                lex_mcp_url=lex.url))
        await engine.start()
        try:
            events = await _asked(engine, LICENCE_QUESTION)
        finally:
            await engine.stop()
    assert events[-1].type == "invocation.completed", events[-1].data.get("reason")
    badges = [e.data for e in events if e.type == "legal.source"]
    assert badges and {b["status"] for b in badges} == {"unknown"}
    assert all("None" not in b["section"] for b in badges)
    caselaw = [e.data for e in events if e.type == "worker.findings"
               and e.data["worker"] == "caselaw"]
    assert all(c["status"] == "not_configured" for c in caselaw)  # none on the public Lex
    answer = "".join(str(e.data["text"]) for e in events if e.type == "content.delta")
    assert "status not confirmed by the source" in answer


async def test_a_regnal_year_act_is_named_by_its_title(settings: Settings) -> None:
    """An Act cited by regnal year (ukpga/Geo3/49/126) has no calendar year to look up by;
    its sections are still named by the Act's title, not its id."""
    async with local_lex(settings) as lex, LexClient(lex.url) as client:
        titles = ActTitles(client)
        section = {"legislation_id": "http://www.legislation.gov.uk/id/ukpga/Geo3/49/126"}
        assert await titles.title(section) == "Sale of Offices Act 1809"
        modern = {"legislation_id": "http://www.legislation.gov.uk/id/ukpga/2004/34"}
        assert await titles.title(modern) == "Housing Act 2004"

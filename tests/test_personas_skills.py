"""A persona changes what the user gets (offline: the answer's structure; with a model: the
system prompt, in the documented order), and skills activate on the right tools only."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import replace

import httpx
import pytest

from cli.up import load_sample_tenant
from services.engine import Engine
from services.gateway.auth import issue_token
from services.orchestrator.shaping import Shaping
from services.orchestrator.synthesis import History, synthesis_request
from shared.answer_styles import restyle
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import RoutingDecided
from shared.llm import ScriptedProvider
from shared.personas import Persona
from shared.skills import BUILT_IN, Skill, activated
from tests.conftest import ANSWER_WAIT_S, local_lex, unhurried
from tests.e2e import Client, SseEvent

DAMP = "What does our damp and mould policy say about inspections?"
LICENCE = "Do we need a licence for a five-bedroom shared house?"
CITE = re.compile(r"<cite [^>]*>\d+</cite>")
OFFLINE_ANSWER = (
    'Within 10 working days: "we must inspect the home within 10 working days." '
    '<cite ref="doc:1#1" quote="we must inspect the home within 10 working days">1</cite>\n\n'
    "**Damp and mould policy**\n\n"
    '- "Where a vulnerable person lives in the home, we will inspect within 5 working days." '
    '<cite ref="doc:1#1" quote="we will inspect within 5 working days">2</cite>\n'
    '- "We carry out a mould wash within 24 hours." '
    '<cite ref="doc:1#2" quote="mould wash within 24 hours">3</cite>\n\n'
    "**Repairs policy**\n\n"
    '- "Emergency repairs are attended within 24 hours." '
    '<cite ref="doc:2#1" quote="attended within 24 hours">4</cite>\n\n'
    "_Offline mode: no language model was used; this answer quotes the sources verbatim._\n"
)


# -- pure: styles, activation, prompt order -------------------------------------------------


def test_each_answer_style_reshapes_the_offline_answer_and_keeps_its_citations() -> None:
    standard_cites = CITE.findall(OFFLINE_ANSWER)
    assert restyle(OFFLINE_ANSWER, "standard") == OFFLINE_ANSWER
    brief = restyle(OFFLINE_ANSWER, "brief")
    assert CITE.findall(brief) == standard_cites[:1] and "**Damp" not in brief
    assert brief.rstrip().endswith("verbatim._")
    plain = restyle(OFFLINE_ANSWER, "plain")
    assert plain.startswith("**The short answer**")
    assert "**What else you should know**" in plain and "**Repairs policy**" not in plain
    assert CITE.findall(plain) == standard_cites  # four points fit
    briefing = restyle(OFFLINE_ANSWER, "briefing")
    assert [line for line in briefing.splitlines() if line.startswith("#")] == [
        "## Summary", "## Detail by source", "### Damp and mould policy", "### Repairs policy"]
    assert CITE.findall(briefing) == standard_cites
    # every sentence kept is kept whole, as composed
    for styled in (brief, plain, briefing):
        for line in styled.splitlines():
            if "<cite" in line:
                assert line in OFFLINE_ANSWER
    # text in another shape is left alone
    odd = "Your policies say this.\n\n**Damp**\n\nA paragraph, not points.\n"
    assert restyle(odd, "briefing") == odd and restyle("", "brief") == ""


def test_legal_research_activates_on_the_legislation_tool_and_only_then() -> None:
    own = Skill(id="tone", name="Tone", instructions="Be kind.")
    skills = [*BUILT_IN, own]
    assert [s.id for s in activated(skills, used={"legislation", "policy"})] == [
        "legal-research"]
    assert [s.id for s in activated(skills, used={"caselaw"})] == ["case-law-analysis"]
    assert activated(skills, used={"policy", "external"}) == []
    assert [s.id for s in activated(skills, used={"policy"}, named=["tone"])] == ["tone"]


def test_the_system_prompt_keeps_the_documented_order() -> None:
    persona = Persona(id="board", name="Board", instructions="PERSONA-INSTRUCTIONS",
                      tone="formal", answer_style="briefing", skills=("tone",))
    skill = Skill(id="tone", name="Tone", instructions="SKILL-INSTRUCTIONS")
    shaping = Shaping(persona=persona, skills=(BUILT_IN[0], skill))
    routing = RoutingDecided(conversation_id=__import__("uuid").uuid4(), tenant_id="t",
                             invocation_id=__import__("uuid").uuid4(), query_type="mixed",
                             complexity=40, workers=["policy"], model_tier="balanced",
                             reason="", method="offline")
    request = synthesis_request(
        question="Q?", routing=routing, documents=[], tenant_name="Fenmoor Valley Homes",
        jurisdiction="england", layers=shaping.layers(),
        history=History(summary="Earlier in this conversation: damp and mould."))
    system = request.system
    order = [system.index("Fenmoor Valley Homes"), system.index("# Writing the answer"),
             system.index("PERSONA-INSTRUCTIONS"), system.index("Tone: formal."),
             system.index("Answer style: briefing"), system.index("# Skill: Legal research"),
             system.index("SKILL-INSTRUCTIONS"), system.index("Earlier in this conversation")]
    assert order == sorted(order)
    assert request.messages[-1].content == "Q?"
    assert "PERSONA-INSTRUCTIONS" not in Shaping(skills=(skill,)).layers()[0]


# -- against the real engine ------------------------------------------------------------------


def _admin(engine: Engine, tenant: str) -> httpx.AsyncClient:
    token = issue_token(engine.settings.jwt_secret, tenant, "ada", roles=("admin",))
    return httpx.AsyncClient(base_url=engine.gateway_url, timeout=30,
                             headers={"Authorization": f"Bearer {token}"})


async def _answer(client: Client, question: str, **body: object) -> list[SseEvent]:
    conversation = await client.conversation()
    r = await client.http.post(f"/v1/conversations/{conversation}/messages",
                               json={"content": question, **body})
    assert r.status_code == 202, r.text
    events = await client.collect(r.json()["stream_url"], timeout=ANSWER_WAIT_S)
    assert events[-1].type == "invocation.completed", [e.type for e in events]
    return events


def _one(events: list[SseEvent], kind: str) -> dict[str, object]:
    found = [e.data for e in events if e.type == kind]
    assert len(found) == 1, (kind, [e.type for e in events])
    return found[0]


def _removed(events: list[SseEvent]) -> int:
    return sum(1 for e in events if e.type == "citation.checked"
               and e.data["status"] == "removed")


@pytest.fixture
async def sample_engine(settings: Settings) -> AsyncIterator[tuple[Engine, str]]:
    engine = Engine(replace(settings, port=free_port()))
    await engine.start()
    try:
        assert engine.infra is not None
        tenant = await load_sample_tenant(DocumentStore(engine.infra.pool))
        yield engine, tenant["tenant_id"]
    finally:
        await engine.stop()


async def test_offline_a_persona_changes_the_structure_of_the_answer(
        sample_engine: tuple[Engine, str]) -> None:
    engine, tenant = sample_engine
    async with _admin(engine, tenant) as admin:
        r = await admin.post("/v1/personas", json={
            "id": "board", "name": "Board briefing", "answer_style": "briefing",
            "instructions": "A formal briefing for the board.", "tone": "formal"})
        assert r.status_code == 201, r.text
    client = Client(engine, tenant=tenant)
    try:
        standard = await _answer(client, DAMP)
        board = await _answer(client, DAMP, persona_id="board")
        bad = await client.http.post(f"/v1/conversations/{await client.conversation()}"
                                     "/messages", json={"content": DAMP, "persona_id": "x"})
        assert bad.status_code == 400 and "no persona 'x'" in bad.json()["detail"]
    finally:
        await client.close()
    plain_text = str(_one(standard, "draft.completed")["text"])
    board_text = str(_one(board, "draft.completed")["text"])
    assert "## Summary" not in plain_text and board_text.startswith("## Summary")
    assert "## Detail by source" in board_text
    assert CITE.findall(board_text) and set(CITE.findall(board_text)) <= set(
        CITE.findall(plain_text))
    assert _removed(board) == _removed(standard) == 0
    assert _one(board, "skill.activated")["persona_id"] == "board"
    assert not [e for e in standard if e.type == "skill.activated"]


async def test_with_a_model_the_prompt_carries_the_persona_then_its_skills(
        settings: Settings) -> None:
    scripted = ScriptedProvider(responses={"synthesis": ["The sources say little."],
                                           "title": ["Damp"]})
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    try:
        assert engine.infra is not None
        tenant = (await load_sample_tenant(DocumentStore(engine.infra.pool)))["tenant_id"]
        async with _admin(engine, tenant) as admin:
            assert (await admin.post("/v1/skills", json={
                "id": "residents-voice", "name": "Residents' voice", "tools": ["policy"],
                "instructions": "SKILL: quote the policy's promise to residents."})
            ).status_code == 201
            assert (await admin.post("/v1/personas", json={
                "id": "residents", "name": "Residents", "answer_style": "plain",
                "instructions": "PERSONA: plain English for residents."})).status_code == 201
            assert (await admin.patch("/v1/tenant", json={"default_persona": "residents"})
                    ).status_code == 200
        client = Client(engine, tenant=tenant)
        try:
            events = await _answer(client, DAMP)  # no persona named: the tenant's default
        finally:
            await client.close()
    finally:
        await engine.stop()
    system = [r for r in scripted.requests if r.purpose == "synthesis"][-1].system
    persona, skill = system.index("PERSONA: plain"), system.index("SKILL: quote")
    assert system.index("# Writing the answer") < persona < skill
    assert "Answer style: plain" in system and "# Skill: Legal research" not in system
    activation = _one(events, "skill.activated")
    assert activation["skills"] == ["residents-voice"]
    assert activation["persona_id"] == "residents"
    # with a model, the answer is the model's: no offline restyling
    assert str(_one(events, "draft.completed")["text"]).startswith("The sources say little.\n")


async def test_the_legislation_tool_activates_legal_research_and_only_then(
        settings: Settings) -> None:
    async with local_lex(settings) as lex:
        engine = Engine(replace(unhurried(settings), port=free_port(),
                                lex_mcp_url=lex.url))
        await engine.start()
        try:
            client = Client(engine)
            try:
                licence = await _answer(client, LICENCE)
                damp = await _answer(client, DAMP)
            finally:
                await client.close()
        finally:
            await engine.stop()
    ran = {e.data["worker"]: e.data["status"] for e in licence if e.type == "worker.findings"}
    assert ran.get("legislation") == "ok", ran
    activation = _one(licence, "skill.activated")
    assert "legal-research" in activation["skills"]  # type: ignore[operator]
    assert "legislation" in activation["tools"]  # type: ignore[operator]
    assert not any(e.data["worker"] == "legislation" for e in damp
                   if e.type == "worker.findings")
    assert not [e for e in damp if e.type == "skill.activated"]

"""Defects found reviewing the tenant administration API and the semantic cache, each proved
here against the real engine (NATS JetStream, PostgreSQL) before it was fixed."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from services.engine import Engine
from services.gateway.auth import issue_token
from shared.cache.reuse import AnswerCache
from shared.cache.savings import savings
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.documents import DocumentStore
from shared.events import (
    CacheHit,
    ConversationCreated,
    Envelope,
    EventMeta,
    InvocationCompleted,
    InvocationFailed,
    Usage,
)
from shared.runtime import Infra
from tests.e2e import Client, SseEvent
from tests.harness import Api
from tests.test_semantic_cache import (
    QUESTION,
    SAMPLES,
    _answer,
    _cited_documents,
    _hit,
    _invocation,
    _stored,
    _upload_samples,
)
from tests.test_tenant_admin import _admin, _changes


async def test_a_default_persona_that_cannot_be_an_id_is_a_400_and_changes_nothing(
        api: Api) -> None:
    """A NUL in ``default_persona`` reached PostgreSQL and came back a 500."""
    for bad in ("\x00", "board\x00", "Board", "a" * 41):
        resp = await api.http.patch("/v1/tenant", headers=_admin(api),
                                    json={"default_persona": bad, "name": "Changed"})
        assert resp.status_code == 400, (bad, resp.text)
        assert "persona" in resp.json()["detail"]
    shown = (await api.http.get("/v1/tenant", headers=_admin(api))).json()
    assert (shown["name"], shown["default_persona"]) == ("tenant-a", None)
    assert await _changes(api) == []


def _text(events: list[SseEvent]) -> str:
    return "".join(str(e.data.get("text", "")) for e in events if e.type == "content.delta")


async def test_a_changed_disclaimer_or_persona_is_never_served_from_the_cache(
        engine: Engine, client: Client) -> None:
    """A cached answer carries the disclaimer and the persona's style it was written with:
    after an administrator changes either, the next question gets the new one."""
    await _upload_samples(client)
    admin = issue_token(engine.settings.jwt_secret, client.tenant, "admin-1", roles=("admin",))
    headers = {"Authorization": f"Bearer {admin}"}

    first = await _answer(client, QUESTION)
    await _stored(engine, _invocation(first))
    assert _hit(await _answer(client, QUESTION))  # the entry is served as it stands
    r = await client.http.patch("/v1/tenant", headers=headers,
                                json={"disclaimer": "Fenmoor's own words: not legal advice."})
    assert r.status_code == 200, r.text
    after = await _answer(client, QUESTION)
    assert not _hit(after)
    assert "Fenmoor's own words: not legal advice." in _text(after)

    r = await client.http.post("/v1/personas", headers=headers, json={
        "id": "residents", "name": "Residents", "answer_style": "plain"})
    assert r.status_code == 201, r.text

    async def as_residents() -> list[SseEvent]:
        conversation = await client.conversation()
        r = await client.http.post(f"/v1/conversations/{conversation}/messages",
                                   json={"content": QUESTION, "persona_id": "residents"})
        assert r.status_code == 202, r.text
        events = await client.collect(r.json()["stream_url"])
        assert events[-1].type == "invocation.completed"
        return events

    plain = await as_residents()
    await _stored(engine, _invocation(plain))
    assert _hit(await as_residents())
    r = await client.http.patch("/v1/personas/residents", headers=headers,
                                json={"answer_style": "briefing"})
    assert r.status_code == 200, r.text
    briefing = await as_residents()
    assert not _hit(briefing)
    assert _text(briefing) != _text(plain)


async def test_replacing_a_policy_the_answer_did_not_cite_turns_it_into_a_miss(
        engine: Engine, client: Client) -> None:
    """A new version is new text, as an added document is: an answer kept before it might now
    cite it. Only answers citing the old version were evicted."""
    docs = await _upload_samples(client)
    first = await _answer(client, QUESTION)
    await _stored(engine, _invocation(first))
    cited = _cited_documents(first)
    uncited = [(n, d) for n, d in docs.items() if str(d["version_id"]) not in cited]
    assert uncited, "the test needs a policy the answer did not cite"
    name, doc = uncited[0]
    r = await client.http.put(f"/v1/documents/{doc['id']}", json={
        "title": name, "content": (SAMPLES / f"{name}.md").read_text()
        + "\n\n## Damp and mould\n\nA report of damp and mould in a flat we let is inspected"
          " within 5 working days and treated within 20 working days."})
    assert r.status_code == 201, r.text
    assert not _hit(await _answer(client, QUESTION))


async def test_an_answer_asked_before_a_policy_was_added_is_not_kept(infra: Infra) -> None:
    """The gateway evicts the policy answers when a document is added, but an answer still
    being verified then is kept after that eviction: written without the new text, it must
    not be stored (the verifier keeps it seconds after the question was asked)."""
    cache = AnswerCache(CacheStore(infra.pool), SourceReader(infra.pool, None))
    asked = datetime.now(UTC)
    await DocumentStore(infra.pool).add("tenant-a", "Damp and mould",
                                        (SAMPLES / "damp-and-mould.md").read_text())

    async def keep(*, uses_policies: bool, asked_at: datetime) -> bool:
        return await cache.keep(
            invocation_id=uuid.uuid4(), conversation_id=uuid.uuid4(),
            scope=cache.scope("tenant-a", "england"), question=QUESTION, refs=[],
            uses_policies=uses_policies, usage=Usage(), duration_ms=10, asked_at=asked_at)

    assert not await keep(uses_policies=True, asked_at=asked)
    assert await cache.store.count("tenant-a") == 0
    assert await keep(uses_policies=False, asked_at=asked), "it never read the policies"
    assert await keep(uses_policies=True, asked_at=datetime.now(UTC)), "asked after the change"
    assert await cache.store.count("tenant-a") == 2


async def test_an_administrator_cannot_point_the_engine_at_a_local_or_private_address(
        api: Api) -> None:
    """The engine fetches a tenant's sources from inside its own network: an organisation's
    administrator (now through the API, no longer only the operator's CLI) must not make it
    read a cloud's metadata service, itself or another internal host."""
    admin = _admin(api)
    for host in ("169.254.169.254", "localhost", "127.0.0.1", "127.1", "[::1]", "10.0.0.5",
                 "192.168.1.10", "nats", "postgres.internal", "[::ffff:127.0.0.1]"):
        resp = await api.http.post("/v1/sources/hosts", json={"host": host}, headers=admin)
        assert resp.status_code == 400, (host, resp.text)
        assert "not a public host" in resp.json()["detail"]
        resp = await api.http.post("/v1/sources", headers=admin, json={
            "id": "meta", "name": "Metadata", "kind": "json",
            "url": f"http://{host}/latest/meta-data", "allow_host": True})
        assert resp.status_code == 400, (host, resp.text)
    listed = (await api.http.get("/v1/sources", headers=admin)).json()
    assert listed == {"sources": [], "allowed_hosts": []}
    assert await _changes(api) == []
    for host in ("www.gov.uk", "8.8.8.8"):
        resp = await api.http.post("/v1/sources/hosts", json={"host": host}, headers=admin)
        assert resp.status_code == 201, (host, resp.text)


async def test_an_auditor_cannot_add_replace_or_remove_a_policy_document(api: Api) -> None:
    """An auditor reads the organisation's records and changes none: the policies the answers
    rest on are no exception."""
    member, auditor = api.auth(), api.auth(user="audrey", roles=("auditor",))
    content = (SAMPLES / "repairs.md").read_text()
    created = await api.http.post("/v1/documents", headers=member,
                                  json={"title": "Repairs", "content": content})
    assert created.status_code == 201, created.text
    doc = created.json()
    for method, url, body in (
            ("POST", "/v1/documents", {"title": "Audit", "content": content + "\n\nMine."}),
            ("PUT", f"/v1/documents/{doc['id']}", {"content": content + "\n\nChanged."}),
            ("DELETE", f"/v1/documents/{doc['id']}", None)):
        resp = await api.http.request(method, url, json=body, headers=auditor)
        assert resp.status_code == 403, (method, resp.text)
    listed = (await api.http.get("/v1/documents", headers=auditor)).json()
    assert [(d["id"], d["version"]) for d in listed["items"]] == [(doc["id"], 1)]


async def test_an_answer_asked_before_a_configuration_change_is_not_kept(api: Api) -> None:
    """A persona changed (or the cache cleared) while an answer was being verified: the
    change's eviction ran before the entry existed, so the entry must not be stored."""
    r = await api.http.post("/v1/personas", headers=_admin(api), json={
        "id": "residents", "name": "Residents", "answer_style": "plain"})
    assert r.status_code == 201, r.text
    cache = AnswerCache(CacheStore(api.infra.pool), SourceReader(api.infra.pool, None))

    async def keep(asked_at: datetime) -> bool:
        return await cache.keep(
            invocation_id=uuid.uuid4(), conversation_id=uuid.uuid4(),
            scope=cache.scope("tenant-a", "england", "residents"), question=QUESTION, refs=[],
            uses_policies=False, usage=Usage(), duration_ms=10, asked_at=asked_at)

    asked = datetime.now(UTC)
    r = await api.http.patch("/v1/personas/residents", headers=_admin(api),
                             json={"answer_style": "briefing"})
    assert r.status_code == 200, r.text
    assert not await keep(asked)
    assert await keep(datetime.now(UTC)), "asked after the change"
    assert await cache.store.count("tenant-a") == 1


async def test_a_name_of_only_bidirectional_controls_is_refused(api: Api) -> None:
    """U+202E alone shows blank (or reverses what follows): not a name anyone can read."""
    h = api.auth(roles=("admin",))
    for name in ("\u202e", "\u2066\u2069", " \u202a\u202c "):
        r = await api.http.patch("/v1/tenant", headers=h, json={"name": name})
        assert r.status_code == 400 and "visible text" in r.json()["detail"], r.text
    assert (await api.http.patch("/v1/tenant", headers=h,
                                 json={"name": "Fenmoor \u202eHomes"})).status_code == 200


async def test_a_hit_whose_invocation_did_not_complete_saved_nothing(infra: Infra) -> None:
    """The tenant's savings count hits that were served: one that failed saved nothing."""
    conversation = uuid.uuid4()
    await infra.store.append([ConversationCreated(conversation_id=conversation,
                                                  tenant_id="t-savings", user_id="u")])
    for outcome in ("completed", "failed"):
        envelope = Envelope(conversation_id=conversation, tenant_id="t-savings",
                            invocation_id=uuid.uuid4(), meta=EventMeta(producer="router"))
        hit = envelope.reply(CacheHit, "routing", reused_invocation_id=uuid.uuid4(),
                             similarity=0.99, usage=Usage(input_tokens=100, output_tokens=10))
        end = (envelope.reply(InvocationCompleted, "completed") if outcome == "completed" else
               envelope.reply(InvocationFailed, "failed", stage="cache", reason="gone"))
        await infra.store.append([hit, end])
    saved = await savings(infra.pool, "t-savings")
    assert (saved.hits, saved.answered, saved.input_tokens_saved) == (1, 1, 100)

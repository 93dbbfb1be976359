"""The tenant administration API: admins only, clear 4xx, every change recorded, nothing
half-applied, and applied to the next read without a restart."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx

from shared.events import ConfigurationChanged, MessageReceived, configuration_stream
from shared.tenants import TenantStore
from tests.harness import Api, Harness
from tests.test_api_fuzz import _fuzz


def _admin(api: Api) -> dict[str, str]:
    return api.auth(user="ada", roles=("admin",))


async def _changes(api: Api, tenant: str = "tenant-a") -> list[ConfigurationChanged]:
    records = await api.infra.store.read_conversation(tenant, configuration_stream(tenant))
    return [r.event for r in records if isinstance(r.event, ConfigurationChanged)]


async def _refused(api: Api, method: str, url: str, body: object, status: int,
                   says: str) -> None:
    """The request is refused with ``status`` and a message saying ``says``; nothing is
    recorded."""
    before = len(await _changes(api))
    resp = await api.http.request(method, url, json=body, headers=_admin(api))
    assert resp.status_code == status, resp.text
    assert says in resp.json()["detail"], resp.json()["detail"]
    assert len(await _changes(api)) == before


async def test_a_non_admin_gets_403_on_every_admin_endpoint(api: Api) -> None:
    member, auditor = api.auth(), api.auth(user="audrey", roles=("auditor",))
    writes: list[tuple[str, str, Any]] = [
        ("PATCH", "/v1/tenant", {"name": "Mine"}),
        ("POST", "/v1/personas", {"id": "p", "name": "P"}),
        ("PATCH", "/v1/personas/p", {"name": "Q"}),
        ("DELETE", "/v1/personas/p", None),
        ("POST", "/v1/skills", {"id": "s", "name": "S", "instructions": "Do."}),
        ("PATCH", "/v1/skills/s", {"name": "T"}),
        ("DELETE", "/v1/skills/s", None),
    ]
    for headers in (member, auditor):
        for method, url, body in writes:
            resp = await api.http.request(method, url, json=body, headers=headers)
            assert resp.status_code == 403, (method, url, resp.text)
    for url in ("/v1/tenant", "/v1/skills"):
        assert (await api.http.get(url, headers=member)).status_code == 403
        assert (await api.http.get(url, headers=auditor)).status_code == 200
    assert await _changes(api) == []


async def test_tenant_settings_change_are_recorded_and_read_afresh(api: Api) -> None:
    shown = (await api.http.get("/v1/tenant", headers=_admin(api))).json()
    assert shown["name"] == "tenant-a" and shown["rate_limit_per_minute"] is None
    resp = await api.http.patch("/v1/tenant", headers=_admin(api), json={
        "name": "Fenmoor Valley Homes", "disclaimer": "Information, not advice.",
        "jurisdiction": "wales", "testing_mode": True, "rate_limit_per_minute": 5})
    assert resp.status_code == 200, resp.text
    assert resp.json()["jurisdiction"] == "wales"
    # what the services read on the next invocation
    stored = await TenantStore(api.infra.pool).get("tenant-a")
    assert (stored.name, stored.disclaimer, stored.jurisdiction, stored.testing_mode,
            stored.rate_limit_per_minute) == ("Fenmoor Valley Homes",
                                              "Information, not advice.", "wales", True, 5)
    [change] = await _changes(api)
    assert (change.user_id, change.section) == ("ada", "tenant")
    assert change.before is not None and change.after is not None
    assert (change.before["name"], change.after["name"]) == ("tenant-a",
                                                             "Fenmoor Valley Homes")
    # null returns a field to the engine's default; the same values again record nothing
    resp = await api.http.patch("/v1/tenant", headers=_admin(api),
                                json={"disclaimer": None, "jurisdiction": "wales"})
    assert resp.json()["disclaimer"] is None
    await api.http.patch("/v1/tenant", headers=_admin(api), json={"jurisdiction": "wales"})
    assert len(await _changes(api)) == 2
    # another tenant is untouched
    assert (await TenantStore(api.infra.pool).get("tenant-b")).name == "tenant-b"


async def test_the_tenants_rate_limit_applies_to_the_next_message(api: Api) -> None:
    conversation = await api.conversation()
    await api.http.patch("/v1/tenant", headers=_admin(api), json={"rate_limit_per_minute": 1})
    await api.ask(conversation)
    resp = await api.http.post(f"/v1/conversations/{conversation}/messages",
                               json={"content": "And again?"}, headers=api.auth())
    assert resp.status_code == 429


async def test_bad_tenant_settings_are_a_clear_400_and_change_nothing(api: Api) -> None:
    for body, says in [
        ({"colour": "blue"}, "unknown field `colour`"),
        ({"name": ""}, "name"),
        ({"name": 5}, "Expected `str`"),
        ({"jurisdiction": "france"}, "not a jurisdiction"),
        ({"rate_limit_per_minute": 0}, "from 1 to"),
        ({"disclaimer": "x" * 2001}, "the limit is 2000"),
        ({"default_persona": "nobody"}, "no persona 'nobody'"),
    ]:
        await _refused(api, "PATCH", "/v1/tenant", body, 400, says)
    assert (await TenantStore(api.infra.pool).get("tenant-a")).name == "tenant-a"


async def test_personas_and_skills_crud_with_validation(api: Api) -> None:
    admin = _admin(api)
    skill = {"id": "plain-english", "name": "Plain English",
             "instructions": "Use everyday words.", "tools": ["policy"]}
    assert (await api.http.post("/v1/skills", json=skill, headers=admin)).status_code == 201
    await _refused(api, "POST", "/v1/skills", skill, 409, "already a skill")
    await _refused(api, "POST", "/v1/skills", {**skill, "id": "other"}, 409, "already named")
    await _refused(api, "POST", "/v1/skills", {**skill, "id": "x", "name": "X",
                                               "tools": ["astrology"]}, 400, "astrology")
    await _refused(api, "PATCH", "/v1/skills/legal-research", {"name": "Mine"}, 409,
                   "built-in")
    await _refused(api, "DELETE", "/v1/skills/case-law-analysis", None, 409, "built-in")
    skills = (await api.http.get("/v1/skills", headers=admin)).json()
    assert [s["id"] for s in skills] == ["legal-research", "case-law-analysis",
                                         "plain-english"]

    persona = {"id": "residents", "name": "Residents", "instructions": "Plain English.",
               "tone": "warm", "answer_style": "plain",
               "skills": ["plain-english", "legal-research"]}
    await _refused(api, "POST", "/v1/personas", {**persona, "skills": ["missing"]}, 400,
                   "skills that do not exist: missing")
    await _refused(api, "POST", "/v1/personas", {**persona, "instructions": "x" * 4001},
                   400, "the limit is 4000")
    await _refused(api, "POST", "/v1/personas", {**persona, "answer_style": "haiku"}, 400,
                   "not an answer style")
    await _refused(api, "POST", "/v1/personas", {**persona, "id": "Bad Id"}, 400,
                   "not a usable persona id")
    created = await api.http.post("/v1/personas", json=persona, headers=admin)
    assert created.status_code == 201 and created.json()["answer_style"] == "plain"
    await _refused(api, "POST", "/v1/personas", persona, 409, "already a persona")
    # a member lists and reads personas, to choose one
    listed = await api.http.get("/v1/personas", headers=api.auth())
    assert [p["id"] for p in listed.json()] == ["residents"]
    resp = await api.http.patch("/v1/personas/residents", json={"tone": "warm and plain"},
                                headers=admin)
    assert resp.status_code == 200 and resp.json()["skills"] == ["plain-english",
                                                                 "legal-research"]
    await _refused(api, "PATCH", "/v1/personas/nobody", {"tone": "x"}, 404, "no persona")
    await _refused(api, "DELETE", "/v1/skills/plain-english", None, 409, "residents")

    assert (await api.http.patch("/v1/tenant", json={"default_persona": "residents"},
                                 headers=admin)).status_code == 200
    await _refused(api, "DELETE", "/v1/personas/residents", None, 409, "default persona")
    await api.http.patch("/v1/tenant", json={"default_persona": None}, headers=admin)
    assert (await api.http.delete("/v1/personas/residents", headers=admin)).status_code == 204
    assert (await api.http.delete("/v1/skills/plain-english", headers=admin)
            ).status_code == 204
    assert (await api.http.get("/v1/personas/residents", headers=admin)).status_code == 404

    sections = [(c.section, c.key, c.before is None, c.after is None)
                for c in await _changes(api)]
    assert sections == [
        ("skill", "plain-english", True, False), ("persona", "residents", True, False),
        ("persona", "residents", False, False), ("tenant", "", False, False),
        ("tenant", "", False, False), ("persona", "residents", False, True),
        ("skill", "plain-english", False, True)]


async def test_another_tenants_personas_are_not_seen(api: Api) -> None:
    await api.http.post("/v1/personas", json={"id": "board", "name": "Board"},
                        headers=_admin(api))
    other = api.auth(tenant="tenant-b", user="ada", roles=("admin",))
    assert (await api.http.get("/v1/personas", headers=other)).json() == []
    resp: httpx.Response = await api.http.patch("/v1/personas/board", json={"tone": "x"},
                                                headers=other)
    assert resp.status_code == 404


async def test_external_sources_are_managed_through_the_api(api: Api) -> None:
    admin = _admin(api)
    source = {"id": "rsh", "name": "Regulator of Social Housing", "kind": "feed",
              "url": "https://www.gov.uk/rsh.atom"}
    await _refused(api, "POST", "/v1/sources", source, 400, "www.gov.uk")  # not allowed yet
    await _refused(api, "POST", "/v1/sources", {**source, "kind": "pdf"}, 400,
                   "not a kind of source")
    await _refused(api, "POST", "/v1/sources", {**source, "url": "ftp://x"}, 400, "http")
    # one transaction: the host allowed by a refused change is not left behind
    await _refused(api, "POST", "/v1/sources", {**source, "kind": "pdf", "allow_host": True},
                   400, "not a kind of source")
    assert (await api.http.get("/v1/sources", headers=admin)).json()["allowed_hosts"] == []
    created = await api.http.post("/v1/sources", json={**source, "allow_host": True},
                                  headers=admin)
    assert created.status_code == 201, created.text
    await _refused(api, "POST", "/v1/sources", source, 409, "already a source")
    resp = await api.http.patch("/v1/sources/rsh", json={"enabled": False}, headers=admin)
    assert resp.status_code == 200 and resp.json()["enabled"] is False
    listed = (await api.http.get("/v1/sources", headers=admin)).json()
    assert [s["source_id"] for s in listed["sources"]] == ["rsh"]
    assert listed["allowed_hosts"] == ["www.gov.uk"]
    assert (await api.http.post("/v1/sources/hosts", json={"host": "https://ombudsman.org.uk/x"},
                                headers=admin)).json() == {"host": "ombudsman.org.uk"}
    assert (await api.http.delete("/v1/sources/hosts/ombudsman.org.uk",
                                  headers=admin)).status_code == 204
    assert (await api.http.delete("/v1/sources/rsh", headers=admin)).status_code == 204
    await _refused(api, "DELETE", "/v1/sources/rsh", None, 404, "no source")
    assert (await api.http.post("/v1/sources", json=source, headers=api.auth())
            ).status_code == 403
    assert [(c.section, c.key) for c in await _changes(api)] == [
        ("source", "rsh"), ("source", "rsh"), ("source", "host:ombudsman.org.uk"),
        ("source", "host:ombudsman.org.uk"), ("source", "rsh")]


async def test_ids_that_cannot_name_anything_are_404_or_400_never_5xx(api: Api) -> None:
    admin = _admin(api)
    for url in ("/v1/personas/a%00b", "/v1/skills/A%20B", "/v1/sources/x%00",
                "/v1/sources/hosts/a%00b"):
        resp = await api.http.delete(url, headers=admin)
        assert resp.status_code in (400, 404), (url, resp.text)
    resp = await api.http.post("/v1/personas", headers=admin, json={
        "id": "p", "name": "P", "skills": ["a\x00"]})
    assert resp.status_code == 400
    resp = await api.http.post("/v1/sources", headers=admin, json={
        "id": "s", "name": "S", "kind": "feed", "url": "https://x.org/", "items_path": "\x00"})
    assert resp.status_code == 400
    conversation = await api.conversation()
    resp = await api.http.post(f"/v1/conversations/{conversation}/messages",
                               json={"content": "Hi", "persona_id": "a\x00"},
                               headers=api.auth())
    assert resp.status_code == 400
    assert await _changes(api) == []


async def test_fuzzed_admin_requests_never_get_a_5xx(gateways: Harness) -> None:
    """Schemathesis over the administration endpoints only, as an administrator (the
    whole-API fuzz runs as a member, who is refused before any of this code runs)."""
    api = await gateways.start()
    admin = _admin(api)
    await api.http.post("/v1/personas", json={"id": "board", "name": "Board"}, headers=admin)
    schema = (await api.http.get("/schema/openapi.json")).json()
    schema["paths"] = {p: v for p, v in schema["paths"].items()
                       if p.startswith(("/v1/tenant", "/v1/personas", "/v1/skills",
                                        "/v1/sources"))}
    ids = {"live": {"persona_id": "board", "skill_id": "legal-research", "source_id": "rsh"},
           "doomed": {"persona_id": "board", "skill_id": "none", "source_id": "rsh"}}
    statuses = await asyncio.to_thread(_fuzz, schema, str(api.http.base_url), admin, ids)
    failures = {key: n for key, n in statuses.items() if key[1] >= 500}
    assert not failures, failures
    assert sum(statuses.values()) > 100


async def test_the_persona_of_a_message_is_its_own_else_the_conversations_else_the_default(
        api: Api) -> None:
    admin = _admin(api)
    for persona in ("board", "residents"):
        await api.http.post("/v1/personas", json={"id": persona, "name": persona.title()},
                            headers=admin)

    async def persona_of(conversation: uuid.UUID, **body: object) -> str | None:
        resp = await api.http.post(f"/v1/conversations/{conversation}/messages",
                                   json={"content": "What must we do?", **body},
                                   headers=api.auth())
        assert resp.status_code == 202, resp.text
        records = await api.infra.store.read_invocation(
            "tenant-a", uuid.UUID(resp.json()["invocation_id"]))
        [received] = [r.event for r in records if isinstance(r.event, MessageReceived)]
        return received.persona_id

    plain = await api.conversation()
    assert await persona_of(plain) is None
    await api.http.patch("/v1/tenant", json={"default_persona": "residents"}, headers=admin)
    assert await persona_of(plain) == "residents"  # the next message sees the change
    assert await persona_of(plain, persona_id="board") == "board"
    chosen = await api.http.post("/v1/conversations", json={"persona_id": "board"},
                                 headers=api.auth())
    assert chosen.status_code == 201
    assert await persona_of(uuid.UUID(chosen.json()["id"])) == "board"
    missing = await api.http.post("/v1/conversations", json={"persona_id": "nobody"},
                                  headers=api.auth())
    assert missing.status_code == 400 and "no persona 'nobody'" in missing.json()["detail"]

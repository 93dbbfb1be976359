"""A conversation belongs to its user: a colleague gets 404, an auditor reads it read-only."""

from __future__ import annotations

import uuid

import httpx

from shared.events import configuration_stream, document_stream
from tests.harness import Api, read_sse


def _routes(conversation: uuid.UUID, invocation: uuid.UUID
            ) -> tuple[list[tuple[str, str, object]], list[tuple[str, str, object]]]:
    """Every conversation-scoped route: (reads, writes)."""
    base = f"/v1/conversations/{conversation}"
    reads: list[tuple[str, str, object]] = [
        ("GET", base, None),
        ("GET", f"{base}/events", None),
        ("GET", f"/v1/invocations/{invocation}/stream", None),
    ]
    writes: list[tuple[str, str, object]] = [
        ("PATCH", base, {"title": "Mine now"}),
        ("POST", f"{base}/messages", {"content": "And for a vulnerable tenant?"}),
        ("POST", f"/v1/invocations/{invocation}/cancel", None),
        ("DELETE", base, None),
    ]
    return reads, writes


async def _call(api: Api, method: str, url: str, body: object,
                headers: dict[str, str]) -> httpx.Response:
    if url.endswith("/stream"):  # a running invocation's feed stays open: read its status
        async with api.http.stream(method, url, headers=headers) as resp:
            if resp.status_code != 200:
                await resp.aread()
            return resp
    return await api.http.request(method, url, json=body, headers=headers)


async def test_a_colleague_gets_404_on_every_route_and_changes_nothing(api: Api) -> None:
    conversation = await api.conversation(user="alice")
    invocation = await api.ask(conversation, user="alice")
    bob = api.auth(user="bob")
    before = await api.event_count()
    reads, writes = _routes(conversation, invocation)
    for method, url, body in [*reads, *writes]:
        resp = await _call(api, method, url, body, bob)
        assert resp.status_code == 404, (method, url, resp.text)
        assert resp.json()["detail"] in ("Conversation not found.", "Invocation not found.")
    assert await api.event_count() == before
    assert (await api.http.get("/v1/conversations", headers=bob)).json() == []
    # the owner still sees it unchanged
    mine = await api.http.get(f"/v1/conversations/{conversation}", headers=api.auth())
    assert mine.status_code == 200 and mine.json()["title"] == "Damp and mould"


async def test_an_auditor_reads_every_conversation_and_writes_none(api: Api) -> None:
    first = await api.conversation(user="alice", title="Damp")
    second = await api.conversation(user="bob", title="Rent arrears")
    invocation = await api.ask(first, user="alice")
    await api.conversation(tenant="tenant-b", user="carol", title="Elsewhere")
    auditor = api.auth(user="audrey", roles=("auditor",))
    listed = (await api.http.get("/v1/conversations", headers=auditor)).json()
    assert sorted(c["title"] for c in listed) == ["Damp", "Rent arrears"]
    reads, writes = _routes(first, invocation)
    for method, url, body in reads:
        resp = await _call(api, method, url, body, auditor)
        assert resp.status_code == 200, (method, url, resp.text)
    detail = (await api.http.get(f"/v1/conversations/{second}", headers=auditor)).json()
    assert detail["user_id"] == "bob"
    before = await api.event_count()
    for method, url, body in writes:
        resp = await _call(api, method, url, body, auditor)
        assert resp.status_code == 403, (method, url, resp.text)
        assert "auditor" in resp.json()["detail"]
    created = await api.http.post("/v1/conversations", json={"title": "x"}, headers=auditor)
    assert created.status_code == 403
    assert await api.event_count() == before


async def test_an_auditor_who_is_also_a_member_writes_only_their_own(api: Api) -> None:
    theirs = await api.conversation(user="alice")
    both = api.auth(user="audrey", roles=("auditor", "member"))
    mine = await api.http.post("/v1/conversations", json={"title": "Mine"}, headers=both)
    assert mine.status_code == 201
    renamed = await api.http.patch(f"/v1/conversations/{mine.json()['id']}",
                                   json={"title": "Still mine"}, headers=both)
    assert renamed.status_code == 200 and renamed.json()["title"] == "Still mine"
    refused = await api.http.patch(f"/v1/conversations/{theirs}", json={"title": "No"},
                                   headers=both)
    assert refused.status_code == 403


async def test_an_admin_is_a_member_for_conversations(api: Api) -> None:
    alices = await api.conversation(user="alice")
    admin = api.auth(user="ada", roles=("admin",))
    own = await api.http.post("/v1/conversations", json={"title": "Board paper"},
                              headers=admin)
    assert own.status_code == 201
    assert [c["title"] for c in (await api.http.get("/v1/conversations",
                                                    headers=admin)).json()] == ["Board paper"]
    assert (await api.http.get(f"/v1/conversations/{alices}", headers=admin)).status_code == 404


async def test_the_tenants_own_records_are_for_auditors_and_admins(api: Api) -> None:
    await api.http.post("/v1/documents", json={"content": "# Damp\n\nWe inspect."},
                        headers=api.auth())
    url = f"/v1/conversations/{document_stream('tenant-a')}/events"
    assert (await api.http.get(url, headers=api.auth())).status_code == 404
    for roles in (("auditor",), ("admin",)):
        resp = await api.http.get(url, headers=api.auth(user="x", roles=roles))
        assert resp.status_code == 200 and resp.json()[1]["type"] == "document.added"
    other = f"/v1/conversations/{configuration_stream('tenant-b')}/events"
    assert (await api.http.get(other, headers=api.auth(roles=("auditor",)))
            ).status_code == 404


async def test_an_auditor_follows_a_colleagues_live_feed(api: Api) -> None:
    conversation = await api.conversation(user="alice")
    invocation = await api.ask(conversation, user="alice")
    auditor = api.auth(user="audrey", roles=("auditor",))
    async with api.http.stream("GET", f"/v1/invocations/{invocation}/stream",
                               headers=auditor) as resp:
        assert resp.status_code == 200
        async for message in read_sse(resp):
            if message.event:
                assert message.event == "invocation.started"
                break

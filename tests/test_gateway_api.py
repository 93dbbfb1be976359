"""The gateway's HTTP API against a real server, PostgreSQL, NATS and Redis (DESIGN §7)."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid

import jwt
import msgspec
import pytest
from litestar import get

from services.gateway.app import GatewayStartError
from services.gateway.errors import INTERNAL_ERROR
from shared.bus import Committed
from shared.events import (
    ConversationCreated,
    InvocationCancelled,
    InvocationStarted,
    MessageReceived,
    decode_event,
)
from shared.store import verify_chain
from tests.harness import Api, Harness
from tests.log_writes import record


async def test_conversation_lifecycle(api: Api) -> None:
    h = api.auth()
    first = await api.conversation(title="Repairs")
    resp = await api.http.post("/v1/conversations", headers=h)  # the body is optional
    assert resp.status_code == 201
    second = resp.json()
    assert second["title"] == "" and set(second) >= {"id", "title", "created_at"}

    listed = (await api.http.get("/v1/conversations", headers=h)).json()
    assert [c["id"] for c in listed] == [second["id"], str(first)]  # newest first

    resp = await api.http.patch(f"/v1/conversations/{first}", json={"title": "Repairs policy"},
                                headers=h)
    assert resp.status_code == 200 and resp.json()["title"] == "Repairs policy"
    one = (await api.http.get(f"/v1/conversations/{first}", headers=h)).json()
    assert one["title"] == "Repairs policy" and one["messages"] == []

    resp = await api.http.delete(f"/v1/conversations/{first}", headers=h)
    assert resp.status_code == 204
    assert (await api.http.get(f"/v1/conversations/{first}", headers=h)).status_code == 404
    assert (await api.http.delete(f"/v1/conversations/{first}", headers=h)).status_code == 404
    assert (await api.http.patch(f"/v1/conversations/{first}", json={"title": "x"},
                                 headers=h)).status_code == 404
    assert (await api.http.post(f"/v1/conversations/{first}/messages", json={"content": "Hi"},
                                headers=h)).status_code == 404
    listed = (await api.http.get("/v1/conversations", headers=h)).json()
    assert [c["id"] for c in listed] == [second["id"]]

    log = (await api.http.get(f"/v1/conversations/{first}/events", headers=h)).json()
    assert [e["type"] for e in log] == ["conversation.created", "conversation.renamed",
                                        "conversation.archived"]


async def test_list_is_the_callers_own_and_only_auditors_read_colleagues(api: Api) -> None:
    mine = await api.conversation(user="alice")
    await api.conversation(user="bob")
    listed = (await api.http.get("/v1/conversations", headers=api.auth(user="alice"))).json()
    assert [c["id"] for c in listed] == [str(mine)]
    resp = await api.http.get(f"/v1/conversations/{mine}", headers=api.auth(user="bob"))
    assert resp.status_code == 404
    resp = await api.http.get(f"/v1/conversations/{mine}",
                              headers=api.auth(user="bob", roles=("auditor",)))
    assert resp.status_code == 200 and resp.json()["user_id"] == "alice"


async def test_message_is_recorded_and_published_before_202(api: Api) -> None:
    conversation_id = await api.conversation()
    received: asyncio.Queue[Committed] = asyncio.Queue()

    async def on_message(msg: object) -> None:
        received.put_nowait(Committed.from_msg(msg))  # type: ignore[arg-type]

    subject = api.infra.subjects.committed_of_type("message.received")
    sub = await api.gateway.nats.subscribe(subject, cb=on_message)
    try:
        resp = await api.http.post(
            f"/v1/conversations/{conversation_id}/messages",
            json={"content": "Must we inspect for damp?", "jurisdiction": "england"},
            headers=api.auth(user="alice"),
        )
        assert resp.status_code == 202, resp.text
        body = resp.json()
        invocation_id = uuid.UUID(body["invocation_id"])
        assert body["stream_url"] == f"/v1/invocations/{invocation_id}/stream"
        committed = await asyncio.wait_for(received.get(), 5)
    finally:
        await sub.unsubscribe()

    assert isinstance(committed.event, MessageReceived)
    assert committed.event.invocation_id == invocation_id and committed.version == 3
    records = await api.infra.store.read_invocation("tenant-a", invocation_id)
    started, message = (r.event for r in records)
    assert isinstance(started, InvocationStarted) and isinstance(message, MessageReceived)
    assert started.message_id == message.message_id
    assert message.user_id == started.user_id == "alice"
    assert message.content == "Must we inspect for damp?" and message.jurisdiction == "england"
    # Recorded inside the request span: the trace continues through NATS.
    assert message.meta.producer == "gateway" and message.meta.traceparent

    detail = (await api.http.get(f"/v1/conversations/{conversation_id}",
                                 headers=api.auth(user="alice"))).json()
    assert [(m["role"], m["content"]) for m in detail["messages"]] == [
        ("user", "Must we inspect for damp?")]
    assert [(i["id"], i["status"]) for i in detail["invocations"]] == [
        (str(invocation_id), "running")]


async def test_events_endpoint_returns_the_log_as_stored(api: Api) -> None:
    conversation_id = await api.conversation()
    await api.ask(conversation_id)
    resp = await api.http.get(f"/v1/conversations/{conversation_id}/events",
                              headers=api.auth(user="someone-else", roles=("auditor",)))
    assert resp.status_code == 200
    entries = resp.json()
    stored = await api.infra.store.read_conversation("tenant-a", conversation_id)
    assert [e["version"] for e in entries] == [1, 2, 3]
    for entry, rec in zip(entries, stored, strict=True):
        assert entry["hash"] == rec.hash.hex() and entry["position"] == rec.position
        assert entry["type"] == rec.type
        assert msgspec.json.encode(entry["event"]) == msgspec.json.encode(
            msgspec.json.decode(rec.payload))
        assert decode_event(msgspec.json.encode(entry["event"])) == rec.event
    assert verify_chain(await api.infra.store.chain(conversation_id)) == []


async def test_cancel_records_a_request_once(api: Api) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    url = f"/v1/invocations/{invocation_id}/cancel"
    resp = await api.http.post(url, headers=api.auth())
    assert resp.status_code == 202 and resp.json()["status"] == "cancel_requested"
    before = await api.event_count()
    assert (await api.http.post(url, headers=api.auth())).status_code == 202
    assert await api.event_count() == before  # the same request, recorded once
    types = [r.type for r in await api.infra.store.read_invocation("tenant-a", invocation_id)]
    assert types == ["invocation.started", "message.received", "invocation.cancel_requested"]

    await record(api.infra.store, api.gateway.bus, [InvocationCancelled(
        conversation_id=conversation_id, tenant_id="tenant-a", invocation_id=invocation_id)])
    before = await api.event_count()
    resp = await api.http.post(url, headers=api.auth())
    assert resp.status_code == 202 and resp.json()["status"] == "cancelled"
    assert await api.event_count() == before


async def test_documents_json_and_multipart(api: Api) -> None:
    text = "# Damp and mould\n\nWe inspect reported damp within 10 working days.\n"
    resp = await api.http.post("/v1/documents", json={"title": "Repairs", "content": text},
                               headers=api.auth())
    assert resp.status_code == 201, resp.text
    body = resp.json()
    assert body["title"] == "Repairs" and body["chunks"] >= 1
    uuid.UUID(body["id"])

    resp = await api.http.post(
        "/v1/documents", headers=api.auth(),
        files={"file": ("anti-social-behaviour.md", b"# ASB\n\nWe respond to ASB reports "
                        b"within 24 hours.\n", "text/markdown")},
    )
    assert resp.status_code == 201, resp.text
    assert resp.json()["title"] == "ASB"  # the first heading, not the file name

    resp = await api.http.post(
        "/v1/documents", headers=api.auth(), data={"title": "Lettings"},
        files={"file": ("x.txt", b"Allocations follow the lettings policy.", "text/plain")},
    )
    assert resp.status_code == 201 and resp.json()["title"] == "Lettings"

    hits = await api.gateway.documents.search("tenant-a", "damp inspection")
    assert hits and hits[0].chunk.document_id == uuid.UUID(body["id"])
    assert await api.gateway.documents.search("tenant-b", "damp inspection") == []


async def test_another_tenant_gets_404_and_changes_nothing(api: Api) -> None:
    conversation_id = await api.conversation(tenant="tenant-a")
    invocation_id = await api.ask(conversation_id, tenant="tenant-a")
    other = api.auth(tenant="tenant-b", user="alice")  # same user name, other tenant
    before = await api.event_count()
    for method, url, body in [
        ("GET", f"/v1/conversations/{conversation_id}", None),
        ("PATCH", f"/v1/conversations/{conversation_id}", {"title": "Mine now"}),
        ("DELETE", f"/v1/conversations/{conversation_id}", None),
        ("POST", f"/v1/conversations/{conversation_id}/messages", {"content": "Hello"}),
        ("GET", f"/v1/conversations/{conversation_id}/events", None),
        ("GET", f"/v1/invocations/{invocation_id}/stream", None),
        ("POST", f"/v1/invocations/{invocation_id}/cancel", None),
    ]:
        resp = await api.http.request(method, url, json=body, headers=other)
        assert resp.status_code == 404, (method, url, resp.text)
        assert resp.json()["detail"].endswith("not found.")
    assert (await api.http.get("/v1/conversations", headers=other)).json() == []
    assert await api.event_count() == before


FORGER = "a-forger's-secret-of-at-least-32-bytes"


def _token(secret: str, **claims: object) -> str:
    now = int(time.time())
    return jwt.encode({"iat": now, "exp": now + 60, **claims}, secret, algorithm="HS256")


async def test_bad_tokens_are_401(api: Api) -> None:
    secret = api.infra.settings.jwt_secret
    cases = {
        "missing": {},
        "not bearer": {"Authorization": "Basic dXNlcjpwYXNz"},
        "garbage": {"Authorization": "Bearer not-a-jwt"},
        "forged": {"Authorization": "Bearer " + _token(FORGER, tenant_id="a", sub="u")},
        "expired": {"Authorization": "Bearer " + _token(secret, tenant_id="a", sub="u",
                                                        exp=int(time.time()) - 10)},
        "no tenant": {"Authorization": "Bearer " + _token(secret, sub="u")},
        "none alg": {"Authorization": "Bearer " + jwt.encode(
            {"tenant_id": "a", "sub": "u", "exp": int(time.time()) + 60}, None,
            algorithm="none")},
    }
    before = await api.event_count()
    for name, headers in cases.items():
        resp = await api.http.post("/v1/conversations", json={"title": "x"}, headers=headers)
        assert resp.status_code == 401, name
        assert resp.headers["www-authenticate"] == "Bearer"
        assert resp.json()["detail"], name
    resp = await api.http.get("/v1/conversations", headers=cases["expired"])
    assert "expired" in resp.json()["detail"]
    assert await api.event_count() == before


BIG = "x" * (32 * 1024 + 1)
BIG_MULTIBYTE = "€" * 11_000  # 11,000 characters but 33,000 bytes of UTF-8


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("POST", "/messages", {"content": b"{not json", "headers": {
            "content-type": "application/json"}}, 400),
        ("POST", "/messages", {"json": {}}, 400),
        ("POST", "/messages", {"json": {"content": 42}}, 400),
        ("POST", "/messages", {"json": ["content"]}, 400),
        ("POST", "/messages", {"json": {"content": ""}}, 400),
        ("POST", "/messages", {"json": {"content": "  \n\t "}}, 400),
        ("POST", "/messages", {"json": {"content": "Hi", "jurisdiction": 3}}, 400),
        ("POST", "/messages", {"json": {"content": BIG}}, 413),
        ("POST", "/messages", {"json": {"content": BIG_MULTIBYTE}}, 413),
        ("POST", "/messages", {"json": {"content": "Hi"}, "headers": {
            "Idempotency-Key": "k" * 300}}, 400),
        ("PATCH", "", {"json": {"title": ""}}, 400),
        ("PATCH", "", {"json": {"title": "   "}}, 400),
        ("PATCH", "", {"json": {"title": "t" * 201}}, 400),
        ("PATCH", "", {"json": {}}, 400),
        ("POST", "!/v1/conversations", {"json": {"title": "t" * 201}}, 400),
        ("POST", "!/v1/conversations", {"json": {"title": None}}, 400),
        ("GET", "!/v1/conversations/not-a-uuid", {}, 404),
        ("POST", "!/v1/conversations/not-a-uuid/messages", {"json": {"content": "Hi"}}, 404),
        ("POST", f"!/v1/conversations/{uuid.uuid4()}/messages", {"json": {"content": "Hi"}},
         404),
        ("GET", f"!/v1/conversations/{uuid.uuid4()}/events", {}, 404),
        ("GET", f"!/v1/invocations/{uuid.uuid4()}/stream", {}, 404),
        ("POST", f"!/v1/invocations/{uuid.uuid4()}/cancel", {}, 404),
        ("GET", "!/v1/invocations/123/stream", {}, 404),
        ("POST", "!/v1/documents", {"json": {"title": "x"}}, 400),
        ("POST", "!/v1/documents", {"json": {"title": "x", "content": "   "}}, 400),
        ("POST", "!/v1/documents", {"content": b"{", "headers": {
            "content-type": "application/json"}}, 400),
        ("POST", "!/v1/documents", {"files": {"file": ("a.bin", b"\xff\xfe\xfa", "x/y")}}, 415),
        ("POST", "!/v1/documents", {"files": {"file": ("a.txt", b"\xff\xfe\xfa", "text/plain")}},
         400),
        ("POST", "!/v1/documents", {"data": {"title": "no file"}, "files": {
            "other": ("a.txt", b"text", "text/plain")}}, 400),
        ("POST", "!/v1/documents", {"content": b"plain", "headers": {
            "content-type": "text/plain"}}, 415),
    ],
)
async def test_bad_input_is_a_clear_4xx_and_records_nothing(
    api: Api, method: str, path: str, kwargs: dict[str, object], status: int
) -> None:
    conversation_id = await api.conversation()
    url = path[1:] if path.startswith("!") else f"/v1/conversations/{conversation_id}{path}"
    headers = {**api.auth(), **kwargs.pop("headers", {})}  # type: ignore[dict-item]
    events = await api.event_count()
    documents = await api.infra.pool.fetchval("SELECT count(*) FROM documents")
    resp = await api.http.request(method, url, headers=headers, **kwargs)  # type: ignore[arg-type]
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert body["status_code"] == status and body["detail"]
    assert "Traceback" not in resp.text
    assert await api.event_count() == events
    assert await api.infra.pool.fetchval("SELECT count(*) FROM documents") == documents


async def test_unexpected_errors_are_a_generic_500(api: Api,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    @get("/v1/boom", sync_to_thread=False)
    def boom() -> None:
        raise RuntimeError("secret internal detail")

    assert api.server.app is not None
    api.server.app.register(boom)
    with caplog.at_level(logging.ERROR, logger="yourai.gateway"):
        resp = await api.http.get("/v1/boom")
    assert resp.status_code == 500
    assert resp.json() == {"status_code": 500, "detail": INTERNAL_ERROR}
    assert "secret" not in resp.text
    assert any("secret internal detail" in (r.exc_text or "") or r.exc_info
               for r in caplog.records)


async def test_health_ready_and_openapi(api: Api) -> None:
    assert (await api.http.get("/health")).json() == {"status": "ok", "checks": {}}
    ready = await api.http.get("/ready")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"postgresql": "ok", "nats": "ok", "redis": "ok"}
    schema = (await api.http.get("/schema/openapi.json")).json()
    assert {"/v1/conversations", "/v1/conversations/{conversation_id}",
            "/v1/conversations/{conversation_id}/messages",
            "/v1/conversations/{conversation_id}/events",
            "/v1/invocations/{invocation_id}/stream", "/v1/invocations/{invocation_id}/cancel",
            "/v1/documents", "/health", "/ready"} <= set(schema["paths"])


async def test_ready_names_the_failed_dependency(gateways: Harness, tmp_path: object) -> None:
    api = await gateways.start(redis_url=f"unix://{tmp_path}/no-redis.sock")
    resp = await api.http.get("/ready")
    assert resp.status_code == 503
    body = resp.json()
    assert body["checks"] == {"postgresql": "ok", "nats": "ok", "redis": "unavailable"}
    assert "redis" in body["detail"]


async def test_conversation_created_carries_user_and_title(api: Api) -> None:
    conversation_id = await api.conversation(user="carol", title="  Rent arrears  ")
    (rec,) = await api.infra.store.read_conversation("tenant-a", conversation_id)
    assert isinstance(rec.event, ConversationCreated)
    assert (rec.event.user_id, rec.event.title) == ("carol", "Rent arrears")


async def test_a_taken_port_is_a_clear_start_error(api: Api, gateways: Harness) -> None:
    port = int(api.server.url.rsplit(":", 1)[1])
    with pytest.raises(GatewayStartError, match="cannot listen"):
        await gateways.start(port=port)

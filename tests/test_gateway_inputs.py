"""Bad input is a clear 4xx that changes nothing: text the store cannot hold, the wrong media
type, numbers out of range, uploads (issue 8, defects 4, 6, 7 and 8)."""

from __future__ import annotations

import asyncio
import time

import jwt
import pytest

from services.gateway.config import GatewayConfig
from tests.harness import Api, Harness

NUL = "a\u0000b"
ZERO_WIDTH = "\u200b\u200c\ufeff "
RAW_BAD_UTF8 = b"\xff\xfe"


async def _counts(api: Api) -> tuple[int, int]:
    return (await api.event_count(),
            int(await api.infra.pool.fetchval("SELECT count(*) FROM documents")))


def _json(raw: bytes) -> dict[str, object]:
    return {"content": raw, "headers": {"content-type": "application/json"}}


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "says"),
    [
        ("POST", "/messages", {"json": {"content": NUL}}, 400, "NUL"),
        ("POST", "/messages", {"json": {"content": ZERO_WIDTH}}, 400, "visible text"),
        ("POST", "/messages", {"json": {"content": "Hi", "jurisdiction": NUL}}, 400, "NUL"),
        ("POST", "/messages", _json(b'{"content": "' + RAW_BAD_UTF8 + b'"}'), 400, "UTF-8"),
        ("POST", "/messages", _json(b'{"content": "\\ud800"}'), 400, ""),
        ("POST", "/messages", {"content": b'{"content": "Hi"}',
                               "headers": {"content-type": "text/plain"}}, 415, "application/json"),
        ("PATCH", "", {"json": {"title": NUL}}, 400, "NUL"),
        ("PATCH", "", {"json": {"title": ZERO_WIDTH}}, 400, "visible text"),
        ("PATCH", "", {"content": b'{"title": "x"}',
                       "headers": {"content-type": "text/plain"}}, 415, "application/json"),
        ("POST", "!/v1/conversations", {"json": {"title": NUL}}, 400, "NUL"),
        ("POST", "!/v1/conversations", _json(b'{"title": "' + RAW_BAD_UTF8 + b'"}'), 400,
         "UTF-8"),
        ("POST", "!/v1/conversations", {"content": b'{"title": "x"}',
                                        "headers": {"content-type": "text/plain"}}, 415, ""),
        ("POST", "!/v1/documents", {"json": {"title": NUL, "content": "Text."}}, 400, "NUL"),
        ("POST", "!/v1/documents", {"json": {"title": "x", "content": NUL}}, 400, "NUL"),
        ("POST", "!/v1/documents", {"json": {"title": "x", "content": ZERO_WIDTH}}, 400,
         "visible text"),
        ("POST", "!/v1/documents", {"json": {"title": "x", "content": "###"}}, 400,
         "no text to index"),
        ("POST", "!/v1/documents", {"files": {"file": ("a.txt", b"Text \x00.", "text/plain")}},
         400, "NUL"),
        ("POST", "!/v1/documents", {"files": {"file": ("a.txt", RAW_BAD_UTF8, "text/plain")}},
         400, "UTF-8"),
        ("POST", "!/v1/documents", {"files": {"title": (None, RAW_BAD_UTF8),
                                              "file": ("a.txt", b"Text.", "text/plain")}},
         400, "UTF-8"),
        ("POST", "!/v1/documents", {"files": {"title": (None, NUL.encode()),
                                              "file": ("a.txt", b"Text.", "text/plain")}},
         400, "NUL"),
    ],
)
async def test_text_the_store_cannot_hold_is_a_clear_400(
    api: Api, method: str, path: str, kwargs: dict[str, object], status: int, says: str
) -> None:
    conversation_id = await api.conversation()
    url = path[1:] if path.startswith("!") else f"/v1/conversations/{conversation_id}{path}"
    headers = {**api.auth(), **kwargs.pop("headers", {})}  # type: ignore[dict-item]
    before = await _counts(api)
    resp = await api.http.request(method, url, headers=headers, **kwargs)  # type: ignore[arg-type]
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert body["status_code"] == status and says in body["detail"], body
    assert await _counts(api) == before


@pytest.mark.parametrize("claims", [{"tenant_id": NUL, "sub": "u"},
                                    {"tenant_id": "t", "sub": "\u200b"},
                                    {"tenant_id": "t", "sub": "\ud800x"}])
async def test_token_claims_are_checked_text(api: Api, claims: dict[str, str]) -> None:
    token = jwt.encode({**claims, "exp": int(time.time()) + 60},
                       api.infra.settings.jwt_secret, algorithm="HS256")
    before = await _counts(api)
    resp = await api.http.post("/v1/conversations", json={},
                               headers={"Authorization": f"Bearer {token}"})
    assert resp.status_code == 401 and "bearer token's" in resp.json()["detail"]
    assert await _counts(api) == before


@pytest.mark.parametrize("value", ["2147483648", "99999999999999999999", "-1", "1e3", "+5", "0x10"])
async def test_last_event_id_out_of_range_is_400(api: Api, value: str) -> None:
    invocation_id = await api.ask(await api.conversation())
    url = f"/v1/invocations/{invocation_id}/stream"
    for kwargs in ({"headers": {**api.auth(), "Last-Event-ID": value}},
                   {"headers": api.auth(), "params": {"last_event_id": value}}):
        resp = await api.http.get(url, **kwargs)  # type: ignore[arg-type]
        assert resp.status_code == 400, resp.text
        assert "2147483647" in resp.json()["detail"]


async def test_the_largest_version_is_accepted(api: Api) -> None:
    invocation_id = await api.ask(await api.conversation())
    async with api.http.stream("GET", f"/v1/invocations/{invocation_id}/stream",
                               headers={**api.auth(), "Last-Event-ID": "2147483647"}) as resp:
        assert resp.status_code == 200


async def test_an_upload_is_unique_per_tenant_and_content(api: Api) -> None:
    text = "# Lettings\n\nAllocations follow the lettings policy.\n"
    first = await api.http.post("/v1/documents", json={"title": "Lettings", "content": text},
                                headers=api.auth())
    assert first.status_code == 201, first.text
    again = await asyncio.gather(*(
        api.http.post("/v1/documents", json={"title": f"Copy {i}", "content": text},
                      headers=api.auth()) for i in range(10)))
    assert {r.status_code for r in again} == {200}
    assert {r.json()["id"] for r in again} == {first.json()["id"]}
    assert {r.json()["title"] for r in again} == {"Lettings"}  # the existing document
    other = await api.http.post("/v1/documents", json={"title": "Lettings", "content": text},
                                headers=api.auth(tenant="tenant-b"))
    assert other.status_code == 201 and other.json()["id"] != first.json()["id"]
    assert await api.infra.pool.fetchval("SELECT count(*) FROM documents") == 2


async def test_concurrent_new_uploads_store_one_document(api: Api) -> None:
    text = "# Rent\n\nRent is reviewed every April.\n"
    results = await asyncio.gather(*(
        api.http.post("/v1/documents", json={"title": "Rent", "content": text},
                      headers=api.auth()) for _ in range(10)))
    assert sorted(r.status_code for r in results) == [200] * 9 + [201]
    assert len({r.json()["id"] for r in results}) == 1
    assert await api.infra.pool.fetchval("SELECT count(*) FROM documents") == 1


async def test_a_document_over_the_limit_is_413_and_stores_nothing(gateways: Harness) -> None:
    api = await gateways.start(config=GatewayConfig(max_document_bytes=10_000))
    before = await _counts(api)
    resp = await api.http.post("/v1/documents", headers=api.auth(),
                               json={"title": "Big", "content": "€" * 4_000})
    assert resp.status_code == 413 and "12,000 bytes" in resp.json()["detail"]
    body = b"x" * (api.gateway.config.max_body_bytes + 1)
    resp = await api.http.post("/v1/documents", headers=api.auth(),
                               files={"file": ("big.txt", body, "text/plain")})
    assert resp.status_code == 413, resp.text
    assert await _counts(api) == before


async def test_the_default_upload_limit_is_sane(api: Api) -> None:
    config = api.gateway.config
    assert 1_400_000 < config.max_document_bytes < 19_000_000
    resp = await api.http.post("/v1/documents", headers=api.auth(),
                               json={"title": "Huge", "content": "y " * 10_000_000})
    assert resp.status_code == 413
    assert await api.infra.pool.fetchval("SELECT count(*) FROM documents") == 0

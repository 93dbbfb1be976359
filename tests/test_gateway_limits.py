"""Redis-backed limits: per-tenant rate limit and Idempotency-Key, against real Redis."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest

from services.gateway.errors import RateLimited
from services.gateway.limits import RateLimiter
from tests.harness import Api, Harness


async def _post(api: Api, conversation_id: uuid.UUID, content: str, key: str | None,
                tenant: str = "tenant-a") -> httpx.Response:
    headers = api.auth(tenant)
    if key is not None:
        headers["Idempotency-Key"] = key
    return await api.http.post(f"/v1/conversations/{conversation_id}/messages",
                               json={"content": content}, headers=headers)


async def test_retry_with_the_same_key_starts_nothing_new(api: Api) -> None:
    conversation_id = await api.conversation()
    first = await _post(api, conversation_id, "Who is the landlord?", "key-1")
    assert first.status_code == 202
    count = await api.event_count()
    again = await _post(api, conversation_id, "Who is the landlord?", "key-1")
    assert again.status_code == 202
    assert again.json() == first.json()
    assert await api.event_count() == count
    invocations = await api.infra.pool.fetchval("SELECT count(*) FROM invocations")
    assert invocations == 1

    other = await _post(api, conversation_id, "Who is the landlord?", "key-2")
    assert other.json()["invocation_id"] != first.json()["invocation_id"]


async def test_same_key_with_a_different_body_is_409(api: Api) -> None:
    conversation_id = await api.conversation()
    assert (await _post(api, conversation_id, "First question", "k")).status_code == 202
    count = await api.event_count()
    resp = await _post(api, conversation_id, "Another question", "k")
    assert resp.status_code == 409
    assert "Idempotency-Key" in resp.json()["detail"]
    elsewhere = await api.conversation()
    resp = await _post(api, elsewhere, "First question", "k")  # same body, other conversation
    assert resp.status_code == 409
    assert await api.event_count() == count + 1  # only the second conversation's creation


async def test_keys_are_per_tenant(api: Api) -> None:
    a = await api.conversation(tenant="tenant-a")
    b = await api.conversation(tenant="tenant-b")
    ra = await _post(api, a, "Same question", "shared-key", tenant="tenant-a")
    rb = await _post(api, b, "Same question", "shared-key", tenant="tenant-b")
    assert ra.status_code == rb.status_code == 202
    assert ra.json()["invocation_id"] != rb.json()["invocation_id"]


async def test_concurrent_retries_record_one_invocation(api: Api) -> None:
    conversation_id = await api.conversation()
    count = await api.event_count()
    responses = await asyncio.gather(
        *(_post(api, conversation_id, "Concurrent", "same") for _ in range(5))
    )
    assert {r.status_code for r in responses} == {202}
    assert len({r.json()["invocation_id"] for r in responses}) == 1
    assert await api.event_count() == count + 2


async def test_rate_limit_is_429_with_retry_after_and_records_nothing(gateways: Harness) -> None:
    api = await gateways.start(rate_limit_per_minute=3)
    conversation_id = await api.conversation()
    other_tenant = await api.conversation(tenant="tenant-b")
    accepted = [await _post(api, conversation_id, f"Question {i}", None) for i in range(3)]
    assert [r.status_code for r in accepted] == [202] * 3
    count = await api.event_count()

    refused = await _post(api, conversation_id, "One too many", None)
    assert refused.status_code == 429
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= 60
    assert "try again" in refused.json()["detail"]
    keyed = await _post(api, conversation_id, "Keyed", "fresh-key")
    assert keyed.status_code == 429
    assert await api.event_count() == count

    # The limit is per tenant, and a refused keyed request can be retried later with its key.
    assert (await _post(api, other_tenant, "Mine", None, tenant="tenant-b")).status_code == 202
    # The refused request did not hold its key: any request may still use it.
    claim = await api.gateway.idempotency.peek("tenant-a", "fresh-key", "any fingerprint")
    assert claim.done is None


async def test_the_limit_holds_over_any_window_not_per_calendar_minute(gateways: Harness) -> None:
    """A fixed window let twice the limit through either side of a minute's boundary; the
    sliding log counts the last ``window`` seconds wherever they fall."""
    api = await gateways.start()
    limiter = RateLimiter(api.gateway.rate_limiter.redis, prefix=f"test-{uuid.uuid4()}",
                          per_minute=3, window_s=1.5)
    for _ in range(2):
        await limiter.hit("tenant-a")
    await asyncio.sleep(0.8)  # the first two are now 0.8 s old
    await limiter.hit("tenant-a")
    with pytest.raises(RateLimited) as refused:
        await limiter.hit("tenant-a")
    assert refused.value.headers == {"Retry-After": "1"}  # the first two leave within 1 s
    assert "try again in 1 second." in refused.value.detail
    await asyncio.sleep(0.9)  # they have left; the third is still in the window
    await limiter.hit("tenant-a")
    await limiter.hit("tenant-a")
    with pytest.raises(RateLimited):
        await limiter.hit("tenant-a")
    await limiter.hit("tenant-b")  # each tenant has its own window

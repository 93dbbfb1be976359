"""Redis-backed limits: per-tenant rate limit and Idempotency-Key, against real Redis."""

from __future__ import annotations

import asyncio
import math
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


WINDOW_S = 6.0
"""The window the sliding test watches. Each hit must stay on its side of the window's edge
however late the loop runs it: with 1.5 s, a 0.6 s stall of CI's loaded cores moved one across.
Here the margin is half the window, and every bound is taken from the clock, not assumed."""


async def test_the_limit_holds_over_any_window_not_per_calendar_minute(gateways: Harness) -> None:
    """A fixed window let twice the limit through either side of a minute's boundary; the
    sliding log counts the last ``window`` seconds wherever they fall."""
    api = await gateways.start()
    limiter = RateLimiter(api.gateway.rate_limiter.redis, prefix=f"test-{uuid.uuid4()}",
                          per_minute=3, window_s=WINDOW_S)
    clock = asyncio.get_running_loop().time
    started = clock()
    for _ in range(2):
        await limiter.hit("tenant-a")
    first_two = clock()  # the first two were logged between ``started`` and now
    await asyncio.sleep(WINDOW_S / 2)
    third = clock()
    await limiter.hit("tenant-a")
    with pytest.raises(RateLimited) as refused:
        await limiter.hit("tenant-a")
    # The wait is until the first two leave, from wherever in the window the refusal fell.
    soonest, latest = started + WINDOW_S - clock(), first_two + WINDOW_S - third
    retry_after = int(refused.value.headers["Retry-After"])
    assert max(1, math.ceil(soonest)) <= retry_after <= math.ceil(latest)
    await asyncio.sleep(first_two + WINDOW_S - clock() + 0.1)  # the first two have left
    await limiter.hit("tenant-a")  # only the third is left in the window: two more fit
    await limiter.hit("tenant-a")
    with pytest.raises(RateLimited):
        await limiter.hit("tenant-a")
    await limiter.hit("tenant-b")  # each tenant has its own window


def test_the_wait_is_told_in_whole_seconds() -> None:
    assert RateLimited(1).detail.endswith("try again in 1 second.")
    assert RateLimited(2).detail.endswith("try again in 2 seconds.")
    assert RateLimited(2).headers == {"Retry-After": "2"}


async def test_refused_messages_are_not_counted_once_the_limit_is_known(
        gateways: Harness) -> None:
    """Once this gateway knows the tenant's limit, a message's rate is counted at once with
    its reads; one refused for another reason (404, 400, 403) is taken out of the window
    again, so only accepted messages count, as when the limit was checked last."""
    api = await gateways.start(rate_limit_per_minute=3)
    mine = await api.conversation()
    theirs = await api.conversation(user="bob")
    assert (await _post(api, mine, "First", None)).status_code == 202  # the limit is known
    auditor = api.auth(roles=("auditor",))
    for _ in range(4):
        assert (await _post(api, theirs, "Not mine", None)).status_code == 404
        r = await api.http.post(f"/v1/conversations/{mine}/messages",
                                json={"content": "Who?", "persona_id": "nobody"},
                                headers=api.auth())
        assert r.status_code == 400, r.text
        r = await api.http.post(f"/v1/conversations/{mine}/messages",
                                json={"content": "Read only"}, headers=auditor)
        assert r.status_code == 403, r.text
    count = await api.event_count()
    assert [(await _post(api, mine, f"Then {i}", None)).status_code
            for i in range(3)] == [202, 202, 429]
    assert await api.event_count() == count + 4  # two turns of two events each


async def test_a_changed_limit_holds_from_the_next_message(gateways: Harness) -> None:
    """The limit this gateway counted under is a guess checked against the settings read
    with each message: lowered, the next message is refused under the new limit; raised,
    it is accepted."""
    api = await gateways.start(rate_limit_per_minute=5)
    conversation = await api.conversation()
    admin = api.auth(user="ada", roles=("admin",))
    assert [(await _post(api, conversation, f"Q{i}", None)).status_code
            for i in range(2)] == [202, 202]
    r = await api.http.patch("/v1/tenant", headers=admin, json={"rate_limit_per_minute": 2})
    assert r.status_code == 200, r.text
    count = await api.event_count()
    assert (await _post(api, conversation, "Over the new limit", None)).status_code == 429
    assert await api.event_count() == count
    r = await api.http.patch("/v1/tenant", headers=admin, json={"rate_limit_per_minute": 4})
    assert r.status_code == 200, r.text
    assert [(await _post(api, conversation, f"R{i}", None)).status_code
            for i in range(3)] == [202, 202, 429]

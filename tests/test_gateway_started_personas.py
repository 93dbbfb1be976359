"""A conversation's persona kept once read (``services.gateway.started_personas``): the next
message is answered by the same persona, while whether it still exists and who may post to the
conversation are read afresh for every message."""

from __future__ import annotations

import uuid

from services.gateway.started_personas import StartedPersonas
from shared.events import MessageReceived
from tests.harness import Api


def test_kept_per_tenant_and_conversation_and_bounded() -> None:
    kept = StartedPersonas(most=2)
    a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    kept.keep("tenant-a", a, "board")
    kept.keep("tenant-a", b, None)
    assert kept.find("tenant-a", a) == (True, "board")
    assert kept.find("tenant-a", b) == (True, None)  # none chosen is known too
    assert kept.find("tenant-b", a) == (False, None)  # another tenant's id finds nothing
    kept.find("tenant-a", a)  # used last: ``b`` goes first
    kept.keep("tenant-a", c, "residents")
    assert kept.find("tenant-a", b) == (False, None)
    assert kept.find("tenant-a", a) == (True, "board")


async def _post(api: Api, conversation: uuid.UUID, user: str = "alice") -> tuple[int, str | None]:
    """The post's status, and the persona its ``message.received`` recorded."""
    resp = await api.http.post(f"/v1/conversations/{conversation}/messages",
                               json={"content": "What must we do?"}, headers=api.auth(user=user))
    if resp.status_code != 202:
        return resp.status_code, None
    records = await api.infra.store.read_invocation(
        "tenant-a", uuid.UUID(resp.json()["invocation_id"]))
    [received] = [r.event for r in records if isinstance(r.event, MessageReceived)]
    return resp.status_code, received.persona_id


async def test_the_kept_persona_answers_while_it_exists_and_access_is_read_afresh(
        api: Api) -> None:
    admin = api.auth(user="ada", roles=("admin",))
    r = await api.http.post("/v1/personas", json={"id": "board", "name": "Board"},
                            headers=admin)
    assert r.status_code == 201, r.text
    started = await api.http.post("/v1/conversations", json={"persona_id": "board"},
                                  headers=api.auth())
    assert started.status_code == 201, started.text
    conversation = uuid.UUID(started.json()["id"])
    assert await _post(api, conversation) == (202, "board")
    assert api.gateway.started_personas.find("tenant-a", conversation) == (True, "board")
    assert await _post(api, conversation) == (202, "board")  # kept, not read again
    # A colleague finds no conversation, kept persona or not.
    assert await _post(api, conversation, user="bob") == (404, None)
    # The persona removed: passed over at once, as before.
    r = await api.http.delete("/v1/personas/board", headers=admin)
    assert r.status_code in (200, 204), r.text
    assert await _post(api, conversation) == (202, None)
    # The conversation archived: its owner can post to it no more.
    r = await api.http.delete(f"/v1/conversations/{conversation}", headers=api.auth())
    assert r.status_code in (200, 204), r.text
    assert await _post(api, conversation) == (404, None)

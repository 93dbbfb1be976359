"""A document change, its record and the cache's eviction commit together or not at all.

The eviction used to run after the change had committed: when it failed the client got a 5xx
for a change that had in fact happened, and stale answers stayed cached. Here PostgreSQL
itself refuses the eviction (a trigger), as a lost connection or a lock timeout would.
"""

from __future__ import annotations

import uuid

from shared.cache.reuse import AnswerCache
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.events import Usage, document_stream
from tests.harness import Api

TENANT = "tenant-a"
POLICY = "# Repairs\n\nWe repair a reported leak within 24 hours and inspect for damp."
REFUSE_EVICTION = """
CREATE FUNCTION refuse_eviction() RETURNS trigger LANGUAGE plpgsql AS
$$ BEGIN RAISE EXCEPTION 'eviction refused'; END $$;
CREATE TRIGGER refuse_eviction BEFORE DELETE ON semantic_cache
FOR EACH STATEMENT EXECUTE FUNCTION refuse_eviction();
"""


async def _cached_policy_answer(api: Api) -> None:
    cache = AnswerCache(CacheStore(api.infra.pool), SourceReader(api.infra.pool, None))
    assert await cache.keep(
        invocation_id=uuid.uuid4(), conversation_id=uuid.uuid4(),
        scope=cache.scope(TENANT, "england"), question="How fast are leaks repaired?",
        refs=[], uses_policies=True, usage=Usage(), duration_ms=10, asked_at=None)


async def _recorded(api: Api) -> list[str]:
    log = await api.infra.store.read_conversation(TENANT, document_stream(TENANT))
    return [r.type for r in log]


async def test_a_failed_eviction_leaves_no_change_behind(api: Api) -> None:
    await _cached_policy_answer(api)
    await api.infra.pool.execute(REFUSE_EVICTION)
    resp = await api.http.post("/v1/documents", json={"title": "Repairs", "content": POLICY},
                               headers=api.auth())
    assert resp.status_code >= 500, resp.text
    assert "Traceback" not in resp.text
    listed = (await api.http.get("/v1/documents", headers=api.auth())).json()
    assert listed["total"] == 0, "no document stored when its eviction failed"
    assert await _recorded(api) == [], "nothing recorded"
    assert await CacheStore(api.infra.pool).count(TENANT) == 1

    await api.infra.pool.execute("DROP TRIGGER refuse_eviction ON semantic_cache")
    resp = await api.http.post("/v1/documents", json={"title": "Repairs", "content": POLICY},
                               headers=api.auth())
    assert resp.status_code == 201, resp.text
    doc_id = resp.json()["id"]
    assert await _recorded(api) == ["conversation.created", "document.added"]
    assert await CacheStore(api.infra.pool).count(TENANT) == 0, "evicted with the change"

    await _cached_policy_answer(api)
    await api.infra.pool.execute(REFUSE_EVICTION.split("\n", 3)[-1])  # the trigger again
    for method, body in (("PUT", {"content": POLICY + " Always."}), ("DELETE", None)):
        resp = await api.http.request(method, f"/v1/documents/{doc_id}", json=body,
                                      headers=api.auth())
        assert resp.status_code >= 500, (method, resp.text)
        shown = (await api.http.get(f"/v1/documents/{doc_id}", headers=api.auth())).json()
        assert [v["status"] for v in shown["versions"]] == ["current"], method
    assert await _recorded(api) == ["conversation.created", "document.added"]

    await api.infra.pool.execute("DROP TRIGGER refuse_eviction ON semantic_cache")
    resp = await api.http.delete(f"/v1/documents/{doc_id}", headers=api.auth())
    assert resp.status_code == 200, resp.text
    assert await _recorded(api) == ["conversation.created", "document.added",
                                    "document.removed"]

"""Schemathesis over the gateway's own OpenAPI, against the real gateway: no response is a 5xx.

Every operation is fuzzed with data that fits the schema and data that does not, once with
generated ids and once with the ids of a real conversation and (ended) invocation, so requests
reach the handlers and the store rather than stopping at a 404. The gateway runs in this test's
event loop; schemathesis is synchronous, so it runs in a thread.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

import hypothesis
import schemathesis
from hypothesis import HealthCheck, Phase
from schemathesis.generation.modes import GenerationMode

from shared.events import InvocationCancelled
from tests.harness import Api, Harness
from tests.log_writes import record

EXAMPLES = 25
"""Per operation, generation mode and id source (hypothesis may stop sooner): about 900
requests in all, some 30 s on a 2-core machine."""

log = logging.getLogger("tests.fuzz")


Statuses = collections.Counter[tuple[str, int]]


def _fuzz(schema: dict[str, Any], base_url: str, headers: dict[str, str],
          ids: dict[str, dict[str, str]]) -> Statuses:
    """``ids``: real path parameters, "live" ones for most operations and "doomed" ones for
    DELETE, which would otherwise archive the conversation the others use."""
    statuses: Statuses = collections.Counter()
    # A stream for an invocation no service answers (this harness runs the gateway alone)
    # never ends: it is read up to its first event, which proves the 200 and the feed's
    # start, instead of until the request's timeout (15 s for each such stream).
    config = schemathesis.config.SchemathesisConfig.from_dict({"max-stream-events": 1})
    for result in schemathesis.openapi.from_dict(schema, config=config).get_all_operations():
        operation = result.ok()
        own = ids["doomed"] if operation.method.upper() == "DELETE" else ids["live"]
        fixed = {k: v for k, v in own.items() if f"{{{k}}}" in operation.path}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            for path_parameters in ([None, fixed] if fixed else [None]):
                strategy = operation.as_strategy(mode, path_parameters=path_parameters)
                _examples(strategy, operation.label, base_url, headers, statuses)
    return statuses


def _examples(strategy: Any, label: str, base_url: str, headers: dict[str, str],
              statuses: Statuses) -> None:
    @hypothesis.settings(max_examples=EXAMPLES, deadline=None, database=None,
                         derandomize=True, phases=[Phase.generate],
                         suppress_health_check=list(HealthCheck))
    @hypothesis.given(case=strategy)
    def run(case: Any) -> None:
        response = case.call(base_url=base_url, headers=headers, timeout=15)
        statuses[(label, response.status_code)] += 1
        if response.status_code >= 500:
            log.error("%s -> %d: %s", label, response.status_code, response.text[:300])

    run()


async def test_no_generated_request_gets_a_5xx(gateways: Harness) -> None:
    api: Api = await gateways.start(rate_limit_per_minute=1_000_000)
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    # Ended, so that its stream replays and closes instead of waiting for services.
    await record(api.infra.store, api.gateway.bus, [InvocationCancelled(
        conversation_id=conversation_id, tenant_id="tenant-a", invocation_id=invocation_id)])
    schema = (await api.http.get("/schema/openapi.json")).json()
    ids = {"live": {"conversation_id": str(conversation_id),
                    "invocation_id": str(invocation_id)},
           "doomed": {"conversation_id": str(await api.conversation())}}

    started = time.monotonic()
    statuses = await asyncio.to_thread(_fuzz, schema, str(api.http.base_url),
                                       api.auth(), ids)
    elapsed = time.monotonic() - started

    by_class = collections.Counter(f"{status // 100}xx" for (_, status) in statuses.elements())
    print(f"\nschemathesis: {sum(statuses.values())} requests over "
          f"{len({label for label, _ in statuses})} operations in {elapsed:.1f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(by_class.items())))
    for (label, status), count in sorted(statuses.items()):
        print(f"  {status} x{count:<4} {label}")
    failures = {key: n for key, n in statuses.items() if key[1] >= 500}
    assert not failures, failures
    assert sum(statuses.values()) > 500 and by_class["2xx"] > 0

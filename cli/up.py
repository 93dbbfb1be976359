"""``yourai up`` (everything, embedded servers where unset) and ``yourai serve NAME``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cli.errors import CliError
from services.engine import Engine, ImportFailed, ImportProgress
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import COMPACT, EmbeddedError, start_embedded
from shared.memory import SERVING_MMAP_THRESHOLD, fix_mmap_threshold
from shared.tenants import TenantConfig, TenantStore
from shared.tracing import configure_tracing

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
EMBEDDED_POOL_SIZE = 4
"""Most PostgreSQL connections ``yourai up`` opens to the PostgreSQL it embeds (fewer if
``YOURAI_DB_POOL_SIZE`` says so). Each one is a backend process of about 9 MiB of its own;
the whole engine runs in one process on the developer's machine, where four kept the
concurrent benchmark's throughput (docs/BENCHMARKS.md, "Memory of ``yourai up``")."""


def _stop_signal() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    return stop


def _corpus_progress(settings: Settings) -> Callable[[ImportProgress], None] | None:
    """How a corpus import reports, when there is one to import: the corpus importer and the
    MCP server behind it (about 28 MiB) are loaded only then."""
    if not settings.corpus_dir:
        return None
    from cli.corpus import print_progress

    return print_progress


async def load_sample_tenant(documents: DocumentStore) -> dict[str, str]:
    """The fictional sample housing association and its policies (idempotent)."""
    tenant = json.loads((SAMPLES / "tenant.json").read_text(encoding="utf-8"))
    await TenantStore(documents.pool).put(TenantConfig(
        tenant_id=tenant["tenant_id"], name=tenant["name"],
        jurisdiction=tenant["jurisdiction"], disclaimer=tenant["disclaimer"]))
    for path in sorted((SAMPLES / "policies").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        first = text.lstrip().splitlines()[0] if text.strip() else path.stem
        title = first.lstrip("#").strip() if first.startswith("#") else path.stem
        await documents.add(tenant["tenant_id"], title, text)
    return tenant


async def up(settings: Settings, *, sample: bool) -> int:
    configure_tracing(otlp_endpoint=settings.otlp_endpoint)
    stop = _stop_signal()
    with contextlib.ExitStack() as stack:
        try:
            resolved = await asyncio.to_thread(start_embedded, settings, stack, COMPACT)
        except EmbeddedError as e:
            raise CliError(str(e)) from e
        if not settings.database_url:
            resolved = replace(resolved, db_pool_size=min(settings.db_pool_size,
                                                          EMBEDDED_POOL_SIZE))
        engine = Engine(resolved, progress=_corpus_progress(settings))
        try:
            await engine.start()
        except ImportFailed as e:
            raise CliError(f"the legal corpus could not be imported, nothing was changed: {e}"
                           ) from e
        # Started (the corpus imported, if any): large buffers from now on go back when freed.
        fix_mmap_threshold(SERVING_MMAP_THRESHOLD)
        try:
            await _announce(engine, sample=sample)
            print("\nThe engine is running. Press Ctrl-C to stop.", flush=True)
            await stop.wait()
        finally:
            print("\nStopping…", flush=True)
            await engine.stop()
    return 0


async def _announce(engine: Engine, *, sample: bool) -> None:
    from cli.client import ask_and_render
    from services.gateway.app import issue_token

    settings = engine.settings
    print(f"YourAI engine: gateway at {engine.gateway_url}  (API docs: {engine.gateway_url}"
          "/schema)")
    print(f"  NATS {settings.nats_url}\n  PostgreSQL {settings.database_url}\n"
          f"  Redis {settings.redis_url}\n  model provider: {settings.llm_provider}\n"
          f"  Lex (legislation and case law): {settings.lex_mcp_url or 'not configured'}")
    if not sample:
        return
    assert engine.infra is not None
    tenant = await load_sample_tenant(DocumentStore(engine.infra.pool))
    token = issue_token(settings.jwt_secret, tenant["tenant_id"], "sample-officer")
    question = tenant["sample_question"]
    print(f"\nSample tenant: {tenant['name']} ({tenant['tenant_id']})")
    print(f"Dev token:\n  {token}")
    print(f"\nSample question: {question}\n")
    await ask_and_render(engine.gateway_url, token, question)
    if settings.corpus_dir:
        print(f"\nWith the legal corpus from {settings.corpus_dir}: "
              f"{tenant['corpus_question']}\n")
        await ask_and_render(engine.gateway_url, token, tenant["corpus_question"])
    print(f'\nAsk your own: ./taskw ask -- "your question"   or   curl -H "Authorization: '
          f'Bearer $TOKEN" {engine.gateway_url}/v1/conversations')


async def serve(settings: Settings, name: str) -> int:
    missing = [v for v, value in (("YOURAI_NATS_URL", settings.nats_url),
                                  ("YOURAI_DATABASE_URL", settings.database_url))
               if not value]
    if name == "gateway" and not settings.redis_url:
        missing.append("YOURAI_REDIS_URL")
    if missing:
        raise CliError(f"{', '.join(missing)} must be set for `yourai serve {name}`; "
                       "`yourai up` starts embedded servers instead")
    configure_tracing(otlp_endpoint=settings.otlp_endpoint, service_name=f"yourai-{name}")
    stop = _stop_signal()
    engine = Engine(settings, services=[name])
    await engine.start()
    fix_mmap_threshold(SERVING_MMAP_THRESHOLD)
    print(f"yourai {name} running", flush=True)
    try:
        await stop.wait()
    finally:
        await engine.stop()
    return 0

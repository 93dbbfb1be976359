"""``yourai sources``: a tenant's external sources and allowed hosts, straight in PostgreSQL."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator

from cli.database import open_pool
from cli.errors import CliError
from shared.config import Settings
from shared.sources import DisallowedHost, ExternalSource, ExternalSourceStore, InvalidSource
from shared.store import StoreUnavailable

__all__ = ["add_source", "list_sources", "sources_command"]


@contextlib.asynccontextmanager
async def _store(settings: Settings) -> AsyncIterator[ExternalSourceStore]:
    try:
        async with open_pool(settings, run_migrations=True) as pool:
            yield ExternalSourceStore(pool)
    except StoreUnavailable as e:
        raise CliError(f"cannot reach the database: {e}") from e


def _source(args: argparse.Namespace) -> ExternalSource:
    return ExternalSource(
        tenant_id=args.tenant, source_id=args.id, name=args.name, kind=args.kind, url=args.url,
        enabled=not args.disabled, items_path=args.items_path, id_field=args.id_field,
        title_field=args.title_field, text_field=args.text_field, url_field=args.url_field,
        date_field=args.date_field,
    )


async def add_source(settings: Settings, args: argparse.Namespace) -> int:
    """Allow the hosts given, then add (or replace) the source."""
    source = _source(args)
    async with _store(settings) as store:
        try:
            hosts = [await store.allow_host(args.tenant, h) for h in args.allow_host or []]
            await store.put(source)
        except DisallowedHost as e:
            raise CliError(f"cannot add source {args.id!r}: {e} To allow it, add "
                           f"--allow-host {e.host}") from e
        except InvalidSource as e:
            raise CliError(f"cannot add source {args.id!r}: {e}") from e
    if hosts:
        print(f"Allowed hosts added for {args.tenant}: {', '.join(hosts)}")
    state = "enabled" if source.enabled else "disabled"
    print(f"Source {source.source_id} ({source.kind}, {state}) saved for {args.tenant}: "
          f"{source.name} — {source.url}")
    return 0


async def list_sources(settings: Settings, args: argparse.Namespace) -> int:
    async with _store(settings) as store:
        sources = await store.list(args.tenant)
        hosts = sorted(await store.allowed_hosts(args.tenant))
    if not sources:
        print(f"No external sources are configured for {args.tenant}.")
    for s in sources:
        state = "enabled" if s.enabled else "disabled"
        print(f"{s.source_id:<14} {s.kind:<5} {state:<8} {s.name} — {s.url}")
    print(f"Allowed hosts: {', '.join(hosts) if hosts else 'none'}")
    return 0


async def sources_command(settings: Settings, args: argparse.Namespace) -> int:
    if args.sources_command == "add":
        return await add_source(settings, args)
    return await list_sources(settings, args)

"""External sources (regulators, ombudsmen) and the hosts they may use, managed by the
organisation's administrators; each change recorded in the configuration stream."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Controller, delete, get, patch, post

from services.gateway.administration import apply_change, configuration_reader, decoded, known_id
from services.gateway.auth import Caller
from services.gateway.state import Gateway
from shared.sources import (
    ExternalSource,
    ExternalSourceStore,
    InvalidHost,
    host_of,
    normalise_host,
    public_host,
)
from shared.sources.changes import SourceChanges
from shared.store import Connection
from shared.tenants import ConfigurationConflict, TenantConfig, UnknownItem

__all__ = ["SourceController"]


class SourceList(msgspec.Struct, frozen=True, kw_only=True):
    sources: list[ExternalSource]
    allowed_hosts: list[str]


class AllowedHost(msgspec.Struct, frozen=True, kw_only=True):
    host: str


class NewHost(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    host: str


def _host_key(host: str) -> str:
    return f"host:{host}"


class SourceController(Controller):
    path = "/v1/sources"
    tags = ("administration",)

    @get("/", summary="The organisation's external sources and allowed hosts")
    async def listing(self, gw: Gateway, caller: Caller) -> SourceList:
        configuration_reader(caller)
        store = ExternalSourceStore(gw.infra.pool)
        return SourceList(sources=await store.list(caller.tenant_id),
                          allowed_hosts=sorted(await store.allowed_hosts(caller.tenant_id)))

    @post("/", status_code=201, summary="Add a source: id, name, kind (json, feed, html), url; "
          "allow_host: true also allows its host")
    async def create(self, gw: Gateway, caller: Caller,
                     data: dict[str, Any]) -> ExternalSource:
        changes = decoded(data, SourceChanges)
        store = ExternalSourceStore(gw.infra.pool)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[ExternalSource | None, ExternalSource]:
            source = changes.applied_to(tenant.tenant_id, None)
            if await store.get(tenant.tenant_id, source.source_id, conn=conn) is not None:
                raise ConfigurationConflict(f"There is already a source {source.source_id!r}.")
            if changes.allow_host:
                await store.allow_host(tenant.tenant_id, public_host(host_of(source.url)),
                                       conn=conn)
            await store.put(source, conn=conn)
            return None, source

        return await apply_change(gw, caller, "source", change, key=str(data.get("id")))

    @patch("/{source_id:str}", summary="Change a source (absent fields are unchanged)")
    async def update(self, gw: Gateway, caller: Caller, source_id: str,
                     data: dict[str, Any]) -> ExternalSource:
        known_id(source_id, "source")
        changes = decoded(data, SourceChanges)
        store = ExternalSourceStore(gw.infra.pool)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[ExternalSource, ExternalSource]:
            before = await store.get(tenant.tenant_id, source_id, conn=conn)
            if before is None:
                raise UnknownItem(f"There is no source {source_id!r}.")
            after = changes.applied_to(tenant.tenant_id, before)
            if changes.allow_host:
                await store.allow_host(tenant.tenant_id, public_host(host_of(after.url)),
                                       conn=conn)
            if after != before:
                await store.put(after, conn=conn)
            return before, after

        return await apply_change(gw, caller, "source", change, key=source_id)

    @delete("/{source_id:str}", status_code=204, summary="Remove a source")
    async def remove(self, gw: Gateway, caller: Caller, source_id: str) -> None:
        known_id(source_id, "source")
        store = ExternalSourceStore(gw.infra.pool)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[ExternalSource, None]:
            before = await store.get(tenant.tenant_id, source_id, conn=conn)
            if before is None or not await store.remove(tenant.tenant_id, source_id,
                                                        conn=conn):
                raise UnknownItem(f"There is no source {source_id!r}.")
            return before, None

        await apply_change(gw, caller, "source", change, key=source_id)

    @post("/hosts", status_code=201, summary="Allow a host for the organisation's sources")
    async def allow(self, gw: Gateway, caller: Caller, data: dict[str, Any]) -> AllowedHost:
        host = public_host(normalise_host(decoded(data, NewHost).host))
        store = ExternalSourceStore(gw.infra.pool)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[AllowedHost | None, AllowedHost]:
            known = host in await store.allowed_hosts(tenant.tenant_id)
            await store.allow_host(tenant.tenant_id, host, conn=conn)
            return (AllowedHost(host=host) if known else None), AllowedHost(host=host)

        return await apply_change(gw, caller, "source", change, key=_host_key(host))

    @delete("/hosts/{host:str}", status_code=204,
            summary="Disallow a host: its sources stop being fetched at once")
    async def disallow(self, gw: Gateway, caller: Caller, host: str) -> None:
        try:
            name = normalise_host(host)
        except InvalidHost as e:  # a path that could name no host names nothing: a 404
            raise UnknownItem(f"The host {host!r} is not allowed.") from e
        store = ExternalSourceStore(gw.infra.pool)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[AllowedHost, None]:
            if not await store.disallow_host(tenant.tenant_id, name, conn=conn):
                raise UnknownItem(f"The host {name!r} is not allowed.")
            return AllowedHost(host=name), None

        await apply_change(gw, caller, "source", change, key=_host_key(name))

"""The changes an administrator makes to personas, skills and the cache, as ``Change``
functions.

The API's routes and the operator's CLI (``yourai personas``, ``yourai skills``, ``yourai
cache clear``) both run these through ``recorded_change``, so a change is validated, applied
and recorded the same way whichever way it came in.
"""

from __future__ import annotations

import msgspec

from services.gateway.administration import Change
from shared.cache.store import CacheStore
from shared.personas import Persona, PersonaChanges, PersonaStore
from shared.skills import Skill, SkillChanges, SkillStore
from shared.store import Connection
from shared.tenants import TenantConfig, UnknownItem

__all__ = ["CacheClearing", "CacheEntries", "persona_created", "persona_removed",
           "persona_updated", "skill_created", "skill_removed", "skill_updated",
           "unknown_persona"]


def unknown_persona(persona_id: str) -> UnknownItem:
    return UnknownItem(f"There is no persona {persona_id!r}.")


def persona_created(changes: PersonaChanges) -> Change[Persona | None, Persona]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Persona | None, Persona]:
        persona = changes.applied_to(None)
        await PersonaStore.save(conn, tenant.tenant_id, persona, new=True)
        return None, persona
    return change


def persona_updated(persona_id: str, changes: PersonaChanges) -> Change[Persona, Persona]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Persona, Persona]:
        before = await PersonaStore.get(conn, tenant.tenant_id, persona_id, lock=True)
        if before is None:
            raise unknown_persona(persona_id)
        after = changes.applied_to(before)
        if after != before:
            await PersonaStore.save(conn, tenant.tenant_id, after, new=False)
        return before, after
    return change


def persona_removed(persona_id: str) -> Change[Persona | None, None]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Persona | None, None]:
        before = await PersonaStore.get(conn, tenant.tenant_id, persona_id, lock=True)
        await PersonaStore.remove(conn, tenant.tenant_id, persona_id, tenant.default_persona)
        return before, None
    return change


def skill_created(changes: SkillChanges) -> Change[Skill | None, Skill]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill | None, Skill]:
        skill = changes.applied_to(None)
        await SkillStore.save(conn, tenant.tenant_id, skill, new=True)
        return None, skill
    return change


def skill_updated(skill_id: str, changes: SkillChanges) -> Change[Skill, Skill]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill, Skill]:
        before = await SkillStore.get(conn, tenant.tenant_id, skill_id, lock=True)
        if before is None:
            raise UnknownItem(f"There is no skill {skill_id!r}.")
        after = changes.applied_to(before)
        if after != before:
            await SkillStore.save(conn, tenant.tenant_id, after, new=False)
        return before, after
    return change


def skill_removed(skill_id: str) -> Change[Skill | None, None]:
    async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill | None, None]:
        before = await SkillStore.get(conn, tenant.tenant_id, skill_id, lock=True)
        await SkillStore.remove(conn, tenant.tenant_id, skill_id)
        return before, None
    return change


class CacheEntries(msgspec.Struct, frozen=True, kw_only=True):
    """The cache as its configuration record shows it, before and after a clear."""

    entries: int


class CacheClearing:
    """Clearing a tenant's cache, as a ``Change``; ``removed`` says how many answers went."""

    def __init__(self, store: CacheStore) -> None:
        self.store = store
        self.removed = 0

    async def __call__(self, conn: Connection, tenant: TenantConfig
                       ) -> tuple[CacheEntries, CacheEntries]:
        self.removed = await self.store.clear(tenant.tenant_id, conn=conn)
        return CacheEntries(entries=self.removed), CacheEntries(entries=0)

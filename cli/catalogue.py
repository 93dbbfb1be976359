"""``yourai personas`` and ``yourai skills``: a tenant's personas and skills, straight in
PostgreSQL (an operator's tool; a tenant administrator uses ``/v1/personas`` and
``/v1/skills``). Each change is validated, applied and recorded in the tenant's configuration
log exactly as the API does it (``services.gateway.catalogue``), as the operator's change."""

from __future__ import annotations

import argparse
import re
from typing import Any, TypeVar

import asyncpg
import msgspec

from cli.errors import CliError
from cli.operator import change_as_operator, operator_pool
from services.gateway.app import (
    Change,
    persona_created,
    persona_removed,
    persona_updated,
    skill_created,
    skill_removed,
    skill_updated,
)
from shared.config import Settings
from shared.events import ConfigurationSection
from shared.personas import Persona, PersonaChanges, PersonaStore
from shared.skills import Skill, SkillChanges, SkillStore
from shared.store import Connection
from shared.tenants import TenantConfig

__all__ = ["catalogue_command"]

_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
S = TypeVar("S", bound=msgspec.Struct)
Item = Persona | Skill

PERSONA_FIELDS = ("name", "instructions", "tone", "answer_style")
SKILL_FIELDS = ("name", "instructions")


def _changes(args: argparse.Namespace, kind: type[S], fields: tuple[str, ...],
             lists: dict[str, str]) -> S:
    """The options given, as the API's body would carry them (absent ones unchanged)."""
    body: dict[str, Any] = {"id": args.item_id}
    body.update({f: getattr(args, f) for f in fields if getattr(args, f) is not None})
    for field, option in lists.items():
        values = getattr(args, option)
        if values is not None:  # "--skill ''" (or "--tool ''") empties the list
            body[field] = [v for v in values if v]
    try:
        return msgspec.convert(body, kind)
    except msgspec.ValidationError as e:
        raise CliError(f"invalid {args.catalogue}: {e}") from e


async def _items(pool: asyncpg.Pool, section: ConfigurationSection, tenant: str
                 ) -> list[Item]:
    if section == "persona":
        return list(await PersonaStore(pool).all(tenant))
    return list(await SkillStore(pool).all(tenant))


def _line(item: Item) -> str:
    if isinstance(item, Persona):
        skills = ", ".join(item.skills) or "no skills"
        return f"{item.id:<20} {item.name} — {item.answer_style}; {skills}"
    origin = "built in" if item.built_in else "the organisation's"
    return f"{item.id:<20} {item.name} — {origin}; tools: {', '.join(item.tools) or 'none'}"


def _set(section: ConfigurationSection, args: argparse.Namespace
         ) -> Change[Any, Any]:
    """Create the item, or change the options given of the one there is."""
    item_id = args.item_id
    if section == "persona":
        persona = _changes(args, PersonaChanges, PERSONA_FIELDS, {"skills": "skill"})

        async def set_persona(conn: Connection, tenant: TenantConfig) -> tuple[Any, Any]:
            there = await PersonaStore.get(conn, tenant.tenant_id, item_id, lock=True)
            change = persona_updated(item_id, persona) if there else persona_created(persona)
            return await change(conn, tenant)

        return set_persona
    skill = _changes(args, SkillChanges, SKILL_FIELDS, {"tools": "tool"})

    async def set_skill(conn: Connection, tenant: TenantConfig) -> tuple[Any, Any]:
        there = await SkillStore.get(conn, tenant.tenant_id, item_id, lock=True)
        change = skill_updated(item_id, skill) if there else skill_created(skill)
        return await change(conn, tenant)

    return set_skill


async def catalogue_command(settings: Settings, args: argparse.Namespace) -> int:
    section: ConfigurationSection = "persona" if args.catalogue == "persona" else "skill"
    action, tenant = args.catalogue_command, args.tenant
    item_id: str | None = getattr(args, "item_id", None)
    if item_id is not None and not _ID.fullmatch(item_id):
        raise CliError(f"{item_id!r} is not a {args.catalogue} id: use up to 40 lower-case "
                       "letters, digits, hyphens or underscores.")
    async with operator_pool(settings) as pool:
        if action == "list":
            items = await _items(pool, section, tenant)
            if not items:
                print(f"No {args.catalogue}s are configured for {tenant}.")
            for item in items:
                print(_line(item))
            return 0
        if action == "show":
            found = next((i for i in await _items(pool, section, tenant) if i.id == item_id),
                         None)
            if found is None:
                raise CliError(f"There is no {args.catalogue} {item_id!r} for {tenant}.")
            print(msgspec.json.format(msgspec.json.encode(found)).decode())
            return 0
        assert item_id is not None
        if action == "set":
            saved = await change_as_operator(pool, tenant, section, _set(section, args),
                                             key=item_id)
            print(f"{args.catalogue.capitalize()} {item_id} saved for {tenant}: {_line(saved)}")
            return 0
        removal = persona_removed(item_id) if section == "persona" else skill_removed(item_id)
        await change_as_operator(pool, tenant, section, removal, key=item_id)
        print(f"{args.catalogue.capitalize()} {item_id} removed from {tenant}.")
        return 0

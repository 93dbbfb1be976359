"""Personas: who the assistant is for a conversation ("plain English for residents", "formal
briefing for the board").

A persona carries instructions and a tone for the model, skills that are always active with
it, and an answer style that reshapes the answer even offline (``shared.answer_styles``). A
message names one by ``persona_id``; without one the tenant's default persona applies.
"""

from __future__ import annotations

import builtins
from typing import Literal, get_args

import asyncpg
import msgspec

from shared.skills import INSTRUCTIONS_MAX, SkillStore, checked_slug
from shared.store import Connection, store_errors
from shared.tenants import (
    ConfigurationConflict,
    InvalidConfiguration,
    UnknownItem,
    checked_field,
)

__all__ = [
    "ANSWER_STYLES",
    "AnswerStyle",
    "Persona",
    "PersonaChanges",
    "PersonaStore",
]

AnswerStyle = Literal["standard", "brief", "plain", "briefing"]
"""``standard``: the engine's answer; ``brief``: the answer and its sources only; ``plain``:
short sentences, one point a line, for residents; ``briefing``: headed sections for a board
or committee."""
ANSWER_STYLES: tuple[AnswerStyle, ...] = get_args(AnswerStyle)
NAME_MAX = 100
TONE_MAX = 200
_COLUMNS = "persona_id, name, instructions, tone, answer_style, skills"


class Persona(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    instructions: str = ""
    tone: str = ""
    """A few words on register, e.g. "warm and plain" or "formal"."""
    answer_style: AnswerStyle = "standard"
    skills: tuple[str, ...] = ()
    """Skills always active with this persona, by id."""


class PersonaChanges(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new persona (``id`` and ``name`` needed) or a partial update."""

    id: str | msgspec.UnsetType = msgspec.UNSET
    name: str | msgspec.UnsetType = msgspec.UNSET
    instructions: str | msgspec.UnsetType = msgspec.UNSET
    tone: str | msgspec.UnsetType = msgspec.UNSET
    answer_style: str | msgspec.UnsetType = msgspec.UNSET
    skills: list[str] | msgspec.UnsetType = msgspec.UNSET

    def applied_to(self, persona: Persona | None) -> Persona:
        """The persona these changes make (from nothing, for a creation); each value checked
        here, except that its skills exist (``PersonaStore.save`` checks that)."""
        if persona is None:
            missing = [f for f in ("id", "name") if getattr(self, f) is msgspec.UNSET]
            if missing:
                raise InvalidConfiguration(f"A new persona needs {', '.join(missing)}.")
            persona = Persona(id=checked_slug(str(self.id), "persona"), name="")
        elif self.id is not msgspec.UNSET and self.id != persona.id:
            raise InvalidConfiguration("A persona's id cannot be changed; create a new one.")
        changes: dict[str, object] = {}
        if self.name is not msgspec.UNSET:
            changes["name"] = checked_field(self.name, "The persona's name", NAME_MAX)
        if self.instructions is not msgspec.UNSET:
            changes["instructions"] = checked_field(
                self.instructions, "The persona's instructions", INSTRUCTIONS_MAX,
                blank_ok=True)
        if self.tone is not msgspec.UNSET:
            changes["tone"] = checked_field(self.tone, "The persona's tone", TONE_MAX,
                                            blank_ok=True)
        if self.answer_style is not msgspec.UNSET:
            if self.answer_style not in ANSWER_STYLES:
                raise InvalidConfiguration(
                    f"{self.answer_style!r} is not an answer style; choose one of "
                    f"{', '.join(ANSWER_STYLES)}.")
            changes["answer_style"] = self.answer_style
        if self.skills is not msgspec.UNSET:
            changes["skills"] = tuple(dict.fromkeys(checked_slug(s, "skill")
                                                    for s in self.skills))
        return msgspec.structs.replace(persona, **changes)


def _persona(row: asyncpg.Record) -> Persona:
    return Persona(id=row["persona_id"], name=row["name"], instructions=row["instructions"],
                   tone=row["tone"], answer_style=row["answer_style"],
                   skills=tuple(row["skills"]))


class PersonaStore:
    """A tenant's personas, in PostgreSQL."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def all(self, tenant_id: str) -> builtins.list[Persona]:
        async with store_errors("personas"):
            rows = await self.pool.fetch(
                f"SELECT {_COLUMNS} FROM tenant_personas WHERE tenant_id = $1"
                " ORDER BY persona_id", tenant_id)
        return [_persona(r) for r in rows]

    async def find(self, tenant_id: str, persona_id: str) -> Persona | None:
        """The persona, read afresh: a change applies to the next invocation."""
        async with store_errors("personas"), self.pool.acquire() as conn:
            return await self.get(conn, tenant_id, persona_id)

    @staticmethod
    async def get(conn: Connection, tenant_id: str, persona_id: str, *,
                  lock: bool = False) -> Persona | None:
        row = await conn.fetchrow(
            f"SELECT {_COLUMNS} FROM tenant_personas WHERE tenant_id = $1 AND persona_id = $2"
            f"{' FOR UPDATE' if lock else ''}", tenant_id, persona_id)
        return None if row is None else _persona(row)

    @staticmethod
    async def save(conn: Connection, tenant_id: str, persona: Persona, *, new: bool) -> None:
        """Store a persona whose skills all exist and whose name is the tenant's only one."""
        missing = await SkillStore.missing(conn, tenant_id, persona.skills)
        if missing:
            raise InvalidConfiguration(f"The persona names skills that do not exist: "
                                       f"{', '.join(missing)}.")
        clash = await conn.fetchval(
            "SELECT persona_id FROM tenant_personas WHERE tenant_id = $1 AND lower(name) ="
            " lower($2) AND persona_id <> $3", tenant_id, persona.name, persona.id)
        if clash is not None:
            raise ConfigurationConflict(f"A persona is already named {persona.name!r}.")
        values = (tenant_id, persona.id, persona.name, persona.instructions, persona.tone,
                  persona.answer_style, list(persona.skills))
        if new:
            status = await conn.execute(
                "INSERT INTO tenant_personas (tenant_id, persona_id, name, instructions, tone,"
                " answer_style, skills) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                " ON CONFLICT DO NOTHING", *values)
            if status.endswith(" 0"):
                raise ConfigurationConflict(f"There is already a persona {persona.id!r}.")
            return
        await conn.execute(
            "UPDATE tenant_personas SET name = $3, instructions = $4, tone = $5,"
            " answer_style = $6, skills = $7, updated_at = now()"
            " WHERE tenant_id = $1 AND persona_id = $2", *values)

    @staticmethod
    async def remove(conn: Connection, tenant_id: str, persona_id: str,
                     default_persona: str | None) -> None:
        if persona_id == default_persona:
            raise ConfigurationConflict(
                f"{persona_id!r} is the organisation's default persona: choose another "
                "default (PATCH /v1/tenant) first.")
        status = await conn.execute(
            "DELETE FROM tenant_personas WHERE tenant_id = $1 AND persona_id = $2",
            tenant_id, persona_id)
        if status.endswith(" 0"):
            raise UnknownItem(f"There is no persona {persona_id!r}.")

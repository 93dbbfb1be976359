"""Skills: named instruction blocks that shape an answer when a tool family is used.

Two are built in: "Legal research" when the legislation worker has run, "Case-law analysis"
when the case-law worker has. A tenant adds its own, tied to tool families (``tools``) or
named by a persona (``Persona.skills``), or both. The orchestrator adds the activated skills'
instructions to the system prompt after the persona's (DESIGN §5c) and records them in a
``skill.activated`` event.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Literal, get_args

import asyncpg
import msgspec

from shared.store import Connection, store_errors
from shared.tenants import (
    ConfigurationConflict,
    InvalidConfiguration,
    UnknownItem,
    checked_field,
)

__all__ = [
    "BUILT_IN",
    "INSTRUCTIONS_MAX",
    "TOOL_FAMILIES",
    "Skill",
    "SkillChanges",
    "SkillStore",
    "ToolFamily",
    "activated",
    "checked_slug",
]

ToolFamily = Literal["policy", "legislation", "caselaw", "external"]
"""The knowledge workers, as skills name them."""
TOOL_FAMILIES: tuple[ToolFamily, ...] = get_args(ToolFamily)
INSTRUCTIONS_MAX = 4_000
"""Longest instructions of a skill or a persona, in characters: a few paragraphs, so that
the system prompt stays mostly the engine's own."""
NAME_MAX = 100
_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class Skill(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    instructions: str
    tools: tuple[ToolFamily, ...] = ()
    """The tool families whose use activates it; empty: only a persona naming it does."""
    built_in: bool = False


BUILT_IN: tuple[Skill, ...] = (
    Skill(id="legal-research", name="Legal research", tools=("legislation",), built_in=True,
          instructions=(
              "Cite UK legislation by its short title and section (e.g. Housing Act 2004, "
              "s. 11) and say which jurisdiction it extends to. Distinguish primary "
              "legislation (Acts) from secondary legislation (regulations and orders made "
              "under them), and name the enabling Act of a statutory instrument. Check "
              "whether a provision has been amended, repealed or is not yet in force, and say "
              "so with the date the source records; never present repealed law as current.")),
    Skill(id="case-law-analysis", name="Case-law analysis", tools=("caselaw",), built_in=True,
          instructions=(
              "Cite judgments by their neutral citation (e.g. [2020] EWCA Civ 123) and name "
              "the court. Weigh authority by the court hierarchy: the Supreme Court binds "
              "every court, the Court of Appeal binds the High Court and below, and tribunal "
              "decisions are persuasive only. Say what the case decided and why it matters "
              "to the question, and distinguish its facts where they differ.")),
)


def checked_slug(value: str, what: str) -> str:
    if not _SLUG.fullmatch(value):
        raise InvalidConfiguration(
            f"{value!r} is not a usable {what} id: use up to 40 lower-case letters, digits, "
            "hyphens or underscores, starting with a letter or digit.")
    return value


class SkillChanges(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new skill (``id``, ``name`` and ``instructions`` needed) or a partial update."""

    id: str | msgspec.UnsetType = msgspec.UNSET
    name: str | msgspec.UnsetType = msgspec.UNSET
    instructions: str | msgspec.UnsetType = msgspec.UNSET
    tools: list[str] | msgspec.UnsetType = msgspec.UNSET

    def applied_to(self, skill: Skill | None) -> Skill:
        """The skill these changes make (from nothing, for a creation); each value checked."""
        if skill is None:
            missing = [f for f in ("id", "name", "instructions")
                       if getattr(self, f) is msgspec.UNSET]
            if missing:
                raise InvalidConfiguration(f"A new skill needs {', '.join(missing)}.")
            skill = Skill(id=checked_slug(str(self.id), "skill"), name="", instructions="")
        elif self.id is not msgspec.UNSET and self.id != skill.id:
            raise InvalidConfiguration("A skill's id cannot be changed; create a new skill.")
        changes: dict[str, object] = {}
        if self.name is not msgspec.UNSET:
            changes["name"] = checked_field(self.name, "The skill's name", NAME_MAX)
        if self.instructions is not msgspec.UNSET:
            changes["instructions"] = checked_field(self.instructions,
                                                    "The skill's instructions",
                                                    INSTRUCTIONS_MAX)
        if self.tools is not msgspec.UNSET:
            unknown = sorted(set(self.tools) - set(TOOL_FAMILIES))
            if unknown:
                raise InvalidConfiguration(f"Unknown tool families: {', '.join(unknown)} "
                                           f"(known: {', '.join(TOOL_FAMILIES)}).")
            changes["tools"] = tuple(t for t in TOOL_FAMILIES if t in self.tools)
        return msgspec.structs.replace(skill, **changes)


def activated(skills: Iterable[Skill], *, used: Collection[str],
              named: Collection[str] = ()) -> list[Skill]:
    """The skills that shape an answer: those of a tool family that was ``used``, and those
    the persona ``named``; each once, in the order given."""
    return [s for s in skills if s.id in named or any(t in used for t in s.tools)]


def _skill(row: asyncpg.Record) -> Skill:
    return Skill(id=row["skill_id"], name=row["name"], instructions=row["instructions"],
                 tools=tuple(row["tools"]))


class SkillStore:
    """The built-in skills and a tenant's own, in PostgreSQL."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def all(self, tenant_id: str) -> builtins.list[Skill]:
        """The built-in skills, then the tenant's by id."""
        async with store_errors("skills"):
            rows = await self.pool.fetch(
                "SELECT skill_id, name, instructions, tools FROM tenant_skills"
                " WHERE tenant_id = $1 ORDER BY skill_id", tenant_id)
        return [*BUILT_IN, *(_skill(r) for r in rows)]

    @staticmethod
    async def get(conn: Connection, tenant_id: str, skill_id: str, *,
                  lock: bool = False) -> Skill | None:
        for skill in BUILT_IN:
            if skill.id == skill_id:
                return skill
        row = await conn.fetchrow(
            "SELECT skill_id, name, instructions, tools FROM tenant_skills"
            f" WHERE tenant_id = $1 AND skill_id = $2{' FOR UPDATE' if lock else ''}",
            tenant_id, skill_id)
        return None if row is None else _skill(row)

    @staticmethod
    async def missing(conn: Connection, tenant_id: str, ids: Sequence[str]) -> list[str]:
        """Which of ``ids`` name no skill of the tenant (built-in ones included)."""
        wanted = [i for i in ids if i not in {s.id for s in BUILT_IN}]
        rows = await conn.fetch("SELECT skill_id FROM tenant_skills WHERE tenant_id = $1"
                                " AND skill_id = ANY($2::text[])", tenant_id, wanted)
        found = {r["skill_id"] for r in rows}
        return [i for i in wanted if i not in found]

    @staticmethod
    async def save(conn: Connection, tenant_id: str, skill: Skill, *, new: bool) -> None:
        if skill.built_in or any(s.id == skill.id for s in BUILT_IN):
            raise ConfigurationConflict(f"{skill.id!r} is a built-in skill: it cannot be "
                                        "changed; create a skill of your own.")
        clash = await conn.fetchval(
            "SELECT skill_id FROM tenant_skills WHERE tenant_id = $1 AND lower(name) ="
            " lower($2) AND skill_id <> $3", tenant_id, skill.name, skill.id)
        if clash is not None or skill.name.lower() in {s.name.lower() for s in BUILT_IN}:
            raise ConfigurationConflict(f"A skill is already named {skill.name!r}.")
        if new:
            status = await conn.execute(
                "INSERT INTO tenant_skills (tenant_id, skill_id, name, instructions, tools)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                tenant_id, skill.id, skill.name, skill.instructions, list(skill.tools))
            if status.endswith(" 0"):
                raise ConfigurationConflict(f"There is already a skill {skill.id!r}.")
            return
        await conn.execute(
            "UPDATE tenant_skills SET name = $3, instructions = $4, tools = $5,"
            " updated_at = now() WHERE tenant_id = $1 AND skill_id = $2",
            tenant_id, skill.id, skill.name, skill.instructions, list(skill.tools))

    @staticmethod
    async def remove(conn: Connection, tenant_id: str, skill_id: str) -> None:
        """Remove a tenant's skill that no persona names."""
        if any(s.id == skill_id for s in BUILT_IN):
            raise ConfigurationConflict(f"{skill_id!r} is a built-in skill: it cannot be "
                                        "removed.")
        users = await conn.fetch(
            "SELECT persona_id FROM tenant_personas WHERE tenant_id = $1 AND $2 = ANY(skills)"
            " ORDER BY persona_id", tenant_id, skill_id)
        if users:
            raise ConfigurationConflict(
                f"The skill {skill_id!r} is used by the persona(s) "
                f"{', '.join(r['persona_id'] for r in users)}: remove it from them first.")
        status = await conn.execute(
            "DELETE FROM tenant_skills WHERE tenant_id = $1 AND skill_id = $2",
            tenant_id, skill_id)
        if status.endswith(" 0"):
            raise UnknownItem(f"There is no skill {skill_id!r}.")

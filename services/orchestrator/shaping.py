"""What shapes an answer beyond the engine's own prompt: the persona and the activated skills.

The system prompt is assembled in the documented order (DESIGN §5c): the engine's base and
writing rules, filled with the tenant's name and jurisdiction; the persona; the activated
skills; the summary of the conversation's earlier topics. The recent turns and the question
follow as messages. Persona and skills are read from PostgreSQL for each invocation, so an
administrator's change applies to the next question. Offline, the persona's answer style
rearranges the composed answer (``shared.answer_styles``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Mapping
from dataclasses import dataclass

import asyncpg

from shared.answer_styles import restyle
from shared.events import WorkerFindings
from shared.llm import ModelProvider, ModelRequest, Tier
from shared.llm.base import Completion, StreamItem, TextDelta, join_stream
from shared.personas import AnswerStyle, Persona, PersonaStore
from shared.prompts import render
from shared.skills import Skill, SkillStore, activated

__all__ = ["STYLE_GUIDANCE", "Shaping", "StyledProvider", "shaping_for", "tools_used"]

STYLE_GUIDANCE: Mapping[AnswerStyle, str] = {
    "standard": "",
    "brief": "Answer style: brief. Give the direct answer in at most three sentences with "
             "their citations, and leave out the supporting detail.",
    "plain": "Answer style: plain. Write for a resident with no legal training: short "
             "sentences, everyday words, one point a line. Start with '**The short answer**' "
             "and then '**What else you should know**'.",
    "briefing": "Answer style: briefing. Write a formal briefing for a board or committee: "
                "a '## Summary' section, then '## Detail by source' with a '### ' heading "
                "for each source.",
}


def tools_used(findings: Mapping[str, WorkerFindings]) -> set[str]:
    """The tool families that ran for the answer: the workers that reported findings."""
    return {worker for worker, found in findings.items() if found.status == "ok"}


@dataclass(frozen=True, kw_only=True)
class Shaping:
    """The persona (if any) and the skills activated for one answer."""

    persona: Persona | None = None
    skills: tuple[Skill, ...] = ()

    def layers(self) -> list[str]:
        """The persona's then the skills' parts of the system prompt, in that order."""
        parts = []
        if self.persona is not None:
            p = self.persona
            parts.append(render("persona", persona_name=p.name, instructions=p.instructions,
                                tone=f"Tone: {p.tone}." if p.tone else "",
                                style=STYLE_GUIDANCE[p.answer_style]))
        parts.extend(render("skill", skill_name=s.name, instructions=s.instructions)
                     for s in self.skills)
        return parts

    @property
    def style(self) -> AnswerStyle:
        return self.persona.answer_style if self.persona is not None else "standard"

    def provider(self, provider: ModelProvider) -> ModelProvider:
        """``provider``, its answers restyled when it is the offline one and the persona has a
        style; a real model is told the style in the prompt instead."""
        if provider.offline and self.style != "standard":
            return StyledProvider(provider, self.style)
        return provider


async def shaping_for(pool: asyncpg.Pool, tenant_id: str, persona_id: str | None, *,
                      used: Collection[str]) -> Shaping:
    """The persona a message named (one removed since is ignored) and the skills activated
    by the tools ``used`` and by the persona."""
    persona = (await PersonaStore(pool).find(tenant_id, persona_id)
               if persona_id is not None else None)
    skills = activated(await SkillStore(pool).all(tenant_id), used=used,
                       named=persona.skills if persona is not None else ())
    return Shaping(persona=persona, skills=tuple(skills))


class StyledProvider:
    """The offline provider with its synthesis answers rearranged for an answer style."""

    def __init__(self, inner: ModelProvider, style: AnswerStyle) -> None:
        self.inner = inner
        self.style = style
        self.name = inner.name
        self.offline = inner.offline

    def model_for(self, tier: Tier) -> str:
        return self.inner.model_for(tier)

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        if request.purpose != "synthesis":
            return self.inner.stream(request)
        return self._styled(request)

    async def _styled(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        text: list[str] = []
        async for item in self.inner.stream(request):
            if isinstance(item, TextDelta):
                text.append(item.text)
            else:  # the end: the whole answer is known, so it can be rearranged
                yield TextDelta(restyle("".join(text), self.style))
                yield item
                return

    async def complete(self, request: ModelRequest) -> Completion:
        return await join_stream(self.stream(request))

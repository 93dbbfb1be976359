"""A model's second opinion on whether a source supports a claim (balanced tier).

Only asked when a real model is configured, and only about citations the deterministic
checks would verify: it can take verification away, never grant it. A reply that is late,
fails or is not the strict JSON asked for leaves the citation unverified.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import msgspec

from shared.llm import ChatMessage, ModelError, ModelProvider, ModelRequest

__all__ = ["Judge", "Verdict"]

SYSTEM = (
    "You check citations in answers about UK law. Given a statement and the text of the "
    "source it cites, decide whether the source supports the statement: the same duty or "
    "power, the same numbers, periods, parties and conditions. Reply with JSON only, exactly "
    '{"supported": true or false, "reason": "<one short sentence>"} and nothing else.'
)
_MAX_SOURCE = 12_000


class _Reply(msgspec.Struct, forbid_unknown_fields=False):
    supported: bool
    reason: str = ""


@dataclass(frozen=True)
class Verdict:
    supported: bool | None
    """``None``: the judge did not give a usable answer."""
    reason: str


@dataclass(frozen=True, kw_only=True)
class Judge:
    provider: ModelProvider
    deadline_s: float = 8.0

    async def __call__(self, claim: str, source_title: str, source_text: str) -> Verdict:
        request = ModelRequest(
            tier="balanced", purpose="judge", system=SYSTEM, max_tokens=200,
            messages=[ChatMessage(role="user", content=(
                f"Statement:\n{claim}\n\nSource: {source_title}\n{source_text[:_MAX_SOURCE]}"))],
        )
        try:
            async with asyncio.timeout(self.deadline_s):
                completion = await self.provider.complete(request)
        except TimeoutError:
            return Verdict(None, f"The model judge did not answer within {self.deadline_s:g} "
                                 "seconds.")
        except ModelError as e:
            return Verdict(None, f"The model judge failed ({type(e).__name__}).")
        try:
            reply = msgspec.json.decode(completion.text.strip(), type=_Reply)
        except msgspec.DecodeError:
            return Verdict(None, "The model judge's reply was not the JSON asked for.")
        return Verdict(reply.supported, " ".join(reply.reason.split())[:300])

"""The offline provider: deterministic answers with no network, for air-gapped use and CI.

It is a real mode, not a stub: synthesis quotes the evidence verbatim with checkable citations
and says so in its first line; titles come from the question's key terms. Routing and judging
are done by the callers' deterministic rules, so the offline provider refuses those purposes.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import assert_never

from shared.events import Usage
from shared.llm.base import (
    ModelError,
    ModelProvider,
    ModelRefused,
    ModelRequest,
    StreamEnd,
    StreamItem,
    TextDelta,
    Tier,
    failed_stream,
)
from shared.llm.extractive import estimate_tokens, extractive_answer, title_from_question

__all__ = ["OFFLINE_MODEL", "OfflineProvider", "word_chunks"]

OFFLINE_MODEL = "offline-extractive"
_WORDS_PER_DELTA = 4
_PIECE = re.compile(r"\s*\S+\s*")


def word_chunks(text: str, words: int = _WORDS_PER_DELTA) -> list[str]:
    """``text`` in pieces of a few words; the pieces joined are exactly ``text``."""
    pieces = _PIECE.findall(text)
    if not pieces:
        return [text] if text else []
    return ["".join(pieces[i : i + words]) for i in range(0, len(pieces), words)]


class OfflineProvider(ModelProvider):
    """Extractive synthesis and key-term titles; no language model, no network."""

    name = "offline"
    offline = True

    def model_for(self, tier: Tier) -> str:
        return OFFLINE_MODEL

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        if request.purpose in ("routing", "rewrite", "judge"):
            try:
                self._reply(request)
            except ModelError as e:
                return failed_stream(e)  # errors surface on iteration, as with a real model
        return self._stream(request)

    @staticmethod
    def _reply(request: ModelRequest) -> str:
        question = request.question or _last_user_message(request)
        match request.purpose:
            case "synthesis":
                return extractive_answer(question, request.documents, tenant=request.tenant)
            case "title":
                return title_from_question(question)
            case "routing" | "rewrite" | "judge":
                raise ModelRefused(
                    f"The offline provider does not do {request.purpose}; "
                    "use the deterministic rules instead."
                )
            case _:
                assert_never(request.purpose)

    @classmethod
    async def _stream(cls, request: ModelRequest) -> AsyncIterator[StreamItem]:
        # Choosing sentences embeds them: off the event loop, which other services share.
        text = await asyncio.to_thread(cls._reply, request)
        for piece in word_chunks(text):
            yield TextDelta(piece)
            await asyncio.sleep(0)  # let a cancellation land between pieces
        sent = [request.system, request.question, *(m.content for m in request.messages)]
        sent += [d.text for d in request.documents]
        usage = Usage(input_tokens=estimate_tokens(*sent), output_tokens=estimate_tokens(text))
        yield StreamEnd(model=OFFLINE_MODEL, usage=usage)


def _last_user_message(request: ModelRequest) -> str:
    return next((m.content for m in reversed(request.messages) if m.role == "user"), "")

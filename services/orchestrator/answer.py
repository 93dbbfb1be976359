"""Streaming one answer: the model's text, then the answer's fixed tail, all kept in a run; and
the cited sentences it completes on the way, for the verifier to check while it streams."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

from services.orchestrator.synthesis import INTRODUCTION
from shared.events import Envelope, RoutingDecided, SentenceDrafted, Usage
from shared.llm import ModelProvider, ModelRequest, StreamEnd, TextDelta
from shared.verification import DraftedSentence

__all__ = ["AnswerRun", "drafted", "stream_answer"]


class AnswerRun:
    """What a synthesis has streamed so far, so a cancel or a failure records usage so far."""

    def __init__(self, request_chars: int) -> None:
        self.text: list[str] = []
        self.end: StreamEnd | None = None
        self.request_chars = request_chars

    def usage_so_far(self) -> Usage:
        """The model's own figures once it has finished; an estimate (4 characters a token)
        while it is still streaming."""
        if self.end is not None:
            return self.end.usage
        return Usage(input_tokens=self.request_chars // 4,
                     output_tokens=sum(len(t) for t in self.text) // 4)


async def stream_answer(provider: ModelProvider, request: ModelRequest, decision: RoutingDecided,
                        tail: str, run: AnswerRun) -> AsyncIterator[str]:
    """The model's text, then the answer's fixed tail; everything is recorded in ``run``."""
    if decision.query_type == "conversational" and provider.offline:
        run.text.append(INTRODUCTION)
        yield INTRODUCTION
    else:
        async for item in provider.stream(request):
            if isinstance(item, TextDelta):
                run.text.append(item.text)
                yield item.text
            elif isinstance(item, StreamEnd):
                run.end = item
    run.text.append(tail)
    yield tail


def drafted(envelope: Envelope, sentences: Sequence[DraftedSentence]) -> list[SentenceDrafted]:
    """``draft.sentence`` events for completed cited sentences; ids derive from their index, so
    a run repeated emits the same events."""
    return [envelope.reply(SentenceDrafted, "sentence", s.index, index=s.index, text=s.text,
                           offset=s.offset, first_citation=s.first_citation)
            for s in sentences]

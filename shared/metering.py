"""Every model call recorded and costed: the ``usage.recorded`` of a call at the tenant's
prices, the total of an invocation, and a way to meter calls made deep inside a library.

Calls made where their events are emitted (title, synthesis) are recorded there with
``priced_usage``. Calls made inside a library or a helper (the router's rewrite and
classification, the judge deep in the verification checks) go through a ``MeteredProvider``,
which applies the tenant's model configuration and notes each call in the ``CallLog`` its
caller opened (``metered_calls``); the caller records them with its events. A call that fails
is noted too, with its failure: a stream that broke part-way was paid for up to the break
(the provider's figures where it gave them, else ``estimated_usage``); a call refused before
any answer began costs nothing, and is still seen.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypedDict

from shared.events import Usage, UsageRecorded
from shared.llm.base import (
    ModelError,
    ModelProvider,
    ModelRequest,
    StreamEnd,
    StreamItem,
    Tier,
    offline_for,
)
from shared.llm.configuration import ModelConfiguration, agent_of
from shared.pricing import DEFAULT_CURRENCY, PriceTable, money

__all__ = [
    "CallLog",
    "MeteredProvider",
    "UsageFields",
    "configured",
    "estimated_usage",
    "invocation_cost",
    "metered_calls",
    "priced_usage",
]


class UsageFields(TypedDict):
    """The fields of one call's ``usage.recorded``: ``envelope.reply(UsageRecorded, *step,
    **fields)``, so each service that makes calls is seen to record them."""

    agent: str
    provider: str
    model: str
    usage: Usage
    cost: str
    currency: str
    priced: bool
    failure: str


def priced_usage(*, agent: str, provider: str, model: str, usage: Usage,
                 prices: PriceTable, failure: str = "") -> UsageFields:
    """One call's usage with its cost at ``prices`` (unpriced if the model has none there);
    ``failure`` says why the call failed, if it did."""
    cost = prices.cost(model, usage)
    return UsageFields(agent=agent, provider=provider, model=model, usage=usage,
                       cost=money(cost or Decimal(0)), currency=prices.currency,
                       priced=cost is not None, failure=failure)


CHARS_PER_TOKEN = 4
"""The estimate of a token where a provider gives no count (English prose, roughly)."""


def estimated_usage(request: ModelRequest, output: str) -> Usage:
    """What a call whose stream broke after ``output`` consumed, when the provider said
    nothing: the whole prompt was read, and the text so far was written."""
    prompt = len(request.system) + sum(len(m.content) for m in request.messages) + sum(
        len(d.text) for d in request.documents)
    return Usage(input_tokens=prompt // CHARS_PER_TOKEN,
                 output_tokens=len(output) // CHARS_PER_TOKEN)


def invocation_cost(events: Iterable[object]) -> tuple[str, str]:
    """The summed cost of the ``usage.recorded`` among ``events``, and its currency."""
    total, currency = Decimal(0), DEFAULT_CURRENCY
    for e in events:
        if isinstance(e, UsageRecorded):
            total += Decimal(e.cost)
            currency = e.currency
    return money(total), currency


@dataclass(frozen=True)
class _Call:
    agent: str
    provider: str
    model: str
    usage: Usage
    failure: str = ""


@dataclass
class CallLog:
    """Calls made through a ``MeteredProvider`` while this log is open."""

    models: ModelConfiguration = field(default_factory=ModelConfiguration)
    calls: list[_Call] = field(default_factory=list)

    def priced(self, prices: PriceTable) -> list[UsageFields]:
        """Each call's usage, priced, in order (the caller numbers their events' steps)."""
        return [priced_usage(agent=c.agent, provider=c.provider, model=c.model, usage=c.usage,
                             prices=prices, failure=c.failure) for c in self.calls]


_LOG: contextvars.ContextVar[CallLog | None] = contextvars.ContextVar("call_log", default=None)


@contextlib.contextmanager
def metered_calls(models: ModelConfiguration | None = None) -> Iterator[CallLog]:
    """A log of the metered calls made inside this block (and the tasks it starts)."""
    log = CallLog(models=models or ModelConfiguration())
    token = _LOG.set(log)
    try:
        yield log
    finally:
        _LOG.reset(token)


def configured(request: ModelRequest) -> ModelRequest:
    """``request`` with the open log's model configuration applied (unchanged if none is
    open), for a caller that needs the agent's timeout before it calls."""
    log = _LOG.get()
    return request if log is None else log.models.apply(request)


class MeteredProvider(ModelProvider):
    """``provider``, its calls configured and noted in the open ``CallLog`` (if any)."""

    def __init__(self, provider: ModelProvider) -> None:
        self.inner = provider
        self.name = provider.name
        self.offline = provider.offline

    def model_for(self, tier: Tier) -> str:
        return self.inner.model_for(tier)

    def offline_for(self, request: ModelRequest) -> bool:
        return offline_for(self.inner, configured(request))

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        log = _LOG.get()
        if log is None:
            return self.inner.stream(request)
        return self._noted(log, log.models.apply(request))

    async def _noted(self, log: CallLog, request: ModelRequest) -> AsyncIterator[StreamItem]:
        text: list[str] = []
        ended = False
        try:
            async for item in self.inner.stream(request):
                if isinstance(item, StreamEnd):
                    ended = True
                    log.calls.append(_Call(agent=agent_of(request.purpose),
                                           provider=item.provider or self.name,
                                           model=item.model, usage=item.usage))
                else:
                    text.append(item.text)
                yield item
        except BaseException as e:  # a failure, a deadline or a caller that stopped reading
            if not ended:
                log.calls.append(self._failed(request, e, "".join(text)))
            raise

    def _failed(self, request: ModelRequest, error: BaseException, text: str) -> _Call:
        """A call that failed, with what it had consumed (see the module's docstring)."""
        reported = error.usage if isinstance(error, ModelError) else None
        usage = reported or Usage()
        if text:  # the answer had begun: the prompt was read, and the text so far written
            estimate = estimated_usage(request, text)
            usage = Usage(
                input_tokens=usage.input_tokens if reported else estimate.input_tokens,
                output_tokens=max(usage.output_tokens, estimate.output_tokens),
                cache_creation_input_tokens=usage.cache_creation_input_tokens,
                cache_read_input_tokens=usage.cache_read_input_tokens)
        return _Call(agent=agent_of(request.purpose), provider=request.provider or self.name,
                     model=request.model or self.inner.model_for(request.tier), usage=usage,
                     failure=_failure(error))


def _failure(error: BaseException) -> str:
    if isinstance(error, (TimeoutError, asyncio.CancelledError)):
        return "The call was stopped before it finished (its deadline, or a cancellation)."
    if isinstance(error, GeneratorExit):
        return "The caller stopped reading before the call finished."
    return str(error) or type(error).__name__

"""A client of the Lex MCP interface (docs/LEX.md): our local server or the public Lex.

One MCP session is kept open per client and reused by every call: the public Lex counts
requests per address (600 a minute), and a fresh session costs several HTTP requests. The
session lives on a task of its own, because the SDK's context managers hold anyio cancel
scopes that must be entered and left by the same task; a call that finds it broken closes it
and the next attempt opens another.

Failures are told apart by cause, since the verifier acts on the difference:

- :class:`LexNotFound` — the server answered that the id does not exist (an HTTP 404 as Lex
  reports it, ``Error calling tool …: HTTP error 404: Not Found - …``);
- :class:`LexToolError` — the server refused the call for good (a bad argument, a 422);
- :class:`LexUnavailable` — nothing certain was learnt: the server could not be reached, was
  rate limited (Lex reports a 429 as a tool error, not as an HTTP status), failed (5xx) or
  ran out of time. These are retried with backoff first, within the call's deadline; a try
  that takes more than its share of that deadline is abandoned and retried on a new session.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

if TYPE_CHECKING:
    import mcp
    from mcp.types import CallToolResult


__all__ = [
    "LexClient",
    "LexError",
    "LexNotFound",
    "LexRetry",
    "LexToolError",
    "LexUnavailable",
    "classify_tool_error",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

_TOOLS_TTL_S = 300.0
_TRANSIENT_STATUS = re.compile(r"\bHTTP error (429|5\d\d)\b")
_NOT_FOUND = re.compile(r"\bHTTP error 404\b|\bnot found\b|\bno such\b", re.IGNORECASE)
_HTTP_STATUS = re.compile(r"\bHTTP error \d{3}\b")


class LexError(Exception):
    """Root of Lex client errors."""


class LexUnavailable(LexError):
    """Nothing certain came back: unreachable, rate limited, a server error or out of time."""


class LexToolError(LexError):
    """The server answered, and refused the call (bad input)."""


class LexNotFound(LexToolError):
    """The server answered that what was asked for does not exist."""


def classify_tool_error(tool: str, text: str) -> LexError:
    """The error a tool's error result stands for, read from its text (Lex's or ours)."""
    detail = f"Lex tool {tool} failed: {text[:300] or 'no detail'}"
    if _TRANSIENT_STATUS.search(text):
        return LexUnavailable(detail)
    if _HTTP_STATUS.search(text) and "HTTP error 404" not in text:
        return LexToolError(detail)
    if _NOT_FOUND.search(text):
        return LexNotFound(detail)
    return LexToolError(detail)


@dataclass(frozen=True, kw_only=True)
class LexRetry:
    """How transient failures are retried (within the call's overall timeout)."""

    attempts: int = 4
    """Tries per call, the first included."""
    backoff_s: float = 0.25
    """The first wait; each later wait doubles, with up to a quarter of jitter added."""
    max_backoff_s: float = 4.0
    attempt_timeout_s: float | None = None
    """How long one try may take before it is abandoned (its session dropped) and retried;
    ``None``: half the call's budget. Under load one request can hang on a stuck connection
    while a fresh one would answer at once, so a try must not spend the whole budget."""

    def attempt_budget(self, call_timeout_s: float) -> float:
        """The time one try may take, within a call's budget of ``call_timeout_s``."""
        if self.attempt_timeout_s is None:
            return call_timeout_s / 2
        return min(self.attempt_timeout_s, call_timeout_s)

    def delay(self, attempt: int) -> float:
        base = min(self.max_backoff_s, self.backoff_s * 2 ** attempt)
        return base * (1 + random.random() / 4)


class _Session:
    """One MCP session, opened, held and closed by a task of its own."""

    def __init__(self, url: str, timeout_s: float, headers: dict[str, str] | None) -> None:
        self.url = url
        self.timeout_s = timeout_s
        self.headers = headers or {}
        self.loop = asyncio.get_running_loop()
        self.ready: asyncio.Future[mcp.ClientSession] = self.loop.create_future()
        self.closing = asyncio.Event()
        self.task = asyncio.create_task(self._hold(), name=f"lex session {url}")

    async def _hold(self) -> None:
        # Imported on the first session: the MCP SDK and its HTTP client take about 28 MiB, and
        # a process that never calls Lex (no URL configured) need not hold them.
        import httpx2
        import mcp
        from mcp.client.streamable_http import streamable_http_client

        try:
            async with (
                httpx2.AsyncClient(headers=self.headers,
                                   timeout=httpx2.Timeout(self.timeout_s)) as http,
                streamable_http_client(self.url, http_client=http) as (read, write),
                mcp.ClientSession(read, write, read_timeout_seconds=self.timeout_s) as session,
            ):
                await session.initialize()
                self.ready.set_result(session)
                await self.closing.wait()
        except BaseException as e:  # the transport dies in many ways; all mean "reconnect"
            if not self.ready.done():
                self.ready.set_exception(LexUnavailable(f"cannot open a session: {e!r}"))
            if isinstance(e, asyncio.CancelledError):
                raise
            log.debug("Lex session to %s ended: %r", self.url, e)
        finally:
            self.closing.set()
            if not self.ready.done():
                self.ready.set_exception(LexUnavailable("the session closed"))

    @property
    def alive(self) -> bool:
        return not self.closing.is_set()

    async def close(self) -> None:
        self.closing.set()
        if asyncio.get_running_loop() is not self.loop:
            return  # its loop is gone: nothing left to close from here
        try:
            async with asyncio.timeout(5.0):
                await asyncio.shield(self.task)
        except (TimeoutError, Exception):
            self.task.cancel()
        if self.ready.done() and not self.ready.cancelled():
            self.ready.exception()  # retrieved: an unopened session is not an error here


class LexClient:
    """Calls Lex tools over one reused MCP session, retrying what may succeed on retry.

    Use as ``async with LexClient(url) as lex`` or call :meth:`aclose` when done; an unclosed
    client's session ends with its event loop.
    """

    def __init__(self, url: str, *, timeout_s: float = 20.0, retry: LexRetry | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.timeout_s = timeout_s
        """The budget of one call, its retries included."""
        self.retry = retry or LexRetry()
        self.headers = headers
        self.sessions_opened = 0
        self._session: _Session | None = None
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tools: set[str] | None = None
        self._tools_at = 0.0

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()

    async def tools(self) -> set[str]:
        """The server's tool names, cached for a few minutes."""
        if self._tools is None or time.monotonic() - self._tools_at > _TOOLS_TTL_S:
            async def fetch(session: mcp.ClientSession) -> set[str]:
                return {t.name for t in (await session.list_tools()).tools}

            self._tools = await self._with_retries("list_tools", fetch)
            self._tools_at = time.monotonic()
        return self._tools

    async def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        """Call one tool; returns its JSON result, a list result unwrapped.

        Raises:
            LexNotFound: the server says the thing asked for does not exist.
            LexToolError: the server refused the arguments.
            LexUnavailable: no answer after the retries (unreachable, rate limited, 5xx,
                out of time).
        """
        async def once(session: mcp.ClientSession) -> Any:
            return _result(tool, await session.call_tool(tool, arguments))

        return await self._with_retries(tool, once)

    async def _with_retries(self, what: str,
                            step: Callable[[mcp.ClientSession], Awaitable[T]]) -> T:
        last: Exception | None = None
        try:
            async with asyncio.timeout(self.timeout_s):
                for attempt in range(self.retry.attempts):
                    if attempt:
                        await asyncio.sleep(self.retry.delay(attempt - 1))
                    session: _Session | None = None
                    try:
                        # An inner timeout's expiry is a TimeoutError caught below (this try
                        # failed); the outer one's reaches here as a cancellation.
                        async with asyncio.timeout(self.retry.attempt_budget(self.timeout_s)):
                            session = await self._open()
                            return await step(session.ready.result())
                    except LexToolError:
                        raise
                    except LexUnavailable as e:  # answered "try later", or could not open
                        last = e
                    except Exception as e:  # the transport's errors vary by layer
                        last = e
                        stuck = session or (self._session if isinstance(e, TimeoutError)
                                            else None)
                        if stuck is not None:  # a stuck or broken session is not reused
                            await self._drop(stuck)
        except TimeoutError as e:
            last = last or e
        raise LexUnavailable(f"the Lex server at {self.url} did not answer {what} "
                             f"({_describe(last)})") from last

    async def _open(self) -> _Session:
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop is not loop:
            # First use, or a new event loop: a session of another loop cannot be used.
            self._lock, self._loop, self._session = asyncio.Lock(), loop, None
        async with self._lock:
            session = self._session
            if session is None or not session.alive:
                if session is not None:
                    await session.close()
                session = self._session = _Session(self.url, self.timeout_s, self.headers)
                self.sessions_opened += 1
            try:
                await asyncio.shield(session.ready)
            except LexUnavailable:
                self._session = None
                raise
            return session

    async def _drop(self, session: _Session) -> None:
        if self._session is session:
            self._session = None
        with contextlib.suppress(Exception):
            await session.close()


def _result(tool: str, result: CallToolResult) -> Any:
    text = "".join(getattr(c, "text", "") for c in result.content)
    if result.is_error:
        raise classify_tool_error(tool, text)
    structured = result.structured_content
    if structured is None:
        try:
            structured = json.loads(text) if text else None
        except json.JSONDecodeError as e:
            raise LexToolError(f"Lex tool {tool} returned something other than JSON") from e
    # Lists come wrapped as {"result": […]}, in the structured content and in the text.
    if isinstance(structured, dict) and set(structured) == {"result"}:
        return structured["result"]
    return structured


def _describe(error: BaseException | None) -> str:
    if error is None:
        return "no detail"
    if isinstance(error, TimeoutError):
        return "timed out"
    return str(error) or type(error).__name__

"""A small website on 127.0.0.1 standing in for regulators' APIs, feeds and pages.

Each path serves a scripted ``Page``: a body with its content type, optional ``ETag`` and
``Last-Modified`` (a matching conditional request gets 304 with no body), a status and
``Location`` for redirects, a delay before answering, and chunked bodies without a length.
Every request's path and headers are recorded, so a test can prove what was, and was not,
fetched.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import uvicorn

__all__ = ["FakeWebsite", "Page", "Seen"]

Scope = MutableMapping[str, Any]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass
class Page:
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    etag: str | None = None
    last_modified: str | None = None
    status: int = 200
    location: str | None = None
    delay_s: float = 0.0
    chunked: bool = False
    """Send the body in 64 KiB chunks with no ``Content-Length``."""


@dataclass(frozen=True)
class Seen:
    path: str
    headers: dict[str, str] = field(default_factory=dict)


class _QuietServer(uvicorn.Server):
    """Leaves the test runner's signal handlers alone."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class FakeWebsite:
    """``async with FakeWebsite({"/feed": Page(...)}) as site: site.url("/feed")``."""

    def __init__(self, pages: dict[str, Page] | None = None) -> None:
        self.pages = dict(pages or {})
        self.seen: list[Seen] = []
        self.port = 0
        self._server: _QuietServer | None = None
        self._task: asyncio.Task[None] | None = None

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def paths(self) -> list[str]:
        return [s.path for s in self.seen]

    async def __aenter__(self) -> FakeWebsite:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self._app, log_level="warning", access_log=False,
                                lifespan="off", interface="asgi3",
                                timeout_graceful_shutdown=1)
        self._server = _QuietServer(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        async with asyncio.timeout(10):
            while not self._server.started:
                if self._task.done():
                    self._task.result()
                await asyncio.sleep(0.01)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        assert self._server is not None and self._task is not None
        self._server.should_exit = True
        await self._task

    async def _app(self, scope: Scope, receive: Callable[[], Awaitable[Any]], send: Send
                   ) -> None:
        if scope["type"] != "http":
            return
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        self.seen.append(Seen(scope["path"], headers))
        page = self.pages.get(scope["path"])
        if page is None:
            await _respond(send, 404, [], [b"not found"])
            return
        if page.delay_s:
            await asyncio.sleep(page.delay_s)
        validators = [(b"etag", page.etag.encode())] if page.etag else []
        if page.last_modified:
            validators.append((b"last-modified", page.last_modified.encode()))
        if (page.etag and headers.get("if-none-match") == page.etag) or (
                page.last_modified and headers.get("if-modified-since") == page.last_modified):
            await _respond(send, 304, validators, [])
            return
        head = [(b"content-type", page.content_type.encode()), *validators]
        if page.location:
            head.append((b"location", page.location.encode()))
        if page.chunked:
            chunks = [page.body[i:i + 65536] for i in range(0, len(page.body), 65536)]
        else:
            head.append((b"content-length", str(len(page.body)).encode()))
            chunks = [page.body]
        await _respond(send, page.status, head, chunks)


async def _respond(send: Send, status: int, headers: list[tuple[bytes, bytes]],
                   chunks: list[bytes]) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    for chunk in chunks:
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})

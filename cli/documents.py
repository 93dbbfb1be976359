"""``yourai docs add|list|show|rm``: the tenant's policy library through the gateway.

``add`` sends each file as it is (Markdown, text, PDF or DOCX); the gateway reads it, titles it
by its first heading, and replaces the current document with that title, so adding an edited
file again makes a new version rather than a second document.
"""

from __future__ import annotations

import argparse
import asyncio
import mimetypes
from pathlib import Path
from typing import TypeVar

import httpx
import msgspec

from cli.client import _check, _token, _url
from cli.errors import CliError
from shared.config import Settings

__all__ = ["documents_command"]

_TYPES = {".md": "text/markdown", ".txt": "text/plain", ".pdf": "application/pdf",
          ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}


T = TypeVar("T")


class _Doc(msgspec.Struct):
    id: str
    title: str
    chunks: int
    version: int = 1
    status: str = "current"
    sha256: str = ""


class _Version(msgspec.Struct):
    version: int
    status: str
    user_id: str
    created_at: str | None = None


class _Page(msgspec.Struct):
    items: list[_Doc]
    next_offset: int | None = None


class _Detail(msgspec.Struct):
    document: _Doc
    content: str
    versions: list[_Version]


def _body(response: httpx.Response, kind: type[T]) -> T:
    """The answer as ``kind`` (an error answer is a ``CliError``)."""
    return msgspec.convert(_check(response), kind)


def _client(settings: Settings, args: argparse.Namespace) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {_token(settings, args)}"}
    return httpx.AsyncClient(base_url=_url(settings, args), headers=headers, timeout=120)


async def _request(client: httpx.AsyncClient, method: str, path: str, *,
                   files: dict[str, tuple[str, bytes, str]] | None = None,
                   params: dict[str, int] | None = None) -> httpx.Response:
    try:
        return await client.request(method, path, files=files, params=params)
    except httpx.TransportError as e:
        raise CliError(f"cannot reach the gateway at {client.base_url} ({e}); is "
                       "`./taskw up` running?") from e


async def add(client: httpx.AsyncClient, files: list[str]) -> None:
    for name in files:
        path = Path(name)
        try:
            data = await asyncio.to_thread(path.read_bytes)
        except OSError as e:
            raise CliError(f"{name}: cannot read it ({e.strerror or e})") from e
        media_type = _TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0]
        response = await _request(client, "POST", "/v1/documents", files={
            "file": (path.name, data, media_type or "application/octet-stream")})
        doc = _body(response, _Doc)
        if response.status_code == 200:
            note = "; already uploaded"
        else:
            note = f"; version {doc.version}" if doc.version > 1 else ""
        print(f"{doc.id}  {doc.title}  ({doc.chunks} chunks{note})")


async def listing(client: httpx.AsyncClient) -> None:
    offset: int | None = 0
    while offset is not None:
        page = _body(await _request(client, "GET", "/v1/documents",
                                    params={"limit": 100, "offset": offset}), _Page)
        for d in page.items:
            print(f"{d.id}  v{d.version}  {d.title}  ({d.chunks} chunks)")
        offset = page.next_offset


async def show(client: httpx.AsyncClient, document_id: str, version: int | None) -> None:
    params = {"version": version} if version is not None else {}
    body = _body(await _request(client, "GET", f"/v1/documents/{document_id}", params=params),
                 _Detail)
    doc = body.document
    print(f"{doc.title}  (version {doc.version}, {doc.status}, sha256 {doc.sha256[:12]}…)")
    for v in body.versions:
        print(f"  v{v.version}  {v.status:<10}  {v.created_at}  by {v.user_id}")
    print()
    print(body.content)


async def documents_command(settings: Settings, args: argparse.Namespace) -> int:
    async with _client(settings, args) as client:
        match args.docs_command:
            case "add":
                await add(client, args.files)
            case "list":
                await listing(client)
            case "show":
                await show(client, args.document_id, args.version)
            case "rm":
                doc = _body(await _request(client, "DELETE",
                                           f"/v1/documents/{args.document_id}"), _Doc)
                print(f"{doc.id}  {doc.title}  removed from search (its versions are "
                      "kept for audit)")
            case other:
                raise CliError(f"unknown docs action {other}")
    return 0

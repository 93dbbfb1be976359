"""``yourai lex serve`` and ``yourai lex search``: the local Lex server and quick searches.

With ``--corpus DIR`` each command works alone: PostgreSQL embedded under the data directory
(unless one is configured), DIR imported unless the same files were imported before. With
``--url`` the search goes through the MCP client to a running server (ours or the public Lex).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import mcp
import msgspec

from cli.corpus import corpus_store, import_command
from cli.errors import CliError
from shared.bus import Subjects
from shared.config import Settings
from shared.lex.paths import legislation_path
from shared.runtime import Infra
from shared.store import PostgresEventStore
from shared.text.vocabulary import expand_statutory

__all__ = ["legal_command", "search_command", "serve_command"]

Search = Callable[[str, int], Awaitable[list[dict[str, Any]]]]


async def legal_command(settings: Settings, args: argparse.Namespace) -> int:
    """``yourai corpus …`` and ``yourai lex …``."""
    if args.command == "corpus":
        return await import_command(settings, args.targets, base_url=args.base_url)
    if args.lex_command == "serve":
        return await serve_command(settings, corpus=args.corpus, port=args.port)
    return await search_command(settings, args)


async def serve_command(settings: Settings, *, corpus: str | None, port: int) -> int:
    from services.lex.app import LexServer, LexStartError

    async with corpus_store(settings, corpus) as store:
        infra = Infra(settings=settings, pool=store.pool, store=PostgresEventStore(store.pool),
                      subjects=Subjects(settings.namespace))
        server = LexServer(infra, port=port)
        try:
            await server.start()
        except LexStartError as e:
            raise CliError(str(e)) from e
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        print(f"Lex MCP server at {server.url}. Press Ctrl-C to stop.", flush=True)
        try:
            await stop.wait()
        finally:
            await server.stop()
    return 0


def _hit(section: dict[str, Any]) -> dict[str, Any]:
    return {"id": legislation_path(section["id"]), "title": section.get("title", ""),
            "score": section.get("score")}


async def search_command(settings: Settings, args: argparse.Namespace) -> int:
    url = args.url or (None if args.corpus else settings.lex_mcp_url)
    if url:
        return await _run(args, _mcp_search(url))
    async with corpus_store(settings, args.corpus) as store:

        async def search(query: str, size: int) -> list[dict[str, Any]]:
            found = await store.search_sections(query, size=size, include_text=False)
            return [_hit(msgspec.to_builtins(s)) for s in found]

        return await _run(args, search)


def _mcp_search(url: str) -> Search:
    async def search(query: str, size: int) -> list[dict[str, Any]]:
        async with mcp.Client(url) as client:
            result = await client.call_tool("search_for_legislation_sections",
                                            {"query": query, "size": size,
                                             "include_text": False})
        text = "".join(getattr(c, "text", "") for c in result.content)
        if result.is_error:
            raise CliError(f"the Lex server refused the search: {text}")
        data = result.structured_content
        if isinstance(data, dict) and set(data) == {"result"}:
            data = data["result"]
        return [_hit(s) for s in (data if data is not None else json.loads(text))]

    return search


async def _run(args: argparse.Namespace, search: Search) -> int:
    if not 1 <= args.size <= 100:
        raise CliError("--size must be between 1 and 100")
    if args.batch:
        return await _batch(Path(args.batch), search, args.size)
    if not args.query:
        raise CliError("give a query to search for, or --batch FILE.jsonl")
    hits = await search(expand_statutory(args.query), args.size)
    if args.json:
        print(json.dumps({"query": args.query, "results": hits}, ensure_ascii=False))
    elif not hits:
        print("No sections found.")
    for rank, h in enumerate(hits if not args.json else [], 1):
        print(f"{rank:>2}. {h['id']:<36} {h['title']}  ({h['score']:.3f})")
    return 0


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e}") from e


async def _batch(path: Path, search: Search, size: int) -> int:
    """One JSON line out, ``{"id", "results"}``, per ``{"id", "q"}`` line in."""
    for n, line in enumerate(_read_lines(path), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            qid, query = item["id"], item["q"]
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise CliError(f"{path}:{n}: expected a JSON object with \"id\" and \"q\"") from e
        hits = await search(expand_statutory(query), size)
        sys.stdout.write(json.dumps({"id": qid, "results": hits}, ensure_ascii=False) + "\n")
    sys.stdout.flush()
    return 0

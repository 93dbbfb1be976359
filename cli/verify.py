"""``yourai verify``: check the citations of an answer written in Markdown, alone or in batch.

With ``--corpus DIR`` it works alone: the corpus is imported into the configured (or embedded)
PostgreSQL and served by an in-process Lex MCP server, and the checks go through its tools
exactly as the verifier service's do. ``--lex-url`` checks against a running Lex instead.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from cli.corpus import corpus_store
from cli.errors import CliError
from shared.bus import Subjects
from shared.config import Settings
from shared.lex.client import LexClient
from shared.runtime import Infra
from shared.store import PostgresEventStore
from shared.verification.checks import Checks
from shared.verification.citations import ParseProblem, parse_citations
from shared.verification.config import VerifierConfig
from shared.verification.context import JURISDICTIONS, CheckContext, jurisdiction_or_default
from shared.verification.pipeline import Verified, build_checks, verify_answer

__all__ = ["verify_command"]


EXIT_REMOVED = 1
"""Exit code when any citation was removed, so a script or CI step fails on a wrong citation
(bad input is 2, as for every command)."""

async def verify_command(settings: Settings, args: argparse.Namespace) -> int:
    if bool(args.file) == bool(args.batch):
        raise CliError("give one answer file, or --batch FILE.jsonl")
    items = _batch_items(Path(args.batch), args.jurisdiction) if args.batch else [
        _single_item(Path(args.file), args.jurisdiction)]
    removed = False
    async with _checks(settings, args.corpus, args.lex_url) as checks:
        for item in items:
            context = CheckContext(jurisdiction=jurisdiction_or_default(item["jurisdiction"]))
            verified = await verify_answer(item["text"], checks, context=context)
            removed |= any(o.status == "removed" for o in verified.outcomes)
            if args.batch:
                sys.stdout.write(json.dumps({"id": item["id"], **_result(verified)},
                                            ensure_ascii=False) + "\n")
            elif args.json:
                print(json.dumps(_result(verified), ensure_ascii=False, indent=2))
            else:
                _print(verified)
    sys.stdout.flush()
    return EXIT_REMOVED if removed else 0


@contextlib.asynccontextmanager
async def _checks(settings: Settings, corpus: str | None, lex_url: str | None
                  ) -> AsyncIterator[Checks]:
    config = VerifierConfig(check_deadline_s=60.0)
    url = lex_url or (None if corpus else settings.lex_mcp_url)
    if corpus is None:
        if url is None:
            yield build_checks(documents=None, lex=None, provider=None, config=config)
            return
        async with LexClient(url, timeout_s=30.0) as lex:  # its MCP session ends with the run
            yield build_checks(documents=None, lex=lex, provider=None, config=config)
        return
    from services.lex.app import LexServer, LexStartError

    async with corpus_store(settings, corpus) as store:
        infra = Infra(settings=settings, pool=store.pool, store=PostgresEventStore(store.pool),
                      subjects=Subjects(settings.namespace))
        server = LexServer(infra, port=0)
        try:
            await server.start()
        except LexStartError as e:
            raise CliError(str(e)) from e
        try:
            async with LexClient(server.url, timeout_s=30.0) as lex:
                yield build_checks(documents=None, lex=lex, provider=None, config=config)
        finally:
            await server.stop()


def _single_item(path: Path, jurisdiction: str | None) -> dict[str, Any]:
    text = _read(path)
    _require_valid(text, str(path))
    return {"id": None, "text": text, "jurisdiction": jurisdiction or "england"}


def _batch_items(path: Path, jurisdiction: str | None) -> list[dict[str, Any]]:
    """Every line checked before anything is verified: bad input changes nothing."""
    items = []
    for n, line in enumerate(_read(path).splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            item = json.loads(line)
            text = item["text"]
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise CliError(f'{where}: expected a JSON object with "id" and "text"') from e
        if not isinstance(text, str):
            raise CliError(f'{where}: "text" must be a string')
        wanted = item.get("jurisdiction") or jurisdiction or "england"
        if wanted not in JURISDICTIONS:
            raise CliError(f"{where}: unknown jurisdiction {wanted!r}; use one of "
                           f"{', '.join(JURISDICTIONS)}")
        _require_valid(text, where)
        items.append({"id": item.get("id"), "text": text, "jurisdiction": wanted})
    if not items:
        raise CliError(f"{path}: no answers to verify (the file is empty)")
    return items


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path}: {e}") from e
    if not text.strip():
        raise CliError(f"{path}: the file is empty; there is nothing to verify")
    return text


def _require_valid(text: str, where: str) -> None:
    problems = parse_citations(text).problems
    if problems:
        raise CliError(f"{where}: the citations could not all be read:\n" + "\n".join(
            f"  {_position(text, p)}: {_plain(p.message)}" for p in problems))


def _plain(message: str) -> str:
    """The parser's message without its note on checking: here nothing is checked."""
    return re.sub(r"[;,] (?:so )?(?:it|its citation) was (?:still )?(?:not )?checked\.$", ".",
                  message)


def _position(text: str, problem: ParseProblem) -> str:
    line = text.count("\n", 0, problem.offset) + 1
    column = problem.offset - (text.rfind("\n", 0, problem.offset) + 1) + 1
    return f"line {line}, column {column}"


def _result(verified: Verified) -> dict[str, Any]:
    return {
        "citations": [
            {"ref": c.ref, "kind": c.kind, "status": o.status, "issues": list(o.issues),
             "source_uri": o.source_uri, "detail": o.detail,
             **({"law_status": o.law_status, "status_date": o.status_date,
                 "status_note": o.status_note} if o.law_status else {})}
            for c, o in zip(verified.parsed.citations, verified.outcomes, strict=True)
        ],
        "text": verified.text,
    }


def _print(verified: Verified) -> None:
    pairs = list(zip(verified.parsed.citations, verified.outcomes, strict=True))
    if not pairs:
        print("No citations found.")
    for c, o in pairs:
        issues = f" [{', '.join(o.issues)}]" if o.issues else ""
        status = (f" ({o.law_status.replace('_', ' ')}"
                  + (f" from {o.status_date}" if o.status_date else "") + ")"
                  if o.law_status and o.law_status != "in_force" else "")
        print(f"{c.index:>2}. {o.status:<18} {c.ref}{issues}{status}")
        if o.detail:
            print(f"    {o.detail}")
    print("\n--- Revised answer ---\n")
    print(verified.text)


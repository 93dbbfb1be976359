"""The local Lex MCP server, through a plain MCP client session, and the search command line."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import mcp
import msgspec
import pytest
from mcp.client.streamable_http import streamable_http_client

from services.lex.app import LexServer
from services.lex.corpus.importer import import_paths
from services.lex.corpus.records import Caselaw, CaselawParagraph, Legislation
from services.lex.corpus.store import ActResult, CaselawPage, FullText
from services.lex.tools import TOOL_NAMES
from shared.config import Settings
from shared.runtime import Infra
from tests.conftest import SHARED_DATA

ROOT = Path(__file__).resolve().parents[1]

# Lex's parameter names (../shared/LEX.md), which our tools must accept unchanged.
LEX_PARAMETERS = {
    "search_for_legislation_sections": {"query", "legislation_id", "legislation_category",
                                        "legislation_type", "year_from", "year_to", "offset",
                                        "size", "include_text"},
    "search_for_legislation_acts": {"query", "year_from", "year_to", "legislation_type",
                                    "offset", "limit", "include_text"},
    "lookup_legislation": {"legislation_type", "year", "number"},
    "get_legislation_sections": {"legislation_id", "limit"},
    "get_legislation_full_text": {"legislation_id", "include_schedules"},
    "search_for_caselaw": {"query", "is_semantic_search", "court", "division", "year_from",
                           "year_to", "offset", "size"},
    "search_for_caselaw_section": {"query", "is_semantic_search", "court", "division",
                                   "year_from", "year_to", "limit"},
    "search_for_caselaw_by_reference": {"reference_id", "reference_type", "court", "division",
                                        "year_from", "year_to", "size"},
    "search_caselaw_summaries": {"query", "is_semantic_search", "court", "division",
                                 "year_from", "year_to", "offset", "size"},
}


@pytest.fixture
async def lex(infra: Infra) -> AsyncIterator[str]:
    """A Lex server over ../shared/data, on a free port; yields its MCP URL."""
    from services.lex.corpus.store import CorpusStore

    await import_paths(CorpusStore(infra.pool, dense=False), [SHARED_DATA])  # no embeddings
    server = LexServer(infra)
    await server.start()
    try:
        yield server.url
    finally:
        await server.stop()


async def _call(url: str, tool: str, arguments: dict[str, Any]) -> Any:
    """Call one tool over a plain client session; returns the JSON result or raises."""
    async with streamable_http_client(url) as (read, write), \
            mcp.ClientSession(read, write) as session:
        await session.initialize()
        result = await session.call_tool(tool, arguments)
    text = "".join(getattr(c, "text", "") for c in result.content)
    if result.is_error:
        raise _ToolFailed(text)
    data = json.loads(text)  # a list comes wrapped as {"result": [...]}, as from Lex
    return data["result"] if isinstance(data, dict) and set(data) == {"result"} else data


class _ToolFailed(Exception):
    pass


async def test_lists_the_lex_tools_with_lex_parameters(lex: str) -> None:
    async with streamable_http_client(lex) as (read, write), \
            mcp.ClientSession(read, write) as session:
        await session.initialize()
        tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(TOOL_NAMES) <= set(tools)
    for name, params in LEX_PARAMETERS.items():
        assert set(tools[name].input_schema["properties"]) == params, name
    sections = tools["search_for_legislation_sections"].input_schema["properties"]
    assert sections["size"]["default"] == 10 and sections["include_text"]["default"] is True


async def test_amendments_come_from_the_clml_effects(lex: str) -> None:
    """The 1988 Act's CLML lists three effects not yet applied; nothing is made up."""
    to_1988 = await _call(lex, "search_amendments", {"legislation_id": "ukpga/1988/50"})
    assert len(to_1988) == 3
    rra = next(a for a in to_1988 if a["affecting_url"].endswith("ukpga/2025/26"))
    assert rra["changed_legislation"] == "Housing Act 1988"
    assert rra["affecting_legislation"] == "Renters’ Rights Act 2025"
    assert rra["changed_provision"] == "s. 7(5ZC)" and rra["type_of_effect"] == "inserted"
    by_rra = await _call(lex, "search_amendment_sections", {
        "provision_id": "ukpga/2025/26/section/90", "search_amended": False})
    assert [a["id"] for a in by_rra] == [rra["id"]]
    to_s7 = await _call(lex, "search_amendment_sections",
                        {"provision_id": "ukpga/1988/50/section/7"})
    assert [a["id"] for a in to_s7] == [rra["id"]]
    assert (await _call(lex, "search_amendments", {"legislation_id": "ukpga/2004/34"})) == []


async def test_legislation_tools(lex: str) -> None:
    hits = (await _call(lex, "search_for_legislation_sections", {
        "query": "hazard awareness notice", "legislation_id": "ukpga/2004/34", "size": 5}))
    assert hits and hits[0]["legislation_id"] == "http://www.legislation.gov.uk/id/ukpga/2004/34"
    assert hits[0]["score"] is not None and hits[0]["text"]
    assert hits[0]["status"] in ("in_force", "repealed", "prospective")  # ours, beside Lex's

    acts = await _call(lex, "search_for_legislation_acts",
                       {"query": "tenancy deposit", "limit": 2, "include_text": False})
    assert set(acts) == {"results", "total", "offset", "limit"}
    top = msgspec.convert(acts["results"][0], ActResult)
    assert top.title == "Housing Act 2004" and top.sections
    assert set(acts["results"][0]["sections"][0]) == {"number", "provision_type", "score"}

    act = msgspec.convert(await _call(lex, "lookup_legislation", {
        "legislation_type": "ukpga", "year": 2004, "number": 34}), Legislation)
    assert act.id == "http://www.legislation.gov.uk/id/ukpga/2004/34"

    sections = (await _call(lex, "get_legislation_sections", {
        "legislation_id": act.id, "limit": 12}))
    assert [s["number"] for s in sections][:3] == [1, 2, 3] and len(sections) == 12

    full = msgspec.convert(await _call(lex, "get_legislation_full_text", {
        "legislation_id": "ukpga/2004/34", "include_schedules": False}), FullText)
    assert full.legislation == act and "hazard" in full.full_text


async def test_caselaw_tools(lex: str) -> None:
    page = msgspec.convert(await _call(lex, "search_for_caselaw", {
        "query": "blocking order football", "is_semantic_search": True, "size": 3}),
        CaselawPage)
    assert page.results[0].cite_as == "[2017] EWHC 3414 (Ch)" and page.size == 3
    paragraphs = msgspec.convert(await _call(lex, "search_for_caselaw_section", {
        "query": "UEFA football broadcasts", "court": ["ewhc"], "limit": 4}),
        list[CaselawParagraph])
    assert 0 < len(paragraphs) <= 4 and paragraphs[0].text
    by_ref = msgspec.convert(await _call(lex, "search_for_caselaw_by_reference", {
        "reference_id": "[2017] EWFC 83", "reference_type": "caselaw"}), list[Caselaw])
    assert by_ref[0].id == "https://caselaw.nationalarchives.gov.uk/ewfc/2017/83"
    summaries = msgspec.convert(await _call(lex, "search_caselaw_summaries", {
        "court": ["ewfc"], "year_from": 2017, "year_to": 2017}), CaselawPage)
    assert summaries.total == 1 and summaries.results[0].text
    assert not page.results[0].text and not page.results[0].header  # as Lex: search is light
    text = await _call(lex, "get_caselaw_paragraphs", {"caselaw_id": "[2017] EWHC 3414 (Ch)",
                                                       "limit": 3})
    assert [p["number"] for p in text] == ["1", "2", "3"]


@pytest.mark.parametrize(("tool", "arguments", "message"), [
    ("search_for_caselaw_section", {"query": "  "}, "HTTP error 422: .*query is required"),
    ("search_for_legislation_sections", {"query": "hazard", "size": 1001},
     "between 0 and 1000"),
    ("search_for_legislation_sections", {"query": "hazard", "size": -1}, "between 0 and 1000"),
    ("search_for_caselaw", {"size": 5000}, "between 0 and 1000"),
    ("lookup_legislation", {"legislation_type": "ukpga", "year": 1999, "number": 999},
     "HTTP error 404: Not Found - .*Legislation not found: ukpga 1999 No. 999"),
    ("lookup_legislation", {"legislation_type": "statute", "year": 1999, "number": 1},
     "HTTP error 422: .*'loc': \\['body', 'legislation_type'\\]"),
    ("get_legislation_full_text", {"legislation_id": "ukpga/1999/999"},
     "Legislation not found"),
    ("get_caselaw_paragraphs", {"caselaw_id": "[2099] EWHC 1 (Ch)"}, "HTTP error 404"),
    ("search_for_legislation_sections", {"query": "x", "year_from": 2010, "year_to": 2000},
     "after year_to"),
    ("search_for_caselaw_by_reference", {"reference_id": "x", "reference_type": "statute"},
     "reference_type"),
])
async def test_bad_input_is_a_clear_tool_error(lex: str, tool: str, arguments: dict[str, Any],
                                               message: str) -> None:
    with pytest.raises(_ToolFailed, match=message):
        await _call(lex, tool, arguments)


async def _yourai(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli.main", *args, cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    # A bound on a hung command, not a speed check: importing and embedding the judgments
    # took 247 s on a shared machine at load 29.
    out, err = await asyncio.wait_for(proc.communicate(), 900)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_batch_search_over_mcp(lex: str, tmp_path: Path) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "deposit", "q": "tenancy deposit scheme"}\n\n'
                     '{"id": 7, "q": "hazard awareness notice"}\n')
    code, out, err = await _yourai("lex", "search", "--batch", str(batch), "--url", lex,
                                   "--size", "5")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["id"] for line in lines] == ["deposit", 7]
    first = lines[0]["results"]
    assert 0 < len(first) <= 5 and set(first[0]) == {"id", "title", "score"}
    assert "ukpga/2004/34/section/212" in [r["id"] for r in first]
    scores = [r["score"] for r in first]
    assert scores == sorted(scores, reverse=True)


async def test_search_with_a_corpus_dir_imports_once(settings: Settings, tmp_path: Path) -> None:
    env = {"YOURAI_DATABASE_URL": settings.database_url or "", "YOURAI_DATA_DIR": str(tmp_path)}
    corpus = str(SHARED_DATA / "caselaw")
    code, out, err = await _yourai("lex", "search", "zzzq", "--corpus", corpus, "--json",
                                   env=env)
    assert code == 0, err
    assert err.count("imported ") == 5
    assert json.loads(out) == {"query": "zzzq", "results": []}
    code, _, err = await _yourai("lex", "search", "hazard", "--corpus", corpus, env=env)
    assert code == 0 and "imported " not in err
    code, _, err = await _yourai("lex", "search", "--batch", str(tmp_path / "none.jsonl"),
                                 "--corpus", corpus, env=env)
    assert code == 2 and "cannot read" in err

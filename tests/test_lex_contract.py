"""The Lex contract suite: one set of tests for every server that claims to be Lex.

Each test takes ``lex``, a server under test: the stand-in for the public Lex
(``tests/fakes/public_lex.py``) and the engine's own local Lex server. The stand-in serves
records exactly as Lex's models define them (``tests/fakes/lex_contract.py``), so a test it
passes states the public Lex's contract; ``LOCAL_FAILS_TODAY`` names the tests the local server
does not pass yet, each marked ``xfail(strict=True)`` so that fixing one shows up at once.
Tests of the stand-in's own fidelity and of failures only it can inject come last.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from tests.fakes.lex_contract import (
    CASELAW_TOOLS_UNMOUNTED,
    LEGISLATION_SECTION,
    TOOLS,
    Param,
    rate_limit_body,
    tool_error_text,
    validate,
)
from tests.fakes.public_lex import PublicLex, public_lex
from tests.lex_servers import (  # noqa: F401  (fixtures)
    LexUnderTest,
    lex_fixture,
    local_url_fixture,
    stand_in_url_fixture,
)
from tests.lex_session import Outcome, call_tool, list_tools

HOUSING_ACT = "http://www.legislation.gov.uk/id/ukpga/2004/34"
LOCAL_CASELAW_TOOLS = {"search_for_caselaw", "search_for_caselaw_section",
                       "search_for_caselaw_by_reference", "search_caselaw_summaries",
                       "get_caselaw_paragraphs"}
"""The local server's additions: Lex's case-law router (unmounted on the public Lex) and a
paragraph reader for the judgment text its search results leave out."""

LOCAL_FAILS_TODAY: dict[str, str] = {}
"""Contract tests the local server (``services/lex``) fails today, with why."""


def _facts(schema: dict[str, Any]) -> dict[str, Any]:
    """What a parameter's JSON Schema says, however it is spelt (``anyOf`` with null or not)."""
    options = schema.get("anyOf", [schema])
    main = next(o for o in options if o.get("type") != "null")
    enum = main.get("items", main).get("enum")
    return {"type": main.get("type"), "nullable": len(options) > 1,
            "enum": sorted(enum) if enum else None,
            "default": schema.get("default"), "minimum": main.get("minimum")}


def _expected(p: Param) -> dict[str, Any]:
    return _facts(p.schema())


async def test_lists_every_public_tool_and_only_case_law_besides(lex: LexUnderTest) -> None:
    """The public Lex lists its 13 tools and no case law; the local one adds case law only."""
    tools = await list_tools(lex.url)
    assert set(TOOLS) <= set(tools)
    extra = set(tools) - set(TOOLS)
    if lex.kind == "local":
        assert extra == LOCAL_CASELAW_TOOLS
    else:
        assert not extra and not set(tools) & set(CASELAW_TOOLS_UNMOUNTED)


@pytest.mark.parametrize("name", list(TOOLS))
async def test_tool_takes_lex_parameters(lex: LexUnderTest, name: str) -> None:
    listed = (await list_tools(lex.url))[name].input_schema
    contract = TOOLS[name]
    assert set(listed.get("properties", {})) == {p.name for p in contract.params}
    assert set(listed.get("required", [])) == {p.name for p in contract.params if p.required}
    for p in contract.params:
        assert _facts(listed["properties"][p.name]) == _expected(p), p.name


@pytest.mark.parametrize("name", [n for n, t in TOOLS.items() if t.output is not None])
async def test_tool_lists_lex_output_schema(lex: LexUnderTest, name: str) -> None:
    """A client validates structured content against the listed schema: it must be Lex's."""
    listed = (await list_tools(lex.url))[name].output_schema
    assert listed is not None
    expected = TOOLS[name].output
    assert expected is not None
    assert listed.get("x-fastmcp-wrap-result") == expected.get("x-fastmcp-wrap-result")
    assert set(listed.get("required", [])) == set(expected.get("required", []))  # type: ignore[call-overload]


RESPONSE_CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "sections-search": ("search_for_legislation_sections",
                        {"query": "hazard awareness notice", "legislation_id": "ukpga/2004/34",
                         "size": 5}),
    "sections-search-no-text": ("search_for_legislation_sections",
                                {"query": "tenancy deposit", "include_text": False}),
    "sections-filters-only": ("search_for_legislation_sections",
                              {"query": "", "legislation_type": ["ukpga"], "year_from": 2004,
                               "year_to": 2004, "offset": 3, "size": 4}),
    "acts-search": ("search_for_legislation_acts", {"query": "tenancy deposit", "limit": 2}),
    "lookup": ("lookup_legislation", {"legislation_type": "ukpga", "year": 2004, "number": 34}),
    "sections-lookup": ("get_legislation_sections", {"legislation_id": HOUSING_ACT,
                                                     "limit": 12}),
    "full-text": ("get_legislation_full_text", {"legislation_id": "ukpga/2004/34"}),
    "full-text-schedules": ("get_legislation_full_text", {"legislation_id": "ukpga/1988/50",
                                                          "include_schedules": True}),
    "explanatory-notes-search": ("search_explanatory_note", {"query": "licensing"}),
    "amendments": ("search_amendments", {"legislation_id": "ukpga/2004/34"}),
    "amendment-sections": ("search_amendment_sections",
                           {"provision_id": "ukpga/2004/34/section/1", "search_amended": False}),
    "stats": ("get_live_stats_api_stats_get", {}),
}


@pytest.mark.parametrize("case", list(RESPONSE_CASES))
async def test_response_validates(lex: LexUnderTest, case: str) -> None:
    """Structured content matches Lex's output schema, and the text block is the same JSON."""
    tool, arguments = RESPONSE_CASES[case]
    outcome = await call_tool(lex.url, tool, arguments)
    assert not outcome.is_error, outcome.text
    validate(tool, outcome.structured)
    assert json.loads(outcome.text) == outcome.structured


async def _housing_act_provisions(url: str) -> list[dict[str, Any]]:
    data = (await call_tool(url, "get_legislation_sections",
                            {"legislation_id": HOUSING_ACT, "limit": 1000})).data()
    assert isinstance(data, list)
    return data


async def test_lettered_section_has_a_null_number(lex: LexUnderTest) -> None:
    """Lex's number is ``int`` of the id's last segment: null for s. 70A and the Act's 11
    other lettered provisions."""
    provisions = await _housing_act_provisions(lex.url)
    s70a = next(p for p in provisions if p["id"].endswith("section/70A"))
    assert s70a["id"] == f"{HOUSING_ACT}/section/70A" and s70a["number"] is None
    lettered = {p["id"].removeprefix(HOUSING_ACT + "/") for p in provisions
                if p["number"] is None}
    assert lettered == {*(f"section/{n}" for n in (
        "70A", "93A", "212A", "215A", "215B", "215C", "231A", "231B", "231C", "231D", "249A")),
        "schedule/13A"}


async def test_section_1_and_schedule_1_share_number_1(lex: LexUnderTest) -> None:
    """Asking for "section 1" by number also finds Schedule 1 unless provision_type is used."""
    numbered_1 = {p["provision_type"] for p in await _housing_act_provisions(lex.url)
                  if p["number"] == 1}
    assert numbered_1 == {"section", "schedule"}


@pytest.mark.parametrize(("tool", "arguments", "detail"), [
    ("lookup_legislation", {"legislation_type": "ukpga", "year": 1999, "number": 999},
     "Legislation not found: ukpga 1999 No. 999"),
    ("get_legislation_full_text", {"legislation_id": "ukpga/1999/999"},
     "Legislation not found: ukpga/1999/999"),
    ("get_legislation_sections", {"legislation_id": "ukpga/1999/999"},
     "No sections found for legislation ID: ukpga/1999/999"),
], ids=["lookup", "full-text", "sections"])
async def test_unknown_legislation_is_lex_s_404(lex: LexUnderTest, tool: str,
                                                arguments: dict[str, Any], detail: str) -> None:
    outcome = await call_tool(lex.url, tool, arguments)
    assert outcome.is_error
    assert outcome.text == tool_error_text(tool, 404, str({"detail": detail}))


async def test_bad_argument_is_lex_s_422(lex: LexUnderTest) -> None:
    outcome = await call_tool(lex.url, "search_for_legislation_sections",
                              {"query": "hazard", "offset": -1})
    assert outcome.is_error
    assert outcome.text.startswith("Error calling tool 'search_for_legislation_sections': "
                                   "HTTP error 422: Unprocessable Entity - {'detail': [{'type': "
                                   "'greater_than_equal', 'loc': ['body', 'offset']")


# The stand-in's own fidelity, and the failures only it can inject


async def test_stand_in_records_have_exactly_lex_s_fields(stand_in_url: str) -> None:
    """No ``status`` and no ``score`` on a section; nothing Lex's models lack."""
    hits = (await call_tool(stand_in_url, "search_for_legislation_sections",
                            {"query": "hazard", "size": 3})).data()
    assert hits and all(set(h) == set(LEGISLATION_SECTION["properties"]) for h in hits)  # type: ignore[arg-type]
    act = (await call_tool(stand_in_url, "lookup_legislation",
                           {"legislation_type": "ukpga", "year": 2004, "number": 34})).data()
    assert act["status"] == "revised" and act["publisher"] == "Statute Law Database"
    assert set(act) == set(TOOLS["lookup_legislation"].output["properties"])  # type: ignore[index,arg-type]


async def test_stand_in_acts_search_numbers_sections_as_strings(stand_in_url: str) -> None:
    page = (await call_tool(stand_in_url, "search_for_legislation_acts",
                            {"query": "licence banning order", "limit": 1})).data()
    sections = page["results"][0]["sections"]
    assert sections and all(isinstance(s["number"], str) and 0 < s["score"] <= 1
                            for s in sections)


@pytest.fixture
async def stand_in() -> AsyncIterator[PublicLex]:
    async with public_lex() as lex:
        yield lex


async def test_rate_limit_is_a_tool_error_per_address() -> None:
    """Over the limit a call is an error *result* (HTTP 200), as FastMCP reports Lex's 429."""
    async with public_lex(per_minute=3) as stand_in:
        await _limited_per_address(stand_in)


async def _limited_per_address(stand_in: PublicLex) -> None:
    args = {"legislation_type": "ukpga", "year": 2004, "number": 34}
    me, other = {"X-Forwarded-For": "203.0.113.9, 10.0.0.1"}, {"X-Real-IP": "198.51.100.7"}
    for _ in range(3):
        assert not (await call_tool(stand_in.url, "lookup_legislation", args, headers=me)).is_error
    await list_tools(stand_in.url)  # not counted: only tool calls reach Lex's rate-limited app
    limited = await call_tool(stand_in.url, "lookup_legislation", args, headers=me)
    assert limited == Outcome(True, tool_error_text("lookup_legislation", 429,
                                                    rate_limit_body(3)), None)
    assert not (await call_tool(stand_in.url, "lookup_legislation", args, headers=other)).is_error
    assert not (await call_tool(stand_in.url, "health_check_healthcheck_get", {},
                                headers=me)).is_error
    assert [c.address for c in stand_in.calls][-3:] == ["10.0.0.1", "198.51.100.7", "10.0.0.1"]


async def test_injected_faults_come_then_go(stand_in: PublicLex) -> None:
    stand_in.faults.rate_limited, stand_in.faults.server_errors = 1, 1
    args = {"query": "hazard", "size": 1}
    first, second, third = [await call_tool(stand_in.url, "search_for_legislation_sections", args)
                            for _ in range(3)]
    assert first.text == tool_error_text("search_for_legislation_sections", 429,
                                         rate_limit_body())
    assert second.text.startswith("Error calling tool 'search_for_legislation_sections': HTTP "
                                  "error 500: Internal Server Error - {'detail': {'error': "
                                  "'Internal server error', 'error_id': '")
    assert not third.is_error and len(stand_in.calls) == 3

    stand_in.faults.unavailable = 1
    async with httpx2.AsyncClient() as http:
        refused = await http.post(stand_in.url, json={})
    assert refused.status_code == 503
    assert not (await call_tool(stand_in.url, "search_for_legislation_sections", args)).is_error

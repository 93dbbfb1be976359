"""Lex's own backend tests, as MCP calls (``tests/lex_backend_calls.py``), against each Lex."""

from __future__ import annotations

import pytest

from tests.fakes.lex_contract import validate
from tests.lex_backend_calls import BACKEND_CALLS, BackendCall
from tests.lex_servers import (  # noqa: F401  (fixtures)
    LexUnderTest,
    lex_fixture,
    local_url_fixture,
    stand_in_url_fixture,
)
from tests.lex_session import call_tool

LOCAL_FAILS_TODAY: dict[str, str] = {
    **{f"test_lex_backend_call[{case}]": "section number is a string, not int|null"
       for case in ("sections-search", "sections-search-shared-data",
                    "sections-search-filters-shared-data", "sections-lookup-shared-data",
                    *(f"id-form-{n}" for n in range(5)))},
    "test_lex_backend_call[lookup-shared-data]": "the Act record has no publisher",
    **{f"test_lex_backend_call[{case}]": "an unknown Act is not Lex's 404 error"
       for case in ("lookup", "sections-lookup")},
    **{f"test_lex_backend_call[{case}]": "no such tool" for case in (
        "notes-search", "notes-search-filters", "notes-by-act", "note-by-section",
        "amendments-to", "amendments-by", "amendment-sections-to", "amendment-sections-by")},
}
"""Translated calls the local server (``services/lex``) fails today, with why."""


@pytest.mark.parametrize("case", BACKEND_CALLS, ids=[c.id for c in BACKEND_CALLS])
async def test_lex_backend_call(lex: LexUnderTest, case: BackendCall) -> None:
    outcome = await call_tool(lex.url, case.tool, case.arguments)
    if case.not_found_ok and outcome.is_error and "HTTP error 404: Not Found" in outcome.text:
        return  # Lex's test takes a 404 as a valid answer
    assert not outcome.is_error, outcome.text
    validate(case.tool, outcome.structured)
    case.check(outcome.data())

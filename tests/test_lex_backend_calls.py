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

LOCAL_FAILS_TODAY: dict[str, str] = {}
"""Translated calls the local server (``services/lex``) fails today, with why."""


@pytest.mark.parametrize("case", BACKEND_CALLS, ids=[c.id for c in BACKEND_CALLS])
async def test_lex_backend_call(lex: LexUnderTest, case: BackendCall) -> None:
    outcome = await call_tool(lex.url, case.tool, case.arguments)
    if case.not_found_ok and outcome.is_error and "HTTP error 404: Not Found" in outcome.text:
        return  # Lex's test takes a 404 as a valid answer
    assert not outcome.is_error, outcome.text
    validate(case.tool, outcome.structured)
    case.check(outcome.data())

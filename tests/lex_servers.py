"""The Lex servers a contract test runs against: the public-Lex stand-in and the local server.

Import the fixtures into a test module (``lex_fixture``, ``local_url_fixture``,
``stand_in_url_fixture``) and take ``lex`` (or ``stand_in_url``) as an argument; a module's
``LOCAL_FAILS_TODAY`` (test name → reason) marks the tests the local server is known to fail
as ``xfail(strict=True)``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from tests.conftest import fresh_database, local_lex
from tests.fakes.public_lex import public_lex

__all__ = ["LexUnderTest", "lex_fixture", "local_url_fixture", "stand_in_url_fixture"]


@dataclass(frozen=True)
class LexUnderTest:
    kind: str
    url: str


@pytest.fixture(scope="module", name="stand_in_url")
async def stand_in_url_fixture() -> AsyncIterator[str]:
    async with public_lex() as lex:
        yield lex.url


@pytest.fixture(scope="module", name="local_url")
async def local_url_fixture(request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """The engine's Lex server over ../shared/data, one per module (importing takes seconds)."""
    settings = await fresh_database(request.getfixturevalue("servers"))
    async with local_lex(settings) as server:
        yield server.url


@pytest.fixture(name="lex", params=["public-stand-in", "local"])
def lex_fixture(request: pytest.FixtureRequest) -> LexUnderTest:
    """Each server under test; the local one with its known failures marked."""
    kind = request.param
    if kind == "local":
        rest = [part for part in request.node.callspec.id.split("-") if part != "local"]
        name = request.node.originalname + (f"[{'-'.join(rest)}]" if rest else "")
        known: dict[str, str] = getattr(request.module, "LOCAL_FAILS_TODAY", {})
        if name in known:
            request.applymarker(pytest.mark.xfail(strict=True, reason=known[name]))
    return LexUnderTest(kind, request.getfixturevalue(
        "local_url" if kind == "local" else "stand_in_url"))

"""The Lex client, the legislation worker and the verifier against the public Lex as it is.

Each behaviour runs against both servers (``lex``: the public-Lex stand-in and the local
server): what the public Lex does not say (a provision's status) is never filled in, lettered
sections are found by their id, and one session serves every call. Failures only the stand-in
can inject (its rate limit, 5xx, a 503 in front of it) come last: they are retried, and never
read as "not found".
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from services.workers.base import LegalNote, WorkerTask
from services.workers.legislation import legislation_worker
from shared.embedded import free_port
from shared.lex.client import LexClient, LexNotFound, LexRetry, LexUnavailable
from shared.verification.config import VerifierConfig
from shared.verification.context import CheckContext
from shared.verification.pipeline import build_checks, verify_answer
from tests.fakes.public_lex import PublicLex, public_lex
from tests.lex_servers import (  # noqa: F401  (fixtures)
    LexUnderTest,
    lex_fixture,
    local_url_fixture,
    stand_in_url_fixture,
)
from tests.lex_session import call_tool

FAST = LexRetry(attempts=4, backoff_s=0.01)
S5 = ('If a category 1 hazard exists, the local housing authority must take the appropriate '
      'enforcement action <cite ref="ukpga/2004/34/section/5" quote="they must take the '
      'appropriate enforcement action">1</cite>.')


async def _ask(url: str, question: str) -> tuple[list[str], list[LegalNote], list[str]]:
    """The legislation worker's finding titles, badges and texts for a question."""
    async with LexClient(url, retry=FAST) as lex:
        outcome = await legislation_worker(lex).run(WorkerTask(tenant_id="t", question=question))
    assert outcome.status == "ok", outcome.error
    badges = [b for b in outcome.sources if isinstance(b, LegalNote)]
    return [f.title for f in outcome.findings], badges, [f.text for f in outcome.findings]


async def test_lettered_section_is_found_and_labelled(lex: LexUnderTest) -> None:
    titles, badges, _ = await _ask(lex.url, "What does section 70A of the Housing Act 2004 say?")
    assert titles and titles[0].startswith("Housing Act 2004, s. 70A"), titles
    assert badges[0].section == "s. 70A" and badges[0].act_name == "Housing Act 2004"
    assert all("None" not in t for t in titles)


async def test_section_1_is_not_schedule_1(lex: LexUnderTest) -> None:
    titles, badges, _ = await _ask(lex.url, "What does section 1 of the Housing Act 2004 say?")
    assert [b.section for b in badges] == ["s. 1"], titles
    _, badges, _ = await _ask(lex.url, "What is in Schedule 1 to the Housing Act 2004?")
    assert [b.section for b in badges] == ["Schedule 1"]


async def test_a_repealed_provision_is_never_shown_in_force(lex: LexUnderTest) -> None:
    """Section 21 of the Housing Act 1988 is repealed from 1 May 2026. The local server says
    so; the public Lex says nothing, and then nothing is claimed."""
    _, badges, texts = await _ask(lex.url, "What does section 21 of the Housing Act 1988 say?")
    assert badges and badges[0].section == "s. 21"
    assert all(b.status != "in_force" for b in badges if b.section == "s. 21")
    if lex.kind == "local":
        assert badges[0].status == "repealed"
    else:
        assert {b.status for b in badges} == {"unknown"}
        assert all(t.startswith("[status not confirmed by the source]") for t in texts)


async def test_nothing_is_badged_in_force_that_the_source_does_not_say(lex: LexUnderTest
                                                                       ) -> None:
    _, badges, _ = await _ask(lex.url, "Do we need a licence for a five-bedroom shared house?")
    assert badges
    if lex.kind != "local":
        assert {b.status for b in badges} == {"unknown"}


async def test_one_session_serves_every_call(lex: LexUnderTest) -> None:
    async with LexClient(lex.url) as client:
        await client.tools()
        for n in (5, 212, 254):
            hits = await client.call("search_for_legislation_sections", {
                "query": "licence", "legislation_id": "ukpga/2004/34", "size": 2})
            assert hits, n
        await client.call("lookup_legislation", {"legislation_type": "ukpga", "year": 2004,
                                                 "number": 34})
        assert client.sessions_opened == 1


async def test_unknown_act_is_not_found(lex: LexUnderTest) -> None:
    async with LexClient(lex.url) as client:
        with pytest.raises(LexNotFound):
            await client.call("lookup_legislation", {"legislation_type": "ukpga", "year": 1999,
                                                     "number": 999})
        with pytest.raises(LexNotFound):
            await client.call("get_legislation_sections", {"legislation_id": "ukpga/1999/999"})


async def test_lettered_section_citation_is_checked(lex: LexUnderTest) -> None:
    checks = build_checks(documents=None, lex=LexClient(lex.url), provider=None,
                          config=VerifierConfig())
    verified = await verify_answer(
        "A licence may be revoked under the Housing Act 2004, s. 70A "
        '<cite ref="ukpga/2004/34/section/70A">1</cite>.', checks,
        context=CheckContext(jurisdiction="england"))
    assert "not_found" not in verified.outcomes[0].issues, verified.outcomes[0]


# Failures only the stand-in can inject


@pytest.fixture
async def stand_in() -> AsyncIterator[PublicLex]:
    async with public_lex() as lex:
        yield lex


ARGS = {"legislation_type": "ukpga", "year": 2004, "number": 34}


async def test_rate_limit_and_server_errors_are_retried_on_the_same_session(
        stand_in: PublicLex) -> None:
    async with LexClient(stand_in.url, retry=FAST) as client:
        stand_in.faults.rate_limited = 2
        assert (await client.call("lookup_legislation", ARGS))["title"] == "Housing Act 2004"
        stand_in.faults.server_errors = 2
        assert (await client.call("lookup_legislation", ARGS))["title"] == "Housing Act 2004"
        assert len(stand_in.calls) == 6 and client.sessions_opened == 1


async def test_an_unavailable_server_is_reconnected(stand_in: PublicLex) -> None:
    async with LexClient(stand_in.url, retry=FAST) as client:
        await client.call("lookup_legislation", ARGS)
        stand_in.faults.unavailable = 2  # two HTTP requests answered 503
        assert (await client.call("lookup_legislation", ARGS))["year"] == 2004


async def test_a_lasting_rate_limit_is_unavailable_never_not_found(stand_in: PublicLex
                                                                   ) -> None:
    stand_in.faults.rate_limited = 100
    async with LexClient(stand_in.url, retry=LexRetry(attempts=3, backoff_s=0.01)) as client:
        with pytest.raises(LexUnavailable) as raised:
            await client.call("lookup_legislation", ARGS)
        assert not isinstance(raised.value, LexNotFound)
        assert "HTTP error 429" in str(raised.value)
        assert len(stand_in.calls) == 3


async def test_a_rate_limited_citation_is_check_failed_not_removed(stand_in: PublicLex
                                                                   ) -> None:
    stand_in.faults.rate_limited = 100
    lex = LexClient(stand_in.url, retry=LexRetry(attempts=2, backoff_s=0.01))
    checks = build_checks(documents=None, lex=lex, provider=None, config=VerifierConfig())
    verified = await verify_answer(S5, checks, context=CheckContext(jurisdiction="england"))
    await lex.aclose()
    outcome = verified.outcomes[0]
    assert (outcome.status, outcome.issues) == (
        "unverified", ("check_failed", "source_unavailable")), outcome
    stand_in.faults.rate_limited = 0
    async with LexClient(stand_in.url) as fine:
        checks = build_checks(documents=None, lex=fine, provider=None, config=VerifierConfig())
        verified = await verify_answer(S5, checks, context=CheckContext(jurisdiction="england"))
    assert verified.outcomes[0].status == "verified", verified.outcomes[0]


async def test_a_rate_limited_worker_says_so(stand_in: PublicLex) -> None:
    stand_in.faults.rate_limited = 100
    async with LexClient(stand_in.url, retry=LexRetry(attempts=2, backoff_s=0.01)) as lex:
        outcome = await legislation_worker(lex).run(WorkerTask(
            tenant_id="t", question="What does section 5 of the Housing Act 2004 say?"))
    assert outcome.status == "error" and "could not be reached" in (outcome.error or "")


async def test_a_refused_connection_is_unavailable() -> None:
    async with LexClient(f"http://127.0.0.1:{free_port()}/mcp", timeout_s=3.0,
                         retry=FAST) as client:
        with pytest.raises(LexUnavailable):
            await client.call("lookup_legislation", ARGS)


async def test_http_requests_per_call_before_and_after(stand_in: PublicLex) -> None:
    """A fresh session per call (the old client) costs several requests; one session, one."""
    for _ in range(5):
        await call_tool(stand_in.url, "lookup_legislation", ARGS)
    fresh = len(stand_in.http_requests) / 5
    stand_in.http_requests.clear()
    async with LexClient(stand_in.url) as client:
        await client.tools()
        opened = len(stand_in.http_requests)
        for _ in range(20):
            await client.call("lookup_legislation", ARGS)
        reused = (len(stand_in.http_requests) - opened) / 20
    assert fresh >= 3 and reused == 1, (fresh, reused)

"""The Lex client under load: a request stuck on its connection is abandoned and retried on a
new one within the call's deadline, and a server that cannot be reached gives up by that
deadline, leaving a cited provision unverified (never removed, never "quote not found").

Runs against the engine's own Lex server behind a TCP proxy that injects the fault.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest

from shared.lex.client import LexClient, LexRetry, LexUnavailable
from shared.verification.config import VerifierConfig
from shared.verification.context import CheckContext
from shared.verification.pipeline import build_checks, verify_answer
from tests.faults_proxy import TcpProxy, tcp_proxy
from tests.lex_servers import local_url_fixture  # noqa: F401  (fixture)

ARGS = {"legislation_type": "ukpga", "year": 2004, "number": 34}
S5 = ('If a category 1 hazard exists, the local housing authority must take the appropriate '
      'enforcement action <cite ref="ukpga/2004/34/section/5" quote="they must take the '
      'appropriate enforcement action">1</cite>.')
QUICK = LexRetry(attempts=4, backoff_s=0.01, attempt_timeout_s=1.5)


def _through(proxy: TcpProxy, url: str) -> str:
    return f"http://127.0.0.1:{proxy.port}{urlsplit(url).path}"


async def test_a_stuck_request_is_retried_on_a_new_session(local_url: str) -> None:
    port = urlsplit(local_url).port
    assert port is not None
    async with tcp_proxy(port) as proxy, LexClient(_through(proxy, local_url), timeout_s=10.0,
                                                   retry=QUICK) as lex:
        assert (await lex.call("lookup_legislation", ARGS))["year"] == 2004
        proxy.stall()  # the session's connections go silent, as under load
        started = time.monotonic()
        act = await lex.call("lookup_legislation", ARGS)
        took = time.monotonic() - started
    assert act["title"] == "Housing Act 2004"
    assert lex.sessions_opened == 2
    assert 1.4 < took < 5.0, took  # one try abandoned at its share, not the whole budget


async def test_an_unreachable_server_gives_up_by_the_deadline(local_url: str) -> None:
    port = urlsplit(local_url).port
    assert port is not None
    async with tcp_proxy(port) as proxy:
        url = _through(proxy, local_url)
        async with LexClient(url, timeout_s=4.0, retry=QUICK) as lex:
            await lex.call("lookup_legislation", ARGS)
            proxy.stall()
            proxy.cut()
            started = time.monotonic()
            with pytest.raises(LexUnavailable):
                await lex.call("lookup_legislation", ARGS)
            assert time.monotonic() - started < 5.0
            proxy.heal()
            assert (await lex.call("lookup_legislation", ARGS))["year"] == 2004

        lex = LexClient(url, timeout_s=3.0, retry=QUICK)
        proxy.cut()
        checks = build_checks(documents=None, lex=lex, provider=None, config=VerifierConfig())
        verified = await verify_answer(S5, checks, context=CheckContext(jurisdiction="england"))
        await lex.aclose()
    outcome = verified.outcomes[0]
    assert (outcome.status, outcome.issues) == (
        "unverified", ("check_failed", "source_unavailable")), outcome


async def test_a_check_overrunning_the_verifier_deadline_is_unverified_not_removed(
        local_url: str) -> None:
    """Under load the legal checks can outlast the verifier's per-citation deadline while Lex
    still has time left on its own clock: the citation is then unverified with the reason
    (never removed, never verified) and the statement stays in the answer, marked."""
    port = urlsplit(local_url).port
    assert port is not None
    async with tcp_proxy(port) as proxy:
        patient = LexRetry(attempts=2, backoff_s=0.01, attempt_timeout_s=20.0)
        lex = LexClient(_through(proxy, local_url), timeout_s=30.0, retry=patient)
        try:
            await lex.tools()
            await lex.call("lookup_legislation", ARGS)
            proxy.stall()  # the open session goes silent: Lex is slow, not gone
            checks = build_checks(documents=None, lex=lex, provider=None,
                                  config=VerifierConfig(check_deadline_s=1.0, relevance=False))
            started = time.monotonic()
            verified = await verify_answer(S5, checks,
                                           context=CheckContext(jurisdiction="england"))
            took = time.monotonic() - started
        finally:
            proxy.heal()
            await lex.aclose()
    [outcome] = verified.outcomes
    assert (outcome.status, outcome.issues) == ("unverified", ("check_failed",)), outcome
    assert "did not finish within 1 second." in outcome.detail
    assert took < 5.0, took
    assert "must take the appropriate enforcement action" in verified.text

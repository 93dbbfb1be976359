"""Where the engine may fetch from: public addresses only, checked at fetch time for every
redirect hop (DNS rebinding, redirects), and well-formed host names at configuration time.

Real HTTP (``FakeWebsite`` on 127.0.0.1), real PostgreSQL, the real gateway. The fake site is
on a loopback address, which is exactly what a production fetcher must refuse; the tests that
need one hop to succeed allow 127.0.0.1 alone, explicitly.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import AsyncIterator

import pytest

from services.workers.base import WorkerTask
from services.workers.external import external_worker
from services.workers.web import FetchConfig, Fetcher, HttpCache
from shared.config import Settings
from shared.runtime import Infra
from shared.sources import ExternalSource, ExternalSourceStore, RefusedAddress
from shared.sources.addresses import refusal
from tests.fakes.web_sources import FakeWebsite, Page
from tests.harness import Api
from tests.test_tenant_admin import _admin, _changes

TENANT = "tenant-a"
FEED = b"""<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
<item><title>Damp and mould</title><link>https://example.org/damp</link><guid>d1</guid>
<description>Landlords must act on damp and mould.</description></item></channel></rss>"""


@pytest.fixture
async def site() -> AsyncIterator[FakeWebsite]:
    async with FakeWebsite({"/feed": Page(body=FEED, content_type="application/rss+xml")}) as s:
        yield s


def _feed(url: str, source_id: str = "news") -> ExternalSource:
    return ExternalSource(tenant_id=TENANT, source_id=source_id, name="News", kind="feed",
                          url=url)


@pytest.mark.parametrize(("address", "kind"), [
    ("127.0.0.1", "loopback"), ("10.1.2.3", "private"), ("172.16.0.1", "private"),
    ("192.168.1.1", "private"), ("169.254.169.254", "link-local"), ("0.0.0.0", "unspecified"),
    ("224.0.0.1", "multicast"), ("100.64.0.1", "non-public"), ("::1", "loopback"),
    ("::", "unspecified"), ("fe80::1", "link-local"), ("fc00::1", "private"),
    ("ff02::1", "multicast"), ("::ffff:127.0.0.1", "loopback"), ("::ffff:10.0.0.1", "private"),
    ("::ffff:169.254.169.254", "link-local"), ("2002:a00:1::", "private"),
    ("8.8.8.8", None), ("2606:4700:4700::1111", None), ("::ffff:8.8.8.8", None),
])
def test_which_addresses_are_refused(address: str, kind: str | None) -> None:
    assert refusal(ipaddress.ip_address(address)) == kind


async def test_a_private_address_is_refused_at_fetch_time_even_if_allowed(
        infra: Infra, site: FakeWebsite, caplog: pytest.LogCaptureFixture) -> None:
    """The operator's allowlist check runs when a host is configured; a name can resolve to a
    private address later. The fetch itself refuses it, visibly, and sends nothing."""
    store = ExternalSourceStore(infra.pool)
    for host in ("127.0.0.1", "localhost"):  # an address, and a name resolving to loopback
        await store.allow_host(TENANT, host)
    await store.put(_feed(site.url("/feed")))
    await store.put(_feed(site.url("/feed", host="localhost"), "named"))
    caplog.set_level(logging.WARNING, logger="yourai.workers.web")
    async with Fetcher(HttpCache(infra.pool), FetchConfig(timeout_s=2.0)) as fetcher:
        outcome = await external_worker(store, fetcher).run(
            WorkerTask(tenant_id=TENANT, question="damp and mould"))
        with pytest.raises(RefusedAddress) as refused:
            await fetcher.fetch(TENANT, site.url("/feed", host="localhost"),
                                frozenset({"localhost"}))
    assert site.seen == [], "nothing was sent to a refused address"
    assert outcome.status == "error" and outcome.findings == []
    assert outcome.error is not None
    assert ("News (news) could not be checked. It was refused: 127.0.0.1 is a loopback "
            "address, and the engine does not fetch from local or private addresses"
            ) in outcome.error
    assert "News (named) could not be checked. It was refused: localhost (" in outcome.error
    assert refused.value.kind == "loopback" and refused.value.host == "localhost"
    assert "refused to fetch from localhost: it resolves to" in caplog.text


@pytest.mark.parametrize("target", ["127.0.0.2", "::ffff:127.0.0.1"])
async def test_a_redirect_to_a_private_address_is_refused(
        infra: Infra, site: FakeWebsite, target: str) -> None:
    """Every hop is checked when it connects: a source allowed to reach 127.0.0.1 alone
    (standing in for a public address) cannot redirect to another loopback address, nor to
    the same one written as IPv4-mapped IPv6, even when both hosts are on the allowlist."""
    shown = f"[{target}]" if ":" in target else target
    site.pages["/moved"] = Page(status=302, location=f"http://{shown}:{site.port}/feed")
    only_first = (ipaddress.IPv4Network("127.0.0.1/32"),)
    async with Fetcher(HttpCache(infra.pool),
                       FetchConfig(timeout_s=2.0, private_networks=only_first)) as fetcher:
        direct = await fetcher.fetch(TENANT, site.url("/feed"), frozenset({"127.0.0.1"}))
        assert direct.body == FEED, "the allowed network is fetched"
        with pytest.raises(RefusedAddress, match=rf"{target}.* is a loopback address"):
            await fetcher.fetch(TENANT, site.url("/moved"), frozenset({"127.0.0.1", target}))
    assert site.paths() == ["/feed", "/moved"], "the redirect's target was never requested"


MALFORMED = ["a..b", "*.org", "user:pw@www.gov.uk", "www.gov.uk:8443", "www.gov.uk/path",
             ".gov.uk", "gov.uk..", "-x.gov.uk", "x" * 64 + ".gov.uk", "www.gov.uk?q",
             "www.gov.uk garbage", "www.gov.uk#", "[2606:4700::1111]:443", "www_x.gov.uk",
             "https://user:pw@www.gov.uk/x", "https://a..b/x"]


async def test_a_malformed_host_is_a_422_and_records_nothing(api: Api) -> None:
    admin = _admin(api)
    for host in MALFORMED:
        resp = await api.http.post("/v1/sources/hosts", json={"host": host}, headers=admin)
        assert resp.status_code == 422, (host, resp.text)
        detail = resp.json()["detail"]
        assert "host name" in detail or "user name or password" in detail, detail
        assert "pw" not in detail, "a password is never echoed back"
    for url in ("https://a..b/feed", "https://*.gov.uk/feed", "https://user:pw@www.gov.uk/x"):
        resp = await api.http.post("/v1/sources", headers=admin, json={
            "id": "rsh", "name": "Regulator", "kind": "feed", "url": url, "allow_host": True})
        assert resp.status_code == 422, (url, resp.text)
    assert (await api.http.get("/v1/sources", headers=admin)).json() == {
        "sources": [], "allowed_hosts": []}
    assert await _changes(api) == []

    for host, kept in (("WWW.Gov.UK.", "www.gov.uk"), ("https://www.gov.uk:8443/x", "www.gov.uk"),
                       ("xn--bcher-kva.de", "bücher.de"), ("[2606:4700::1111]", "2606:4700::1111")):
        resp = await api.http.post("/v1/sources/hosts", json={"host": host}, headers=admin)
        assert resp.status_code == 201, (host, resp.text)
        assert resp.json() == {"host": kept}


def test_private_sources_are_allowed_only_when_the_operator_says_so() -> None:
    assert Settings().allow_private_sources is False
    assert Settings.from_env({}).allow_private_sources is False
    assert Settings.from_env({"YOURAI_ALLOW_PRIVATE_SOURCES": "true"}).allow_private_sources
    assert FetchConfig().private_networks == ()

"""The external worker over real HTTP (local servers) and real PostgreSQL.

Sources of every kind (JSON API, RSS, Atom, HTML page) are served by ``FakeWebsite`` on
127.0.0.1; ``localhost`` plays a host the tenant did not allow. The fetchers here allow the
loopback network explicitly (``LOCAL``), as production never does
(``tests/test_source_addresses.py``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from services.engine import Engine
from services.workers.base import WorkerTask
from services.workers.external import external_worker
from services.workers.unconfigured import unconfigured_worker
from services.workers.web import FetchConfig, Fetcher, HttpCache
from shared.config import Settings
from shared.embedded import free_port
from shared.runtime import Infra
from shared.sources import DisallowedHost, ExternalSource, ExternalSourceStore, InvalidSource
from tests.e2e import Client, wait_for_log
from tests.fakes.web_sources import FakeWebsite, Page

ROOT = Path(__file__).resolve().parents[1]
LOCAL = (ipaddress.IPv4Network("127.0.0.0/8"),)
"""The fake sources' network, which these tests' fetchers may reach."""
TENANT = "tenant-a"
QUESTION = "What have the regulator and the Ombudsman said about damp and mould?"

RSH_JSON = json.dumps({"data": {"results": [
    {"ref": "RSH-2024-07", "headline": "Regulatory judgement: damp and mould at Example Homes",
     "summary": "The regulator found that Example Homes did not have an accurate picture of "
                "damp and mould in its homes and had not acted on it promptly.",
     "link": "/judgements/rsh-2024-07", "date": "2024-07-10T09:00:00Z"},
    {"ref": "RSH-2024-03", "headline": "Tenant satisfaction measures published",
     "summary": "Landlords publish their tenant satisfaction measures every year.",
     "link": "/tsm", "date": "2024-03-01T09:00:00Z"},
]}}).encode()

RSS = b"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Housing Ombudsman news</title>
<item><title>Spotlight report on damp and mould</title>
<link>https://www.housing-ombudsman.org.uk/spotlight-damp</link>
<guid>https://www.housing-ombudsman.org.uk/?p=1234</guid>
<description>&lt;p&gt;Landlords should adopt a zero-tolerance approach to damp and mould
and not blame residents&apos; lifestyles.&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;</description>
<pubDate>Tue, 19 Oct 2021 09:00:00 GMT</pubDate></item>
<item><title>Complaint Handling Code becomes statutory</title>
<link>https://www.housing-ombudsman.org.uk/code</link><guid>code-2024</guid>
<description>The Code sets out requirements for complaint handling.</description></item>
</channel></rss>"""

ATOM = b"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Open consultations</title>
<entry><id>tag:gov.uk,2024:awaabs-law</id>
<title>Consultation on Awaab's Law: timescales for damp and mould hazards</title>
<link rel="alternate" href="https://www.gov.uk/consultations/awaabs-law"/>
<summary type="html">&lt;p&gt;Proposed timescales for social landlords to investigate and
fix damp and mould hazards.&lt;/p&gt;</summary><updated>2024-01-09T10:00:00Z</updated></entry>
</feed>"""

HTML = b"""<!doctype html><html><head><title>Damp and mould: guidance for landlords</title>
<script>var damp = "mould tracking script";</script><style>.damp { color: red }</style></head>
<body><nav>Home | Damp and mould news | Contact</nav>
<main><h1>Damp and mould: guidance for landlords</h1>
<h2>Responding to reports</h2><p>Landlords should respond to reports of damp and mould
promptly and treat the underlying causes, not only the symptoms.</p>
<h2>Record keeping</h2><p>Keep records of every inspection of damp and mould, including
photographs and the actions agreed with residents.</p><p>Share</p>
</main><footer>Crown copyright: damp and mould material reused</footer></body></html>"""


def _pages() -> dict[str, Page]:
    return {
        "/api/rsh": Page(body=RSH_JSON, content_type="application/json"),
        "/ombudsman.rss": Page(body=RSS, content_type="application/rss+xml"),
        "/consultations.atom": Page(body=ATOM, content_type="application/atom+xml"),
        "/guidance": Page(body=HTML),
    }


@pytest.fixture
async def site() -> AsyncIterator[FakeWebsite]:
    async with FakeWebsite(_pages()) as s:
        yield s


FETCH_TIMEOUT_S = 5.0
"""Long enough for a local page to answer on a loaded machine: at a load of 23, 0.5 s and 1 s
were not (prompt pages were reported as not answering, and their cache entries missing)."""


@pytest.fixture
async def fetcher(infra: Infra) -> AsyncIterator[Fetcher]:
    async with Fetcher(HttpCache(infra.pool),
                       FetchConfig(timeout_s=FETCH_TIMEOUT_S, private_networks=LOCAL)) as f:
        yield f


def _source(source_id: str, name: str, kind: str, url: str, tenant: str = TENANT,
            **fields: str) -> ExternalSource:
    return ExternalSource(tenant_id=tenant, source_id=source_id, name=name,
                          kind=kind, url=url, **fields)  # type: ignore[arg-type]


async def _configure(store: ExternalSourceStore, site: FakeWebsite, tenant: str = TENANT) -> None:
    await store.allow_host(tenant, "127.0.0.1")
    await store.put(_source("rsh", "Regulator of Social Housing", "json", site.url("/api/rsh"),
                            tenant, items_path="data.results", id_field="ref",
                            title_field="headline", text_field="summary", url_field="link",
                            date_field="date"))
    await store.put(_source("ombudsman", "Housing Ombudsman", "feed",
                            site.url("/ombudsman.rss"), tenant))
    await store.put(_source("consultations", "Open consultations", "feed",
                            site.url("/consultations.atom"), tenant))
    await store.put(_source("guidance", "Damp guidance", "html", site.url("/guidance"), tenant))


async def test_every_kind_of_source_becomes_ranked_ext_findings(
        infra: Infra, site: FakeWebsite, fetcher: Fetcher) -> None:
    store = ExternalSourceStore(infra.pool)
    await _configure(store, site)
    outcome = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id=TENANT, question=QUESTION))

    assert outcome.status == "ok" and outcome.error is None
    refs = [f.ref for f in outcome.findings]
    assert all(r.startswith("ext:") for r in refs) and len(refs) == len(set(refs))
    assert "ext:rsh/RSH-2024-07" in refs
    assert "ext:rsh/RSH-2024-03" not in refs, "an item sharing no term is left out"
    assert {r.split("/")[0] for r in refs} == {"ext:rsh", "ext:ombudsman", "ext:consultations",
                                               "ext:guidance"}
    assert {refs[0].split("/")[0], refs[1].split("/")[0]} == {"ext:rsh", "ext:ombudsman"}, (
        "the sources the question names come first")
    scores = [f.score for f in outcome.findings]
    assert scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)

    by_ref = {f.ref: f for f in outcome.findings}
    rsh = by_ref["ext:rsh/RSH-2024-07"]
    assert rsh.title == "Regulator of Social Housing — Regulatory judgement: damp and mould at " \
                        "Example Homes"
    assert rsh.uri == site.url("/judgements/rsh-2024-07")
    spotlight = next(f for f in outcome.findings if f.ref.startswith("ext:ombudsman/"))
    assert "zero-tolerance approach" in spotlight.text and "<p>" not in spotlight.text
    assert "x()" not in spotlight.text
    assert spotlight.uri == "https://www.housing-ombudsman.org.uk/spotlight-damp"
    assert not any("Complaint Handling" in f.title for f in outcome.findings)
    atom = next(f for f in outcome.findings if f.ref.startswith("ext:consultations/"))
    assert atom.uri == "https://www.gov.uk/consultations/awaabs-law"
    assert "investigate and fix damp and mould hazards" in atom.text

    page = [f for f in outcome.findings if f.ref.startswith("ext:guidance/")]
    assert {f.title for f in page} == {
        "Damp guidance — Damp and mould: guidance for landlords — Responding to reports",
        "Damp guidance — Damp and mould: guidance for landlords — Record keeping",
    }
    text = " ".join(f.text for f in page)
    assert "treat the underlying causes" in text
    for outside in ("tracking script", "color", "Home |", "Crown copyright", "Share"):
        assert outside not in text

    again = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert [f.ref for f in again.findings] == refs, "the same material ranks the same way"


async def test_findings_are_capped_and_unique(infra: Infra, fetcher: Fetcher) -> None:
    items = [{"id": f"n{i % 10}", "title": f"Damp and mould notice {i}",
              "text": "Damp and mould."} for i in range(20)]  # each id twice
    async with FakeWebsite({"/many": Page(body=json.dumps(items).encode())}) as site:
        store = ExternalSourceStore(infra.pool)
        await store.allow_host(TENANT, "127.0.0.1")
        await store.put(_source("many", "Many notices", "json", site.url("/many")))
        outcome = await external_worker(store, fetcher).run(
            WorkerTask(tenant_id=TENANT, question="damp and mould"))
    assert outcome.status == "ok" and len(outcome.findings) == 8
    refs = [f.ref for f in outcome.findings]
    assert len(set(refs)) == 8, "a repeated id is one item"
    assert "Damp and mould notice 0" in next(f.title for f in outcome.findings
                                             if f.ref == "ext:many/n0"), "the first one counts"


async def test_second_fetch_is_conditional_and_a_304_serves_the_cached_body(
        infra: Infra, fetcher: Fetcher) -> None:
    modified = "Wed, 10 Jul 2024 09:00:00 GMT"
    pages = {
        "/etag.rss": Page(body=RSS, content_type="application/rss+xml", etag='"v1"'),
        "/dated": Page(body=HTML, last_modified=modified),
    }
    async with FakeWebsite(pages) as site:
        store = ExternalSourceStore(infra.pool)
        await store.allow_host(TENANT, "127.0.0.1")
        await store.put(_source("ombudsman", "Housing Ombudsman", "feed", site.url("/etag.rss")))
        await store.put(_source("guidance", "Damp guidance", "html", site.url("/dated")))
        worker = external_worker(store, fetcher)
        first = await worker.run(WorkerTask(tenant_id=TENANT, question=QUESTION))
        second = await worker.run(WorkerTask(tenant_id=TENANT, question=QUESTION))

        by_path = {p: [s.headers for s in site.seen if s.path == p] for p in pages}
        assert "if-none-match" not in by_path["/etag.rss"][0]
        assert by_path["/etag.rss"][1]["if-none-match"] == '"v1"'
        assert "if-modified-since" not in by_path["/dated"][0]
        assert by_path["/dated"][1]["if-modified-since"] == modified
        assert second.status == "ok" and second.findings == first.findings and first.findings

        again = await fetcher.fetch(TENANT, site.url("/etag.rss"), frozenset({"127.0.0.1"}))
        assert again.revalidated and again.body == RSS

        # The cache is per tenant: another tenant's first fetch is unconditional.
        other = await fetcher.fetch("tenant-b", site.url("/etag.rss"), frozenset({"127.0.0.1"}))
        assert not other.revalidated and "if-none-match" not in site.seen[-1].headers

        # A changed resource is fetched in full and replaces the cached copy.
        site.pages["/etag.rss"] = Page(body=RSS.replace(b"Spotlight", b"New spotlight"),
                                       content_type="application/rss+xml", etag='"v2"')
        changed = await fetcher.fetch(TENANT, site.url("/etag.rss"), frozenset({"127.0.0.1"}))
        assert not changed.revalidated and b"New spotlight" in changed.body


UNANSWERED_CEILING_S = 60.0
"""How long a worker run may take when one source never answers in time: a ceiling for a
loaded machine, not a latency. What the test proves is that the run ends without that source's
answer, which comes ten ceilings later, and reports the fetch's own timeout."""


async def test_a_slow_source_fails_alone_and_all_failing_is_an_error(
        infra: Infra, site: FakeWebsite) -> None:
    # Slower than the test's ceiling: a worker that waited for it would never return in time.
    site.pages["/slow.rss"] = Page(body=RSS, content_type="application/rss+xml",
                                   delay_s=10 * UNANSWERED_CEILING_S)
    store = ExternalSourceStore(infra.pool)
    await store.allow_host(TENANT, "127.0.0.1")
    await store.put(_source("slow", "Slow Regulator", "feed", site.url("/slow.rss")))
    await store.put(_source("guidance", "Damp guidance", "html", site.url("/guidance")))
    async with Fetcher(HttpCache(infra.pool),
                       FetchConfig(timeout_s=FETCH_TIMEOUT_S, private_networks=LOCAL)) as fetcher:
        async with asyncio.timeout(UNANSWERED_CEILING_S):  # it gives up on the slow source
            outcome = await external_worker(store, fetcher).run(
                WorkerTask(tenant_id=TENANT, question=QUESTION))
        assert outcome.status == "ok", outcome.error
        assert outcome.findings and all(f.ref.startswith("ext:guidance/")
                                        for f in outcome.findings)
        assert outcome.error == ("Slow Regulator (slow) could not be checked. It did not answer "
                                 "within 5 seconds.")

        site.pages["/guidance"] = Page(status=503, body=b"down")
        async with asyncio.timeout(UNANSWERED_CEILING_S):
            failed = await external_worker(store, fetcher).run(
                WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert failed.status == "error" and failed.findings == []
    assert failed.error is not None
    assert "Slow Regulator (slow) could not be checked" in failed.error
    assert "Damp guidance (guidance) could not be checked. It answered HTTP 503 Service " \
           "Unavailable." in failed.error


async def test_disallowed_hosts_are_refused_and_never_fetched(
        infra: Infra, site: FakeWebsite, fetcher: Fetcher) -> None:
    store = ExternalSourceStore(infra.pool)
    with pytest.raises(DisallowedHost, match=r"127\.0\.0\.1, which is not on"):
        await store.put(_source("rsh", "Regulator of Social Housing", "feed", site.url("/x")))
    assert await store.list(TENANT) == []

    await store.allow_host(TENANT, site.url("/"))  # a pasted URL allows its host
    assert await store.allowed_hosts(TENANT) == frozenset({"127.0.0.1"})
    site.pages["/moved"] = Page(status=302, location=site.url("/secret", host="localhost"))
    site.pages["/hop"] = Page(status=301, location="/ombudsman.rss")
    site.pages["/secret"] = Page(body=RSS, content_type="application/rss+xml")
    await store.put(_source("moved", "Moved Regulator", "feed", site.url("/moved")))
    await store.put(_source("hop", "Housing Ombudsman", "feed", site.url("/hop")))
    outcome = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert outcome.status == "ok", "an allowed redirect is followed"
    assert any(f.ref.startswith("ext:hop/") for f in outcome.findings)
    assert outcome.error == ("Moved Regulator (moved) could not be checked. It redirected to "
                             "the host localhost, which is not on this organisation's list of "
                             "allowed hosts, so nothing was fetched from it.")
    assert "/secret" not in site.paths()

    # Taking a host off the list takes effect at once, before any request.
    await store.disallow_host(TENANT, "127.0.0.1")
    before = len(site.seen)
    refused = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert refused.status == "error" and len(site.seen) == before
    assert "Its address is on the host 127.0.0.1, which is not on" in str(refused.error)

    with pytest.raises(InvalidSource, match="only those are fetched"):
        await store.put(_source("ftp", "FTP", "feed", "ftp://127.0.0.1/feed"))


async def test_oversize_bodies_are_refused(infra: Infra, site: FakeWebsite) -> None:
    big = b"<html><body><p>" + b"damp and mould " * 20_000 + b"</p></body></html>"
    site.pages["/big"] = Page(body=big)
    site.pages["/big-chunked"] = Page(body=big, chunked=True)
    store = ExternalSourceStore(infra.pool)
    await store.allow_host(TENANT, "127.0.0.1")
    await store.put(_source("big", "Big page", "html", site.url("/big")))
    await store.put(_source("chunked", "Chunked page", "html", site.url("/big-chunked")))
    await store.put(_source("guidance", "Damp guidance", "html", site.url("/guidance")))
    async with Fetcher(HttpCache(infra.pool),
                       FetchConfig(max_bytes=100_000, private_networks=LOCAL)) as fetcher:
        outcome = await external_worker(store, fetcher).run(
            WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert outcome.status == "ok" and outcome.error is not None
    assert (f"Big page (big) could not be checked. Its response ({len(big):,} bytes) is larger "
            "than the 100,000 bytes accepted") in outcome.error
    assert ("Chunked page (chunked) could not be checked. Its response is larger than the "
            "100,000 bytes accepted") in outcome.error
    assert all(f.ref.startswith("ext:guidance/") for f in outcome.findings)


@pytest.mark.parametrize(("kind", "body", "message"), [
    ("feed", b"<rss><channel><item><title>Damp</title></channel></rss>",
     "Its feed is not well-formed XML (line 1, column"),
    ("feed", b'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "damp">]><rss>&x;</rss>',
     "Its feed declares a DOCTYPE or an entity, which is refused."),
    ("feed", b"<html><body>Not a feed</body></html>",
     "It is neither an RSS nor an Atom feed (its root element is <html>)."),
    ("json", b'{"results": [', "It did not send valid JSON"),
    ("json", b'{"items": []}', "Its JSON has no list of items at 'results'."),
    ("html", b"<html><body><script>damp()</script></body></html>",
     "Its page has no readable text."),
])
async def test_malformed_content_gives_a_clear_error(
        infra: Infra, site: FakeWebsite, fetcher: Fetcher, kind: str, body: bytes,
        message: str) -> None:
    site.pages["/broken"] = Page(body=body, content_type="application/octet-stream")
    store = ExternalSourceStore(infra.pool)
    await store.allow_host(TENANT, "127.0.0.1")
    await store.put(_source("broken", "Broken source", kind, site.url("/broken"),
                            items_path="results"))
    outcome = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id=TENANT, question=QUESTION))
    assert outcome.status == "error" and outcome.findings == []
    assert outcome.error is not None
    assert outcome.error.startswith("Broken source (broken) could not be checked. " + message)


async def test_tenants_never_see_each_others_sources(
        infra: Infra, site: FakeWebsite, fetcher: Fetcher) -> None:
    store = ExternalSourceStore(infra.pool)
    await _configure(store, site, tenant="tenant-a")
    assert [s.source_id for s in await store.list("tenant-a")] == [
        "consultations", "guidance", "ombudsman", "rsh"]
    assert await store.list("tenant-b") == [] and await store.get("tenant-b", "rsh") is None
    assert await store.allowed_hosts("tenant-b") == frozenset()
    with pytest.raises(DisallowedHost):  # tenant A's allowlist does not extend to tenant B
        await store.put(_source("rsh", "Regulator", "feed", site.url("/ombudsman.rss"),
                                "tenant-b"))

    before = len(site.seen)
    outcome = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id="tenant-b", question=QUESTION))
    expected = await unconfigured_worker("external").run(
        WorkerTask(tenant_id="tenant-b", question=QUESTION))
    assert outcome == expected and outcome.status == "not_configured"
    assert len(site.seen) == before

    rsh = await store.get("tenant-a", "rsh")
    assert rsh is not None and rsh.items_path == "data.results"
    await store.put(msgspec.structs.replace(rsh, enabled=False))
    await store.remove("tenant-a", "ombudsman")
    outcome = await external_worker(store, fetcher).run(
        WorkerTask(tenant_id="tenant-a", question=QUESTION))
    assert {f.ref.split("/")[0] for f in outcome.findings} == {"ext:consultations",
                                                               "ext:guidance"}


@pytest.fixture
async def engine(settings: Settings) -> AsyncIterator[Engine]:
    """The whole engine, its workers allowed to fetch the fake sources on 127.0.0.1."""
    engine = Engine(replace(settings, port=free_port(), allow_private_sources=True))
    await engine.start()
    try:
        yield engine
    finally:
        await engine.stop()


async def test_engine_answers_with_external_findings(engine: Engine, site: FakeWebsite) -> None:
    assert engine.infra is not None
    await _configure(ExternalSourceStore(engine.infra.pool), site)
    client = Client(engine)
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "What has the Housing Ombudsman said about "
                                                  "damp and mould?")
        records = await wait_for_log(engine, TENANT, accepted["invocation_id"],
                                     "invocation.completed", timeout=60)
    finally:
        await client.close()
    routing = next(r.event for r in records if r.type == "routing.decided")
    assert "external" in routing.workers  # type: ignore[attr-defined]
    start = next(r.event for r in records if r.type == "agent.start"
                 and r.event.agent_name == "external")  # type: ignore[attr-defined]
    assert start.task_description == "Checking the regulators' published material"  # type: ignore[attr-defined]
    found = next(r.event for r in records if r.type == "worker.findings"
                 and r.event.worker == "external")  # type: ignore[attr-defined]
    assert found.status == "ok" and found.error is None  # type: ignore[attr-defined]
    refs = [f.ref for f in found.findings]  # type: ignore[attr-defined]
    assert refs and all(r.startswith("ext:") for r in refs)
    assert "ext:rsh/RSH-2024-07" in refs
    assert {"/api/rsh", "/ombudsman.rss", "/consultations.atom", "/guidance"} <= set(
        site.paths())


def _cli(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    assert settings.database_url
    env["YOURAI_DATABASE_URL"] = settings.database_url
    return subprocess.run([sys.executable, "-m", "cli.main", "sources", *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


async def test_cli_adds_and_lists_sources(settings: Settings) -> None:
    url = "https://www.gov.uk/government/organisations/regulator-of-social-housing.atom"
    refused = await asyncio.to_thread(_cli, settings, "add", "--tenant", "ha-1", "--id", "rsh",
                                      "--name", "Regulator of Social Housing", "--kind", "feed",
                                      "--url", url)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "not on this organisation's list of allowed hosts" in refused.stderr
    assert "--allow-host www.gov.uk" in refused.stderr

    added = await asyncio.to_thread(_cli, settings, "add", "--tenant", "ha-1", "--id", "rsh",
                                    "--name", "Regulator of Social Housing", "--kind", "feed",
                                    "--url", url, "--allow-host", "www.gov.uk")
    assert added.returncode == 0, added.stderr
    assert "Source rsh (feed, enabled) saved for ha-1" in added.stdout

    listed = await asyncio.to_thread(_cli, settings, "list", "--tenant", "ha-1")
    assert listed.returncode == 0, listed.stderr
    assert "rsh" in listed.stdout and "Regulator of Social Housing" in listed.stdout
    assert "Allowed hosts: www.gov.uk" in listed.stdout
    other = await asyncio.to_thread(_cli, settings, "list", "--tenant", "ha-2")
    assert "No external sources are configured for ha-2." in other.stdout
    assert "Allowed hosts: none" in other.stdout

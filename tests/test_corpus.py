"""The legal corpus in PostgreSQL and its importer, over the real data in ../shared/data."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import asyncpg
import pytest

from services.engine import SCHEMA
from services.lex.corpus.importer import ImportFailed, ImportProgress, import_ids, import_paths
from services.lex.corpus.store import CorpusStore, LegislationNotFound
from shared.config import Settings
from shared.embedded import free_port
from shared.lex.paths import legislation_path, number_key
from shared.store import connect_pool, migrate
from tests.conftest import SHARED_DATA

LEGISLATION = SHARED_DATA / "legislation"
CASELAW = SHARED_DATA / "caselaw"
HOUSING_ACT = LEGISLATION / "ukpga-2004-34-revised-data.xml"
SAMPLE = LEGISLATION / "housing_act_sample.xml"
FRAGMENTS = sorted(LEGISLATION.glob("lex_fragment_*.xml"))


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    assert settings.database_url
    pool = await connect_pool(settings.database_url, max_size=4)
    await migrate(pool, SCHEMA)
    try:
        yield pool
    finally:
        await pool.close()


@pytest.fixture
async def store(pool: asyncpg.Pool) -> CorpusStore:
    return CorpusStore(pool, dense=False)  # embeddings: tests/test_lex_hybrid.py


@pytest.fixture
async def corpus(store: CorpusStore) -> CorpusStore:
    """The whole of ../shared/data imported."""
    await import_paths(store, [SHARED_DATA])
    return store


def test_paths_and_numbers() -> None:
    assert legislation_path("http://www.legislation.gov.uk/id/ukpga/2004/34") == "ukpga/2004/34"
    assert legislation_path("https://www.legislation.gov.uk/ukpga/2004/34/section/5/data.xml"
                            ) == "ukpga/2004/34/section/5"
    assert sorted(["10A", "2", "10", "1"], key=number_key) == ["1", "2", "10", "10A"]


async def test_import_shared_data(corpus: CorpusStore) -> None:
    counts = await corpus.counts()
    assert counts["caselaw"] == 5
    assert counts["caselaw_paragraphs"] > 100
    assert counts["legislation_sections"] > 281
    section = await corpus.get_section("ukpga/2004/34/section/5")
    assert section is not None
    assert section.id == "http://www.legislation.gov.uk/id/ukpga/2004/34/section/5"
    assert section.legislation_id == "http://www.legislation.gov.uk/id/ukpga/2004/34"
    assert "hazard" in section.title.lower()
    assert section.text
    assert await corpus.get_section("ukpga/2004/34/section/9999") is None


async def test_records_round_trip_exactly(store: CorpusStore) -> None:
    from services.lex.corpus.clml import parse_legislation

    parsed = parse_legislation(HOUSING_ACT.read_bytes())
    await import_paths(store, [HOUSING_ACT])
    stored = await store.sections("ukpga/2004/34", limit=None)
    assert sorted(s.id for s in stored) == sorted(s.id for s in parsed.sections)
    by_id = {s.id: s for s in parsed.sections}
    assert all(s == by_id[s.id] for s in stored)
    assert await store.legislation("ukpga/2004/34") == parsed.legislation


async def test_reimport_is_idempotent(corpus: CorpusStore) -> None:
    before = await corpus.counts()
    await import_paths(corpus, [SHARED_DATA])
    assert await corpus.counts() == before


async def test_failed_import_changes_nothing(store: CorpusStore, tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text("<Legislation xmlns='http://www.legislation.gov.uk/namespaces/legislation'>")
    with pytest.raises(ImportFailed, match=r"broken\.xml"):
        await import_paths(store, [SAMPLE, bad])
    assert set((await store.counts()).values()) == {0}
    with pytest.raises(ImportFailed, match="no such file"):
        await import_paths(store, [tmp_path / "missing.xml"])
    other = tmp_path / "other.xml"
    other.write_text("<html><body>not legal</body></html>")
    with pytest.raises(ImportFailed, match="neither legislation"):
        await import_paths(store, [other])
    assert set((await store.counts()).values()) == {0}


async def test_fragments_merge_into_their_act(store: CorpusStore) -> None:
    await import_paths(store, FRAGMENTS)
    energy = await store.sections("ukpga/2022/44", limit=None)
    assert energy, "the Energy Prices Act fragments should add sections"
    # Importing one fragment again keeps the sections the others brought.
    await import_paths(store, FRAGMENTS[1:2])
    assert [s.id for s in await store.sections("ukpga/2022/44", limit=None)] == [
        s.id for s in energy]


async def test_progress_is_reported(store: CorpusStore) -> None:
    events: list[ImportProgress] = []
    await import_paths(store, [HOUSING_ACT], progress=events.append)
    stages = [e.stage for e in events]
    assert stages[0] == "parsed" and stages[-1] == "imported"
    sections = [e for e in events if e.stage == "sections"]
    assert len(sections) > 1 and sections[-1].done == sections[-1].total


async def test_sections_in_numeric_order(corpus: CorpusStore) -> None:
    sections = await corpus.sections("http://www.legislation.gov.uk/id/ukpga/2004/34", None)
    numbers = [s.number for s in sections if s.provision_type == "section"]
    assert numbers == sorted(numbers, key=number_key)
    assert numbers.index("2") < numbers.index("10")
    kinds = [s.provision_type for s in sections]
    assert kinds == sorted(kinds, key=lambda k: k == "schedule")
    assert len(await corpus.sections("ukpga/2004/34", limit=3)) == 3
    with pytest.raises(LegislationNotFound):
        await corpus.sections("ukpga/1900/1")


async def test_search_sections(corpus: CorpusStore) -> None:
    hits = await corpus.search_sections("hazard awareness notice", size=5)
    paths = [legislation_path(h.id) for h in hits]
    assert {"ukpga/2004/34/section/28", "ukpga/2004/34/section/29"} & set(paths)
    assert all(h.score is not None for h in hits)
    assert [h.score for h in hits] == sorted([h.score or 0 for h in hits], reverse=True)
    deposits = await corpus.search_sections("tenancy deposit scheme", size=5,
                                            include_text=False)
    assert "ukpga/2004/34/section/212" in [legislation_path(h.id) for h in deposits]
    assert all(h.text == "" for h in deposits)


async def test_search_sections_filters(corpus: CorpusStore) -> None:
    eu = await corpus.search_sections("", legislation_category=["euretained"], size=50)
    assert eu and all(s.legislation_type in ("eur", "eudn") for s in eu)
    old = await corpus.search_sections("", year_to=1900, size=50)
    assert old and all(s.legislation_year <= 1900 for s in old)
    scoped = await corpus.search_sections("notice", legislation_id="ukpga/2004/34", size=20)
    assert scoped and all(s.legislation_id.endswith("/ukpga/2004/34") for s in scoped)
    second = await corpus.search_sections("notice", legislation_id="ukpga/2004/34", offset=5,
                                          size=5)
    assert [s.id for s in second] == [s.id for s in scoped[5:10]]


async def test_search_acts(corpus: CorpusStore) -> None:
    found = await corpus.search_acts("houses in multiple occupation licensing", limit=3)
    assert found.total >= 1 and found.limit == 3
    top = found.results[0]
    assert top.id.endswith("/ukpga/2004/34")
    assert top.sections and all(s.score > 0 for s in top.sections)
    empty = await corpus.search_acts("zzzzqqqq")
    assert empty.results == [] and empty.total == 0


async def test_lookup_and_full_text(corpus: CorpusStore) -> None:
    act = await corpus.lookup("ukpga", 2004, 34)
    assert act is not None and act.title == "Housing Act 2004"
    assert await corpus.lookup("ukpga", 2004, 999) is None
    without = await corpus.full_text("ukpga/2004/34")
    with_schedules = await corpus.full_text("ukpga/2004/34", include_schedules=True)
    assert without.legislation == act
    assert "Schedule" not in without.full_text.split("\n## Section 1:")[0]
    assert len(with_schedules.full_text) > len(without.full_text)


async def test_caselaw(corpus: CorpusStore) -> None:
    page = await corpus.search_caselaw("football copyright", size=2)
    assert page.total >= 1 and page.results[0].id.endswith("/ewhc/ch/2017/3414")
    assert (await corpus.search_caselaw(court=["ewfc"])).results[0].cite_as == "[2017] EWFC 83"
    assert (await corpus.search_caselaw(year_from=2018)).total == 0
    paragraphs = await corpus.search_caselaw_paragraphs("UEFA football broadcasts", limit=3)
    assert paragraphs and paragraphs[0].caselaw_id.endswith("/ewhc/ch/2017/3414")
    cited = await corpus.caselaw_by_reference("[2017]  EWHC 3409 (admin)", "caselaw")
    assert cited[0].id == "https://caselaw.nationalarchives.gov.uk/ewhc/admin/2017/3409"
    full = (await corpus.search_caselaw(court=["ewfc"])).results[0]
    summary = (await corpus.caselaw_summaries(court=["ewfc"])).results[0]
    assert summary.id == full.id and summary.header == full.header
    assert summary.text.startswith(full.header[:50]) and len(summary.text) < len(full.text)


async def test_caselaw_by_legislation_reference(corpus: CorpusStore) -> None:
    cases = (await corpus.search_caselaw(size=20)).results
    referring = [c for c in cases if c.legislation_references]
    assert referring, "some judgment in the data should refer to legislation"
    ref = referring[0].legislation_references[0]
    act = "/".join(legislation_path(ref).split("/")[:3])
    found = await corpus.caselaw_by_reference(act, "legislation")
    assert referring[0].id in [c.id for c in found]
    assert await corpus.caselaw_by_reference("ukpga/1066/1", "legislation") == []


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/ukpga/2004/34/data.xml":
            body = SAMPLE.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def _legislation_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()


async def test_import_ids_from_a_local_server(store: CorpusStore) -> None:
    with _legislation_site() as base_url:
        report = await import_ids(store, ["ukpga/2004/34"], base_url=base_url)
        assert report.imported == ["http://www.legislation.gov.uk/id/ukpga/2004/34"]
        before = await store.counts()
        assert before["legislation"] == 1 and before["legislation_sections"] >= 1
        with pytest.raises(ImportFailed, match=r"ukpga/1999/1.*404"):
            await import_ids(store, ["http://www.legislation.gov.uk/id/ukpga/2004/34",
                                     "ukpga/1999/1"], base_url=base_url)
        assert await store.counts() == before
    with pytest.raises(ImportFailed, match="ukpga/2004/34: cannot fetch"):
        await asyncio.wait_for(import_ids(store, ["ukpga/2004/34"],
                                          base_url=f"http://127.0.0.1:{free_port()}"), 30)
    assert await store.counts() == before


async def test_an_excerpt_of_an_act_never_replaces_the_full_import(store: CorpusStore) -> None:
    legislation = SHARED_DATA / "legislation"
    await import_paths(store, [legislation / "ukpga-2004-34-revised-data.xml"])
    full = await store.sections("ukpga/2004/34", limit=None)
    await import_paths(store, [legislation / "housing_act_sample.xml"])
    after = await store.sections("ukpga/2004/34", limit=None)
    assert len(after) == len(full) > 200
    assert (await store.get_section("ukpga/2004/34/section/5")) is not None

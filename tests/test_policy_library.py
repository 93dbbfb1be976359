"""The policy library (issue 9): versions, tenant isolation, the document stream of the log,
PDF and DOCX uploads, unreadable files, paging, and hybrid search over real PostgreSQL with
pgvector and the real embedding model."""

from __future__ import annotations

import hashlib
import io
import uuid

import docx
import pytest
from pypdf import PdfWriter

from bench.evalsets import POLICIES
from services.workers.base import WorkerTask
from services.workers.policy import NO_SEMANTIC_SEARCH, policy_worker
from shared.documents import DocumentHit, DocumentStore, title_of
from shared.events import document_stream
from shared.runtime import Infra
from tests.harness import Api

DAMP_V1 = ("# Damp and mould\n\n## Timescales\n\nWe inspect reported damp within 10 working days."
           "\n\n## Vulnerable households\n\nA vulnerable household is visited first.\n")
DAMP_V2 = ("# Damp and mould\n\n## Timescales\n\nWe inspect reported damp within 7 calendar "
           "days.\n\n## Vulnerable households\n\nA vulnerable household is visited first.\n")


async def _documents(api: Api) -> int:
    return int(await api.infra.pool.fetchval("SELECT count(*) FROM documents"))


def _texts(hits: list[DocumentHit]) -> str:
    return "\n".join(h.chunk.text for h in hits)


async def test_a_replaced_document_leaves_search_and_its_versions_stay_readable(api: Api
                                                                                 ) -> None:
    first = await api.http.post("/v1/documents", json={"content": DAMP_V1}, headers=api.auth())
    assert first.status_code == 201, first.text
    doc_id, v1 = first.json()["id"], first.json()["version_id"]
    assert first.json()["title"] == "Damp and mould" and first.json()["version"] == 1

    # The same title again (here, from the first heading) replaces rather than duplicates.
    second = await api.http.post("/v1/documents", json={"content": DAMP_V2}, headers=api.auth())
    assert second.status_code == 201, second.text
    assert second.json()["id"] == doc_id and second.json()["version"] == 2
    again = await api.http.post("/v1/documents", json={"content": DAMP_V2}, headers=api.auth())
    assert again.status_code == 200 and again.json()["version"] == 2

    store = api.gateway.documents
    for mode in ("fulltext", "dense", "hybrid"):
        hits = await store.search("tenant-a", "inspect damp within 10 working days",
                                  limit=10, mode=mode)
        assert hits and "10 working days" not in _texts(hits), mode
        assert str(v1) not in {str(h.chunk.document_id) for h in hits}, mode

    shown = (await api.http.get(f"/v1/documents/{doc_id}", headers=api.auth())).json()
    assert shown["content"] == DAMP_V2 and shown["document"]["status"] == "current"
    assert [(v["version"], v["status"]) for v in shown["versions"]] == [
        (1, "superseded"), (2, "current")]
    old = (await api.http.get(f"/v1/documents/{doc_id}?version=1", headers=api.auth())).json()
    assert old["content"] == DAMP_V1 and old["document"]["status"] == "superseded"

    put = await api.http.put(f"/v1/documents/{doc_id}", headers=api.auth(),
                             json={"content": DAMP_V2.replace("7 calendar", "5 working")})
    assert put.status_code == 201 and put.json()["version"] == 3
    gone = await api.http.delete(f"/v1/documents/{doc_id}", headers=api.auth())
    assert gone.status_code == 200 and gone.json()["status"] == "removed"
    assert await store.search("tenant-a", "inspect damp", limit=10) == []
    assert (await api.http.get("/v1/documents", headers=api.auth())).json()["total"] == 0
    kept = await api.http.get(f"/v1/documents/{doc_id}", headers=api.auth())
    assert kept.status_code == 200 and kept.json()["document"]["status"] == "removed"
    assert (await api.http.delete(f"/v1/documents/{doc_id}",
                                  headers=api.auth())).status_code == 404

    # Every change is in the tenant's document stream, which no conversation list shows.
    log = await api.infra.store.read_conversation("tenant-a", document_stream("tenant-a"))
    assert [r.type for r in log] == ["conversation.created", "document.added",
                                     "document.replaced", "document.replaced",
                                     "document.removed"]
    added = log[1].event
    assert added.sha256 == hashlib.sha256(DAMP_V1.encode()).hexdigest()  # type: ignore[union-attr]
    assert str(added.version_id) == v1 and added.user_id == "alice"  # type: ignore[union-attr]
    assert (await api.http.get("/v1/conversations", headers=api.auth())).json() == []
    stream_url = f"/v1/conversations/{document_stream('tenant-a')}"
    assert (await api.http.get(stream_url, headers=api.auth())).status_code == 404


async def test_another_tenants_documents_are_404_and_never_found(api: Api) -> None:
    resp = await api.http.post("/v1/documents", json={"content": DAMP_V1}, headers=api.auth())
    doc_id = resp.json()["id"]
    other = api.auth(tenant="tenant-b", user="alice")
    before, docs = await api.event_count(), await _documents(api)
    for method, url, body in [
        ("GET", f"/v1/documents/{doc_id}", None),
        ("GET", f"/v1/documents/{doc_id}?version=1", None),
        ("PUT", f"/v1/documents/{doc_id}", {"content": "# Mine\n\nMine now."}),
        ("DELETE", f"/v1/documents/{doc_id}", None),
        ("GET", f"/v1/documents/{uuid.uuid4()}", None),
    ]:
        resp = await api.http.request(method, url, json=body, headers=other)
        assert resp.status_code == 404, (method, url, resp.text)
        assert resp.json()["detail"] == "Document not found."
    assert (await api.http.get("/v1/documents", headers=other)).json()["items"] == []
    for mode in ("fulltext", "dense", "hybrid"):
        assert await api.gateway.documents.search("tenant-b", "damp", mode=mode) == []
    assert (await api.event_count(), await _documents(api)) == (before, docs)


def _pdf_with_text(text: str) -> bytes:
    """A one-page PDF whose content stream draws ``text`` in Helvetica (built by hand)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = io.BytesIO(), []
    out.write(b"%PDF-1.4\n")
    for i, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (i, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % o for o in offsets))
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objects) + 1, xref))
    return out.getvalue()


def _docx(heading: str, paragraph: str) -> bytes:
    document = docx.Document()
    document.add_heading(heading, level=1)
    document.add_paragraph(paragraph)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


async def test_pdf_and_docx_uploads_round_trip(api: Api) -> None:
    pdf = await api.http.post("/v1/documents", headers=api.auth(), files={"file": (
        "gas.pdf", _pdf_with_text("Gas appliances are checked every 12 months."),
        "application/pdf")})
    assert pdf.status_code == 201, pdf.text
    shown = (await api.http.get(f"/v1/documents/{pdf.json()['id']}", headers=api.auth())).json()
    assert "Gas appliances are checked every 12 months." in shown["content"]

    word = await api.http.post("/v1/documents", headers=api.auth(), files={"file": (
        "asb.docx", _docx("Anti-social behaviour", "We contact the reporter within 5 working "
                          "days."), "application/vnd.openxmlformats-officedocument."
                          "wordprocessingml.document")})
    assert word.status_code == 201, word.text
    assert word.json()["title"] == "Anti-social behaviour"  # its heading, not "asb"
    shown = (await api.http.get(f"/v1/documents/{word.json()['id']}",
                                headers=api.auth())).json()
    assert shown["content"] == ("# Anti-social behaviour\n\nWe contact the reporter within 5 "
                                "working days.")
    hits = await api.gateway.documents.search("tenant-a", "reporter 5 working days")
    assert hits and hits[0].chunk.title == "Anti-social behaviour"


def _image_only_pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("name", "data", "media_type", "says"), [
    ("scan.pdf", _image_only_pdf(), "application/pdf", "no text layer"),
    ("broken.pdf", b"%PDF-1.7\n1 0 obj << /Type /Catalog", "application/pdf", "could not be read"),
    ("broken.docx", b"PK\x03\x04 not really a zip", "application/octet-stream", "Word document"),
    ("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "image/png", "not a type"),
])
async def test_an_unreadable_upload_is_415_and_records_nothing(
        api: Api, name: str, data: bytes, media_type: str, says: str) -> None:
    before, docs = await api.event_count(), await _documents(api)
    resp = await api.http.post("/v1/documents", headers=api.auth(),
                               files={"file": (name, data, media_type)})
    assert resp.status_code == 415, resp.text
    assert says in resp.json()["detail"]
    assert (await api.event_count(), await _documents(api)) == (before, docs)


async def test_the_library_pages_and_refuses_an_out_of_range_page(api: Api) -> None:
    for i in range(3):
        resp = await api.http.post("/v1/documents", headers=api.auth(),
                                   json={"content": f"# Policy {i}\n\nRule number {i}."})
        assert resp.status_code == 201
    page = (await api.http.get("/v1/documents?limit=2", headers=api.auth())).json()
    assert [d["title"] for d in page["items"]] == ["Policy 0", "Policy 1"]
    assert (page["total"], page["next_offset"]) == (3, 2)
    page = (await api.http.get("/v1/documents?limit=2&offset=2", headers=api.auth())).json()
    assert [d["title"] for d in page["items"]] == ["Policy 2"] and page["next_offset"] is None
    for query in ("offset=3", "offset=-1", "limit=0", "limit=101", "limit=x"):
        resp = await api.http.get(f"/v1/documents?{query}", headers=api.auth())
        assert resp.status_code == 400, (query, resp.text)


async def _bench_policies(store: DocumentStore, tenant: str) -> None:
    for path in sorted(POLICIES.glob("*.md")):
        content = path.read_text(encoding="utf-8")
        await store.add(tenant, title_of(content), content)


def _rank(hits: list[DocumentHit], phrase: str) -> int:
    return next((i for i, h in enumerate(hits, 1) if phrase in h.chunk.text), 99)


async def test_hybrid_finds_a_paraphrase_that_full_text_misses(infra: Infra) -> None:
    store = DocumentStore(infra.pool)
    await _bench_policies(store, "tenant-a")
    question = "how fast must we fix black spots on walls"
    phrase = "within 10 working days of the report"  # the damp and mould timescales
    fulltext = await store.search("tenant-a", question, limit=10, mode="fulltext")
    hybrid = await store.search("tenant-a", question, limit=10, mode="hybrid")
    assert _rank(hybrid, phrase) <= 3, [h.chunk.heading for h in hybrid]
    assert _rank(hybrid, phrase) < _rank(fulltext, phrase)


async def test_without_embeddings_the_finding_says_semantic_search_is_unavailable(
        infra: Infra) -> None:
    store = DocumentStore(infra.pool, embedder=None)
    await store.add("tenant-a", "Damp", DAMP_V1)
    outcome = await policy_worker(store).run(WorkerTask(tenant_id="tenant-a",
                                                        question="When do we inspect damp?"))
    assert outcome.status == "ok" and outcome.findings
    assert outcome.error == NO_SEMANTIC_SEARCH
    with_vectors = policy_worker(DocumentStore(infra.pool))
    outcome = await with_vectors.run(WorkerTask(tenant_id="tenant-a", question="damp"))
    assert outcome.error is None


async def test_documents_stored_without_embeddings_get_them_by_the_backfill(
        infra: Infra) -> None:
    quiet = DocumentStore(infra.pool, inline_embeddings=0)
    doc = await quiet.add("tenant-a", "Damp", DAMP_V1)
    assert await quiet.search("tenant-a", "mould on the walls", mode="dense") == []
    assert await quiet.backfill() == doc.chunks
    hits = await quiet.search("tenant-a", "mould on the walls", mode="dense")
    assert {h.chunk.document_id for h in hits} == {doc.id}
    assert await quiet.backfill() == 0


async def test_every_chunk_is_embedded_by_sentence_and_the_backfill_completes_older_ones(
        infra: Infra) -> None:
    """A chunk's sentences get vectors of their own (sentence 0 at least); a chunk embedded
    before there were sentence vectors (none stored) is embedded again by the backfill."""
    store = DocumentStore(infra.pool)
    doc = await store.add("tenant-a", "Damp", DAMP_V1)
    count = "SELECT count(DISTINCT (document_id, idx)) FROM document_sentence_embeddings"
    assert await infra.pool.fetchval(count) == doc.chunks
    await infra.pool.execute("DELETE FROM document_sentence_embeddings WHERE idx = 0")
    assert await store.backfill() == 1
    assert await infra.pool.fetchval(count) == doc.chunks
    assert await store.backfill() == 0


async def test_a_fact_in_a_long_passage_is_found_by_its_own_sentence(infra: Infra) -> None:
    """Dense search scores a chunk by its nearest sentence: one fact among many others in a
    passage is not lost in the passage's average (whole chunks alone put the gas appliances
    section first: cosine 0.27 against 0.14)."""
    others = " ".join(f"Paragraph {n} of the tenancy agreement covers {topic}." for n, topic in
                      enumerate(["rent payment dates", "pets", "parking permits", "bin days",
                                 "communal gardens", "keys and fobs", "satellite dishes",
                                 "bicycle storage", "laundry rooms"], 1))
    content = (f"# Estate rules\n\n## General\n\n{others} Residents who smell gas must leave "
               "the home and call the National Gas Emergency number straight away.\n\n"
               "## Gas appliances\n\nWe service gas boilers and gas fires every year and give "
               "residents a copy of the gas safety record.\n")
    store = DocumentStore(infra.pool)
    await store.add("tenant-a", "Estate rules", content)
    hits = await store.search("tenant-a", "what to do about a gas leak", mode="dense")
    assert hits and "National Gas Emergency" in hits[0].chunk.text

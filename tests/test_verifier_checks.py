"""Per-citation checks against a real PostgreSQL holding tenant documents."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from shared.documents import DocumentStore, StoredDocument
from shared.lex.client import LexUnavailable
from shared.runtime import Infra
from shared.verification.checks import Checks, Outcome, default_checks
from shared.verification.citations import Citation, parse_citations

TENANT = "tenant-a"

POLICY = """# Repairs policy

## Emergency repairs

We will attend emergency repairs within 24 hours of the report. An emergency is a defect that
puts the health, safety or security of residents at immediate risk.

## Routine repairs

Routine repairs are completed within 28 calendar days. The resident's "preferred time" is
agreed when the job is booked – including evenings where possible.
"""


def cite(ref: str, quote: str | None = None) -> Citation:
    return Citation(index=1, ref=ref, kind="document", quote=quote, claim="A claim.",
                    span=(0, 1), form="tag")


@pytest.fixture
async def store(infra: Infra) -> DocumentStore:
    return DocumentStore(infra.pool)


@pytest.fixture
async def policy(store: DocumentStore) -> StoredDocument:
    doc = await store.add(TENANT, "Repairs policy", POLICY)
    assert doc.chunks >= 3
    return doc


async def _chunk_with(store: DocumentStore, doc: StoredDocument, words: str) -> int:
    for idx in range(doc.chunks):
        chunk = await store.get_chunk(TENANT, doc.id, idx)
        if chunk is not None and words in chunk.text:
            return idx
    raise AssertionError(f"no chunk holds {words!r}")


async def check(store: DocumentStore, citation: Citation, tenant: str = TENANT) -> Outcome:
    return await default_checks(store).check(tenant, citation)


async def test_verbatim_quote_in_its_chunk_is_verified(store: DocumentStore,
                                                       policy: StoredDocument) -> None:
    idx = await _chunk_with(store, policy, "within 24 hours")
    out = await check(store, cite(f"doc:{policy.id}#{idx}",
                                  "We will attend emergency repairs within 24 hours"))
    assert (out.status, out.issues) == ("verified", ())
    assert out.source_uri == f"doc:{policy.id}#{idx}"


async def test_quote_across_a_line_break_with_curly_quotes_and_dashes_is_verified(
        store: DocumentStore, policy: StoredDocument) -> None:
    idx = await _chunk_with(store, policy, "preferred time")
    quote = "The resident’s  “preferred time” is\u00a0agreed when the job is booked — including"
    out = await check(store, cite(f"doc:{policy.id}#{idx}", quote))
    assert out.status == "verified", out.detail


async def test_quote_found_through_a_parsed_escaped_tag(store: DocumentStore,
                                                        policy: StoredDocument) -> None:
    idx = await _chunk_with(store, policy, "preferred time")
    text = (f'Times are agreed <cite ref="doc:{policy.id}#{idx}" quote="The resident&#x27;s '
            '&quot;preferred time&quot; is agreed">1</cite>.')
    [citation] = parse_citations(text).citations
    assert (await check(store, citation)).status == "verified"


async def test_quote_in_another_chunk_is_verified_with_a_note(store: DocumentStore,
                                                              policy: StoredDocument) -> None:
    right = await _chunk_with(store, policy, "28 calendar days")
    wrong = await _chunk_with(store, policy, "within 24 hours")
    assert right != wrong
    out = await check(store, cite(f"doc:{policy.id}#{wrong}",
                                  "Routine repairs are completed within 28 calendar days"))
    assert (out.status, out.issues) == ("verified", ())
    assert out.source_uri == f"doc:{policy.id}#{right}"
    assert f"chunk {right} rather than chunk {wrong}" in out.detail


async def test_quote_without_a_chunk_is_checked_against_the_document(
        store: DocumentStore, policy: StoredDocument) -> None:
    ok = await check(store, cite(f"doc:{policy.id}", "completed within 28 calendar days"))
    bad = await check(store, cite(f"doc:{policy.id}", "completed within 14 calendar days"))
    assert ok.status == "verified"
    assert (bad.status, bad.issues) == ("removed", ("quote_mismatch",))


async def test_altered_quote_is_removed_as_a_mismatch(store: DocumentStore,
                                                      policy: StoredDocument) -> None:
    idx = await _chunk_with(store, policy, "within 24 hours")
    out = await check(store, cite(f"doc:{policy.id}#{idx}",
                                  "We will attend emergency repairs within 12 hours"))
    assert (out.status, out.issues) == ("removed", ("quote_mismatch",))


async def test_fabricated_chunk_index_is_removed_as_not_found(store: DocumentStore,
                                                              policy: StoredDocument) -> None:
    out = await check(store, cite(f"doc:{policy.id}#{policy.chunks + 5}", "an invented rule"))
    assert (out.status, out.issues) == ("removed", ("not_found",))
    bare = await check(store, cite(f"doc:{policy.id}#{policy.chunks + 5}"))
    assert (bare.status, bare.issues) == ("removed", ("not_found",))


async def test_fabricated_chunk_index_with_a_real_quote_keeps_the_citation(
        store: DocumentStore, policy: StoredDocument) -> None:
    out = await check(store, cite(f"doc:{policy.id}#{policy.chunks + 5}",
                                  "Routine repairs are completed within 28 calendar days"))
    assert out.status == "verified"


async def test_fabricated_document_id_is_removed_as_not_found(store: DocumentStore,
                                                              policy: StoredDocument) -> None:
    for ref in (f"doc:{uuid.uuid4()}#0", "doc:not-a-uuid#0"):
        out = await check(store, cite(ref, "We will attend emergency repairs"))
        assert (out.status, out.issues) == ("removed", ("not_found",)), ref


async def test_another_tenants_document_is_not_found(store: DocumentStore,
                                                     policy: StoredDocument) -> None:
    out = await check(store, cite(f"doc:{policy.id}#0", "Repairs policy"), tenant="tenant-b")
    assert (out.status, out.issues) == ("removed", ("not_found",))


async def test_document_citation_without_a_quote_is_unverified(store: DocumentStore,
                                                               policy: StoredDocument) -> None:
    out = await check(store, cite(f"doc:{policy.id}#0"))
    assert (out.status, out.issues) == ("unverified", ("no_quote",))


@pytest.mark.parametrize(("ref", "kind", "status", "issue", "uri"), [
    ("ukpga/2004/34/section/5", "legislation", "unverified", "source_not_configured",
     "https://www.legislation.gov.uk/ukpga/2004/34/section/5"),
    ("ukpga/1954/56/section/25", "legislation", "pre_1963_digitised", "pre_1963",
     "https://www.legislation.gov.uk/ukpga/1954/56/section/25"),
    ("ukpga/Geo3/49/126", "legislation", "pre_1963_digitised", "pre_1963",
     "https://www.legislation.gov.uk/ukpga/Geo3/49/126"),
    ("aep/Edw2/7/0", "legislation", "pre_1963_digitised", "pre_1963",
     "https://www.legislation.gov.uk/aep/Edw2/7/0"),
    ("Mobile Homes Act 1983, s. 4", "legislation", "unverified", "source_not_configured", None),
    ("[2017] EWHC 3409 (Admin)", "caselaw", "unverified", "source_not_configured", None),
    ("ext:housing-ombudsman/123", "external", "unverified", "source_not_configured", None),
])
async def test_legal_and_external_sources_are_never_verified_without_a_source(
        store: DocumentStore, ref: str, kind: str, status: str, issue: str,
        uri: str | None) -> None:
    citation = Citation(index=1, ref=ref, kind=kind, quote="anything at all",  # type: ignore[arg-type]
                        claim="A claim.", span=(0, 1), form="tag")
    out = await check(store, citation)
    assert (out.status, out.issues, out.source_uri) == (status, (issue,), uri)


async def test_a_failing_or_late_check_leaves_the_citation_unverified() -> None:
    async def broken(tenant_id: str, citation: Citation) -> Outcome:
        raise RuntimeError("boom")

    async def slow(tenant_id: str, citation: Citation) -> Outcome:
        await asyncio.sleep(5)
        raise AssertionError("not reached")

    checks = Checks(by_kind={"document": broken, "legislation": slow}, deadline_s=0.05)
    legislation = Citation(index=2, ref="ukpga/2004/34", kind="legislation", quote=None,
                           claim="", span=(0, 1), form="prose")
    outcomes = await checks.check_all(TENANT, [cite(f"doc:{uuid.uuid4()}"), legislation])
    assert [(o.status, o.issues) for o in outcomes] == [("unverified", ("check_failed",))] * 2
    assert "did not finish within 0.05 seconds" in outcomes[1].detail
    assert "RuntimeError" not in outcomes[0].detail  # the class name is for the log


async def test_an_unreachable_legal_source_says_so_rather_than_looking_like_a_miss() -> None:
    async def away(tenant_id: str, citation: Citation) -> Outcome:
        raise LexUnavailable("the Lex server did not answer")

    legislation = Citation(index=1, ref="ukpga/2004/34/section/55", kind="legislation",
                           quote=None, claim="", span=(0, 1), form="prose")
    [outcome] = await Checks(by_kind={"legislation": away}).check_all(TENANT, [legislation])
    assert (outcome.status, outcome.issues) == ("unverified",
                                                ("check_failed", "source_unavailable"))
    assert "could not be reached" in outcome.detail
    assert "not known to be wrong" in outcome.detail

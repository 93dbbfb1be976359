"""The project's own evaluation sets load, are wide enough per category, and are true to their
sources: legal ids exist in ../shared/data, quotes are verbatim, policy phrases are in their
policy. Sources are read with the standard library (``bench.legal_text``), not the engine's
parsers, so a parser bug cannot make an item look right."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest

from bench.evalsets import (
    ANSWER_CATEGORIES,
    CACHE_CATEGORIES,
    CLAIM_CATEGORIES,
    POLICIES,
    RETRIEVAL_CATEGORIES,
    AnswerItem,
    ClaimItem,
    RetrievalItem,
    load_answers,
    load_cache_pairs,
    load_claims,
    load_retrieval,
    policy_ref,
)
from bench.legal_text import DATA, judgments, normalise, provisions
from bench.tools.build_verification_claims import items as built_claims

RETRIEVAL = load_retrieval()
ANSWERS = load_answers()
CLAIMS = load_claims()
CACHE_PAIRS = load_cache_pairs()
_CLML = "{http://www.legislation.gov.uk/namespaces/legislation}"
_ID_BASE = "http://www.legislation.gov.uk/id/"
_TAG = re.compile(r'<cite ref="(?P<ref>[^"]+)" quote="(?P<quote>[^"]*)">')
# Facts naming a provision or a commencement date are not in the provision's own text.
_STATUS_OR_CITATION = re.compile(
    r"^(section|s\.) ?\d|\bAct\b|January|February|March|April|May|June|July|August|September|"
    r"October|November|December")
_STOP = frozenset(
    "a an and are as at be can do does for from get how if in is it its of on or our that the "
    "their there they this to up we what when where which who will with you your".split())


@cache
def _paragraphs(stem: str) -> tuple[str, ...]:
    text = (POLICIES / f"{stem}.md").read_text(encoding="utf-8")
    return tuple(normalise(p).lower() for p in re.split(r"\n\s*\n", text) if p.strip())


def _ref_kind(ref: str) -> str:
    if ref in judgments():
        return "caselaw"
    if "#" in ref:
        return "policies"
    return "legislation"


@cache
def _schedules() -> dict[str, str]:
    """Each Schedule's id path and heading: the engine indexes a Schedule whole, as one
    provision, while ``provisions`` holds its paragraphs."""
    found: dict[str, str] = {}
    for path in sorted((DATA / "legislation").glob("*.xml")):
        for e in ET.parse(path).getroot().iter(f"{_CLML}Schedule"):
            uri = e.get("IdURI") or ""
            title = e.find(f"{_CLML}TitleBlock/{_CLML}Title")
            if uri.startswith(_ID_BASE):
                found[uri.removeprefix(_ID_BASE)] = "".join(
                    title.itertext()) if title is not None else ""
    return found


def _heading(ref: str) -> str:
    return _schedules()[ref] if ref in _schedules() else provisions()[ref].heading


def _check_ref(ref: str) -> None:
    kind = _ref_kind(ref)
    if kind == "policies":
        stem, phrase = policy_ref(ref)
        assert (POLICIES / f"{stem}.md").is_file(), ref
        hits = [p for p in _paragraphs(stem) if normalise(phrase).lower() in p]
        assert len(hits) == 1, f"{ref}: phrase in {len(hits)} paragraphs, want exactly 1"
    elif kind == "legislation":
        assert ref in provisions() or ref in _schedules(), (
            f"{ref} is not in ../shared/data/legislation")
        assert re.fullmatch(
            r"[a-z]+/[^/]+/[^/]+(/[^/]+)?/(section|article|schedule)/[0-9A-Za-z.]+", ref), (
            f"{ref}: relevance is judged at section level")


def _min_per_category(found: Sequence[str], wanted: Sequence[str], least: int) -> None:
    counts = Counter(found)
    assert set(counts) == set(wanted), set(counts) ^ set(wanted)
    short = {c: n for c, n in counts.items() if n < least}
    assert not short, f"categories with fewer than {least} items: {short}"


def test_sets_are_wide_and_ids_unique() -> None:
    assert len(RETRIEVAL) >= 120 and len(ANSWERS) >= 80 and len(CLAIMS) >= 120
    _min_per_category([i.category for i in RETRIEVAL], RETRIEVAL_CATEGORIES, 8)
    _min_per_category([i.category for i in ANSWERS], ANSWER_CATEGORIES, 8)
    _min_per_category([i.category for i in CLAIMS], CLAIM_CATEGORIES, 10)
    ids = [i.id for i in RETRIEVAL] + [i.id for i in ANSWERS] + [i.id for i in CLAIMS]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]


def test_every_corpus_is_represented_in_retrieval() -> None:
    corpora = Counter(i.corpus for i in RETRIEVAL)
    assert corpora["policies"] >= 40 and corpora["legislation"] >= 40 and corpora["caselaw"] >= 5


@pytest.mark.parametrize("item", RETRIEVAL, ids=lambda i: i.id)
def test_retrieval_ids_resolve(item: RetrievalItem) -> None:
    assert item.relevant and item.q.strip()
    for ref in item.relevant:
        assert _ref_kind(ref) == item.corpus, (item.id, ref)
        _check_ref(ref)
    assert bool(item.history) == (item.category == "follow_up"), item.id


def _content_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9£]+", normalise(text).lower())
    return {w[:5] for w in words if w not in _STOP and len(w) > 2}


@pytest.mark.parametrize(
    "item", [i for i in RETRIEVAL if i.category == "paraphrase_no_shared_words"],
    ids=lambda i: i.id)
def test_paraphrases_share_no_content_word(item: RetrievalItem) -> None:
    for ref in item.relevant:
        if item.corpus == "policies":
            answer = policy_ref(ref)[1]
        elif item.corpus == "legislation":
            answer = _heading(ref)
        else:
            continue
        shared = _content_words(item.q) & _content_words(answer)
        assert not shared, (item.id, ref, shared)


@pytest.mark.parametrize("item", ANSWERS, ids=lambda i: i.id)
def test_answer_items_are_consistent(item: AnswerItem) -> None:
    for ref in item.must_cite:
        _check_ref(ref)
    if item.expect == "not_in_sources":
        assert not item.must_cite and not item.key_facts, item.id
    else:
        assert item.must_cite and item.key_facts and all(item.key_facts), item.id
    assert bool(item.history) == (item.category == "follow_up"), item.id
    if item.category == "compare":
        assert len(item.must_cite) >= 2, item.id


def _cited_text(refs: Sequence[str]) -> str:
    parts = []
    for ref in refs:
        if _ref_kind(ref) == "policies":
            stem, _ = policy_ref(ref)
            parts.append(" ".join(_paragraphs(stem)))
        elif _ref_kind(ref) == "legislation":
            # A Schedule is cited whole; its text is that of its paragraphs.
            texts = ([provisions()[ref].text] if ref in provisions() else
                     [p.text for k, p in provisions().items() if k.startswith(ref + "/")])
            parts.append(normalise(" ".join(texts)).lower())
    return " ".join(parts)


@pytest.mark.parametrize("item", [i for i in ANSWERS if i.expect == "answer"], ids=lambda i: i.id)
def test_numeric_key_facts_are_in_the_cited_sources(item: AnswerItem) -> None:
    """A number the answer must state is one the cited sources state (status facts aside)."""
    text = _cited_text(item.must_cite)
    for fact in item.key_facts:
        if not text or not any(re.search(r"\d", a) for a in fact) or any(
                _STATUS_OR_CITATION.search(a) for a in fact):
            continue
        assert any(normalise(a).lower() in text for a in fact), (item.id, fact)


@pytest.mark.parametrize("item", CLAIMS, ids=lambda i: i.id)
def test_claim_citations_exist_and_quotes_are_verbatim(item: ClaimItem) -> None:
    assert item.text.count("<cite") <= 1, item.id
    if item.label == "fabricated":
        assert item.expected_issue, item.id
    m = _TAG.search(item.text)
    if m is None:
        return
    ref = m["ref"]
    source = judgments()[ref].text if ref in judgments() else provisions().get(ref)
    assert source is not None, f"{item.id}: {ref} is not in ../shared/data"
    text = source if isinstance(source, str) else source.text
    quote = m["quote"].replace("&quot;", '"')
    # Every quote in this set is verbatim, fabricated items included: their fault is the claim.
    assert normalise(quote) in normalise(text), item.id


def test_claims_file_is_what_the_builder_makes() -> None:
    assert [c.id for c in CLAIMS] == [i["id"] for i in built_claims()]
    assert [c.text for c in CLAIMS] == [i["text"] for i in built_claims()]


def test_claims_are_roughly_half_real() -> None:
    labels = Counter(c.label for c in CLAIMS)
    assert 0.4 <= labels["real"] / len(CLAIMS) <= 0.6, labels


@pytest.mark.parametrize("path", sorted(POLICIES.glob("*.md")), ids=lambda p: p.stem)
def test_benchmark_policies_are_full_policies(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert 500 <= len(text.split()) <= 1200, path.name
    assert text.startswith("# ") and text.count("\n## ") >= 5, path.name
    assert "Fictional" in text and "Fenmoor Valley Homes" in text, path.name


def test_cache_pairs_are_wide_labelled_and_distinct() -> None:
    """At least 160 pairs: 70 paraphrases and 10 near-misses of every kind (issue 11)."""
    assert len(CACHE_PAIRS) >= 160
    counts = Counter(p.category for p in CACHE_PAIRS)
    assert counts["paraphrase"] >= 70, counts
    _min_per_category([p.category for p in CACHE_PAIRS], CACHE_CATEGORIES, 10)
    ids = [p.id for p in CACHE_PAIRS]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for p in CACHE_PAIRS:
        assert p.same == (p.category == "paraphrase"), p.id
        assert p.a.strip() and p.b.strip() and p.a != p.b, p.id
    pairs = [frozenset((p.a, p.b)) for p in CACHE_PAIRS]
    assert len(pairs) == len(set(pairs)), "a pair is repeated"

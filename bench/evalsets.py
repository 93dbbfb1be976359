"""Typed loaders for the project's own evaluation sets (described in ``retrieval_set.md``):
retrieval questions, answer-quality questions, claim-support verification cases and the
semantic cache's labelled question pairs.

    from bench.evalsets import load_retrieval, load_answers, load_claims, load_cache_pairs
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeVar

import msgspec

__all__ = [
    "ANSWER_CATEGORIES",
    "ANSWER_SET",
    "CACHE_CATEGORIES",
    "CACHE_PAIRS",
    "CLAIM_CATEGORIES",
    "CLAIM_SET",
    "FRESH",
    "POLICIES",
    "RETRIEVAL_CATEGORIES",
    "RETRIEVAL_SET",
    "AnswerItem",
    "CachePair",
    "ClaimItem",
    "RetrievalItem",
    "load_answers",
    "load_cache_pairs",
    "load_claims",
    "load_retrieval",
    "policy_ref",
]

HERE = Path(__file__).resolve().parent
RETRIEVAL_SET = HERE / "retrieval_set.jsonl"
ANSWER_SET = HERE / "answer_set.jsonl"
CLAIM_SET = HERE / "verification_claims.jsonl"
CACHE_PAIRS = HERE / "cache_pairs.jsonl"
POLICIES = HERE / "policies"
FRESH = ("r6f-", "r7f-", "r8f-", "r9f-", "r10f-", "r11f-", "r12f-", "r13f-", "r14f-",
         "r16f-", "r17f-", "r18f-", "r19f-", "r20f-")
"""The id prefixes of each round's fresh retrieval items (rounds six to fourteen and sixteen to
twenty; round fifteen wrote none), written and first run before any change of their round: the
benchmarks also score them apart, each round's alone too, our estimate of a held-out set."""

RetrievalCategory = Literal[
    "exact_terms", "paraphrase_no_shared_words", "abbreviation", "follow_up",
    "similar_but_different", "section_number", "casual_wording", "long_question"]
AnswerCategory = Literal[
    "how_quickly", "can_we_must_we", "compare", "who", "follow_up", "not_in_sources",
    "repealed_law", "definition"]
ClaimCategory = Literal[
    "wrong_subject", "duty_vs_power", "numbers_in_words", "wrong_party", "paraphrased_real",
    "quote_of_subsection", "repealed_as_current", "repealed_as_history", "judgment_paraphrase",
    "judgment_outcome"]
IssueCode = Literal[
    "not_found", "quote_mismatch", "claim_unsupported", "jurisdiction", "repealed",
    "not_in_force", "name_mismatch", "pre_1963"]

CacheCategory = Literal[
    "paraphrase", "party", "legal_ref", "number", "category", "jurisdiction", "negation",
    "modality", "topic", "follow_up_context"]
"""``paraphrase`` pairs ask the same thing; every other category is a near-miss of that kind."""

RETRIEVAL_CATEGORIES: tuple[str, ...] = RetrievalCategory.__args__
ANSWER_CATEGORIES: tuple[str, ...] = AnswerCategory.__args__
CLAIM_CATEGORIES: tuple[str, ...] = ClaimCategory.__args__
CACHE_CATEGORIES: tuple[str, ...] = CacheCategory.__args__


class RetrievalItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A question and the passages that answer it (ids as in ``retrieval_set.md``)."""

    id: str
    category: RetrievalCategory
    corpus: Literal["policies", "legislation", "caselaw"]
    q: str
    relevant: list[str]
    history: list[str] = []
    """Earlier user questions in the conversation, oldest first (follow-ups only)."""


class AnswerItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A question, what a good answer must state and cite, and what kind of answer it is."""

    id: str
    category: AnswerCategory
    q: str
    history: list[str] = []
    key_facts: list[list[str]] = []
    """Each inner list is one fact: the answer must contain one of its alternatives."""
    must_cite: list[str] = []
    expect: Literal["answer", "not_in_sources", "repealed"] = "answer"
    notes: str = ""


class ClaimItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An answer fragment with one citation, labelled as ``verification_set.jsonl`` is."""

    id: str
    text: str
    jurisdiction: Literal["england", "wales", "scotland", "northern_ireland"]
    label: Literal["real", "fabricated"]
    category: ClaimCategory
    expected_issue: IssueCode | None = None
    expected_status: Literal["verified", "pre_1963_digitised"] | None = None


class CachePair(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Two questions and whether one's verified answer may be served for the other."""

    id: str
    category: CacheCategory
    a: str
    b: str
    same: bool
    """They ask the same thing (paraphrases); ``False`` for every near-miss."""
    note: str = ""


T = TypeVar("T")


def _load(path: Path, kind: type[T]) -> list[T]:
    decoder = msgspec.json.Decoder(kind)
    return [decoder.decode(line) for line in path.read_bytes().splitlines() if line.strip()]


def load_retrieval(path: Path = RETRIEVAL_SET) -> list[RetrievalItem]:
    return _load(path, RetrievalItem)


def load_answers(path: Path = ANSWER_SET) -> list[AnswerItem]:
    return _load(path, AnswerItem)


def load_claims(path: Path = CLAIM_SET) -> list[ClaimItem]:
    return _load(path, ClaimItem)


def load_cache_pairs(path: Path = CACHE_PAIRS) -> list[CachePair]:
    return _load(path, CachePair)


def policy_ref(ref: str) -> tuple[str, str]:
    """``"complaints#within 5 working days"`` → ``("complaints", "within 5 working days")``."""
    stem, sep, phrase = ref.partition("#")
    if not sep or not stem or not phrase:
        raise ValueError(f"not a policy reference: {ref!r}")
    return stem, phrase

"""The verification benchmarks, run in CI: both labelled sets through ``yourai verify``.

The first set (issue 4: existence, quotes, figures, extent, repeal) must meet its targets. The
claim-support set (issue 14: wrong subject, duty or power, numbers in words, wrong party,
judgment outcomes, paraphrases, subsection quotes, repeal) must never leave a fabricated or
wrong citation ``verified`` and must remove no more than 1 % of the real ones, in every
category as well as overall (docs/BENCHMARKS.md has the per-category figures). Round seven's
fresh set (``verification_fresh.jsonl``, written as a held-out estimate) is held to the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.verification import (
    CORPUS,
    SET,
    TARGET_FABRICATED_CAUGHT,
    TARGET_REAL_ACCEPTED,
    TARGET_REAL_REMOVED,
    Outcome,
    by_category,
    load,
    outcomes,
    overall,
    run_verifier,
)
from tests.conftest import MODEL_CACHE

CLAIMS = SET.with_name("verification_claims.jsonl")
FRESH = SET.with_name("verification_fresh.jsonl")
CLAIMS_REAL_REMOVED_MAX = 0.01
CLAIMS_CAUGHT_FLOOR = 1.0
"""Issue 14: a fabricated or wrong citation is never ``verified``."""


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Outcome]]:
    first, claims, fresh = load(SET), load(CLAIMS), load(FRESH)
    lines = run_verifier([*first, *claims, *fresh], CORPUS,
                         Path(tmp_path_factory.mktemp("verify")), model_cache=MODEL_CACHE)
    return {"first": outcomes(first, lines), "claims": outcomes(claims, lines),
            "fresh": outcomes(fresh, lines)}


@pytest.fixture(scope="module")
def results(found: dict[str, list[Outcome]]) -> dict[str, dict[str, float | int | bool]]:
    return {name: overall(items) for name, items in found.items()}


def test_the_first_set_meets_its_targets(results: dict[str, dict[str, float | int | bool]]
                                         ) -> None:
    found = results["first"]
    assert found["fabricated_not_verified"] >= TARGET_FABRICATED_CAUGHT, found
    assert found["real_accepted"] >= TARGET_REAL_ACCEPTED, found
    assert found["real_removed"] <= TARGET_REAL_REMOVED, found


def test_claim_support_removes_no_real_citation_and_holds_its_catch_rate(
        results: dict[str, dict[str, float | int | bool]]) -> None:
    found = results["claims"]
    assert found["real_removed"] <= CLAIMS_REAL_REMOVED_MAX, found
    assert found["fabricated_not_verified"] >= CLAIMS_CAUGHT_FLOOR, found


def test_the_fresh_set_removes_no_real_citation_and_passes_no_wrong_one(
        results: dict[str, dict[str, float | int | bool]]) -> None:
    found = results["fresh"]
    assert found["real_removed"] <= CLAIMS_REAL_REMOVED_MAX, found
    assert found["fabricated_not_verified"] >= CLAIMS_CAUGHT_FLOOR, found


def test_no_category_passes_a_wrong_citation_or_removes_real_ones(
        found: dict[str, list[Outcome]]) -> None:
    """Per category, so a good overall rate cannot hide one kind of citation going wrong."""
    for name, items in found.items():
        for score in by_category(items):
            if score.label == "fabricated":
                assert score.statuses["verified"] == 0, (name, score)
            else:
                assert score.removed_rate <= CLAIMS_REAL_REMOVED_MAX, (name, score)

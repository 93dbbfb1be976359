"""The verification benchmarks, run in CI: both labelled sets through ``yourai verify``.

The first set (issue 4: existence, quotes, figures, extent, repeal) must meet its targets. The
claim-support set (issue 14: wrong subject, duty or power, numbers in words, wrong party,
paraphrases, subsection quotes, repeal) must remove no real citation (≤ 1 %) and must not fall
back below the share of wrong citations it catches today; its own target, 100 % not verified,
is not met yet (docs/BENCHMARKS.md lists what still passes).
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
    load,
    outcomes,
    overall,
    run_verifier,
)

CLAIMS = SET.with_name("verification_claims.jsonl")
CLAIMS_REAL_REMOVED_MAX = 0.01
CLAIMS_CAUGHT_FLOOR = 0.80
"""What the claim-support checks catch now; a change that catches less fails here."""


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, float | int | bool]]:
    first, claims = load(SET), load(CLAIMS)
    lines = run_verifier([*first, *claims], CORPUS, Path(tmp_path_factory.mktemp("verify")))
    return {"first": overall(outcomes(first, lines)), "claims": overall(outcomes(claims, lines))}


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

"""Round sixteen's rules of the cache's guard, each by the kind of wording it reads: how much
of a group, period or place a question asks about (``shared/cache/_extent.py``). The questions are
written for these tests, not taken from bench/cache_pairs*.jsonl; each near-miss here is served
by the guard without its rule."""

from __future__ import annotations

import pytest

from shared.cache.guard import question_features, reuse_verdict

HIGH = 0.99
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we insulate all lofts on an estate?", "Must we insulate some lofts on an estate?"),
    ("Should every leaseholder get a copy of the insurance policy?",
     "Should a few leaseholders get a copy of the insurance policy?"),
    ("Can we survey the flats in a block?", "Can we survey a number of the flats in a block?"),
    ("Do tenants have a right to a parking space?",
     "Do several tenants have a right to a parking space?"),
])
def test_part_of_a_group_is_not_the_whole_group(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "extents" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can contractors work on our estates during school holidays?",
     "Can contractors work on our estates outside school holidays?"),
    ("Can we place a homeless household in our district?",
     "Can we place a homeless household out of our district?"),
    ("Must we answer repair calls during office hours?",
     "Must we answer repair calls outside office hours?"),
])
def test_outside_a_period_or_place_is_not_within_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "extents" in verdict.reason


@pytest.mark.parametrize("question", [
    "Must we give some notice before an inspection?",
    "How many tenants must sign a petition?",
    "Who repairs the outside of a block?",
    "Can a tenant paint the outside walls?",
])
def test_a_quantity_without_a_group_or_an_exterior_is_no_extent(question: str) -> None:
    assert question_features(question).extent == frozenset()

"""Round sixteen's rules of the cache's guard, each by the kind of wording it reads: how much
of a group, period or place a question asks about (``shared/cache/_extent.py``) and what it
says of a thing in a clause of its own (``shared/cache/_clauses.py``). The questions are
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
     "Do several of our tenants have a right to a parking space?"),
])
def test_part_of_a_group_is_not_the_whole_group(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "extents" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can contractors work on our estates during the school holidays?",
     "Can contractors work on our estates outside the school holidays?"),
    ("Can we place a homeless household in our district?",
     "Can we place a homeless household out of our district?"),
    ("Must we answer repair calls during the working day?",
     "Must we answer repair calls outside the working day?"),
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


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays to replace a window?", "Who pays to replace a window that was smashed?"),
    ("Must we rehouse a tenant?", "Must we rehouse a tenant who asks?"),
    ("Can we charge for replacing a parking permit?",
     "Can we charge for replacing a parking permit they lost?"),
    ("Must we remove a shed?", "Must we remove a shed which blocks a fire exit?"),
])
def test_a_clause_of_its_own_narrows_what_it_names(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "clause" in verdict.reason


def test_a_clause_the_other_says_as_a_condition_narrows_nothing() -> None:
    """"A tenant who refuses access" is "if a tenant will not let us in": each clause's other
    words are rewording, left to the cosine."""
    assert "clause" not in reuse_verdict(
        "What can we do if a tenant will not let us in to service the boiler?",
        "How should we deal with a tenant who refuses access for boiler servicing?",
        HIGH).reason


def test_a_clause_whose_words_the_other_says_is_no_narrowing() -> None:
    assert reuse_verdict("Do we have to fix a gutter that leaks?",
                         "Do we have to fix a leaking gutter?", HIGH).reusable


@pytest.mark.parametrize("question", [
    "Must we sweep chimneys every year?",
    "Is there evidence that the tenant sublets?",
    "What should we do when they refuse?",
])
def test_a_question_s_own_verb_and_what_is_said_are_no_clause(question: str) -> None:
    assert question_features(question).clause == frozenset()


MID = 0.85
"""Above the floor, below ``WORDING_SIMILARITY``: served only where each question says every
word of substance of the other."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we give a tenant vouchers instead of cash for a removal grant?",
     "Can we give a tenant vouchers rather than money for a removal grant?"),
    ("Can a water company fit a meter without our consent?",
     "Can a water provider fit a meter without our consent?"),
    ("How often should a flue be swept?", "How often should we sweep a flue?"),
    ("Who pays to redecorate after a leak?", "Who pays for decoration after a leak?"),
    ("Must we lag pipes in a loft?", "Must we insulate pipes in a loft?"),
    ("What must we tell incoming tenants about the gas supply?",
     "What must we tell new tenants about the gas supply?"),
    ("Can we recharge a departing tenant for a missing key?",
     "Can we recharge an outgoing tenant for a missing key?"),
])
def test_everyday_words_of_one_meaning_are_no_swap(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert verdict.reusable, verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we take out a gas fire?", "Can we remove a gas fire?"),
    ("Can a tenant put in a water softener?", "Can a tenant install a water softener?"),
    ("Can we cut down a tree in a tenant's garden?", "Can we fell a tree in a tenant's garden?"),
    ("Who should sort out a blocked drain?", "Who should deal with a blocked drain?"),
    ("Who covers the cost of a new fence?", "Who pays for a new fence?"),
    ("Must we look into a noise complaint?", "Must we investigate a noise complaint?"),
    ("Can we put up scaffolding in a tenant's garden?",
     "Can we erect scaffolding in a tenant's garden?"),
    ("What must we check in the course of a fire risk assessment?",
     "What must we check during a fire risk assessment?"),
    ("Must we fit sprinklers in blocks of flats?", "Must we fit sprinklers in blocks?"),
])
def test_a_phrase_and_its_one_word_say_the_same(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, MID)
    assert verdict.reusable, verdict.reason


@pytest.mark.parametrize(("question", "not_read"), [
    ("Can a tenant put in a complaint about a neighbour?", "instal"),
    ("Can we take out an injunction against a tenant?", "remov"),
    ("Can we put up the rent twice a year?", "erect"),
    ("How can we cut down on energy bills?", "fell"),
])
def test_a_phrase_in_another_sense_is_not_its_one_word(question: str, not_read: str) -> None:
    assert not_read not in question_features(question).stems


def test_outside_a_thing_says_where_it_stands_not_an_extent() -> None:
    """"A bike store outside their flat" is one by the flat, as "in front of their flat" says;
    only a period or an area has an outside that is its complement."""
    assert question_features("Can a tenant put a bike store outside their flat?").extent == \
        frozenset()
    assert "extents" not in reuse_verdict("Can a tenant put a bike store in front of their flat?",
                                          "Can a tenant put a bike store outside their flat?",
                                          HIGH).reason

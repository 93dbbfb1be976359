"""The guard's lexicon of housing officers' everyday words (shared/cache/_alike.py) and the
words that only frame or weigh a question (shared/cache/_features.py): a paraphrase that swaps
one word of a class for another is served, and the near neighbour of another meaning still is
not. The questions are written for these tests, not taken from bench/cache_pairs*.jsonl."""

from __future__ import annotations

import pytest

from shared.cache._alike import alike
from shared.cache.guard import question_features, reuse_verdict
from shared.text.terms import stem

HIGH = 0.97
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("one", "other"), [
    ("Must we notify the tenant in writing of a rent increase?",
     "Must we inform the tenant in writing of a rent increase?"),
    ("Who has to mend a garden fence that has blown down?",
     "Who has to repair a garden fence that has blown down?"),
    ("Who pays to repaint the stairwell of a block?",
     "Who pays to repaint the stairwell of a building?"),
    ("How should we secure a void against squatters?",
     "How should we secure an empty property against squatters?"),
    ("Can we bill a tenant for a lost key?", "Can we charge a tenant for a lost key?"),
    ("Does a tenant need our permission to keep a pet?",
     "Does a tenant need our consent to keep a pet?"),
    ("Can we extend an introductory tenancy?", "Can we prolong an introductory tenancy?"),
    ("Can we ban smoking in communal areas?", "Can we prohibit smoking in communal areas?"),
    ("Can we evict for rent arrears?", "Can we evict for a rent debt?"),
    ("Can we recover arrears from a former tenant?",
     "Can we recover arrears from a previous tenant?"),
    ("On what grounds can we refuse a mutual exchange?",
     "For what reasons can we refuse a mutual exchange?"),
    ("Can a tenant erect a shed in the garden?", "Can a tenant install a shed in the garden?"),
    ("Can we talk to a tenant's carer about the tenancy?",
     "Can we discuss the tenancy with a tenant's carer?"),
    ("Can a shared owner buy a further share?", "Can a shared owner purchase a further share?"),
    ("Who pays for damp found indoors?", "Who pays for damp found inside?"),
    ("Who has to get rid of pigeons nesting on a block?",
     "Who has to remove pigeons nesting on a block?"),
    ("Can tenants swap homes with tenants of another landlord?",
     "Can tenants exchange homes with tenants of another landlord?"),
    ("Who can vote in a stock transfer ballot?", "Who can take part in a stock transfer vote?"),
    ("How should we consult on a regeneration scheme?",
     "How should we consult on a regeneration project?"),
    ("Must letters to tenants be in plain English?",
     "Must correspondence with tenants be in plain English?"),
])
def test_a_word_swapped_for_another_of_its_class_is_served(one: str, other: str) -> None:
    assert reuse_verdict(one, other, HIGH).reusable
    assert reuse_verdict(other, one, HIGH).reusable


@pytest.mark.parametrize(("one", "other"), [
    ("Can a tenant keep a cat in a flat?", "Can a tenant keep a cat in a house?"),
    ("Who pays to repaint the stairwell of a block?",
     "Who pays to repaint the stairwell of an estate?"),
    ("Can we bill a tenant for a lost key?", "Can we refund a tenant for a lost key?"),
    ("Does a tenant need our consent to keep a pet?",
     "Does a tenant need our consent to keep a lodger?"),
    ("Can we extend an introductory tenancy?", "Can we demote an introductory tenancy?"),
    ("Can we evict for rent arrears?", "Can we evict for a rent overpayment?"),
    ("Can we recover arrears from a former tenant?",
     "Can we recover arrears from a current tenant?"),
    ("Must we notify the tenant in writing of a rent increase?",
     "Must we consult the tenant in writing on a rent increase?"),
    ("Who has to mend a garden fence that has blown down?",
     "Who has to replace a garden fence that has blown down?"),
    ("How is the service charge shared between leaseholders?",
     "How is the service charge disclosed to leaseholders?"),
    ("Can we charge a tenant for clearing a garden?",
     "Can we charge a tenant for removing a garden?"),
    ("Can a tenant erect a shed in the garden?", "Can a tenant build a shed in the garden?"),
    ("Can we talk to a tenant's carer about the tenancy?",
     "Can we consult a tenant's carer about the tenancy?"),
    ("Can a tenant buy their home?", "Can a tenant acquire their home?"),
    ("Can a shared owner buy a further share?", "Can a shared owner sell a further share?"),
    ("Who pays for damp found indoors?", "Who pays for damp found outside?"),
    ("Can tenants swap homes with tenants of another landlord?",
     "Can tenants transfer homes with tenants of another landlord?"),
    ("Who can vote on a stock transfer?", "Who can be consulted on a stock transfer?"),
    ("How should we consult on a regeneration scheme?",
     "How should we consult on a regeneration policy?"),
    ("Must letters to tenants be in plain English?",
     "Must notices to tenants be in plain English?"),
])
def test_a_near_neighbour_of_another_meaning_is_still_refused(one: str, other: str) -> None:
    assert not reuse_verdict(one, other, HIGH).reusable
    assert not reuse_verdict(other, one, HIGH).reusable


def test_a_kind_of_home_meets_the_general_word_but_not_another_kind() -> None:
    assert stem("home") in alike(frozenset({stem("flat")}))
    assert stem("flat") in alike(frozenset({stem("home")}))
    assert stem("house") not in alike(frozenset({stem("flat")}))


def test_words_that_only_stress_or_weigh_a_question_are_no_part_of_it() -> None:
    assert reuse_verdict("Does one joint tenant's notice to quit end the whole tenancy?",
                         "Does one joint tenant's notice to quit end the tenancy?",
                         HIGH).reusable
    assert reuse_verdict("What is the method for setting a service charge?",
                         "How do we set a service charge?", HIGH).reusable
    assert reuse_verdict("At what point must we refer a tenant to adult social care?",
                         "When must we refer a tenant to adult social care?", HIGH).reusable


def test_a_single_person_is_a_kind_of_household_not_a_stress() -> None:
    assert not reuse_verdict("How long can a single person stay in a hostel?",
                             "How long can a family stay in a hostel?", HIGH).reusable


def test_good_practice_asks_what_we_should_do() -> None:
    assert question_features("Is it good practice to visit new tenants?").modality == {"advice"}
    assert reuse_verdict("Is it good practice to visit new tenants?",
                         "Should we visit new tenants?", HIGH).reusable
    assert not reuse_verdict("Is it good practice to visit new tenants?",
                             "Must we visit new tenants?", HIGH).reusable


@pytest.mark.parametrize(("one", "other"), [
    ("Do we need to fit smoke alarms?", "Do we need to fit heat detectors and smoke alarms?"),
    ("Must we consult tenants about repairs?",
     "Must we consult tenants about repairs and improvements?"),
    ("Can a tenant keep a cat?", "Can a tenant keep a cat or a dog?"),
])
def test_a_thing_joined_to_what_the_other_names_is_a_thing_of_its_own(one: str, other: str
                                                                       ) -> None:
    assert not reuse_verdict(one, other, HIGH).reusable
    assert not reuse_verdict(other, one, HIGH).reusable


def test_the_same_things_joined_on_both_sides_are_no_addition() -> None:
    assert question_features("Do we need a damp and mould policy?").joined == {"damp", "mould",
                                                                               "policy"}
    assert reuse_verdict("What should be in a damp and mould policy?",
                         "What should a damp and mould policy contain?", HIGH).reusable

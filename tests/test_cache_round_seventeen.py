"""Round seventeen's rules of the cache's guard, each by the kind of wording it reads: a
condition of its own (``shared/cache/_clauses.py``), "more … than" against "less … than", a
question about the past (``shared/cache/_tense.py``) and a part or an item of what the other
question names. The questions are written for these tests, not taken from
bench/cache_pairs*.jsonl; each near-miss here is served by the guard without its rule."""

from __future__ import annotations

import pytest

from shared.cache.guard import embedding_text, question_features, reuse_verdict

HIGH = 0.99
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we recharge a tenant for a new front door?",
     "Can we recharge a tenant for a new front door if they kicked it in?"),
    ("Who pays to clear a blocked drain?",
     "Who pays to clear a blocked drain if nappies caused the blockage?"),
    ("Must we rehouse a household after a flood if the flat upstairs leaked?",
     "Must we rehouse a household after a flood?"),
])
def test_a_condition_of_its_own_narrows_the_case(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "condition of its own" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("What should we do if a tenant will not let a gas engineer in?",
     "What should we do when a tenant refuses a gas engineer entry?"),
    ("When can a tenant ask for a review of a decision?",
     "Can a tenant ask for a review of a decision?"),
])
def test_one_reworded_word_or_a_question_word_is_no_condition(cached: str, new: str) -> None:
    assert "condition of its own" not in reuse_verdict(new, cached, HIGH).reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we inspect tower blocks more often than houses?",
     "Must we inspect tower blocks less often than houses?"),
    ("Can we charge leaseholders more for the lift than it costs us?",
     "Can we charge leaseholders less for the lift than it costs us?"),
    ("Should a refuge have more bedrooms than bathrooms?",
     "Should a refuge have fewer bedrooms than bathrooms?"),
])
def test_more_than_and_less_than_a_few_words_apart_are_opposite_sides(cached: str,
                                                                       new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite sides" in verdict.reason


def test_only_more_or_less_is_read_so_the_words_between_stay_substance() -> None:
    features = question_features("Must we inspect tower blocks more often than houses?")
    assert "above" in features.comparisons and {"tower", "block"} <= features.substance


@pytest.mark.parametrize(("cached", "new"), [
    ("Did we need a licence to let the flat above the shop?",
     "Will we need a licence to let the flat above the shop?"),
    ("Who was responsible for the fire risk assessment of the block?",
     "Who is responsible for the fire risk assessment of the block?"),
])
def test_the_past_is_not_now_or_later(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "the past" in verdict.reason


@pytest.mark.parametrize(("question", "past"), [
    ("Did we have to tell the tenant?", True),
    ("Were we required to consult leaseholders?", True),
    ("Will a tenant need our consent?", False),
    ("If the tenant was warned, can we end the tenancy?", False),
    ("What should we do if bats were found in the roof?", False),
])
def test_the_past_is_read_from_the_question_own_clause(question: str, past: bool) -> None:
    assert question_features(question).past is past


@pytest.mark.parametrize(("cached", "new"), [
    ("Who maintains a passenger lift?", "Who maintains a passenger lift motor?"),
    ("Must we replace a kitchen sink?", "Must we replace a kitchen sink tap?"),
    ("Who repairs a garage?", "Who repairs a garage door?"),
])
def test_a_part_or_an_item_of_what_the_other_names(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "a part or an item" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("What is a stock condition survey?", "What does a stock condition survey involve?"),
    ("Can we cut off the water when we repair a mains pipe?",
     "Can we cut off the water supply when we repair a mains pipe?"),
])
def test_a_verb_or_a_compound_inside_a_clause_is_no_part(cached: str, new: str) -> None:
    assert "a part or an item" not in reuse_verdict(new, cached, HIGH).reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we recover the cost of a replacement fob from a tenant?",
     "Can we recover the cost of a replacment fob from a tenant?"),
    ("Who is responsible for a gutter that has overflowed?",
     "Who is responsible for a gutter that has overflwoed?"),
])
def test_a_word_typed_with_one_slip_is_the_word(cached: str, new: str) -> None:
    assert reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays for rats in a loft?", "Who pays for cats in a loft?"),
    ("Must we fit a meter in a flat?", "Must we fit a metre in a flat?"),
])
def test_short_words_one_letter_apart_are_other_words(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Who cleans the stairs in the block?", "Who cleans the stains in the block?"),
    ("Who pays for the stains on the carpet?", "Who pays for the stairs on the carpet?"),
])
def test_two_words_in_use_one_slip_apart_are_two_things(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("question", "spelt"), [
    ("What if it's been flooded twice?", "What if it is been flooded twice?"),
    ("What should we do once we've served notice?",
     "What should we do once we have served notice?"),
    ("Can they complain if they're moved?", "Can they complain if they are moved?"),
])
def test_contractions_of_a_pronoun_are_spelt_out(question: str, spelt: str) -> None:
    assert question_features(question) == question_features(spelt)


def test_its_without_an_apostrophe_is_whose() -> None:
    assert "its roof" in embedding_text("Who repairs its roof?")
    assert "it is leaking" in embedding_text("Who repairs a roof if it's leaking?")


def test_permissible_asks_of_the_law_as_allowed_does() -> None:
    """A word of framing, not of substance: the pair needs no more than the covered floor."""
    assert reuse_verdict("Is it permissible for tenants to keep a pet rabbit?",
                         "Are tenants allowed to keep a pet rabbit?", 0.85).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can tenants dry their washing in the loft?", "Can tenants dry their laundry in the loft?"),
    ("Who empties a cesspit on a rural estate?", "Who empties a cesspool on a rural estate?"),
])
def test_everyday_words_of_one_meaning(cached: str, new: str) -> None:
    assert reuse_verdict(new, cached, HIGH).reusable

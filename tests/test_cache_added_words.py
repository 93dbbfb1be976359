"""Words only one question says (shared/cache/guard.py, rule 5): which narrow the case asked
about and are refused at any similarity, and which only reword it. The questions are written
for these tests, not taken from bench/cache_pairs*.jsonl; each near-miss here was served by the
guard at a cosine above ``WORDING_SIMILARITY`` before its rule."""

from __future__ import annotations

import pytest

from shared.cache.guard import WORDING_SIMILARITY, question_features, reuse_verdict

HIGH = 0.99
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we move a tenant out during major works?",
     "Can we move a tenant out permanently during major works?"),
    ("Do we have to fix a leaking tap?", "Do we have to fix a leaking tap again?"),
    ("Can we withhold a tenant's deposit?", "Can we withhold part of a tenant's deposit?"),
    ("Can we refuse a mutual exchange?", "Can we refuse a mutual exchange twice?"),
    ("Can a tenant install a dishwasher?", "Can a tenant install a dishwasher themselves?"),
    ("Can we enter a tenant's home?", "Can we enter a tenant's home alone?"),
    ("Must we insulate the loft?", "Must we insulate the loft fully?"),
    ("Can a tenant keep chickens?", "Can a tenant keep chickens commercially?"),
    ("Can a tenant keep a cat?", "Can a tenant keep a cat indoors?"),
])
def test_a_word_of_manner_extent_or_repetition_narrows_the_question(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "how, how much, how often or by whom" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("How quickly must we repair a leaking roof?", "What is the timescale for fixing a roof that "
                                                   "leaks?"),
    ("How often must we test the alarms?", "How frequently must we test the alarms?"),
    ("Can we actually charge for a lost fob?", "Can we charge for a lost fob?"),
])
def test_how_quickly_and_hedges_are_no_manner(cached: str, new: str) -> None:
    assert "how, how much" not in reuse_verdict(new, cached, HIGH).reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays for a smoke alarm?", "Who pays for testing a smoke alarm?"),
    ("Can we charge a tenant for flooring they laid?",
     "Can we charge a tenant for removing flooring they laid?"),
])
def test_an_act_of_its_own_after_a_preposition_is_refused(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "an act of its own" in verdict.reason


def test_a_verb_that_only_carries_its_noun_or_glosses_the_other_is_no_act() -> None:
    assert reuse_verdict("What is the time limit for a disrepair claim?",
                         "What is the time limit for bringing a disrepair claim?", HIGH).reusable
    assert reuse_verdict("Who is responsible for fixing a broken window?",
                         "Who has to repair a broken window?", HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we charge for a replacement key?", "Can we charge for a replacement key out of hours?"),
    ("Who is responsible for the roof?", "Who is responsible for the roof of the garage?"),
])
def test_out_of_and_of_the_name_a_narrower_case(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "narrower case" in verdict.reason


def test_in_general_and_please_are_filler() -> None:
    assert reuse_verdict("In general, do we have to fit smoke alarms on every floor, please?",
                         "Do we have to fit smoke alarms on every floor?", HIGH).reusable


@pytest.mark.parametrize(("cached", "new", "party"), [
    ("Does a veteran get priority for social housing?",
     "Does a veteran's widow get priority for social housing?", "spouse or partner"),
    ("Must we give a tenant a copy of the gas certificate?",
     "Must we give a tenant's solicitor a copy of the gas certificate?", "representative"),
    ("Can we recover the cost of a new boiler from leaseholders?",
     "Can we recover the cost of a new boiler from leaseholders' insurers?", "insurer"),
])
def test_a_widow_a_solicitor_and_an_insurer_are_parties(cached: str, new: str, party: str
                                                        ) -> None:
    assert party in question_features(new).parties
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "parties" in verdict.reason


def test_any_party_named_as_the_subject_acts() -> None:
    """"Must the council accept nominations from us" was served for "must we accept
    nominations from the council" (same parties, cosine 0.967)."""
    assert question_features("Must the council accept nominations from us?").actor == "council"
    assert question_features("Can a neighbour complain about our tenant?").actor == "neighbour"
    verdict = reuse_verdict("Must the council accept nominations from us for every vacancy?",
                            "Must we accept nominations from the council for every vacancy?",
                            HIGH)
    assert not verdict.reusable and "different people" in verdict.reason
    assert reuse_verdict("Is a council allowed to place a homeless household out of area?",
                         "Can a council place a homeless household out of area?", HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Are heating charges covered by housing benefit?",
     "Are heating charges covered by housing benefit in a shared house?"),
    ("How does the benefit cap affect a tenant's rent?",
     "How does the benefit cap affect the rent for a joint tenant?"),
    ("Who pays to repair a ceiling hoist fitted as an adaptation?",
     "Who pays to repair a ceiling hoist fitted as an adaptation after the tenant has died?"),
    ("Do we have to grit the paths on our estates when it snows?",
     "Do we have to grit the private paths on our estates when it snows?"),
])
def test_a_narrowing_is_refused_above_the_bar_for_added_words(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, max(HIGH, WORDING_SIMILARITY)).reusable


def test_a_person_who_cannot_is_unable_not_forbidden() -> None:
    """What someone cannot do is no prohibition asked of the law: it negates as "unable"."""
    cannot = question_features("How should we write to a tenant who cannot read?")
    unable = question_features("How should we write to a tenant who is unable to read?")
    assert cannot.negations == unable.negations == 1
    assert "prohibition" not in cannot.modality
    assert "prohibition" in question_features("Why cannot we evict a tenant?").modality

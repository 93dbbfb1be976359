"""Round fourteen's rules of the cache's guard (the cache's fourteenth round of near-miss work,
the project's nineteenth), each by the kind of wording it reads: how many of a thing a
question asks about (``shared/cache/_count.py``), "off" a place against "on" it, "has" or
"have" with a participle as the past, and a word one letter from another that is no slip of
the key. The questions are written for these tests, not taken from bench/cache_pairs*.jsonl;
each near-miss here is served by the guard without its rule."""

from __future__ import annotations

import pytest

from shared.cache._count import counted
from shared.cache.guard import question_features, reuse_verdict

HIGH = 0.99
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant sublet a garage?", "Can a tenant sublet every garage?"),
    ("Must we fit a grab rail in a bathroom?", "Must we fit a grab rail in each bathroom?"),
    ("Can any resident use the community room?", "Can every resident use the community room?"),
])
def test_one_of_a_thing_is_not_each_of_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "numbers of the same thing" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant keep a tortoise?", "Can a tenant keep tortoises?"),
    ("Can a leaseholder sublet a room?", "Can a leaseholder sublet rooms?"),
    ("Can a tenant breed a dog?", "Can a tenant breed dogs?"),
])
def test_one_kept_is_not_any_number_kept(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "numbers of the same thing" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we withhold the deposit?", "Can we withhold the whole deposit?"),
    ("Must a tenant pay the service charge?", "Must a tenant pay the entire service charge?"),
])
def test_the_whole_of_a_sum_is_not_the_sum(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "numbers of the same thing" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Does the whole lease end if one leaseholder dies?", "Does the lease end if one "
     "leaseholder dies?"),
    ("Must we keep a log of fire door checks?", "Must we keep logs of fire door checks?"),
    ("Can tenants park a van on an estate?", "Can tenants park vans on estates?"),
    ("Must we inspect every communal area?", "Must we inspect all the communal areas?"),
    ("Can any tenant join the residents' panel?", "Can a tenant join the residents' panel?"),
])
def test_counts_that_ask_the_same_are_no_difference(cached: str, new: str) -> None:
    """The whole of a thing that is no sum, a record "of" something, what is parked, and
    "every" against "all" or "any" against "a" ask the same."""
    assert "numbers of the same thing" not in reuse_verdict(new, cached, HIGH).reason


def test_what_a_question_counts() -> None:
    assert ("room", "each") in counted("Can a tenant sublet every spare room?")
    assert ("cat", "several") in counted("Can tenants keep cats?")
    assert not {t for t, _ in counted("Must we keep a record of repairs?")} & {"record"}


@pytest.mark.parametrize(("cached", "new"), [
    ("Can residents leave bins on the pavement?", "Can residents leave bins off the pavement?"),
    ("Can we tow cars parked on our land?", "Can we tow cars parked off our land?"),
])
def test_off_a_place_is_not_on_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "place something differently" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays if tiles fall off the roof?", "Who pays if tiles fall from the roof?"),
    ("Can we make tenants take bikes off the balcony?",
     "Can we make tenants remove bikes from the balcony?"),
    ("Must we clean moss off the roofs?", "Must we clean moss from the roofs?"),
])
def test_taken_off_a_thing_is_taken_from_it(cached: str, new: str) -> None:
    assert "place something differently" not in reuse_verdict(new, cached, HIGH).reason


@pytest.mark.parametrize("question", [
    "Has the tenant been given permission to keep a goat?",
    "Have we paid for the new fence?",
    "Who has been told about the asbestos?",
])
def test_has_or_have_with_a_participle_asks_about_the_past(question: str) -> None:
    assert question_features(question).past


@pytest.mark.parametrize("question", [
    "Have we got to fix the fence?",
    "What has to be done before a let?",
    "Has a tenant a right to a copy of the lease?",
])
def test_has_or_have_without_a_participle_asks_about_now(question: str) -> None:
    assert not question_features(question).past


def test_a_permission_granted_is_not_one_to_come() -> None:
    verdict = reuse_verdict("Will the tenant be allowed to keep the goat?",
                            "Has the tenant been allowed to keep the goat?", HIGH)
    assert not verdict.reusable and "past" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Who replaces a broken hutch?", "Who replaces a broken hatch?"),
    ("Can tenants keep a swing in the garden?", "Can tenants keep a swine in the garden?"),
    ("Can a tenant put a kennel in the garden?", "Can a tenant put a kernel in the garden?"),
])
def test_a_letter_no_finger_slips_to_makes_another_word(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we keep separate accounts for each block?",
     "Must we keep seperate accounts for each block?"),
    ("Who clears a blocked drain?", "Who clears a blocked drsin?"),
    ("Can a tenant complain about a repair?", "Can a tenant make a complaint about a repair?"),
])
def test_slips_of_a_key_or_of_spelling_are_read_as_meant(cached: str, new: str) -> None:
    """A neighbouring key, a vowel for a vowel in a long word, and a longer stem's derivation
    ("complain", "complaint") still read as the same word."""
    assert reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant paint the fence?", "Can a tenant paint the fence white?"),
    ("Can we paint the communal doors?", "Can we paint the communal doors blue?"),
])
def test_a_colour_only_one_question_names_narrows_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "colour" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can tenants store bikes in the hallway?", "Can tenants store bikes out of the hallway?"),
    ("Can tenants smoke in the bin store?", "Can tenants smoke out of the bin store?"),
])
def test_out_of_a_place_is_not_in_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "place something differently" in verdict.reason


def test_hung_out_of_a_thing_is_hung_from_it() -> None:
    verdict = reuse_verdict("Can tenants hang flags out of their windows?",
                            "Can tenants hang flags from their windows?", HIGH)
    assert "place something differently" not in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we grit the car park?", "Must we grit the car park every morning?"),
    ("Must we test the fire alarm?", "Must we test the fire alarm each week?"),
])
def test_every_period_says_how_often(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "how often" in verdict.reason


def test_every_year_is_yearly() -> None:
    assert "how often" not in reuse_verdict("Must we service the boiler annually?",
                                            "Must we service the boiler every year?",
                                            HIGH).reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant keep a ferret as well as a cat?",
     "Can a tenant keep a ferret instead of a cat?"),
    ("Can we fit a heat pump in addition to the boiler?",
     "Can we fit a heat pump rather than the boiler?"),
])
def test_instead_of_a_thing_is_not_as_well_as_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite sides" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can tenants keep a rabbit and a guinea pig?", "Can tenants keep a rabbit or a guinea pig?"),
    ("Must we provide a shower and a bath?", "Must we provide a shower or a bath?"),
])
def test_two_things_joined_by_and_are_not_either_of_them(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "numbers of the same thing" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant replace the carpet with laminate?",
     "Can a tenant replace the laminate with carpet?"),
    ("Can we convert a garage into a store?", "Can we convert a store into a garage?"),
])
def test_what_is_swapped_for_what_has_a_direction(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite directions" in verdict.reason


def test_a_swap_said_the_same_way_is_no_difference() -> None:
    assert "opposite directions" not in reuse_verdict(
        "Can a tenant swap the bath for a shower?", "Can a tenant replace the bath with a shower?",
        HIGH).reason

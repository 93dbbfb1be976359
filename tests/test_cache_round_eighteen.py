"""Round eighteen's rules of the cache's guard, each by the kind of wording it reads: one member
of a group against the whole of it (``shared/cache/_extent.py``), comparatives of size and
degree, the gap between two periods against a moment within one, and two words in use one
letter apart. The questions are written for these tests, not taken from
bench/cache_pairs*.jsonl; each near-miss here is served by the guard without its rule."""

from __future__ import annotations

import pytest

from shared.cache.guard import question_features, reuse_verdict

HIGH = 0.99
"""A similarity above every threshold: only the features decide."""


@pytest.mark.parametrize(("cached", "new"), [
    ("Can both joint tenants ask for a mutual exchange?",
     "Can one of the joint tenants ask for a mutual exchange?"),
    ("Must all of the residents agree to a change of cleaning contractor?",
     "Must one of the residents agree to a change of cleaning contractor?"),
    ("Can either of the joint tenants end the tenancy alone?",
     "Can both joint tenants end the tenancy alone?"),
])
def test_one_member_of_a_group_is_not_the_whole_of_it(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "extents" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("How do we deal with an infestation in a council flat?",
     "How do we deal with an infestation in one of our council flats?"),
    ("Can we let a parking space to someone who is not a tenant?",
     "Can we let a parking space to someone who is not one of our tenants?"),
])
def test_one_of_ours_is_a_member_said_plainly(cached: str, new: str) -> None:
    assert "extents" not in reuse_verdict(new, cached, HIGH).reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Must a fence around a play area be taller than a child?",
     "Must a fence around a play area be shorter than a child?"),
    ("Can a tenant put a trampoline further than the boundary allows?",
     "Can a tenant put a trampoline closer than the boundary allows?"),
])
def test_comparatives_of_size_and_degree_are_opposite_sides(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite sides" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we clean the carpets between lets?", "Must we clean the carpets during a let?"),
    ("Can we carry out a gas check between tenancies?",
     "Can we carry out a gas check during the tenancy?"),
])
def test_between_two_periods_is_not_during_one(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite sides" in verdict.reason


def test_between_two_things_named_is_no_side() -> None:
    features = question_features("How do we settle a dispute between a tenant and a neighbour?")
    assert "between" not in features.comparisons


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant keep a horse at the property?", "Can a tenant keep a house at the property?"),
    ("Can a tenant keep a hose at the property?", "Can a tenant keep a house at the property?"),
])
def test_two_words_in_use_one_letter_apart_are_two_things(cached: str, new: str) -> None:
    for one, other in ((new, cached), (cached, new)):
        verdict = reuse_verdict(one, other, HIGH)
        assert not verdict.reusable and "one letter apart" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we repair a broken entry door within 24 hours?",
     "Must we repair a broken entry door after 24 hours?"),
    ("Can we serve notice before the tenancy starts?",
     "Can we serve notice once the tenancy starts?"),
    ("Can a tenant take in a lodger for the first year?",
     "Can a tenant take in a lodger after the first year?"),
])
def test_a_span_and_what_follows_it_are_opposite_moments(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite sides" in verdict.reason


def test_once_a_year_is_a_frequency_not_a_moment() -> None:
    assert "after" not in question_features("Must we service a boiler once a year?").comparisons


@pytest.mark.parametrize(("cached", "new"), [
    ("Must we clean the communal stairs every week?",
     "Must we clean the communal stairs every other week?"),
    ("Must a leaseholder pay for a new roof?", "Must a leaseholder pay towards a new roof?"),
])
def test_how_often_or_how_much_of_a_cost_narrows_the_case(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "how, how much" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we move a tenant to another flat?",
     "Can we move a tenant to another flat so that we can sell their home?"),
    ("Can we knock down a garage block in order to build new homes?",
     "Can we knock down a garage block?"),
])
def test_a_purpose_of_its_own_narrows_the_case(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "purpose of its own" in verdict.reason


def test_the_same_purpose_in_other_words_is_no_purpose_of_its_own() -> None:
    verdict = reuse_verdict("Can we enter a flat in order to inspect the boiler?",
                            "Can we enter a flat so that we can inspect the boiler?", HIGH)
    assert verdict.reusable, verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we charge for a new fob?", "Can we charge for a new fob and a new key?"),
    ("Can we enter a flat without notice in an emergency?",
     "Can we enter a flat without notice outside an emergency?"),
    ("Can a tenant leave at the end of the fixed term?",
     "Can a tenant leave before the end of the fixed term?"),
    ("Can we inspect a flat once a year?", "Can we inspect a flat more than once a year?"),
    ("Must we provide a bin store?", "Must we provide a bin store for each block?"),
])
def test_a_thing_added_a_limit_or_a_measure_of_its_own_is_another_case(cached: str,
                                                                         new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


def test_once_a_year_is_a_figure_and_at_least_one_metre_is_one() -> None:
    assert "1" in question_features("Must we inspect a lift once a year?").numbers
    assert question_features("Must a hedge be at least one metre high?").numbers == \
        question_features("Must a hedge be at least 1 metre high?").numbers


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays for a leak from the flat upstairs?", "Who pays for a leak into the flat upstairs?"),
    ("Who pays for water damage to the flat below?",
     "Who pays for water damage from the flat below?"),
    ("Can we move a tenant from a bungalow to a flat?",
     "Can we move a tenant from a flat to a bungalow?"),
])
def test_movement_in_opposite_directions_is_another_case(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "opposite directions" in verdict.reason


def test_a_party_after_from_or_to_is_compared_by_its_side_not_as_a_direction() -> None:
    assert not question_features("Can we recover the cost from the tenant?").directions


@pytest.mark.parametrize(("cached", "new"), [
    ("Who deals with mould on a window frame?", "Who deals with mold on a window frame?"),
    ("Can a tenant paint a feature wall in a bright colour?",
     "Can a tenant paint a feature wall in a bright color?"),
    ("Must a hedge be cut back to at least 1 metre from the path?",
     "Must a hedge be cut back to at least one metre from the path?"),
])
def test_spelling_figures_and_slips_of_the_key_are_the_same_question(cached: str,
                                                                      new: str) -> None:
    verdict = reuse_verdict(new, cached, 0.95)
    assert verdict.reusable, verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Who repairs a window sill?", "Who repairs a window silt?"),
    ("Who clears a blocked flue?", "Who clears a blocked flux?"),
    ("Can a tenant be evicted after release from gaol?",
     "Can a tenant be evicted after release from goal?"),
    ("Who removes a tarp from the roof?", "Who removes a trap from the roof?"),
])
def test_a_letter_changed_or_two_swapped_in_a_short_word_is_no_slip(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can we charge leaseholders for a lift repair?",
     "Can we recover the cost of a lift repair from leaseholders?"),
    ("Can we charge residents for bulky waste collection?",
     "Can we make residents pay for bulky waste collection?"),
])
def test_recovering_a_cost_or_making_someone_pay_is_charging_them(cached: str,
                                                                    new: str) -> None:
    verdict = reuse_verdict(new, cached, 0.95)
    assert verdict.reusable, verdict.reason


def test_making_someone_pay_what_they_owe_is_no_charge() -> None:
    assert "charg" not in question_features("Can we make tenants pay their rent by card?").stems


@pytest.mark.parametrize(("cached", "new"), [
    ("Who pays for a new boiler?", "Who paid for the new boiler?"),
    ("Can we recharge for a broken window?", "Could we have recharged for a broken window?"),
    ("Should the tenant tell us about a leak?", "Should the tenant have told us about a leak?"),
])
def test_a_look_back_without_a_past_auxiliary_asks_about_the_past(cached: str,
                                                                    new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "the past" in verdict.reason


def test_a_modal_before_have_and_a_noun_asks_about_now() -> None:
    assert not question_features("Should we have a policy on pets?").past


@pytest.mark.parametrize(("cached", "new"), [
    ("Must a tenant clear the gutters?", "Ought a tenant to clear the gutters?"),
    ("Must we paint every wall?", "Must we paint every wall bar the ceilings?"),
    ("Are tenants liable for all breakages?",
     "Are tenants liable for all breakages save for the windows?"),
    ("Can a tenant have a lodger?", "Can a tenant have a couple of lodgers?"),
    ("Must we fit a smoke alarm?", "Must we fit a pair of smoke alarms?"),
    ("Can we charge the same as last year for parking?",
     "Can we charge more than last year for parking?"),
    ("Must we fix the porch?", "Must we fix the porch at our own cost?"),
    ("Can a tenant leave the flat empty?", "Can a tenant leave the flat empty for a month?"),
    ("Can a tenant change the colour of the front door?",
     "Can a tenant change the colour of the front door back?"),
])
def test_a_modal_an_exception_a_quantity_or_a_case_of_its_own_is_another_question(
        cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can tenants smoke on the balcony?", "Can tenants smoke under the balcony?"),
    ("Must we remove asbestos from a loft?", "Must we remove asbestos above a loft?"),
    ("Can we clamp a car parked in a loading bay?",
     "Can we clamp a car parked near a loading bay?"),
    ("Can tenants store bins in front of the block?", "Can tenants store bins behind the block?"),
])
def test_the_same_thing_placed_differently_is_another_place(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "place something differently" in verdict.reason


def test_under_or_in_a_source_of_law_is_no_place() -> None:
    assert not question_features("What is the duty under the Housing Act?").places
    assert reuse_verdict("What must we do under the tenancy agreement?",
                         "What must we do in the tenancy agreement?", HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Is a tenant liable for an injury by a visitor?",
     "Is a tenant liable for an injury to a visitor?"),
    ("Can a tenant keep a rabbit in a flat?",
     "Can a tenant keep a rabbit in a flat with a garden?"),
])
def test_a_party_reached_or_a_thing_had_is_another_case(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a leaseholder end a lease early?", "Can a leaseholder renew a lease early?"),
    ("Can we start a decant programme?", "Can we pause a decant programme?"),
])
def test_a_word_against_a_start_or_an_end_is_a_swap(cached: str, new: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable and "differ in words of substance" in verdict.reason


@pytest.mark.parametrize(("cached", "new"), [
    ("Can bailiffs enter a flat?", "Can bailiffs enter a flat by force?"),
    ("Who cuts the hedges in the estate?", "Who cuts the hedges beyond the estate?"),
    ("Can tenants park in the block?", "Can tenants park outside the block?"),
])
def test_a_means_or_a_place_beyond_is_another_case(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


@pytest.mark.parametrize(("cached", "new"), [
    ("Can a tenant put up a fence taller than 2 metres?",
     "Can a tenant put up a fence wider than 2 metres?"),
    ("Can a fence be higher than 2 metres?", "Can a fence be longer than 2 metres?"),
    ("Is a heat pump as cheap as a gas boiler to run?",
     "Is a heat pump as safe as a gas boiler to run?"),
])
def test_what_a_comparison_measures_is_the_question_s_substance(cached: str, new: str) -> None:
    assert not reuse_verdict(new, cached, HIGH).reusable


def test_money_paid_back_is_a_refund_not_a_manner() -> None:
    assert not question_features("Must we pay the tenant back?").manner
    assert question_features("Must we change the locks back?").manner

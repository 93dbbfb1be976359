"""Round twenty's reading of questions and answers: a question naming a company as a party
reaches the case-law worker; a question typed in text-speak ("thru", "u", "nite", "me nan",
"theres") is read spelt out; each time a story tells is measured against a source's limit; and
tenants' everyday words for a winter month, a night-time call, a temporary place, a pet, moving
out for works, a trial made longer, a risk check that came out high, a flat owned on a lease,
whose job it is, mould come back, a removal van, someone coming out, running late and too
late."""

from __future__ import annotations

from services.router.classify import classify_offline
from shared.answering.questions import classify, elapsed_times, has_cue
from shared.answering.respelling import respelt
from shared.text.vocabulary import expansions


def test_a_company_named_as_a_party_reaches_case_law() -> None:
    for question in ("Which council refused planning permission for D2M Solutions' wind "
                     "turbine at Honeypot Lane?",
                     "What did CPC Group Ltd lend to Mr Holyoake's company?"):
        assert "caselaw" in classify_offline(question).workers, question


def test_a_landlords_own_name_is_no_party() -> None:
    for question in ("How quickly does Fenmoor Valley Homes fix a leaking waste pipe?",
                     "What solutions do we offer a resident with condensation mould?"):
        assert "caselaw" not in classify_offline(question).workers, question


# Text-speak and apostrophes left out, spelt out before a question is read.

def test_text_speak_is_spelt_out() -> None:
    assert respelt("theres water pouring thru my ceiling!! how fast can u get someone here") == (
        "there's water pouring through my ceiling! how fast can you get someone here")
    assert respelt("me nan's boiler packed in last nite, wot do i do") == (
        "my nan's boiler packed in last night, what do i do")
    assert respelt("Theres no heating. Im freezing") == "There's no heating. I'm freezing"


def test_respelling_keeps_words_of_their_own() -> None:
    for spelt in ("Ring me back about the U-bend under section 2U.",
                  "Its rent is due each Monday; give me a call.",
                  "Is an ID check needed? Yes, and £2 a week is the minimum."):
        assert respelt(spelt) == spelt


def test_a_question_is_read_as_respelt() -> None:
    asked = classify("how fast can u get someone out, theres water coming thru the ceiling")
    assert asked.text == ("how fast can you get someone out, there's water coming through the "
                          "ceiling")
    assert "water coming through" in {e.said for e in expansions(asked.text)}


# Tenants' words for a policy's concepts (round twenty's lexicon lines).

def _means(question: str) -> set[str]:
    return {e.means for e in expansions(question)}


def test_tenants_words_for_the_policies_concepts() -> None:
    cases = {
        "its november and shes freezing": "winter",
        "my shower broke at 11 at night": "out of hours",
        "the temp flat won't take pets": "temporary accommodation",
        "the hotel won't take our cat": "pets",
        "we've got to move out for the building work": "decant temporary accommodation",
        "they want to make his trial longer": "starter tenancy",
        "can they make it longer?": "extend",
        "the officer did a risk check with me": "risk assessment",
        "it came out high": "high risk",
        "I own my flat on a lease": "leaseholders",
        "is that down to me to sort out?": "responsible",
        "the mould in her room has come back": "returned reopened",
        "she paid for a removal van": "removals costs of moving",
        "how long until someone comes out to her": "attend",
    }
    for question, means in cases.items():
        assert means in _means(question), question


def test_the_lexicon_lines_keep_to_their_sense() -> None:
    cases = {
        "The order was made on 9 November 2015.": "winter",
        "She has reported it since January.": "winter",
        "How fast do we fix a night storage heater?": "out of hours",
        "The trial judge found for the claimant.": "starter tenancy",
        "Is a temporary exemption notice needed?": "temporary accommodation",
        "She came back from hospital on Friday.": "returned reopened",
        "Who is the leaseholder of the block?": "leaseholders",
    }
    for question, means in cases.items():
        assert means not in _means(question), question


# Running late and too late: the policies' "not completed on time" and "time limit".

def test_running_late_and_too_late_in_the_policies_words() -> None:
    assert "cannot be completed on time escalated" in _means(
        "who has to be told if it is going to be late?")
    assert "cannot be completed on time escalated" in _means(
        "what happens if we cannot finish it in time")
    assert "time limit" in _means("He wants to complain. Is it too late?")
    for question in ("She is going to be late with her rent.", "The rent is late again.",
                     "The repairs man was late."):
        assert "cannot be completed on time escalated" not in _means(question), question


# A story that tells two times: the limit is measured against the one on its scale.

def test_a_limit_is_measured_against_any_time_the_story_tells() -> None:
    asked = classify("Two years ago our contractor damaged Mr Lewis's shed. He only found the "
                     "damage eight months ago, and now he wants to complain. Is it too late?")
    assert [t for t, _ in elapsed_times(asked.text)] == ["Two years", "eight months"]
    assert has_cue(asked, "Complaints should be made within 6 months of the matter arising or "
                          "of the resident becoming aware of it.")
    assert not has_cue(asked, "We will acknowledge a Stage 1 complaint within 5 working days.")


# The review of round twenty: a company alone, codes with a digit, "me" as an object, and the
# frozen, late and neutral lines.

def test_a_company_alone_adds_case_law_and_never_takes_legislation_away() -> None:
    routed = classify_offline("Our managing agent Foxtons Ltd wants a fee to renew, is that "
                              "allowed?")
    assert routed.query_type == "mixed"
    assert {"policy", "legislation", "caselaw"} <= set(routed.workers)
    assert classify_offline("Does CPC Group Ltd v Qatari Diar apply?").query_type == "caselaw"


def test_a_capitalised_word_after_a_pronoun_or_determiner_is_no_company() -> None:
    for question in ("Am I Limited to one pet?", "Any Solutions for damp in my bedroom?"):
        routed = classify_offline(question)
        assert "caselaw" not in routed.workers, question
        assert "legislation" in routed.workers, question


def test_respelling_leaves_codes_hyphenated_words_and_the_object_me() -> None:
    for spelt in ("I live in flat B4", "I live in flat b4", "My postcode is B4 7DA",
                  "my postcode is b4 7da", "Water under the sink u-bend",
                  "Can they charge me rent while I was decanted?", "They sent me home"):
        assert respelt(spelt) == spelt
    assert respelt("can u fix it b4 2moro") == "can you fix it before tomorrow"
    assert respelt("water coming in me flat and me kids are cold") == (
        "water coming in my flat and my kids are cold")


def test_frozen_late_and_neutral_only_in_their_sense() -> None:
    for question in ("Has my rent been frozen this year?", "Is the service charge frozen?"):
        assert "heating" not in _means(question), question
    assert "heating" in _means("My pipes are frozen")
    for question in ("My rent is going to be late this month",
                     "My universal credit payment will be late"):
        assert "cannot be completed on time escalated" not in _means(question), question
    assert "cannot be completed on time escalated" in _means(
        "The contractor is going to be late finishing the kitchen")
    assert "mediation" not in _means("Can we get someone neutral to value the flat?")
    assert "mediation" in _means("Can we get someone neutral to help settle the dispute with my "
                                 "neighbour?")
    assert _means("It's November and the heating is off") >= {"winter"}
    assert "mediation" in _means("Would you get a go-between to help us?")

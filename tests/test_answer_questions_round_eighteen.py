"""Round eighteen's reading of questions and answers: a long question that runs on without a
comma still asks twice (after a sum of money, at a "how much" or "how long"); each thing it
asks is answered by a sentence sharing its words; a time told in a story is measured against a
limit only when the question asks about timing; a class's bold label defines the term it
begins ("**Minor**: …" for "a minor damp case"); tenants' everyday words for a door that will
not lock, a key box, lights that come on in a power cut, a door's closer, drugs sold, a lung
condition by its name; and a walk-in shower read as a major adaptation, not a grant."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shared.answering.composition import answer
from shared.answering.questions import asks_in, classify, defined_term, defines, elapsed, has_cue
from shared.text.vocabulary import expansions


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_QUALITY = _Doc(
    "doc:repairs#9", "Responsive Repairs Policy — Quality checks",
    "## Quality checks\n\n"
    "We will carry out a post-inspection on at least 10% of completed repairs, and on every "
    "repair costing more than £1,000. We will ask every resident to rate the repair once it is "
    "complete.")
_RIGHT_TO_REPAIR = _Doc(
    "doc:repairs#10", "Responsive Repairs Policy — Right to Repair",
    "## Right to Repair\n\n"
    "Secure tenants may be entitled to compensation under the statutory Right to Repair scheme "
    "for certain small urgent repairs that are not done in time. We will tell residents about "
    "the scheme when they report a qualifying repair.")
_ARREARS = _Doc(
    "doc:rent#3", "Rent and Income Policy — Early intervention",
    "## Early intervention\n\n"
    "Residents who tell us they are waiting for a first Universal Credit payment will not be "
    "subject to legal action for the arrears that build up while they wait, provided they have "
    "made a claim and keep us informed.")


@pytest.mark.parametrize(("question", "asks"), [
    ("An elderly tenant has asked for a stairlift and the OT has already been to see her about "
     "it. If the works cost £14,000 how much will we put in towards what the grant does not "
     "cover, and who fits it?",
     ("how much will we put in towards what the grant does not cover", "who fits it")),
    ("The new boiler for one of our older tenants in the sheltered block will cost £2,300 who "
     "pays for it and does the tenant have to be at home when it is fitted?",
     ("who pays for it", "does the tenant have to be at home when it is fitted")),
    ("My tenant is moving to be nearer her daughter and wants to end her tenancy with us soon "
     "how long must her notice be and which day does it have to end on",
     ("how long must her notice be", "which day does it have to end on")),
])
def test_a_question_that_runs_on_without_a_comma_still_asks_twice(
        question: str, asks: tuple[str, ...]) -> None:
    assert asks_in(question)[-len(asks):] == asks


@pytest.mark.parametrize("question", [
    "An electrician found a C2 at a tenant's flat during the five-yearly test last week, and "
    "the tenant is worried about the sockets in the kitchen. Do we have to give him a copy of "
    "the report, and when does the C2 have to be fixed?",
    "How does the time we take to contact a household after a damp report about black mould in "
    "the bedroom compare with how long we take to write to them after the inspection is done?",
    "A tenant with a baby has mould all over the nursery ceiling and she is at the end of her "
    "tether. How quickly do we visit, and once the inspection is done how long do we have to "
    "write to her?",
])
def test_a_figure_a_compared_or_a_conditioned_how_long_opens_no_ask(question: str) -> None:
    parts = asks_in(question)
    assert not any(p.startswith(("have to be fixed", "how long we take", "how long do we"))
                   for p in parts)


def test_a_time_told_in_a_story_is_measured_only_when_timing_is_asked() -> None:
    story = ("Our tenant was made redundant, applied for Universal Credit a fortnight ago and "
             "four weeks later still has no payment, so he is behind with the rent.")
    assert elapsed(f"{story} Will we start court action against him?") is None
    assert elapsed(f"{story} Is it too late to stop court action?") is not None
    assert elapsed("Can a resident complain about a repair seven months after it was done?")
    q = classify(f"{story} He rings us every week. Will we start court action against him?")
    # Its rule names no limit in weeks, and still answers: a commitment not to take action.
    assert has_cue(q, _ARREARS.text.split("\n\n")[1])


def test_each_thing_a_long_question_asks_is_answered_by_a_sentence_sharing_its_words() -> None:
    said = answer("Our contractor's repair to the guttering above a tenant's flat cost £2,700 "
                  "does that need a post-inspection and will we ask the tenant to rate the "
                  "repair", [_RIGHT_TO_REPAIR, _QUALITY])
    lead = said.split("\n\n")[0]
    assert "We will ask every resident to rate the repair" in lead
    assert "Right to Repair" not in lead


_RISK = _Doc(
    "doc:damp#3", "Damp and Mould Policy — Assessing the risk",
    "## Assessing the risk\n\n"
    "Every report is given a risk rating when it is logged:\n\n"
    "- **Moderate**: mould covering more than one square metre in total, or damp staining that "
    "keeps returning.\n"
    "- **Minor**: small patches of condensation mould that can be cleaned.")
_RESPONSE = _Doc(
    "doc:damp#4", "Damp and Mould Policy — How quickly we respond",
    "## How quickly we respond\n\n"
    "For moderate and minor cases we will carry out a full damp inspection within 10 working "
    "days of the report.")


def test_a_bold_label_defines_the_class_its_term_begins_with() -> None:
    term = defined_term("What counts as a minor damp case?")
    assert defines(term, "**Minor**: small patches of condensation mould that can be cleaned.")
    assert not defines(term, "**Moderate**: mould covering more than one square metre.")
    said = answer("What is a minor damp case?", [_RESPONSE, _RISK])
    assert said.split("\n\n")[0].lstrip('"').startswith("**Minor**: small patches")


@pytest.mark.parametrize(("question", "means"), [
    ("Someone forced the tenant's back door last night and now it won't lock. How fast do we "
     "come out?", "insecure external door"),
    ("She wants a key lock box by the door for her carers. Does she need an OT?", "key safes"),
    ("The lights in the hallway that come on by themselves when the power goes off: who checks "
     "them?", "emergency lighting"),
    ("He took the springy arm off his front door. Is that allowed?", "door closers"),
    ("A tenant says the man next door is selling drugs from his flat. How soon do we call her "
     "back?", "drug dealing"),
    ("A tenant with COPD has mould in the kitchen. How quickly do we visit?",
     "respiratory condition"),
    ("Her son has bad asthma and there is black mould in his room.", "respiratory condition"),
    ("A tenant with a walking frame wants a walk-in shower. Who recommends it?",
     "level-access shower major adaptation"),
])
def test_tenants_everyday_words_meet_the_policies(question: str, means: str) -> None:
    assert means in [e.means for e in expansions(question)]


@pytest.mark.parametrize("question", [
    "The window in the back bedroom won't lock. How quickly do we fix it?",
    "The lights on the landing are broken. How quickly do we fix them?",
    "Her doorbell has stopped working. Will we replace it?",
    "Can a tenant ask for a walk-in shower to be fitted?",
])
def test_the_everyday_readings_keep_to_their_sense(question: str) -> None:
    added = {e.means for e in expansions(question)}
    assert not added & {"insecure external door", "emergency lighting", "door closers",
                        "drug dealing", "key safes"}
    assert "disabled facilities grant" not in added or "walk-in" not in question


@pytest.mark.parametrize("question", [
    "We received a quote of £3,500 which the leaseholders say is far too high for the work and "
    "they are angry about it, do we have to consult them again before we go ahead?",
    "She paid a deposit of £1,200 when she moved in three years ago and now the landlord will "
    "not give it back, what can she do about it?",
])
def test_telling_about_a_sum_opens_no_ask(question: str) -> None:
    assert len(asks_in(question)) == 1, asks_in(question)


def test_what_someone_needs_to_know_is_an_ask() -> None:
    assert asks_in("A resident with a heart condition has reported black mould spreading "
                   "across her bedroom wall and we need to know how quickly we visit and how "
                   "soon the officer has to contact her about her welfare")[:1] == (
        "how quickly we visit",)

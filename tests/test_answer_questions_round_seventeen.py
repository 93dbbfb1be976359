"""Round seventeen's reading of questions and answers: a class's rule answers when the class's
paragraph names the question's facts (a class defined by its examples too, not only by a bold
label); a sentence in the sources' words for what the question describes in everyday ones
answers it; parties in the plural, and a cost met under a longer name, answer "who"; a rule
whose subject is the asked act ("Subletting … is not allowed") answers "can she sublet?";
tenants' everyday words for graffiti, their own appliance, wear and tear, an adaptation taken
off, doors widened, a last word, a pet boarded, things stored, a refuge and mould come back."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shared.answering.composition import answer
from shared.answering.questions import classify, does_asked_action, has_cue
from shared.answering.selection import select
from shared.text.vocabulary import expansions


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_REPAIRS = _Doc(
    "doc:repairs#4", "Responsive Repairs Policy — Repair priorities and timescales",
    "## Repair priorities and timescales\n\n"
    "**Urgent repairs** are those that cause serious inconvenience but no immediate danger: for "
    "example a partial loss of heating or hot water, a leaking waste pipe or a broken window "
    "that is still secure. We will complete urgent repairs within 5 working days.\n\n"
    "**Routine repairs** are all other repairs, such as dripping taps, sticking doors and minor "
    "plastering. We will complete routine repairs within 28 calendar days.")
_DAMP = _Doc(
    "doc:damp#5", "Damp and Mould Policy — How quickly we respond",
    "## How quickly we respond\n\n"
    "For a severe case we will visit within 24 hours to make the home safe, which may include a "
    "mould wash, a dehumidifier and, where needed, a move to temporary accommodation.\n\n"
    "After the inspection we will write to the resident within 3 working days setting out what "
    "we found, what work we will do and when.")
_ASB = _Doc(
    "doc:asb#9", "Anti-Social Behaviour Policy — Hate incidents",
    "## Hate incidents\n\n"
    "We treat every hate incident as Category A, whatever the level of harm. We will remove "
    "offensive graffiti within 1 working day of it being reported.")
_ADAPTATIONS = _Doc(
    "doc:aids#4", "Aids and Adaptations Policy — Major adaptations",
    "## Major adaptations\n\n"
    "Major adaptations are those costing £1,500 or more, such as level-access showers, "
    "stairlifts, through-floor lifts, ramps, door widening and extensions. A major adaptation "
    "must be recommended by an occupational therapist (OT) from the local council or the NHS.\n\n"
    "Where the cost is more than £10,000, we will help the resident to apply to the council for "
    "a Disabled Facilities Grant and will contribute up to £5,000 towards any cost that the "
    "grant does not meet.")


def test_a_class_whose_examples_name_the_facts_leads_with_its_rule_and_answers() -> None:
    q = classify("My tenant's bath tap won't stop dripping. When will someone come out and "
                 "sort it?")
    chosen = select(q, [_DAMP, _REPAIRS])
    assert chosen.answers
    assert "We will complete routine repairs within 28 calendar days." in [
        c.text for c in chosen.ranked[:3]]


def test_a_class_defined_by_its_examples_is_read_with_its_rule() -> None:
    q = classify("A tenant who uses a wheelchair needs her doorways widened. Who has to "
                 "recommend the work before we do it?")
    chosen = select(q, [_ADAPTATIONS, _REPAIRS])
    assert chosen.answers
    assert chosen.ranked[0].text.startswith("A major adaptation must be recommended by an "
                                            "occupational therapist")


def test_the_sources_words_for_an_everyday_description_answer_it() -> None:
    said = answer("Somebody has sprayed nasty stuff about a tenant's religion all over her "
                  "front wall. How fast do we have to get it cleaned off?", [_DAMP, _ASB])
    lead = said.split("\n\n")[0]
    assert "remove offensive graffiti within 1 working day" in lead
    assert lead.index("offensive graffiti") < lead.index("within 24 hours")


def test_parties_in_the_plural_answer_who() -> None:
    q = classify("Whose job is it to press the test button on the smoke alarm every month, "
                 "hers or ours?")
    assert has_cue(q, "Residents should test their alarms monthly and report any fault as an "
                      "urgent repair.")
    assert has_cue(classify("Who do we offer an adapted flat to first?"),
                   "When an adapted home becomes empty, we will first offer it to a household "
                   "that needs those adaptations.")
    assert not has_cue(q, "Fire alarm systems are tested weekly and serviced every 6 months.")


def test_a_cost_met_under_a_longer_name_answers_who_pays() -> None:
    q = classify("Who pays the kennel fees for a tenant's dog while the family is decanted?")
    assert has_cue(q, "We will help households to find suitable arrangements for pets, and we "
                      "will meet reasonable kennelling or cattery costs for up to 12 weeks.")
    assert not has_cue(q, "We will help households to find suitable arrangements for pets.")


_LODGERS = _Doc(
    "doc:tenancy#7", "Tenancy Management Policy — Lodgers and subletting",
    "## Lodgers and subletting\n\n"
    "Assured tenants may take in lodgers with our written permission, which we will not "
    "unreasonably withhold. Subletting the whole of the home is not allowed and will lead to "
    "action to end the tenancy.")


def test_a_rule_whose_subject_is_the_asked_act_answers_whether_it_may_be_done() -> None:
    q = classify("Can a tenant sublet her whole flat while she works abroad for a year?")
    assert does_asked_action(q, "Subletting the whole of the home is not allowed and will "
                                "lead to action to end the tenancy.")
    # Another act's rule does not, nor the asked act's without a word on whether it may be.
    assert not does_asked_action(q, "Repairs are not allowed to wait.")
    assert not does_asked_action(q, "Subletting is reviewed by the Housing Manager.")
    said = answer("Can a tenant sublet her whole flat while she works abroad for a year?",
                  [_LODGERS])
    assert said.startswith('No: "Subletting the whole of the home is not allowed')


@pytest.mark.parametrize(("question", "means"), [
    ("Somebody has sprayed nasty stuff about her religion all over her front wall.",
     "offensive graffiti"),
    ("Someone scrawled abuse on his door.", "offensive graffiti"),
    ("A tenant has a gas cooker she bought herself.", "residents' own gas appliances"),
    ("Will the engineer check his own gas fire?", "residents' own gas appliances"),
    ("The hinge has simply worn out over the years.", "fair wear and tear"),
    ("Is she allowed to unscrew the grab rail?", "remove adaptation"),
    ("Can we take out a stairlift now that the tenant no longer uses it?", "remove adaptation"),
    ("She needs her doorways widened.", "door widening major adaptation"),
    ("Is that response our last word?", "final decision"),
    ("Who pays the kennel fees for her dog?", "kennelling or cattery costs"),
    ("Will we pay to store the furniture that won't fit?", "secure storage belongings"),
    ("She has fled to a refuge.", "domestic abuse"),
    ("Her partner was violent.", "domestic abuse"),
    ("We treated the mould in March and now she says it is back.", "returned reopened"),
])
def test_tenants_everyday_words_meet_the_policies(question: str, means: str) -> None:
    assert means in [e.means for e in expansions(question)]


@pytest.mark.parametrize("question", [
    "How often do we spray the communal bins?",
    "Who pays for the cooker we supply in a furnished home?",
    "Can we take out a loan to fund the works?",
    "Do we store tenancy records on the housing management system?",
    "Do I have to offer it back to the council first?",
    "My landlord won't give it back now that I've moved out.",
])
def test_the_everyday_readings_keep_to_their_sense(question: str) -> None:
    added = {e.means for e in expansions(question)}
    assert not added & {"offensive graffiti", "residents' own gas appliances",
                        "remove adaptation", "secure storage belongings", "returned reopened"}

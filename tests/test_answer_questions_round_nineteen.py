"""Round nineteen's reading of questions and answers: a rule that puts a case in a repair
priority answers "how fast?" by that class, with the class's timescale; the rule of the class
whose label names the question's facts comes first when asked how quickly (a Schedule
paragraph's number is no class); a party's list of duties naming what "who is responsible for
…?" asks about answers it; a story's answer shares the words of its asking sentence; "what do
we mean by …?" asks for a definition, and a term asked in the singular is defined in the
plural; a date asked is answered by a date; and tenants' everyday words for a boiler that has
given up, loud music, hearing back, a friend paying towards the bills, a sticking door, a
beeping alarm, being taken to court, a chair up the stairs, a swapped flat, a yes or no, saying
no, furniture put in, getting out in a fire and a home without electricity."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shared.answering.composition import answer
from shared.answering.questions import classify, defined_term, defines, has_cue
from shared.answering.selection import CONTEXT_OVERLAP_FLOOR, select
from shared.text.vocabulary import expansions


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_PRIORITIES = _Doc(
    "doc:repairs#4", "Responsive Repairs Policy — Repair priorities and timescales",
    "## Repair priorities and timescales\n\n"
    "**Emergency repairs** are those where there is an immediate danger to a person's health or "
    "safety, or a risk of serious damage to the property: for example a gas leak, total loss of "
    "electricity, a flood or a collapsed ceiling. We will attend within 4 hours to make safe and "
    "complete the repair, or a temporary repair, within 24 hours.\n\n"
    "**Urgent repairs** are those that cause serious inconvenience but no immediate danger: for "
    "example a partial loss of heating or hot water or a leaking waste pipe. We will complete "
    "urgent repairs within 5 working days.")
_DAMP = _Doc(
    "doc:damp#4", "Damp and Mould Policy — How quickly we respond",
    "## How quickly we respond\n\n"
    "For a severe case we will visit within 24 hours to make the home safe. Where the household "
    "includes a vulnerable person, we will inspect within 5 working days. After the inspection "
    "we will write to the resident within 3 working days setting out what we found.")
_OBLIGATIONS = _Doc(
    "doc:repairs#2", "Responsive Repairs Policy — Our repairing obligations",
    "## Our repairing obligations\n\n"
    "We are responsible for keeping in repair the structure and exterior of every home we let, "
    "including drains, gutters and external pipes.\n\n"
    "Residents are responsible for minor repairs such as replacing light bulbs, fuses and plugs, "
    "bleeding radiators, unblocking sinks caused by misuse, and repairing damage caused by "
    "anyone living in or visiting their home.")
_COMPLAINTS = _Doc(
    "doc:complaints#6", "Complaints Policy — Vulnerable residents",
    "## Vulnerable residents\n\n"
    "When a complaint is received from, or on behalf of, a resident we know or believe to be "
    "vulnerable, the complaint is flagged on our system and a named complaint officer is "
    "assigned.")
_VISITS = _Doc(
    "doc:tenancy#3", "Tenancy Management Policy — Tenancy visits",
    "## Tenancy visits\n\n"
    "We will visit every new resident within 6 weeks of the start of their tenancy to check how "
    "they are settling in. We will carry out a tenancy audit visit to every home at least every "
    "3 years.")
_ADAPT = _Doc(
    "doc:adapt#5", "Aids and Adaptations Policy — Deciding whether to adapt",
    "## Deciding whether to adapt\n\n"
    "Where we decide that a home is not suitable for adaptation, we will explain our reasons in "
    "writing within 10 working days of the decision.")


def _lead(said: str) -> str:
    return said.split("\n\n")[0]


def test_a_rule_putting_a_case_in_a_repair_priority_answers_how_fast() -> None:
    asked = classify("The smoke alarm in her hall keeps chirping. How quickly do we fix it?")
    assert has_cue(asked, "Residents should test their alarms monthly and report any fault as "
                          "an urgent repair.")
    assert has_cue(asked, "A suspected gas leak is always an emergency repair.")
    # Asked how often, a class says nothing of a frequency.
    assert not has_cue(classify("How often should a smoke alarm be tested?"),
                       "Report any fault as an urgent repair.")


_WINTER = _Doc(
    "doc:repairs#5", "Responsive Repairs Policy — Repair priorities and timescales",
    "## Repair priorities and timescales\n\n"
    "Between 1 October and 31 March, a total loss of heating or hot water is treated as an "
    "emergency repair for every household.")


def test_a_case_put_in_a_priority_comes_with_that_prioritys_timescale() -> None:
    said = answer("Her boiler has packed up in December and there is no heating at all. How "
                  "fast do we come out?", [_DAMP, _PRIORITIES, _WINTER])
    opening = said.split("\n\n")[0]
    assert "treated as an emergency repair" in opening
    assert "We will attend within 4 hours" in opening


def test_a_numbered_paragraph_is_no_class_whose_rule_comes_first() -> None:
    schedule = _Doc(
        "ukpga/2004/34/schedule/1", "Housing Act 2004, Schedule 1: Procedure and appeals",
        "**3** (1) This paragraph applies where the authority serve an improvement notice.\n\n"
        "(2) The authority must serve copies of the notice within 7 days on every person "
        "they know to be an owner or occupier of the premises.")
    charge = _Doc(
        "ukpga/2004/34/section/49", "Housing Act 2004, s. 49: Power to charge for enforcement "
        "action",
        "(1) A local housing authority may make such reasonable charge as they consider "
        "appropriate as a means of recovering certain administrative and other expenses incurred "
        "by them in serving an improvement notice.")
    said = answer("Can the council charge for serving an improvement notice?", [schedule, charge])
    assert "may make such reasonable charge" in said.split("\n\n")[0]


def test_the_rule_of_the_class_naming_the_facts_comes_first() -> None:
    said = answer("The whole of a tenant's flat has lost its electricity. How quickly will we "
                  "attend?", [_DAMP, _PRIORITIES])
    assert "within 4 hours" in _lead(said).split('"')[1]


def test_a_partys_list_of_duties_answers_who_is_responsible() -> None:
    said = answer("Who is responsible for bleeding the radiators, us or the tenant?",
                  [_COMPLAINTS, _OBLIGATIONS])
    assert "Residents are responsible for minor repairs" in _lead(said)


def test_a_storys_answer_shares_the_words_of_its_asking_sentence() -> None:
    asked = classify("A young father moved into one of our houses on 2 May after leaving "
                     "prison. His probation officer says he seems to be struggling. By when "
                     "should we have visited him to see how he is settling in?")
    best = select(asked, [_ADAPT, _COMPLAINTS, _VISITS]).ranked[0]
    assert "within 6 weeks of the start of their tenancy" in best.text
    # Its share of the story's words is small; of the asking sentence's, most.
    assert best.overlap >= CONTEXT_OVERLAP_FLOOR


def test_what_we_mean_by_a_term_asks_for_its_definition() -> None:
    asked = classify("What do we mean by an urgent repair?")
    assert asked.kind == "definition"
    assert defined_term(asked.text) == "urgent repair"
    assert defines("urgent repair", "**Urgent repairs** are those that cause serious "
                                    "inconvenience but no immediate danger.")
    assert classify("What do we have to do about a gas leak?").kind == "duties"
    said = answer("What do we mean by an urgent repair?", [_PRIORITIES])
    assert _lead(said).lstrip('"').startswith("**Urgent repairs** are those")


def test_a_date_asked_is_answered_by_a_date() -> None:
    asked = classify("On what date did the inspector issue the further decision letter?")
    assert asked.kind == "period"
    assert has_cue(asked, "On 11 October 2017 PINS issued a further decision letter.")
    assert not has_cue(asked, "The inspector must issue the decision letter within 28 days.")
    assert classify("What date for possession must the notice give?").kind != "period"


@pytest.mark.parametrize(("question", "means"), [
    ("my boiler has packed in and its freezing, how fast will you come?",
     "loss of heating or hot water"),
    ("His heating's given up again. Is that an emergency?", "loss of heating or hot water"),
    ("Upstairs have their telly really loud every night. Who do I tell?",
     "noise nuisance anti-social behaviour"),
    ("If I report them how long before you get back to me?", "contact"),
    ("Can my cousin sleep on the sofa bed and give me something towards the gas?", "lodgers"),
    ("The back door keeps jamming. How long will you take?", "sticking doors routine repairs"),
    ("The smoke alarm on the landing keeps bleeping. Do you fix it?", "smoke alarm fault"),
    ("Can the council take me to court over this?", "court proceedings"),
    ("Mum needs one of those chairs that takes you up the stairs.",
     "stairlifts major adaptation"),
    ("Can we swap our house with a family in Leeds?", "mutual exchange"),
    ("How long until you tell us yes or no?", "decision"),
    ("Can we say no to a tenant's request?", "refuse"),
    ("Can the council put furniture into the house it manages?", "supply furniture"),
    ("When the fire alarm went off she could not get out of the flat.", "escape in a fire"),
    ("The flat has no electricity since this morning.", "total loss of electricity"),
])
def test_tenants_everyday_words_meet_the_policies(question: str, means: str) -> None:
    assert means in [e.means for e in expansions(question)]


@pytest.mark.parametrize(("question", "meant"), [
    ("The door closer on the fire door is broken. Who fixes it?",
     "sticking doors routine repairs"),
    ("How often do we test the fire alarm in a sheltered scheme?", "escape in a fire"),
    ("Does the council have no power to enter the house?", "total loss of electricity"),
    ("How long does the heating system service take?", "loss of heating or hot water"),
    ("Can a friend of the tenant pay the rent for her?", "lodgers"),
    ("Do we test the portable appliances in furnished homes?", "supply furniture"),
])
def test_the_everyday_readings_keep_to_their_sense(question: str, meant: str) -> None:
    assert meant not in [e.means for e in expansions(question)]


def test_a_date_by_which_a_duty_falls_is_answered_by_its_period_too() -> None:
    """"By what date must we …?" asks when a duty falls due: the statute's period answers it
    ("within 30 days of receiving it"), as main had it before a date asked of the past was
    read; only a date asked of the past needs a date."""
    asked = classify("By what date must we protect the deposit?")
    assert has_cue(asked, "The landlord must protect the deposit within 30 days of receiving it.")
    past = classify("On what date did the inspector issue the further decision letter?")
    assert not has_cue(past, "The inspector must issue the decision letter within 28 days.")

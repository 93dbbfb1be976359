"""Round sixteen's reading of questions and answers: a quality the question denies its people
("nobody in the household is vulnerable") puts the rule on that condition after the rule for
this case; "the interval between" checks asks how often; tenants' everyday words for a bulb to
change, a missed visit, a supply cut off, a lodger, a rent rise, clearing things away and what
we owe after a failure of ours."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shared.answering.composition import answer
from shared.answering.questions import classify, denied, has_cue, on_condition_of
from shared.text.vocabulary import expansions


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_DAMP = _Doc(
    "doc:damp#5", "Damp and Mould Policy — How quickly we respond",
    "## How quickly we respond\n\n"
    "For a severe case we will visit within 24 hours to make the home safe, which may include a "
    "mould wash, a dehumidifier and, where needed, a move to temporary accommodation.\n\n"
    "For moderate and minor cases we will carry out a full damp inspection within 10 working "
    "days of the report. Where the household includes a vulnerable person, we will inspect "
    "within 5 working days.")


def test_a_denied_quality_is_read_from_the_question() -> None:
    assert denied("There is a patch of mould on the wall; nobody in the household is "
                  "vulnerable. How soon do we inspect it?") == denied("The tenant isn't "
                                                                      "vulnerable.")
    assert denied("No one in the flat is elderly.")
    # A thing that is not working is no quality of the people asked about.
    assert denied("She is worried the alarm isn't working.") == set()
    assert denied("A tenant says nobody from us has been round.") == set()


def test_a_rule_on_a_denied_condition_is_another_cases_rule() -> None:
    vulnerable = denied("Nobody in the household is vulnerable.")
    assert on_condition_of(vulnerable, "Where the household includes a vulnerable person, we "
                                       "will inspect within 5 working days.")
    assert not on_condition_of(vulnerable, "For moderate and minor cases we will carry out a "
                                           "full damp inspection within 10 working days.")
    assert not on_condition_of(set(), "Where the household includes a vulnerable person, we "
                                      "will inspect within 5 working days.")


def test_the_rule_for_this_case_leads_when_the_question_denies_the_other() -> None:
    said = answer("There is a patch of mould about two square metres across on a tenant's "
                  "living-room wall; nobody in the household is vulnerable. How soon do we "
                  "inspect it?", [_DAMP])
    lead = said.split("\n\n")[0]
    assert "within 10 working days" in lead
    assert lead.index("within 10 working days") < (lead.index("within 5 working days")
                                                   if "within 5 working days" in lead
                                                   else len(lead))


def test_an_interval_between_checks_asks_how_often() -> None:
    q = classify("How does the interval between gas safety checks compare with the interval "
                 "between electrical installation condition reports?")
    assert q.kind == "compare" and q.compares == "period"
    assert has_cue(q, "We will carry out a gas safety check on every gas appliance at least "
                      "every 12 months.")
    # A number of attempts is no interval.
    assert not has_cue(q, "If we cannot get access, we will make at least 3 attempts, "
                          "including one by letter with an appointment.")


@pytest.mark.parametrize(("question", "means"), [
    ("Does she have to change the bulb in her kitchen light herself?",
     "replacing light bulbs minor repairs"),
    ("Who replaces a blown light bulb in a flat?", "replacing light bulbs minor repairs"),
    ("The plumber we booked didn't turn up.", "miss an appointment"),
    ("The contractor never showed up for the appointment.", "miss an appointment"),
    ("Can we just cut her gas off?", "gas supply capped"),
    ("Can we turn off the gas supply if the check is overdue?", "gas supply capped"),
    ("She wants to rent out her spare room to a student.", "lodgers"),
    ("Can he take in a paying guest?", "lodgers"),
    ("He got a letter saying his rent's going up.", "change to their rent or service charge"),
    ("How much notice of a service charge increase do we give?",
     "change to their rent or service charge"),
    ("How long before we can get rid of them?", "removed"),
    ("The plumber didn't come. Do we owe her anything?", "compensation"),
])
def test_tenants_everyday_words_meet_the_policies(question: str, means: str) -> None:
    assert means in [e.means for e in expansions(question)]


@pytest.mark.parametrize("question", [
    "Which bulbs are used in the communal lighting?",
    "The rent is due every Monday.",
    "How much do we owe the contractor?",
])
def test_the_everyday_readings_keep_to_their_sense(question: str) -> None:
    added = {e.means for e in expansions(question)}
    assert not added & {"replacing light bulbs minor repairs",
                        "change to their rent or service charge", "compensation"}

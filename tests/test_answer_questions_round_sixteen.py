"""Round sixteen's reading of questions and answers: a quality the question denies its people
("nobody in the household is vulnerable") puts the rule on that condition after the rule for
this case; "the interval between" checks asks how often."""

from __future__ import annotations

from dataclasses import dataclass

from shared.answering.composition import answer
from shared.answering.questions import classify, denied, has_cue, on_condition_of


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

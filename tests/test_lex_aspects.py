"""What a question asks about a thing, and the headings that name it (services/lex/corpus)."""

from __future__ import annotations

from typing import Any

import pytest

from services.lex.corpus.aspects import aspects_asked, names_aspect, subject_of
from services.lex.corpus.ranking import aspects_up


@pytest.mark.parametrize(("question", "aspect"), [
    ("How long does an HMO licence last?", "duration"),
    ("What is the maximum length of a designation?", "duration"),
    ("When does the order expire?", "duration"),
    ("What conditions can be attached to a licence?", "conditions"),
    ("Can the landlord challenge the notice?", "appeal"),
    ("Could the agent be prosecuted?", "offence"),
    ("What does 'hazard' mean?", "meaning"),
    ("When can an order be made?", "making"),
    ("Can the council revoke the licence?", "revocation"),
    ("What does the council look at to decide whether a house is suitable?", "criteria"),
    ("What must the council take into account before designating an area?", "criteria"),
    ("Is there a public register of HMO licences?", "register"),
    ("Can the council withdraw the notice later?", "revocation"),
    ("What are the council's duties once the order is in force?", "duties"),
])
def test_the_aspect_asked_is_read_in_the_question(question: str, aspect: str) -> None:
    assert aspect in [a.name for a in aspects_asked(question)]


@pytest.mark.parametrize("question", [
    "Must the council keep the housing conditions in its district under review?",
    "Who is the person having control of an HMO?",
])
def test_a_question_without_an_aspect_or_about_another_thing_moves_nothing(
        question: str) -> None:
    asked = aspects_asked(question)
    subject = subject_of(question, asked)
    assert not any(names_aspect("Licence conditions", a, subject) for a in asked)


def test_a_heading_names_the_aspect_only_of_what_the_question_is_about() -> None:
    question = "How long can an additional licensing designation last?"
    asked = aspects_asked(question)
    subject = subject_of(question, asked)
    assert "last" not in subject and "long" not in subject
    assert names_aspect("Duration, review and revocation of designations", asked[0], subject)
    assert not names_aspect("Repayment of discount: periods and amounts payable", asked[0],
                            subject)
    assert not names_aspect("Duration of tenancies", asked[0], subject)


def test_looking_something_up_asks_no_criteria_and_registered_no_register() -> None:
    names = [a.name for a in aspects_asked(
        "Is there a public list we can look at to check the licence?")]
    assert "criteria" not in names and "register" in names
    assert "register" not in [a.name for a in aspects_asked(
        "Is a registered social landlord exempt?")]


def test_a_heading_may_name_a_revocation_by_its_verb() -> None:
    question = "Can the council revoke an HMO licence?"
    asked = aspects_asked(question)
    assert names_aspect("Power to revoke licences", asked[0], subject_of(question, asked))


@pytest.mark.parametrize(("question", "asked"), [
    ("Can the council charge the landlord for serving an improvement notice?", True),
    ("Is there a fee for a licence application?", True),
    ("Who is in charge of the register?", False),
    ("Can the council take charge of running the house?", False),
    ("Is the council's charge on the premises a local land charge?", False),
])
def test_a_charge_is_asked_for_what_is_charged_not_a_charge_on_land(question: str,
                                                                      asked: bool) -> None:
    assert ("charge" in [a.name for a in aspects_asked(question)]) is asked


def test_a_charges_heading_names_what_it_is_for_in_general_terms_and_the_text_lists_it(
        ) -> None:
    question = "Can the council charge the landlord for serving an improvement notice?"
    asked = [a for a in aspects_asked(question) if a.name == "charge"]
    subject = subject_of(question, asked)
    heading = "Power to charge for certain enforcement action"
    listing = "charge for expenses incurred in serving an improvement notice under section 11"
    assert names_aspect(heading, asked[0], subject, listing)
    assert not names_aspect(heading, asked[0], subject, "charge for making a demolition order")
    # An aspect whose headings name their subject is not read in the text.
    duration = aspects_asked("How long does an improvement notice last?")[0]
    assert not names_aspect("Duration of tenancies", duration, {"improvement", "notic"},
                            "an improvement notice served on the tenancy")


TITLES = {
    "55": "Licensing of HMOs to which this Part applies",
    "61": "Requirement for HMOs to be licensed",
    "72": "Offences in relation to licensing of HMOs",
    "67": "Licence conditions",
    "90": "Licence conditions",
    "104": "The health and safety condition",
}


def _rows(*ids: str) -> list[dict[str, Any]]:
    return [{"id": i, "score": 1.0 / n} for n, i in enumerate(ids, 1)]


def _title(row: dict[str, Any]) -> str:
    return TITLES[row["id"]]


def test_the_provisions_naming_the_aspect_come_up_first() -> None:
    ranked = _rows("61", "55", "72", "104", "67", "90")
    question = "What conditions can be attached to an HMO licence?"
    out = aspects_up(ranked, _title, question)
    assert [r["id"] for r in out] == ["67", "90", "61", "55", "72", "104"]
    assert [r["score"] for r in out] == [r["score"] for r in ranked]
    out = aspects_up(ranked, _title, question, place=1, moves=1)
    assert [r["id"] for r in out] == ["61", "67", "55", "72", "104", "90"]


def test_a_question_asking_no_aspect_keeps_its_ranking() -> None:
    ranked = _rows("61", "55", "72", "67")
    out = aspects_up(ranked, _title, "Which HMOs must be licensed?")
    assert [r["id"] for r in out] == ["61", "55", "72", "67"]


@pytest.mark.parametrize(("question", "asked"), [
    ("Can we serve a section 21 notice while the deposit isn't protected?", True),
    ("Can the landlord evict if the HMO was never licensed?", True),
    ("What happens if the landlord fails to protect the deposit?", True),
    ("Who commits the offence when an HMO that needs a licence doesn't have one?", False),
    ("Can a landlord take a deposit in goods rather than money?", False),
])
def test_a_power_asked_about_while_a_duty_is_unmet_asks_its_consequence(
        question: str, asked: bool) -> None:
    assert ("consequence" in [a.name for a in aspects_asked(question)]) is asked


def test_a_heading_naming_only_the_aspect_needs_the_subject_in_its_text() -> None:
    question = "Can we serve a section 21 notice while the tenancy deposit isn't protected?"
    asked = aspects_asked(question)
    subject = subject_of(question, asked)
    deposit = ("No section 21 notice may be given in relation to a shorthold tenancy at a "
               "time when the deposit is not being held in accordance with an authorised "
               "scheme.")
    assert names_aspect("Sanctions for non-compliance", asked[0], subject, deposit)
    assert not names_aspect("Sanctions for non-compliance", asked[0], subject,
                            "A penalty charge notice may be given to the seller.")
    assert names_aspect("Other consequences of operating unlicensed HMOs: restriction on "
                        "terminating tenancies", asked[0],
                        subject_of("Can we evict if the HMO is unlicensed?", asked))

"""Round seventeen of retrieval: whether a term takes something in asked as what it means,
and the everyday words for what the Act lets be done about its own steps and keeps for the
people it touches (services/lex/corpus/aspects.py, shared/text/statute_wording.py)."""

from __future__ import annotations

from typing import Any

import pytest

from services.lex.corpus.aspects import aspects_asked
from services.lex.corpus.ranking import aspects_up
from shared.text.terms import terms
from shared.text.vocabulary import expand, expand_statutory, spelt_out

ACT = "http://www.legislation.gov.uk/id/ukpga/2004/34/section/"
TITLES = {
    ACT + "79": "Licensing of houses to which this Part applies",
    ACT + "80": "Designation of selective licensing areas",
    ACT + "85": "Requirement for Part 3 houses to be licensed",
    ACT + "99": "Meaning of “house” etc.",
}


def _rows(*numbers: str) -> list[dict[str, Any]]:
    return [{"id": ACT + n, "score": 1.0 / i} for i, n in enumerate(numbers, 1)]


def _title(row: dict[str, Any]) -> str:
    return TITLES[row["id"]]


@pytest.mark.parametrize("question", [
    "Does a house for selective licensing include its yard, garden and outhouses?",
    "Does lessee in the Housing Act 2004 include a statutory tenant?",
    "do the rules on overcrowding include children?",
])
def test_whether_a_term_takes_something_in_asks_what_it_means(question: str) -> None:
    assert "meaning" in [a.name for a in aspects_asked(question)]


@pytest.mark.parametrize("question", [
    "What must an improvement notice include?",
    "Does the improvement notice include the reasons for the decision?",
    "Does the licence have to include a condition about bins and rubbish?",
    "Do I include the garden when I measure the house?",
])
def test_what_a_document_must_include_is_its_contents_not_a_meaning(question: str) -> None:
    assert "meaning" not in [a.name for a in aspects_asked(question)]


def test_the_provision_defining_the_term_comes_up_for_what_it_includes() -> None:
    """The licensing provisions fill the ranking for the Part's word "house"; the one that
    says what a house takes in ("Meaning of “house” etc.") is moved to the top."""
    question = "Does a house for selective licensing include its yard, garden and outhouses?"
    ranked = aspects_up(_rows("79", "80", "85", "99"), _title, question)
    assert [r["id"].rsplit("/", 1)[1] for r in ranked] == ["99", "79", "80", "85"]


@pytest.mark.parametrize(("question", "means"), [
    ("Can a minister let the council skip serving the formal paperwork?", "dispense with"),
    ("Can the notice be waived if nobody would lose out?", "dispense with"),
    ("If the council forces works on a house, can the tenant still sue the landlord?",
     "remedy"),
    ("can the government bump up the fines now money's worth less?",
     "up-rate change in the value of money"),
    ("can the council get info about a tenancy off the deposit scheme people?",
     "information"),
    ("can the council get info about a tenancy off the deposit scheme people?",
     "scheme administrator"),
    ("I want to swap my council flat with someone else. Can the council refuse?",
     "mutual exchange assignment by way of exchange"),
    ("I was never given anything in writing about the terms I live there on.",
     "written statement of the terms"),
    ("If I tell the council about my interest, will they let me know what they do?",
     "give notice informing"),
    ("The tenant keeps refusing them entry and has changed the locks.",
     "occupier preventing permit action premises"),
    ("Can we ask the council for money to make up for that?", "compensation"),
])
def test_everyday_words_for_the_acts_steps_add_its_own(question: str, means: str) -> None:
    assert means in expand_statutory(question)
    assert terms(means) <= terms(spelt_out(question, plain=True))


@pytest.mark.parametrize("question", [
    "Can the landlord put up the rent while the order is in force?",
    "Will you let the contractors in if I am at work?",
    "Do we have to give the tenant the deposit information in writing?",
    "Can the council get a warrant if the landlord won't let them in to inspect?",
])
def test_the_same_words_about_something_else_add_nothing(question: str) -> None:
    """Rent put up is no fine up-rated; letting workmen in is no keeping them out, nor is an
    officer kept out (an obstruction); what must be given in writing is no statement of the
    terms."""
    added = expand_statutory(question).removeprefix(expand(question, legal=True))
    assert not {"up-rate", "preventing", "statement"} & set(added.split())


@pytest.mark.parametrize("question", [
    "If I leave owing money, will you still chase me for it after I've gone?",
    "Do you go after people who moved out owing rent?",
])
def test_money_owed_after_leaving_is_the_policies_former_tenant_arrears(question: str) -> None:
    assert "former tenant arrears" in expand(question)
    assert "former tenant arrears" not in expand_statutory(question)

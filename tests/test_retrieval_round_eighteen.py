"""Round eighteen of retrieval: the everyday words for what a council or landlord tells,
limits, hands out or takes back, read as the Act's own (shared/text/statute_wording.py,
``SPOKEN``), and the subject of an aspect read in those words too
(services/lex/corpus/ranking.py)."""

from __future__ import annotations

from typing import Any

import pytest

from services.lex.corpus.aspects import aspects_asked
from services.lex.corpus.ranking import aspects_up
from shared.text.terms import terms
from shared.text.vocabulary import expand, expand_statutory, spelt_out


@pytest.mark.parametrize(("question", "means"), [
    ("The council told my landlord to put right several dangers in my flat.", "hazard"),
    ("Is a loose stair rail dangerous enough for the council to act?", "hazard"),
    ("The council ordered him to fix the roof and he has done it.", "improvement notice"),
    ("Does the council have to withdraw its demand now?", "revoke revocation"),
    ("Can the owner ask the council to lift the cap?", "revoke revocation"),
    ("Must the council warn us before it limits how many may sleep in each room?",
     "overcrowding notice sleeping accommodation"),
    ("The council is limiting two of the rooms to one person each.",
     "overcrowding notice sleeping accommodation"),
    ("How long can the council's extra permit scheme for shared houses run?",
     "additional licensing designation"),
    ("Must the council help people renting from it who are thinking of purchasing their homes?",
     "right to buy"),
    ("Should the council hand out a leaflet first?", "information document"),
    ("Does it have to be in plain English?", "simple terms"),
    ("When a renter wants to hand the tenancy back, what happens?",
     "dispose assignment surrender"),
    ("Can she pass on her tenancy to a friend?", "dispose assignment surrender"),
    ("May the landlord insist on purchasing it first at market value?", "pre-emption"),
    ("The council wants to come round and look at the flat tomorrow.",
     "enter survey examination"),
    ("Don't they have to give us a day's warning first?", "notice of intention"),
    ("Is there a list somewhere of all the licensed HMOs round here?", "register"),
    ("My landlord gave me notice to leave without giving any reason.",
     "section 21 notice possession"),
    ("He has given me two months' notice.", "section 21 notice possession"),
    ("The council says nobody can live in my basement flat.", "prohibition order"),
    ("I have had a protected tenancy since the 1980s.", "Rent Act 1977"),
    ("Is it too late to challenge the notice?", "after the end of the period good reason"),
    ("Can I get money for this?", "compensation"),
    ("The council took the flat over to bring empty homes back into use.",
     "empty dwelling management order"),
    ("My tenant refuses; is there anything I can do to get in?",
     "court order occupier allow action to be taken premises"),
    ("How do I gain access to do the works the council wants?",
     "court order occupier allow action to be taken premises"),
])
def test_everyday_words_for_what_is_told_limited_or_taken_back(question: str,
                                                                means: str) -> None:
    """Full text gets the Act's words, and so does the model's plain query; the model's
    ordinary query does not."""
    assert means in expand_statutory(question)
    assert terms(means) <= terms(spelt_out(question, plain=True))
    assert means not in spelt_out(question)


_SPOKEN = ("overcrowding notice sleeping accommodation", "section 21 notice possession",
           "pre-emption", "register", "revoke revocation", "court order occupier",
           "empty dwelling management order", "notice of intention", "right to buy",
           "dispose assignment surrender")


@pytest.mark.parametrize("question", [
    "How many people can live in the HMO under its licence?",
    "Can the council refuse a licence without giving reasons?",
    "Can I buy it from the council first before it goes to auction?",
    "Which documents must be listed in the application?",
    "Can the council drop the charge for the notice?",
    "Can the council get a warrant if the landlord won't let them in anyway?",
    "Is the house empty while the works are done?",
    "Can I give the landlord a week's notice?",
    "Can a buyer of a house with a sitting tenant evict her?",
    "The council has served a notice that it will demolish my block. Can I still buy my home?",
    "When the council hands a house back after running it, who gets the surplus?",
    "Must the scheme fit with its wider homelessness and empty homes plans?",
    "Is it a crime to get in the way of a council officer?",
    "What offence is getting in the officer's way?",
    "What if we can't get in for the gas safety check?",
    "She can't get in and out of the bath any more.",
    "How many attempts do we make to get in before we take legal action?",
])
def test_the_same_words_about_something_else_add_nothing(question: str) -> None:
    """A licence's maximum number is no overcrowding notice; reasons withheld for a licence
    are no section 21; buying first at auction is no pre-emption; listed documents are no
    register; a charge dropped is no demand lifted; an officer getting in anyway needs a
    warrant, not the court's order to the occupier; a home empty during works is no empty
    dwelling; a week's notice is no warning owed; a house bought is no right to buy; nor is a
    tenant's asking to buy (it asks about the right's own provisions); a house handed back
    by the council is no tenancy given up; empty homes plans are no order; getting in an
    officer's way is an obstruction; getting in for a gas check, or into a bath, asks no
    court's order."""
    added = expand_statutory(question).removeprefix(expand(question, legal=True))
    for words in _SPOKEN:
        assert words not in added, (question, words)


_TITLES = {
    "55": "Licensing of HMOs to which this Part applies",
    "61": "Requirement for HMOs to be licensed",
    "60": "Duration, review and revocation of designations",
}


def _title(row: dict[str, Any]) -> str:
    return _TITLES[row["id"]]


def test_the_subject_of_an_aspect_is_read_in_the_acts_words_too() -> None:
    """"How long can the extra permit scheme run?" asks the duration of an additional
    licensing designation in words of neither: read with the Act's words (``about``), the
    heading naming the duration of designations comes up; read as asked, nothing moves."""
    question = ("Once a council brings in an extra permit scheme for shared houses across its "
                "district, how long can it run before it lapses?")
    rows = [{"id": n, "score": 1.0 / i} for i, n in enumerate(("61", "55", "60"), 1)]
    asked = [r["id"] for r in aspects_up(rows, _title, spelt_out(question))]
    about = [r["id"] for r in aspects_up(rows, _title, spelt_out(question),
                                         about=spelt_out(question, plain=True))]
    assert asked == ["61", "55", "60"]
    assert about == ["60", "61", "55"]


@pytest.mark.parametrize(("question", "making"), [
    ("When can the council make an interim EDMO?", True),
    ("Can a final management order be made without consultation?", True),
    ("can he make them stick to the management scheme?", False),
    ("Can the council make me pay for the works?", False),
])
def test_someone_made_to_do_something_asks_no_making(question: str, making: bool) -> None:
    """Making an order is an aspect with headings of its own ("Making of final management
    orders"); making someone do something is not, and read as one it moved the making of an
    order above the duty the asker wanted kept to."""
    assert ("making" in [a.name for a in aspects_asked(question)]) is making

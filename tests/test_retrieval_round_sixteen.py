"""Round sixteen of retrieval: a heading the lexicon names moved up, a condition to be met
asked as no licence condition, a repealed provision not moved up for its aspect, and the
everyday words for how the people the Act deals with
act (services/lex/corpus/ranking.py, aspects.py, shared/text/vocabulary.py)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from services.lex.corpus.aspects import aspects_asked
from services.lex.corpus.ranking import aspects_up, named_by_lexicon_up
from services.lex.corpus.records import LegislationSection
from services.lex.corpus.store import _aspects_up, _Headings
from shared.text.terms import terms
from shared.text.vocabulary import expand, expand_statutory, spelt_out

ACT = "http://www.legislation.gov.uk/id/ukpga/2004/34/section/"
TITLES = {
    ACT + "72": "Offences in relation to licensing of HMOs",
    ACT + "95": "Offences in relation to licensing of houses under this Part",
    ACT + "55": "Licensing of HMOs to which this Part applies",
    ACT + "238": "False or misleading information",
    ACT + "46": "Demolition orders",
    ACT + "182": "Exceptions to the right to buy: houses due to be demolished",
    ACT + "999": "False information in home information packs",  # made up: a word unsaid
}


def _rows(*numbers: str) -> list[dict[str, Any]]:
    return [{"id": ACT + n, "score": 1.0 / i} for i, n in enumerate(numbers, 1)]


def _title(row: dict[str, Any]) -> str:
    return TITLES[row["id"]]


def _moved(question: str, *numbers: str) -> list[str]:
    said = terms(spelt_out(question))
    named = terms(spelt_out(question, plain=True)) - said
    ranked = named_by_lexicon_up(_rows(*numbers), _title, named, said)
    assert [r["score"] for r in ranked] == [r["score"] for r in _rows(*numbers)]
    return [r["id"].rsplit("/", 1)[1] for r in ranked]


def test_a_heading_the_lexicon_names_for_the_askers_words_comes_second() -> None:
    """"Wrong details" is the Act's "false or misleading information": its provision comes
    up behind the first, over the Part's busy offences that the story's licence fills."""
    question = ("The agent said the alarms were serviced when they were not. Is it an offence "
                "to give the council wrong details like that about the licence?")
    assert _moved(question, "72", "95", "55", "238") == ["72", "238", "95", "55"]


def test_the_askers_own_word_in_another_form_names_no_heading() -> None:
    """"Demolish" adds "demolition order", but that is the asker's word in another form: the
    question about a demolition notice and the right to buy keeps its order."""
    question = "The council intends to demolish my building. Does that stop me buying my home?"
    assert _moved(question, "182", "55", "46") == ["182", "55", "46"]


def test_a_heading_with_a_word_nobody_said_is_not_named() -> None:
    """A heading must be named whole: "home information packs" is nobody's word here."""
    question = "Is it an offence to give the council wrong details?"
    assert _moved(question, "55", "95", "999") == ["55", "95", "999"]


def test_a_condition_to_be_met_is_no_licence_condition() -> None:
    assert "conditions" not in [a.name for a in aspects_asked(
        "Does his threat to evict them count towards the condition we need to meet?")]
    assert "conditions" not in [a.name for a in aspects_asked("Is the condition satisfied?")]
    assert "conditions" in [a.name for a in aspects_asked(
        "What conditions can be attached to an HMO licence?")]


@pytest.mark.parametrize(("question", "added"), [
    ("Is it an offence to give the council wrong details?", "false or misleading information"),
    ("He put incorrect figures on the form", "false or misleading information"),
    ("He binned some of them", "destroys suppresses document"),
    ("What can we do about him destroying them?", "destroys suppresses document"),
    ("He never sent the papers, what's he looking at?", "offence liable fine"),
    ("The council's been running my mate's flats for ages", "management order"),
    ("Once the council has taken charge of running a house", "management order"),
    ("It is ignoring its own plan for them", "management scheme"),
    ("Can he make them stick to it?", "in accordance with"),
    ("Does the owner still get what the tenants pay each week?", "rent other payments"),
    ("Can it spend the money it takes from the lodgers?", "rent other payments"),
    ("Does that order still stand?", "cease to have effect"),
    ("When the order comes to an end, what happens?", "termination"),
    ("Do the lettings it made pass back to me?", "lease licence"),
    ("Can a minister order a hearing held in the area?", "local inquiries"),
    ("Can the boss be taken to court?", "director manager officer body corporate"),
    ("Its managing director turned a blind eye", "consent connivance neglect"),
    ("Do they have to tie that in with their homelessness strategy?",
     "consistent co-ordinated approach"),
    ("Every shared house round here needs a licence", "designate area designation"),
])
def test_everyday_words_for_how_people_act_under_the_act(question: str, added: str) -> None:
    """Round sixteen's lines: full text gets the Act's words, and so does the model's plain
    query; the model's ordinary query does not."""
    assert added in expand_statutory(question)
    assert added in spelt_out(question, plain=True)
    assert added not in spelt_out(question)


@pytest.mark.parametrize(("question", "never"), [
    ("Our letting agent filled in the form", "lease licence"),
    ("Is a letting agent a person managing?", "lease licence"),
    ("Every landlord must protect the deposit", "designate area designation"),
    ("What is the plan of the house?", "management scheme"),
    ("Can the council stand in the doorway?", "cease to have effect"),
])
def test_round_sixteens_words_are_not_read_into_other_words(question: str,
                                                            never: str) -> None:
    assert never not in expand_statutory(question)


@pytest.mark.parametrize(("question", "added"), [
    ("Can I report trouble for my elderly mum?", "on behalf of someone else"),
    ("Can I ring instead of her ringing up herself?", "on behalf of someone else"),
    ("Is there a yearly write-up of how you did?", "annual"),
    ("Is there a yearly write-up of how you did?", "report"),
    ("How do you deal with grumbles?", "complaint"),
])
def test_everyday_words_for_a_policys_reporting_and_reports(question: str, added: str) -> None:
    """A report made for someone else, a yearly write-up and grumbles in the plural, in the
    policies' words."""
    assert added in expand(question)


def _record_row(number: str, title: str, score: float, *, repealed: bool = False
                ) -> dict[str, Any]:
    record = LegislationSection(id=ACT + number, uri=ACT + number, legislation_id=ACT[:-9],
                                title=title, text="", status="repealed" if repealed else
                                "in_force")
    return {"id": ACT + number, "score": score, "record": msgspec.json.encode(record)}


_PENALTIES = [
    _record_row("235", "Power to require documents to be produced", 1.0),
    _record_row("236", "Enforcement of powers to obtain information", 0.9),
    _record_row("168", "Penalty charge notices", 0.8, repealed=True),
    _record_row("30", "Offence of failing to comply with improvement notice", 0.7),
]


def test_a_repealed_provision_is_not_moved_up_for_the_aspect_it_names() -> None:
    """"Penalty charge notices" of the repealed home information packs names a penalty and a
    notice, but answers nothing about the fine for failing to comply with a notice now."""
    question = "What is the maximum fine for failing to comply with a notice?"
    moved = [r["id"].rsplit("/", 1)[1]
             for r in _aspects_up(_PENALTIES, question, spelt_out(question), _Headings())]
    assert moved[0] != "168"
    unfiltered = aspects_up(
        _PENALTIES, lambda r: msgspec.json.decode(r["record"], type=LegislationSection).title,
        question)
    assert unfiltered[0]["id"].endswith("/168")


def test_a_question_whether_something_is_still_the_law_may_move_a_repealed_one() -> None:
    question = "Is there still a maximum fine for failing to comply with a penalty notice?"
    moved = _aspects_up(_PENALTIES, question, spelt_out(question), _Headings())
    assert moved[0]["id"].endswith("/168")

"""Conditions read from one list of connectives (shared/text/conditions.py): the shapes the
answerer's condition and opening checks, the cache guard's narrowed question and the
verifier's sibling checks rely on."""

from __future__ import annotations

import pytest

from shared.text.conditions import (
    CONDITION,
    CONDITION_CLAUSE,
    CONDITION_WITH_SUBJECT,
    LIST_CONDITION,
    OPENING_CONDITION,
    STATED_CONDITION,
    either,
)


def test_either_builds_a_group_from_the_one_list_only() -> None:
    assert either("if", "where") == "(?:if|where)"
    assert either("so long as") == r"(?:so\ long\ as)"
    assert either("if", "once", capitalised=True) == "(?:If|Once)"
    with pytest.raises(ValueError, match="whereas"):
        either("if", "whereas")


@pytest.mark.parametrize(("text", "found"), [
    ("The landlord must do so unless (a) it is reasonably practicable", True),
    ("This applies only where the notice was served", True),
    ("It applies only if the tenant agrees", True),
    ("Provided that the work is done, the grant is paid", True),
    ("If the premises are unoccupied", True),
    ("The landlord must repair the structure", False),
    ("Elsewhere the tenant is liable", False),  # a word that holds "where" is not one
    ("When the order is made the authority must act", False),  # a time, not a condition
])
def test_a_condition_anywhere(text: str, found: bool) -> None:
    assert bool(CONDITION.search(text)) is found


@pytest.mark.parametrize(("text", "found"), [
    ("where the application is made by an occupier, the conduct", True),
    ("the duty applies so long as the tenancy continues", True),
    ("as long as the tenant pays the rent", True),
    ("the power, if any, is exercised", False),  # "if" with no words of its own
    ("unless (a) it is practicable", False),  # a bracket ends the clause
    ("it is to be done whenever practicable and without delay", False),
])
def test_a_condition_with_words_of_its_own(text: str, found: bool) -> None:
    assert bool(STATED_CONDITION.search(text)) is found


@pytest.mark.parametrize(("text", "found"), [
    ("Conditions which apply if— (a) the licence holder", True),
    ("The order may be made only if - (a)", True),
    ("where – (a) the dwelling is", True),
    ("Conditions which apply if the licence holder has", False),
    ("unless (a) it is reasonably practicable", False),
])
def test_a_condition_that_opens_a_list(text: str, found: bool) -> None:
    assert bool(LIST_CONDITION.search(text)) is found


def test_a_condition_or_time_and_its_clause_up_to_the_next_stop() -> None:
    sentence = ("Where the household includes a vulnerable person, we will visit; "
                "when the tenant is away: we write. Whenever asked, we call")
    assert [m["clause"] for m in CONDITION_CLAUSE.finditer(sentence)] == [
        " the household includes a vulnerable person", " the tenant is away", " asked"]
    # "unless" leaves out the cases its clause names: it is not their rule's condition.
    assert not CONDITION_CLAUSE.search("We visit unless the household is vulnerable")


@pytest.mark.parametrize(("sentence", "clause"), [
    ("Where the cost is between £1,000 and £5,000, we will fund it", " the cost is between £1"),
    ("(b) If a local housing authority consider that a hazard exists — they must act",
     " a local housing authority consider that a hazard exists "),
    ("Once an order is in force, the authority must", " an order is in force"),
    ("When asked, we respond", " asked"),
    ("The landlord must act if the tenant asks, at once", None),  # not at the opening
    ("if the tenant asks, we act", None),  # a sentence's first word has its capital
    ("Whenever asked, we respond", None),
    ("Wherever possible, we respond", None),
])
def test_a_sentence_that_opens_on_a_condition(sentence: str, clause: str | None) -> None:
    m = OPENING_CONDITION.match(sentence)
    assert (m["clause"] if m else None) == clause


@pytest.mark.parametrize(("question", "found"), [
    ("What do we do if a tenant refuses access?", True),
    ("When we find damp, what must we do?", True),
    ("Can we enter in case the tenant is away?", True),
    ("Whenever our officers visit, must they show ID?", True),
    ("Once the order starts, who manages the home?", True),
    ("What happens unless the landlord repairs it?", True),
    ("When is the rent due?", True),  # "is the rent": the shape, not its sense
    ("What happens if so?", False),  # the word alone, no clause after it
    ("Does the duty apply even if?", False),
    ("Is a notice served elsewhere valid?", False),  # "where" inside a word
])
def test_a_clause_of_condition_or_time_with_its_subject(question: str, found: bool) -> None:
    assert bool(CONDITION_WITH_SUBJECT.search(question)) is found

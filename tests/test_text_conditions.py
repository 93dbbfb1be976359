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


# The callers' own shapes, each built from the one list: which of its words they read is
# theirs, the words themselves are not.

@pytest.mark.parametrize(("claim", "main"), [
    ("If the occupier is absent, a person entering must leave it secure",
     " a person entering must leave it secure"),
    ("Where the authority cannot grant one, they may refuse", " they may refuse"),
    ("Unless it is urgent, we write first", " we write first"),
    ("Once an order is in force, the authority must", " the authority must"),
    ("When asked, we respond", " we respond"),
    ("Whenever asked, we respond", None),  # not one of the words the statement check reads
    ("If asked; we respond, later", None),  # a semicolon ends the clause first
    ("The landlord must act if asked, at once", None),  # not at the opening
])
def test_a_statement_that_opens_on_its_condition(claim: str, main: str | None) -> None:
    from shared.verification.claims import _CONDITION
    m = _CONDITION.match(claim)
    assert (claim[m.end():] if m else None) == main


@pytest.mark.parametrize(("subsection", "condition"), [
    ("If the authority conclude that the duty applies, they must act",
     " the authority conclude that the duty applies"),
    ("(1) Where a notice is served, it must", None),  # its label comes first
    ("  unless the court orders otherwise, the order stands", " the court orders otherwise"),
    ("When the order is made, the authority must", None),  # a time, not its condition
    ("If— (a) the tenant, or (b) the landlord", None),  # a list opens before any comma
])
def test_a_subsection_that_opens_with_its_condition(subsection: str,
                                                    condition: str | None) -> None:
    from shared.verification.siblings import _LEAD
    m = _LEAD.match(subsection)
    assert (m["cond"] if m else None) == condition


def test_each_unless_and_its_words_to_the_sentence_end() -> None:
    from shared.verification.siblings import _UNLESS
    text = "It must be done unless it is impracticable. Nor unless asked; or, Unless waived"
    assert [m["cond"] for m in _UNLESS.finditer(text)] == [
        " it is impracticable", " asked; or, Unless waived"]  # a full stop ends it, nothing else
    assert not _UNLESS.search("It is done nonetheless, regardless")


@pytest.mark.parametrize(("claim", "found"), [
    ("The landlord must repair it if the tenant asks", True),
    ("The council must act whenever a hazard is found", True),
    ("Provided the rent is paid, the tenancy continues", True),
    ("The landlord may enter only with notice", True),
    ("Every tenant must be told, except a lodger", True),
    ("The authority must act once an order is in force", False),  # dates the duty
    ("The landlord must repair it after the tenant reports it", False),
    ("The landlord must repair the structure", False),
])
def test_a_statement_that_states_a_condition_of_its_own(claim: str, found: bool) -> None:
    from shared.verification.siblings import _CONDITIONAL
    assert bool(_CONDITIONAL.search(claim)) is found


@pytest.mark.parametrize(("question", "kind"), [
    ("When a tenant rings about a repair, what makes it urgent?", "definition"),
    ("If a tenant is in arrears, can we evict them?", "yes_no"),
    ("Once an order is in force, who manages the home?", "who"),
    ("Where the home is let, must we register it?", "yes_no"),
])
def test_a_question_that_opens_on_its_circumstances_is_its_main_clause(question: str,
                                                                       kind: str) -> None:
    from shared.answering.questions import _MAIN_CLAUSE, classify
    m = _MAIN_CLAUSE.match(question)
    assert m is not None
    assert classify(question).kind == kind == classify(m["main"]).kind


@pytest.mark.parametrize(("question", "past"), [
    ("If a tenant was told, must we write again?", False),  # the question's own clause: now
    ("In case the tenant was away, do we call again?", False),
    ("Whenever it was raised, did we act?", True),
    ("After the fire was put out, were we required to report it?", True),
    ("Because the boiler was old, do we replace it?", False),
    ("Did we have to register the septic tank?", True),
    ("Will we have to register the septic tank?", False),
])
def test_a_question_asks_about_the_past_by_its_own_clause(question: str, past: bool) -> None:
    from shared.cache._tense import asks_about_past
    assert asks_about_past(question) is past

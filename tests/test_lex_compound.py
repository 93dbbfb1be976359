"""A compound question is searched part by part as well as whole (services/lex/corpus/
compound.py); a question that asks one thing is searched as it is."""

from __future__ import annotations

import pytest

from services.lex.corpus.compound import asks, is_comparison, question_parts


@pytest.mark.parametrize("question", [
    "What notice must a landlord give before entering?",
    "Is a fit and proper person test applied?",  # "and" inside a phrase joins no questions
    "What's the fine if we don't? (about: licence; shared house)",  # the rewrite's context
    "Can a banning order be varied, and when?",  # "and when?" is no question of its own
])
def test_a_question_that_asks_one_thing_is_one_part(question: str) -> None:
    assert question_parts(question) == [question]


def test_each_part_carries_the_subject_it_refers_back_to() -> None:
    parts = question_parts("What is a rent repayment order and who can apply for one?")
    assert parts[0] == "What is a rent repayment order"
    assert parts[1].startswith("who can apply for one?")
    assert "rent repayment order" in parts[1]


@pytest.mark.parametrize(("question", "second"), [
    ("Can the council demand rent records and what if the landlord refuses?",
     "what if the landlord refuses?"),
    ("Is the flat overcrowded and, if so, must the council act?", "must the council act?"),
    ("The tenant moved out last year. Can we still claim the arrears?",
     "Can we still claim the arrears?"),
    ("She was never told which scheme held it; does the law let her claim?",
     "does the law let her claim?"),
])
def test_the_parts_are_split_where_a_new_question_begins(question: str, second: str) -> None:
    parts = question_parts(question)
    assert len(parts) == 2
    assert parts[1].startswith(second)


def test_a_comparison_is_searched_thing_by_thing() -> None:
    parts = question_parts("Compare the maximum length of an HMO licence with the maximum "
                           "length of an additional licensing designation.")
    assert parts == ["the maximum length of an HMO licence",
                     "the maximum length of an additional licensing designation."]
    parts = question_parts("What is the difference between an improvement notice and a "
                           "prohibition order?")
    assert parts == ["an improvement notice", "a prohibition order?"]


def test_a_thing_compared_by_reference_carries_the_others_subject() -> None:
    parts = question_parts("Compare the offence for an unlicensed HMO under Part 2 with the "
                           "one for an unlicensed house under Part 3.")
    assert parts[1].startswith("the one for an unlicensed house under Part 3.")
    assert "HMO" in parts[1]


def test_the_aspect_asked_of_one_thing_compared_is_asked_of_the_other() -> None:
    question = "Compare how long an HMO licence lasts with a selective licence."
    assert is_comparison(question)
    parts = question_parts(question)
    assert parts[0] == "how long an HMO licence lasts"
    assert parts[1].startswith("a selective licence") and "how long" in parts[1]
    both = question_parts("Compare the maximum length of an HMO licence with the maximum "
                          "length of an additional licensing designation.")
    assert both[1] == "the maximum length of an additional licensing designation."
    assert not is_comparison("What is a rent repayment order and who can apply for one?")


def test_a_modifier_and_one_take_the_head_of_the_subject_compared() -> None:
    parts = question_parts("Compare the council's duties under an interim EDMO with its "
                           "duties under a final one")
    assert parts[1] == "its duties under a final EDMO"
    same = question_parts("Compare the offence for an unlicensed HMO with the one for an "
                          "unlicensed house")
    assert "the one" in same[1]  # "the" is no modifier


@pytest.mark.parametrize(("part", "asking"), [
    ("Can the order be put on hold until she moves out", True),
    ("what happens if the owner breaks the undertaking? prohibition order", True),
    ("His solicitor asks whether there is any way of ending the lease.", True),
    ("The allocations panel is unsure whether a disability counts.", True),
    ("We served a prohibition order on the basement flat of a terraced house.", False),
    ("A landlord has told the tenants of his shared house that he will evict them.", False),
])
def test_a_part_asks_or_tells_the_circumstances(part: str, asking: bool) -> None:
    """A long question's opening sentences tell its story; only the parts that ask (directly,
    or reported: "asks whether") are searched on their own."""
    assert asks(part) is asking


def test_a_long_question_splits_into_what_it_tells_and_what_it_asks() -> None:
    parts = question_parts(
        "We have a final management order on a block and the owner wants to sell a flat. "
        "Can we vary the order, and when does a variation take effect?")
    assert [asks(p) for p in parts] == [False, True, True]

"""What a quoted sentence itself answers to "can we / must we": a prohibition inside a class of
cases the sentence names is not the sentence's rule (round twelve: "Can the council charge a fee
for a selective licence application?" was answered "No" from a power to specify the cases in
which no fees are charged)."""

from __future__ import annotations

import pytest

from shared.answering.openers import opener
from shared.answering.questions import classify

FEE_CASES = ("Such regulations may, in particular— (e) specify cases in which no fees are to be "
             "charged or fees are to be refunded.")


def test_a_prohibition_inside_a_class_of_cases_does_not_answer_no() -> None:
    q = classify("Can the council charge a fee for a selective licence application?")
    assert q.kind == "yes_no"
    assert opener(q, FEE_CASES) != "No"


@pytest.mark.parametrize("sentence", [
    "No fee may be charged for an application to vary a licence.",
    "The authority must not charge a fee for a temporary exemption notice.",
    # The class of cases is cut at its comma: the rule after it is the sentence's own.
    "In cases where the application is withdrawn, no fee is to be charged.",
])
def test_a_prohibition_of_the_sentence_itself_still_answers_no(sentence: str) -> None:
    q = classify("Can the council charge a fee for a licence application?")
    assert opener(q, sentence) == "No"


def test_a_power_with_no_class_of_cases_still_answers_yes() -> None:
    q = classify("Can the council charge a fee for a selective licence application?")
    assert opener(q, "The authority may, in particular, require the application to be "
                     "accompanied by a fee fixed by the authority.") == "Yes"

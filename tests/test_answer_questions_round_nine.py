"""Round nine's reading of questions: the sides of "how does A compare with B" when A holds
"with", a second side that leaves out what its head is "of", roles the policies name as the
party who acts, and everyday words judged in the sources' words."""

from __future__ import annotations

from shared.answering.questions import Question, asked_action, classify, has_cue
from shared.answering.selection import _lay_words, _read_as_asked
from shared.text.terms import terms


def test_a_comparison_splits_at_its_comparing_verb() -> None:
    assert classify("How does the fine for failing to comply with a section 235 notice compare "
                    "with the penalty for destroying documents it asked for?").sides == (
        "the fine for failing to comply with a section 235 notice",
        "the penalty for destroying documents it asked for")


def test_a_second_side_gets_what_its_head_is_of() -> None:
    assert classify("How does the level of arrears at which we can serve a notice of seeking "
                    "possession compare with the level we need before going to court?"
                    ).sides[1] == "the level of arrears we need before going to court"
    # A second side that says what it is of keeps its own words.
    assert classify("Compare the length of a licence with the length of a designation."
                    ).sides[1] == "the length of a designation"


def test_roles_a_policy_names_are_parties() -> None:
    who = Question("Who do we have to tell?", "who")
    assert has_cue(who, "Any home without a valid CP12 must be reported to the Chief "
                        "Executive within 1 working day.")
    assert has_cue(who, "Decisions are made by the Housing Manager within 8 weeks.")
    assert not has_cue(who, "Rent is due weekly in advance, every Monday.")


def test_everyday_words_count_as_said_by_the_sources_words_for_them() -> None:
    question = "The tenant's son kicked the door in. Can we make them pay for the repair?"
    lay = _lay_words(question)
    said = terms("Where damage has been caused deliberately, we may recharge the full cost.")
    assert terms("make them pay") & _read_as_asked(lay, said)
    # A sentence in other words altogether is not read as saying them.
    assert not _read_as_asked(lay, terms("We offer morning and afternoon appointments."))


def test_a_question_that_tells_its_story_first_is_read_by_its_asking_sentence() -> None:
    q = classify("The tenant's son kicked the front door in during a row. Can we make them pay "
                 "for the repair?")
    assert (q.kind, q.asks) == ("yes_no", "permission")
    assert asked_action(q) & terms("recharge")
    # A follow-up's carried subjects are no sentence of their own.
    assert classify("And can we take longer than that? (about: stage 2 complaint)").kind == \
        "yes_no"

"""The words that open a noun phrase (shared/text/determiners.py): one list for the guard's
directions and payers, the answerer's subjects and the verifier's names, articles kept apart
from the other determiners."""

from __future__ import annotations

import re

import pytest

from shared.answering.questions import asked_action, classify
from shared.cache._alike import one_word
from shared.cache._count import counted, counts_differ, scope_differs
from shared.cache._direction import directions
from shared.cache._place import placed_apart, places
from shared.text.determiners import (
    ARTICLE,
    ARTICLES,
    DEMONSTRATIVES,
    DETERMINER,
    DETERMINERS,
    POSSESSIVES,
)
from shared.verification.actors import _subject


def test_articles_are_a_kind_of_determiner_and_kept_apart() -> None:
    assert ARTICLES == ("a", "an", "the")
    assert DETERMINERS == ARTICLES + POSSESSIVES + DEMONSTRATIVES
    assert not set(ARTICLES) & set(POSSESSIVES + DEMONSTRATIVES)


@pytest.mark.parametrize("word", ["a", "An", "the", "our", "Their", "its", "his", "her", "my",
                                  "your", "this", "that", "these", "those"])
def test_the_determiner_group_matches_each_determiner_whole(word: str) -> None:
    assert re.fullmatch(DETERMINER, word, re.IGNORECASE)
    assert bool(re.fullmatch(ARTICLE, word, re.IGNORECASE)) == (word.lower() in ARTICLES)


@pytest.mark.parametrize("word", ["any", "some", "every", "such", "them", "thee"])
def test_the_determiner_group_matches_no_other_word(word: str) -> None:
    assert not re.fullmatch(DETERMINER, word, re.IGNORECASE)


def test_a_direction_is_read_past_any_determiner() -> None:
    assert directions("Who pays for a leak from my flat into your house?") == {
        ("flat", "from"), ("hous", "to")}
    assert directions("damage from these flats to those houses") == {
        ("flat", "from"), ("hous", "to")}


def test_the_payer_is_read_past_an_article_or_an_owner() -> None:
    assert one_word("Can we make the tenant pay for the damage?") == \
        "Can we charge the tenant for the damage?"
    assert one_word("Can we make our tenants pay for the damage?") == \
        "Can we charge our tenants for the damage?"
    assert one_word("Can we make a resident pay for it?") == "Can we charge a resident for it?"


@pytest.mark.parametrize("subject", ["a tenant", "an assignee", "the tenant", "our tenant"])
def test_a_subject_opened_by_a_determiner_is_two_words_long(subject: str) -> None:
    asked = asked_action(classify(f"Can {subject} sublet a room?"))
    assert "sublet" in asked and not asked & {"tenant", "assigne"}
    # "every" is no determiner the answerer skips: its noun may be the verb asked about
    assert "tenant" in asked_action(classify("Can every tenant sublet a room?"))


def test_a_party_named_in_a_passage_is_named_without_its_article() -> None:
    assert _subject("The Secretary of State decided the appeal", "decid", "") == [
        "Secretary", "of", "State"]


@pytest.mark.parametrize("owner", POSSESSIVES)
def test_a_place_is_read_past_any_owner(owner: str) -> None:
    """"On my balcony" places the barbecue on the balcony as "on our balcony" does (the guard's
    own list once left out "my" and "your", and read the place as "my")."""
    on = places(f"can i have a barbecue on {owner} balcony?")
    assert {thing for _, thing in on} == {"balcony"}
    assert placed_apart(on, places(f"can i have a barbecue under {owner} balcony?"))


@pytest.mark.parametrize("owner", POSSESSIVES)
def test_a_count_is_read_after_any_owner(owner: str) -> None:
    """"My whole deposit" is the whole of a sum and "all my rooms" each room, as with "our"."""
    assert scope_differs(counted(f"can the landlord keep {owner} deposit?"),
                         counted(f"can the landlord keep {owner} whole deposit?"),
                         frozenset(), frozenset())
    assert counts_differ(counted("can i sublet a room?"),
                         counted(f"can i sublet all {owner} rooms?"))
    assert ("cat+dog", "both") in counted(f"can i keep a dog and {owner} cat?")

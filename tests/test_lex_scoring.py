"""Full-text scoring of provisions: the asker's own words weigh more than the words a query
only adds (services/lex/corpus/scoring.py)."""

from __future__ import annotations

from services.lex.corpus.scoring import own_words
from shared.text.terms import terms


def test_the_statute_books_keywords_are_not_the_askers_own() -> None:
    own = terms(own_words("Can the council close the house?"))
    assert "council" in own and "authority" not in own


def test_another_form_of_a_word_asked_is_the_askers_own() -> None:
    own = own_words("houses in multiple occupation licence")
    assert "licensing" in own and "HMO" in own


def test_what_a_follow_up_carries_over_is_not_the_askers_own() -> None:
    own = terms(own_words("When does it take effect? (about: prohibition order)"))
    assert "prohibition" not in own and "effect" in own

"""The small words that open a noun phrase before its noun: articles ("a", "an", "the"),
owners ("our", "their", "my") and pointers ("this", "those").

One list for every party that steps over them to the noun: the semantic cache's guard (the
thing after a preposition of movement, "from a neighbour's flat"; the payer in "make the
tenant pay"), the offline answerer (the subject of "can the council charge …" is two words
long) and the verifier (a party's name is "Secretary of State", not "the Secretary of
State"). Articles are kept apart from the other determiners: a caller that drops only "a",
"an" and "the" keeps "our" and "this", which say whose or which thing is meant.
"""

from __future__ import annotations

__all__ = ["ARTICLE", "ARTICLES", "DEMONSTRATIVES", "DETERMINER", "DETERMINERS", "POSSESSIVES"]

ARTICLES: tuple[str, ...] = ("a", "an", "the")
"""The articles."""
POSSESSIVES: tuple[str, ...] = ("our", "their", "its", "his", "her", "my", "your")
"""The words that say whose a thing is ("our flats", "her tenancy")."""
DEMONSTRATIVES: tuple[str, ...] = ("this", "that", "these", "those")
"""The words that point at a thing ("this policy", "those repairs")."""
DETERMINERS: tuple[str, ...] = ARTICLES + POSSESSIVES + DEMONSTRATIVES
"""Every word above: what may stand between a preposition and the noun it governs."""

ARTICLE = "(?:" + "|".join(ARTICLES) + ")"
"""A regular-expression group matching an article (callers add their own flags and what must
follow it)."""
DETERMINER = "(?:" + "|".join(DETERMINERS) + ")"
"""A regular-expression group matching any of ``DETERMINERS``."""

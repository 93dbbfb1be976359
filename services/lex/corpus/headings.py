"""The ranked provisions' headings, each record decoded once for a search, and the two moves
that read them: provisions whose headings name what the question asks about its subject,
and the provision the lexicon names for the question's everyday words, moved up.

Apart from ``store.py`` because they adapt fetched rows to the pure reorderings of
``ranking.py`` (which know nothing of records), and are tested without a database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import msgspec

from services.lex.corpus.ranking import aspects_up, named_by_lexicon_up
from services.lex.corpus.rows import Row
from shared.text.terms import terms
from shared.text.vocabulary import statutory_abbreviations

__all__ = ["_Headings", "_aspects_up", "_named_up"]

def _aspects_up(ranked: Sequence[Row], question: str, spelt: str,
                headings: _Headings, plain: str = "") -> list[dict[str, Any]]:
    """``ranked`` with the provisions whose headings name what ``question`` asks about its
    subject moved up (``ranking.py``), the question read spelt out (``spelt``) and with the
    Act's abbreviations too: headings say "Making of interim EDMOs"; its subject read in the
    Act's words too (``plain``) when given."""
    abbreviations = statutory_abbreviations(question)
    return aspects_up([dict(r.items()) for r in ranked], headings.title,
                      " ".join([spelt, *abbreviations]),
                      text=headings.text,
                      current=None if _ASKS_STILL.search(question) else headings.current,
                      about=" ".join([plain, *abbreviations]) if plain else None)


_ASKS_STILL = re.compile(r"\b(?:still|any ?more|any longer|no longer|repeal\w*|abolish\w*|"
                         r"scrapped|used to)\b", re.IGNORECASE)
"""A question whether something is still the law asks about provisions that may be gone."""


class _Heading(msgspec.Struct):
    """What the rankings read of a provision's record (``LegislationSection``'s fields of
    these names): decoding these alone skips the rest of the record."""

    title: str
    text: str = ""
    status: str = "in_force"
    retains_text: bool = False


class _Headings:
    """The ranked provisions' headings, each record decoded once for a search: the aspect,
    lexicon and twin moves each read titles, texts or status of the same rows."""

    def __init__(self) -> None:
        self._decoded: dict[str, _Heading] = {}

    def _of(self, row: Row) -> _Heading:
        heading = self._decoded.get(row["id"])
        if heading is None:
            heading = self._decoded[row["id"]] = msgspec.json.decode(row["record"],
                                                                     type=_Heading)
        return heading

    def title(self, row: Row) -> str:
        return self._of(row).title

    def text(self, row: Row) -> str:
        return self._of(row).text

    def current(self, row: Row) -> bool:
        """Whether a provision still has its text: not repealed, or repealed with it kept."""
        heading = self._of(row)
        return heading.status != "repealed" or heading.retains_text


def _named_up(ranked: Sequence[Row], spelt: str, plain: str,
              headings: _Headings) -> list[dict[str, Any]]:
    """``ranked`` with the provision whose heading the lexicon names for the question's
    everyday words moved up (``ranking.named_by_lexicon_up``): the Act's words that the
    question spelt out plainly (``plain``, ``spelt_out(..., plain=True)``) adds for them,
    beyond what the question and its ordinary expansion (``spelt``) say."""
    said = terms(spelt)
    return named_by_lexicon_up([dict(r.items()) for r in ranked], headings.title,
                               terms(plain) - said, said)

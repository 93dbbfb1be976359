"""How full-text search scores a provision or a judgment: SQL fragments over the query ``$1``.

A passage is ranked by the share of the query's weight it covers, each term weighted by its
rarity in the table searched (``shared.fulltext``), then by cover density; a provision's
heading adds a boost when it holds the query's terms. Two refinements for legislation:

- the heading's boost counts the rarity of the terms it holds as well as their density, so a
  heading that shares only the statute book's commonest words ("local housing authority",
  added for "council") no longer outranks one that names what was asked;
- the words a query only *adds* (the statute book's keywords, the subject a follow-up carries
  over from an earlier question: ``own``) weigh less than the asker's own words, which say
  what this question is about.
"""

from __future__ import annotations

import re

from shared.fulltext import any_term_tsquery, covered, idf_weights
from shared.text.terms import WORD
from shared.text.vocabulary import expand, expand_statutory, spelt_out, statutory_abbreviations

__all__ = ["TITLE_TSQUERY", "TSQUERY", "own_words", "score", "section_score", "weights"]

TSQUERY = any_term_tsquery("$1", prefix=False)  # stems only: prefixes are noise in legal text
TITLE_TSQUERY = any_term_tsquery("$1", prefix=True)
"""Titles are short, so prefixes cost little there and catch the stemmer's splits: "HMOs" is
'hmos' but "HMO" 'hmo'; "licensed" is 'licens' but "licensing" 'licen'."""
_TITLE_BOOST = 2.0  # with the prefix title query; measured by bench/retrieval.py
_DENSITY = 0.5
_ADDED_WEIGHT = 0.5
"""The weight of a term the asker did not write, against 1 for the asker's own (measured on
bench/retrieval.py against 1.0, 0.7 and 0.3: docs/BENCHMARKS.md, round six)."""


def weights(table: str, own: str | None = None) -> str:
    """The query's terms weighted by their rarity in ``table``; with ``own`` (a placeholder
    for the asker's own words), the terms not among them weigh ``_ADDED_WEIGHT`` as much."""
    return idf_weights("$1", f"{table} x", own=own, added_weight=_ADDED_WEIGHT)


def score(alias: str) -> str:
    """IDF-weighted share of the query covered, then cover density (both within 0..1)."""
    return (f"({covered(f'{alias}.tsv')} + {_DENSITY} * ts_rank_cd({alias}.tsv, q.tsq, 32))"
            f"::float8")


def section_score() -> str:
    """``score`` plus the heading's boost: half its cover density, half the weight of the
    query it covers."""
    density = "ts_rank_cd('{1,1,1,1}', s.title_tsv, q.title_tsq, 32)"
    return (f"{score('s')} + {_TITLE_BOOST} * (0.5 * {density}"
            f" + 0.5 * {covered('s.title_tsv')})")


_CARRIED = re.compile(r"\s*\(about:[^()]*\)\s*$")
"""What a follow-up carries over from the earlier question: the router's "(about: …)"."""


def own_words(question: str) -> str:
    """The words that say what ``question`` itself asks: the asker's words in this message
    (without what a follow-up carries over from before) and the same things in other words
    (abbreviations both ways, everyday words in the sources' words: ``spelt_out``), but not
    the statute book's keywords that ``expand_statutory`` adds for full text."""
    asked = _CARRIED.sub("", question)
    said = {w.lower()[:_SAME_START] for w in WORD.findall(asked)}
    keywords = expand_statutory(asked)[len(expand(asked, legal=True)):]
    return " ".join([spelt_out(asked), *statutory_abbreviations(asked),
                     *(w for w in WORD.findall(keywords) if w.lower()[:_SAME_START] in said)])


_SAME_START = 4
"""A keyword that starts as a word of the question does is that word in another form
("licensing" for "licence"), not a keyword the asker did not use."""

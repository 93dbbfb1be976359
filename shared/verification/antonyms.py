"""A word's opposite said of the same thing: "includes a statutory tenant" against "excludes a
statutory tenant", "the same meaning" against "different meanings", "fell outside the scope"
against "fell within the scope", "a high risk" against "a low risk".

Both texts share every other term, so the checks that compare terms, figures and parties pass
them; only one word is turned into its opposite. The opposites are read in pairs, each with the
first content word after it (the thing it is said of): a statement that says one of a pair of
a thing where the quoted words say the other of the same thing, and never the statement's own
word, is doubted (unverified, never removed: a paraphrase may negate the opposite instead, "not
the same", which the checks of polarity read).
"""

from __future__ import annotations

import re

from shared.text.terms import stem
from shared.verification.quotes import normalise

__all__ = ["opposite_words"]

_PAIRS = (
    ("includes", "excludes"), ("include", "exclude"), ("included", "excluded"),
    ("including", "excluding"), ("same", "different"), ("within", "outside"),
    ("inside", "outside"), ("high", "low"), ("higher", "lower"), ("highest", "lowest"),
    ("maximum", "minimum"), ("increase", "decrease"), ("increased", "decreased"),
    ("lawful", "unlawful"), ("lawfully", "unlawfully"), ("valid", "invalid"),
    ("relevant", "irrelevant"), ("reasonable", "unreasonable"), ("fair", "unfair"),
    ("rational", "irrational"), ("proportionate", "disproportionate"),
    ("limited", "unlimited"), ("sufficient", "insufficient"), ("adequate", "inadequate"),
    ("agree", "disagree"), ("agreed", "disagreed"), ("agrees", "disagrees"),
    ("enforceable", "unenforceable"),
    # An outcome or a view turned round: "acquitted on the delivery up counts" against
    # "convicted on the delivery-up counts", "endorsed the dicta" against "disapproved the
    # dicta", "ceases to have effect" against "continues to have effect".
    ("acquitted", "convicted"), ("endorsed", "disapproved"),
    ("ceases", "continues"), ("cease", "continue"), ("ceased", "continued"),
)
"""Opposites a statement may put in the place of the quoted word."""
_OPPOSITE = {a: b for a, b in _PAIRS} | {b: a for a, b in _PAIRS}
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_LIGHT = frozenset("""a an the its their his her this that these those of to for in on any
    such all""".split())


def _said_of(text: str) -> dict[str, set[str]]:
    """Each word of a pair the text uses, with the stems of the things it is said of."""
    words = _WORD.findall(normalise(text).lower())
    found: dict[str, set[str]] = {}
    for i, word in enumerate(words):
        if word not in _OPPOSITE:
            continue
        after = [w for w in words[i + 1:i + 4] if w not in _LIGHT]
        if after:
            # "meanings", "meaning"; "delivery-up counts", "delivery up counts"
            found.setdefault(word, set()).add(stem(stem(after[0].split("-")[0])))
    return found


def opposite_words(claim: str, quote: str | None) -> list[str]:
    """The statement's word whose opposite the quoted words say of the same thing."""
    if not quote:
        return []
    said, quoted = _said_of(claim), _said_of(quote)
    for word, things in said.items():
        other = _OPPOSITE[word]
        if word in quoted or other not in quoted:
            continue
        if things & quoted[other]:
            return [f"The statement says “{word}” where the quoted words say “{other}” of the "
                    "same thing."]
    return []

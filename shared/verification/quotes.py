"""Whether a quote is verbatim in a source, ignoring only typography (DESIGN §5).

A writer (or a model) may straighten curly quotes, turn an en dash into a hyphen or rewrap
lines; none of that changes the words, so none of it may fail a real quotation. An ellipsis in
the quote stands for omitted words: each part (of two words or more) must appear, in order.
"""

from __future__ import annotations

import re

from shared.text.provisions import PROVISION_NUMBER

__all__ = ["contains_legal_quote", "contains_quote", "normalise", "plain_legal_text"]

_TRANSLATE = str.maketrans({
    **dict.fromkeys("‘’‚‛′`´", "'"),
    **dict.fromkeys("“”„‟″«»", '"'),
    **dict.fromkeys("‐‑‒–—―−", "-"),
    **dict.fromkeys("\u00a0\u2007\u202f\u2009\u200a\u2002\u2003\u3000", " "),
    "\u200b": "",
    "\u00ad": "",
})
# Layout of legislation text as Markdown: list and quote markers, emphasis, and the labels of
# sub-sections and paragraphs ("(1)", "(a)", "(ii)", "**12**"), which a writer drops or keeps.
_LIST_MARKER = re.compile(r"(?m)^[ \t]*(?:[-*+>][ \t]*)+")
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)")
_LABEL = re.compile(r"\((?:[0-9]{1,3}[A-Z]{0,3}|[a-z]{1,2}[a-z]?|[ivxl]{1,6}|[A-Z]{1,2})\)")
_BOLD_NUMBER = re.compile(rf"\*\*{PROVISION_NUMBER}\*\*")
_LOOSE_PUNCT = re.compile(r"[,;:]+(?=\s|$)|(?<=\s)-+(?=\s)|(?<=\w)-+(?=\s|$)")
"""Punctuation at word edges (list semicolons, a dash before a list): not the words."""
_EDGE_PUNCT = " .,;:—–-\"'‘’“”"
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.|…|\[\.\.\.\]|\[…\])\s*")


def normalise(text: str) -> str:
    """Unify quote marks, apostrophes, dashes and white space."""
    return " ".join(text.translate(_TRANSLATE).split())


def contains_quote(source: str, quote: str) -> bool:
    """``quote`` appears verbatim in ``source`` after normalising both.

    Extraction from a judgment's XML sometimes joins two words ("aredealt"): a quote of
    three words or more also matches when only the spaces between its words differ.
    """
    haystack = normalise(source)
    parts = [p for p in (normalise(x) for x in _ELLIPSIS.split(quote)) if p]
    if not parts or (len(parts) > 1 and any(len(p.split()) < 2 for p in parts)):
        # Single words between ellipses would match almost any source.
        return False
    if _in_order(haystack, parts):
        return True
    return (sum(len(p.split()) for p in parts) >= _JOINED_MIN_WORDS
            and _in_order(_JOINS.sub("", haystack), [_JOINS.sub("", p) for p in parts]))


_JOINS = re.compile(r"\s+")
_JOINED_MIN_WORDS = 3


def _in_order(haystack: str, parts: list[str]) -> bool:
    """Every part appears in ``haystack``, each after the one before."""
    pos = 0
    for part in parts:
        found = haystack.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return True


def plain_legal_text(text: str) -> str:
    """Legislation Markdown reduced to its words, for comparing with what a writer quoted."""
    text = _BOLD_NUMBER.sub(" ", text)
    text = _LIST_MARKER.sub(" ", text)
    text = _EMPHASIS.sub("", text)
    text = _LABEL.sub(" ", text)
    return normalise(_LOOSE_PUNCT.sub(" ", normalise(text))).casefold()


def contains_legal_quote(source: str, quote: str) -> bool:
    """``contains_quote`` made generous for legislation: layout, labels and case ignored.

    A real quotation must not fail because the writer dropped "(1)" or a list dash, joined
    two paragraphs, or started mid-sentence with a capital letter.
    """
    if contains_quote(source, quote):
        return True
    parts = [p.strip(_EDGE_PUNCT) for p in _ELLIPSIS.split(quote)]
    cleaned = " … ".join(plain_legal_text(p).strip(_EDGE_PUNCT) for p in parts if p.strip())
    return bool(cleaned.strip(" …")) and contains_quote(plain_legal_text(source), cleaned)

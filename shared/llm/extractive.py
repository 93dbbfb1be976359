"""Extractive answers and titles without a language model: the offline provider's pure core.

Answers come from ``shared.answering`` (the answer first, whole verbatim sentences chosen for
answering the question, each cited); titles from the question's key terms. Everything here is
deterministic: the same input always gives the same output.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.answering import NO_EVIDENCE, OFFLINE_LABEL, answer
from shared.llm.base import SourceDocument
from shared.text.terms import STOP_WORDS, WORD

__all__ = [
    "NO_EVIDENCE",
    "OFFLINE_LABEL",
    "estimate_tokens",
    "extractive_answer",
    "title_from_question",
]

TITLE_WORDS = 8

_LEADING_FILLER = STOP_WORDS | {"hi", "hello", "thanks", "thank", "kindly", "summarise",
                                "describe", "outline", "give", "let", "let's", "lets", "must",
                                "do", "does", "should", "can", "could", "would", "will",
                                "shall", "need", "about", "regarding", "tell", "me", "explain",
                                "we", "i", "our", "us"}


def estimate_tokens(*texts: str) -> int:
    """A word count, standing in for a token count where no model counts for us."""
    return sum(len(t.split()) for t in texts)


def extractive_answer(question: str, documents: Sequence[SourceDocument], *,
                      tenant: str | None = None) -> str:
    """A labelled Markdown answer: the direct answer first, then the detail by source
    (``tenant``: whose question and documents these are)."""
    return answer(question, documents, tenant=tenant)


def title_from_question(question: str) -> str:
    """A short sentence-case title from the key terms of a question."""
    words = WORD.findall(question)
    while words and words[0].lower() in _LEADING_FILLER:
        words.pop(0)
    words = words[:TITLE_WORDS]
    while words and words[-1].lower() in STOP_WORDS:
        words.pop()
    if not words:
        return "New conversation"
    alphabetic = [w for w in WORD.findall(question)[1:] if w[:1].isalpha()]
    title_case = sum(map(_capitalised, alphabetic)) > 0.6 * len(alphabetic)
    rest = [
        w.lower() if _capitalised(w) and (title_case or w.lower() in STOP_WORDS) else w
        for w in words[1:]
    ]
    return " ".join([words[0][:1].upper() + words[0][1:], *rest])


def _capitalised(word: str) -> bool:
    """Capitalised like ``Housing`` (perhaps only by Title Case), not an acronym like ``RSH``."""
    return word[:1].isupper() and word[1:].islower()

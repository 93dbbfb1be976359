"""Extractive answers and titles without a language model: the offline provider's pure core.

Sentences are quoted verbatim from the evidence (only surrounding white space and Markdown
list or heading markers are trimmed, and internal white space runs are joined to one space,
which the verifier normalises anyway), so every ``quote`` attribute is checkable against its
source. Everything here is deterministic: the same input always gives the same output.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from shared.llm.base import SourceDocument
from shared.text.sentences import document_sentences
from shared.text.terms import STOP_WORDS, WORD, content_terms

__all__ = [
    "NO_EVIDENCE",
    "OFFLINE_LABEL",
    "Sentence",
    "content_terms",
    "estimate_tokens",
    "extractive_answer",
    "select_sentences",
    "split_sentences",
    "title_from_question",
]

OFFLINE_LABEL = (
    "_Offline mode: no language model was used; this answer quotes the sources verbatim._"
)
NO_EVIDENCE = "I could not find anything in the available sources that answers this question."

MAX_SENTENCES = 5
MAX_DOCUMENTS = 4
MAX_PER_DOCUMENT = 3
MAX_QUOTE_WORDS = 60
MIN_SENTENCE_WORDS = 4
RELATIVE_THRESHOLD = 0.35
CONTEXT_WEIGHT = 0.25
TITLE_WORDS = 8

_LEADING_FILLER = STOP_WORDS | {"hi", "hello", "thanks", "thank", "kindly", "summarise",
                                "describe", "outline", "give", "let", "let's", "lets", "must",
                                "do", "does", "should", "can", "could", "would", "will",
                                "shall", "need", "about", "regarding", "tell", "me", "explain",
                                "we", "i", "our", "us"}


@dataclass(frozen=True, slots=True)
class Sentence:
    """One quotable unit of a document, with where it sits and what heading it is under."""

    doc: int
    position: int
    text: str
    heading: str
    is_heading: bool = False


def estimate_tokens(*texts: str) -> int:
    """A word count, standing in for a token count where no model counts for us."""
    return sum(len(t.split()) for t in texts)


def split_sentences(text: str, doc: int = 0) -> list[Sentence]:
    """Verbatim sentences of ``text`` (headings and list items count as sentences)."""
    return [Sentence(doc, i, s.text, s.heading, s.is_heading)
            for i, s in enumerate(document_sentences(text))]


def _idf(candidates: Sequence[set[str]]) -> dict[str, float]:
    df: dict[str, int] = {}
    for terms in candidates:
        for t in terms:
            df[t] = df.get(t, 0) + 1
    n = len(candidates)
    return {t: 1.0 + math.log((n + 1) / (c + 1)) for t, c in df.items()}


def _score(
    query: set[str], terms: set[str], context: set[str], idf: dict[str, float]
) -> float:
    matched = query & terms
    if not matched:
        return 0.0
    # Sorted, so float sums (and so ties) do not depend on set order, which varies by process.
    bonus = sum(idf.get(t, 1.0) for t in sorted((query & context) - matched))
    return sum(idf[t] for t in sorted(matched)) + CONTEXT_WEIGHT * bonus


def select_sentences(
    question: str, documents: Sequence[SourceDocument]
) -> list[Sentence]:
    """The best few sentences for ``question``, best first, never the same sentence twice."""
    query = set(content_terms(question))
    if not query:
        return []
    candidates = [
        s
        for i, d in enumerate(documents)
        for s in split_sentences(d.text, i)
        if not s.is_heading and len(WORD.findall(s.text)) >= MIN_SENTENCE_WORDS
    ]
    terms = [set(content_terms(s.text)) for s in candidates]
    idf = _idf(terms)
    scored = []
    for s, t in zip(candidates, terms, strict=True):
        context = set(content_terms(f"{s.heading} {documents[s.doc].title}"))
        score = _score(query, t, context, idf)
        if score > 0:
            scored.append((-score, s.doc, s.position, s))
    scored.sort(key=lambda x: x[:3])
    if not scored:
        return []
    floor = -scored[0][0] * RELATIVE_THRESHOLD
    return _pick([(s, -neg) for neg, _, _, s in scored], floor)


def _pick(ranked: list[tuple[Sentence, float]], floor: float) -> list[Sentence]:
    chosen: list[Sentence] = []
    seen: set[str] = set()
    per_doc: dict[int, int] = {}
    for s, score in ranked:
        key = _normalise(s.text).lower()
        if score < floor or key in seen or per_doc.get(s.doc, 0) >= MAX_PER_DOCUMENT:
            continue
        if s.doc not in per_doc and len(per_doc) >= MAX_DOCUMENTS:
            continue
        chosen.append(s)
        seen.add(key)
        per_doc[s.doc] = per_doc.get(s.doc, 0) + 1
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen


def _normalise(text: str) -> str:
    return " ".join(text.split())


def _quotable(text: str) -> str:
    """The sentence as quoted: white space runs joined, clipped to a verbatim prefix if long."""
    words = _normalise(text).split(" ")
    return " ".join(words[:MAX_QUOTE_WORDS])


def _citation(ref: str, quote: str, n: int) -> str:
    return (
        f'<cite ref="{html.escape(ref, quote=True)}" '
        f'quote="{html.escape(quote, quote=True)}">{n}</cite>'
    )


def extractive_answer(question: str, documents: Sequence[SourceDocument]) -> str:
    """A labelled Markdown answer quoting the most relevant sentences, each one cited."""
    chosen = select_sentences(question, documents)
    if not chosen:
        return f"{OFFLINE_LABEL}\n\n{NO_EVIDENCE}\n"
    order: list[int] = []
    for s in chosen:
        if s.doc not in order:
            order.append(s.doc)
    paragraphs: list[str] = []
    n = 0
    for doc in order:
        d = documents[doc]
        parts: list[str] = []
        for s in sorted((s for s in chosen if s.doc == doc), key=lambda s: s.position):
            n += 1
            quote = _quotable(s.text)
            shown = quote if quote == _normalise(s.text) else f"{quote} …"
            lead = f"According to {_normalise(d.title) or d.ref}," if not parts else "It also says:"
            parts.append(f'{lead} "{shown}" {_citation(d.ref, quote, n)}')
        paragraphs.append(" ".join(parts))
    return "\n\n".join([OFFLINE_LABEL, *paragraphs]) + "\n"


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

"""The questions inside one question: "What is an EDMO and when can one be made?".

A question that asks two things is answered by two provisions, but one search ranks what
matches the whole, and the provision for the smaller half (the one that says when an order
can be made, the one that makes false information an offence) falls below the fold. Each
part is searched as well, with the subjects of the other parts carried over (its "one" is
the EDMO), and the rankings are fused: what answers any part rises. A long question tells
its circumstances before it asks; only the parts that ask (``asks``) are searched on their
own, the whole question still carrying the circumstances.
"""

from __future__ import annotations

import re

from services.lex.corpus.aspects import aspects_asked
from shared.text.terms import STOP_WORDS, terms
from shared.text.vocabulary import topics

__all__ = ["asks", "is_comparison", "question_parts"]

_ASKS = (r"what|when|where|who|whom|which|how|why|whether|can|could|must|may|should|does|"
         r"do|did|is|are|was|were|will|would|has|have")
_JOINS = re.compile(rf"(?:,?\s+and,?|;)\s+(?:if so,?\s+)?(?=(?:{_ASKS})\b)"
                    rf"|(?<=[.?])\s+(?=[A-Z])", re.IGNORECASE)
"""Where one question ends and the next begins: "... and when ...", "...; what did ...",
"... and, if so, does ...", or a new sentence."""
_COMPARED = re.compile(r"^\W*(?:compare|contrast)\s+(.+?)\s+(?:with|against|to)\s+(.+)$"
                       r"|\bdifferences? between\s+(.+?)\s+and\s+(.+)$",
                       re.IGNORECASE | re.DOTALL)
"""A comparison asks about each thing compared: "Compare A with B", "the difference between A
and B"."""
_REFERS_BACK = re.compile(r"\b(?:the (?:one|ones|same)|it|its|that|those|them|they)\b",
                          re.IGNORECASE)
"""A thing compared named by reference to the other ("… with the one for a Part 3 house")."""
_MIN_TERMS = 2
"""A part with fewer content words is no question of its own ("and when?")."""
_ASKING = re.compile(rf"\?|^\W*(?:{_ASKS})\b|\b(?:asks?|asking|wants? to know|wonders?|"
                     rf"wondering|unsure|not sure|query|queries)\s+(?:whether|if|how|what|"
                     rf"when|who|why|which)\b", re.IGNORECASE)
"""A part that asks: a question, or a question reported ("his solicitor asks whether …")."""


def asks(part: str) -> bool:
    """Whether ``part`` asks something, not only tells the circumstances a long question
    opens with ("We have a house boarded up for two years …"): a told part's own best match
    is about the circumstances, not what is asked about them."""
    return _ASKING.search(part) is not None


def is_comparison(question: str) -> bool:
    """Whether ``question`` compares things ("Compare A with B"): each part is then a thing
    with what is asked about it, searched as a question of its own."""
    return _COMPARED.search(question) is not None


def _aspects_carried(pieces: list[str]) -> list[str]:
    """Each thing compared with the aspect the others ask about, if it names none itself:
    "how long an HMO licence lasts" compared "with a selective licence" asks how long
    that lasts too."""
    said = [[m.group(0) for a in aspects_asked(p) for m in a.asked.finditer(p)] for p in pieces]
    out = []
    for i, piece in enumerate(pieces):
        carried = [w for j, words in enumerate(said) if j != i for w in words]
        out.append(" ".join([piece, *dict.fromkeys(carried)]) if not said[i] else piece)
    return out


def question_parts(question: str) -> list[str]:
    """The parts of a compound question, each with the subjects of the others it lacks;
    a question that asks one thing is one part, itself."""
    compared = _COMPARED.search(question)
    if compared:
        pieces = _aspects_carried([p.strip() for p in compared.groups() if p and p.strip()])
    else:
        pieces = [p.strip() for p in _JOINS.split(question) if p.strip()]
    pieces = [p for p in pieces if len(terms(p)) >= _MIN_TERMS]
    if len(pieces) < 2:
        return [question]
    out = []
    for piece in pieces:
        if compared and not _REFERS_BACK.search(piece):
            out.append(piece)  # each thing compared is named in full: nothing to carry
            continue
        said = {t.lower() for t in topics(piece)}
        carried = [t for t in topics(question) if t.lower() not in said]
        piece, carried = _one_named(piece, carried)
        out.append(" ".join([piece, *carried]))
    return out


_ONE = re.compile(r"\b([a-z][\w-]*) ones?\b", re.IGNORECASE)
"""A thing named by a modifier and "one": "… with its duties under a final one"."""


def _one_named(piece: str, carried: list[str]) -> tuple[str, list[str]]:
    """``piece`` with its "<modifier> one" spelt out by the head of a subject carried over,
    when the two make a subject of their own ("a final one" after "an interim management
    order" is a final management order), and that subject no longer carried."""
    one = _ONE.search(piece)
    if one is None or one.group(1).lower() in STOP_WORDS:
        return piece, carried
    for subject in carried:
        words = subject.split()
        if len(words) < 2:
            continue
        named = " ".join([one.group(1), *words[1:]])
        if [t.lower() for t in topics(named)] == [named.lower()]:
            spelt = piece[:one.start()] + named + piece[one.end():]
            return spelt, [s for s in carried if s != subject]
    return piece, carried

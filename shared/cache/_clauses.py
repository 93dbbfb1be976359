"""Relative clauses: what a question says of a thing or a person in a clause of its own.

"Who pays to repair a chimney?" and "Who pays to repair a chimney that the tenant damaged?"
are at 0.98 to MiniLM, and the second's only extra word of substance ("damaged") looks like
the rewording of a paraphrase; but the clause narrows the chimney to one the tenant damaged,
whose repair the tenant may pay for. So do "any tenant who asks", "a fob they lost" and
"asbestos we removed". A clause whose words the other question says too ("a roof that
leaks", "a leaking roof") narrows nothing: the guard weighs only words of a clause that the
other question does not cover, and only where the other question has no clause of its own:
"a tenant who refuses a tenancy audit visit" says in a relative clause what "if a tenant
refuses to let us carry out a tenancy audit" says in a condition, and each clause's other
words are the rewording of a paraphrase, weighed by the cosine. A clause of purpose ("so that
we can sell the home", "in order to build new homes") narrows the act asked about to the one
done for that end, read the same way.
"""

from __future__ import annotations

import re

from shared.text.conditions import CONDITION_WITH_SUBJECT
from shared.text.terms import STOP_WORDS, terms

__all__ = ["clause_words", "condition_words", "conditioned", "purpose_words"]

_NOT_HEADS = STOP_WORDS | frozenset("""ensure ensuring mean means meant say says said know knows
    knew think thinks thought believe believes suspect suspects true clear fact given such
    evidence proof show shows prove proves confirm confirms check checks assume assumes
    if when where while whilst because unless so once must may might shall ought""".split())
"""Words after which "that" opens what is said, known or shown ("evidence that the tenant
sublets", "ensure that we"), not a clause about a thing; a pronoun after a conjunction is
the subject of a clause of condition or time, and after a modal the question's own subject
("must we sweep")."""

_RELATIVE = re.compile(
    rf"(?<![\w'’-])(?!(?:{'|'.join(sorted(_NOT_HEADS))})\b)(?P<head>[A-Za-z][\w'’-]*)\s+"
    r"(?:(?:who|whom|whose|which|that)\s+|"
    r"(?=(?:they|we|he|she|I|you)\s+(?!(?:can|could|may|might|must|should|shall|will|would|"
    r"do|does|did|is|are|was|were|have|has|need|ought)\b)[a-z]))"
    r"(?P<words>[^?.,;:!()]+)", re.IGNORECASE)
"""A noun's clause, introduced by a relative pronoun or by a subject pronoun and its verb
("a fob they lost"), up to the end of the sentence or a punctuation mark. After a pronoun a
modal or auxiliary opens the question's own verb ("how quickly must we", "what do we"), not a
clause."""


def clause_words(plain: str) -> frozenset[str]:
    """Stems of the words in relative clauses of ``plain``: what it says of a thing or a
    person it names, other than the question's own verb."""
    found: set[str] = set()
    for m in _RELATIVE.finditer(plain):
        found |= terms(m["words"])
    return frozenset(found)




def conditioned(plain: str) -> bool:
    """Whether ``plain`` narrows its case by a clause of its own: a condition or time, or a
    relative clause."""
    return bool(CONDITION_WITH_SUBJECT.search(plain) or _RELATIVE.search(plain))


_CLAUSE_END = re.compile(r"[?.,;:!()]")
"""Where a clause of condition or time ends: "If a tumble dryer causes condensation, who is
responsible …" says its condition before the comma."""
_NOT_CONDITIONS = re.compile(
    r"^\W*(?:when|where)\s+(?:can|could|may|might|must|should|shall|will|would|do|does|did|is|"
    r"are|was|were|has|have|had)\b|^when it comes to\b", re.IGNORECASE)
""""When can the Ombudsman get involved", "where must we put it" ask when or where; "when it
comes to repairing" only introduces what is asked: neither is a clause of condition."""


def condition_words(plain: str) -> frozenset[str]:
    """Stems of the words in ``plain``'s clauses of condition or time ("if they caused the
    blockage", "if it damages the flat below"), each up to its end: what narrows the case to
    the one the clause describes."""
    found: set[str] = set()
    for m in CONDITION_WITH_SUBJECT.finditer(plain):
        clause = _CLAUSE_END.split(plain[m.start():], maxsplit=1)[0]
        if not _NOT_CONDITIONS.search(clause):
            found |= terms(clause)
    return frozenset(found)


_PURPOSE = re.compile(
    r"\b(?:so that|so as to|in order (?:to|that)|with a view to|for the purpose of)\b"
    r"(?P<words>[^?.,;:!()]+)", re.IGNORECASE)
"""A clause of purpose, up to the end of the sentence or a punctuation mark: "so that we can
sell the home", "in order to build a car park"."""


def purpose_words(plain: str) -> frozenset[str]:
    """Stems of the words of ``plain``'s clauses of purpose: why the act asked about is done,
    which decides whether it is lawful ("can we evict a tenant so that we can sell the home"
    is not "can we evict a tenant": possession for a sale is no ground)."""
    return frozenset(w for m in _PURPOSE.finditer(plain) for w in terms(m["words"]))


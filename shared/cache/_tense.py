"""Whether a question asks about the past: what the law required, or what was done, then.

"Did we have to register the septic tank?" and "Will we have to register the septic tank?"
say the same words, and MiniLM puts them at 0.95; but the first asks about works done under
the rules of their day, the second about works to come under today's. A question about now
and one about later usually ask the same ("will a tenant need consent", "does a tenant need
consent"), so only the past is told apart, read from the auxiliary that opens the question's
own clause (after a clause of condition or time that comes first: "if a tenant was told, must
we …" asks about now).
"""

from __future__ import annotations

import re

from shared.text.conditions import CONDITIONS, TIMES, either

__all__ = ["asks_about_past"]

_LEADING_CLAUSE = re.compile(
    rf"^\W*(?:{either(*CONDITIONS, *TIMES, 'in case')}|after|before|while|whilst|since|"
    r"because|as)\b[^,?]*,", re.IGNORECASE)
"""A clause that comes before the question's own, up to its comma: one of condition or time
(the one list's words), or of another time, a reason or a manner ("after", "because", "as")."""
_AUXILIARY = re.compile(
    r"^\W*(?:(?:how|what|which|whose|when|where|who|whom|why)(?:\s+[\w'-]+){0,2}?\s+)?"
    r"(?P<aux>can|could|may|might|must|should|shall|will|would|do|does|did|is|are|was|were|"
    r"has|have|had|need|needs|ought)\b", re.IGNORECASE)
"""The auxiliary opening the question, after its question word ("did we", "who was", "how
long did it take"); one further on is a clause's ("a window that was smashed")."""
_PAST = frozenset({"did", "was", "were", "had"})


def asks_about_past(plain: str) -> bool:
    """Whether the first auxiliary of the question's own clause is in the past tense ("did
    we", "who was responsible", "were we required")."""
    m = _AUXILIARY.search(_LEADING_CLAUSE.sub("", plain, count=1))
    return m is not None and m["aux"].lower() in _PAST

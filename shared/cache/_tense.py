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
_PARTICIPLE = r"(?:been|had|done|made|paid|given|taken|told|sent|kept|left|got|known|[a-z]{2,}ed)"
_PERFECT = re.compile(
    rf"^\W*(?:(?:how|what|which|whose|when|where|who|whom|why)(?:\s+[\w'-]+){{0,2}}?\s+)?"
    rf"(?:could|should|would|might|must|may)\s+(?:[\w'-]+\s+){{0,3}}?have\s+{_PARTICIPLE}\b",
    re.IGNORECASE)
"""A modal with "have" and a participle: "could we have charged", "should the tenant have
told us" ask about what was done or due then; "should we have a policy" does not."""
_HAS_BEEN = re.compile(
    rf"^\W*(?:(?:how|what|which|whose|when|where|who|whom|why)(?:\s+[\w'-]+){{0,2}}?\s+)?"
    rf"(?:has|have)\s+(?:(?!to\b)[\w'-]+\s+){{0,3}}?(?!got\b){_PARTICIPLE}\b", re.IGNORECASE)
""""Has" or "have" opening the question with a participle: "has the tenant been allowed to
keep the ferret", "have we paid for the fence" ask what was done or granted up to now, not
what the rule is ("is the tenant allowed"), nor what it will be; "have we got to" is
"must we", "what has to be done" is "what must be done", and "have we a duty" has no
participle."""
_PAST_SUBJECT = re.compile(
    r"^\W*(?:who|what)\s+(?:paid|made|did|had|gave|took|told|sent|kept|left|built|broke|"
    r"caused|fitted|installed|damaged|owned|arranged|ordered|signed|agreed|decided|"
    r"happened)\b", re.IGNORECASE)
"""A question word as the subject of a verb in the past ("who paid for the boiler", "what
caused the leak"), with no auxiliary to read."""


def asks_about_past(plain: str) -> bool:
    """Whether the first auxiliary of the question's own clause is in the past tense ("did
    we", "who was responsible", "were we required"), a modal looks back with "have" ("could
    we have charged"), "has" or "have" opens it with a participle ("has the tenant been
    allowed"), or a question word is the subject of a past verb ("who paid")."""
    own = _LEADING_CLAUSE.sub("", plain, count=1)
    if _PERFECT.search(own) or _PAST_SUBJECT.search(own) or _HAS_BEEN.search(own):
        return True
    m = _AUXILIARY.search(own)
    return m is not None and m["aux"].lower() in _PAST

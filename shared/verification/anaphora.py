"""Who "the former" and "the latter" are: a statement that names two parties and then refers
back to them ("Of the landlord and the authority, it is the former that must reimburse the
latter") is compared as if it named them again.

Without this, the checks that read who holds a duty or who pays whom see only the party named
last ("the authority") and doubt a correct statement, or pass a reversed one.
"""

from __future__ import annotations

import re

__all__ = ["resolved"]

_PAIR = re.compile(
    r"(?P<a>\b(?:the|a|an|any)\s+[a-z][\w’'-]*(?:\s+[a-z][\w’'-]*){0,3}?)\s+(?:and|or)\s+"
    r"(?P<b>(?:the|a|an|any)\s+[a-z][\w’'-]*(?:\s+[a-z][\w’'-]*){0,3}?)(?=\s*[,;:]|\s+(?:it|is|"
    r"are|who|which|that|was|were)\b)", re.IGNORECASE)
"""Two noun phrases joined by "and" or "or", each with its article: the pair referred back to."""
_BACK = re.compile(r"\bthe (?P<which>former|latter)\b", re.IGNORECASE)


def resolved(text: str) -> str:
    """``text`` with "the former" and "the latter" replaced by the first and second member of
    the nearest pair before them; unchanged when no pair precedes."""
    out, last = [], 0
    for m in _BACK.finditer(text):
        pairs = list(_PAIR.finditer(text[:m.start()]))
        if not pairs:
            continue
        pair = pairs[-1]
        out += [text[last:m.start()], pair["a" if m["which"].lower() == "former" else "b"]]
        last = m.end()
    return "".join(out) + text[last:]

"""Whether a statement applies a rule to the very case the quoted words except from it.

"The order comes into force when it is made, unless it is made under section 102(3)" does not
support "an order made under section 102(3) comes into force when it is made": the statement
takes the exception and states it as the rule. Read only when the statement carries no
exception or negation of its own (a faithful paraphrase keeps the "unless" in some form), and
only when every word and reference of the excepted case is in the statement. A doubt, never a
removal: the statement may rest on another provision that brings the case back in.

The reverse is read too: "for any purposes of this Act other than those of Part 1" does not
support "for the purposes of Part 1 only" — the statement confines the rule to the very case
the quoted words leave out of it (``confined_to_the_exception``).
"""

from __future__ import annotations

import re

from shared.text.terms import terms
from shared.verification.quotes import normalise

__all__ = ["confined_to_the_exception", "excepted_cases"]

_EXCEPTION = re.compile(
    r"\b(?:unless|except(?: (?:where|when|if|in the case of|for))?|other than|save where|"
    r"(?:does|do) not apply (?:if|where|when|to),?)\s+"
    r"(?P<case>[^,.;:—]{6,120})", re.IGNORECASE)
""""Unless …", "other than …", "… do not apply if …": the case the quoted words except."""
_EITHER_WAY = re.compile(r"\bor not\b", re.IGNORECASE)
""""Exempted or not": a statement that takes in both cases, which is no exception of its own."""
_OWN_EXCEPTION = re.compile(
    r"\b(?:unless|except\w*|other than|save|but|not|never|no|apart from|aside from)\b|"
    r"n['’]t\b", re.IGNORECASE)
_REFERENCE = re.compile(r"\b\d+[A-Z]?(?:\(\w+\))*")
_FILLER = frozenset({"mak", "case", "section", "subsection"})
"""Stems that say nothing of which case is excepted."""


def _marks(text: str) -> set[str]:
    """The case's content words and the references it names ("102(3)")."""
    words = {w for w in terms(text) if len(w) >= 3 and w.isalpha() and w not in _FILLER}
    return words | {m.group() for m in _REFERENCE.finditer(text)}


def _own_case(m: re.Match[str]) -> str:
    """The excepted case, ended where the parenthesis the exception opens in closes ("(other
    than an exempted disposal) which takes place …": the exempted disposal only)."""
    before = m.string[:m.start()]
    if before.count("(") > before.count(")") and ")" in m["case"]:
        return m["case"][:m["case"].index(")")]
    return m["case"]


def excepted_cases(claim: str, quote: str | None) -> list[str]:
    """Why the statement may state as the rule what the quoted words except from it."""
    if not quote or _OWN_EXCEPTION.search(_EITHER_WAY.sub(" ", claim)):
        return []
    said = _marks(claim)
    doubts = []
    for m in _EXCEPTION.finditer(normalise(quote)):
        case = _marks(_own_case(m))
        if case and case <= said and (len(case) >= 2 or _REFERENCE.fullmatch(next(iter(case)))):
            doubts.append("The statement applies the rule to the case the quoted words except "
                          f"from it (“{m.group(0).strip()}”).")
    return doubts


_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)


def confined_to_the_exception(claim: str, quote: str | None) -> list[str]:
    """Why the statement may confine the rule ("… only") to the case the quoted words except."""
    if not quote or not _ONLY.search(claim):
        return []
    said = _marks(claim)
    for m in _EXCEPTION.finditer(normalise(quote)):
        case = _marks(m["case"])
        if case and case <= said and (len(case) >= 2 or _REFERENCE.fullmatch(next(iter(case)))):
            return ["The statement confines the rule to the case the quoted words except from "
                    f"it (“{m.group(0).strip()}”)."]
    return []

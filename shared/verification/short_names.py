"""Which of a judgment's defined short names a statement and its quote speak of.

Judgments define short names for the bodies and people they discuss ("the Secretary of State
for Justice (“SSJ”)", "the Secretary of State for the Home Department (“SSHD”)") and then use
only the short name. A quote about the SSHD does not support a statement that gives the same
act to the Secretary of State for Justice, although both are defendants on one side (so the
sides check cannot tell them apart). A statement that names one defined body, by its short
name or its full name, where the quote names only another is doubted; a statement naming the
body in other words ("the Home Secretary") is left alone. The case's own name in the statement
("In R (Corbiere Ltd) v Secretary of State for Justice, …") names the case, not the actor.
"""

from __future__ import annotations

import re

from shared.verification.quotes import normalise

__all__ = ["defined_names", "other_body_named"]

_NAME_WORD = r"(?:[A-Z][\w'’&-]*|of|for|the|and|de|des)"
_DEFINED = re.compile(
    rf"\b(?P<full>[A-Z][\w'’&-]*(?:\s+{_NAME_WORD}){{1,9}})\s*\(\s*[\"“](?:the\s+)?"
    r"(?P<code>[A-Z][A-Za-z]{1,9})[\"”]\s*\)")
"""A short name defined for a multi-word name: "Office of Gas and Electricity Markets
(“Ofgem”)"."""
_CASE_NAME = re.compile(
    rf"(?:R\s*\([^)]{{1,60}}\)|[A-Z][\w'’&.-]*(?:\s+[A-Z&][\w'’&.-]*)*)\s+v\.?\s+"
    rf"[A-Z][\w'’&.-]*(?:\s+{_NAME_WORD})*")
"""A case's name ("R (Corbiere Ltd) v Secretary of State for Justice"), read greedily: a body
named right after it is taken as part of it, so it is never doubted."""


def defined_names(judgment: str) -> dict[str, str]:
    """Short name → full name, as the judgment defines them."""
    found: dict[str, str] = {}
    for m in _DEFINED.finditer(normalise(judgment)):
        full = re.sub(r"^(?:The|the)\s+", "", m["full"])
        if len(full.split()) >= 2:  # "The Claimant (“UEFA”)" names a role, not a body
            found.setdefault(m["code"], full)
    return found


def _named(text: str, names: dict[str, str]) -> set[str]:
    lowered = text.lower()
    return {code for code, full in names.items()
            if re.search(rf"\b{re.escape(code)}\b", text) or full.lower() in lowered}


def other_body_named(claim: str, quote: str, judgment: str) -> list[str]:
    """Why the statement may give to one defined body what the quote says of another."""
    names = defined_names(judgment)
    if not names:
        return []
    own = _CASE_NAME.sub(" ", normalise(claim))
    said, quoted = _named(own, names), _named(normalise(quote), names)
    if not said or not quoted or said & quoted:
        return []
    return [f"The statement speaks of {', '.join(names[c] for c in sorted(said))}; the quoted "
            f"passage speaks of {', '.join(names[c] for c in sorted(quoted))}."]

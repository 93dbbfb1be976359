"""Which side of a figure a rule is on: "a lease of which the unexpired term exceeds 3 years"
is not "a lease with less than three years left to run".

Both texts give the same figure, so the checks of figures pass them; only the side of it
differs. Each figure's side is read from the words just before it ("more than", "exceeds",
"at least"; "less than", "under", "up to") or just after it ("or more", "or less"); a
statement that puts a figure the quoted words also give on the other side of it is doubted
(unverified, never removed: a paraphrase may state the complement, "a lease with three years
or less left is excluded").
"""

from __future__ import annotations

import re

from shared.verification.claims import placed_quantities
from shared.verification.quotes import normalise

__all__ = ["reversed_limits"]

_ABOVE = re.compile(r"(?<!not )(?<!no )\b(?:more than|greater than|longer than|over|above|"
                    r"exceeds?|exceeding|"
                    r"at least|not less than|no less than|not shorter than)\s+(?:a |an |the )?"
                    r"(?:period of\s+|term of\s+)?$", re.IGNORECASE)
_BELOW = re.compile(r"(?<!not )(?<!no )\b(?:less than|fewer than|shorter than|under|below|"
                    r"up to|at most|"
                    r"not more than|no more than|not exceeding|does not exceed|within)\s+"
                    r"(?:a |an |the )?(?:period of\s+|term of\s+)?$", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no|never|cannot)\s+(?:\w+\s+){1,2}(?:more|less|fewer|greater|"
                      r"longer|shorter|over|under|above|below|exceed\w*)\b[^.;]*$",
                      re.IGNORECASE)
_AFTER_ABOVE = re.compile(r"^\s*[\w-]*\s*(?:or more|or longer|or over)\b", re.IGNORECASE)
_AFTER_BELOW = re.compile(r"^\s*[\w-]*\s*(?:or less|or fewer|or shorter|or under)\b",
                          re.IGNORECASE)


def _sides(text: str) -> dict[tuple[float, str], set[str]]:
    """Each figure with the side (``above`` or ``below``) the text puts the rule on."""
    text = normalise(text)
    found: dict[tuple[float, str], set[str]] = {}
    for at, quantity in placed_quantities(text):
        before, after = text[max(0, at - 40):at], text[at:at + 40]
        figure = re.match(r"\S+\s+\S+", after)
        rest = after[figure.end():] if figure else ""
        if _NEGATED.search(before):
            continue  # "must not end more than 5 years after": a ceiling said by a negation
        side = ("below" if _BELOW.search(before) or _AFTER_BELOW.match(rest)
                else "above" if _ABOVE.search(before) or _AFTER_ABOVE.match(rest) else None)
        if side is not None:
            found.setdefault(quantity, set()).add(side)
    return found


def reversed_limits(claim: str, quote: str | None) -> list[str]:
    """A figure the statement puts the rule on the other side of from the quoted words."""
    if not quote:
        return []
    quoted = _sides(quote)
    for quantity, sides in _sides(claim).items():
        other = quoted.get(quantity, set())
        if other and not sides & other:
            return [f"The statement puts the rule on the other side of the figure from the "
                    f"quoted words ({' and '.join(sorted(sides))} it, where they say "
                    f"{' and '.join(sorted(other))})."]
    return []

"""Which way an amount moves: "is reduced by one-fifth" does not support "rises by one-fifth".

A provision that lowers an amount (a discount that is reduced each year, a penalty that falls)
and a statement that raises the same amount name the same thing and the same figure, so the
checks of figures and subjects pass them; only the direction differs. Each text's direction is
read from its verbs of change; a statement that moves the amount only the other way from the
quoted words, about the same thing (two content terms shared), is doubted (unverified, never
removed).
"""

from __future__ import annotations

import re

from shared.text.terms import terms

__all__ = ["reversed_changes"]

_UP = re.compile(r"\b(?:increas(?:e|es|ed|ing)|ris(?:e|es|en|ing)|rose|rais(?:e|es|ed|ing)|"
                 r"grow(?:s|n|ing)?|grew|go(?:es)? up|went up)\b", re.IGNORECASE)
_DOWN = re.compile(r"\b(?:reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|fall(?:s|en|ing)?|fell|"
                   r"lower(?:s|ed|ing)?|diminish(?:es|ed|ing)?|go(?:es)? down|went down)\b",
                   re.IGNORECASE)
_SHARED = 2
_IDIOM = re.compile(r"\b(?:give|gives|given|giving|gave) rise\b|\brais(?:e|es|ed|ing) "
                    r"(?:a|an|the)? ?(?:issue|question|point|objection|matter)s?\b",
                    re.IGNORECASE)
"""Words of change that move no amount: "gives rise to", "raised the point"."""


def _ways(text: str) -> set[str]:
    text = _IDIOM.sub(" ", text)
    return {way for way, verbs in (("up", _UP), ("down", _DOWN)) if verbs.search(text)}


def reversed_changes(claim: str, quote: str | None) -> list[str]:
    """Why the statement moves the quoted amount the other way, if it does."""
    if not quote:
        return []
    said, quoted = _ways(claim), _ways(quote)
    if len(said) != 1 or len(quoted) != 1 or said == quoted \
            or len(terms(claim) & terms(quote)) < _SHARED:
        return []
    return [f"The statement says the amount goes {next(iter(said))}; the quoted words say it "
            f"goes {next(iter(quoted))}."]

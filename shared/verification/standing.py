"""Whether a statement presents as standing a decision or rule the judgment says was undone.

A real quote of a decision does not make it good law: the judgment may report it quashed on
appeal, set aside, reversed, superseded by a later scheme or disapplied. Two readings:

- the quoted passage itself says the decision or rule was undone ("was superseded by a new
  policy", "should be disapplied") and the statement says nothing of it (no "quashed",
  "superseded", "until", "former" …) or says it still stands;
- the statement says the decision still stands ("stands dismissed", "still governs") and the
  judgment, near the quoted passage, reports a decision being quashed, set aside or reversed.

Either leaves the citation unverified, never removed: the statement may speak of another
decision than the one undone.
"""

from __future__ import annotations

import re

__all__ = ["standing_doubts"]

_UNDONE = re.compile(
    r"\b(?:quash(?:ed|es|ing)?|set aside|overturn(?:ed|s|ing)?|revers(?:ed|es|ing|al)|"
    r"supersed(?:ed|es|ing)|disappl(?:ied|ies|y)|revok(?:ed|es)|revocation|repeal(?:ed|s)?|"
    r"retak(?:e|en|es|ing)|retook|no longer)\b", re.IGNORECASE)
"""What ends a decision's or a rule's force (a decision retaken is replaced by the new one)."""
_HISTORY = re.compile(
    r"\b(?:quash\w*|set aside|overturn\w*|revers\w*|supersed\w*|disappl\w*|revok\w*|"
    r"revocation|repeal\w*|replac\w*|retak\w*|retook|no longer|until|former(?:ly)?|previous(?:ly)?|"
    r"(?:was|were) (?:later|subsequently)|at the time)\b", re.IGNORECASE)
"""Words by which a statement tells its reader the thing is history."""
_STANDING = re.compile(
    r"\b(?:stands?|stood)\b(?! (?:to|by|for|in|on|at|up|out|as|of|down|over|trial)\b)|"
    r"\bremains? (?:in force|good law|the law|valid|binding|in effect|the policy)\b|"
    r"\bstill (?:governs?|appl(?:y|ies)|stands?|binding|good law|in force|valid|the law|"
    r"the policy|the rule)\b", re.IGNORECASE)
"""A statement that a decision or rule is in force now."""
_NEAR = 2500
"""Characters either side of the quoted passage within which the judgment's account of what
became of the decision is read (a few paragraphs)."""


def standing_doubts(claim: str, quote: str, judgment: str, *, inline: bool = False) -> list[str]:
    """Why the statement may present as standing what the judgment says was undone.

    ``claim`` is the statement's own words; ``inline`` says that the statement also shows the
    quoted passage itself, so its reader reads the passage's own "quashed" or "superseded" and
    only a statement that says the thing still stands presents it as standing."""
    undone = _UNDONE.search(quote)
    if undone and (_STANDING.search(claim) or not (inline or _HISTORY.search(claim))):
        return [f"The quoted passage says it was {undone.group(0).lower()}; the statement "
                "presents it as standing."]
    if not _STANDING.search(claim):
        return []
    at = judgment.find(quote[:60])
    if at < 0:
        return []
    near = judgment[max(0, at - _NEAR):at + len(quote) + _NEAR]
    if (later := _UNDONE.search(near)) is not None:
        return [f"The statement says the decision stands, but near the quoted passage the "
                f"judgment reports a decision undone (“{later.group(0).lower()}”)."]
    return []

"""Which way an amending provision went: "Omit section 86 of the … Act 1996" repealed section
86; it did not insert or introduce it.

The statement and the quote name the same provision, Act and subject, so every other check
passes; only the direction of the amendment differs. A quote that omits or repeals (its own
words: "Omit", "is repealed", "shall cease to have effect") and a statement that says the
amending Act inserted, introduced, added or created that provision are doubted (unverified,
never removed). The other way round is not read: an insertion is often stated as what the
amended Act now "provides".
"""

from __future__ import annotations

import re

__all__ = ["inserted_for_omitted"]

_OMITS = re.compile(r"^\W*(?:omit|repeal)\b|\b(?:is|are) (?:hereby )?(?:repealed|omitted)\b|"
                    r"\bshall cease to have effect\b|"
                    r"^\W*In (?:the )?(?-i:[A-Z])[^;]{0,120}?\bAct \d{4}(?: \([^)]*\))?,?\s+omit\b",
                    re.IGNORECASE)
"""A repeal in the amending Act's words, also after the Act it amends ("In the Building Act
1984 (c. 55) omit section 72(6)(a)")."""
_PROVISION_WORDS = r"\b(?:section|paragraph|Schedule|article)\s+\d+[A-Z]*"
_PROVISION = re.compile(_PROVISION_WORDS, re.IGNORECASE)
_INSERTS = re.compile(
    rf"\b(?:insert(?:s|ed)?|introduc(?:e|es|ed)|add(?:s|ed)?|creat(?:e|es|ed))\b"
    rf"[^.;]{{0,120}}?{_PROVISION_WORDS}|"
    rf"{_PROVISION_WORDS}\s+(?:was|were|is|has been)\s+(?:inserted|introduced|added|created)\b",
    re.IGNORECASE)
"""An insertion said of a provision in the same clause ("inserted a new section 86",
"introduced a new duty …, in section 167", "section 86 was inserted"): "new tenancies" says
nothing of how a provision came about."""


def inserted_for_omitted(claim: str, quote: str | None) -> list[str]:
    """Why the statement has the quoted repeal the other way round, if it does."""
    if not quote or not _OMITS.search(quote) or not _INSERTS.search(claim) \
            or _OMITS.search(claim) or re.search(r"\b(?:remov|abolish|scrap|omitt|repeal)\w*",
                                                  claim, re.IGNORECASE):
        return []
    named = {m.group().lower() for m in _PROVISION.finditer(quote)}
    if not named & {m.group().lower() for m in _PROVISION.finditer(claim)}:
        return []
    return ["The statement says the provision was inserted or introduced; the quoted words "
            "omit or repeal it."]

"""What a question asks about a thing, and the heading noun a statute files it under.

Statutes give each aspect of a regulated thing its own provision and say which in the
heading: "Duration, review and revocation of designations", "Licence conditions", "Offence of
failing to comply with improvement notice", "Meaning of …". A question asks for the aspect in
its own words ("how long can a designation last?", "what conditions can be attached?") while
the thing itself ("HMO licence") fills every provision of its Part, so a ranking by the whole
question prefers the Part's busiest provisions to the one whose heading names the aspect. The
lexicon here is general: the aspects any regulatory provision has, each with how people ask
about it and the nouns headings use for it, and nothing about any one Act.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.text.terms import STOP_WORDS, terms

__all__ = ["ASPECTS", "Aspect", "aspects_asked", "names_aspect", "subject_of"]


@dataclass(frozen=True)
class Aspect:
    name: str
    asked: re.Pattern[str]
    """How a question asks for it (case-insensitive)."""
    heading: frozenset[str]
    """Stems (``shared.text.terms.stem``) of the nouns a heading names it with."""


def _aspect(name: str, asked: str, heading: str) -> Aspect:
    return Aspect(name, re.compile(rf"(?<![\w'])(?:{asked})(?![\w'])", re.IGNORECASE),
                  frozenset(terms(heading)))


ASPECTS: tuple[Aspect, ...] = (
    _aspect("duration", r"how long|for what period|until when|expir(?:e|es|y|ed)|"
            r"(?:maximum|minimum|max|min) (?:length|period)|length of time|"
            r"lasts|last(?=\s*(?:[?.,;]|for\b|$))",
            "duration expiry"),
    _aspect("conditions", r"conditions?", "conditions"),
    _aspect("appeal", r"appeal(?:s|ed|ing)?|challeng(?:e|es|ed|ing)|contest(?:s|ed|ing)?",
            "appeals"),
    _aspect("offence", r"offences?|prosecut\w*|crimes?|criminal(?:ly)?", "offence"),
    _aspect("penalty", r"penalt(?:y|ies)|fines?|fined", "penalty"),
    _aspect("meaning", r"mean(?:s|ing)?|defin(?:e|ed|es|ition)|counts? as", "meaning"),
    _aspect("making", r"(?:be|been|is|are|was|were) made|make|making", "making"),
    _aspect("revocation", r"revok(?:e|es|ed|ing)|revocation|cancel\w*|var(?:y|ies|ied)|"
            r"variation", "revocation variation"),
    _aspect("exemption", r"exempt(?:s|ed|ion|ions)?", "exemption"),
    _aspect("entry", r"power of entry|enter|entry", "entry"),
    _aspect("compensation", r"compensat(?:e|es|ed|ion)", "compensation"),
)
"""The aspects of a regulated thing that statutes give provisions of their own."""

_GENERIC = frozenset(terms("section part chapter schedule provision provisions etc related "
                           "relating general certain other"))
"""Heading words that name no subject."""


def aspects_asked(question: str) -> list[Aspect]:
    """The aspects ``question`` asks about, in lexicon order."""
    return [a for a in ASPECTS if a.asked.search(question)]


def names_aspect(heading: str, aspect: Aspect, subject: set[str]) -> bool:
    """Whether ``heading`` names ``aspect`` of something the question is about (``subject``:
    the question's stems, without its words for the aspect): "Licence conditions" for
    "what conditions can be attached to an HMO licence?", not "Housing conditions" alone."""
    words = terms(heading, stop=STOP_WORDS | _GENERIC)
    return bool(words & aspect.heading) and bool((words - aspect.heading) & subject)


def subject_of(question: str, asked: list[Aspect]) -> set[str]:
    """The question's stems without the words it asks the aspects with."""
    said = " ".join(m.group(0) for a in asked for m in a.asked.finditer(question))
    return terms(question) - terms(said) - _GENERIC

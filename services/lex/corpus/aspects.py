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
from collections.abc import Callable
from dataclasses import dataclass

from shared.text.terms import STOP_WORDS, terms

__all__ = ["ASPECTS", "Aspect", "aspects_asked", "heading_terms", "names_aspect", "subject_of"]


@dataclass(frozen=True)
class Aspect:
    name: str
    asked: re.Pattern[str]
    """How a question asks for it (case-insensitive)."""
    heading: frozenset[str]
    """Stems (``shared.text.terms.stem``) of the nouns a heading names it with."""
    when: re.Pattern[str] | None = None
    """What the whole question must also be, if anything (case-insensitive)."""
    listed: bool = False
    """Its headings name what it applies to in general terms ("Power to charge for certain
    enforcement action") and the text lists the things: the text may name the subject."""


def _aspect(name: str, asked: str, heading: str, when: str | None = None, *,
            listed: bool = False) -> Aspect:
    return Aspect(name, re.compile(rf"(?<![\w'])(?:{asked})(?![\w'])", re.IGNORECASE),
                  frozenset(terms(heading)),
                  re.compile(when, re.IGNORECASE | re.DOTALL) if when else None, listed)


_CONDITIONAL = (r"^\W*(?:can|could|may|might|is it|are we|what happens|what if)\b.*?"
                r"\b(?:if|while|whilst|when|where|unless|though|although|without|before)\b")
"""A power asked about in a circumstance: "can we serve X while Y isn't done?"."""


ASPECTS: tuple[Aspect, ...] = (
    _aspect("duration", r"how long|for what period|until when|expir(?:e|es|y|ed)|"
            r"(?:maximum|minimum|max|min) (?:length|period)|length of time|"
            r"lasts|last(?=\s*(?:[?.,;]|for\b|$))",
            "duration expiry"),
    # Not a condition to be met ("does his threat count towards the condition we need to
    # meet?"): that is a test a power turns on, not the conditions a licence carries.
    _aspect("conditions", r"conditions?(?!(?: [\w']+){0,4} (?:meet|met|satisf\w*|fulfil\w*)\b)",
            "conditions"),
    _aspect("appeal", r"appeal(?:s|ed|ing)?|challeng(?:e|es|ed|ing)|contest(?:s|ed|ing)?",
            "appeals"),
    _aspect("offence", r"offences?|prosecut\w*|crimes?|criminal(?:ly)?", "offence"),
    _aspect("penalty", r"penalt(?:y|ies)|fines?|fined", "penalty"),
    # What the one who acts may recover for acting: "Power to charge for certain enforcement
    # action", "Recovery of charge under section 49" (not a charge on land, a service
    # charge, nor being or taking charge of something).
    _aspect("charge", r"(?<!in )(?<!take )(?<!takes )(?<!taking )(?<!took )(?<!service )"
            r"(?<!land )(?:re)?charg(?:e|es|ed|ing)(?! (?:on|of)\b)|"
            r"fees?|bill(?:s|ed|ing)?", "charge fee", listed=True),
    _aspect("meaning", r"mean(?:s|ing)?|defin(?:e|ed|es|ition)|counts? as", "meaning"),
    # Whether a term takes something in is what it means: "does a house include its
    # garden?" (not what a notice or order must include, its contents, nor what the asker
    # includes); the term stays the question's subject.
    _aspect("meaning", r"includes?", "meaning",
            r"^\W*(?:does|do) (?:an? |the )?(?!(?:i|we|you|they|he|she|it)\b)"
            r"(?!(?:\w+ ){0,4}(?:notices?|orders?|licen[cs]es?|applications?|schemes?|"
            r"statements?|plans?) include|(?:\w+ ){0,6}(?:have|has|needs?) to include)"
            r"(?:[\w'-]+ ){1,8}includes?\b"),
    # Not someone made to do something ("can he make them stick to it?"): that is
    # compulsion, not the making of an order.
    _aspect("making", r"(?:be|been|is|are|was|were) made|make(?! (?:him|her|them|me|us|you) )|"
            r"making", "making"),
    _aspect("revocation", r"revok(?:e|es|ed|ing)|revocation|cancel\w*|var(?:y|ies|ied)|"
            r"variation|withdr(?:aw|aws|awn|awing|ew)|amend(?:s|ed|ing|ment)?|"
            r"chang(?:e|es|ed|ing)", "revocation revoke variation"),
    # What a decision turns on: "Tests as to suitability for multiple occupation",
    # "Designations under section 56: further considerations".
    _aspect("criteria", r"criteri(?:a|on)|tests?|(?:what|which) (?:\w+ ){0,4}(?:look(?:s|ed)? at|"
            r"consider\w*)|tak(?:e|es|en) into account|(?:has|have) regard|considerations?|"
            r"(?:how|what) (?:\w+ ){0,4}decid\w*", "tests criteria considerations matters"),
    # Where the public can see it: "Register of licences and management orders".
    _aspect("register", r"registers?|public (?:list|record)s?", "register"),
    _aspect("exemption", r"exempt(?:s|ed|ion|ions)?", "exemption"),
    _aspect("entry", r"power of entry|enter|entry", "entry"),
    _aspect("compensation", r"compensat(?:e|es|ed|ion)", "compensation"),
    # What the one who holds a power must do once it is used: "Local housing authority's
    # duties once interim management order in force".
    _aspect("duties", r"dut(?:y|ies)|obligations?|responsibilit(?:y|ies)", "duties duty"),
    # A power asked about while a duty is unmet ("can we serve a section 21 notice while
    # the deposit isn't protected?", "… if the HMO was never licensed?") is answered by the
    # provision that restricts it in that circumstance, which statutes head as the sanction
    # or consequence of the failure ("Sanctions for non-compliance", "Other consequences of
    # operating unlicensed HMOs: restriction on terminating tenancies").
    _aspect("consequence", r"(?:is|are|was|were|has|have|had|does|do|did)n[’']?t|not|never|"
            r"no longer|without|un(?:licen[cs]ed|protected|registered)|"
            r"fail(?:s|ed|ing)? to", "sanctions consequences non-compliance", _CONDITIONAL),
)
"""The aspects of a regulated thing that statutes give provisions of their own."""

_GENERIC = frozenset(terms("section part chapter schedule provision provisions etc related "
                           "relating general certain other"))
"""Heading words that name no subject."""


def aspects_asked(question: str) -> list[Aspect]:
    """The aspects ``question`` asks about, in lexicon order."""
    return [a for a in ASPECTS
            if a.asked.search(question) and (a.when is None or a.when.search(question))]


_BARE_SUBJECT = 3
"""Stems of the question's subject the text of a provision must hold when its heading names
the aspect alone."""


def names_aspect(heading: str, aspect: Aspect, subject: set[str],
                 text: str | Callable[[], str] = "") -> bool:
    """Whether ``heading`` names ``aspect`` of something the question is about (``subject``:
    the question's stems, without its words for the aspect): "Licence conditions" for
    "what conditions can be attached to an HMO licence?", not "Housing conditions" alone.

    A heading that names only the aspect ("Sanctions for non-compliance") leaves its subject
    to the Part it sits in, so its ``text`` (or what gives it, read only then) must name the
    question's subject instead; so must the text of a heading that names the things of a
    ``listed`` aspect in general terms ("certain enforcement action").
    """
    words = heading_terms(heading)
    if not words & aspect.heading:
        return False
    if (words - aspect.heading) & subject:
        return True
    if words - aspect.heading and not aspect.listed:
        return False
    return len(terms(text() if callable(text) else text) & subject) >= _BARE_SUBJECT


def heading_terms(heading: str) -> set[str]:
    """The stems of what ``heading`` names, without the words that name no subject."""
    return terms(heading, stop=STOP_WORDS | _GENERIC)


def subject_of(question: str, asked: list[Aspect]) -> set[str]:
    """The question's stems without the words it asks the aspects with."""
    said = " ".join(m.group(0) for a in asked for m in a.asked.finditer(question))
    return terms(question) - terms(said) - _GENERIC

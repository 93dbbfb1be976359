"""Duty, power, prohibition and "no duty": what a legal sentence obliges, allows or forbids.

One definition, used by the verifier's claim checks (a duty is not a power), its QA review
(which sentences state law) and the offline answerer (which sentences answer "must we").
"""

from __future__ import annotations

import re
from typing import Literal

from shared.text.terms import terms

__all__ = ["BESIDES", "CONFLICTS", "DESCRIPTIONS", "EXCESS", "UPPER_LIMIT", "Modality",
           "condition_met", "conditioned_unless", "first_modal", "modalities", "restates_duty",
           "same_condition", "same_limit", "same_precondition"]

Modality = Literal["duty", "power", "prohibition", "no_duty"]

_NEGATED_MODAL = (r"must not|mustn['’]t|shall not|shan['’]t|may not|cannot|can not|can['’]t|"
                  r"(?:must|shall|may|can) never")
"""A modal verb that forbids in so many words ("must not", "may never")."""
NEGATED_MODAL = re.compile(rf"\b(?:{_NEGATED_MODAL})\b", re.IGNORECASE)

PROHIBITION = re.compile(
    rf"\b(?:{_NEGATED_MODAL}|"
    # A duty to hold back is a prohibition: "must refrain from permitting a room to be
    # occupied" forbids what "is prohibited from letting a room be used" forbids.
    r"(?:must|shall|(?:is|are) to|(?:is|are) (?:required|obliged|bound) to) (?:refrain|abstain|"
    r"desist) from|"
    r"only\b[^.;:]{0,80}?\b(?:may|can|shall)|"
    r"(?:is|are) (?:not permitted|prohibited|not allowed|forbidden) (?:to|from)|"
    # A policy's rule with no verb after it ("Subletting the whole home is not allowed.",
    # "Pets are not permitted in the flats"); not a court's "the appeal is not allowed, …"
    # whose clause goes on with what was decided.
    r"(?:is|are) (?:not permitted|prohibited|not allowed|forbidden)"
    r"(?=\s*(?:[.;:)]|$)|\s+(?:unless|without|except|in|on|inside|within|anywhere)\b)|"
    r"do(?:es)? not (?:allow|enable|entitle|empower|permit|authori[sz]e)\s+"
    r"(?:[\w’'-]+\s+){1,6}?to|"
    r"(?:no (?:person|landlord|tenant|one|authority|body|owner)|nobody|no-one|none of \w+)\b"
    r"[\w ,]{0,40}?\b(?:may|shall|can|is to)|"
    r"\bno (?!(?:more|less|later|earlier|longer|sooner|fewer)\b)[\w ]{1,40}?\b"
    r"(?:may|shall|can|is to|are to) be\b)\b", re.IGNORECASE)
NO_DUTY = re.compile(
    r"\b(?:need not|needn['’]t|(?:is|are) not (?:required|obliged|bound) to|do(?:es)? not have "
    r"to|(?:is|are) under no (?:duty|obligation)|ha(?:s|ve) no (?:duty|obligation))\b",
    re.IGNORECASE)
_FREE_TO_DO = re.compile(
    rf"(?:{NO_DUTY.pattern})\s+(?:to\s+)?(?:refrain|abstain|desist)\s+from\b", re.IGNORECASE)
"""No duty to hold back is leave to act: "need not refrain from permitting a room to be
occupied" permits what "must refrain from permitting" forbids."""
DUTY = re.compile(
    r"\b(?:must|shall|(?:is|are) (?:required|obliged|bound) to|ha(?:s|ve) (?:a|the) "
    r"(?:legal |statutory )?duty|(?:is|are) under (?:a|an) (?:duty|obligation)|ha(?:s|ve) to|"
    r"impos\w* (?:a |the )?duty)\b",
    re.IGNORECASE)
_NOMINAL = r"(?:the|a|an|any|all|his|her|their|its|them|him|it|such|that|this|those|these)\b"
"""Words that open a noun, not a verb: "allows access to the accounts" gives no power."""
POWER = re.compile(
    r"\b(?:may|can|(?:is|are) (?:entitled|permitted|allowed|empowered) to|ha(?:s|ve) (?:a |the )?"
    r"power|ha(?:s|ve) (?:a )?discretion|confer\w* (?:a |the )?powers?|powers? to|"
    r"(?:left to|at|within|in) (?:the |its |their |his |her )?(?:[\w’']+ )?discretion|"
    r"discretionary|"
    r"(?:allows|enables|entitles|empowers|permits|authori[sz]es)\s+(?:[\w’'-]+\s+){1,6}?to"
    rf"(?=\s+(?!{_NOMINAL})[a-z]))\b",
    re.IGNORECASE)
"""A power, also as what a law or body gives another: "the Act allows the authority to …",
"enables the tribunal to …", "entitles the tenant to …"."""

_DATE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+May\s+\d{4}\b|\bMay\s+\d{4}\b", re.IGNORECASE)
_CONSTRAINED = re.compile(r"\bpowers?\s+to\b[^.;:]{0,80}?\b(?:is|are)\s+subject\s+to\b",
                          re.IGNORECASE)
"""A power named only to say what it is subject to ("the Secretary of State's power to modify
or revoke it is subject to that provision"): a limit on a power, not a power given."""

CONFLICTS: dict[Modality, frozenset[Modality]] = {
    "duty": frozenset({"power", "prohibition", "no_duty"}),
    "power": frozenset({"duty", "prohibition"}),
    "prohibition": frozenset({"duty", "power"}),
    "no_duty": frozenset({"duty"}),
}
"""Which modalities contradict each other: a duty is neither a power nor a prohibition."""

DESCRIPTIONS: dict[Modality, str] = {"duty": "a duty (must)", "power": "a power (may)",
                                     "prohibition": "a prohibition", "no_duty": "no duty"}


def modalities(text: str) -> set[Modality]:
    """Which of duty, power, prohibition and "no duty" a text expresses.

    Negative forms are found first and taken out, so "must not" is a prohibition and not
    also a duty; the month of May is not a power.
    """
    found: set[Modality] = set()
    text = _CONSTRAINED.sub(" ", _DATE.sub(" ", text))
    if _FREE_TO_DO.search(text):
        found.add("power")
        text = _FREE_TO_DO.sub(" ", text)
    negatives: tuple[tuple[re.Pattern[str], Modality], ...] = (
        (PROHIBITION, "prohibition"), (NO_DUTY, "no_duty"))
    for pattern, kind in negatives:
        if pattern.search(text):
            found.add(kind)
            text = pattern.sub(" ", text)
    if DUTY.search(text):
        found.add("duty")
    if POWER.search(text):
        found.add("power")
    return found


def first_modal(text: str) -> int | None:
    """Where the first modal expression of ``text`` starts, if it has one."""
    starts = [m.start() for p in (PROHIBITION, NO_DUTY, DUTY, POWER) if (m := p.search(text))]
    return min(starts) if starts else None


UPPER_LIMIT = re.compile(
    r"\b(?:at (?:the )?most|up to|(?:no|not) (?:more|longer|later) than|(?:a|the) maximum|"
    r"maximum|at the latest)\b", re.IGNORECASE)
"""A power bounded from above: "can last at most five years", "up to 5 years"."""
EXCESS = re.compile(r"\b(?:more|longer|later) than|\bexceed\w*|\bbeyond\b", re.IGNORECASE)
"""What a prohibition of going past a limit says: "must not end more than 5 years after"."""


ONLY = re.compile(r"\b(?:may|can|shall)\s+(?:[\w’'-]+\s+){0,3}?only\b|"
                  r"\bonly\s+(?:[\w’'-]+\s+){0,2}?(?:may|can)\b", re.IGNORECASE)
"""A power confined to what it names: "may hold only the deposits", "only the tenant can"."""
BESIDES = re.compile(r"\b(?:anything|anyone|any\s+[\w’'-]+)?\s*other\s+than\b|\bexcept\b|"
                     r"\bsave\s+(?:for\b|as\b)", re.IGNORECASE)
"""What a prohibition of everything else says: "must not contain anything other than …"."""


CONFINED = re.compile(r"\b(?:may|can)\b[^.;:]{0,80}?\bonly\s+(?:if|where|when|after|with|"
                      r"on|in|to|for)\b", re.IGNORECASE)
"""A power confined by a condition: "A company may be designated under this section only if
…"."""
ONLY_FIRST = re.compile(r"\bonly\b[^.;:]{0,80}?\b(?:may|can|shall)\b", re.IGNORECASE)
"""A prohibition of everyone or everything else: "Only a company limited by shares can be
designated"."""


CONDITIONED = re.compile(r"\b(?:may|can)\b[^.;:]{0,160}?\bonly\s+(?:if|where|when|once|after)\b|"
                         r"\bonly\s+(?:if|where|when|once|after)\b[^.;:]{0,160}?\b(?:may|can)\b",
                         re.IGNORECASE)
"""A power a condition confines, however long the act it allows: "can make an order letting an
owner enter … only if satisfied"."""
UNLESS = re.compile(r"\b(?:unless|until|except\s+(?:where|if|when|with|after))\b", re.IGNORECASE)
"""A condition that lifts a prohibition: "No order may be made unless the court is satisfied"."""
_BEFORE = re.compile(r"\bbefore\b", re.IGNORECASE)
_ACHIEVED = re.compile(r"\bmust\s+have\s+(?:been\s+)?[a-z]+(?:ed|en|wn|ne|id)\b", re.IGNORECASE)
"""A state to be reached first, not an act to do: "the authority must have considered any
representations", "that period must have expired"."""


def same_limit(power: str, prohibition: str) -> bool:
    """Whether a power and a prohibition state one limit from either side: "can last at most
    five years" says what "must not end more than 5 years after" says, but "can last more
    than five years" does not; "may hold only the deposits" says what "must not contain
    anything other than the deposits" says; "may be designated … only if" says what "only a
    company … can be designated" says, but not a prohibition in so many words with an "only"
    beside it ("must not keep any animal, and only assistance dogs may be kept" forbids what
    "may keep a pet only with consent" allows). (The figures and the things are compared
    elsewhere.)"""
    return (bool(UPPER_LIMIT.search(power)) and bool(EXCESS.search(prohibition))) or (
        bool(ONLY.search(power)) and bool(BESIDES.search(prohibition))) or (
        bool(CONFINED.search(power)) and bool(ONLY_FIRST.search(prohibition)) and
        not NEGATED_MODAL.search(prohibition))


def conditioned_unless(power: str, prohibition: str) -> bool:
    """Whether a power confined by a condition ("can make the order only if satisfied …") meets
    a prohibition a condition lifts ("No order may be made unless the court is satisfied …"):
    one limit only if the two conditions are one (``same_condition``); a prohibition with no
    condition that lifts it is another rule."""
    return bool(CONDITIONED.search(power)) and bool(UNLESS.search(prohibition))


_ONLY_IF = re.compile(r"\bonly\s+(?:if|where|when|once|after)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;:]")
_IGNORED = frozenset({"first", "already", "previously"})
_IRREGULAR = {"laid": "lay"}
"""Past forms ``terms`` keeps apart from their verb: "laid a draft" is what "must lay a draft"
requires. ``shared.text.terms.stem`` already takes "made", "gave", "held", "paid" and the other
common irregular forms to theirs; it leaves out "lay", whose noun and past of "lie" a housing
text also uses."""
_SYNONYMS = {"hear": frozenset({"hearing", "heard"}), "notic": frozenset({"notif", "notified"}),
             "notif": frozenset({"notic"})}
"""Verbs and nouns the same requirement is stated with: "give notice" and "notify"."""
_PRONOUN = re.compile(r"^\s*(?:it|they|he|she|the\s+same)\b", re.IGNORECASE)
_AUXILIARY = re.compile(r"\b(?:has|have|had|is|are|was|were|does|do|did)\b", re.IGNORECASE)
_NEGATIVE = re.compile(r"\b(?:cannot|can\s*not|may\s+not|must\s+not|shall\s+not|no)\b",
                       re.IGNORECASE)
_MUST = re.compile(r"\b(?:must|shall)\s+(?:first\s+)?([a-z]+)\b", re.IGNORECASE)


def _after(pattern: re.Pattern[str], text: str) -> str | None:
    m = pattern.search(text)
    if m is None:
        return None
    rest = text[m.end():]
    end = _CLAUSE_END.search(rest)
    return rest[:end.start()] if end else rest


def _stems(text: str) -> set[str]:
    return {_IRREGULAR.get(t, t) for t in terms(text) if t not in _IGNORED}


def _matches(term: str, stems: set[str]) -> bool:
    """Whether ``term`` or a word the same requirement is stated with is among ``stems``: one
    stem starting the other ("hear" and "heard") counts."""
    wanted = {term} | _SYNONYMS.get(term, frozenset())
    return any(s == w or (min(len(s), len(w)) >= 4 and (s.startswith(w) or w.startswith(s)))
               for s in stems for w in wanted)


def same_condition(power: str, prohibition: str) -> bool:
    """Whether the condition confining a power ("only if notice of the application has been
    given") and the condition lifting a prohibition ("unless notice of the application has been
    given to the authority") are one: the content terms of one are all the other's. "Only if
    the authority has agreed to the application" is another condition."""
    confining, lifting = _after(_ONLY_IF, power), _after(UNLESS, prohibition)
    if confining is None or lifting is None:
        return False
    a, b = _stems(confining), _stems(lifting)
    return bool(a) and bool(b) and (all(_matches(t, b) for t in a) or
                                    all(_matches(t, a) for t in b))


def restates_duty(duty: str, prohibition: str) -> bool:
    """Whether the "unless" of a prohibition restates the duty a "before" states: the one bound
    by the duty acts in both ("it has first consulted" against "the authority must consult"),
    with the same verb and the content terms of its object. "Unless the fire and rescue
    authority has approved it" (another act, another party) or "unless the local housing
    authority has consulted it" said of the fire and rescue authority (parties swapped) is
    another requirement."""
    must, unless = _MUST.search(duty), UNLESS.search(prohibition)
    lifting = _after(UNLESS, prohibition)
    if must is None or unless is None or lifting is None:
        return False
    verb = _IRREGULAR.get(must[1].lower(), next(iter(_stems(must[1])), must[1].lower()))
    obj = _stems(_after(_MUST, duty) or "")
    bound = _stems(duty[:must.start()].rsplit(",", 1)[-1])
    negative = _NEGATIVE.search(prohibition[:unless.start()])
    forbidden = _stems(prohibition[:negative.start()]) if negative else set()
    auxiliary = _AUXILIARY.search(lifting)
    actor = lifting[:auxiliary.start()] if auxiliary else ""
    said = _stems(lifting)
    if not _matches(verb, said):
        return False  # another act: "approved" for "consult", "consented" for "give"
    if obj and sum(_matches(t, said) for t in obj) * 2 < len(obj):
        return False  # another object: the duty's own words are not the condition's
    if any(t not in bound and _matches(t, obj) for t in forbidden):
        return False  # the one forbidden is the duty's object: parties swapped
    return not (actor.strip() and not _PRONOUN.match(actor)
                and any(not _matches(t, bound | forbidden) for t in _stems(actor)))


def same_precondition(duty: str, prohibition: str) -> bool:
    """Whether a duty to do one thing before another and a prohibition of the other unless
    the first is done state one requirement: "Before making such an order, the tribunal must
    give any sub-lessee an opportunity of being heard" is what "the tribunal cannot make the
    order unless it has first given any sub-lessee a hearing" says. A duty with no "before",
    or a prohibition with no "unless" (or "until"), is another rule."""
    return bool(_BEFORE.search(duty)) and bool(UNLESS.search(prohibition))


def condition_met(power: str, duty: str) -> bool:
    """Whether a power confined by a condition ("can apply only if it has considered any
    representations") and a "must have" stating that condition as a state to be reached ("the
    authority must have considered any representations") say one thing: the "must" is the
    condition, not a duty to act."""
    return bool(CONDITIONED.search(power)) and bool(_ACHIEVED.search(duty))

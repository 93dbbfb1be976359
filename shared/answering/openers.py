"""What a quoted sentence itself answers, said before the quote: its period, or "yes", "no" or
"it depends" from its duty, power, prohibition or condition."""

from __future__ import annotations

import re

from shared.answering.questions import (
    DELIBERATES,
    IF_CLAUSE,
    LIMIT,
    MODAL_WORDS,
    Question,
    amount,
    asked_act,
    comparable,
    durations,
    elapsed_times,
    in_days,
)
from shared.text.conditions import OPENING_CONDITION
from shared.text.modality import modalities
from shared.text.terms import terms

__all__ = ["EXCEPTION", "opener"]

_CONDITION = re.compile(r"\b(?:unless|except|"
                        r"provided that|subject to (?:sub)?(?:section|paragraph|conditions?|"
                        r"the conditions|any|this)|only (?:if|where|when|after)|as a last "
                        r"resort|consider(?:s|ing)? whether|decides? whether|where (?:it is )?"
                        r"(?:fair|reasonable|appropriate)|at (?:our|its|their) discretion)\b",
                        re.IGNORECASE)
"""A condition in the quoted sentence: the answer "depends on" it."""
_CLASS_OF_CASES = re.compile(
    r"\b(?:cases?|circumstances|situations?|instances?|occasions?)\s+(?:in which|where|when)\b"
    r"[^,;:.]*", re.IGNORECASE)
"""A class of cases the sentence names ("specify cases in which no fees are to be charged"):
what holds in them is not the sentence's own rule, so a prohibition there does not answer
"No" (the regulations' power to specify them is what the sentence says)."""
_NEGATIVE = re.compile(r"\b(?:never|not|no)\b", re.IGNORECASE)
EXCEPTION = re.compile(r"\b(?:unless|except|exceptional|where (?:it is )?(?:fair|reasonable|"
                        r"appropriate)|at (?:our|its|their) discretion|in (?:some|certain) "
                        r"cases)\b", re.IGNORECASE)
"""A sentence that qualifies the one before it: the answer "depends" on it."""


def opener(q: Question, sentence: str, *, qualified: bool = False) -> str:
    """What the quoted sentence itself answers, said first: its period, or yes, no or "it
    depends" from its modality (or from the exception the next quote makes); nothing when the
    sentence does not show it, or only restates the question's own condition ("If the OT
    recommends …, must we …?" is not answered "Yes" by "… must be recommended by an OT")."""
    if q.kind == "period":
        found = _relevant_duration(q, sentence)
        return found[:1].upper() + found[1:] if found else ""
    if q.kind != "yes_no":
        return ""
    measured = _against_limit(q, sentence)
    if measured:
        return (f"It depends: {measured}, with exceptions" if qualified
                else measured[:1].upper() + measured[1:])
    if _restates_condition(q, sentence) or not _speaks_of_asked_act(q, sentence):
        return ""
    if qualified:
        return "It depends"
    kinds = modalities(_CLASS_OF_CASES.sub(" ", sentence))
    if "prohibition" in kinds or (q.asks == "duty" and "no_duty" in kinds):
        return "No"
    if not kinds and _negated(sentence):
        return "No"
    if _CONDITION.search(sentence) or DELIBERATES.search(sentence) or \
            _opens_on_a_new_condition(q, sentence):
        return "It depends"
    if q.asks == "duty" and kinds == {"power"}:
        return "Not necessarily: it is a power, not a duty"
    if kinds & {"duty", "power"}:
        return "Yes"
    return ""


def _speaks_of_asked_act(q: Question, sentence: str) -> bool:
    """Whether ``sentence`` speaks of the act the question asks may or must be done: "Can the
    council charge …?" is answered yes or no only by a sentence about charging, not by one
    about the notice the charge would be for (its "must" or "may" is about something else)."""
    act = asked_act(q)
    return not act or bool(act & terms(sentence))


ASSUMED_SHARE = 0.25
"""A condition sharing this share of its words with the question is one the question assumes."""


def _opens_on_a_new_condition(q: Question, sentence: str) -> bool:
    """Whether the rule holds only on a condition the question does not already assume
    ("Where the cost is between …" does; "If a local housing authority consider that a
    category 1 hazard exists …" does not, asked whether they must act on one)."""
    m = OPENING_CONDITION.match(sentence)
    if m is None:
        return False
    clause = terms(m.group("clause"))
    return bool(clause) and len(clause & terms(q.text)) < ASSUMED_SHARE * len(clause)


NEGATION_WORDS = 10
"""A "not" this far into a sentence, outside a relative clause, negates what it says."""
_RELATIVE = re.compile(r"\b(?:who|whom|which|that|whose)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _negated(sentence: str) -> bool:
    """Whether the sentence itself says no ("Recharges are never made …"), not merely a
    clause inside it ("… occupied by persons who do not form a single household …")."""
    m = _NEGATIVE.search(sentence)
    if m is None:
        return False
    before = sentence[:m.start()]
    return len(before.split()) <= NEGATION_WORDS and not _RELATIVE.search(before)


def _against_limit(q: Question, sentence: str) -> str:
    """The time the question says has passed, measured against the limit the sentence sets
    ("seven months is more than the 6 months the source allows"); nothing without both."""
    for m in LIMIT.finditer(sentence):
        limit = amount(m.group("period"))
        passed = next((t for t in elapsed_times(q.text)
                       if limit is not None and comparable(t[1], limit)), None)
        if limit is not None and passed is not None:
            more = in_days(passed[1]) > in_days(limit)
            return (f"{passed[0].lower()} is {'more' if more else 'no more'} than the "
                    f"{m.group('period')} the source allows")
    return ""


def _restates_condition(q: Question, sentence: str) -> bool:
    """Whether ``sentence`` is about the question's condition, not what it asks: it shares
    words only with the "if …" clause."""
    m = IF_CLAUSE.match(q.text)
    if m is None:
        return False
    condition, main = terms(m.group("condition")), terms(m.group("main")) - MODAL_WORDS
    said = terms(sentence)
    return bool(said & (condition - main)) and not said & (main - condition)


def _relevant_duration(q: Question, sentence: str) -> str:
    """Of the periods in ``sentence``, the one nearest the question's own words."""
    found = durations(sentence)
    if len(found) < 2:
        return found[0] if found else ""
    wanted = terms(q.text)
    best, best_score = found[0], -1
    for period in found:
        at = sentence.find(period)
        window = terms(sentence[max(0, at - 80):at])
        score = len(window & wanted)
        if score > best_score:
            best, best_score = period, score
    return best


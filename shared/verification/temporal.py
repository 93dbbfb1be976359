"""Whether a provision is law today, and whether the statement presents it as law today.

A repealed or prospective provision cited as current law is an error; the same provision in
a statement framed as history ("before 1 May 2026, section 21 …", "until it was repealed")
or as the future ("will come into force") is not.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from shared.events import LawStatus
from shared.text.nations import NATION
from shared.verification.lexsource import Act, Provision

__all__ = ["LawState", "Temporal", "framing", "law_state", "temporal_issue"]

_HISTORY = re.compile(
    r"\b(?:(?:before|until|till|prior to|as it stood)\s+(?:\d|(?:its?|the|a)\s+(?:\w+\s+)?"
    r"(?:repeal|omission|abolition|revocation|commencement|coming into force|change|reform|"
    r"amendment)|it was|the [\w’' ]{0,40}?\bAct\b)|"
    r"formerly|previously|historically|originally|used to|"
    r"no longer|repealed|revoked|abolished|omitted|ceased|had been|was in force|"
    r"at the time|in (?:1[0-9]|20[0-2])\d{2}\b|from \d{4} to|between \d{4} and)\b",
    re.IGNORECASE)
# "Before", "until" are history only of the law's own timeline (a date, its repeal, the Act
# that changed it): "cannot take effect until six months after the tenancy began" is current.
# The provision as the subject of a verb in the past: "section 3 of the … Act 1809 made …".
_PAST_VERB = re.compile(
    r"(?:\bAct \d{4}|\bsection \d+[A-Z]*(?:\(\w+\))*|\bs\. ?\d+[A-Z]*(?:\(\w+\))*)[),]?\s+"
    r"(?:\w+ly\s+)?(?:made|gave|let|forbade|meant|said|[a-z]+ed)\b", re.IGNORECASE)
_WAS = re.compile(r"\b(?:was|were)\b", re.IGNORECASE)
_RELATIVE = re.compile(
    r"\b(?:who|whom|whose|which|that|where|when|if|once|after)\b(?:\s+\S+){0,3}\s*$",
    re.IGNORECASE)
_FUTURE = re.compile(
    r"\b(?:will|would|is due to|are due to|not yet|yet to|once (?:it is )?(?:commenced|in force)"
    r"|when (?:it )?(?:is )?(?:commenced|brought into force|comes into force)|comes? into force|"
    r"prospective|awaiting commencement|has not been commenced|is expected to)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Temporal:
    issue: str
    """``repealed`` or ``not_in_force``."""
    removes: bool
    detail: str


def framing(claim: str) -> str:
    """``history``, ``future`` or ``current``: how the statement places the law in time."""
    if _FUTURE.search(claim):
        return "future"
    if _HISTORY.search(claim) or _PAST_VERB.search(claim):
        return "history"
    # "was" as the statement's own verb is history; inside a clause about the facts ("a
    # tenant who was granted …", "a home that was sold") it is not.
    if any(not _RELATIVE.search(claim[:m.start()]) for m in _WAS.finditer(claim)):
        return "history"
    return "current"


_HOW = re.compile(r"^(?P<how>Omitted|Repealed|Revoked|Ceased to have effect)\b(?P<rest>.*)$",
                  re.IGNORECASE)


@dataclass(frozen=True)
class LawState:
    """A provision's status today, for the citation's badge and the answer's words."""

    status: LawStatus
    date: str | None
    note: str

    def statement(self, name: str, today: dt.date) -> str:
        """The status in words, for the answer at the point the provision is cited as law
        ("Section 21 of the Housing Act 1988 is no longer in force: omitted from 1 May 2026
        … with savings.")."""
        when = _date(self.date)
        note = self.note.strip().rstrip(".")
        if self.status == "repealed":
            m = _HOW.match(note)
            if m is not None:
                how = m["how"].lower()
                said = f"was {'repealed' if how == 'repealed' else f'repealed ({how})'}{m['rest']}"
            else:
                since = f" from {when:%-d %B %Y}" if when else ""
                said = f"was repealed{since}" + (f" ({note})" if note else "")
            saved = (" Savings keep it in force for some cases only, so check whether they "
                     "apply." if re.search(r"\bsavings?\b", note, re.IGNORECASE) else "")
            return f"{name} {said}.{saved}"
        if self.status == "not_in_force":
            if when is not None and when <= today:
                # The source still marks it prospective although the date it gives has passed:
                # say what the source records rather than announce a commencement in the past.
                return (f"{name} is recorded by the source as not yet in force, although the "
                        f"date it gives ({when:%-d %B %Y}) has passed; check whether it has "
                        "since been brought into force.")
            start = f"; it comes into force on {when:%-d %B %Y}" if when else ""
            return f"{name} is not yet in force{start}."
        return ""


def law_state(provision: Provision, today: dt.date) -> LawState | None:
    """What the source records of the provision's status as at ``today``."""
    note = provision.status_note or ""
    if provision.status == "repealed":
        since = _date(provision.repealed_from)
        if since is not None and since > today:
            return LawState("in_force", provision.repealed_from, note)
        return LawState("repealed", provision.repealed_from, note)
    start = _date(provision.restrict_start_date)
    if provision.status == "prospective" or (start is not None and start > today):
        return LawState("not_in_force", provision.restrict_start_date, note)
    if provision.status == "in_force":
        return LawState("in_force", None, note)
    return None


def _date(value: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None


_REPEALED_FOR = re.compile(rf"\bfor (?P<places>{NATION}(?:(?:,| and| or) {NATION})*)\b")
"""A repeal the source limits to some nations ("Repealed from 1 April 2009 for Scotland by the
Housing (Scotland) Act 2006")."""


def _repealed_elsewhere(note: str, jurisdiction: str | None) -> bool:
    """Whether the source's note limits the repeal to nations other than the question's: the
    provision may still be law there, so citing it as law is a doubt, not an error. Every
    "for …" counts ("Repealed for Wales (…) and for England (…)" is repealed in England)."""
    found = [m["places"] for m in _REPEALED_FOR.finditer(note)]
    if not found or not jurisdiction:
        return False
    places = {p.strip().lower().replace(" ", "_")
              for named in found for p in re.split(r",| and| or", named) if p.strip()}
    return jurisdiction.lower() not in places


def temporal_issue(claim: str, act: Act, provision: Provision | None, today: dt.date,
                   jurisdiction: str | None = None) -> Temporal | str | None:
    """The temporal issue, or a note (``str``) when there is none worth flagging.
    ``jurisdiction``: the question's; a repeal the source limits to other nations leaves the
    citation in doubt, never removed."""
    if provision is None:
        if act.repealed is None:
            return "The source does not say whether this Act is in force."
        if act.repealed and framing(claim) == "current":
            return Temporal("repealed", True, f"{act.title or act.path} has been repealed "
                                              "but is cited as current law.")
        return None
    name = f"{provision.kind.capitalize()} {provision.number}"
    if provision.status is None:
        return ("The source does not record whether this provision is in force, so that "
                "was not checked.")
    frame = framing(claim)
    if provision.status == "repealed":
        since = _date(provision.repealed_from)
        if since is not None and since > today:
            return f"{name} is repealed from {since:%-d %B %Y}; it is in force until then."
        if frame != "current":
            return f"Repealed ({provision.status_note or 'date not recorded'}); the statement " \
                   "is framed as history."
        note = provision.status_note or f"{name} has been repealed"
        if _repealed_elsewhere(note, jurisdiction):
            return Temporal("repealed", False, f"{note}. It is cited as current law; the repeal "
                                               "the source records is for another nation than "
                                               "the question's, so it is not withheld.")
        if provision.retains_text:
            return Temporal("repealed", False, f"{note}. It is cited as current law; savings "
                                               "may keep it in force for some cases, so it is "
                                               "not withheld.")
        return Temporal("repealed", True, f"{note}, but it is cited as current law.")
    start = _date(provision.restrict_start_date)
    if provision.status == "prospective" or (start is not None and start > today):
        if frame == "future":
            return None
        when = (f"until {start:%-d %B %Y}" if start is not None and start > today
                else "yet (it is prospective)")
        return Temporal("not_in_force", True, f"{name} is not in force {when}, but it is "
                                              "cited as current law.")
    return None

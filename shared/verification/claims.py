"""Whether a claim says what its source says: numbers, periods, duty or power, parties, dates.

Deterministic and deliberately lenient about wording: only a difference a reader would call
wrong counts. A figure or a duty the source *contradicts* (28 days where it says 30; "must"
where it says "may") is a fabrication; a figure it simply does not mention is a doubt.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from shared.text.conditions import CONDITIONS, either
from shared.text.dates import MONTH, month_number
from shared.text.modality import (
    BESIDES,
    CONFLICTS,
    DESCRIPTIONS,
    Modality,
    condition_met,
    conditioned_unless,
    first_modal,
    modalities,
    restates_duty,
    same_condition,
    same_limit,
    same_precondition,
)
from shared.text.numbers import MONEY, NUMBER, money_value, number_value, ordinal_value
from shared.text.terms import terms
from shared.verification.anaphora import resolved
from shared.verification.burdens import burden_doubts
from shared.verification.directions import reversed_against, reversed_transfers
from shared.verification.polarity import denied_in_passage, denied_in_statement
from shared.verification.quotes import normalise
from shared.verification.subjects import missing_schemes

__all__ = ["PARTY", "ClaimIssue", "check_claim", "dates", "party_of", "placed_quantities",
           "quantities"]


@dataclass(frozen=True)
class ClaimIssue:
    contradicted: bool
    """The source says otherwise (not merely: the source does not say)."""
    detail: str


_UNITS = {
    "day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "year": "year", "years": "year", "hour": "hour", "hours": "hour",
}
_PERIOD = re.compile(
    rf"\b(?P<n>{NUMBER})(?:[- ](?:calendar|working|clear|business|full))?[- ]"
    rf"(?P<unit>days?|weeks?|months?|years?|hours?)\b", re.IGNORECASE)
_MONEY = re.compile(MONEY)
_TIMES = re.compile(rf"\b(?:(?P<n>{NUMBER})\s+times|(?P<twice>twice))\s+(?=(?:the|as|that|its|"
                    r"their)\b)", re.IGNORECASE)
_ORDINAL_DAY = re.compile(
    r"\b(?:(?P<n>\d+)(?:st|nd|rd|th)|(?P<w>(?:(?:twenty|thirty)-)?[a-z]+(?:th|st|nd|rd)))"
    r"\s+day\s+(?=after|following|beginning|from)", re.IGNORECASE)
"""A deadline counted in days: "the 28th day after", "the fourteenth day following"."""
_LEVEL = re.compile(rf"\blevel (?P<n>{NUMBER}) on the standard scale\b", re.IGNORECASE)
_AGE = re.compile(
    rf"\b(?:(?:under|over|below|above|younger than|older than|aged)\s+(?:the age of\s+)?"
    rf"|age of\s+)(?P<n>{NUMBER})\b(?![- ]?(?:days?|weeks?|months?|hours?|per|%|times)\b)",
    re.IGNORECASE)
"""An age: "children under ten", "under the age of 10", "aged 18"."""
_LENGTH = re.compile(rf"\b(?P<n>{NUMBER})\s?(?:square\s)?(?:metres?|meters?)\b", re.IGNORECASE)
"""A measurement: "1.5 metres", "three metres", a floor area of "6.51 square metres"."""
_PENCE = re.compile(r"\b(?P<n>\d+(?:\.\d+)?)p\b")
"""A sum in pence: "a tariff of 5.46p per kWh"."""
_FRACTION = re.compile(r"\b(?:(?P<n>one|two|three|four|a|an)[- ])?(?P<d>half|halves|thirds?|"
                       r"quarters?|fifths?)\b(?=\s+of\b|\s+(?:its|their|the|his|her)\b)"
                       r"(?! of (?:a|the) (?:century|hour|year|day|month)\b)", re.IGNORECASE)
"""A share in words: "half of", "two-thirds of", "a quarter of" (what "less than two-thirds of
the flats" counts); not "a third party"."""
_FRACTION_BY = re.compile(r"\bby (?P<n>one|two|three|four|a|an)[- ](?P<d>half|halves|thirds?|"
                          r"quarters?|fifths?)\b(?!\s+(?:part(?:y|ies)|persons?)\b)",
                          re.IGNORECASE)
"""A share a sum changes by: "is reduced by one-fifth", "falls by a quarter" (not "by a third
party")."""
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
                 "fifth": 5, "fifths": 5}
_PERCENT = re.compile(rf"\b(?P<n>{NUMBER})\s?(?:%|per ?cent\b|percent\b)", re.IGNORECASE)
_DATE = re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m>{MONTH})\s+"
                   r"(?P<y>\d{4})\b|\b(?P<iso>\d{4}-\d{2}-\d{2})\b", re.IGNORECASE)


def quantities(text: str) -> set[tuple[float, str]]:
    """Periods, sums of money, multiples ("three times"), percentages and fine levels, as
    (value, unit); numbers may be written in words."""
    return {quantity for _, quantity in placed_quantities(text)}


def placed_quantities(text: str) -> list[tuple[int, tuple[float, str]]]:
    """``quantities`` with where each starts in ``text``, in order."""
    found = []
    for pattern, read in _READERS:
        for m in pattern.finditer(text):
            if (quantity := read(m)) is not None:
                found.append((m.start(), quantity))
    return sorted(found)


def _period(m: re.Match[str]) -> tuple[float, str] | None:
    v = number_value(m["n"])
    return None if v is None else (v, _UNITS[m["unit"].lower()])


def _money(m: re.Match[str]) -> tuple[float, str] | None:
    v = money_value(m.group(0))
    return None if v is None else (v, "£")


def _times(m: re.Match[str]) -> tuple[float, str] | None:
    v = 2.0 if m["twice"] else number_value(m["n"])
    return None if v is None else (v, "times")


def _day(m: re.Match[str]) -> tuple[float, str] | None:
    v = ordinal_value(m["n"] or m["w"])
    return None if v is None else (v, "day")


def _fraction(m: re.Match[str]) -> tuple[float, str] | None:
    if m["n"] is None and m["d"].lower() != "half":
        return None  # a bare "third" or "quarter" is an ordinal ("the third party")
    top = {"a": 1.0, "an": 1.0}.get((m["n"] or "one").lower()) or number_value(m["n"] or "one")
    return None if top is None else (round(top / _DENOMINATORS[m["d"].lower()], 4), "share")


def _age(m: re.Match[str]) -> tuple[float, str] | None:
    """Only of people: "over 5" in "over 5 years" is a period, read as one already."""
    before = m.string[max(0, m.start() - 40):m.start()].lower()
    if not re.search(r"\b(?:child(?:ren)?|persons?|people|anyone|individuals?|tenants?|"
                     r"occupiers?|residents?|who (?:is|are))\s*$", before) \
            and not m.group(0).lower().startswith(("aged", "age of", "under the age",
                                                     "over the age")):
        return None
    v = number_value(m["n"])
    return None if v is None else (v, "age")


def _plain(unit: str) -> Callable[[re.Match[str]], tuple[float, str] | None]:
    def read(m: re.Match[str]) -> tuple[float, str] | None:
        v = number_value(m["n"])
        return None if v is None else (v, unit)
    return read


_READERS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[float, str] | None]],
                ...] = (
    (_PERIOD, _period), (_MONEY, _money), (_ORDINAL_DAY, _day),
    (_TIMES, _times), (_PERCENT, _plain("%")), (_LEVEL, _plain("level")), (_AGE, _age),
    (_LENGTH, _plain("metre")), (_PENCE, _plain("p")), (_FRACTION, _fraction),
    (_FRACTION_BY, _fraction),
)


def dates(text: str) -> set[str]:
    """Full dates as ISO strings ("1 May 2026" → ``2026-05-01``)."""
    out = set()
    for m in _DATE.finditer(text):
        if m["iso"]:
            out.add(m["iso"])
        else:
            out.add(f"{m['y']}-{month_number(m['m']):02d}-{int(m['d']):02d}")
    return out


_PARTIES = {
    "landlord": r"landlords?|lessors?",
    "tenant": r"tenants?|residents?|occupiers?|lessees?",
    "owner": r"owners?",
    "local housing authority": r"(?:local (?:housing )?)?authorit(?:y|ies)|councils?",
    "Welsh Ministers": r"welsh ministers?|welsh government|national assembly for wales",
    "Scottish Ministers": r"scottish ministers?|scottish government",
    "Secretary of State": r"secretary of state|ministers?|(?:appropriate )?national authority",
    "tribunal": r"tribunals?",
    "court": r"courts?",
}
_PARTY = re.compile("|".join(f"(?P<p{i}>\\b(?:{p})\\b)" for i, p in enumerate(_PARTIES.values())),
                    re.IGNORECASE)
PARTY = _PARTY
"""The parties a statement may name (landlord, tenant, owner, authority, tribunal …)."""
_ANYONE = re.compile(r"\b(?:any person|a person|no person|the person|persons?|anyone)\b",
                     re.IGNORECASE)
_STOP = frozenset("""a an and any are as at be been being by can for from has have if in is it its
    may must of on or shall such that the their them then there these they this those to under
    was were which who will with within not no section sections subsection act part schedule
    paragraph s ss sch provides provide says states state where when whether would should
    could also only so than into out about after before""".split())


def party_of(m: re.Match[str]) -> str:
    """The party a match of ``PARTY`` names: "the council" is the local housing authority."""
    names = list(_PARTIES)
    return names[int(next(k for k, v in m.groupdict().items() if v)[1:])]


def _party_groups(text: str) -> list[str]:
    return [party_of(m) for m in _PARTY.finditer(text) if not _WARRANT.match(text, m.end())]


_WARRANT = re.compile(r"\s+of (?:a|the|any|that) (?:warrant|order|notice|licence)\b",
                      re.IGNORECASE)
""""Under the authority of a warrant": what empowers the act, not the authority as a party."""
_CONDITION = re.compile(rf"^\W*{either(*CONDITIONS, 'when', 'once')}\b[^,;]*,", re.IGNORECASE)
"""A leading condition ("If the occupier is absent, a person entering must …"): the parties it
names are not the ones the main clause binds."""


def _stems(text: str) -> set[str]:
    """What a claim or clause is about: its alphabetic content terms (shared/text)."""
    return {w for w in terms(text, stop=_STOP) if len(w) >= 3 and w.isalpha()}


def _clauses(source: str) -> list[str]:
    parts = re.split(r"(?<=[.;:—])\s+|\n+", source)
    return [p for p in parts if len(p.split()) >= 3]


def _best_clause(claim: str, source: str) -> str | None:
    """The source clause the claim most plausibly restates, if any is close enough."""
    want = _stems(claim)
    if not want:
        return None
    scored = [(len(want & _stems(c)), c) for c in _clauses(source)]
    if not scored:
        return None
    score, clause = max(scored, key=lambda s: s[0])
    return clause if score >= 3 and score >= 0.4 * len(want) else None


def check_claim(claim: str, source: str, *, quote: str | None = None,
                known_dates: Iterable[str] = (), title: str = "") -> list[ClaimIssue]:
    """What in ``claim`` the ``source`` contradicts or does not support."""
    claim = resolved(claim)
    issues = _numbers(claim, source, title)
    issues += _duty(claim, source, quote)
    issues += _parties(claim, source + "\n" + title)
    issues += _holders(claim, quote)
    issues += _described_holder(claim, quote)
    issues += _institutions(claim, source + "\n" + title)
    issues += _addressees(claim, quote)
    issues += _considered(claim, quote)
    issues += [ClaimIssue(False, f"The statement is about {name}, which the cited provision "
                                 "does not mention.")
               for name in missing_schemes(claim, source + "\n" + title)]
    if quote:
        issues += [ClaimIssue(False, f"The statement denies what the quoted words assert "
                                     f"(“{word}…”).")
                   for word in denied_in_statement(claim, _lead_of(source, quote))]
        issues += [ClaimIssue(False, doubt)
                   for doubt in burden_doubts(claim, _lead_of(source, quote))]
        issues += [ClaimIssue(False, f"The statement asserts what the quoted words deny "
                                     f"(“{word}…”).")
                   for word in denied_in_passage(claim, quote, modal=False)]
        issues += [ClaimIssue(False, detail) for detail in reversed_transfers(claim, quote)]
        issues += [ClaimIssue(False, detail) for detail in reversed_against(claim, quote)]
    missing = dates(claim) - dates(source) - set(known_dates)
    if missing:
        issues.append(ClaimIssue(False, f"The source does not mention the date "
                                        f"{', '.join(sorted(missing))}."))
    want = _stems(claim)
    if len(want) >= 4 and not want & _stems(source + " " + title):
        issues.append(ClaimIssue(False, "The statement shares no subject matter with the "
                                        "cited provision."))
    return issues


_SUBSECTION_START = re.compile(
    r"(?:^|\n)\s*(?:\(\d+[A-Z]*\)|\*\*\d+[A-Z]*\*\*(?:\s*\(\d+[A-Z]*\))?)\s")
"""Where a subsection, or a Schedule's paragraph ("**9** (1) A local housing authority may at
any time—"), begins."""


def _lead_of(source: str, quote: str) -> str:
    """The quote with the words of its subsection before it: "Nothing in … prevents
    possession being obtained" denies what the quote alone ("prevents possession …")
    asserts."""
    text, part = normalise(source), normalise(quote).strip(" .")
    at = text.find(part) if part else -1
    if at < 0:
        return quote
    starts = [m.start() for m in _SUBSECTION_START.finditer(source)]
    # The last subsection to start at or before the quote. The normalised length of a prefix
    # only grows with it, so a search by halves finds that start: normalising every prefix
    # made a long Schedule (Schedule 7 of the Housing Act 2004, hundreds of sub-paragraphs)
    # cost seconds of CPU per citation.
    found = bisect.bisect_right(starts, at, key=lambda s: len(normalise(source[:s])))
    plain = normalise(source[starts[found - 1] if found else 0:])
    begin = plain.find(part)
    return plain[:begin + len(part)] if begin >= 0 else quote


_SUBSTITUTION = re.compile(
    rf"\bfor [“\"]\s*(?P<old>{NUMBER})\s*[”\"] substitute [“\"]\s*(?P<new>{NUMBER})\s*[”\"]",
    re.IGNORECASE)
"""A textual amendment of a figure: 'for “twelve” substitute “ three ”'."""


def substituted(text: str) -> set[tuple[float, str]]:
    """Figures an amending provision puts in place of others, in the unit of the figure they
    replace: the bare "three" that replaces "twelve months" is three months."""
    have = quantities(text)
    found = set()
    for m in _SUBSTITUTION.finditer(text):
        old, new = number_value(m["old"]), number_value(m["new"])
        if old is not None and new is not None:
            found |= {(new, unit) for value, unit in have if value == old}
    return found


def _numbers(claim: str, source: str, title: str) -> list[ClaimIssue]:
    have = quantities(source) | quantities(title) | substituted(source)
    issues = []
    for value, unit in sorted(quantities(claim)):
        if (value, unit) in have or _equivalent(value, unit) in have:
            continue
        others = sorted(v for v, u in have if u == unit)
        shown = _show(value, unit)
        if others:
            said = ", ".join(_show(v, unit) for v in others[:4])
            issues.append(ClaimIssue(True, f"The statement says {shown}; the source says "
                                           f"{said}."))
        else:
            issues.append(ClaimIssue(False, f"The source does not mention {shown}."))
    return issues


_SAME_PERIOD = {"week": (7.0, "day"), "year": (12.0, "month")}
"""A period said in larger units: "three weeks" is 21 days, "a year" 12 months."""


def _equivalent(value: float, unit: str) -> tuple[float, str] | None:
    factor, smaller = _SAME_PERIOD.get(unit, (0.0, ""))
    return (value * factor, smaller) if factor else None


def _show(value: float, unit: str) -> str:
    n = f"{value:,.0f}" if value == int(value) else f"{value:g}"
    if unit == "£":
        return f"£{n}"
    if unit == "%":
        return f"{n} per cent"
    if unit == "p":
        return f"{n}p"
    if unit == "level":
        return f"level {n} on the standard scale"
    if unit == "times":
        return f"{n} times"
    if unit == "age":
        return f"the age of {n}"
    if unit == "share":
        return f"a share of {value:g}"
    return f"{n} {unit}{'' if value == 1 else 's'}"


def _duty(claim: str, source: str, quote: str | None) -> list[ClaimIssue]:
    said = modalities(claim)
    if said == {"power", "no_duty"}:
        said = {"power"}  # "may …, but need not": one meaning, a power
    certain = True
    if len(said) > 1 and (main := _main_modality(claim)) is not None:
        # "… has to include a condition requiring him to repay sums the authority can
        # recover": the later modal verb is a relative clause's; read the first, as a doubt.
        said, certain = {main}, False
    if len(said) != 1:
        return []  # no modal verb, or several: nothing definite to compare
    [claimed] = said
    basis = _governing(claim, source, quote)
    if basis is None:
        return []
    if quote and not modalities(quote) and normalise(quote).strip(" .") not in normalise(basis) \
            and normalise(quote).strip(" .") in normalise(source):
        # The quoted words state no modal verb ("the term is unenforceable by the owner") and
        # the clause compared is another the statement resembles: a doubt, not a contradiction.
        certain = False
    who, whom = _subject(claim), _subject(basis)
    if who is not None and whom is not None and who != whom:
        return []  # the duty is someone else's (a court's "shall" beside a landlord's "can")
    if who is not None and whom is None and _named_after_modal(basis, who):
        return []  # "must have indicated to the authority …": the authority is not the one bound
    found = modalities(basis)
    if len(found) == 1 and found <= CONFLICTS[claimed]:
        [actual] = found
        one = _one_rule(claimed, actual, claim, basis)
        if one:
            return []
        if one is None:
            # One shape of rule with other words in its condition ("unless the fire and rescue
            # authority has approved it" for "Before …, must consult"): a doubt, not a removal.
            certain = False
        if (claimed, actual) == ("power", "prohibition") and BESIDES.search(claim):
            # "Except for …, a person may raise any question" against "No question may be
            # raised which …": the exception may be what the prohibition forbids, in other
            # words; a doubt, never a removal.
            certain = False
        return [ClaimIssue(certain, f"The statement states {DESCRIPTIONS[claimed]}, but the "
                                    f"source states {DESCRIPTIONS[actual]}: “{_clip(basis)}”")]
    return []


def _one_rule(claimed: Modality, actual: Modality, claim: str, basis: str) -> bool | None:
    """Whether modalities the table calls conflicting state one rule in these words: a limit
    from either side, one party bound, a duty served by notice, a duty to act before against a
    prohibition unless, a power only if against the "must have" of its condition. ``None``
    when the shapes are one rule's but the condition's words are not the same (a doubt)."""
    pair = {claimed, actual}
    if pair == {"power", "prohibition"}:
        power, prohibition = (claim, basis) if claimed == "power" else (basis, claim)
        if same_limit(power, prohibition):
            return True
        if conditioned_unless(power, prohibition):
            return True if same_condition(power, prohibition) else None
        return False
    if pair == {"duty", "prohibition"}:
        duty, prohibition = (claim, basis) if claimed == "duty" else (basis, claim)
        if _one_bound(duty, prohibition):
            return True
        if same_precondition(duty, prohibition):
            return True if restates_duty(duty, prohibition) else None
        return False
    if (claimed, actual) == ("duty", "power"):
        return bool(_NOTICE_FIRST.search(claim) and _BY_NOTICE.search(basis))
    return (claimed, actual) == ("power", "duty") and condition_met(claim, basis)


_RELATIVE = re.compile(r"\b(?:that|which|who|whom|whose|requiring|so)\b", re.IGNORECASE)


def _main_modality(claim: str) -> Modality | None:
    """The modality of the statement's main clause: its first modal verb after any leading
    condition ("Where … cannot grant one, they may …"), when no relative or dependent clause
    opens before it and the modal verbs after it come only after such a clause opens."""
    condition = _CONDITION.match(claim)
    claim = claim[condition.end():] if condition else claim  # "Where … cannot …, they may …"
    start = first_modal(claim)
    if start is None:
        return None
    if _RELATIVE.search(claim[:start]):
        return None
    rest = claim[start:]
    opens = _RELATIVE.search(rest)
    if opens is None and not condition:
        return None
    head = modalities(rest[:opens.start()] if opens else rest)
    if len(head) != 1 or (opens and modalities(rest[opens.start():]) - head == set()):
        return None
    return next(iter(head))


def _governing(claim: str, source: str, quote: str | None) -> str | None:
    """The words whose modal verb governs the statement: the quote's own; for a quote without
    one (a list item, "which is for a fixed term …"), the words of its subsection before it
    when their modal verb is the statement's ("may not create any interest … which is for a
    fixed term": the statement's "may not" agrees, whichever clause it most resembles); only
    then the clause the statement most resembles."""
    if quote and modalities(quote) and not _relative_modal(quote):
        return quote
    if quote and (lead := _lead_of(source, quote)) != quote \
            and modalities(lead) == modalities(claim):
        return lead
    if quote and modalities(quote):
        return quote
    return _best_clause(claim, source)


def _relative_modal(quote: str) -> bool:
    """Whether the quote's modal verb is a relative clause's ("the period within which an
    appeal may be made"): what the quote names, not what it obliges or allows, so the words
    of its subsection before it govern ("The notice must contain information about …"), when
    they state what the statement states."""
    start = first_modal(quote)
    return start is not None and bool(_RELATIVE.search(quote[:start]))


_BOUND = re.compile(r"\b(?:no|not) (?:earlier|later|sooner|more|less|longer|shorter|fewer|"
                    r"greater) than\b|\bat (?:the )?(?:least|latest|earliest|most)\b",
                    re.IGNORECASE)
"""A duty to stay within a limit: "must be no earlier than three months after …"."""
_PAST = re.compile(r"\b(?:earlier|later|sooner|more|less|longer|shorter|fewer|greater) than|"
                   r"\b(?:before|after|exceed\w*|beyond)\b", re.IGNORECASE)
"""What a prohibition of crossing a limit says: "cannot come into force earlier than …"."""


_BY_NOTICE = re.compile(r"\bmay\s+[a-z]+\b[^.;]{0,120}?\bby (?:serving|giving)\b[^.;]{0,30}?"
                        r"\bnotice\b", re.IGNORECASE)
"""A power exercised by notice: "may renounce the right … by serving notice on the relevant
proprietor not less than two weeks before …"."""
_NOTICE_FIRST = re.compile(r"\b(?:must|shall|ha(?:s|ve) to|(?:is|are) required to)\s+"
                           r"(?:first\s+)?(?:give|serve)\b[^.;]{0,60}?\bnotice\b[^.;]{0,60}?"
                           r"\bbefore\b", re.IGNORECASE)
"""The notice that power needs, stated as a duty: "must give the owner at least 2 weeks' notice
before renouncing …" (whoever uses the power must give it first)."""


def _one_bound(duty: str, prohibition: str) -> bool:
    """Whether a duty and a prohibition state one limit from either side: "must be no earlier
    than three months after" says what "cannot come into force earlier than three months
    after" says. (The figures are compared elsewhere.)"""
    return bool(_BOUND.search(duty)) and bool(_PAST.search(prohibition))


def _subject(text: str) -> str | None:
    """The party named last before the first modal verb: who has the duty or power."""
    start = first_modal(text)
    if start is None:
        return None
    condition = _CONDITION.match(text[:start])
    before = _party_groups(text[condition.end() if condition else 0:start])
    return before[-1] if before else None


_BARE_MODAL = re.compile(r"(?:must|shall|may|can|cannot)\b", re.IGNORECASE)


def _named_after_modal(text: str, party: str) -> bool:
    """Whether ``text``, whose modal verb names no one before it (a quote that opens at "must
    have indicated to the local housing authority …"), names ``party`` only after the verb:
    the one the duty is owed to or acted on, not its holder. The agent of a passive ("must be
    served by the authority") holds the duty."""
    start = first_modal(text)
    if start is None or text[:start].strip() or not _BARE_MODAL.match(text, start) \
            or party not in _party_groups(text[start:]):
        return False  # "… confer power on a local housing authority": the holder comes after
    agent = _PASSIVE_AGENT.search(text)
    return agent is None or party not in _party_groups(agent["agent"])


_PASSIVE_AGENT = re.compile(
    r"\b(?:must|shall|may|is to|are to)\s+(?:not\s+)?(?:be|have been)\s+\w+(?:\s+with)?\s+by\s+"
    r"(?P<agent>[^,.;:]{1,60})", re.IGNORECASE)


_ACTS = re.compile(r"\b(?:commits? an offence|is guilty|is liable|is entitled|has (?:a|the) "
                   r"(?:duty|power|right))\b", re.IGNORECASE)
"""Verbs that, like a modal, say whose the duty, power or liability is."""


def _holder(text: str) -> str | None:
    """Who has the duty or power: the party before the modal verb (or before "commits an
    offence", "is liable" …), the authority whose officer acts ("a person so authorised may
    …"), or the agent of a passive ("… must be complied with by the landlord")."""
    if (subject := _subject(text)) is not None:
        return subject
    start = first_modal(text)
    if start is not None and _OFFICER.search(text[:start]):
        return "local housing authority"
    if (act := _ACTS.search(text)) is not None:
        before = _party_groups(text[:act.start()])
        if before:
            return before[-1]
        if _ROLE.search(text):
            return "landlord"
    if (m := _PASSIVE_AGENT.search(text)) is not None:
        agents = _party_groups(m["agent"])
        return agents[0] if agents else None
    return None


_INSTRUMENT = re.compile(r"\b(?:order|notice|direction|decision|licence|scheme|regulations?)\s+$",
                         re.IGNORECASE)
"""An instrument as the subject of a modal verb ("the court's order may …", "Any such order
may provide …"): what it may contain, not a duty or power of the party who made it."""


def _instrument_first(text: str) -> bool:
    """Whether the first modal verb's subject is an instrument, not a party."""
    start = first_modal(text)
    return start is not None and bool(_INSTRUMENT.search(text[:start]))


_PROPRIETORS = frozenset({"landlord", "owner"})
"""One side in a paraphrase: a landlord is usually the owner the Act names."""


def _holders(claim: str, quote: str | None) -> list[ClaimIssue]:
    """The quote puts the duty or power on one party, the statement on another."""
    if not quote:
        return []
    said, source = _holder(claim), _holder(quote)
    if said is None or source is None or said == source or {said, source} <= _PROPRIETORS:
        return []
    if _instrument_first(claim) and _instrument_first(quote):
        # "The court's order may make the landlord bear the costs" beside "Any such order may
        # provide that the costs shall be borne by the landlord": the order binds the party
        # named after its verb, not the one who made it.
        start = first_modal(claim)
        bound = _party_groups(claim[start:]) if start is not None else []
        if not bound or bound[0] == source:
            return []
        said = bound[0]
    if said == "Welsh Ministers" and _EITHER_NATION.search(quote):
        return []  # "the appropriate national authority" is the Welsh Ministers' for Wales
    return [ClaimIssue(False, f"The statement puts this on the {said}; the quoted words put it "
                              f"on the {source}.")]


_DESCRIBED = re.compile(r"\b(?:body|bodies|registrar|commissioner|board|trust|valuer|ombudsman|"
                        r"regulator|agency|inspectorate)\b", re.IGNORECASE)
"""A holder the quoted words describe or name by office rather than by a party's role: "Every
body which lets dwelling-houses under secure tenancies shall …", "The Chief Land Registrar
must …"."""


def _described_holder(claim: str, quote: str | None) -> list[ClaimIssue]:
    """The statement puts the duty or power on an institution (the Secretary of State, the
    local housing authority) where the quoted words open with another holder they describe
    or name by office, and name no party before their modal verb: a doubt."""
    if not quote or (said := _holder(claim)) not in _INSTITUTIONS:
        return []
    start = first_modal(quote)
    if start is None:
        return []
    before = quote[:start]
    if len(before.split()) < 2 or _party_groups(before) or not _DESCRIBED.search(before) \
            or _OFFICER.search(before) or _ROLE.search(before):
        return []
    return [ClaimIssue(False, f"The statement puts this on the {said}; the quoted words put it "
                              f"on “{_clip(before.strip(), 80)}”.")]


_OFFICER = re.compile(r"\b(?:person (?:so |duly )?authorised|authorised (?:officer|person)|"
                      r"(?:proper|appropriate) officer)\b", re.IGNORECASE)
"""The statute's words for whoever acts for the local housing authority."""
_ROLE = re.compile(r"\bperson (?:having control of|managing)|\blicence holder|"
                   r"\bperson who (?:has|receives?d?) (?:such a |a )?(?:tenancy )?deposit",
                   re.IGNORECASE)
"""The statute's words for the landlord's side where it names no party."""
_INSTITUTIONS = frozenset({"local housing authority", "Secretary of State", "Welsh Ministers",
                           "Scottish Ministers", "tribunal", "court"})
_EITHER_NATION = re.compile(r"\bappropriate national authority\b", re.IGNORECASE)
"""The Secretary of State for England, the Welsh Ministers (once the National Assembly) for
Wales: a provision that names it names both."""
_ADDRESSEE = re.compile(
    r"\b(?:order|require|direct|compel|serve (?:a notice )?on|made to|given to|give)\s+"
    r"(?P<whom>[^,.;:]{1,50})", re.IGNORECASE)


def _named_parties(source: str) -> set[str]:
    named = set(_party_groups(source))
    if _EITHER_NATION.search(source):
        named.add("Welsh Ministers")
    return named


def _institutions(claim: str, source: str) -> list[ClaimIssue]:
    """An authority, court or tribunal the statement names must be one the provision names:
    statutes never call them "a person", so, unlike a landlord or tenant, their absence is not
    a paraphrase."""
    named = _named_parties(source)
    if re.search(r"magistrates'? court|county court|\bcourt\b", source, re.IGNORECASE):
        named.add("court")
    missing = sorted(p for p in set(_party_groups(claim)) & _INSTITUTIONS if p not in named)
    missing += sorted({m.group().lower() for m in _BODIES.finditer(claim)}
                      - {m.group().lower() for m in _BODIES.finditer(source)})
    return [ClaimIssue(False, f"The statement names the {p}, which the cited provision does "
                              "not mention.") for p in missing]


_BODIES = re.compile(
    r"\b(?:police|fire and rescue authority|Environment Agency|Health and Safety Executive|"
    r"Housing Ombudsman|Regulator of Social Housing|Care Quality Commission)\b", re.IGNORECASE)
"""Public bodies an Act names by their title, never as "a person": one the statement names
and the provision does not is another party than the provision's."""


_CONSIDER = re.compile(r"\b(?:must|shall)\s+(?:\w+\s+)?(?:consider|decide|determine)\s+"
                       r"whether\b", re.IGNORECASE)
_WEIGHS = re.compile(r"\b(?:consider\w*|decid\w*|determin\w*|whether|review\w*|assess\w*)\b",
                     re.IGNORECASE)


def _considered(claim: str, quote: str | None) -> list[ClaimIssue]:
    """A duty to consider whether to act is not a duty to act: "must consider whether
    compensation should be paid" does not say "must pay compensation"."""
    if not quote or not _CONSIDER.search(quote) or _WEIGHS.search(claim) \
            or "duty" not in modalities(claim):
        return []
    return [ClaimIssue(False, "The statement states a duty to act; the quoted words state a "
                              "duty only to consider whether to act.")]


def _addressee(text: str) -> str | None:
    """The party ordered, required, served or applied to: "order the occupier to …",
    "must be made to the local housing authority"."""
    for m in _ADDRESSEE.finditer(text):
        found = _party_groups(m["whom"])
        if found:
            return found[0]
    return None


def _addressees(claim: str, quote: str | None) -> list[ClaimIssue]:
    """The statement orders, serves or applies to one party; the quoted words, another."""
    if not quote:
        return []
    said, source = _addressee(claim), _addressee(quote)
    if said is None or source is None or said == source:
        return []
    return [ClaimIssue(False, f"The statement directs this at the {said}; the quoted words "
                              f"direct it at the {source}.")]


def _parties(claim: str, source: str) -> list[ClaimIssue]:
    """The party the claim puts under the duty or power must be one the source names."""
    subject = _subject(claim)
    if subject is None or _ANYONE.search(source):
        return []
    named = _named_parties(source)
    if subject in _PROPRIETORS and named & _PROPRIETORS:
        return []
    if named and subject not in named:
        return [ClaimIssue(False, f"The statement is about the {subject}, whom the source "
                                  f"does not mention (it names the {', '.join(sorted(named))}).")]
    return []


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

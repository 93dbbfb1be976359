"""The case-law check: a neutral citation against the judgment Lex holds for it.

The judgment must exist; the case name written beside the citation, any court the statement
names and any date it gives for the decision must match the record; a quote must be in the
judgment; figures in the claim must appear in it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from shared.text.initials import INITIALS, name_words, spells
from shared.text.numbers import MONEY, NUMBER, SCALES, number_value
from shared.verification.antonyms import opposite_words
from shared.verification.attribution import attribution_doubts, words_before, words_up_to
from shared.verification.bound_figures import figures_given_to_another
from shared.verification.changes import reversed_changes
from shared.verification.checks import Outcome
from shared.verification.citations import Citation
from shared.verification.claims import dates, quantities
from shared.verification.directions import reversed_transfers
from shared.verification.findings import CheckFinding, judged, outcome_of
from shared.verification.hypotheticals import decided_from_conditional, stated_as_fact
from shared.verification.judge import Judge
from shared.verification.lexsource import Case, LegalRecords
from shared.verification.limits import reversed_limits
from shared.verification.narrative import another_division, changed_ordinals
from shared.verification.outcomes import mixed_outcome_doubts, outcome_conflicts
from shared.verification.owners import (
    holders_swapped,
    proceedings_given_to_the_other_side,
    swapped_owners,
)
from shared.verification.people import other_person_named, unknown_judges
from shared.verification.polarity import denied_in_passage, denied_in_statement, early_for_late
from shared.verification.quantifiers import swapped_quantifiers
from shared.verification.quotes import contains_quote
from shared.verification.ranges import changed_ranges
from shared.verification.roles import (
    changed_posts,
    counsel_doubts,
    repaired_roles,
    swapped_party_roles,
)
from shared.verification.short_names import other_body_named
from shared.verification.siblings import widened_conditions
from shared.verification.side_claims import actor_doubts, found_for_doubts, submission_doubts
from shared.verification.sides import sides_of
from shared.verification.standing import standing_doubts

__all__ = ["CaselawCheck", "case_names", "discussed", "figure_doubts", "same_case_name",
           "sides_matching"]

_LINK = r"of|for|and|de|des|la|le|du|the|in|on"
_PARTY = (rf"(?:R \([^()]{{1,80}}\)|[A-Z0-9][\w'’&.,()-]*"
          rf"(?: (?:[A-Z0-9&][\w'’&.,()-]*|(?:{_LINK})(?!\w)))*)")
_CASE_NAME = re.compile(rf"(?P<name>{_PARTY} v\.? {_PARTY})")
_COURTS = {
    "Supreme Court": "uksc", "Privy Council": "ukpc", "Court of Appeal": "ewca",
    "High Court": "ewhc", "Family Court": "ewfc", "Court of Protection": "ewcop",
    "Upper Tribunal": "ukut", "First-tier Tribunal": "ukftt",
    "Employment Appeal Tribunal": "eat",
}
_NOISE = frozenset("""ltd limited plc llp co and ors anor others another the of for v r in
    on re ex parte secretary state llc inc""".split())


def case_names(text: str) -> list[str]:
    """Case names ("A Ltd v B") in ``text``, Markdown emphasis removed."""
    plain = re.sub(r"[*_]", "", text)
    return [_COURT_IN.sub("", re.sub(
                r"^(?:(?:In|The|See|Per|As|Under|Following|Applying|And|But)\s+)+", "",
                m["name"].strip(" ,"))) for m in _CASE_NAME.finditer(plain)]


_COURT_IN = re.compile(rf"^(?:the\s+)?(?:{'|'.join(_COURTS)})(?:'s)?\s+(?:\w+\s+)?(?:in|of)\s+",
                       re.IGNORECASE)
"""A court written before the name ("The High Court in D2M Solutions v …") is not a party."""


def discussed(name: str, judgment: str) -> bool:
    """Whether a case name the statement writes is one the judgment itself names ("the Court
    of Appeal in Khodari v Tamimi" in a judgment that discusses Khodari v Tamimi): a statement
    about an authority the judgment reports, not a misnamed citation. Both sides must carry a
    distinctive word, so "Y v Z" never matches by default."""
    sides = re.split(r"\s+v\.?\s+", name, maxsplit=1)
    if len(sides) != 2 or not all(_words(side) for side in sides):
        return False
    return any(sides_matching(name, other) == 2 for other in case_names(judgment))


def _words(name: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", name.lower().replace("&", " and "))
            if w not in _NOISE and len(w) > 1]


def same_case_name(written: str, recorded: str) -> bool:
    """Whether a name as written names the recorded case: each side's first distinctive
    word appears on the same side of the record (abbreviations and "& Ors" forgiven)."""
    return sides_matching(written, recorded) == 2


def sides_matching(written: str, recorded: str) -> int:
    """How many parties of a name as written (0, 1 or 2) match the recorded case's, side for
    side: by one of their first distinctive words, or as an acronym ("UEFA" for "Union des
    Associations Européennes de Football")."""
    w_sides = re.split(r"\s+v\.?\s+", written, maxsplit=1)
    r_sides = re.split(r"\s+v\.?\s+", recorded, maxsplit=1)
    if len(w_sides) != 2 or len(r_sides) != 2:
        return 0
    return sum(_same_party(w, r) for w, r in zip(w_sides, r_sides, strict=True))


def _same_party(written: str, recorded: str) -> bool:
    want, have = _words(written), set(_words(recorded))
    if not want or any(w in have for w in want[:2]):
        return True
    acronym = written.split()[0] if written.split() else ""
    words = [w for w in name_words(recorded) if w.lower() not in _LINK.split("|")]
    # "BT" for "British Telecommunications Plc & Ors": a company's form and "others" are not
    # in its initials.
    named = [w for w in words if w.lower() not in _NOISE]
    return (INITIALS.fullmatch(acronym) is not None
            and (spells(acronym, words, any_order=True)
                 or spells(acronym, named, any_order=True)))



def _own_words(citation: Citation) -> str:
    """The statement without the quote it carries (a quote repeated inline is not a claim)."""
    claim = citation.claim
    return claim.replace(citation.quote, " ") if citation.quote else claim


_COUNTED = re.compile(rf"\b(?:(?P<n>{NUMBER})|(?P<a>an?)(?=\s+(?:thousand|million|billion)\b))"
                      r"(?:\s+(?P<scale>thousand|million|billion))?\s+(?:[A-Za-z-]+\s+){0,2}?"
                      r"(?P<noun>[a-z]{3,}s)\b", re.IGNORECASE)
"""A count of things: "55 national football associations", "fifty-three associations", "a
million set-top boxes" (a scale word multiplies the count: "ten million" is not ten)."""


_PERIODS = frozenset({"days", "weeks", "months", "years", "hours"})
"""Counted as periods already."""


def _counts(text: str) -> dict[str, set[float]]:
    found: dict[str, set[float]] = {}
    for m in _COUNTED.finditer(text):
        value = 1.0 if m["a"] else number_value(m["n"])
        if value is not None:
            value *= SCALES.get((m["scale"] or "").lower(), 1.0)
            found.setdefault(m["noun"].lower(), set()).add(value)
    return found


_FIGURE = rf"(?:{MONEY}|[\w.,£%]+)(?: [A-Za-z]+)?"
_RATHER = re.compile(rf"(?P<a>{_FIGURE}) (?:rather than|instead of) (?P<b>{_FIGURE})")
"""One thing put in place of another: "170,000 kWh rather than 1.7m kWh"."""


def _alternatives(text: str) -> list[tuple[str, str]]:
    return [(m["a"].lower().rstrip(".,"), m["b"].lower().rstrip(".,"))
            for m in _RATHER.finditer(text)]


def figure_doubts(claim: str, quote: str) -> list[str]:
    """Figures the statement gives where the quoted passage gives another of the same kind
    (six months against twelve, 55 associations against fifty-three), or in swapped places
    ("A rather than B" for "B rather than A"): the judgment may use the statement's figure
    elsewhere, so the passage quoted is what it must agree with."""
    quoted = quantities(quote)
    units = {u for _, u in quoted}
    doubts = [f"The statement gives {value:g} ({unit}); the quoted passage gives "
              f"{', '.join(f'{v:g}' for v, u in sorted(quoted) if u == unit)}."
              for value, unit in sorted(quantities(claim))
              if unit in units and (value, unit) not in quoted]
    pairs = {(a, b) for a, b in _alternatives(quote)}
    doubts += [f"The statement puts {a} where the quoted passage puts {b}, and {b} where it "
               f"puts {a}." for a, b in _alternatives(claim)
               if (b, a) in pairs and (a, b) not in pairs]
    quoted_years = _years(quote)
    doubts += [f"The statement says {word} {year}; the quoted passage says {word} "
               f"{', '.join(sorted(quoted_years[word]))}."
               for word, years in _years(claim).items()
               for year in sorted(years)
               if word in quoted_years and year not in quoted_years[word]
               and not any(year in ys for ys in quoted_years.values())]
    have = _counts(quote)
    doubts += [f"The statement counts {noun} as {', '.join(f'{v:g}' for v in sorted(said))}; "
               f"the quoted passage as {', '.join(f'{v:g}' for v in sorted(have[noun]))}."
               for noun, said in _counts(claim).items()
               if noun in have and noun not in _PERIODS and not said & have[noun]]
    return doubts


_YEAR = re.compile(r"\b(?P<word>since|from|until|in|by|before|after|during)\s+"
                   r"(?P<year>(?:19|20)\d\d)\b(?![-–/]\d)", re.IGNORECASE)
"""A year an event is tied to: "has done so since 2002", "in 2014"."""


def _years(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for m in _YEAR.finditer(text):
        found.setdefault(m["word"].lower(), set()).add(m["year"])
    return found


def neutral_year(ref: str) -> int | None:
    """The year of a neutral citation ("[2017] EWHC 3409 (Admin)" → 2017)."""
    m = re.match(r"\s*\[(\d{4})\]", ref)
    return int(m.group(1)) if m else None

@dataclass(frozen=True, kw_only=True)
class CaselawCheck:
    source: LegalRecords
    judge: Judge | None = None
    source_complete: bool = False
    """A judgment a complete source does not hold is made up; a partial corpus only leaves
    the citation unverified (``not_in_corpus``)."""

    async def __call__(self, tenant_id: str, citation: Citation) -> Outcome:
        if not await self.source.has_tool("search_for_caselaw_by_reference"):
            return Outcome(status="unverified", issues=("source_not_configured",),
                           detail="The legal source offers no case law, so this judgment "
                                  "could not be checked.")
        case = await self.source.case(citation.ref)
        if case is None:
            year = neutral_year(citation.ref)
            if self.source_complete or (year is not None and year > dt.date.today().year):
                return outcome_of([CheckFinding("not_found", True,
                                                f"No judgment {citation.ref} exists.")], uri=None)
            return outcome_of([CheckFinding(
                "not_in_corpus", False, f"The legal source does not hold {citation.ref}; it "
                "holds only some judgments, so the citation could not be checked.")], uri=None)
        findings = self._identity(citation, case)
        if citation.quote is not None and not contains_quote(case.text, citation.quote):
            findings.append(CheckFinding("quote_mismatch", True,
                                    f"The quote does not appear in {case.name}."))
        if citation.quote is not None and not findings:
            # The quote is the judgment's own words: the statement must report them rightly.
            findings += [CheckFinding("claim_unsupported", citation.cited_with == 0,
                                      conflict.detail)
                         for conflict in outcome_conflicts(_own_words(citation),
                                                           citation.quote)]
            findings += [CheckFinding("claim_unsupported", False,
                                      f"The statement asserts what the quoted passage denies "
                                      f"(“{word}…”).")
                         for word in denied_in_passage(_own_words(citation), citation.quote)]
            findings += [CheckFinding("claim_unsupported", False,
                                      f"The statement denies what the quoted passage asserts "
                                      f"(“{word}…”).")
                         for word in denied_in_statement(_own_words(citation), citation.quote,
                                                         by_clause=True)]
            findings += [CheckFinding("claim_unsupported", False,
                                      f"The statement speaks of {what}; the quoted passage "
                                      "gives it to another party.")
                         for what in swapped_owners(_own_words(citation), citation.quote)]
            findings += [CheckFinding("claim_unsupported", False,
                                      f"The statement gives the proceedings to {party}, who "
                                      f"did not bring them in {case.name}.")
                         for party in proceedings_given_to_the_other_side(
                             _own_words(citation), case.name)]
            findings += [CheckFinding("claim_unsupported", False, doubt)
                         for doubt in attribution_doubts(_own_words(citation), case.text,
                                                         citation.quote)]
            findings += [CheckFinding("claim_unsupported", False, doubt)
                         for doubt in self._sides(citation, case)]
            findings += [CheckFinding("claim_unsupported", False, doubt)
                         for doubt in [*figure_doubts(_own_words(citation), citation.quote),
                                       *figures_given_to_another(_own_words(citation),
                                                                 citation.quote),
                                       *other_body_named(_own_words(citation), citation.quote,
                                                         case.text),
                                       *repaired_roles(_own_words(citation), citation.quote),
                                       *changed_posts(_own_words(citation), citation.quote),
                                       *holders_swapped(_own_words(citation), citation.quote),
                                       *opposite_words(_own_words(citation), citation.quote),
                                       *reversed_limits(_own_words(citation), citation.quote),
                                       *mixed_outcome_doubts(_own_words(citation),
                                                             citation.quote),
                                       *swapped_party_roles(_own_words(citation),
                                                            citation.quote),
                                       *other_person_named(_own_words(citation), citation.quote),
                                       *changed_ordinals(_own_words(citation), citation.quote),
                                       *another_division(_own_words(citation), citation.quote),
                                       *changed_ranges(_own_words(citation), citation.quote),
                                       *unknown_judges(_own_words(citation), case.text)]]
            findings += [CheckFinding("claim_unsupported", False, doubt)
                         for doubt in standing_doubts(
                             _own_words(citation), citation.quote, case.text,
                             inline=bool(citation.quote) and citation.quote in citation.claim)]
            findings += [CheckFinding("claim_unsupported", False, doubt)
                         for doubt in [*reversed_transfers(_own_words(citation), citation.quote),
                                       *swapped_quantifiers(_own_words(citation),
                                                            citation.quote),
                                       *reversed_changes(_own_words(citation), citation.quote),
                                       *stated_as_fact(_own_words(citation), citation.quote),
                                       *decided_from_conditional(_own_words(citation),
                                                                 citation.quote),
                                       *widened_conditions(_own_words(citation),
                                                           citation.quote)]]
            if early_for_late(_own_words(citation), citation.quote):
                findings.append(CheckFinding("claim_unsupported", False,
                                             "The statement puts early what the quoted passage "
                                             "puts late."))
        have = quantities(case.text)
        missing = [q for q in quantities(citation.claim) if q not in have]
        if missing:
            findings.append(CheckFinding("claim_unsupported", False,
                                    "The judgment does not mention some figures in the "
                                    "statement."))
        if not findings and self.judge is not None:
            findings += judged(await self.judge(citation.claim, f"{case.name} {case.cite_as}",
                                                case.text))
        return outcome_of(findings, uri=case.uri or None,
                          checked=f"{case.name} {case.cite_as} ({case.date or 'undated'}) "
                                  "matches the citation.")

    @staticmethod
    def _sides(citation: Citation, case: Case) -> list[str]:
        """Whether the statement gives the outcome, the submission and the act to the side
        the quoted passage gives them to."""
        assert citation.quote is not None
        sides = sides_of(case.name, case.text)
        claim = _own_words(citation)
        return [*found_for_doubts(claim, citation.quote, sides), *counsel_doubts(claim, sides),
                *submission_doubts(claim, words_up_to(case.text, citation.quote), sides),
                *actor_doubts(claim, citation.quote, sides,
                              words_before(case.text, citation.quote))]

    @staticmethod
    def _identity(citation: Citation, case: Case) -> list[CheckFinding]:
        claim = citation.claim
        findings = []
        names = case_names(claim.split(citation.ref)[0]) or case_names(claim)
        # A statement may name other cases the judgment discusses ("the order made in FAPL v
        # BT II"): the citation names the one of them that matches best.
        named = (max(reversed(names), key=lambda n: sides_matching(n, case.name))
                 if names else "")
        matching = sides_matching(named, case.name) if names else 2
        if matching < 2 and not discussed(named, case.text):
            # One party right and the citation right: most likely the case, loosely named.
            findings.append(CheckFinding("name_mismatch", matching == 0,
                                         f"{citation.ref} is {case.name}, not {named}."))
        # A court the quoted passage itself names is one the judgment reports ("as the Court of
        # Appeal observed"), not a court the statement gives the decision to.
        # So is a court the statement names as the holder of a view or decision ("the Court of
        # Appeal's view that …") when the judgment itself names that court.
        reported = citation.quote or ""
        courts = {code for name, code in _COURTS.items()
                  if re.search(rf"\b{re.escape(name)}\b", claim, re.IGNORECASE)
                  and not re.search(rf"\b{re.escape(name)}\b", reported, re.IGNORECASE)
                  and not (re.search(rf"\b{re.escape(name)}['’]s\b", claim, re.IGNORECASE)
                           and re.search(rf"\b{re.escape(name)}\b", case.text, re.IGNORECASE))}
        if len(courts) == 1 and case.court.lower() not in courts:
            findings.append(CheckFinding("name_mismatch", True,
                                    f"{citation.ref} was decided by the {case.court.upper()}, "
                                    "not the court the statement names."))
        written = dates(claim)
        if case.date and len(written) == 1 and case.date[:10] not in written \
                and not written <= dates(case.text):
            findings.append(CheckFinding("name_mismatch", True,
                                    f"{citation.ref} was decided on {case.date[:10]}, not on "
                                    f"{next(iter(written))}."))
        year = _decision_year(claim)
        decided = {y for y in (neutral_year(citation.ref), _year_of(case.date)) if y}
        if year is not None and decided and year not in decided:
            findings.append(CheckFinding("name_mismatch", False,
                                         f"{citation.ref} was decided in "
                                         f"{min(decided)}, not in {year}."))
        return findings


_DECISION_YEAR = re.compile(
    r"\b(?P<a>(?:19|20)\d{2}) (?:decision|judgment|ruling)\b|"
    r"\b(?:decision|judgment|ruling|decided|handed down)\b[^.;]{0,25}?\b(?:in|of)\s+"
    r"(?:[A-Z][a-z]+\s+)?(?P<b>(?:19|20)\d{2})\b|"
    r"^\W*In (?:[A-Z][a-z]+ )?(?P<c>(?:19|20)\d{2}),? (?:the )?(?:(?:[A-Z][a-z]+ )?"
    r"(?:Court|Division|Tribunal)|court|judge|tribunal|[A-Z][a-z]+ (?:LJ|J|MR))\b")
"""When a statement says the decision was given: "a 2015 decision", "decided in 2017", "In
2019 the Court of Appeal …", "In 2015 the Chancery Division …" (a year given for events the
judgment recounts is not this)."""


def _decision_year(claim: str) -> int | None:
    m = _DECISION_YEAR.search(claim)
    return int(m["a"] or m["b"] or m["c"]) if m else None


def _year_of(date: str | None) -> int | None:
    return int(date[:4]) if date and date[:4].isdigit() else None

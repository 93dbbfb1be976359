"""The legislation check: a cited Act, section and sub-section against the Lex records.

In order: the provision exists (a made-up section of an Act the source holds in full is
removed); it extends to the question's jurisdiction; it is in force when cited as current
law; the quote is in its text; the claim agrees with it; then, on a real model, a judge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from shared.text.provisions import PROVISION_NUMBER, SECTION
from shared.verification.amendments import inserted_for_omitted
from shared.verification.antonyms import opposite_words
from shared.verification.authorities import another_agent, another_forum, unnamed_bodies
from shared.verification.bound_figures import (
    figures_beside_the_quote,
    figures_given_to_another,
)
from shared.verification.changes import reversed_changes
from shared.verification.checks import FIRST_DIGITAL_YEAR, Outcome
from shared.verification.citations import Citation
from shared.verification.claims import check_claim, dates, quantities
from shared.verification.context import current_context
from shared.verification.exceptions import confined_to_the_exception, excepted_cases
from shared.verification.findings import CheckFinding, judged, outcome_of
from shared.verification.headings import heading_doubts
from shared.verification.judge import Judge
from shared.verification.jurisdiction import coverage, extent_doubts, places_doubts
from shared.verification.lexsource import Act, LegalRecords, Provision
from shared.verification.limits import reversed_limits
from shared.verification.narrative import changed_ordinals
from shared.verification.outcomes import decided_otherwise
from shared.verification.owners import holders_swapped, swapped_parties
from shared.verification.quantifiers import swapped_quantifiers, widened_persons
from shared.verification.quotes import contains_legal_quote
from shared.verification.ranges import changed_ranges
from shared.verification.refs import ACTS, act_id, legislation_ref
from shared.verification.relevance import Relevance
from shared.verification.siblings import (
    added_conditions,
    dropped_conditions,
    dropped_limits,
    sibling_claims,
    sibling_figures,
    unquoted_condition,
    waived_conditions,
    widened_conditions,
)
from shared.verification.temporal import Temporal, law_state, temporal_issue

__all__ = ["LegislationCheck", "Target", "target_of"]

_PROVISION_KINDS = frozenset({"section", "schedule", "article", "regulation", "rule"})
_TITLE_REF = re.compile(
    rf"^(?P<title>.+?\bAct (?P<year>\d{{4}}))(?:,? {SECTION} ?(?P<number>{PROVISION_NUMBER})"
    r"(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*))?$")
_NO_TEXT = re.compile(r"^[\s.…]*$")
_KNOWN_ACTS = frozenset(f"{t}/{y}/{n}" for t, y, n in ACTS.values())


@dataclass(frozen=True)
class Target:
    """What a legislation ref points at once resolved."""

    act: str | None
    """The Act's id path; ``None`` when its title could not be resolved."""
    year: int | None
    kind: str | None
    number: str | None
    subsections: tuple[str, ...]
    title: str = ""

    @property
    def name(self) -> str:
        where = self.title or self.act or "the Act"
        if self.kind is None:
            return where
        subs = "".join(f"({s})" for s in self.subsections)
        return f"{where}, {self.kind} {self.number}{subs}"

    @property
    def uri(self) -> str | None:
        if self.act is None:
            return None
        parts = [self.act, *([self.kind, self.number] if self.kind else []),
                 *self.subsections]
        return "https://www.legislation.gov.uk/" + "/".join(p for p in parts if p)


async def target_of(ref: str, source: LegalRecords) -> Target:
    parsed = legislation_ref(ref)
    if parsed is not None:
        rest = [p for p in parsed.rest.split("/") if p]
        if rest and rest[0] in _PROVISION_KINDS and len(rest) >= 2:
            subs = tuple(p for p in rest[2:] if p not in ("paragraph", "subsection"))
            return Target(parsed.act, parsed.year, rest[0], rest[1], subs)
        return Target(parsed.act, parsed.year, None, None, ())
    m = _TITLE_REF.match(ref.strip())
    if m is None:
        return Target(None, None, None, None, (), ref)
    year = int(m["year"])
    act = act_id(m["title"]) or await source.resolve_title(m["title"], year)
    subs = tuple(re.findall(r"\(([0-9A-Za-z]+)\)", m["subs"] or ""))
    kind = "section" if m["number"] else None
    return Target(act, year, kind, m["number"], subs, m["title"])


@dataclass(frozen=True, kw_only=True)
class LegislationCheck:
    source: LegalRecords
    judge: Judge | None = None
    source_complete: bool = False
    """An Act a complete source (the public Lex) does not hold is taken as made up; a partial
    corpus only leaves it unverified (``not_in_corpus``). Acts known to exist are only ever
    left unverified."""
    relevance: Relevance | None = None
    """Whether the statement is about what the provision says (sentence embeddings)."""

    async def __call__(self, tenant_id: str, citation: Citation) -> Outcome:
        target = await target_of(citation.ref, self.source)
        act = (await self.source.act(target.act, target.year)
               if target.act is not None else None)
        if act is None:
            return self._act_not_found(target)
        provision = None
        if target.kind is not None:
            provision = act.provision(target.kind, target.number or "")
            if provision is None:
                return self._provision_not_found(target, act)
        return await self._check(citation, target, act, provision)

    def _act_not_found(self, target: Target) -> Outcome:
        known = target.act in _KNOWN_ACTS or bool(target.title and act_id(target.title))
        detail = f"The legal source does not hold {target.title or target.act}."
        future = target.year is not None and target.year > current_context().today.year
        if future or (self.source_complete and not known):
            return outcome_of([CheckFinding("not_found", True, detail)], uri=target.uri)
        detail += (" The Act exists, but this source cannot confirm the citation." if known
                   else " It holds only part of the statute book, so the citation could not "
                        "be checked.")
        return outcome_of([CheckFinding("not_in_corpus", False, detail)], uri=target.uri)

    @staticmethod
    def _provision_not_found(target: Target, act: Act) -> Outcome:
        title = act_name(act.title, target.act or act.path)
        if act.complete:
            return outcome_of([CheckFinding("not_found", True,
                                       f"{title} has no {target.kind} {target.number}.")],
                              uri=target.uri)
        return outcome_of([CheckFinding("not_found", False,
                                   f"The source holds only part of {title}, without "
                                   f"{target.kind} {target.number}.")], uri=target.uri)

    async def _check(self, citation: Citation, target: Target, act: Act,
                     provision: Provision | None) -> Outcome:
        context = current_context()
        findings: list[CheckFinding] = []
        notes: list[str] = []
        title = act_name(act.title, target.act or act.path)
        text = provision.text if provision else "\n\n".join(p.text for p in act.provisions)
        held = not _NO_TEXT.match(text)
        sub = target.subsections[0] if target.subsections else None
        if provision is not None and sub is not None and held:
            missing = _missing_subsection(provision, target.subsections)
            if missing is not None:
                return outcome_of([CheckFinding("not_found", True,
                                           f"{title}, {provision.kind} {provision.number} has "
                                           f"no subsection ({missing}).")], uri=target.uri)
        # Jurisdiction.
        extent = provision.extent if provision and provision.extent else act.extent
        cover = coverage(context.jurisdiction, extent,
                         provision.subsection_extents if provision else {}, sub, citation.claim)
        if cover.covered is False:
            findings.append(CheckFinding("jurisdiction", not cover.about_elsewhere, cover.detail))
        elif cover.covered is None:
            notes.append(cover.detail)
        # In force.
        when = temporal_issue(citation.claim, act, provision, context.today,
                              jurisdiction=context.jurisdiction)
        if isinstance(when, Temporal):
            findings.append(CheckFinding(when.issue, when.removes, when.detail))
        elif when:
            notes.append(when)
        # Quote and claim.
        if held:
            findings += self._quote(citation, act, provision, text)
            findings += self._claim(citation, provision, text, title)
            findings += _stated_elsewhere(citation, act, provision, text)
            findings += [CheckFinding("claim_unsupported", False, doubt) for doubt in [
                *sibling_claims(citation.claim, text, citation.quote, sub),
                *dropped_limits(citation.claim, citation.quote),
                *dropped_conditions(citation.claim, text, citation.quote, sub),
                *widened_conditions(citation.claim, citation.quote),
                *waived_conditions(citation.claim, text, citation.quote, sub),
                *unquoted_condition(citation.claim, text, citation.quote, sub),
                *excepted_cases(citation.claim, citation.quote),
                *confined_to_the_exception(citation.claim, citation.quote),
                *sibling_figures(citation.claim, text, sub),
                *places_doubts(citation.claim, citation.quote),
                *extent_doubts(citation.claim, citation.quote),
                *decided_otherwise(citation.claim, citation.quote),
                *added_conditions(citation.claim, text, citation.quote, sub),
                *swapped_quantifiers(citation.claim, citation.quote),
                *widened_persons(citation.claim, citation.quote),
                *swapped_parties(citation.claim, citation.quote),
                *figures_given_to_another(citation.claim, citation.quote),
                *figures_beside_the_quote(citation.claim, citation.quote),
                *reversed_changes(citation.claim, citation.quote),
                *heading_doubts(citation.claim, text, citation.quote),
                *opposite_words(citation.claim, citation.quote),
                *holders_swapped(citation.claim, citation.quote),
                *reversed_limits(citation.claim, citation.quote),
                *another_forum(citation.claim, citation.quote),
                *another_agent(citation.claim, citation.quote),
                *inserted_for_omitted(citation.claim, citation.quote),
                *changed_ordinals(citation.claim, citation.quote),
                *changed_ranges(citation.claim, citation.quote),
                *unnamed_bodies(citation.claim, text + "\n" + title)]]
            if not findings:
                findings += await self._relevance(citation, target, provision, text)
        else:
            findings += _without_text(citation, provision)
        pre_1963 = _pre_1963(target, act, provision)
        if pre_1963 and _checked_beyond_print(citation, provision, held):
            # What was compared is exact (the quote against the words held, or a repeal against
            # the record's status), so the citation is verified; print errors are only noted.
            notes.append(_PRINTED)
            pre_1963 = False
        if not findings and not pre_1963 and self.judge is not None and held:
            findings += judged(await self.judge(citation.claim, f"{title} — {target.name}", text))
        name = target.name if target.title or not act.title else Target(
            target.act, target.year, target.kind, target.number, target.subsections,
            act.title).name
        checked = (f"{name} exists" + (f" and extends to {', '.join(cover.extent)}"
                                               if cover.covered else "")
                   + ("; the quote is in its text" if citation.quote else "")
                   + "; the statement agrees with it.")
        outcome = outcome_of(findings, uri=target.uri, pre_1963=pre_1963, checked=checked,
                             notes=notes)
        state = law_state(provision, context.today) if provision is not None else None
        if state is None or provision is None:
            return outcome
        cited_as_law = isinstance(when, Temporal)
        return replace(outcome, law_status=state.status, status_date=state.date,
                       status_note=state.note,
                       law_statement=state.statement(_spoken(provision, title), context.today)
                       if cited_as_law else "")

    def _quote(self, citation: Citation, act: Act, provision: Provision | None,
               text: str) -> list[CheckFinding]:
        if citation.quote is None or contains_legal_quote(text, citation.quote):
            return []
        holder = next((p for p in act.provisions if p is not provision
                       and contains_legal_quote(p.text, citation.quote)), None)
        if holder is not None:
            return [CheckFinding("quote_mismatch", False,
                            f"The quote is in {holder.kind} {holder.number}, not in the "
                            f"{provision.kind if provision else 'provision'} cited.")]
        where = f"{provision.kind} {provision.number}" if provision else act.title
        return [CheckFinding("quote_mismatch", True, f"The quote does not appear in {where}.")]

    async def _relevance(self, citation: Citation, target: Target, provision: Provision | None,
                         text: str) -> list[CheckFinding]:
        if self.relevance is None or not self.relevance.judgeable(citation.claim):
            return []
        heading = provision.title if provision else ""
        score = await self.relevance.similarity(citation.claim, heading, citation.quote, text)
        if score >= self.relevance.threshold:
            return []
        return [CheckFinding("claim_unsupported", False,
                             f"The statement does not appear to be about what {target.name} "
                             f"says (similarity {score:.2f}), so it may cite the wrong "
                             "provision.")]

    @staticmethod
    def _claim(citation: Citation, provision: Provision | None, text: str,
               title: str) -> list[CheckFinding]:
        known = [d for d in (provision.restrict_start_date, provision.repealed_from)
                 if d] if provision else []
        context_text = " ".join(filter(None, [provision.title if provision else "",
                                              provision.status_note if provision else ""]))
        found = check_claim(citation.claim, text, quote=citation.quote,
                            known_dates=[*known, *dates(context_text)],
                            title=f"{title} {context_text}")
        alone = citation.cited_with == 0
        return [CheckFinding("claim_unsupported", issue.contradicted and alone, issue.detail)
                for issue in found]


def _stated_elsewhere(citation: Citation, act: Act, provision: Provision | None,
                      text: str) -> list[CheckFinding]:
    """A sentence that names one provision as its source and quotes another's words: the tag
    is doubted unless its quote is in the named provision too, and the named provision is
    doubted unless the quote is in it ("Under section 129 …, the authority must notify …"
    quoting section 128)."""
    found = []
    if citation.stated_source and citation.quote and provision is not None:
        named = legislation_ref(citation.stated_source)
        parts = [p for p in named.rest.split("/") if p] if named is not None else []
        other = act.provision(parts[0], parts[1]) if len(parts) >= 2 else None
        if other is None or not contains_legal_quote(other.text, citation.quote):
            where = f"{parts[0]} {parts[1]}" if len(parts) >= 2 else "another provision"
            found.append(CheckFinding(
                "claim_unsupported", False,
                f"The statement names {where} as its source, but the words it quotes are "
                f"{provision.kind} {provision.number}'s."))
    if citation.cited_quote and not contains_legal_quote(text, citation.cited_quote):
        found.append(CheckFinding(
            "claim_unsupported", False,
            "The statement names this provision as its source, but the words it quotes are "
            "another provision's."))
    return found


_REGNAL = re.compile(r"^\w+/(?P<monarch>[A-Z][a-z]*)(?P<ordinal>\d*)/(?P<year>[\d-]+)/"
                     r"(?P<chapter>\d+)$")
_MODERN = re.compile(r"^\w+/(?P<year>\d{4})/(?P<chapter>\d+)$")


def act_name(title: str, path: str) -> str:
    """How the answer names an Act: its title, or when the source holds none (some
    pre-1963 Acts), its chapter citation ("Act 49 Geo. 3 c. 126"), never its id path."""
    if title:
        return title
    m = _REGNAL.match(path or "")
    if m:
        ordinal = f" {m['ordinal']}" if m["ordinal"] else ""
        return f"Act {m['year']} {m['monarch']}.{ordinal} c. {m['chapter']}"
    m = _MODERN.match(path or "")
    return f"Act {m['year']} c. {m['chapter']}" if m else path


def _spoken(provision: Provision, title: str) -> str:
    """"Section 21 of the Housing Act 1988": how the answer names the provision."""
    return f"{provision.kind.capitalize()} {provision.number} of the {title}".strip()


def _without_text(citation: Citation, provision: Provision | None) -> list[CheckFinding]:
    """A repealed provision whose text is no longer held: nothing to compare words with."""
    if citation.quote is not None:
        return [CheckFinding("check_failed", False, "The provision's text is no longer held, so "
                                               "the quote could not be checked.")]
    note, known_dates = "", set()
    if provision is not None:
        note = f"{provision.title} {provision.status_note or ''}"
        known_dates = {d for d in (provision.repealed_from, provision.restrict_start_date) if d}
    if quantities(citation.claim) - quantities(note) or (
            dates(citation.claim) - dates(note) - known_dates):
        return [CheckFinding("claim_unsupported", False, "The provision's text is no longer held, "
                                                    "so the figures in the statement could "
                                                    "not be checked.")]
    return []


def _missing_subsection(provision: Provision, labels: tuple[str, ...]) -> str | None:
    """The first cited label that the provision's text does not hold, if it labels any."""
    text = provision.text
    first = labels[0]
    if provision.kind == "schedule":
        found = re.search(rf"\*\*{re.escape(first)}\*\*", text) is not None
    else:
        if not re.search(rf"(?m)^[\s>*-]*\({PROVISION_NUMBER}\)", text):
            return None  # an unnumbered section: nothing to compare labels with
        found = re.search(rf"(?m)^[\s>*-]*\({re.escape(first)}\)", text) is not None
    if not found and first not in provision.subsection_extents:
        return first
    for label in labels[1:]:
        if f"({label})" not in text:
            return label
    return None


_PRINTED = ("Enacted before 1963: the text held is digitised from print and may contain "
            "errors; the citation matches it.")
_HISTORY = re.compile(r"\b(?:repeal\w*|revoked|no longer (?:in force|law|applies))\b",
                      re.IGNORECASE)


def _checked_beyond_print(citation: Citation, provision: Provision | None, held: bool) -> bool:
    """Whether a pre-1963 citation was checked against something exact: a quote found in the
    text the source holds, or a statement of the provision's repeal where the record (not the
    printed text) says it is repealed. A bare statement about what old words mean rests on
    the digitised print alone, so it stays ``pre_1963_digitised``."""
    if held:
        return citation.quote is not None
    return (provision is not None and bool(provision.repealed_from)
            and bool(_HISTORY.search(citation.claim)))


def _pre_1963(target: Target, act: Act, provision: Provision | None) -> bool:
    flags = [provision.pre_1963 if provision else None, act.pre_1963]
    if any(f is not None for f in flags):
        return any(bool(f) for f in flags)
    year = act.year or target.year
    return target.year is None if year is None else year < FIRST_DIGITAL_YEAR

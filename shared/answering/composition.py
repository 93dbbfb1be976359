"""Writing the extractive answer: the direct answer first, then the detail by source.

Every claim is a verbatim, cited sentence of a source; the words added around the quotes are
only what the quoted sentence itself shows: the period it states, "yes", "no" or "it depends"
from its duty, power, prohibition or condition. When the best sentences do not answer the
question the answer says so and quotes nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import replace

from shared.answering.gaps import unheld
from shared.answering.questions import (
    LIMIT,
    Question,
    amount,
    classify,
    comparable,
    durations,
    elapsed,
    in_days,
)
from shared.answering.selection import (
    ANAPHOR,
    Candidate,
    Selection,
    Source,
    select,
    whole_sentences,
)
from shared.embeddings import Embedder
from shared.text.modality import modalities
from shared.text.terms import terms
from shared.text.vocabulary import subjects

__all__ = ["NO_ANSWER", "NO_EVIDENCE", "OFFLINE_LABEL", "answer", "compose"]

OFFLINE_LABEL = (
    "_Offline mode: no language model was used; this answer quotes the sources verbatim._"
)
NO_EVIDENCE = "I could not find anything in the available sources that answers this question."
NO_ANSWER = "Your policies and the connected sources do not say"
"""How an answer that cannot answer begins (then what was asked about)."""

DETAIL_SPREAD = 0.15
"""Supporting sentences score within this of the best one."""
MAX_DETAIL = 4
MAX_PER_DOCUMENT = 2
LEAD_SPREAD = 0.1
"""Further opening sentences score within this of the best one."""
MAX_LEADS = 3
MAX_TWIN_RANK = 10
CUE_SPREAD = 0.1
"""An opening sentence with the question's cue is preferred to a slightly better one without."""
_DEFINITE = re.compile(r"^The (?P<noun>[a-z]{3,})\b")
"""A sentence opening on "The officer …" may refer to "a named complaint officer" just before."""

_OPENING_CONDITION = re.compile(r"^(?:\(\w+\)\s+)?(?:If|Where|When|Once)\b(?P<clause>[^,—]*)")
"""A rule that opens on a condition ("Where the cost is between …, we will fund …")."""
_CONDITION = re.compile(r"\b(?:unless|except|"
                        r"provided that|subject to (?:sub)?(?:section|paragraph|conditions?|"
                        r"the conditions|any|this)|only (?:if|where|when|after)|as a last "
                        r"resort|consider(?:s|ing)? whether|decides? whether|where (?:it is )?"
                        r"(?:fair|reasonable|appropriate)|at (?:our|its|their) discretion)\b",
                        re.IGNORECASE)
"""A condition in the quoted sentence: the answer "depends on" it."""
_NEGATIVE = re.compile(r"\b(?:never|not|no)\b", re.IGNORECASE)
_EXCEPTION = re.compile(r"\b(?:unless|except|exceptional|where (?:it is )?(?:fair|reasonable|"
                        r"appropriate)|at (?:our|its|their) discretion|in (?:some|certain) "
                        r"cases)\b", re.IGNORECASE)
"""A sentence that qualifies the one before it: the answer "depends" on it."""
_IF = re.compile(r"^\s*(?:if|when|where|once)\s+(?P<condition>[^,?]+),\s*(?P<main>.+)$",
                 re.IGNORECASE)
_MODAL_WORDS = frozenset({"must", "can", "could", "may", "should", "need", "have", "has",
                          "shall", "will", "would"})


def answer(question: str, documents: Sequence[Source],
           embedder: Embedder | None = None) -> str:
    """The labelled Markdown answer to ``question`` from ``documents``."""
    if not documents:
        return f"{NO_EVIDENCE}\n\n{OFFLINE_LABEL}\n"
    q = classify(question)
    missing = unheld(question, [d.title for d in documents], [d.ref for d in documents])
    if missing:
        # What the sources say about something else is not what the named instrument says.
        return _no_answer(q, missing, missing=True)
    return compose(select(q, documents, embedder), documents)


def compose(selection: Selection, documents: Sequence[Source]) -> str:
    q = selection.question
    cites = _Citations(documents)
    marked = _marked_without_text(q, documents)
    said = _marked_statement(marked, documents, cites)
    if not selection.ranked or not selection.answers:
        if said:  # what the sources do say: the provision asked about is no longer law
            return "\n\n".join([said, OFFLINE_LABEL]) + "\n"
        if not selection.ranked:
            return f"{NO_EVIDENCE}\n\n{OFFLINE_LABEL}\n"
        return _no_answer(q, subjects(q.text))
    leads = _leads(q, selection.ranked, documents)
    status = _statuses(leads, documents)
    # No "yes" or "no" from a provision that is not current law.
    asked = replace(q, kind="general") if (status or said) and q.kind == "yes_no" else q
    qualified = any(_EXCEPTION.search(c.text) for c in leads[1:])
    parts = [" ".join(_lead_sentence(asked, c, cites, first=i == 0,
                                     marked=_status_of(documents[c.doc]), qualified=qualified,
                                     twins=_twins(c, selection.ranked, documents))
                      for i, c in enumerate(leads))]
    if status:
        parts.insert(0, status)
    if said:
        parts.insert(0, said)
    if q.kind == "compare" and len(leads) == 2:
        parts.append(_table(q, leads, documents, cites))
    detail = _detail(selection.ranked, leads)
    if detail:
        parts.append(_grouped(detail, documents, cites))
    return "\n\n".join([*parts, OFFLINE_LABEL]) + "\n"


class _Citations:
    """Numbers the citations in the order they are written."""

    def __init__(self, documents: Sequence[Source]) -> None:
        self.documents = documents
        self.n = 0
        self.numbers: dict[tuple[int, int], int] = {}

    def bare(self, doc: int) -> str:
        """A citation of a whole document that quotes nothing (its text is not held)."""
        self.n += 1
        ref = self.documents[doc].ref
        return f'<cite ref="{html.escape(ref, quote=True)}">{self.n}</cite>'

    def tag(self, c: Candidate) -> str:
        self.n += 1
        self.numbers[(c.doc, c.position)] = self.n
        ref = self.documents[c.doc].ref
        return (f'<cite ref="{html.escape(ref, quote=True)}" '
                f'quote="{html.escape(c.text, quote=True)}">{self.n}</cite>')


def _leads(q: Question, ranked: list[Candidate],
           documents: Sequence[Source]) -> list[Candidate]:
    """The one to three sentences that answer: for a comparison the best for each side, else
    the best sentence and those nearly as good; a sentence that refers back ("A move of this
    kind …") comes with the sentence it refers to."""
    if q.kind == "compare" and q.sides:
        found: list[Candidate] = []
        for side in range(len(q.sides)):
            best = max((c for c in ranked if c.side_scores and c not in found
                        and all(c.text != f.text for f in found)),
                       key=lambda c: (c.side_scores[side], -c.doc, -c.position), default=None)
            if best is not None:
                found.append(best)
        if len(found) == 2:
            return _with_aspects(q, found, ranked, documents)
    best = ranked[0]
    if not best.cue and q.kind in ("period", "who"):
        # The opening states the period or names the party when a sentence that does is close.
        best = next((c for c in ranked[1:6] if c.cue and c.score >= best.score - CUE_SPREAD),
                    best)
    leads = [best]
    for c in ranked[:6]:
        if len(leads) == MAX_LEADS or c.score < best.score - LEAD_SPREAD:
            break
        if c.text not in (lead.text for lead in leads) and (c.cue or not best.cue):
            leads.append(c)
    if q.kind == "compare" and len(leads) < 2:
        leads += [c for c in ranked[1:3] if c.text != best.text][:1]
    if q.kind == "definition":
        leads = _with_terms_defined(_with_definitions_pointed_to(leads, ranked, documents),
                                    documents)
    if q.kind in ("yes_no", "period"):
        leads = _with_exceptions(leads, documents)
    return _with_antecedents(leads, documents)


def _with_exceptions(leads: list[Candidate], documents: Sequence[Source]) -> list[Candidate]:
    """A rule that the next sentence of its passage qualifies ("Complaints should be made
    within 6 months …" then "We will accept older complaints where it is fair to do so")
    comes with that sentence: without it the answer would be a flat yes or no."""
    out: list[Candidate] = []
    for c in leads:
        out.append(c)
        after = [p for p in whole_sentences([documents[c.doc]]) if p.position > c.position][:1]
        if after and after[0].heading == c.heading and _EXCEPTION.search(after[0].text) and \
                all(after[0].text != o.text for o in [*leads, *out]):
            a = after[0]
            out.append(Candidate(c.doc, a.position, a.text, a.heading, c.similarity,
                                 c.overlap, c.cue, c.score))
    return out


_COMPARING = frozenset(terms("compare comparison difference differ different versus both "
                             "give timescales"))
MAX_ASPECT_RANK = 8


def _with_aspects(q: Question, found: list[Candidate], ranked: Sequence[Candidate],
                  documents: Sequence[Source]) -> list[Candidate]:
    """A comparison that asks about more than the two sides' sentences say ("differ in cost
    threshold and assessment") gets one more opening sentence: the best of the nearly best
    that says what is still unsaid."""
    said: set[str] = set()
    for c in found:
        said |= terms(f"{documents[c.doc].title} {c.heading} {c.text}")
    unsaid = terms(q.text) - said - _COMPARING
    if not unsaid:
        return found
    extra = next((c for c in ranked[:MAX_ASPECT_RANK]
                  if c not in found and terms(c.text) & unsaid), None)
    return [*found, extra] if extra is not None else found


_POINTS_TO = re.compile(r"\b(?:as defined (?:by|in)|has the meaning given (?:by|in)) "
                        r"sections? (?P<number>\d+[A-Z]{0,3})\b")


_POINTS_TO_SUBSECTION = re.compile(r"\bconditions in subsection \((?P<label>\w+)\)")


def _with_definitions_pointed_to(leads: list[Candidate], ranked: Sequence[Candidate],
                                 documents: Sequence[Source]) -> list[Candidate]:
    """A definition that only points elsewhere ("“HMO” means a house in multiple occupation as
    defined by sections 254 to 259") comes with the best sentence of the provision it points
    to, when the evidence holds it: that is where the meaning is. One whose first limb is
    a test set out in a subsection ("if it meets the conditions in subsection (2) (“the
    standard test”)") comes with that subsection."""
    out = list(leads)
    for c in leads:
        m = _POINTS_TO.search(c.text)
        if m is None:
            continue
        suffix = f"/section/{m.group('number')}"
        held = {i for i, d in enumerate(documents) if d.ref.endswith(suffix)}
        best = next((r for r in ranked if r.doc in held), None)
        if best is not None and all(best.text != o.text for o in out):
            out.insert(out.index(c) + 1, best)
    for c in list(out):
        test = _POINTS_TO_SUBSECTION.search(c.text)
        label = f"({test.group('label')})" if test else ""
        limb = next((p for p in whole_sentences([documents[c.doc]])
                     if label and p.text.startswith(label)), None)
        if limb is not None and all(limb.text != o.text for o in out):
            out.insert(out.index(c) + 1, Candidate(c.doc, limb.position, limb.text,
                                                   limb.heading, c.similarity, c.overlap,
                                                   c.cue, c.score))
    return out


_DEFINES_NEXT = re.compile(r"^(?:\(\w+\)\s+)?(?:In|For the purposes of) (?:this section|"
                           r"subsection \(\w+\)|that subsection)\W*“(?P<term>[^”]+)” means\b")


def _with_terms_defined(leads: list[Candidate],
                        documents: Sequence[Source]) -> list[Candidate]:
    """A definition that uses a term the next sentence defines ("… receives the rack-rent"
    then "In subsection (1) “rack-rent” means …") comes with that definition: the answer is
    both."""
    out: list[Candidate] = []
    for c in leads:
        out.append(c)
        after = [p for p in whole_sentences([documents[c.doc]]) if p.position > c.position][:1]
        m = _DEFINES_NEXT.match(after[0].text) if after else None
        if m and m.group("term").lower() in c.text.lower() and len(out) < MAX_LEADS + 1 and \
                all(after[0].text != o.text for o in leads):
            a = after[0]
            out.append(Candidate(c.doc, a.position, a.text, a.heading, c.similarity,
                                 c.overlap, c.cue, c.score))
    return out


def _refers_back(c: Candidate, before: Candidate) -> bool:
    """Whether ``c`` leans on the sentence ``before`` it: "This …", "Before doing so …",
    or, in the same passage, "The officer …" after "… a named complaint officer is
    assigned"."""
    if ANAPHOR.match(c.text):
        return True
    m = _DEFINITE.match(c.text)
    if m is None or before.heading != c.heading:
        return False
    return bool(re.search(rf"\b(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{m.group('noun')}\b",
                          before.text))


def _with_antecedents(leads: list[Candidate], documents: Sequence[Source]) -> list[Candidate]:
    out: list[Candidate] = []
    for c in leads:
        before = [p for p in whole_sentences([documents[c.doc]]) if p.position < c.position]
        if before and _refers_back(c, before[-1]):
            if before[-1].text not in (o.text for o in out):
                b = before[-1]
                out.append(Candidate(c.doc, b.position, b.text, b.heading, c.similarity,
                                     c.overlap, c.cue, c.score))
        out.append(c)
    return out


def _twins(c: Candidate, ranked: Sequence[Candidate],
           documents: Sequence[Source]) -> list[Candidate]:
    """The same words in other documents nearly as close to the question (Parts 2 and 3 of an
    Act often repeat a provision): cited with the quote, since either may be the one meant."""
    status = _status_of(documents[c.doc])
    return [t for t in ranked[:MAX_TWIN_RANK] if t.text == c.text and t.doc != c.doc
            and _status_of(documents[t.doc]) == status and t.score >= c.score - LEAD_SPREAD]


def _lead_sentence(q: Question, c: Candidate, cites: _Citations, *, first: bool,
                   marked: str = "", qualified: bool = False,
                   twins: Sequence[Candidate] = ()) -> str:
    quoted = " ".join([f'"{c.text}" {cites.tag(c)}', *(cites.tag(t) for t in twins)])
    if marked:
        # The quote is framed as what the provision said (or will say), never as the law now.
        return f"{_STATUS_WORDS[marked]}: {quoted}"
    opener = _opener(q, c.text, qualified=qualified) if first or q.kind == "period" else ""
    return f"{opener}: {quoted}" if opener else quoted


_STATUS = re.compile(r"^\s*\[(?P<status>repealed|prospective|not in force)"
                     r"(?::\s*(?P<note>[^\]]*))?\]")
_STATUS_WORDS = {"repealed": "From the repealed provision",
                 "prospective": "Not yet in force", "not in force": "Not yet in force"}
_STATUS_ASKED = re.compile(r"\b(?:still|in force|repealed|revoked|abolished|current(?:ly)?|"
                           r"no longer|any more|anymore|commenced|prospective)\b", re.IGNORECASE)
"""A question about whether a provision is still the law."""
_NAMED_SECTION = re.compile(r"\b(?:section|s\.)\s?(\d+[A-Z]{0,3})\b", re.IGNORECASE)
MAX_MARKED = 5


def _status_of(document: Source) -> str:
    m = _STATUS.match(document.text)
    return m.group("status") if m else ""


def _marked_without_text(q: Question, documents: Sequence[Source]) -> list[int]:
    """The repealed or prospective provisions among ``documents`` whose text the source no
    longer holds (a status and a dotted line), when the question is about them: it asks
    whether the law still stands, or the search ranked such a provision first. Those whose
    title shares most of the question's words (or that the question names) come first."""
    held = {c.doc for c in whole_sentences(documents)}
    marked = [i for i, d in enumerate(documents) if _status_of(d) and i not in held]
    if not marked or not (_STATUS_ASKED.search(q.text) or marked[0] == 0):
        return []
    wanted = terms(q.text)
    named = {n.upper() for n in _NAMED_SECTION.findall(q.text)}

    def bearing(i: int) -> int:
        title = documents[i].title
        numbered = re.search(r"\bs\. (\w+)", title)
        return len(wanted & terms(title)) + 10 * bool(numbered and numbered.group(1) in named)

    relevant = [i for i in marked if bearing(i) >= 2]
    return sorted(relevant, key=lambda i: (-bearing(i), i))[:MAX_MARKED]


def _heading(title: str) -> str:
    """A provision's heading without its Act and number ("Housing Act 2004, s. 155: Duty to
    have a home information pack" → "Duty to have a home information pack")."""
    return " ".join(title.split(": ", 1)[-1].split())


def _marked_statement(marked: Sequence[int], documents: Sequence[Source],
                      cites: _Citations) -> str:
    """What the source says of provisions it holds only as repealed or not yet in force: the
    status and its note, each cited (there is no text left to quote)."""
    said: list[str] = []
    notes: dict[tuple[str, str], list[int]] = {}
    for i in marked:
        m = _STATUS.match(documents[i].text)
        if m is not None:
            notes.setdefault((m.group("status"), (m.group("note") or "").strip()), []).append(i)
    for (status, note), docs in notes.items():
        # Named by their headings: a section number in prose is a reference of its own.
        named = _listed([f"“{_heading(documents[i].title)}” {cites.bare(i)}" for i in docs])
        which = "the provision" if len(docs) == 1 else "the provisions"
        shown = "repealed" if status == "repealed" else "not yet in force"
        noted = f" ({note.rstrip('.')})" if note else ""
        said.append(f"The source marks {which} on {named} as {shown}{noted}.")
    return " ".join(said)


def _statuses(leads: Sequence[Candidate], documents: Sequence[Source]) -> str:
    """What the sources say of a quoted provision's status, said before it is quoted: a
    repealed or prospective provision is never presented as current law."""
    said: list[str] = []
    for doc in dict.fromkeys(c.doc for c in leads):
        m = _STATUS.match(documents[doc].text)
        if m is None:
            continue
        # Not named in prose: a named provision is itself a reference the verifier checks.
        note = f" ({m.group('note').strip()})" if m.group("note") else ""
        said.append(f"The source marks the provision quoted below as {m.group('status')}{note}: "
                    "it is quoted as the source holds it, not as current law.")
    return " ".join(said)


def _opener(q: Question, sentence: str, *, qualified: bool = False) -> str:
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
    if _restates_condition(q, sentence):
        return ""
    if qualified:
        return "It depends"
    kinds = modalities(sentence)
    if "prohibition" in kinds or (q.asks == "duty" and "no_duty" in kinds):
        return "No"
    if not kinds and _negated(sentence):
        return "No"
    if _CONDITION.search(sentence) or _opens_on_a_new_condition(q, sentence):
        return "It depends"
    if q.asks == "duty" and kinds == {"power"}:
        return "Not necessarily: it is a power, not a duty"
    if kinds & {"duty", "power"}:
        return "Yes"
    return ""


ASSUMED_SHARE = 0.25
"""A condition sharing this share of its words with the question is one the question assumes."""


def _opens_on_a_new_condition(q: Question, sentence: str) -> bool:
    """Whether the rule holds only on a condition the question does not already assume
    ("Where the cost is between …" does; "If a local housing authority consider that a
    category 1 hazard exists …" does not, asked whether they must act on one)."""
    m = _OPENING_CONDITION.match(sentence)
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
    passed = elapsed(q.text)
    if passed is None:
        return ""
    for m in LIMIT.finditer(sentence):
        limit = amount(m.group("period"))
        if limit is not None and comparable(passed[1], limit):
            more = in_days(passed[1]) > in_days(limit)
            return (f"{passed[0].lower()} is {'more' if more else 'no more'} than the "
                    f"{m.group('period')} the source allows")
    return ""


def _restates_condition(q: Question, sentence: str) -> bool:
    """Whether ``sentence`` is about the question's condition, not what it asks: it shares
    words only with the "if …" clause."""
    m = _IF.match(q.text)
    if m is None:
        return False
    condition, main = terms(m.group("condition")), terms(m.group("main")) - _MODAL_WORDS
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


def _table(q: Question, leads: Sequence[Candidate], documents: Sequence[Source],
           cites: _Citations) -> str:
    """Both sides of a comparison side by side (the figures come from the cited sentences)."""
    sides = [s[:1].upper() + s[1:] for s in q.sides] if len(q.sides) == 2 else [
        documents[c.doc].title for c in leads]
    rows = [f"| | {sides[0]} | {sides[1]} |", "| --- | --- | --- |"]
    figures = [", ".join(durations(c.text)) for c in leads]
    if any(figures):
        rows.append(f"| Period | {figures[0] or '–'} | {figures[1] or '–'} |")
    kinds = [", ".join(sorted(modalities(c.text))) for c in leads]
    if any(kinds) and not any(figures):
        rows.append(f"| Duty or power | {kinds[0] or '–'} | {kinds[1] or '–'} |")
    sources = [f"{documents[c.doc].title} [{cites.numbers[(c.doc, c.position)]}]"
               for c in leads]
    rows.append(f"| Source | {sources[0]} | {sources[1]} |")
    return "\n".join(r.replace("\n", " ") for r in rows)


def _detail(ranked: list[Candidate], leads: Sequence[Candidate]) -> list[Candidate]:
    """Supporting sentences nearly as good as the best, a few from each source."""
    floor = ranked[0].score - DETAIL_SPREAD
    said = {c.text for c in leads}
    chosen: list[Candidate] = []
    per_doc: dict[int, int] = {}
    for c in ranked:
        if c.score < floor or len(chosen) == MAX_DETAIL:
            break
        if c.text in said or per_doc.get(c.doc, 0) >= MAX_PER_DOCUMENT:
            continue
        chosen.append(c)
        said.add(c.text)
        per_doc[c.doc] = per_doc.get(c.doc, 0) + 1
    return chosen


def _grouped(detail: Sequence[Candidate], documents: Sequence[Source],
             cites: _Citations) -> str:
    order: list[int] = []
    for c in detail:
        if c.doc not in order:
            order.append(c.doc)
    blocks = []
    for doc in order:
        title = " ".join(documents[doc].title.split()) or documents[doc].ref
        lines = [f"- \"{c.text}\" {cites.tag(c)}"
                 for c in sorted((c for c in detail if c.doc == doc), key=lambda c: c.position)]
        blocks.append(f"**{title}**\n\n" + "\n".join(lines))
    return "\n\n".join(blocks)


def _no_answer(q: Question, named: Sequence[str], *, missing: bool = False) -> str:
    """A plain "the sources do not say", naming what was asked about; nothing is quoted, so
    nothing unrelated is presented as an answer."""
    if missing:
        verb = "is" if len(named) == 1 else "are"
        said = f"{NO_ANSWER} this: {_listed(named)} {verb} not among them."
    elif named:
        said = f"{NO_ANSWER} anything that answers this question about {_listed(named)}."
    else:
        said = f"{NO_ANSWER} anything that answers this question."
    return "\n\n".join([said, OFFLINE_LABEL]) + "\n"


def _listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"

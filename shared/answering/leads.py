"""The one to three sentences an answer opens with: the best for each side of a comparison, else
the best sentence and those nearly as good, each with what it needs to be read on its own (the
sentence it refers back to, the exception that qualifies it, the definition it points to)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from shared.answering.openers import EXCEPTION
from shared.answering.questions import DURATION, LIMIT, PRIORITY_CLASS, Question
from shared.answering.selection import ANAPHOR, Candidate, Source, whole_sentences
from shared.answering.status import status_of
from shared.text.provisions import PROVISION_NUMBER
from shared.text.terms import terms

__all__ = ["LEAD_SPREAD", "MAX_LEADS", "antecedent", "choose_leads", "twins"]

LEAD_SPREAD = 0.1
"""Further opening sentences score within this of the best one."""
MAX_LEADS = 3
MAX_TWIN_RANK = 10
CUE_SPREAD = 0.1
"""An opening sentence with the question's cue is preferred to a slightly better one without."""
_DEFINITE = re.compile(r"^The (?P<noun>[a-z]{3,})\b")
"""A sentence opening on "The officer …" may refer to "a named complaint officer" just before."""


def choose_leads(q: Question, ranked: list[Candidate],
           documents: Sequence[Source]) -> list[Candidate]:
    """The one to three sentences that answer: for a comparison the best for each side, else
    the best sentence and those nearly as good; a sentence that refers back ("A move of this
    kind …") comes with the sentence it refers to."""
    if q.kind == "compare" and q.sides:
        found = _both_sides(q, ranked, documents)
        if found:
            return found
    best = ranked[0]
    if not best.cue and q.kind in ("period", "who", "count"):
        # The opening states the period, names the party or gives the number when a sentence
        # that does is close.
        best = next((c for c in ranked[1:6] if c.cue and c.score >= best.score - CUE_SPREAD),
                    best)
    leads = [best]
    for c in ranked[:6]:
        if len(leads) == MAX_LEADS or c.score < best.score - LEAD_SPREAD:
            break
        if c.text not in (lead.text for lead in leads) and (c.cue or not best.cue):
            leads.append(c)
    leads = _with_antecedents(_by_kind(q, _with_parts(q, leads, ranked), ranked, documents),
                              documents)
    return _with_named_provisions(q, leads, ranked, documents)


PART_SHORTLIST = 20
"""Candidates weighed for each thing a long question asks."""


def _with_parts(q: Question, leads: list[Candidate], ranked: list[Candidate]
                ) -> list[Candidate]:
    """A long question that asks two things ("how often should the officer get in touch, and
    what happens if it goes on past twelve weeks?") opens with the best sentence for each,
    after the best of all: the answer to the second ask belongs in the opening too."""
    if len(q.parts) < 2:
        return leads
    pool = [c for c in ranked[:PART_SHORTLIST] if len(c.part_scores) == len(q.parts)]
    if not pool:
        return leads
    found = [max(pool, key=lambda c: (c.part_scores[i], -c.doc, -c.position))
             for i in range(len(q.parts))]
    out: list[Candidate] = []
    for c in [leads[0], *found, *leads[1:]]:
        if c.text not in (o.text for o in out):
            out.append(c)
    return out[:MAX_LEADS]


_NAMED_SECTION = re.compile(r"\bsection\s+(\d+[A-Z]?)\b(?:\s+of\s+the\s+(?P<act>(?:[A-Z][\w'’]*"
                            r"\s+){1,6}Act\s+\d{4}))?", re.IGNORECASE)
_TITLE_SECTION = "{act}s. {number}:"


def _with_named_provisions(q: Question, leads: list[Candidate], ranked: list[Candidate],
                           documents: Sequence[Source]) -> list[Candidate]:
    """A provision the question names ("section 21", or a thing known by it: "a section 21
    notice") is among the leads when the evidence holds it, even if other sentences score
    higher: the answer must say what that provision says (or that it is no longer law)."""
    if q.kind == "compare":
        return leads
    held = {documents[c.doc].title for c in leads}
    out = list(leads)
    for m in _NAMED_SECTION.finditer(q.text):
        act = f"{m.group('act')}, " if m.group("act") else ""
        wanted = _TITLE_SECTION.format(act=act, number=m.group(1)).lower()
        if any(wanted in " ".join(t.split()).lower() for t in held):
            continue
        found = next((c for c in ranked
                      if wanted in " ".join(documents[c.doc].title.split()).lower()), None)
        if found is not None and found.text not in {c.text for c in out}:
            # A provision no longer (or not yet) law comes first, where its status is said.
            out.insert(0 if status_of(documents[found.doc]) else len(out), found)
            held.add(documents[found.doc].title)
    return out


PAIR_SHORTLIST = 20
"""Candidates per side weighed for the pair that answers a comparison."""
PARALLEL_WEIGHT = 0.1
"""Two sides are best answered by parallel provisions (a duty on category 1 hazards and the
power on category 2 hazards, not a power to serve one kind of notice): the pair's shared
titles' and headings' words beyond what tells the sides apart count this much."""


def _both_sides(q: Question, ranked: list[Candidate],
                documents: Sequence[Source]) -> list[Candidate]:
    """The pair of sentences that best answers the two sides of a comparison, each for its
    own side and both alike in what they rule (nothing unless both are found)."""
    if len(q.sides) != 2:
        return []
    shortlists = [sorted((c for c in ranked if c.side_scores),
                         key=lambda c: (-c.side_scores[side], c.doc, c.position))[:PAIR_SHORTLIST]
                  for side in (0, 1)]
    apart = terms(q.sides[0]) ^ terms(q.sides[1])
    said = {(c.doc, c.position): _rules(documents[c.doc].title, c.heading) - apart
            for c in [*shortlists[0], *shortlists[1]]}

    def value(pair: tuple[Candidate, Candidate]) -> tuple[float, int, int, int, int]:
        a, b = pair
        one, other = said[(a.doc, a.position)], said[(b.doc, b.position)]
        # Two sentences of one passage are not parallel provisions: they share everything.
        same = a.doc == b.doc and a.heading == b.heading
        alike = len(one & other) / len(one | other) if one | other and not same else 0.0
        return (a.side_scores[0] + b.side_scores[1] + PARALLEL_WEIGHT * alike,
                -a.doc, -a.position, -b.doc, -b.position)

    pairs = [(a, b) for a in shortlists[0] for b in shortlists[1] if a.text != b.text]
    if not pairs:
        return []
    first, second = max(pairs, key=value)
    return _with_aspects(q, [first, second], ranked, documents)


def _rules(title: str, heading: str) -> set[str]:
    """What a provision or passage rules, by its own title and heading (a provision's title
    without its Act's name, which all of an Act's provisions share)."""
    return terms(f"{title.partition(': ')[2] or title} {heading}")


def _by_kind(q: Question, leads: list[Candidate], ranked: list[Candidate],
             documents: Sequence[Source]) -> list[Candidate]:
    """What the question's kind needs beside the leads: a second side, the definition pointed
    to, the exception or the time limit that qualifies a yes or no."""
    if q.kind == "compare" and len(leads) < 2:
        leads = leads + [c for c in ranked[1:3] if c.text != leads[0].text][:1]
    if q.kind == "definition":
        leads = _with_terms_defined(_with_definitions_pointed_to(leads, ranked, documents),
                                    documents)
    if q.kind == "period":
        leads = _with_class_timescale(leads, documents)
    if q.kind in ("yes_no", "period"):
        leads = _with_exceptions(leads, documents)
    if q.kind == "yes_no":
        leads = _with_time_limit(leads, documents)
    return leads


def _with_class_timescale(leads: list[Candidate], documents: Sequence[Source]
                          ) -> list[Candidate]:
    """A rule that puts the case in a repair priority ("… is treated as an emergency repair")
    comes with that priority's timescale, the sentence after its bold label ("**Emergency
    repairs** are those …" then "We will attend within 4 hours …"): "how fast?" is answered by
    both steps, not by the class alone."""
    for n, lead in enumerate(leads):
        named = PRIORITY_CLASS.search(lead.text)
        if named is None:
            continue
        label = re.compile(rf"^\*\*{named.group('priority')} repairs\*\*", re.IGNORECASE)
        for i, d in enumerate(documents):
            for unit, after in pairwise(whole_sentences([d])):
                if label.match(unit.text) and after.heading == unit.heading and \
                        DURATION.search(after.text):
                    if any(after.text == c.text for c in leads):
                        return leads
                    return [*leads[:n + 1],
                            Candidate(i, after.position, after.text, after.heading,
                                      lead.similarity, lead.overlap, True, lead.score),
                            *leads[n + 1:]]
        return leads
    return leads


def _with_exceptions(leads: list[Candidate], documents: Sequence[Source]) -> list[Candidate]:
    """A rule that the next sentence of its passage qualifies ("Complaints should be made
    within 6 months …" then "We will accept older complaints where it is fair to do so")
    comes with that sentence: without it the answer would be a flat yes or no."""
    out: list[Candidate] = []
    for c in leads:
        out.append(c)
        after = [p for p in whole_sentences([documents[c.doc]]) if p.position > c.position][:1]
        if after and after[0].heading == c.heading and EXCEPTION.search(after[0].text) and \
                all(after[0].text != o.text for o in [*leads, *out]):
            a = after[0]
            out.append(Candidate(c.doc, a.position, a.text, a.heading, c.similarity,
                                 c.overlap, c.cue, c.score))
    return out


def _with_time_limit(leads: list[Candidate], documents: Sequence[Source]) -> list[Candidate]:
    """A "yes" or "no" whose passage goes on to set the time limit of what it allows or
    requires ("Residents can swap homes …" then "We will give a decision … within 42 days")
    comes with that sentence: the key number belongs in the answer, not only in the detail."""
    first = leads[0]
    after = [p for p in whole_sentences([documents[first.doc]]) if p.position > first.position][:1]
    if not after or after[0].heading != first.heading or not LIMIT.search(after[0].text) or \
            any(after[0].text == o.text for o in leads):
        return leads
    a = after[0]
    return [first, Candidate(first.doc, a.position, a.text, a.heading, first.similarity,
                             first.overlap, first.cue, first.score), *leads[1:]]


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
                        rf"sections? (?P<number>{PROVISION_NUMBER})\b")


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


def antecedent(c: Candidate, documents: Sequence[Source]) -> Candidate | None:
    """The sentence ``c`` refers back to ("(1) … at the time that is specified …" for "(2) That
    time must be no later than five years …"), scored as ``c``: without it ``c`` says nothing
    whole."""
    before = [p for p in whole_sentences([documents[c.doc]]) if p.position < c.position]
    if not before or not _refers_back(c, before[-1]):
        return None
    b = before[-1]
    return Candidate(c.doc, b.position, b.text, b.heading, c.similarity, c.overlap, c.cue,
                     c.score)


def _with_antecedents(leads: list[Candidate], documents: Sequence[Source]) -> list[Candidate]:
    out: list[Candidate] = []
    for c in leads:
        b = antecedent(c, documents)
        if b is not None and b.text not in (o.text for o in out):
            out.append(b)
        out.append(c)
    return out


def twins(c: Candidate, ranked: Sequence[Candidate],
           documents: Sequence[Source]) -> list[Candidate]:
    """The same words in other documents nearly as close to the question (Parts 2 and 3 of an
    Act often repeat a provision): cited with the quote, since either may be the one meant."""
    status = status_of(documents[c.doc])
    return [t for t in ranked[:MAX_TWIN_RANK] if t.text == c.text and t.doc != c.doc
            and status_of(documents[t.doc]) == status and t.score >= c.score - LEAD_SPREAD]


"""Writing the extractive answer: the direct answer first, then the detail by source.

Every claim is a verbatim, cited sentence of a source; the words added around the quotes are
only what the quoted sentence itself shows: the period it states, "yes", "no" or "it depends"
from its duty, power, prohibition or condition. When the best sentences do not answer the
question the answer says so and quotes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shared.answering.citations import Citations, listed
from shared.answering.gaps import unheld
from shared.answering.leads import antecedent, choose_leads, twins
from shared.answering.openers import EXCEPTION, opener
from shared.answering.questions import Question, classify, durations
from shared.answering.selection import Candidate, Selection, Source, select
from shared.answering.status import (
    STATUS_WORDS,
    marked_statement,
    marked_without_text,
    only_repealed,
    status_of,
    statuses,
)
from shared.embeddings import Embedder
from shared.text.modality import modalities
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


def answer(question: str, documents: Sequence[Source],
           embedder: Embedder | None = None, *, tenant: str | None = None) -> str:
    """The labelled Markdown answer to ``question`` from ``documents`` (``tenant``: whose
    question and documents these are, under whom their vectors are kept)."""
    if not documents:
        return f"{NO_EVIDENCE}\n\n{OFFLINE_LABEL}\n"
    q = classify(question)
    missing = unheld(question, [d.title for d in documents], [d.ref for d in documents],
                     [d.text for d in documents])
    if missing:
        # What the sources say about something else is not what the named instrument says.
        return _no_answer(q, missing, missing=True)
    return compose(select(q, documents, embedder, tenant=tenant), documents)


def compose(selection: Selection, documents: Sequence[Source]) -> str:
    q = selection.question
    cites = Citations(documents)
    marked = marked_without_text(q, documents)
    said = marked_statement(marked, documents, cites)
    if not selection.ranked or not selection.answers:
        if said:  # what the sources do say: the provision asked about is no longer law
            return "\n\n".join([said, OFFLINE_LABEL]) + "\n"
        if not selection.ranked:
            return f"{NO_EVIDENCE}\n\n{OFFLINE_LABEL}\n"
        return _no_answer(q, subjects(q.text))
    leads = choose_leads(q, selection.ranked, documents)
    if not said and only_repealed(q, leads, documents):
        return _no_answer(q, subjects(q.text), repealed=True)
    status = statuses(leads, documents)
    # No "yes" or "no" from a provision that is not current law.
    asked = replace(q, kind="general") if (status or said) and q.kind == "yes_no" else q
    qualified = any(EXCEPTION.search(c.text) for c in leads[1:])
    sided = _sided(q, leads)
    pointed = _pointed_to(q, leads, documents)
    parts = [" ".join(_lead_sentence(asked, c, cites, first=i == 0,
                                     marked=status_of(documents[c.doc]), qualified=qualified,
                                     twins=twins(c, selection.ranked, documents),
                                     side=sided.get(i, ""),
                                     source=_source_name(documents[c.doc].title),
                                     before=pointed.get(i))
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



def _lead_sentence(q: Question, c: Candidate, cites: Citations, *, first: bool,
                   marked: str = "", qualified: bool = False,
                   twins: Sequence[Candidate] = (), side: str = "", source: str = "",
                   before: Candidate | None = None) -> str:
    # A side answered by a subsection that refers back ("(2) That time …") is quoted after
    # the sibling it points to ("(1) … at the time that is specified …").
    pointed = [f'"{before.text}" {cites.tag(before)}'] if before is not None else []
    quoted = " ".join([*pointed, f'"{c.text}" {cites.tag(c)}', *(cites.tag(t) for t in twins)])

    if marked:
        # The quote is framed as what the provision said (or will say), never as the law now.
        return f"{STATUS_WORDS[marked]}: {quoted}"
    if side:
        # Each side of a comparison says which provision or passage answers it: a quoted
        # subsection ("… is liable on summary conviction to a fine") need not name it.
        return f"For {side}, {source}: {quoted}" if source else f"For {side}: {quoted}"
    said = opener(q, c.text, qualified=qualified) if first or q.kind == "period" else ""
    return f"{said}: {quoted}" if said else quoted



def _pointed_to(q: Question, leads: Sequence[Candidate],
                documents: Sequence[Source]) -> dict[int, Candidate]:
    """For a comparison's two sides, the sibling each refers back to ("(2) That time …" points
    to "(1) … at the time that is specified …"), when the leads do not hold it already: a side
    is quoted whole, with what its words point to."""
    if q.kind != "compare":
        return {}
    held = {c.text for c in leads}
    out = {}
    for i, c in enumerate(leads[:2]):
        before = antecedent(c, documents)
        if before is not None and before.text not in held:
            out[i] = before
            held.add(before.text)
    return out


def _sided(q: Question, leads: Sequence[Candidate]) -> dict[int, str]:
    """For a comparison, the side each of its two first leads answers (lead index → the side
    in the question's words), when each answers its own side better than the other."""
    if q.kind != "compare" or len(q.sides) != 2 or len(leads) < 2:
        return {}
    out = {}
    for i, c in enumerate(leads[:2]):
        scores = c.side_scores
        if len(scores) != 2 or scores[i] < scores[1 - i]:
            return {}
        out[i] = q.sides[i]
    return out


def _source_name(title: str) -> str:
    """A source as a side's lead names it: a provision's Act and section with its heading in
    brackets ("Housing Act 2004, s. 72 (Offences in relation to licensing of HMOs)"), or the
    document's title."""
    title = " ".join(title.split())
    name, _, heading = title.partition(": ")
    return f"{name} ({heading})" if heading and " s. " in f" {name} " else title


def _table(q: Question, leads: Sequence[Candidate], documents: Sequence[Source],
           cites: Citations) -> str:
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
             cites: Citations) -> str:
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


REPEALED_ONLY = ("The only passages that match are from provisions the source marks as "
                 "repealed, which are not current law.")
"""Said after "the sources do not say" when only repealed provisions matched the question."""


def _no_answer(q: Question, named: Sequence[str], *, missing: bool = False,
               repealed: bool = False) -> str:
    """A plain "the sources do not say", naming what was asked about; nothing is quoted, so
    nothing unrelated is presented as an answer (nor old law as current law)."""
    if repealed:
        about = f" about {listed(named)}" if named else ""
        said = f"{NO_ANSWER} anything in force that answers this question{about}. {REPEALED_ONLY}"
    elif missing:
        verb = "is" if len(named) == 1 else "are"
        said = f"{NO_ANSWER} this: {listed(named)} {verb} not among them."
    elif named:
        said = f"{NO_ANSWER} anything that answers this question about {listed(named)}."
    else:
        said = f"{NO_ANSWER} anything that answers this question."
    return "\n\n".join([said, OFFLINE_LABEL]) + "\n"

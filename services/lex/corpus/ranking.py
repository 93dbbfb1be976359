"""Reordering a fused ranking of provisions: twins beside each other, each part of a
compound question answered near the top, the provisions whose headings name what is asked
about a thing moved up. Pure functions over rows (dicts with an ``id`` and
a ``score``), so they are tested without a database."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import Any

from services.lex.corpus.aspects import aspects_asked, heading_terms, names_aspect, subject_of

__all__ = ["AGREED_WITHIN", "ASPECT_WINDOW", "FULLTEXT_FIRST_PLACE", "TWINS_OF", "acts_first",
           "agreed_first", "aspects_up", "fulltext_first_kept", "named_by_lexicon_up",
           "named_second",
           "twins_together", "with_each_parts_best"]

Row = dict[str, Any]

TWINS_OF = 3
"""The first provisions whose twins are brought up beside them (measured on
bench/retrieval.py: 1 finds fewer, 5 no more)."""


def twins_together(ranked: Sequence[Row], title: Callable[[Row], str], *,
                   first: int = TWINS_OF, kept: int = 1) -> list[Row]:
    """The ``first`` provisions each followed by their twins: a provision of the same Act
    under the same heading found lower down.

    Acts run parallel regimes in parallel Parts (Parts 2 and 3 of the Housing Act 2004
    license HMOs and other houses section for section: two "Temporary exemption from
    licensing requirement"), and a question that does not say which regime is answered by
    both. A twin takes the score of the provision it follows, so scores still descend.

    The ``kept`` leading provisions stay together, their twins after them: a comparison's
    sides each have their own best at the top (``with_each_parts_best``), and the twin of the
    first side ("Licences: general requirements and duration" of Part 3 beside Part 2's) must
    not push the other side's answer ("Duration, review and revocation of designations") down.
    """
    headings = [title(r).strip().lower() for r in ranked]
    out: list[Row] = []
    placed: set[str] = set()
    waiting: list[Row] = []
    for i, row in enumerate(ranked):
        if row["id"] in placed:
            continue
        out.append(row)
        placed.add(row["id"])
        if i < first and headings[i]:
            for twin, heading in zip(ranked[i + 1:], headings[i + 1:], strict=True):
                if (heading == headings[i] and twin["id"] not in placed
                        and _act(twin["id"]) == _act(row["id"])):
                    waiting.append(twin)
                    placed.add(twin["id"])
        if len(out) >= kept:
            out += [{**twin, "score": out[-1]["score"]} for twin in waiting]
            waiting = []
    return out + [{**twin, "score": out[-1]["score"]} for twin in waiting]


ASPECT_WINDOW = 50
"""How deep the fused ranking is searched for a heading naming the aspect asked about (all
candidates: at 30, "how long can an additional licensing designation last?" misses s. 60,
41st)."""
ASPECT_MOVES = 2
"""Provisions moved up at most: a Part's provision and its Schedule, or two regimes' twins
(measured on bench/retrieval.py: 1 finds fewer, 3 no more)."""
ASPECT_PLACE = 0
"""Moved to the top: a heading naming both the aspect asked and the question's subject is a
more direct answer than the provision the whole question favours. Measured on
bench/retrieval.py's two sets and the legal questions of bench/answer_set.jsonl against
placing them after the first: MRR 0.789 → 0.828, 0.830 → 0.822 and 0.692 → 0.733, recall@5
unchanged."""


def aspects_up(ranked: Sequence[Row], title: Callable[[Row], str], question: str, *,
               window: int = ASPECT_WINDOW, moves: int = ASPECT_MOVES,
               place: int = ASPECT_PLACE, text: Callable[[Row], str] | None = None,
               current: Callable[[Row], bool] | None = None,
               about: str | None = None) -> list[Row]:
    """The provisions whose headings name the aspect ``question`` asks about its subject
    (``aspects.py``: "how long" and "Duration, review and revocation of designations"), up
    to ``moves`` of them in their order, moved to just after the first ``place`` (none: to
    the top).

    A question's subject ("HMO licence") fills every provision of its Part, so the whole
    question's ranking favours the Part's busiest provisions (the licensing requirement, the
    offences) over the one that answers what is asked about it. Scores stay where they were,
    so they still descend.

    Only the provisions ``current`` accepts are moved (all, without it): a provision repealed
    with its text gone names its aspect as a heading alone ("Penalty charge notices" of the
    repealed home information packs) and answers nothing about the law now.

    ``about`` is the question with the Act's words for its everyday ones (``spelt_out(...,
    plain=True)``), read for its subject only: "can it scrap the extra permit scheme early?"
    asks the revocation of an additional licensing designation, though it says neither word,
    while the aspects asked stay the asker's own.
    """
    asked = aspects_asked(question)
    if not asked:
        return list(ranked)
    subject = subject_of(question, asked) | (subject_of(about, asked) if about else set())
    found = [r for r in ranked[place:window]  # the title first: ``current`` decodes a record
             if any(names_aspect(title(r), a, subject, partial(text, r) if text else "")
                    for a in asked)
             and (current is None or current(r))][:moves]
    if not found:
        return list(ranked)
    ids = {r["id"] for r in found}
    head = list(ranked[:place])
    order = [*head, *found, *(r for r in ranked[place:] if r["id"] not in ids)]
    scores = [r["score"] for r in ranked]
    return [{**r, "score": s} for r, s in zip(order, scores, strict=True)]


NAMED_PLACE = 1
"""Where a heading the lexicon names is moved to: after the first, which the whole question
(or the aspect it asks) favours."""
NAMED_SAME_START = 4
"""A stem of the lexicon's that starts as one of the asker's does is the asker's word in
another form ("demolition" for "demolish"), not the Act's name for what was described."""
NAMED_LEAST = 2
"""Stems of a heading that the lexicon must supply: one shared word ("order", "notice") names
no provision."""


def named_by_lexicon_up(ranked: Sequence[Row], title: Callable[[Row], str],
                        named: set[str], said: set[str], *, window: int = ASPECT_WINDOW,
                        place: int = NAMED_PLACE, least: int = NAMED_LEAST) -> list[Row]:
    """The first provision whose heading is the Act's own name for what the asker described
    in everyday words moved up to ``place``: every stem of its heading is the lexicon's
    (``named``: the Act's words for the question's everyday ones) or the asker's (``said``),
    and at least ``least`` are the lexicon's and not the asker's words in another form.

    "Is it an offence to give the council wrong details like that?" is answered by "False or
    misleading information", and "what's he looking at for binning the papers?" by the
    provision on destroying documents; but in a long question the story's subject ("the
    licence for the shared house") fills the Part's busiest provisions, which outrank the one
    the asker described without its words. Scores stay where they were.
    """
    starts = {w[:NAMED_SAME_START] for w in said}
    named = {w for w in named if w[:NAMED_SAME_START] not in starts}
    if len(named) < least:
        return list(ranked)
    index = next((i for i, r in enumerate(ranked[:window])
                  if len((words := heading_terms(title(r))) & named) >= least
                  and words <= named | said), None)
    if index is None or index <= place:
        return list(ranked)
    order = [*ranked[:place], ranked[index], *ranked[place:index], *ranked[index + 1:]]
    return [{**r, "score": row["score"]} for r, row in zip(order, ranked, strict=True)]


AGREED_WITHIN = 25
"""How deep dense must rank full text's first provision for the two to agree on it: half of
the candidates each ranking fuses (``store._CANDIDATES``)."""
FULLTEXT_FIRST_PLACE = 5
"""The lowest place full text's first provision keeps when dense agrees: the first page."""


def agreed_first(text: Sequence[str], dense: Sequence[str], *,
                 within: int = AGREED_WITHIN) -> str | None:
    """Full text's first provision (of the ids each ranks, best first) when dense also ranks
    it within ``within``."""
    return text[0] if text and text[0] in dense[:within] else None


def fulltext_first_kept(ranked: Sequence[Row], first: str | None, *,
                        place: int = FULLTEXT_FIRST_PLACE) -> list[Row]:
    """``ranked`` with full text's first provision (its id, ``first``: see ``agreed_first``)
    moved up to ``place`` when it lies lower; scores stay where they were, so they still
    descend.

    Fusion weighs dense double, so a provision that full text ranks first and dense only
    well down sinks below every provision dense ranks near the top, and the reordering after
    fusion (a compound question's parts, the aspect asked) can push it further. Full text's
    first alone is wrong too often to keep up (measured on bench/retrieval.py: kept within
    three or five, it costs the earlier items more than it brings the fresh ones); agreed by
    dense, it earns a place on the first page.
    """
    index = next((i for i, r in enumerate(ranked) if r["id"] == first), None)
    if index is None or index < place:
        return list(ranked)
    order = [*ranked[:place - 1], ranked[index], *ranked[place - 1:index], *ranked[index + 1:]]
    return [{**r, "score": row["score"]} for r, row in zip(order, ranked, strict=True)]


def named_second(named: Sequence[Row], ranked: Sequence[Row]) -> list[Row]:
    """The provisions a query's expansion names by their popular name ("a section 21
    notice" is s. 21 of the Housing Act 1988) second, after the best match of the question
    itself, with its score (so scores still descend); one already in the first two stays.

    The asker did not cite them, and "can we serve a section 21 notice while the deposit is
    unprotected?" is answered first by the provision on deposits; but the named provision is
    the other half of the answer, and its words may be nowhere in the question.
    """
    ids = {r["id"] for r in named} - {r["id"] for r in ranked[:2]}
    if not ids:
        return list(ranked)
    rest = [r for r in ranked if r["id"] not in ids]
    moved = [r for r in named if r["id"] in ids]
    if not rest:
        return [{**r, "score": 1.0} for r in moved]
    top = rest[0]["score"]
    return [rest[0], *({**r, "score": top} for r in moved), *rest[1:]]


def acts_first(ranked: Sequence[Row], acts: Collection[str]) -> list[Row]:
    """The provisions of the Acts a question names (their ids: ``…/id/ukpga/2004/34``)
    before all others, each group in its order; scores stay where they were.

    "Is the Sale of Offices Act 1809 still in force?" is about that Act, whatever else its
    words match: "in force" fills the transitional provisions of every Act in the corpus.
    """
    if not acts:
        return list(ranked)
    order = sorted(ranked, key=lambda r: _act(r["id"]) not in acts)
    return [{**r, "score": row["score"]} for r, row in zip(order, ranked, strict=True)]


def _act(provision_id: str) -> str:
    """``…/ukpga/2004/34`` of ``…/ukpga/2004/34/section/62``."""
    return provision_id.rsplit("/", 2)[0]


def with_each_parts_best(whole: Sequence[Row], parts: Sequence[Sequence[Row]], size: int,
                         *, k: int) -> list[Row]:
    """The whole question's ranking with each part's best answer right after its own first.

    The smaller half of a compound question is answered near the top, and the provision the
    whole question favours keeps its first place. Scores are the merged rank's reciprocal
    (``1 / (k + rank)``), on the scale of reciprocal rank fusion.
    """
    order = [*whole[:1], *(part[0] for part in parts if part), *whole[1:]]
    out: dict[str, Row] = {}
    for row in order:
        if row["id"] not in out:
            out[row["id"]] = {**row, "score": 1 / (k + len(out) + 1)}
    return list(out.values())[:size]

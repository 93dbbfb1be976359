"""Reordering a fused ranking of provisions: twins beside each other, each part of a
compound question answered near the top. Pure functions over rows (dicts with an ``id`` and
a ``score``), so they are tested without a database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["TWINS_OF", "twins_together", "with_each_parts_best"]

Row = dict[str, Any]

TWINS_OF = 3
"""The first provisions whose twins are brought up beside them (measured on
bench/retrieval.py: 1 finds fewer, 5 no more)."""


def twins_together(ranked: Sequence[Row], title: Callable[[Row], str], *,
                   first: int = TWINS_OF) -> list[Row]:
    """The ``first`` provisions each followed by their twins: a provision of the same Act
    under the same heading found lower down.

    Acts run parallel regimes in parallel Parts (Parts 2 and 3 of the Housing Act 2004
    license HMOs and other houses section for section: two "Temporary exemption from
    licensing requirement"), and a question that does not say which regime is answered by
    both. A twin takes the score of the provision it follows, so scores still descend.
    """
    headings = [title(r).strip().lower() for r in ranked]
    out: list[Row] = []
    placed: set[str] = set()
    for i, row in enumerate(ranked):
        if row["id"] in placed:
            continue
        out.append(row)
        placed.add(row["id"])
        if i >= first or not headings[i]:
            continue
        for twin, heading in zip(ranked[i + 1:], headings[i + 1:], strict=True):
            if (heading == headings[i] and twin["id"] not in placed
                    and _act(twin["id"]) == _act(row["id"])):
                out.append({**twin, "score": row["score"]})
                placed.add(twin["id"])
    return out


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

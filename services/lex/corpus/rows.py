"""A stored row and the record it holds: each row keeps its record's msgspec JSON, so what is
read back is exactly what was imported; these decode a fetched row into its record (with
the search score it was found with) and encode a section into the row written for it.

Apart from ``store.py`` so that every read and write of a row's record goes one way, whichever
search or import made it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import asyncpg
import msgspec

from services.lex.corpus.records import Caselaw, CaselawParagraph, LegislationSection
from services.lex.corpus.results import ActResult, SectionScore
from shared.lex.paths import legislation_path, number_key

__all__ = ["Row", "_act_result", "_caselaw", "_encode", "_paragraph", "_section",
           "_section_row"]

Row = asyncpg.Record | Mapping[str, Any]
"""A row as fetched, or as fused (a dict with the fused score)."""


def _section(row: Row, *, include_text: bool = True) -> LegislationSection:
    s = msgspec.json.decode(row["record"], type=LegislationSection)
    score = row.get("score")
    updates: dict[str, Any] = {}
    if score is not None:
        updates["score"] = float(score)
    if not include_text:
        updates["text"] = ""
    return msgspec.structs.replace(s, **updates) if updates else s


def _encode(record: msgspec.Struct) -> str:
    return msgspec.json.encode(record).decode()


def _section_row(legislation_id: str, s: LegislationSection) -> tuple[object, ...]:
    major, minor = number_key(s.number)
    return (s.id, legislation_id, legislation_path(s.id), s.provision_type, s.number, major,
            minor, s.title, s.text, _encode(s))


def _act_result(row: asyncpg.Record, include_text: bool) -> ActResult:
    act = msgspec.json.decode(row["record"], type=ActResult)
    sections = msgspec.json.decode(row["sections"], type=list[SectionScore])
    return msgspec.structs.replace(act, sections=sections, score=float(row["score"]),
                                   text=act.text if include_text else "")


def _caselaw(row: Row) -> Caselaw:
    case = msgspec.json.decode(row["record"], type=Caselaw)
    if row.get("score") is not None:
        case = msgspec.structs.replace(case, score=float(row["score"]))
    return case


def _paragraph(row: Row) -> CaselawParagraph:
    p = msgspec.json.decode(row["record"], type=CaselawParagraph)
    return msgspec.structs.replace(p, score=float(row["score"]))

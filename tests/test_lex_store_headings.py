"""The rankings' reading of a provision's record in the corpus store: its title, text and
status decoded once a search, as the whole record reads them."""

from __future__ import annotations

import msgspec
import pytest

from services.lex.corpus.records import LegislationSection
from services.lex.corpus.store import _Headings

ACT = "http://www.legislation.gov.uk/id/ukpga/1988/50"


def _row(number: str, **fields: object) -> dict[str, object]:
    record = LegislationSection(id=f"{ACT}/section/{number}", uri=f"{ACT}/section/{number}",
                                legislation_id=ACT, title=f"Section {number}",
                                text=f"({number}) The text.", **fields)  # type: ignore[arg-type]
    return {"id": record.id, "record": msgspec.json.encode(record).decode()}


@pytest.mark.parametrize(("fields", "current"), [
    ({}, True),
    ({"status": "repealed"}, False),
    ({"status": "repealed", "retains_text": True}, True),  # repealed with savings
    ({"status": "prospective"}, True),
])
def test_a_heading_reads_as_the_whole_record(fields: dict[str, object], current: bool) -> None:
    row = _row("21", **fields)
    whole = msgspec.json.decode(str(row["record"]), type=LegislationSection)
    headings = _Headings()
    assert (headings.title(row), headings.text(row), headings.current(row)) == (
        whole.title, whole.text, current)


def test_each_record_is_decoded_once_a_search() -> None:
    headings, row = _Headings(), _row("8")
    assert headings.title(row) == "Section 8"
    again = {**row, "record": "not JSON"}  # the same provision, copied by a later move
    assert (headings.title(again), headings.text(again), headings.current(again)) == (
        "Section 8", "(8) The text.", True)
    with pytest.raises(msgspec.DecodeError):
        _Headings().title(again)

"""The names of the months, read once (shared/text/dates.py): the dates the verifier's claim
check compares and the "each April" the answerer takes as a "when" read from one list."""

from __future__ import annotations

import re

import pytest

from services.lex.corpus._clml_notes import _spoken
from shared.answering.questions import _EVENT
from shared.text.dates import MONTH, MONTHS, month_number
from shared.verification.claims import dates


def test_the_months_in_their_order() -> None:
    assert len(MONTHS) == 12 and MONTHS[0] == "January" and MONTHS[-1] == "December"
    assert [month_number(m) for m in MONTHS] == list(range(1, 13))
    assert month_number(" april ") == 4
    with pytest.raises(KeyError):
        month_number("Spring")


@pytest.mark.parametrize(("text", "found"), [
    ("May", True), ("september", False),  # the caller says whether case counts
    ("Mayday", False), ("Sept", False),
])
def test_a_months_name(text: str, found: bool) -> None:
    assert bool(re.fullmatch(MONTH, text)) is found


@pytest.mark.parametrize(("text", "iso"), [
    ("The ban took effect on 1 May 2026.", {"2026-05-01"}),
    ("served on the 28th february 2025 and 3 December 2024", {"2025-02-28", "2024-12-03"}),
    ("in May 2026", set()),  # a month and a year are not a full date
    ("on 2026-05-01", {"2026-05-01"}),
])
def test_the_full_dates_a_statement_states(text: str, iso: set[str]) -> None:
    assert dates(text) == iso


@pytest.mark.parametrize(("sentence", "found"), [
    ("Rents are reviewed each April.", True),
    ("We write each december to every tenant.", True),
    ("Rents are reviewed in April.", False),
    ("Each Monday we inspect the stairs.", False),
])
def test_a_rule_tied_to_a_month_answers_when(sentence: str, found: bool) -> None:
    assert bool(_EVENT.search(sentence)) is found


def test_a_repeal_notes_date_is_spoken_with_the_months_name() -> None:
    assert _spoken("2026-05-01") == "1 May 2026"
    assert _spoken("2025-12-31") == "31 December 2025"
    assert _spoken("2024-01-09") == "9 January 2024"

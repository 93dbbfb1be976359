"""A Schedule is searched by its paragraphs: each under the Schedule's title and its
cross-heading (``services/lex/corpus/paragraphs.py``, ``vectors.section_chunks``)."""

from __future__ import annotations

from services.lex.corpus.paragraphs import schedule_paragraphs
from services.lex.corpus.vectors import SECTION_CHUNKS, section_chunks

SCHEDULE = """**Part 1**

**Action taken by agreement**

**Power to take action by agreement**

**1** (1) The local housing authority may, by agreement with the person on whom an improvement
notice has been served, take any action which that person is required to take.

(2) For that purpose the authority have all the rights which that person would have.

**2** . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .

**Part 2**

**Expenses and interest recoverable from occupiers**

**12** (1) Where a demand becomes operative, the local housing authority may serve a recovery
notice on any person who occupies the premises as the tenant of the person on whom the demand
was served.

**Part 3**

**12A** In this paragraph "rent" includes any sum in the nature of rent paid by the occupier.
"""

QUOTED = """> **SCHEDULE 5A**
>
> **Initial demolition notices**
>
> **1** (1) For the purposes of this Schedule an initial demolition notice is a notice served on
> a secure tenant stating that the landlord intends to demolish the dwelling-house.
>
> **Period of validity of initial demolition notices**
>
> **2** (1) An initial demolition notice remains in force for the period specified in it, which
> must not exceed the permitted period.
"""


def test_each_numbered_paragraph_with_its_cross_heading() -> None:
    found = schedule_paragraphs(SCHEDULE)
    assert [(p.number, p.heading) for p in found] == [
        ("1", "Power to take action by agreement"),
        ("12", "Expenses and interest recoverable from occupiers"),
        ("12A", "Expenses and interest recoverable from occupiers")]
    assert "(2) For that purpose the authority have all the rights" in found[0].text
    assert "Part 3" not in found[1].text  # a Part's heading is no paragraph's text


def test_an_omitted_paragraph_is_not_searched() -> None:
    assert "2" not in [p.number for p in schedule_paragraphs(SCHEDULE)]


def test_a_quoted_schedule_keeps_its_paragraphs() -> None:
    found = schedule_paragraphs(QUOTED)
    assert [(p.number, p.heading) for p in found] == [
        ("1", "Initial demolition notices"),
        ("2", "Period of validity of initial demolition notices")]
    assert not any(">" in p.text for p in found)


def test_a_schedule_is_embedded_by_its_paragraphs() -> None:
    chunks = section_chunks("Improvement notices: enforcement action", SCHEDULE, schedule=True)
    assert chunks[0].startswith("Improvement notices: enforcement action\n**Part 1**")
    assert len(chunks) == 1 + 3
    assert chunks[2].splitlines()[:2] == ["Improvement notices: enforcement action",
                                          "Expenses and interest recoverable from occupiers"]
    assert "recovery notice" in chunks[2] and "**12**" not in chunks[2]


def test_a_section_is_embedded_by_windows_as_before() -> None:
    text = " ".join(f"word{i}" for i in range(1000))
    chunks = section_chunks("A long section", text)
    assert len(chunks) == SECTION_CHUNKS
    assert section_chunks("A long section", text) == section_chunks(
        "A long section", text, schedule=False)

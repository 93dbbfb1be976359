"""The corpus keeps a provision's current version whatever order its sources are imported in
(``services/lex/corpus/versions.py``), against the real PostgreSQL."""

from __future__ import annotations

import pytest

from services.lex.corpus.importer import import_paths
from services.lex.corpus.records import Legislation, LegislationSection, legislation_uri
from services.lex.corpus.store import CorpusStore
from shared.runtime import Infra
from tests.conftest import SHARED_DATA

ACT = legislation_uri("ukpga/2099/1")
SECTION = legislation_uri("ukpga/2099/1/section/1")
OTHER = legislation_uri("ukpga/2099/1/section/2")


def _act() -> Legislation:
    return Legislation(id=ACT, uri="https://www.legislation.gov.uk/ukpga/2099/1",
                       title="Test Act 2099")


def _section(id_: str, text: str, start: str | None) -> LegislationSection:
    return LegislationSection(id=id_, uri=id_, legislation_id=ACT, title="Duty", text=text,
                              number=id_.rsplit("/", 1)[-1], restrict_start_date=start)


async def _text(store: CorpusStore, id_: str = SECTION) -> str:
    text = await store.pool.fetchval("SELECT text FROM legislation_sections WHERE id = $1", id_)
    assert isinstance(text, str)
    return text


@pytest.mark.parametrize("newer_first", [True, False])
async def test_the_newer_fragment_wins_in_either_order(infra: Infra, newer_first: bool) -> None:
    store = CorpusStore(infra.pool, dense=False)
    old, new = _section(SECTION, "old text", "2010-01-01"), _section(SECTION, "new text",
                                                                      "2020-01-01")
    for s in (new, old) if newer_first else (old, new):
        await store.put_legislation(_act(), [s], merge=True)
    assert await _text(store) == "new text"


@pytest.mark.parametrize("dated_first", [True, False])
async def test_an_undated_excerpt_yields_to_a_dated_version(infra: Infra,
                                                            dated_first: bool) -> None:
    store = CorpusStore(infra.pool, dense=False)
    dated, undated = _section(SECTION, "dated", "2020-01-01"), _section(SECTION, "undated", None)
    for s in (dated, undated) if dated_first else (undated, dated):
        await store.put_legislation(_act(), [s], merge=True)
    assert await _text(store) == "dated"


async def test_an_older_whole_act_keeps_a_newer_provision_and_replaces_the_rest(
        infra: Infra) -> None:
    """Replacing the Act whole still drops what the new import does not hold, but a newer
    version of a provision it does hold, imported before, stays."""
    store = CorpusStore(infra.pool, dense=False)
    stale = legislation_uri("ukpga/2099/1/section/9")
    await store.put_legislation(_act(), [_section(SECTION, "new text", "2020-01-01"),
                                         _section(stale, "gone", "2020-01-01")])
    await store.put_legislation(_act(), [_section(SECTION, "old text", "2010-01-01"),
                                         _section(OTHER, "other", "2010-01-01")])
    assert await _text(store) == "new text"
    assert await _text(store, OTHER) == "other"
    assert await store.pool.fetchval(
        "SELECT count(*) FROM legislation_sections WHERE id = $1", stale) == 0


async def test_a_newer_whole_act_replaces_an_older_provision(infra: Infra) -> None:
    store = CorpusStore(infra.pool, dense=False)
    await store.put_legislation(_act(), [_section(SECTION, "old text", "2010-01-01")])
    await store.put_legislation(_act(), [_section(SECTION, "new text", "2020-01-01"),
                                         _section(OTHER, "other", "2020-01-01")])
    assert await _text(store) == "new text"


@pytest.mark.parametrize("order", [("lex_fragment_2.xml", "lex_fragment_3.xml"),
                                   ("lex_fragment_3.xml", "lex_fragment_2.xml")])
async def test_real_fragments_of_one_section_keep_the_dated_version(
        infra: Infra, order: tuple[str, str]) -> None:
    """Two files hold s. 4 of the Energy Prices Act 2022: one under its heading, from 25
    October 2022; the other bare, undated and without the heading. The dated version is kept
    whichever comes last."""
    store = CorpusStore(infra.pool, dense=False)
    for name in order:
        await import_paths(store, [SHARED_DATA / "legislation" / name])
    row = await store.pool.fetchrow(
        "SELECT title, record->>'restrict_start_date' AS start FROM legislation_sections"
        " WHERE id = $1", legislation_uri("ukpga/2022/44/section/4"))
    assert row is not None
    assert (row["title"], row["start"]) == ("Interpretation of sections 1 to 3", "2022-10-25")

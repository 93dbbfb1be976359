"""The nations of the United Kingdom (shared/text/nations.py): one list for Lex's extents, the
verifier's jurisdiction and repeal checks, and the answerer's "repealed for another nation"."""

from __future__ import annotations

import re

import pytest

from services.lex import contract
from services.lex.corpus._clml_extent import extents
from shared.answering.status import _ELSEWHERE, _FOR_ENGLAND
from shared.text.nations import (
    ENGLAND_AND_WALES,
    EXTENTS,
    GREAT_BRITAIN,
    NATION,
    NATIONS,
    UNITED_KINGDOM,
    WHOLES,
)
from shared.verification.context import EXTENT_NAMES, JURISDICTIONS, jurisdiction_or_default
from shared.verification.jurisdiction import _extent, coverage, places
from shared.verification.temporal import _repealed_elsewhere


def test_nations_in_legislation_gov_uk_order_and_the_extents_after_them() -> None:
    assert NATIONS == ("England", "Wales", "Scotland", "Northern Ireland")
    assert EXTENTS == (*NATIONS, UNITED_KINGDOM)
    assert set(WHOLES[UNITED_KINGDOM]) == set(NATIONS)
    assert WHOLES[GREAT_BRITAIN] == ("England", "Wales", "Scotland")
    assert ENGLAND_AND_WALES == f"{NATIONS[0]} and {NATIONS[1]}"


@pytest.mark.parametrize("name", NATIONS)
def test_nation_pattern_matches_each_name_whole(name: str) -> None:
    assert re.fullmatch(NATION, name)
    assert re.fullmatch(NATION, name.upper(), re.IGNORECASE)


def test_nation_pattern_is_one_group_callers_can_repeat() -> None:
    listed = re.compile(rf"{NATION}(?:, {NATION})*")
    assert listed.fullmatch("Wales, Scotland, Northern Ireland")
    assert re.findall(NATION, "England and Northern Ireland") == ["England", "Northern Ireland"]
    assert not re.fullmatch(NATION, "Ireland")


def test_each_jurisdiction_is_named_as_lex_writes_its_extent() -> None:
    assert EXTENT_NAMES == {"england": "England", "wales": "Wales", "scotland": "Scotland",
                            "northern_ireland": "Northern Ireland"}
    assert all(jurisdiction_or_default(EXTENT_NAMES[j]) == j for j in JURISDICTIONS)


def test_lex_extents_read_in_order_and_the_contract_lists_them() -> None:
    assert extents("N.I.+S+W+E") == list(NATIONS)
    assert extents("UK") == [UNITED_KINGDOM]
    assert contract._EXTENTS == [*EXTENTS, ""]


def test_verifier_reads_wholes_and_lists_of_nations() -> None:
    assert _extent("This section extends to the whole of the United Kingdom.") == {
        "england", "wales", "scotland", "northern ireland"}
    assert _extent("It extends to Great  Britain only.") == {"england", "wales", "scotland"}
    assert _extent("extends to England, Wales and Northern Ireland") == {
        "england", "wales", "northern ireland"}
    assert places("premises in Northern Ireland and in relation to Wales") == {
        "Northern Ireland", "Wales"}
    assert coverage("wales", ["United Kingdom"], {}, None, "").covered is True
    assert coverage("scotland", ["England", "Wales"], {}, None, "").covered is False


def test_repeals_for_other_nations_only() -> None:
    assert _repealed_elsewhere("Repealed for Scotland, Wales or Northern Ireland", "england")
    assert not _repealed_elsewhere("Repealed for Wales and for England", "england")
    assert _ELSEWHERE.search("Repealed for Northern Ireland only")
    assert not _ELSEWHERE.search("Repealed for England")
    assert _FOR_ENGLAND.search(f"Repealed ({ENGLAND_AND_WALES})")

"""How a provision is numbered and named (shared/text/provisions.py): one definition for the
answerer's, the verifier's, Lex's and the legislation worker's readers of a section number."""

from __future__ import annotations

import re

import pytest

from services.lex.corpus.citations import cited_provision
from shared.answering.status import _NAMED_SECTION
from shared.text.provisions import PROVISION_NUMBER, SECTION
from shared.verification.legislation import _TITLE_REF
from shared.verification.siblings import _REFERRED, _UNIT


@pytest.mark.parametrize("number", ["1", "21", "21A", "8ZA", "106ZBA"])
def test_a_provision_number_is_digits_and_up_to_three_capitals(number: str) -> None:
    assert re.fullmatch(PROVISION_NUMBER, number)


@pytest.mark.parametrize("text", ["A21", "21a", "21ABCD", ""])
def test_a_provision_number_is_nothing_else(text: str) -> None:
    assert not re.fullmatch(PROVISION_NUMBER, text)


def test_section_is_the_word_or_its_abbreviation() -> None:
    assert re.fullmatch(SECTION, "section") and re.fullmatch(SECTION, "s.")
    assert re.fullmatch(SECTION, "Section", re.IGNORECASE)
    assert not re.fullmatch(SECTION, "sections")


def test_every_reader_takes_the_whole_number() -> None:
    assert _NAMED_SECTION.search("see s.21A of the Act")[1] == "21A"  # type: ignore[index]
    m = _TITLE_REF.match("Housing Act 1988, section 8ZA(1)")
    assert m and m["number"] == "8ZA" and m["subs"] == "(1)"
    assert _REFERRED.search("subsections (1A) and (2)")[1] == "1A"  # type: ignore[index]
    assert _UNIT.match("**21B** A landlord") and _UNIT.match("(4ZA) Where")
    cited = cited_provision("s. 21A of the Housing Act 1988")
    assert cited is not None and "21A" in repr(cited)

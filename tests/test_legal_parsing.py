"""The CLML and Akoma Ntoso parsers against the real files in ../shared/data (never copied here)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from services.lex.corpus.akn import ParsedJudgment, parse_judgment
from services.lex.corpus.clml import ParsedLegislation, parse_legislation
from services.lex.corpus.errors import (
    LegalParseError,
    MalformedXmlError,
    MissingMetadataError,
    NotAkomaNtosoError,
    NotClmlError,
    UnsafeXmlError,
)
from services.lex.corpus.records import LegislationSection
from tests.conftest import SHARED_DATA

LEGISLATION = SHARED_DATA / "legislation"
CASELAW = SHARED_DATA / "caselaw"
E_W = ["England", "Wales"]
ALL_FOUR = ["England", "Wales", "Scotland", "Northern Ireland"]


@cache
def act(name: str) -> ParsedLegislation:
    return parse_legislation((LEGISLATION / name).read_bytes())


@cache
def judgment(name: str) -> ParsedJudgment:
    return parse_judgment((CASELAW / name).read_bytes())


def section(parsed: ParsedLegislation, number: str, kind: str = "section") -> LegislationSection:
    found = [s for s in parsed.sections if s.number == number and s.provision_type == kind]
    assert len(found) == 1, f"{kind} {number}: {len(found)} found"
    return found[0]


# -- Housing Act 2004 --------------------------------------------------------------------------

HA2004 = "ukpga-2004-34-revised-data.xml"


def test_housing_act_2004_metadata() -> None:
    a = act(HA2004).legislation
    assert a.id == "http://www.legislation.gov.uk/id/ukpga/2004/34"
    assert a.uri == "https://www.legislation.gov.uk/ukpga/2004/34"
    assert (a.title, a.type, a.year, a.number) == ("Housing Act 2004", "ukpga", 2004, 34)
    assert a.category == "primary"
    assert a.enactment_date == "2004-11-18"
    assert a.valid_date == "2022-04-28"
    assert a.description.startswith("An Act to make provision about housing conditions")
    assert not a.pre_1963 and not a.repealed and a.regnal_year is None


def test_housing_act_2004_section_5_text_and_extent() -> None:
    s5 = section(act(HA2004), "5")
    assert s5.id == "http://www.legislation.gov.uk/id/ukpga/2004/34/section/5"
    assert s5.uri == "https://www.legislation.gov.uk/ukpga/2004/34/section/5"
    assert s5.legislation_id == "http://www.legislation.gov.uk/id/ukpga/2004/34"
    assert s5.title == "Category 1 hazards: general duty to take enforcement action"
    assert "must take the appropriate enforcement action" in s5.text
    assert s5.extent == E_W
    assert s5.status == "in_force" and s5.status_note is None
    assert (s5.legislation_type, s5.legislation_year, s5.legislation_number) == ("ukpga", 2004, 34)


def test_subsections_and_paragraphs_keep_their_numbers_in_markdown() -> None:
    text = section(act(HA2004), "5").text
    lines = text.split("\n\n")
    assert lines[0].startswith("(1) If a local housing authority consider")
    assert "(2) In subsection (1)" in text
    assert "- (a) serving an improvement notice under section 11;" in lines
    assert "- (g) declaring the area" in text
    assert text.index("(1) ") < text.index("(2) ") < text.index("(7) ")
    assert "<" not in text  # no XML left behind


def test_part_5_is_repealed_with_a_note_and_s190_prospective() -> None:
    parsed = act(HA2004)
    for n in range(148, 179):
        s = section(parsed, str(n))
        assert s.status == "repealed", n
    s148 = section(parsed, "148")
    assert s148.status_note == "Repealed from 15 January 2012 by the Localism Act 2011"
    assert s148.repealed_from == "2012-01-15"
    assert section(parsed, "147").status == "in_force"
    assert section(parsed, "179").status == "in_force"
    s190 = section(parsed, "190")
    assert s190.status == "prospective"
    assert s190.status_note and "not yet in force" in s190.status_note
    assert "> **142A** (1) As from the termination date" in s190.text  # quoted amendment


def test_provisions_repealed_without_a_status_attribute_are_repealed() -> None:
    """A section that "ceases to have effect" (each subsection wrapped in a retained Repeal)
    and sections left as dotted lines with a repealing commentary are not in force."""
    parsed = act(HA2004)
    s217 = section(parsed, "217")
    assert (s217.status, s217.repealed_from, s217.retains_text) == ("repealed", "2012-03-21",
                                                                     True)
    assert s217.status_note == "Ceased to have effect from 21 March 2012 by the Energy Act 2011"
    for n in ("225", "226"):
        s = section(parsed, n)
        assert (s.status, s.repealed_from) == ("repealed", "2016-07-12"), n
        assert s.status_note == "Omitted from 12 July 2016 by the Housing and Planning Act 2016"
    assert section(parsed, "202").status == "repealed"
    assert section(parsed, "5").status == "in_force"


def test_housing_act_2004_counts_are_plausible() -> None:
    parsed = act(HA2004)
    sections = [s for s in parsed.sections if s.provision_type == "section"]
    schedules = [s for s in parsed.sections if s.provision_type == "schedule"]
    assert len(sections) == 281
    assert len({s.number for s in sections}) == 281
    assert 15 <= len(schedules) <= 18
    assert {s.status for s in sections} == {"in_force", "repealed", "prospective"}
    sch1 = section(parsed, "1", "schedule")
    assert sch1.id == "http://www.legislation.gov.uk/id/ukpga/2004/34/schedule/1"
    assert "**1** (1) This paragraph applies" in sch1.text


def test_extents_below_section_level_come_from_the_markup() -> None:
    parsed = act(HA2004)
    marked = {s.number: s.subsection_extents for s in parsed.sections if s.subsection_extents}
    assert marked["96"]["6A"] == ["Wales"]  # <P2 RestrictExtent="W"> on s. 96(6A)
    assert marked["96"]["8(a)(ii)"] == ["Wales"]  # <P4 RestrictExtent="W">
    assert "8" not in marked["96"]
    assert "5" not in marked and "1" not in marked
    sch4 = section(parsed, "4", "schedule").subsection_extents
    assert sch4["1(3)(c)"] == ["England"] and sch4["1(4A)"] == ["England"]


# -- Housing Act 1988, s. 21 (repealed for specified purposes, text retained) ---------------------

S21 = "ukpga-1988-50-section-21-2026-05-01.xml"


def test_section_21_is_repealed_from_1_may_2026_with_text_retained() -> None:
    parsed = act(S21)
    assert parsed.legislation.title == "Housing Act 1988"
    assert not parsed.legislation.repealed  # only Part I Chapter II goes
    s21 = section(parsed, "21")
    assert s21.status == "repealed"
    assert s21.retains_text
    assert s21.repealed_from == "2026-05-01"
    assert s21.status_note == (
        "Omitted from 1 May 2026 for specified purposes by the Renters' Rights Act 2025, "
        "with savings"
    )
    assert s21.title == (
        "Recovery of possession on expiry or termination of assured shorthold tenancy."
    )
    assert "(4) Without prejudice to any such right" in s21.text  # the text is kept


def test_section_21_extent_and_england_only_subsections() -> None:
    s21 = section(act(S21), "21")
    assert s21.extent == E_W
    england = {k for k, v in s21.subsection_extents.items() if v == ["England"]}
    assert {"1A", "1B", "4ZA", "4B", "4D", "4E"} <= england
    assert not {"1", "2", "3", "4", "4A", "5"} & set(s21.subsection_extents)
    assert all(v == ["England"] for v in s21.subsection_extents.values())


# -- old statutes --------------------------------------------------------------------------------


def test_sale_of_offices_act_1809_is_wholly_repealed_and_pre_1963() -> None:
    parsed = act("ukpga-Geo3-49-126-revised-data.xml")
    a = parsed.legislation
    assert a.title == "Sale of Offices Act 1809"
    assert a.repealed and a.pre_1963
    assert (a.year, a.number, a.regnal_year) == (1809, 126, "Geo3/49")
    assert a.id == "http://www.legislation.gov.uk/id/ukpga/Geo3/49/126"
    assert parsed.sections and all(s.status == "repealed" for s in parsed.sections)
    assert all(s.pre_1963 for s in parsed.sections)
    first = section(parsed, "1")
    assert first.status_note == (
        "Repealed from 31 January 2013 by the Statute Law (Repeals) Act 2013"
    )
    assert first.repealed_from == "2013-01-31"


def test_1313_statute_is_pre_1963() -> None:
    parsed = act("aep-Edw2-7-0-revised-data.xml")
    a = parsed.legislation
    assert a.pre_1963 and a.year == 1313 and a.regnal_year == "Edw2/7"
    assert a.title == "A Statute forbidding Bearing of Armour (1313)"
    assert not a.repealed
    assert len(parsed.sections) == 1
    assert "The King" in parsed.sections[0].text and parsed.sections[0].extent == E_W


# -- fragments -------------------------------------------------------------------------------------


def test_energy_prices_act_section_5_is_northern_ireland_only() -> None:
    parsed = act("lex_fragment_4.xml")
    assert parsed.is_fragment
    assert parsed.legislation.id == "http://www.legislation.gov.uk/id/ukpga/2022/44"
    s5 = section(parsed, "5")
    assert s5.extent == ["Northern Ireland"]
    assert s5.id == "http://www.legislation.gov.uk/id/ukpga/2022/44/section/5"
    assert s5.restrict_start_date == "2022-10-25"
    assert "(1) The Secretary of State may establish a domestic electricity" in s5.text


def test_every_fragment_parses() -> None:
    expected = {1: set(), 2: {"4"}, 3: {"4"}, 4: {"5"}, 5: {"18"}, 6: {"6", "7"}, 7: {"1"},
                8: {"10"}}
    for n, numbers in expected.items():
        parsed = act(f"lex_fragment_{n}.xml")
        assert parsed.is_fragment
        assert {s.number for s in parsed.sections} == numbers, n
    assert section(act("lex_fragment_3.xml"), "4").extent == ["England", "Wales", "Scotland"]
    assert act("lex_fragment_6.xml").legislation.category == "secondary"


# -- EU-derived legislation ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "kind", "number"), [
    ("eudn-2007-257-revised-data.xml", "eudn", 257),
    ("eur-2016-2243-revised-data.xml", "eur", 2243),
])
def test_eu_legislation_is_euretained(name: str, kind: str, number: int) -> None:
    parsed = act(name)
    a = parsed.legislation
    assert a.category in ("euretained", "european")
    assert (a.type, a.number) == (kind, number)
    assert a.title.startswith("Commission")
    assert [s.number for s in parsed.sections if s.provision_type == "section"] == ["1", "2"]
    assert all(s.extent == ALL_FOUR for s in parsed.sections)


# -- judgments -----------------------------------------------------------------------------------

JUDGMENTS = {
    "ewhc_admin_2017_3409.xml": ("https://caselaw.nationalarchives.gov.uk/ewhc/admin/2017/3409",
                                 "ewhc", "admin", "[2017] EWHC 3409 (Admin)", "D2M Solutions"),
    "ewhc_admin_2017_3364.xml": ("https://caselaw.nationalarchives.gov.uk/ewhc/admin/2017/3364",
                                 "ewhc", "admin", "[2017] EWHC 3364 (Admin)", "Corbiere"),
    "ewhc_ch_2017_3397.xml": ("https://caselaw.nationalarchives.gov.uk/ewhc/ch/2017/3397",
                              "ewhc", "ch", "[2017] EWHC 3397 (Ch)", "Holyoake"),
    "ewhc_ch_2017_3414.xml": ("https://caselaw.nationalarchives.gov.uk/ewhc/ch/2017/3414",
                              "ewhc", "ch", "[2017] EWHC 3414 (Ch)", "Union Des Associations"),
    "ewfc_2017_83.xml": ("https://caselaw.nationalarchives.gov.uk/ewfc/2017/83",
                         "ewfc", None, "[2017] EWFC 83", "Y v Z"),
}


@pytest.mark.parametrize("name", sorted(JUDGMENTS))
def test_judgment_metadata_and_paragraphs(name: str) -> None:
    uri, court, division, cite, name_start = JUDGMENTS[name]
    parsed = judgment(name)
    c = parsed.caselaw
    assert (c.id, c.court, c.division, c.cite_as) == (uri, court, division, cite)
    assert c.name.startswith(name_start)
    assert c.year == 2017 and c.number == int(uri.rsplit("/", 1)[1])
    assert c.date and c.date.startswith("2017-12-")
    assert c.judges and all(j.startswith(("MR", "MRS", "THE")) for j in c.judges)
    assert cite in c.header
    numbers = [p.number for p in parsed.paragraphs]
    assert len(numbers) >= 9
    assert numbers[:3] == ["1", "2", "3"]
    assert all(p.text and p.caselaw_id == uri and p.cite_as == cite for p in parsed.paragraphs)


def test_judgment_details() -> None:
    d2m = judgment("ewhc_admin_2017_3409.xml")
    assert d2m.caselaw.judges == ["MR JUSTICE HOLGATE"]
    assert d2m.caselaw.date == "2017-12-21"
    assert d2m.paragraphs[0].text.startswith("The Claimant, D2M Solutions Limited, applies")
    assert "http://www.legislation.gov.uk/id/ukpga/1990/8" in d2m.caselaw.legislation_references
    corbiere = judgment("ewhc_admin_2017_3364.xml").caselaw
    assert "[2015] EWCA Civ 1050" in corbiere.caselaw_references
    assert "http://www.legislation.gov.uk/id/ukpga/2003/44/section/254/1" in (
        corbiere.legislation_references)
    assert "[1992] Fam 40" in judgment("ewfc_2017_83.xml").caselaw.caselaw_references


# -- errors --------------------------------------------------------------------------------------


def test_malformed_xml_is_reported_plainly() -> None:
    broken = (LEGISLATION / "lex_fragment_1.xml").read_bytes()[:-20]
    for parse in (parse_legislation, parse_judgment):
        with pytest.raises(MalformedXmlError, match=r"not well-formed XML: .* at line \d+"):
            parse(broken)
    with pytest.raises(MalformedXmlError, match="empty"):
        parse_legislation(b"  ")


def test_documents_in_the_wrong_format_are_refused() -> None:
    judgment_bytes = (CASELAW / "ewfc_2017_83.xml").read_bytes()
    with pytest.raises(NotClmlError, match=r"not legislation\.gov\.uk CLML"):
        parse_legislation(judgment_bytes)
    with pytest.raises(NotClmlError, match=r"not legislation\.gov\.uk CLML"):
        parse_legislation(b"<html><body><p>Hello</p></body></html>")
    with pytest.raises(NotAkomaNtosoError, match="not a Find Case Law judgment"):
        parse_judgment((LEGISLATION / "housing_act_sample.xml").read_bytes())


def test_missing_metadata_is_named() -> None:
    text = (LEGISLATION / "housing_act_sample.xml").read_text(encoding="utf-8")
    start, end = text.index("<dc:title>"), text.index("</dc:title>") + len("</dc:title>")
    with pytest.raises(MissingMetadataError, match="no title"):
        parse_legislation(text[:start] + text[end:])
    akn = (CASELAW / "ewfc_2017_83.xml").read_text(encoding="utf-8")
    start = akn.index("<FRBRname")
    end = akn.index(">", start) + 1
    with pytest.raises(MissingMetadataError, match="no name"):
        parse_judgment(akn[:start] + akn[end:])


def test_entity_declarations_are_refused() -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
            b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Legislation>&lol2;</Legislation>')
    for parse in (parse_legislation, parse_judgment):
        with pytest.raises(UnsafeXmlError, match="DOCTYPE or entities"):
            parse(bomb)


def test_every_error_is_a_value_error_with_one_root() -> None:
    for cls in (MalformedXmlError, NotClmlError, NotAkomaNtosoError, MissingMetadataError,
                UnsafeXmlError):
        assert issubclass(cls, LegalParseError) and issubclass(cls, ValueError)


def test_the_data_is_read_from_shared_not_copied() -> None:
    here = Path(__file__).resolve().parents[1]
    assert not list(here.glob("tests/**/*.xml"))
    assert LEGISLATION.is_dir() and CASELAW.is_dir()

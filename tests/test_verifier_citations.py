"""The citation contract (DESIGN §5): parsing, rewriting removed claims, and confidence."""

from __future__ import annotations

import pytest

from shared.verification.citations import Citation, parse_citations
from shared.verification.confidence import assess, count_sources
from shared.verification.refs import classify, enacted_year, source_key, source_uri
from shared.verification.rewrite import Wording, rewrite

DOC = "doc:9b2c1f7e-8d4a-4b7e-9a1c-2f3e4d5c6b7a"


def refs(text: str) -> list[tuple[str, str, str]]:
    return [(c.form, c.kind, c.ref) for c in parse_citations(text).citations]


# -- tags -------------------------------------------------------------------------------------


def test_tag_with_ref_quote_and_claim() -> None:
    text = ("Local authorities must review housing conditions. They must take the appropriate "
            'enforcement action <cite ref="ukpga/2004/34/section/5" quote="they must take the '
            'appropriate enforcement action">1</cite>. Other matters follow.')
    parsed = parse_citations(text)
    assert parsed.problems == []
    [c] = parsed.citations
    assert (c.index, c.ref, c.kind, c.form, c.label) == (
        1, "ukpga/2004/34/section/5", "legislation", "tag", "1")
    assert c.quote == "they must take the appropriate enforcement action"
    assert c.claim == "They must take the appropriate enforcement action."
    assert text[c.span[0]:c.span[1]].startswith("<cite ") and text[:c.span[1]].endswith("</cite>")


def test_escaped_attributes_are_unescaped_and_full_stops_inside_do_not_split() -> None:
    text = (f'The policy is explicit <cite ref="{DOC}#2" quote="the landlord&#x27;s &quot;duty'
            '&quot; &amp; obligations. It &lt;applies&gt; now.">2</cite>. Next sentence.')
    [c] = parse_citations(text).citations
    assert c.quote == "the landlord's \"duty\" & obligations. It <applies> now."
    assert (c.kind, c.ref) == ("document", f"{DOC}#2")
    assert c.claim == "The policy is explicit."


def test_tag_written_after_the_full_stop_belongs_to_the_sentence_before() -> None:
    text = 'Repairs are due within 28 days. <cite ref="ext:rsh/consumer-standards">1</cite> Next.'
    [c] = parse_citations(text).citations
    assert (c.kind, c.claim) == ("external", "Repairs are due within 28 days.")


@pytest.mark.parametrize(("ref", "kind"), [
    ("ukpga/2004/34/section/5/1", "legislation"),
    ("uksi/2022/1406", "legislation"),
    ("asp/2001/10/section/1", "legislation"),
    ("wsi/2015/1234", "legislation"),
    ("nisi/1983/1118", "legislation"),
    ("aep/Edw2/7/0", "legislation"),
    ("ukpga/Geo3/49/126", "legislation"),
    ("[2017] EWHC 3409 (Admin)", "caselaw"),
    ("[2020] EWCA Civ 1234", "caselaw"),
    (f"{DOC}#0", "document"),
    (DOC, "document"),
    ("ext:housing-ombudsman/decision-123", "external"),
    ("nonsense", None),
    ("zz/2004/1", None),
])
def test_ref_forms_are_classified(ref: str, kind: str | None) -> None:
    assert classify(ref) == kind


def test_years_and_uris_of_refs() -> None:
    assert enacted_year("ukpga/1988/50") == 1988
    assert enacted_year("ukpga/Geo3/49/126") < 1963  # type: ignore[operator]
    assert enacted_year("aep/Edw2/7/0") < 1963  # type: ignore[operator]
    assert source_uri("ukpga/2004/34/section/5") == (
        "https://www.legislation.gov.uk/ukpga/2004/34/section/5")
    assert source_key("ukpga/2004/34/section/5") == source_key("ukpga/2004/34/section/213/3")
    assert source_key(f"{DOC}#1") == source_key(f"{DOC}#4") == f"{DOC}"


# -- prose ------------------------------------------------------------------------------------


def test_prose_act_and_section_forms() -> None:
    text = ("Under section 21 of the Housing Act 1988 a landlord may seek possession. "
            "The Housing Act 2004, s. 5 requires enforcement action. "
            "Section 11(1) of the Landlord and Tenant Act 1985 covers repairs.")
    assert refs(text) == [
        ("prose", "legislation", "ukpga/1988/50/section/21"),
        ("prose", "legislation", "ukpga/2004/34/section/5"),
        ("prose", "legislation", "ukpga/1985/70/section/11/1"),
    ]
    claims = [c.claim for c in parse_citations(text).citations]
    assert claims[0] == "Under section 21 of the Housing Act 1988 a landlord may seek possession."


def test_bare_section_resolves_to_the_most_recently_named_act() -> None:
    text = ("The Housing Act 1988 governs assured tenancies. The Housing Act 2004 requires "
            "deposits to be protected. The landlord must give the prescribed information "
            "under s.213(3).")
    assert refs(text) == [("prose", "legislation", "ukpga/2004/34/section/213/3")]


def test_bare_section_resolves_to_an_act_named_by_a_tag() -> None:
    text = ('Deposits must be protected <cite ref="ukpga/2004/34/section/213">1</cite>. '
            "Information follows under s. 213(5).")
    assert refs(text) == [("tag", "legislation", "ukpga/2004/34/section/213"),
                          ("prose", "legislation", "ukpga/2004/34/section/213/5")]


def test_bare_section_without_a_named_act_is_not_a_citation() -> None:
    assert refs("See s. 5 below, and section 4 of the Act.") == []


def test_unknown_act_keeps_its_title_and_section_of_the_act_follows_it() -> None:
    text = ("The Mobile Homes Act 1983, section 2(1) applies to pitches. "
            "Section 4 of the Act gives the tribunal jurisdiction.")
    assert refs(text) == [("prose", "legislation", "Mobile Homes Act 1983, s. 2(1)"),
                          ("prose", "legislation", "Mobile Homes Act 1983, s. 4")]


def test_act_titles_with_commas_apostrophes_and_parentheses() -> None:
    text = ("The Anti-social Behaviour, Crime and Policing Act 2014, s. 2 defines conduct. "
            "Under the Renters’ Rights Act 2025, s. 1 tenancies change. "
            "Section 9A of the Homes (Fitness for Human Habitation) Act 2018 applies.")
    assert [r for _, _, r in refs(text)] == [
        "ukpga/2014/12/section/2", "ukpga/2025/26/section/1", "ukpga/2018/34/section/9A"]


def test_neutral_citations_in_prose_and_in_tags() -> None:
    text = ("The court considered [2017]  EWHC 3409 (Admin) in detail. "
            'It was applied later <cite ref="[2020] EWCA Civ 1234">2</cite>.')
    assert refs(text) == [("prose", "caselaw", "[2017] EWHC 3409 (Admin)"),
                          ("tag", "caselaw", "[2020] EWCA Civ 1234")]


def test_prose_duplicating_a_tag_in_the_same_sentence_is_counted_once() -> None:
    text = ('Section 21 of the Housing Act 1988 allows no-fault possession '
            '<cite ref="ukpga/1988/50/section/21" quote="may make an order">1</cite>. '
            "Section 21 of the Housing Act 1988 is being repealed.")
    cited = refs(text)
    assert cited == [("tag", "legislation", "ukpga/1988/50/section/21"),
                     ("prose", "legislation", "ukpga/1988/50/section/21")]
    assert [c.index for c in parse_citations(text).citations] == [1, 2]


def test_prose_inside_a_quote_attribute_is_not_a_second_citation() -> None:
    text = ('Possession is available <cite ref="ukpga/1988/50/section/8" quote="under section '
            '21 of the Housing Act 1988 or otherwise">1</cite>.')
    assert refs(text) == [("tag", "legislation", "ukpga/1988/50/section/8")]


def test_tag_ref_written_as_prose_is_normalised() -> None:
    text = 'A notice is needed <cite ref="Housing Act 1988, s. 21">1</cite>.'
    assert refs(text) == [("tag", "legislation", "ukpga/1988/50/section/21")]


def test_list_items_and_headings_are_separate_claims() -> None:
    text = ("## Duties\nLandlords have duties\n- Repairs are covered by the Landlord and Tenant "
            "Act 1985, s. 11\n- Deposits by the Housing Act 2004, s. 213")
    claims = [c.claim for c in parse_citations(text).citations]
    assert claims == ["Repairs are covered by the Landlord and Tenant Act 1985, s. 11",
                      "Deposits by the Housing Act 2004, s. 213"]


# -- malformed tags ---------------------------------------------------------------------------


def test_unbalanced_and_malformed_tags_are_problems_and_parsing_carries_on() -> None:
    text = ('Opened but never closed <cite ref="ukpga/2004/34/section/1">1 and the text goes on. '
            f'A good one <cite ref="{DOC}#0" quote="q">2</cite>. A stray </cite> here. '
            'Broken <cite ref="x" quote="unterminated>3</cite>. No ref <cite quote="q">4</cite>. '
            'Unknown <cite ref="not a reference">5</cite>. '
            'Last <cite ref="[2017] EWHC 3409 (Admin)">6</cite>.')
    parsed = parse_citations(text)
    assert [(c.index, c.ref) for c in parsed.citations] == [
        (1, "ukpga/2004/34/section/1"), (2, f"{DOC}#0"), (3, "[2017] EWHC 3409 (Admin)")]
    messages = [p.message for p in parsed.problems]
    assert len(messages) == 5
    assert "not closed" in messages[0]
    assert "no opening tag" in messages[1]
    assert "malformed" in messages[2]
    assert "no ref" in messages[3]
    assert "not a recognised reference" in messages[4]
    assert [p.offset for p in parsed.problems] == sorted(p.offset for p in parsed.problems)


@pytest.mark.parametrize("text", [
    "<cite", "<cite ref=", '<cite ref="a', "</cite>", "<cite></cite>", "<cite ref='x'>",
    '<<cite ref="ukpga/2004/34">>1</cite></cite>', "", ".", "s. 5", "[2017]",
])
def test_garbage_never_crashes(text: str) -> None:
    parse_citations(text)


# -- rewrite ----------------------------------------------------------------------------------


def test_rewrite_replaces_the_removed_sentence_and_its_tag() -> None:
    text = (f'Rent is reviewed yearly <cite ref="{DOC}#1" quote="reviewed yearly">1</cite>. '
            f'Tenants get 90 days notice <cite ref="{DOC}#9" quote="invented">2</cite>. '
            "Ask the housing officer.")
    parsed = parse_citations(text)
    out = rewrite(text, [parsed.citations[1]], Wording(withheld_one="[Withheld.]"))
    assert out == (f'Rent is reviewed yearly <cite ref="{DOC}#1" quote="reviewed yearly">1</cite>.'
                   " [Withheld.] Ask the housing officer.")


def test_rewrite_default_wording_never_repeats_the_claim() -> None:
    text = f'- Tenants get 90 days notice <cite ref="{DOC}#9" quote="invented">2</cite>.\n- Next.'
    [c] = parse_citations(text).citations
    out = rewrite(text, [c])
    assert "90 days" not in out and "<cite" not in out
    assert out.startswith("- I could not verify the source")
    assert out.endswith("\n- Next.")


def test_rewrite_merges_neighbouring_withheld_sentences() -> None:
    text = (f'One <cite ref="{DOC}#1">1</cite>. Two <cite ref="{DOC}#2">2</cite>. '
            "Three stays.")
    parsed = parse_citations(text)
    out = rewrite(text, parsed.citations, Wording(withheld_one="[one]", withheld_many="[many]"))
    assert out == "[many] Three stays."


def test_rewrite_with_nothing_removed_is_the_identity() -> None:
    text = f'Fine <cite ref="{DOC}#1">1</cite>.'
    assert rewrite(text, []) == text


# -- confidence -------------------------------------------------------------------------------


def _statuses(*s: str) -> list:
    return list(s)


@pytest.mark.parametrize(("statuses", "sources", "level"), [
    (_statuses("verified", "verified", "verified"), 3, "high"),
    (_statuses("verified", "verified", "verified", "verified"), 4, "high"),
    (_statuses("verified", "verified", "verified"), 2, "medium"),
    (_statuses("verified"), 1, "medium"),
    (_statuses("verified", "verified", "unverified"), 3, "medium"),
    (_statuses("verified", "unverified"), 2, "medium"),
    (_statuses("unverified"), 1, "low"),
    (_statuses(), 0, "low"),
    (_statuses("verified", "verified", "verified", "removed"), 3, "low"),
    (_statuses("verified", "verified", "pre_1963_digitised"), 3, "low"),
])
def test_confidence_table(statuses: list, sources: int, level: str) -> None:
    got, reason = assess(statuses, sources)
    assert got == level
    assert reason.endswith(".") and not reason[0].islower()


def test_confidence_reason_names_what_was_withheld() -> None:
    assert assess(["verified", "removed", "removed"], 1)[1] == (
        "Two citations could not be verified and were withheld.")


def test_sources_are_distinct_documents_acts_and_cases_that_survived() -> None:
    cited = [(f"{DOC}#1", "verified"), (f"{DOC}#2", "verified"),
             ("ukpga/2004/34/section/5", "unverified"), ("ukpga/2004/34/section/6", "unverified"),
             ("[2017] EWHC 3409 (Admin)", "unverified"),
             ("doc:00000000-0000-0000-0000-000000000000#1", "removed")]
    assert count_sources(cited) == 3  # type: ignore[arg-type]


def test_citation_is_a_frozen_value() -> None:
    c = Citation(index=1, ref="x", kind="external", quote=None, claim="", span=(0, 1),
                 form="tag")
    with pytest.raises(AttributeError):
        c.index = 2  # type: ignore[misc]


def test_a_table_cell_that_only_names_a_source_is_not_a_citation() -> None:
    # The comparison table's "Source" cells label citations made above them.
    text = ('Section 5: "The authority must take action." '
            '<cite ref="ukpga/2004/34/section/5/1" quote="x">1</cite>\n\n'
            "| | category 1 | category 2 |\n| --- | --- | --- |\n"
            "| Source | Housing Act 2004, s. 5: Category 1 hazards: general duty [1] | "
            "Housing Act 2004, s. 7: Category 2 hazards [2] |\n\n"
            "| Claim | Housing Act 2004, s. 7 requires action. |\n")
    refs = [(c.ref, c.form) for c in parse_citations(text).citations]
    # A cell that says something about the provision is still a claim to check.
    assert refs == [("ukpga/2004/34/section/5/1", "tag"), ("ukpga/2004/34/section/7", "prose")]


def test_an_act_without_a_title_is_named_by_its_chapter_never_its_id() -> None:
    from shared.verification.legislation import act_name
    assert act_name("", "ukpga/Geo3/49/126") == "Act 49 Geo. 3 c. 126"
    assert act_name("", "ukpga/1988/50") == "Act 1988 c. 50"
    assert act_name("Housing Act 2004", "ukpga/2004/34") == "Housing Act 2004"

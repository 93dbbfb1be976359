"""The offline provider: extractive, verbatim, cited, deterministic and labelled as offline."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from shared.answering import NO_ANSWER
from shared.answering.questions import classify, does_asked_action, expands
from shared.answering.selection import whole_sentences
from shared.llm import (
    ChatMessage,
    ModelRefused,
    ModelRequest,
    OfflineProvider,
    SourceDocument,
    StreamEnd,
    TextDelta,
)
from shared.llm.extractive import (
    NO_EVIDENCE,
    OFFLINE_LABEL,
    extractive_answer,
    title_from_question,
)
from shared.text.terms import stem

_CITE = re.compile(r'<cite ref="([^"]*)" quote="([^"]*)">(\d+)</cite>')

DAMP_POLICY = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000001#0",
    title="Damp and mould policy",
    text="""# Damp and mould policy

## Our commitment

We take every report of damp and mould seriously. Under s. 5 of the Act the council may act.
We will inspect reported damp and mould within 10 working days of the report.

## Tenants

- Tenants should report condensation, damp or mould as soon as they notice it.
* We will give advice on ventilation & heating at the first visit.
1. Serious hazards are made safe within 24 hours.
""",
)
HOUSING_ACT = SourceDocument(
    ref="ukpga/2004/34/section/5",
    title="Housing Act 2004, section 5",
    text=(
        "(1) If a local housing authority consider that a category 1 hazard exists on any "
        "residential premises, they must take the appropriate enforcement action in relation "
        'to the hazard. (2) In subsection (1) "the appropriate enforcement action" means '
        "whichever of the following courses of action is indicated by subsection (3) or (4)."
    ),
)
GAS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000002#1",
    title="Gas safety",
    text="Gas appliances are checked every\nyear by a registered engineer.\n\nRecords are kept.",
)
DOCS = [DAMP_POLICY, HOUSING_ACT, GAS]


def _request(question: str, documents: list[SourceDocument], purpose: str = "synthesis"):
    return ModelRequest(
        tier="balanced", purpose=purpose, system="", question=question,  # type: ignore[arg-type]
        messages=[ChatMessage(role="user", content=question)], documents=documents,
    )


def _citations(answer: str) -> list[tuple[str, str, int]]:
    return [(ref, html.unescape(quote), int(n)) for ref, quote, n in _CITE.findall(answer)]


def _ws(text: str) -> str:
    return " ".join(text.split())


def _lead(answer: str) -> str:
    """The answer's opening paragraph: the direct answer."""
    return answer.split("\n\n", 1)[0]


def test_answer_opens_with_the_period_and_quotes_every_citation_verbatim() -> None:
    answer = extractive_answer("How quickly will you inspect damp and mould reports?", DOCS)
    assert _lead(answer).startswith('10 working days: "We will inspect reported damp and mould '
                                    'within 10 working days of the report." <cite'), answer
    assert answer.rstrip().endswith(OFFLINE_LABEL)
    cites = _citations(answer)
    by_ref = {d.ref: d for d in DOCS}
    for ref, quote, _ in cites:
        assert quote in by_ref[ref].text, (quote, ref)
        assert f'"{quote}" <cite' in answer  # the visible quotation is the cited quote
    assert [n for *_, n in cites] == list(range(1, len(cites) + 1))
    quotes = [q for _, q, _ in cites]
    assert len(set(quotes)) == len(quotes)


def test_list_and_heading_markers_are_stripped_from_quotes() -> None:
    answer = extractive_answer("When should tenants report condensation or mould?", [DAMP_POLICY])
    quotes = [q for _, q, _ in _citations(answer)]
    expected = "Tenants should report condensation, damp or mould as soon as they notice it."
    assert expected in quotes
    assert not any(q.startswith(("-", "*", "#", "1.")) for q in quotes)
    texts = [c.text for c in whole_sentences([DAMP_POLICY])]
    assert "Damp and mould policy" not in texts  # a heading is not quotable
    assert "We will give advice on ventilation & heating at the first visit." in texts
    assert "Serious hazards are made safe within 24 hours." in texts
    assert "Under s. 5 of the Act the council may act." in texts  # "s." is not a full stop


LICENSING = SourceDocument(
    ref="ukpga/2004/34/section/67",
    title="Housing Act 2004, s. 67: Licence conditions",
    text=("(4A) The appropriate national authority may by regulations make provision about "
          "conditions requiring the licence holder—\n\n- (a) to keep gas appliances in a safe "
          "condition, or\n\n- (b) to supply the authority with a gas safety certificate.\n\n"
          "(5) A licence may not include conditions imposing restrictions on the terms of "
          "occupation of the house."),
)


def test_list_stems_are_never_quoted_alone() -> None:
    units = [c.text for c in whole_sentences([LICENSING])]
    assert not any(u.endswith("—") for u in units)
    assert not any(u.startswith("(a)") or u.startswith("(b)") for u in units)
    assert units[0].startswith("(4A) The appropriate national authority") and units[0].endswith(
        "to supply the authority with a gas safety certificate.")
    answer = extractive_answer("What conditions can require the licence holder to keep gas "
                               "appliances safe?", [LICENSING])
    for _, quote, _ in _citations(answer):
        assert not quote.rstrip().endswith(("—", ",", "or"))


def test_quotes_with_markup_characters_are_attribute_escaped() -> None:
    answer = extractive_answer("What is the appropriate enforcement action?", [HOUSING_ACT])
    assert "&quot;the appropriate enforcement action&quot;" in answer
    for _, quote, _ in _citations(answer):
        assert quote in HOUSING_ACT.text
    answer = extractive_answer("What advice about ventilation and heating?", [DAMP_POLICY])
    assert 'quote="We will give advice on ventilation &amp; heating' in answer


def test_wrapped_lines_are_quoted_with_white_space_normalised() -> None:
    answer = extractive_answer("How often are gas appliances checked?", [GAS])
    (ref, quote, _), = _citations(answer)
    assert ref == GAS.ref
    assert "\n" not in quote
    assert _ws(quote) in _ws(GAS.text)
    assert quote == "Gas appliances are checked every year by a registered engineer."


REPAIRS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000003#2", title="Repairs policy — Recharges",
    text=("Recharges are never made for fair wear and tear. We will recharge a resident for "
          "damage they cause deliberately. Emergency repairs are attended within 24 hours. "
          "Routine repairs are completed within 28 calendar days."))


@pytest.mark.parametrize(("question", "opener"), [
    ("Can we recharge a tenant for fair wear and tear?", "No:"),
    ("Must the authority take enforcement action on a category 1 hazard?", "Yes:"),
])
def test_yes_or_no_leads_only_from_the_quoted_sentence(question: str, opener: str) -> None:
    answer = extractive_answer(question, [REPAIRS, HOUSING_ACT])
    assert _lead(answer).startswith(opener), answer


def test_a_power_is_not_presented_as_a_duty() -> None:
    power = SourceDocument(ref="ukpga/2004/34/section/56", title="Housing Act 2004, s. 56",
                           text="(1) A local housing authority may designate either the area of "
                                "their district or an area in their district as subject to "
                                "additional licensing.")
    answer = extractive_answer("Does a local housing authority have to designate additional "
                               "licensing areas?", [power])
    assert _lead(answer).startswith("Not necessarily: it is a power, not a duty:"), answer


def test_comparison_shows_both_sides_in_a_table() -> None:
    answer = extractive_answer("Compare our timescale for an emergency repair with our "
                               "timescale for inspecting damp and mould.", [REPAIRS, DAMP_POLICY])
    quotes = [q for _, q, _ in _citations(_lead(answer))]
    assert "Emergency repairs are attended within 24 hours." in quotes, answer
    assert ("We will inspect reported damp and mould within 10 working days of the report."
            in quotes), answer
    assert "| Period | 24 hours | 10 working days |" in answer


def test_same_input_gives_the_same_answer() -> None:
    question = "What must a housing authority do about a category 1 hazard or damp?"
    first = extractive_answer(question, DOCS)
    assert all(extractive_answer(question, DOCS) == first for _ in range(3))
    assert "ukpga/2004/34/section/5" in first


def test_same_answer_in_other_processes() -> None:
    """Set order varies with the hash seed between processes; the answer must not."""
    code = (
        "from tests.test_llm_offline import DOCS; "
        "from shared.llm.extractive import extractive_answer as a; "
        "print(a('What must a housing authority do about damp, mould or a hazard?', DOCS))"
    )
    root = Path(__file__).resolve().parents[1]
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       cwd=root, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
        for seed in (1, 2)
    }
    assert len(outputs) == 1
    assert outputs.pop().strip() == extractive_answer(
        "What must a housing authority do about damp, mould or a hazard?", DOCS
    ).strip()


def test_evidence_that_does_not_answer_is_not_quoted() -> None:
    answer = extractive_answer("What is the capital of France?", DOCS)
    assert answer.startswith(f"{NO_ANSWER} anything that answers this question.")
    assert "<cite" not in answer
    assert extractive_answer("What is the capital of France?", []) == (
        f"{NO_EVIDENCE}\n\n{OFFLINE_LABEL}\n")


def test_a_named_instrument_the_sources_do_not_hold_is_named() -> None:
    answer = extractive_answer("What timescales does Awaab's Law set for investigating damp "
                               "and mould?", DOCS)
    assert answer.startswith(f"{NO_ANSWER} this: Awaab's Law is not among them.")
    assert "<cite" not in answer


def test_supporting_detail_is_grouped_by_source_and_bounded() -> None:
    many = [
        SourceDocument(ref=f"doc:{i}", title=f"Policy {i}",
                       text=f"Mould reports are logged in register {i}. Mould is treated {i}.")
        for i in range(6)
    ]
    answer = extractive_answer("How are mould reports handled?", many)
    cites = _citations(answer)
    assert 1 <= len(cites) <= 6
    for ref in {r for r, _, _ in cites[1:]}:
        assert answer.count(f"**Policy {ref.removeprefix('doc:')}**") <= 1


def test_stemming_and_titles() -> None:
    assert stem("tenants") == stem("tenant")
    assert stem("repairing") == stem("repaired") == stem("repairs") == stem("repair")
    assert stem("properties") == stem("property")
    assert stem("letting") == stem("let")
    title = title_from_question("What are our obligations on damp and mould in let flats?")
    assert title == "Obligations on damp and mould in let flats"
    assert title_from_question("Can you Explain The Housing Act 2004 Section 21?") == (
        "Housing act 2004 section 21"
    )
    assert title_from_question("how do I handle an RSH inspection?") == (
        "Handle an RSH inspection"
    )
    assert len(title_from_question(" ".join(["mould"] * 20)).split()) <= 8
    assert title_from_question("?") == "New conversation"


async def test_provider_streams_the_answer_in_pieces_then_ends() -> None:
    provider = OfflineProvider()
    request = _request("How quickly will you inspect damp and mould reports?", DOCS)
    items = [item async for item in provider.stream(request)]
    *deltas, end = items
    assert all(isinstance(d, TextDelta) for d in deltas) and len(deltas) > 5
    assert isinstance(end, StreamEnd)
    text = "".join(d.text for d in deltas)  # type: ignore[union-attr]
    assert text == extractive_answer(request.question, DOCS)
    assert all(len(d.text.split()) <= 4 for d in deltas)  # type: ignore[union-attr]
    assert end.model == "offline-extractive" == provider.model_for("deep")
    assert end.usage.output_tokens == len(text.split())
    assert end.usage.input_tokens >= sum(len(d.text.split()) for d in DOCS)
    assert provider.offline and provider.name == "offline"
    completion = await provider.complete(request)
    assert completion.text == text and completion.usage == end.usage


async def test_provider_titles_and_refuses_routing_and_judging() -> None:
    provider = OfflineProvider()
    request = _request("Who is responsible for damp and mould in let flats?", [], "title")
    assert (await provider.complete(request)).text == "Responsible for damp and mould in let flats"
    for purpose in ("routing", "judge"):
        with pytest.raises(ModelRefused, match=purpose):
            await provider.complete(_request("Anything?", [], purpose))


def test_a_repealed_provision_is_said_to_be_repealed_before_it_is_quoted() -> None:
    s21 = SourceDocument(
        ref="ukpga/1988/50/section/21", title="Housing Act 1988, s. 21: Recovery of possession",
        text=("[repealed: Omitted for England from 1 May 2026 by the Renters’ Rights Act 2025]"
              "\n\n(1) A court shall make an order for possession of a dwelling-house let on an "
              "assured shorthold tenancy if the landlord has given the tenant not less than two "
              "months’ notice in writing."))
    answer = extractive_answer("Can we still use a section 21 notice to end an assured "
                               "shorthold tenancy?", [s21])
    assert _lead(answer).startswith("The source marks the provision quoted below as repealed "
                                    "(Omitted for England from 1 May 2026"), answer
    assert "Yes:" not in answer  # no "yes" from a provision that is not current law
    assert not any(q.startswith("[") for _, q, _ in _citations(answer))
    assert "From the repealed provision: " in answer  # the quote is framed as history


def test_a_provision_whose_text_is_gone_is_said_to_be_repealed_and_cited() -> None:
    gone = SourceDocument(
        ref="ukpga/2004/34/section/225",
        title="Housing Act 2004, s. 225: Duties of local housing authorities: accommodation "
              "needs of gypsies and travellers",
        text="[repealed: Omitted from 12 July 2016 by the Housing and Planning Act 2016]\n\n"
             ". . . . . . . . . . . . . . . .")
    answer = extractive_answer("What does section 225 of the Housing Act 2004 require councils "
                               "to do about gypsies and travellers' accommodation?", [gone])
    assert NO_EVIDENCE not in answer and NO_ANSWER not in answer, answer
    assert _lead(answer).startswith(
        "The source marks the following provision as repealed (Omitted from 12 July 2016 "
        "by the Housing and Planning Act 2016): “Duties of local housing authorities: "
        "accommodation needs of gypsies and travellers” "), answer
    assert '<cite ref="ukpga/2004/34/section/225">1</cite>' in answer


def test_a_definition_comes_with_the_term_it_uses_defined_next() -> None:
    s263 = SourceDocument(
        ref="ukpga/2004/34/section/263", title="Housing Act 2004, s. 263: Meaning of “person "
        "having control” and “person managing” etc.",
        text="(1) In this Act “person having control”, in relation to premises, means (unless "
             "the context otherwise requires) the person who receives the rack-rent of the "
             "premises.\n\n(2) In subsection (1) “rack-rent” means a rent which is not less "
             "than two-thirds of the full net annual value of the premises.\n\n(3) In this Act "
             "“person managing” means the owner or lessee of the premises.")
    answer = extractive_answer("What does 'person having control' mean in the Housing Act "
                               "2004?", [s263])
    quotes = [q for _, q, _ in _citations(_lead(answer))]
    assert quotes[:2] == [
        "(1) In this Act “person having control”, in relation to premises, means (unless the "
        "context otherwise requires) the person who receives the rack-rent of the premises.",
        "(2) In subsection (1) “rack-rent” means a rent which is not less than two-thirds of "
        "the full net annual value of the premises."], answer


def test_a_short_first_side_shares_the_second_sides_words() -> None:
    assert classify("How do the stage 1 and stage 2 complaint response times differ?").sides \
        == ("stage 1 complaint response times", "stage 2 complaint response times")
    assert classify("How do minor and major adaptations differ?").sides == (
        "minor adaptations", "major adaptations")
    assert classify("Improvement notice or hazard awareness notice for a category 1 hazard: "
                    "what's the difference?").sides[0] == "Improvement notice"
    assert classify("Compare our timescale for an urgent repair with the one for a damp "
                    "inspection.").sides == ("our timescale for an urgent repair",
                                              "our timescale for a damp inspection")


def test_a_second_side_says_what_its_one_stands_for() -> None:
    """"The one for …" names nothing a search could find: it takes the first side's noun."""
    assert classify("Compare the offence for an unlicensed HMO under Part 2 with the one for "
                    "an unlicensed house under Part 3.").sides == (
        "the offence for an unlicensed HMO under Part 2",
        "the offence for an unlicensed house under Part 3")
    assert classify("Compare the fine for late rent with that for damage.").sides[1] == \
        "the fine for damage"
    assert classify("Compare minor and major adaptations").sides == (
        "minor adaptations", "major adaptations")


def test_what_is_x_is_not_answered_by_a_definition_of_something_else() -> None:
    penalties = SourceDocument(
        ref="ukpga/2004/34/section/249A", title="Housing Act 2004, s. 249A: Financial penalties "
        "for certain housing offences in England",
        text="(2) In this section “relevant housing offence” means an offence under section 30 "
             "or section 72.\n\n(4) The amount of a financial penalty imposed under this "
             "section must not be more than £30,000.")
    answer = extractive_answer("What is the Local Housing Allowance rate for a two-bedroom "
                               "home in Leeds this year?", [penalties])
    assert answer.startswith(NO_ANSWER), answer


def test_a_definition_that_points_elsewhere_comes_with_what_it_points_to() -> None:
    s1 = SourceDocument(
        ref="ukpga/2004/34/section/1", title="Housing Act 2004, s. 1: New system for assessing "
        "housing conditions", text="(5) In this Part “HMO” means a house in multiple occupation "
        "as defined by sections 254 to 259.")
    s254 = SourceDocument(
        ref="ukpga/2004/34/section/254", title="Housing Act 2004, s. 254: Meaning of “house in "
        "multiple occupation”", text="(1) For the purposes of this Act a building is a “house "
        "in multiple occupation” if it meets the conditions in subsection (2) (“the standard "
        "test”).\n\n(9) The appropriate national authority may by regulations amend this "
        "section.")
    answer = extractive_answer("What is an HMO?", [s1, s254])
    refs = [ref for ref, _, _ in _citations(_lead(answer))]
    assert refs[:2] == ["ukpga/2004/34/section/1", "ukpga/2004/34/section/254"], answer


COMPLAINTS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000004#3", title="Complaints policy — Time limit",
    text=("## Time limit for complaining\n\nComplaints should be made within 6 months of the "
          "matter arising. We will accept older complaints where it is fair to do so, for "
          "example where the resident was in hospital.\n\n## Stage 1\n\nWe will acknowledge a "
          "Stage 1 complaint within 5 working days of receiving it."))


def test_a_time_that_has_passed_is_measured_against_the_limit_and_its_exception() -> None:
    answer = extractive_answer("Do we have to accept a complaint made seven months after the "
                               "event?", [COMPLAINTS])
    lead = _lead(answer)
    assert lead.startswith("It depends: seven months is more than the 6 months the source "
                           "allows, with exceptions:"), answer
    quotes = [q for _, q, _ in _citations(lead)]
    assert quotes[:2] == ["Complaints should be made within 6 months of the matter arising.",
                          "We will accept older complaints where it is fair to do so, for "
                          "example where the resident was in hospital."], answer


ADAPTATIONS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000005#4", title="Adaptations policy — Major",
    text=("A major adaptation must be recommended by an occupational therapist (OT). Where the "
          "cost is between £1,500 and £10,000, we will fund the adaptation from our budget."))


def test_a_sentence_about_the_questions_own_condition_is_not_a_yes() -> None:
    answer = extractive_answer("If the OT recommends a major adaptation, must we carry it out?",
                               [ADAPTATIONS])
    assert not _lead(answer).startswith("Yes"), answer


def test_a_rule_that_opens_on_a_condition_depends_on_it() -> None:
    answer = extractive_answer("Do we fund major adaptations from our budget?",
                               [ADAPTATIONS])
    assert _lead(answer).startswith('It depends: "Where the cost is'), answer


def test_a_not_inside_a_relative_clause_is_not_a_no() -> None:
    hmo = SourceDocument(ref="ukpga/2004/34/section/254", title="Housing Act 2004, s. 254",
                         text="(2) A building meets the standard test if the living "
                              "accommodation is occupied by persons who do not form a single "
                              "household.")
    answer = extractive_answer("Does a building with lodgers meet the standard test?", [hmo])
    assert not _lead(answer).startswith("No"), answer


def test_the_officer_comes_with_the_sentence_that_names_them() -> None:
    vulnerable = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000006#6", title="Complaints policy — Vulnerable",
        text=("## Vulnerable residents\n\nWhen a complaint is received from a vulnerable "
              "resident, a named complaint officer is assigned. The officer will telephone the "
              "resident within 2 working days of receiving the complaint."))
    answer = extractive_answer("How quickly do we contact a vulnerable resident who complains?",
                               [vulnerable])
    quotes = [q for _, q, _ in _citations(_lead(answer))]
    assert quotes[0].endswith("a named complaint officer is assigned."), answer
    assert "2 working days" in quotes[1], answer


def test_a_comparison_that_asks_about_more_says_it_in_the_opening() -> None:
    minor = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000007#3", title="Adaptations policy — Minor",
        text=("Minor adaptations are those costing less than £1,500, such as grab rails. "
              "Residents can ask for these directly and do not need an occupational "
              "therapist's assessment."))
    major = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000007#4", title="Adaptations policy — Major",
        text="Major adaptations are those costing £1,500 or more, such as stairlifts.")
    answer = extractive_answer("How do minor and major adaptations differ in cost threshold and "
                               "assessment?", [minor, major])
    assert "occupational therapist" in _lead(answer), answer


def test_a_time_that_has_passed_is_measured_in_days_against_a_limit_on_its_scale() -> None:
    stage2 = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000004#5", title="Complaints policy — Stage 2",
        text=("We will acknowledge a Stage 2 request within 5 working days. A resident can ask "
              "for Stage 2 within 20 working days of our Stage 1 response."))
    answer = extractive_answer("Do we have to accept a Stage 2 request made six weeks after the "
                               "Stage 1 response?", [stage2])
    assert _lead(answer).startswith("Six weeks is more than the 20 working days the source "
                                    "allows:"), answer


ADAPTATIONS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000009#0",
    title="Aids and Adaptations Policy",
    text="""# Aids and Adaptations Policy

## Major adaptations

A major adaptation must be recommended by an occupational therapist (OT) from the council.

Where the cost is between £1,500 and £10,000, we will fund the adaptation ourselves.

## Deciding whether to adapt

We will consider whether the home can reasonably be adapted, taking into account its structure
and the cost.
""")


def test_must_we_is_answered_by_the_rule_that_weighs_the_case_not_by_its_condition() -> None:
    answer = extractive_answer("If the OT recommends a major adaptation, must we carry it out?",
                               [ADAPTATIONS])
    assert _lead(answer).startswith('It depends: "We will consider whether the home can '
                                    'reasonably be adapted'), answer


def test_a_yes_comes_with_the_time_limit_its_passage_sets_next() -> None:
    exchange = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000010#0", title="Tenancy Management Policy",
        text="## Mutual exchange\n\nResidents can swap homes with another social housing "
             "tenant. We will give a decision on a mutual exchange request within 42 days of "
             "receiving it. We may refuse consent only on the grounds in the agreement.\n")
    lead = _lead(extractive_answer("Can a resident swap homes with another tenant?",
                                   [exchange]))
    assert lead.startswith('Yes: "Residents can swap homes'), lead
    assert "within 42 days" in lead, lead


def test_which_judge_is_answered_from_the_judgments_header_not_by_any_party() -> None:
    judgment = SourceDocument(
        ref="[2017] EWHC 3409 (Admin)",
        title="D2M Solutions Ltd v Secretary of State [2017] EWHC 3409 (Admin)",
        text="Case No: CO/3030/2017\nIN THE HIGH COURT OF JUSTICE\nBefore:\nMR JUSTICE "
             "HOLGATE\n- - - - -\n\n[1] The Claimant applies for judicial review of the "
             "decision of the Secretary of State for Communities and Local Government.\n\n"
             "[2] The Secretary of State conceded ground 1 of the claim.\n")
    answer = extractive_answer("Which judge decided D2M Solutions v Secretary of State?",
                               [judgment])
    cited = _citations(answer)
    assert "HOLGATE" in cited[0][1], answer
    assert not any(q.startswith("[1]") for _, q, _ in cited)  # a paragraph number is no quote


def test_who_decided_quotes_only_the_line_naming_the_judge() -> None:
    """A header block is quoted line by line: the judge's line, not the court, date and parties;
    the judgment's own judge, not another it mentions, nor a party named "…for Justice"."""
    judgment = SourceDocument(
        ref="[2017] EWHC 3364 (Admin)",
        title="Corbiere Ltd v Secretary of State for Justice [2017] EWHC 3364 (Admin)",
        text="Neutral Citation Number: [2017] EWHC 3364 (Admin)\nCase No: CO/2365/2017\nIN THE "
             "HIGH COURT OF JUSTICE\nRoyal Courts of Justice\nDate: 20 December 2017\nBefore :"
             "\nTHE HONOURABLE MR JUSTICE SUPPERSTONE\n- - - - -\nBetween :\nTHE QUEEN\n- and -"
             "\n(1) SECRETARY OF STATE FOR JUSTICE\nDefendants\n\n[1] Sentencing Mr Xu, HHJ "
             "Griffiths said that the verdicts were the jury's. Warby J held that the e-mails "
             "did not assist.\n")
    answer = extractive_answer("Who was the judge in Corbiere v Secretary of State for "
                               "Justice?", [judgment])
    cited = _citations(answer)
    assert [q for _, q, _ in cited] == ["Before : THE HONOURABLE MR JUSTICE SUPPERSTONE"], answer


def test_a_comparison_is_answered_by_parallel_provisions_not_by_one_that_mentions_a_side() -> None:
    """Each side is answered by the provision that states its rule (the duty on category 1
    hazards, the power on category 2 hazards), not by a narrower power to serve one notice."""
    def section(number: str, title: str, text: str) -> SourceDocument:
        return SourceDocument(ref=f"ukpga/2004/34/section/{number}",
                              title=f"Housing Act 2004, s. {number}: {title}", text=text)

    documents = [
        section("5", "Category 1 hazards: general duty to take enforcement action",
                "(1) If a local housing authority consider that a category 1 hazard exists on "
                "any residential premises, they must take the appropriate enforcement action "
                "in relation to the hazard.\n"),
        section("7", "Category 2 hazards: powers to take enforcement action",
                "(1) The provisions mentioned in subsection (2) confer power on a local housing "
                "authority to take particular kinds of enforcement action in cases where they "
                "consider that a category 2 hazard exists on residential premises.\n"),
        section("29", "Hazard awareness notices relating to category 2 hazards: power of "
                "authority to serve notice",
                "(1) If the local housing authority are satisfied that a category 2 hazard "
                "exists on any residential premises, the authority may serve a hazard awareness "
                "notice under this section in respect of the hazard.\n"),
    ]
    answer = extractive_answer("What's the difference between what a council must do about a "
                               "category 1 hazard and a category 2 hazard?", documents)
    refs = [ref for ref, _, _ in _citations(answer)][:2]
    assert refs == ["ukpga/2004/34/section/5", "ukpga/2004/34/section/7"], answer


def test_a_side_that_holds_the_joining_word_is_split_where_the_sides_open_alike() -> None:
    q = classify("Compare the offence of failing to comply with an improvement notice with the "
                 "offence of failing to comply with a prohibition order.")
    assert q.sides == ("the offence of failing to comply with an improvement notice",
                       "the offence of failing to comply with a prohibition order")
    assert classify("Compare our timescale for an urgent repair with the one for a damp "
                    "inspection.").sides == ("our timescale for an urgent repair",
                                             "our timescale for a damp inspection")


def test_a_provision_the_question_names_by_a_popular_name_is_among_the_leads() -> None:
    # "a section 21 notice" points at s. 21: the answer says its status even when another
    # provision's sentences score higher.
    deposit = SourceDocument(
        ref="ukpga/2004/34/section/213", title="Housing Act 2004, s. 213: Requirements "
        "relating to tenancy deposits",
        text=("(3) Where a landlord receives a tenancy deposit in connection with a shorthold "
              "tenancy, the initial requirements of an authorised scheme must be complied with "
              "by the landlord in relation to the deposit within the period of 30 days."))
    s21 = SourceDocument(
        ref="ukpga/1988/50/section/21", title="Housing Act 1988, s. 21: Recovery of possession",
        text=("[repealed: Omitted for England from 1 May 2026 by the Renters’ Rights Act 2025]"
              "\n\n(1) A court shall make an order for possession of a dwelling-house let on an "
              "assured shorthold tenancy if the landlord has given the tenant not less than two "
              "months’ notice in writing."))
    answer = extractive_answer("Can a landlord give a section 21 notice while the tenancy "
                               "deposit isn't in an authorised scheme?", [deposit, s21])
    assert "1 May 2026" in _lead(answer), answer
    assert any(ref == s21.ref for ref, _, _ in _citations(answer))


def test_each_side_of_a_comparison_names_its_provision() -> None:
    part2 = SourceDocument(
        ref="ukpga/2004/34/section/72", title="Housing Act 2004, s. 72: Offences in relation "
        "to licensing of HMOs",
        text=("(1) A person commits an offence if he is a person having control of or managing "
              "an HMO which is required to be licensed under this Part but is not so licensed. "
              "(6) A person who commits an offence under subsection (1) or (2) is liable on "
              "summary conviction to a fine."))
    part3 = SourceDocument(
        ref="ukpga/2004/34/section/95", title="Housing Act 2004, s. 95: Offences in relation "
        "to licensing of houses under this Part",
        text=("(1) A person commits an offence if he is a person having control of or managing "
              "a house which is required to be licensed under this Part but is not so licensed. "
              "(5) A person who commits an offence under subsection (1) is liable on summary "
              "conviction to a fine."))
    answer = extractive_answer("Compare the offence for an unlicensed HMO under Part 2 with the "
                               "offence for an unlicensed house under Part 3.", [part2, part3])
    lead = _lead(answer)
    assert "Housing Act 2004, s. 72 (Offences in relation to licensing of HMOs)" in lead, answer
    assert "Housing Act 2004, s. 95 (Offences in relation to licensing of houses under this " \
           "Part)" in lead, answer
    assert lead.index("s. 72") < lead.index("s. 95")


def test_an_abbreviation_spelt_out_answers_what_it_is() -> None:
    fire = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000009#0", title="Fire safety policy",
        text=("## Residents who may need help to escape\n\nWhere needed, we will agree a "
              "personal emergency evacuation plan (PEEP) with the resident and review it every "
              "12 months.\n\n## Fire doors\n\nWe check communal fire doors every 3 months."))
    answer = extractive_answer("What is a PEEP?", [fire])
    assert NO_ANSWER not in answer, answer
    assert "personal emergency evacuation plan (PEEP)" in _lead(answer)
    # Letters that do not spell the words out are not a definition.
    assert expands("FRA", "We carry out a fire risk assessment (FRA) of every building.")
    assert not expands("PEP", "we will agree a personal emergency evacuation plan (PEEP)")
    assert not expands("HMO", "a house (HMO) in multiple occupation")


def test_a_sentence_that_only_points_elsewhere_does_not_lead() -> None:
    s30 = SourceDocument(
        ref="ukpga/2004/34/section/30", title="Housing Act 2004, s. 30: Offence of failing to "
        "comply with improvement notice",
        text=("(3) A person who commits an offence under subsection (1) is liable on summary "
              "conviction to a fine not exceeding level 5 on the standard scale. (7) See also "
              "section 249A (financial penalties as alternative to prosecution for certain "
              "housing offences in England)."))
    answer = extractive_answer("What is the penalty for failing to comply with an "
                               "improvement notice?", [s30])
    assert _lead(answer).find("level 5") >= 0, answer
    assert "See also" not in _lead(answer)


def test_can_we_leads_on_the_power_to_do_what_the_question_asks() -> None:
    # "Can the council charge …?" is answered by the power to charge, not by the rules
    # about the notice the charge is for, though those share more of the question's words.
    schedule = SourceDocument(
        ref="ukpga/2004/34/schedule/3", title="Housing Act 2004, Schedule 3: Improvement "
        "notices: enforcement action by local housing authorities",
        text=("(3) The notice must be served on the person on whom the improvement notice was "
              "served, and a copy of the notice must be served on any other person who is an "
              "occupier of the premises."))
    s49 = SourceDocument(
        ref="ukpga/2004/34/section/49", title="Housing Act 2004, s. 49: Power to charge for "
        "certain enforcement action",
        text=("(1) A local housing authority may make such reasonable charge as they consider "
              "appropriate as a means of recovering certain administrative and other expenses "
              "incurred by them in serving an improvement notice under section 11 or 12."))
    q = classify("Can the council charge the landlord for serving an improvement notice?")
    assert does_asked_action(q, s49.text) and not does_asked_action(q, schedule.text)
    answer = extractive_answer(q.text, [schedule, s49])
    assert _citations(answer)[0][0] == s49.ref, answer
    # The statute's word for the lay verb: to "fine" is to impose a financial penalty.
    fine = classify("Can the council fine a landlord instead of prosecuting them?")
    assert does_asked_action(fine, "(1) The local housing authority may impose a financial "
                                   "penalty on a person if satisfied …")
    assert not does_asked_action(classify("Is a tenant allowed to take in a lodger?"),
                                 "A lodger must not be charged more than the rent.")


def test_a_party_named_by_its_initials_is_the_party_its_full_name_names() -> None:
    judgment = SourceDocument(
        ref="[2017] EWHC 3414 (Ch)", title="Union des Associations Européennes de Football v "
        "British Telecommunications plc & Ors",
        text="Before :\nMR JUSTICE ARNOLD\nBetween :\nUnion des Associations Européennes de "
             "Football\nClaimant")
    answer = extractive_answer("Which judge decided UEFA's website blocking case against BT?",
                               [judgment])
    assert NO_ANSWER not in answer, answer
    assert "ARNOLD" in _lead(answer)


def test_a_question_in_the_past_tense_is_told_the_provision_is_repealed() -> None:
    s163 = SourceDocument(
        ref="ukpga/2004/34/section/163", title="Housing Act 2004, s. 163: Contents of home "
        "information packs",
        text="[repealed: Pt. 5 repealed (15.1.2012) by Localism Act 2011]\n\n. . . . . . .")
    other = SourceDocument(
        ref="ukpga/2004/34/section/212A", title="Housing Act 2004, s. 212A: Provision of "
        "information to local authorities",
        text="(2) In subsection (1) “specified information” means information, of a description "
             "specified in the arrangements, that relates to a tenancy of premises.")
    answer = extractive_answer("What did a home information pack have to contain?",
                               [other, s163])
    assert "repealed" in _lead(answer) and "Localism Act 2011" in _lead(answer), answer


def test_compared_with_is_a_comparison_and_the_verb_is_not_a_side() -> None:
    q = classify("How does the length of a temporary exemption notice compare with the longest "
                 "a selective licensing designation can last?")
    assert q.kind == "compare"
    assert q.sides == ("the length of a temporary exemption notice",
                       "the longest a selective licensing designation can last")
    fines = classify("What's the maximum fine for breaching the HMO management regulations "
                     "compared with contravening an overcrowding notice?")
    assert fines.kind == "compare" and fines.sides[1] == "contravening an overcrowding notice"
    # A notice named by its kind ("an overcrowding notice") is not a notice period: the fines
    # are compared, each answered by what its offence is liable to.
    assert fines.compares == "penalty"


def test_a_question_is_of_its_main_clauses_kind_and_when_it_counts_asks_the_test() -> None:
    assert classify("When a tenant rings about a repair, what makes it urgent rather than "
                    "routine?").kind == "definition"
    assert classify("When does a converted block of flats count as an HMO?").kind == \
        "definition"
    assert classify("When can we serve a notice of seeking possession?").kind == "period"
    assert classify("If the OT recommends a major adaptation, must we carry it out?").asks == \
        "duty"


def test_a_subsection_that_refers_back_is_read_with_the_sibling_it_points_to() -> None:
    def section(number: str, title: str, text: str) -> SourceDocument:
        return SourceDocument(ref=f"ukpga/2004/34/section/{number}",
                              title=f"Housing Act 2004, s. {number}: {title}", text=text)

    documents = [
        section("62", "Temporary exemption from licensing requirement",
                "(4) A temporary exemption notice under this section is in force for the period "
                "of 3 months beginning with the date on which it is served.\n"),
        section("84", "Duration, review and revocation of designations",
                "(1) Unless previously revoked under subsection (4), a designation ceases to "
                "have effect at the time that is specified for this purpose in the "
                "designation.\n(2) That time must be no later than five years after the date on "
                "which the designation comes into force.\n(3) A local housing authority must "
                "from time to time review the operation of any designation made by them.\n"),
    ]
    answer = extractive_answer("How does the length of a temporary exemption notice compare "
                               "with the longest a selective licensing designation can last?",
                               documents)
    lead = _lead(answer)
    assert "3 months" in lead and "five years" in lead, answer
    assert lead.index("(1) Unless previously revoked") < lead.index("(2) That time"), answer


def test_who_is_not_answered_by_who_owns_the_policy() -> None:
    damp = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000011#0", title="Damp and Mould Policy",
        text=("## Purpose and scope\n\nThis policy sets out how we respond to reports of damp. "
              "Leaseholders are responsible for damp inside their own homes, but we will "
              "investigate where the cause may lie in the structure or a communal area.\n\n"
              "## Responsibility and review\n\nThe Director of Property Services is "
              "responsible for this policy. We will review it every 2 years.\n"))
    answer = extractive_answer("Who is responsible for damp inside a leaseholder's flat?",
                               [damp])
    assert "Leaseholders are responsible" in _lead(answer), answer


def test_a_long_question_that_asks_two_things_opens_with_an_answer_to_each() -> None:
    decant = SourceDocument(
        ref="doc:7d1c2f0e-0000-4000-8000-000000000012#0", title="Decant Policy",
        text=("## Types of decant\n\nA temporary decant is expected to last no longer than 12 "
              "weeks; if it will last longer, the household will be offered the option of a "
              "permanent move.\n\n## Payments\n\nWe will pay a disturbance payment within 10 "
              "working days of receiving receipts.\n\n## Keeping in touch\n\nThe decant officer "
              "will contact each household in temporary accommodation at least every 2 weeks to "
              "update them on the progress of the works.\n"))
    question = ("We've got a family in temporary accommodation while we strip out their kitchen "
                "after a flood and the works keep dragging on, so how often should the decant "
                "officer be getting in touch with them, and what happens if it goes on past "
                "twelve weeks?")
    assert classify(question).parts == (
        "how often should the decant officer be getting in touch with them",
        "what happens if it goes on past twelve weeks")
    lead = _lead(extractive_answer(question, [decant]))
    assert "every 2 weeks" in lead and "permanent move" in lead, lead

"""The legal checks through a real local Lex MCP server over ../shared/data.

Every issue code has a test, and each puts a real citation that must stay verified beside the
wrong one: a check that removes everything would fail them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from shared.config import Settings
from shared.lex.client import LexClient
from shared.llm import ScriptedProvider
from shared.verification.config import VerifierConfig
from shared.verification.context import CheckContext
from shared.verification.lexsource import Act, Provision
from shared.verification.pipeline import Verified, build_checks, verify_answer
from shared.verification.temporal import temporal_issue
from tests.conftest import fresh_database, local_lex

S5_QUOTE = "they must take the appropriate enforcement action"
S5 = (f'If a category 1 hazard exists, the local housing authority must take the appropriate '
      f'enforcement action <cite ref="ukpga/2004/34/section/5" quote="{S5_QUOTE}">1</cite>.')
D2M = "D2M Solutions Ltd v Secretary of State for Communities and Local Government"


@pytest.fixture(scope="module")
async def lex_url(servers: Settings) -> AsyncIterator[str]:
    """One Lex server over the shared data for the whole module (importing takes seconds)."""
    async with local_lex(await fresh_database(servers)) as lex:
        yield lex.url


CHECK_DEADLINE_S = 120.0
"""What each check may take here. The verifier's 15 s is a live answer's budget; on CI's two
shared cores under load, checks through this in-process Lex took longer and their citations
came back ``unverified`` (``check_failed``) instead of the outcome under test. These tests are
about what a check decides, not how fast it decides (``test_lex_stalls`` tests the deadline)."""


async def verify(lex_url: str, text: str, jurisdiction: str = "england",
                 provider: ScriptedProvider | None = None,
                 config: VerifierConfig | None = None) -> Verified:
    config = replace(config or VerifierConfig(), check_deadline_s=CHECK_DEADLINE_S,
                     judge_deadline_s=CHECK_DEADLINE_S)
    # The client's budget sits inside the check's, as in the verifier service; closing it
    # ends its MCP session rather than leaving one open per call for the module's server.
    async with LexClient(lex_url, timeout_s=CHECK_DEADLINE_S - 1) as lex:
        checks = build_checks(documents=None, lex=lex, provider=provider, config=config)
        return await verify_answer(text, checks, context=CheckContext(
            jurisdiction=jurisdiction))  # type: ignore[arg-type]


def statuses(verified: Verified) -> list[tuple[str, str, list[str]]]:
    return [(c.ref, o.status, list(o.issues))
            for c, o in zip(verified.parsed.citations, verified.outcomes, strict=True)]


async def test_not_found_section_is_removed_beside_a_verified_real_one(lex_url: str) -> None:
    v = await verify(lex_url, S5 + ' Authorities must inspect every house yearly '
                                   '<cite ref="ukpga/2004/34/section/999">2</cite>.')
    assert statuses(v) == [("ukpga/2004/34/section/5", "verified", []),
                           ("ukpga/2004/34/section/999", "removed", ["not_found"])]
    assert "inspect every house" not in v.text and S5 in v.text
    assert "I could not verify the source" in v.text


async def test_made_up_subsection_and_act_are_not_found(lex_url: str) -> None:
    text = ("Under section 5(1) of the Housing Act 2004, the local housing authority must take "
            "the appropriate enforcement action. Section 5(9) of the Housing Act 2004 lets "
            "tenants choose the action. Section 4 of the Tenancy Fairness Act 2019 says the "
            "same. Section 2 of the Housing Act 2031 says so too.")
    # A partial corpus cannot say an Act it lacks is made up; a future one is, whatever holds it.
    assert statuses(await verify(lex_url, text)) == [
        ("ukpga/2004/34/section/5/1", "verified", []),
        ("ukpga/2004/34/section/5/9", "removed", ["not_found"]),
        ("Tenancy Fairness Act 2019, s. 4", "unverified", ["not_in_corpus"]),
        ("Housing Act 2031, s. 2", "removed", ["not_found"]),
    ]
    complete = await verify(lex_url, text, config=VerifierConfig(source_complete=True))
    assert statuses(complete)[2] == ("Tenancy Fairness Act 2019, s. 4", "removed",
                                     ["not_found"])


async def test_misquote_is_a_quote_mismatch_and_layout_is_forgiven(lex_url: str) -> None:
    real = ('The duty is plain <cite ref="ukpga/2004/34/section/5/1" quote="(1) If a local '
            'housing authority consider that a category 1 hazard exists on any residential '
            'premises, They must take the appropriate enforcement action">1</cite>.')
    listed = ('The courses of action include <cite ref="ukpga/2004/34/section/5" quote="means '
              'whichever of the following courses of action is indicated by subsection (3) or '
              '(4) – (a) serving an improvement notice">2</cite>.')
    wrong = ('The authority must act <cite ref="ukpga/2004/34/section/5" quote="they must take '
             'immediate enforcement action within 7 days">3</cite>.')
    v = await verify(lex_url, f"{real} {listed} {wrong}")
    assert [s[1:] for s in statuses(v)] == [("verified", []), ("verified", []),
                                            ("removed", ["quote_mismatch"])]


async def test_must_where_the_act_says_may_is_claim_unsupported(lex_url: str) -> None:
    v = await verify(lex_url, S5 + (
        ' A local housing authority must take enforcement action where a category 2 hazard '
        'exists <cite ref="ukpga/2004/34/section/7">2</cite>.'
        " Under section 213 of the Housing Act 2004, a tenancy deposit must be protected "
        "within 28 days."
        " Under section 213(3) of the Housing Act 2004, the landlord must comply with the "
        "initial requirements of an authorised scheme within 30 days."))
    assert statuses(v) == [
        ("ukpga/2004/34/section/5", "verified", []),
        ("ukpga/2004/34/section/7", "removed", ["claim_unsupported"]),
        ("ukpga/2004/34/section/213", "removed", ["claim_unsupported"]),
        ("ukpga/2004/34/section/213/3", "verified", []),
    ]
    assert "says 28 days; the source says 30 days" in v.outcomes[2].detail


async def test_northern_ireland_provision_for_england_is_a_jurisdiction_issue(
        lex_url: str) -> None:
    text = S5 + (' The Secretary of State may establish a domestic electricity price reduction '
                 'scheme <cite ref="ukpga/2022/44/section/5">2</cite>.')
    england = await verify(lex_url, text)
    assert statuses(england)[0][1:] == ("verified", [])
    assert statuses(england)[1][1:] == ("removed", ["jurisdiction"])
    assert "Northern Ireland only" in england.outcomes[1].detail
    ni = await verify(lex_url, text, jurisdiction="northern_ireland")
    assert statuses(ni)[1][1:] == ("verified", [])
    assert statuses(ni)[0][1:] == ("removed", ["jurisdiction"])  # s. 5 HA 2004 is E+W


async def test_repealed_section_cited_as_current_but_not_as_history(lex_url: str) -> None:
    v = await verify(lex_url, S5 + (
        ' Estate agents must hold a home information pack '
        '<cite ref="ukpga/2004/34/section/150">2</cite>.'
        " Before it was repealed, section 150 of the Housing Act 2004 required an estate agent "
        "to have a home information pack."))
    assert statuses(v) == [
        ("ukpga/2004/34/section/5", "verified", []),
        ("ukpga/2004/34/section/150", "removed", ["repealed"]),
        ("ukpga/2004/34/section/150", "verified", []),
    ]
    assert "Localism Act 2011" in v.outcomes[1].detail


async def test_prospective_section_is_not_in_force(lex_url: str) -> None:
    v = await verify(lex_url, S5 + " Section 190 of the Housing Act 2004 ends the right to "
                                   "acquire on rent to mortgage terms.")
    assert statuses(v) == [("ukpga/2004/34/section/5", "verified", []),
                           ("ukpga/2004/34/section/190", "removed", ["not_in_force"])]


async def test_section_21_after_its_repeal_date(lex_url: str) -> None:
    """Omitted from 1 May 2026 with savings: never verified as current, kept as history."""
    v = await verify(lex_url, (
        "Landlords can end an assured shorthold tenancy with two months' notice under section "
        "21 of the Housing Act 1988. Before 1 May 2026, section 21 of the Housing Act 1988 let "
        "landlords recover possession with two months' notice."))
    assert statuses(v) == [("ukpga/1988/50/section/21", "unverified", ["repealed"]),
                           ("ukpga/1988/50/section/21", "verified", [])]
    assert "two months' notice under section 21 of the Housing Act 1988 (unverified)." in v.text
    # Cited as current law: the answer says at that point that it was repealed, and when.
    assert ("1988 (unverified). Section 21 of the Housing Act 1988 was repealed (omitted) from "
            "1 May 2026 for specified purposes by the Renters' Rights Act 2025, with savings."
            in v.text)
    current, history = v.outcomes
    assert (current.law_status, current.status_date) == ("repealed", "2026-05-01")
    assert "Renters' Rights Act 2025" in current.status_note
    assert history.law_status == "repealed" and history.law_statement == ""
    assert v.text.count("was repealed") == 1  # history needs no correction


async def test_section_21_quoted_as_current_law_states_the_repeal(lex_url: str) -> None:
    quote = "not less than two months’ notice in writing stating that he requires possession"
    v = await verify(lex_url, (
        "Yes: a landlord can recover possession after giving two months' notice "
        f'<cite ref="ukpga/1988/50/section/21/1" quote="{quote}">1</cite>.'))
    assert statuses(v) == [("ukpga/1988/50/section/21/1", "unverified", ["repealed"])]
    assert "</cite> (unverified). Section 21 of the Housing Act 1988 was repealed" in v.text
    assert v.outcomes[0].law_status == "repealed"


async def test_a_repeal_is_stated_once_however_often_the_section_is_cited(lex_url: str
                                                                           ) -> None:
    quote = "not less than two months’ notice in writing stating that he requires possession"
    cite = f'<cite ref="ukpga/1988/50/section/21/1" quote="{quote}">1</cite>'
    v = await verify(lex_url, (
        f"A landlord can recover possession after giving two months' notice {cite}. The notice "
        f"must be in writing {cite}. No reason has to be given under section 21 of the Housing "
        "Act 1988."))
    assert [s for _, s, _ in statuses(v)] == ["unverified"] * 3
    assert v.text.count("was repealed") == 1, v.text
    assert v.text.index("was repealed") < v.text.index("The notice must")  # where first cited
    assert v.text.count("(unverified)") == 3  # every claim is still marked


async def test_a_verbatim_quote_of_section_55_stays_verified(lex_url: str) -> None:
    """The must/may check compares the statement with the quoted words, not with s. 55(3)."""
    quote = ("This Part provides for HMOs to be licensed by local housing authorities where— "
             "(a) they are HMOs to which this Part applies (see subsection (2)), and (b) they "
             "are required to be licensed under this Part (see section 61(1)).")
    v = await verify(lex_url, (
        "HMOs must be licensed by local housing authorities where they are HMOs to which Part 2 "
        f'applies and are required to be licensed <cite ref="ukpga/2004/34/section/55" '
        f'quote="{quote}">1</cite>.'))
    assert statuses(v) == [("ukpga/2004/34/section/55", "verified", [])]
    assert v.outcomes[0].law_status == "in_force"


async def test_wrong_subject_and_wrong_party_under_real_quotes(lex_url: str) -> None:
    s61 = "Every HMO to which this Part applies must be licensed under this Part unless"
    s63 = "An application for a licence must be made to the local housing authority."
    v = await verify(lex_url, S5 + (
        " A landlord must protect a tenancy deposit within 30 days "
        f'<cite ref="ukpga/2004/34/section/61" quote="{s61}">2</cite>.'
        " An application for an HMO licence must be made to the tribunal "
        f'<cite ref="ukpga/2004/34/section/63/1" quote="{s63}">3</cite>.'
        " An application for an HMO licence must be made to the council "
        f'<cite ref="ukpga/2004/34/section/63/1" quote="{s63}">4</cite>.'))
    assert [s for _, s, _ in statuses(v)] == ["verified", "unverified", "unverified", "verified"]
    assert "tenancy deposits" in v.outcomes[1].detail
    assert "tribunal" in v.outcomes[2].detail


async def test_judgment_outcome_and_joined_words(lex_url: str) -> None:
    """A judgment's own words match despite an extraction join ("aredealt"); a statement
    reporting the opposite of the quoted decision is removed."""
    joined = ("costs to be awarded in litigation are dealt [with] separately by the Court and "
              "settled by the parties")
    refused = "For all these reasons, I refuse the application for judicial review."
    v = await verify(lex_url, (
        f"In {D2M} the court noted that litigation costs are dealt with separately "
        f'<cite ref="[2017] EWHC 3409 (Admin)" quote="{joined}">1</cite>.'
        f" In {D2M} the judge refused the application for judicial review "
        f'<cite ref="[2017] EWHC 3409 (Admin)" quote="{refused}">2</cite>.'
        f" In {D2M} the application for judicial review was granted "
        f'<cite ref="[2017] EWHC 3409 (Admin)" quote="{refused}">3</cite>.'))
    assert [(s, i) for _, s, i in statuses(v)] == [
        ("verified", []), ("verified", []), ("removed", ["claim_unsupported"])]


async def test_wrong_case_name_is_a_name_mismatch(lex_url: str) -> None:
    v = await verify(lex_url, (
        f"In {D2M} [2017] EWHC 3409 (Admin), the decision was quashed. "
        "In Holyoake v Candy [2017] EWHC 3409 (Admin), the court quashed the decision. "
        "The Court of Appeal decided [2017] EWHC 3364 (Admin). "
        "The court held this in [2099] EWCA Civ 1. "
        "The court held that in [2019] EWCA Civ 12."))
    assert statuses(v) == [
        ("[2017] EWHC 3409 (Admin)", "verified", []),
        ("[2017] EWHC 3409 (Admin)", "removed", ["name_mismatch"]),
        ("[2017] EWHC 3364 (Admin)", "removed", ["name_mismatch"]),
        ("[2099] EWCA Civ 1", "removed", ["not_found"]),  # a year still to come
        ("[2019] EWCA Civ 12", "unverified", ["not_in_corpus"]),  # five judgments held
    ]
    assert D2M in v.outcomes[1].detail


async def test_legislation_before_1963_is_labelled(lex_url: str) -> None:
    v = await verify(lex_url, S5 + (
        " In 1809 the Sale of Offices Act 1809 made buying or selling an office a misdemeanour "
        '<cite ref="ukpga/Geo3/49/126/section/3">2</cite>.'
        ' The King forbade coming armed to Parliament <cite ref="aep/Edw2/7/0">3</cite>.'))
    assert statuses(v) == [("ukpga/2004/34/section/5", "verified", []),
                           ("ukpga/Geo3/49/126/section/3", "pre_1963_digitised", ["pre_1963"]),
                           ("aep/Edw2/7/0", "pre_1963_digitised", ["pre_1963"])]


async def test_legislation_before_1963_is_verified_when_checked_against_exact_text(
        lex_url: str) -> None:
    """A quote found in the text held, or a repeal the record states, is checked exactly:
    verified, with the print caveat in the detail (issue 14; ``a-repealed-law-06``)."""
    v = await verify(lex_url, S5 + (
        ' The statute of 1313 forbade coming armed to Parliament <cite ref="aep/Edw2/7/0" '
        'quote="straitly to defend Force of Armour, and all other Force against our Peace">2'
        "</cite>. Section 3 of the Sale of Offices Act 1809 was repealed in 2013 "
        '<cite ref="ukpga/Geo3/49/126/section/3">3</cite>.'))
    assert statuses(v) == [("ukpga/2004/34/section/5", "verified", []),
                           ("aep/Edw2/7/0", "verified", []),
                           ("Sale of Offices Act 1809, s. 3", "verified", []),
                           ("ukpga/Geo3/49/126/section/3", "verified", [])]
    assert all("digitised from print" in o.detail for o in v.outcomes[1:])


async def test_reported_words_and_open_points_are_not_the_courts_finding(lex_url: str
                                                                          ) -> None:
    submitted = "Z’s delay in conceding the issue until 21 June was unreasonable"
    open_point = ("I think it very likely that I would have taken the same view in the "
                  "present case")
    v = await verify(lex_url, (
        f'In Y v Z the judge found that Z\'s delay was unreasonable <cite ref="[2017] EWFC 83" '
        f'quote="{submitted}">1</cite>. In Y v Z, Y submitted that Z\'s delay was '
        f'unreasonable <cite ref="[2017] EWFC 83" quote="{submitted}">2</cite>. In Holyoake v '
        "Candy the court refused relief because of Mr Holyoake's dishonesty "
        f'<cite ref="[2017] EWHC 3397 (Ch)" quote="{open_point}">3</cite>.'))
    assert [s for _, s, _ in statuses(v)] == ["unverified", "verified", "unverified"]


async def test_act_named_by_title_is_resolved_through_lex(lex_url: str) -> None:
    v = await verify(lex_url, "The Secretary of State may by notice designate a company as "
                              "Great British Energy (Great British Energy Act 2025, s. 1).")
    [(ref, status, issues)] = statuses(v)
    assert ref == "Great British Energy Act 2025, s. 1"
    assert (status, issues) == ("verified", []), v.outcomes[0].detail
    assert v.outcomes[0].source_uri == "https://www.legislation.gov.uk/ukpga/2025/16/section/1"
    assert "no extent" in v.outcomes[0].detail  # the fragment records none: not guessed


async def test_model_judge_can_only_take_verification_away(lex_url: str) -> None:
    no = ScriptedProvider(responses={"judge": ['{"supported": false, "reason": "Wrong."}']})
    yes = ScriptedProvider(responses={"judge": ['{"supported": true, "reason": "Fine."}']})
    garbled = ScriptedProvider(responses={"judge": ["Yes, I think so."]})
    silent = ScriptedProvider(responses={})
    wrong = S5.replace("5", "999")
    assert statuses(await verify(lex_url, S5, provider=yes))[0][1:] == ("verified", [])
    assert statuses(await verify(lex_url, S5, provider=no))[0][1:] == (
        "unverified", ["claim_unsupported"])
    for broken in (garbled, silent):
        assert statuses(await verify(lex_url, S5, provider=broken))[0][1:] == (
            "unverified", ["check_failed"])
    # The judge is not asked about what the deterministic checks already reject.
    assert statuses(await verify(lex_url, wrong, provider=yes))[0][1] == "removed"
    assert [r.tier for r in yes.requests] == ["balanced"]


def test_records_without_status_fields_are_not_given_one() -> None:
    """A public-Lex record has no status: the temporal check skips and says so."""
    provision = Provision(path="ukpga/2004/34/section/150", kind="section", number="150",
                          title="Acting as estate agent", text="", extent=(), status=None)
    act = Act(path="ukpga/2004/34", title="Housing Act 2004", year=2004, extent=(),
              repealed=None, pre_1963=None, provisions=(provision,), complete=False)
    note = temporal_issue("Estate agents must hold a pack.", act, provision,
                          CheckContext().today)
    assert isinstance(note, str) and "does not record" in note

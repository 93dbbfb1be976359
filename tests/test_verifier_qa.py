"""The testing-mode QA report: each check passing and failing, and qa.report on the real bus."""

from __future__ import annotations

import uuid

import pytest

from services.verifier.app import create
from services.verifier.report import build_events
from shared.bus import Bus
from shared.events import (
    AnswerRevised,
    ConversationCreated,
    DraftCompleted,
    Envelope,
    EventMeta,
    InvocationStarted,
    MessageReceived,
    QaReport,
    derived_id,
    event_type,
)
from shared.runtime import Infra
from shared.store import Recorded
from shared.tenants import TenantConfig, TenantStore
from shared.text.british import PAIRS, american_spellings, british_notes
from shared.verification.checks import Outcome
from shared.verification.citations import parse_citations
from shared.verification.pipeline import revise_answer
from shared.verification.qa import (
    QaOutcome,
    disclaimer_notes,
    law_notes,
    review,
    structure_notes,
)
from tests.log_writes import record
from tests.test_verifier_service import wait_for

DISCLAIMER = "This is compliance information, not legal advice."
DEPOSIT = '<cite ref="ukpga/2004/34/section/213">1</cite>'
GOOD = f"""Landlords must protect a tenancy deposit within 30 days {DEPOSIT}. The scheme \
keeps the money safe until the tenancy ends.

## What to do

- Protect the deposit.
- Give the prescribed information.

A notice cannot be served until then, under section 215 of the Housing Act 2004.

_{DISCLAIMER}_"""


def test_a_well_formed_british_answer_passes_every_check() -> None:
    outcome = review(GOOD, disclaimer=DISCLAIMER)
    assert outcome.checks == {"disclaimer": True, "british_english": True, "structure": True,
                              "law_cited": True}
    assert outcome.passed and outcome.notes == []


# Disclaimer


@pytest.mark.parametrize("ending", [
    f"\n\n{DISCLAIMER}", f"\n\n_{DISCLAIMER}_\n", f"\n\n**{DISCLAIMER}**",
    "\n\n> This is compliance information,\n> not legal advice.",
])
def test_disclaimer_at_the_end_passes_whatever_its_emphasis(ending: str) -> None:
    assert disclaimer_notes("Rent is reviewed in April." + ending, DISCLAIMER) == []


def test_missing_or_misplaced_or_altered_disclaimer_fails() -> None:
    [missing] = disclaimer_notes("Rent is reviewed in April.", DISCLAIMER)
    assert "missing" in missing
    [misplaced] = disclaimer_notes(f"{DISCLAIMER}\n\nRent is reviewed in April.", DISCLAIMER)
    assert "does not end the answer" in misplaced
    altered = "Rent is reviewed in April.\n\nThis is compliance information, not advice."
    assert disclaimer_notes(altered, DISCLAIMER) != []
    # A disclaimer glued to a word is not the disclaimer.
    assert disclaimer_notes(f"Rent is reviewed in April.X{DISCLAIMER}", DISCLAIMER) != []


def test_the_tenants_own_disclaimer_is_the_one_required() -> None:
    own = "Information only: speak to your housing officer."
    outcome = review(GOOD, disclaimer=own)
    assert outcome.checks["disclaimer"] is False and not outcome.passed
    assert review(GOOD.replace(DISCLAIMER, own), disclaimer=own).passed


# British English


def test_the_curated_list_is_large_enough_and_british() -> None:
    assert len(PAIRS) >= 60
    for american in ("organization", "center", "behavior", "program", "license", "defense",
                     "neighbor", "fulfill", "enrollment", "canceled", "mold"):
        assert american in PAIRS or american_spellings(f"The {american} here.")
    assert all(american != british for american, british in PAIRS.items())


def test_american_spellings_in_the_answers_own_words_fail() -> None:
    text = ("The organization must realize that damp and mold affect behavior. Each center "
            "runs a program of visits, and analyzing complaints is prioritized. The landlord "
            "needs a license for the property.")
    found = {s.word: s.british for s in american_spellings(text)}
    assert found == {"organization": "organisation", "realize": "realise", "mold": "mould",
                     "behavior": "behaviour", "center": "centre", "program": "programme",
                     "analyzing": "analysing", "prioritized": "prioritised",
                     "license": "licence"}
    notes = british_notes(text)
    assert 'American spelling "organization": use "organisation".' in notes
    assert review(text, disclaimer=DISCLAIMER).checks["british_english"] is False


def test_quoted_american_spellings_are_never_flagged() -> None:
    text = (
        'Section 1 says <cite ref="ukpga/2004/34/section/1" quote="the organization of the '
        'center shall analyze behavior">1</cite>. The court said "the licensor\'s organization '
        "is liable\" and the guidance calls it ‘a behavior program’. An American source "
        "writes “neighborhood center”.\n\n> The labor of the organization.\n\n"
        "See `color_code` and https://example.org/organization-center."
    )
    assert american_spellings(text) == []
    assert british_notes(text) == []


def test_ize_exceptions_verbs_proper_names_and_computer_programs_pass() -> None:
    text = ("The size of the room was downsized after bailiffs seized goods and the boat "
            "capsized; a prize was awarded. Councils license HMOs, and a landlord may need "
            "to license a property. The World Health Organization and Pearl Harbor are "
            "names. The computer program failed. The judgment was given.")
    assert american_spellings(text) == []


def test_ize_words_at_a_sentence_start_are_still_flagged() -> None:
    found = american_spellings("Organizations must apologize.\n\n- Standardized forms.")
    assert [s.british for s in found] == ["Organisations", "apologise", "Standardised"]


# Structure


def test_structure_failures_are_each_reported() -> None:
    assert structure_notes("") == ["The answer is empty: there is nothing before the disclaimer."]
    [opens] = structure_notes("## Rent\n\nRent is reviewed in April.")
    assert opens == "The answer opens with a heading rather than with prose."
    only_list = "Here is what applies:\n\n- Rent is reviewed in April.\n- Notice is given."
    assert structure_notes(only_list) == [
        "The answer is only a list: it needs prose that explains it."]
    unbalanced = 'Rent rises in April <cite ref="doc:x#0">1. More text.</cite> here </cite>.'
    assert structure_notes(unbalanced) == [
        f"A closing </cite> at character {unbalanced.rindex('</cite>')} has no opening tag."]
    unclosed = 'Rent rises in April <cite ref="doc:x#0">1. Notice is given.'
    assert structure_notes(unclosed) == ["A <cite> tag at character 20 is not closed."]
    empty = "Rent is reviewed in April.\n\n## Notice\n\n## Appeals\n\nAppeal within 28 days.\n\n#"
    assert structure_notes(empty) == ['The heading "Notice" has nothing under it.',
                                      "A heading has no title."]


def test_structure_accepts_subheadings_lists_with_prose_and_self_closing_tags() -> None:
    text = ("Rent is reviewed once a year <cite ref=\"doc:x#0\"/>.\n\n## Notice\n\n"
            "### Period\n\nFour weeks.\n\n- One item\n  continued here.\n\nClosing prose.")
    assert structure_notes(text) == []
    outcome = review(f"{DISCLAIMER}", disclaimer=DISCLAIMER)
    assert outcome.checks["structure"] is False  # the disclaimer alone is no answer


# Law stated without a citation


def test_uncited_statements_of_law_are_reported_in_the_notes() -> None:
    text = (
        "Landlords must protect a deposit within 30 days. "
        "The Housing Act 2004 created deposit schemes. "
        "A tenant is entitled to the prescribed information. "
        "Regulation 3 sets out what that information is. "
        "The Court of Appeal has considered this. "
        "In Street v Mountford the lease was found to exist. "
        "The landlord shall repair the structure."
    )
    notes = law_notes(text)
    assert len(notes) == 7
    assert notes[0] == ('A sentence states law without a citation: '
                        '"Landlords must protect a deposit within 30 days."')
    assert review(text, disclaimer=DISCLAIMER).checks["law_cited"] is False


def test_statements_of_law_with_a_tag_or_prose_reference_pass() -> None:
    text = (
        f"Landlords must protect a deposit within 30 days {DEPOSIT}. "
        "A section 21 notice is invalid until then, under section 215 of the Housing Act "
        "2004. "
        "The Supreme Court decided the point in [2020] UKSC 12. "
        "The duty in s. 213(3) of that Act runs from receipt.\n\n"
        "You must check the cited sources before acting. "
        "Rent is reviewed in April."
    )
    assert law_notes(text) == []


def test_headings_and_the_disclaimer_are_not_statements_of_law() -> None:
    own = "Landlords must always take legal advice; this is not law."
    text = f"Deposits are protected {DEPOSIT}.\n\n## Section 21 of the Act\n\nSee above.\n\n{own}"
    assert review(text, disclaimer=own).checks["law_cited"] is True
    assert law_notes(text) != []  # without the disclaimer, the last sentence states law


def test_long_offending_sentences_are_truncated_and_counted() -> None:
    long = "Landlords must " + "repair the structure and exterior " * 10 + "promptly."
    text = " ".join([long] + [f"Tenants must pay rent {i}." for i in range(12)])
    notes = law_notes(text)
    assert len(notes) == 11 and notes[-1] == "…and 3 more such sentences."
    assert notes[0].endswith('…"') and len(notes[0]) < 220


# In the verifier's report


def test_qa_reviews_the_revised_answer_and_comes_just_before_completion() -> None:
    """A withheld sentence no longer counts: the user sees the revised answer, not the draft."""
    invocation = uuid.uuid4()
    draft = DraftCompleted(conversation_id=uuid.uuid4(), tenant_id="t", invocation_id=invocation,
                           text=f"Landlords must protect deposits {DEPOSIT}. The organization "
                                f"helps.\n\n_{DISCLAIMER}_", provider="offline", model="m")
    parsed = parse_citations(draft.text)
    reviewed: list[str] = []

    def qa(text: str) -> QaOutcome:
        reviewed.append(text)
        return review(text, disclaimer=DISCLAIMER)

    removed = [Outcome(status="removed", issues=("not_found",))]
    verdict = revise_answer(draft.text, parsed, removed)
    events = build_events(draft=draft, verified=verdict, log=[],
                          envelope=Envelope.of(draft, EventMeta(producer="verifier")), qa=qa)
    assert [event_type(e) for e in events][-3:] == ["confidence.update", "qa.report",
                                             "invocation.completed"]
    [revised] = [e for e in events if isinstance(e, AnswerRevised)]
    assert reviewed == [revised.text]
    report = events[-2]
    assert isinstance(report, QaReport) and report.passed is False
    assert report.checks["british_english"] is False and report.checks["law_cited"] is True
    without = build_events(draft=draft, verified=verdict, log=[],
                           envelope=Envelope.of(draft, EventMeta(producer="verifier")))
    assert "qa.report" not in [event_type(e) for e in without]


# The service on real NATS and PostgreSQL


async def test_qa_report_is_recorded_before_completion_only_in_testing_mode(
        infra: Infra) -> None:
    tenants = TenantStore(infra.pool)
    await tenants.put(TenantConfig(tenant_id="testing", name="Testing HA", testing_mode=True,
                                   disclaimer=DISCLAIMER))
    await tenants.put(TenantConfig(tenant_id="normal", name="Normal HA"))
    text = (f"Landlords must protect a deposit {DEPOSIT}. The organization keeps it safe."
            f"\n\n_{DISCLAIMER}_")
    service = create(infra)
    await service.start()
    try:
        runs = {tenant: await _verify(infra, service.bus, tenant, text)
                for tenant in ("testing", "normal")}
        testing = [r for r in runs["testing"] if r.event.meta.producer == "verifier"]
        assert [r.type for r in testing][-2:] == ["qa.report", "invocation.completed"]
        report = testing[-2].event
        assert isinstance(report, QaReport)
        assert report.event_id == derived_id(report.invocation_id, "verifier", "qa")
        assert report.checks == {"disclaimer": True, "british_english": False,
                                 "structure": True, "law_cited": True}
        assert not report.passed
        assert report.notes == ['American spelling "organization": use "organisation".']
        assert testing[-2].version < testing[-1].version
        normal = [r.type for r in runs["normal"] if r.event.meta.producer == "verifier"]
        assert normal[-1] == "invocation.completed" and "qa.report" not in normal
    finally:
        await service.stop()


async def _verify(infra: Infra, bus: Bus, tenant: str, text: str) -> list[Recorded]:
    conversation, invocation, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ids = {"conversation_id": conversation, "tenant_id": tenant, "invocation_id": invocation}
    await record(infra.store, bus, [
        ConversationCreated(conversation_id=conversation, tenant_id=tenant, user_id="u1"),
        InvocationStarted(**ids, user_id="u1", message_id=message),
        MessageReceived(**ids, user_id="u1", message_id=message, content="Deposits?"),
        DraftCompleted(**ids, text=text, provider="offline", model="extractive"),
    ])

    async def completed() -> bool:
        log = await infra.store.read_invocation(tenant, invocation)
        return any(r.type == "invocation.completed" for r in log)

    await wait_for(completed)
    return await infra.store.read_invocation(tenant, invocation)

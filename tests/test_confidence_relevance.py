"""Confidence reflects relevance and corroboration: an answer whose verified citations do not
answer the question is low, whatever their number; distinct sources that bear on the question
corroborate it."""

from __future__ import annotations

from shared.answering.gaps import MISSING_LEAD
from shared.verification.confidence import assess, fit

DAMP = "doc:7d1c2f0e-0000-4000-8000-000000000001#2"
REPAIRS = "doc:7d1c2f0e-0000-4000-8000-000000000002#1"
COMPLAINTS = "doc:7d1c2f0e-0000-4000-8000-000000000003#4"
ACT = "ukpga/2004/34/section/5"
INSPECT = "We will inspect reported damp and mould within 10 working days of the report."
REVIEW = "We will review this policy every three years."


def test_verified_citations_that_do_not_answer_are_low() -> None:
    question = "What are our obligations under the new damp and mould timescales for inspection?"
    cited = [(DAMP, REVIEW, "verified"), (REPAIRS, "We will review this policy every two "
                                                   "years.", "verified"),
             (COMPLAINTS, "This policy will be reviewed every year.", "verified")]
    relevance = fit("How quickly must we inspect reported damp and mould?", cited)
    assert not relevance.answers
    level, reason = assess(["verified"] * 3, 3, relevance)
    assert level == "low" and "do not answer" in reason
    assert fit(question, [(DAMP, INSPECT, "verified")]).answers


def test_no_verified_citation_is_never_above_low() -> None:
    relevance = fit("How quickly must we inspect damp?", [(DAMP, INSPECT, "unverified")])
    assert not relevance.answers
    assert assess(["unverified"], 1, relevance)[0] == "low"


def test_a_note_that_the_sources_do_not_hold_the_instrument_makes_it_low() -> None:
    answer = f'"{INSPECT}" <cite …>1</cite>\n\n{MISSING_LEAD} Awaab\'s Law: …'
    relevance = fit("What are our obligations under Awaab's Law?",
                    [(DAMP, INSPECT, "verified")], answer=answer)
    assert assess(["verified"], 1, relevance)[0] == "low"


def test_corroboration_counts_distinct_sources_that_bear_on_the_question() -> None:
    question = "Must a local housing authority act on a category 1 hazard?"
    duty = ("(1) If a local housing authority consider that a category 1 hazard exists on any "
            "residential premises, they must take the appropriate enforcement action in "
            "relation to the hazard.")
    cited = [(ACT, duty, "verified"), (DAMP, "For Category 1 hazards we must make the home "
                                             "safe within 24 hours.", "verified"),
             (REPAIRS, "Residents can pay by direct debit or standing order.", "verified")]
    relevance = fit(question, cited)
    assert relevance.answers and relevance.supporting == 2
    level, _ = assess(["verified"] * 3, 3, relevance)
    assert level == "medium"  # two bearing sources: not the three that high needs


def test_a_period_from_an_unrelated_source_does_not_corroborate() -> None:
    # Timescales in other documents share the question's register (a period) but none of its
    # words: they do not make a weak answer highly confident.
    question = "How long has someone got to appeal against an emergency prohibition order?"
    cited = [(ACT, "The appeal must be made within the period of 28 days beginning with the "
                   "date specified in the notice as the date on which the order was made.",
              "verified"),
             (DAMP, "Within 10 working days of the first contact, the case officer will agree "
                    "a written action plan with the person reporting.", "verified"),
             (REPAIRS, "If the resident is unhappy with our Stage 1 response they can ask for "
                       "Stage 2 at any time within 20 working days of that response.",
              "verified")]
    relevance = fit(question, cited)
    assert relevance.answers and relevance.supporting == 1
    assert assess(["verified"] * 3, 3, relevance)[0] == "medium"


def test_the_judges_header_line_answers_which_judge() -> None:
    """"Before : MR JUSTICE NUGEE" shares no word with "who was the judge …?" yet answers it;
    another line of the header does not."""
    question = "Who was the judge in Holyoake v Candy?"
    judged = fit(question, [("[2017] EWHC 3397 (Ch)", "Before : MR JUSTICE NUGEE", "verified")])
    assert judged.answers and judged.supporting == 1
    assert assess(["verified"], 1, judged)[0] == "medium"
    other = fit(question, [("[2017] EWHC 3397 (Ch)", "Date: 21/12/2017 Chancery Division",
                            "verified")])
    assert not other.answers

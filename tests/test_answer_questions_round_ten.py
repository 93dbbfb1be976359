"""Round ten's reading of questions and answers: "who pays" answered by who bears the cost,
a time bound ("the earliest date") asked as a period, a test ("who counts as", "when is X a
Y rather than a Z") asked as a definition, "how many" answered by a number of the things
counted, and a question that only repealed provisions touch answered as not in the sources."""

from __future__ import annotations

from dataclasses import dataclass

from shared.answering.composition import NO_ANSWER, REPEALED_ONLY, compose
from shared.answering.questions import Question, classify, has_cue
from shared.answering.selection import Candidate, Selection
from shared.answering.status import only_repealed
from shared.text.vocabulary import expand


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_REPEALED = _Doc("ukpga/2004/34/section/217", "Housing Act 2004, s. 217: Energy efficiency",
                 "[repealed: Repealed by the Energy Act 2011]\n\n(1) The Secretary of State "
                 "must take reasonable steps to ensure that energy efficiency improves.")
_CURRENT = _Doc("ukpga/2004/34/section/5", "Housing Act 2004, s. 5: Category 1 hazards",
                "(1) If a local housing authority consider that a category 1 hazard exists on "
                "any residential premises, they must take the appropriate enforcement action.")


def _lead(doc: int, text: str) -> Candidate:
    return Candidate(doc, 1, text, "", similarity=0.6, overlap=0.5, cue=True, score=0.8)


def test_who_pays_is_answered_by_who_bears_the_cost() -> None:
    who_pays = classify("Who pays for the removal when a decanted household moves back home?")
    assert who_pays.kind == "who"
    # The policy's own "we" pays: it answers.
    assert has_cue(who_pays, "We will give the household at least 5 working days' notice and "
                             "will arrange and pay for the removal.")
    # A party named beside a charge on the house says nothing of who pays for this.
    assert not has_cue(who_pays, "(7) Any sum recoverable by the authority under subsection "
                                 "(3) is, until recovered, a charge on the house.")
    # Any other "who" still wants a party, not a payment.
    assert has_cue(classify("Who decides a mutual exchange request?"),
                   "Decisions are made by the Housing Manager within 8 weeks.")


def test_a_time_bound_is_a_period_and_a_test_is_a_definition() -> None:
    assert classify("What is the earliest date an improvement notice can require the works "
                    "to start?").kind == "period"
    assert classify("Who counts as a 'new resident' for an overcrowding notice?").kind == \
        "definition"
    assert classify("When is something a resident reports just a service request rather than "
                    "a complaint?").kind == "definition"
    # A plain "when" still asks for a time, and a plain "who" for a party.
    assert classify("When should we visit a new resident?").kind == "period"
    assert classify("Who can authorise a payment of £600?").kind == "who"


def test_how_many_is_answered_by_a_number_of_the_things_counted() -> None:
    q = classify("And how many reports does it take? (about: ASB)")
    assert q.kind == "count"
    assert has_cue(q, "The threshold in the council areas where we work is three separate "
                      "reports about the same problem within a 6-month period.")
    assert not has_cue(q, "ASB can be reported by telephone, online, by email or in person.")
    # A number of something else does not count the things asked about.
    assert not has_cue(q, "We will contact the person reporting within 5 working days.")
    # How many days is a period.
    assert classify("How many days do we have to respond?").kind == "period"


def test_only_repealed_matches_are_no_answer_unless_the_law_itself_is_asked_about() -> None:
    docs = [_REPEALED, _CURRENT]
    lead = _lead(0, "(1) The Secretary of State must take reasonable steps to ensure that "
                    "energy efficiency improves.")
    asked = Question("What's the deadline for getting our homes up to EPC band C?", "period")
    assert only_repealed(asked, [lead], docs)
    answer = compose(Selection(asked, [lead], answers=True), docs)
    assert NO_ANSWER in answer and REPEALED_ONLY in answer and "<cite" not in answer
    # Asked whether the law still stands, or by its section, the repealed text is the answer.
    assert not only_repealed(Question("Is the energy efficiency duty still in force?",
                                      "yes_no"), [lead], docs)
    assert not only_repealed(Question("What did section 217 require?", "general"), [lead],
                             docs)
    # A current provision among the leads answers.
    current = _lead(1, _CURRENT.text)
    assert not only_repealed(asked, [lead, current], docs)


def test_everyday_words_for_a_settling_in_visit_and_an_electrical_report() -> None:
    said = expand("We've just moved a new family in. When should someone go round to see how "
                  "they're getting on?")
    assert "visit" in said and "settling in" in said and "new resident" in said
    assert "EICR" in expand("Do we have to give him a copy of the electrical report?")

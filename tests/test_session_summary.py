"""A long conversation's history: the latest turns in full, the older ones as a summary."""

from __future__ import annotations

import uuid

from services.orchestrator.synthesis import (
    HISTORY_MESSAGES,
    SUMMARY_ITEMS,
    History,
    session_summary,
    synthesis_request,
)
from shared.events import RoutingDecided
from shared.llm import ChatMessage


def test_summary_names_each_earlier_topic_once_in_order() -> None:
    summary = session_summary([
        "How quickly must we respond to a stage one complaint?",
        "And what if the tenant is vulnerable? (about: stage one complaint)",
        "What must we do about damp and mould in a flat we let?",
        "Do we need a licence for an HMO under the Housing Act 2004?",
    ])
    assert summary == ("Earlier in this conversation: stage one complaint; damp and mould; "
                       "Housing Act 2004; licence; HMO.")


def test_a_question_without_a_subject_is_summarised_by_its_words() -> None:
    assert session_summary(["Who regulates housing associations in England?"]) == (
        "Earlier in this conversation: regulates housing associations England.")


def test_summary_is_empty_without_older_turns_and_bounded_with_many() -> None:
    assert session_summary([]) == ""
    assert session_summary(["?"]) == ""
    many = [f"What does section {n} require?" for n in range(1, 30)]
    summary = session_summary(many)
    assert summary.count(";") == SUMMARY_ITEMS - 1
    assert "section 29" in summary and "section 1;" not in summary  # the latest are kept


def _routing() -> RoutingDecided:
    return RoutingDecided(conversation_id=uuid.uuid4(), tenant_id="t", invocation_id=uuid.uuid4(),
                          query_type="policy", complexity=30, workers=["policy"],
                          model_tier="balanced")


def test_synthesis_request_has_the_window_in_order_and_the_summary_in_the_system_prompt(
        ) -> None:
    turns = [ChatMessage(role="user" if i % 2 == 0 else "assistant", content=f"turn {i}")
             for i in range(HISTORY_MESSAGES + 4)]
    request = synthesis_request(
        question="And what if the tenant is vulnerable?", routing=_routing(), documents=[],
        history=History(messages=turns,
                        summary="Earlier in this conversation: damp and mould."),
        tenant_name="Riverside Vale", jurisdiction="england")
    contents = [m.content for m in request.messages]
    assert contents == [*(f"turn {i}" for i in range(4, HISTORY_MESSAGES + 4)),
                        "And what if the tenant is vulnerable?"]
    assert "Earlier in this conversation: damp and mould." in request.system
    assert "It is not evidence" in request.system


def test_no_summary_no_addition() -> None:
    request = synthesis_request(question="Q?", routing=_routing(), documents=[],
                                history=History(), tenant_name="T", jurisdiction="england")
    assert "Earlier in the conversation" not in request.system
    assert [m.content for m in request.messages] == ["Q?"]

"""Round fourteen's reading of questions and answers: a proper name (a scheme, a body, a
figure) that no source mentions named as missing; "yes" or "no" said only from a sentence
about the act asked about; a long question's asks found when they open a sentence of their
own; a question in everyday words also read in the sources' words; and "when do we …?"
answered by the event a rule is tied to."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from shared.answering.composition import answer
from shared.answering.gaps import unheld
from shared.answering.openers import opener
from shared.answering.questions import asks_in, classify, has_cue
from shared.answering.selection import restated

_POLICIES = Path(__file__).resolve().parent.parent / "bench" / "policies"


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_SCHEDULE_4 = _Doc(
    "ukpga/2004/34/schedule/4", "Housing Act 2004, Schedule 4: Licences under Parts 2 and 3",
    "**1C** Where the HMO is in England, a licence under Part 2 must include conditions "
    "requiring the licence holder to comply with any scheme which is provided by the local "
    "housing authority to the licence holder and which relates to the storage and disposal of "
    "household waste at the HMO pending collection.")
_ADAPTATIONS = _Doc(
    "doc:adaptations#2", "Aids and Adaptations Policy — Major adaptations",
    "Where the cost is more than £10,000, we will help the resident to apply to the council "
    "for a Disabled Facilities Grant and will contribute up to £5,000 towards any cost that "
    "the grant does not meet.")


def test_a_proper_name_no_source_mentions_is_missing() -> None:
    question = "What is the Local Housing Allowance rate for a two-bedroom home in Leeds?"
    docs = [_SCHEDULE_4]
    assert unheld(question, [d.title for d in docs], [d.ref for d in docs],
                  [d.text for d in docs]) == ["Local Housing Allowance"]
    said = answer(question, docs)
    assert "Local Housing Allowance is not among them" in said
    assert "1C" not in said  # nothing unrelated quoted as if it answered


def test_a_proper_name_a_source_mentions_is_held() -> None:
    question = "How much will we put towards a Disabled Facilities Grant?"
    docs = [_ADAPTATIONS]
    assert unheld(question, [d.title for d in docs], [d.ref for d in docs],
                  [d.text for d in docs]) == []


def test_roles_and_opening_words_are_not_missing_names() -> None:
    # A role's title is how the question names a party the sources name by function, and
    # the capitalised words a question opens on are no name.
    question = "Can the Secretary of State approve a code? Does Head of Compliance sign it off?"
    assert unheld(question, ["Housing Act 2004, s. 233: Codes"], ["ukpga/2004/34/section/233"],
                  ["The appropriate national authority may by order approve a code."]) == []


@pytest.mark.parametrize("question", [
    "Our tenant Mary Jones has damp in her flat: how quickly must we inspect?",
    "Over the Bank Holiday weekend a tenant's heating failed: how quickly must we act?",
    "A tenant in Tower Hamlets reports damp: how quickly must we inspect?",
    "Can Leeds City Council make us inspect a damp flat?",
])
def test_a_person_place_council_or_day_only_sets_the_scene(question: str) -> None:
    # Only a scheme's, benefit's, code's or body's name is one the sources must hold: who,
    # where and when a question is about does not make a damp policy silent on damp.
    docs = [_Doc("doc:damp#3", "Damp and Mould Policy — Inspections",
                 "We will inspect reports of damp and mould within 10 working days.")]
    assert unheld(question, [d.title for d in docs], [d.ref for d in docs],
                  [d.text for d in docs]) == []


def test_without_the_sources_text_only_instruments_are_checked() -> None:
    # Callers that pass no texts keep the instrument check alone.
    assert unheld("What is the Warm Home Discount?", ["Repairs Policy"], ["doc:r#1"]) == []


def test_yes_or_no_only_from_a_sentence_about_the_act_asked() -> None:
    q = classify("Can the council charge the landlord for serving an improvement notice?")
    about_the_notice = ("(3) The notice must be served on the person on whom the improvement "
                        "notice was served.")
    assert opener(q, about_the_notice) == ""
    about_the_charge = ("(1) A local housing authority may make such reasonable charge as they "
                        "consider appropriate as a means of recovering expenses.")
    assert opener(q, about_the_charge) == "Yes"


def test_an_ask_that_opens_its_own_sentence_is_a_part() -> None:
    question = ("A resident's complaint about her leaking roof was answered at Stage 1 but she "
                "isn't happy with the outcome. How long does she have to ask for Stage 2, who "
                "deals with Stage 2, and how long do we then have to respond?")
    assert asks_in(question) == ("How long does she have to ask for Stage 2",
                                 "who deals with Stage 2", "how long do we then have to respond")


def test_everyday_words_are_also_read_in_the_sources_words() -> None:
    plain = restated("A tenant wants to swap flats with a friend. How long before we decide?")
    assert "mutual exchange" in plain and "swap flats" not in plain
    assert "items left in communal areas" in restated("They leave bikes on the stairs.")
    # An abbreviation is the sources' word already, and a question without everyday words
    # has no other reading.
    assert restated("Does every HMO need a licence?") == ""
    assert restated("What is an improvement notice?") == ""


def test_when_is_answered_by_the_event_a_rule_is_tied_to() -> None:
    q = classify("When do we tell residents about the Right to Repair scheme?")
    assert has_cue(q, "We will tell residents about the scheme when they report a qualifying "
                      "repair.")
    assert not has_cue(classify("How quickly do we tell residents about the scheme?"),
                       "We will tell residents about the scheme when they report a repair.")


def test_a_long_questions_ask_for_a_policy_shares_no_topic_with_any_policys_title() -> None:
    # "Do we have a CCTV policy?" shares half its words with every policy's title: a long
    # question is answered only by a sentence sharing words of its topic, not by the gas
    # safety policy's "within 28 days" for "how long do we keep the footage?".
    question = ("We've had a run of break-ins at one of our blocks: the main door lock was "
                "forced twice last month and a tenant's bike was stolen from the bin store. "
                "Residents are asking for CCTV. Do we have a CCTV policy, and how long do we "
                "keep the footage?")
    docs = []
    for name in ("gas-and-electrical-safety", "damp-and-mould", "fire-safety"):
        text = (_POLICIES / f"{name}.md").read_text(encoding="utf-8")
        docs.append(_Doc(f"doc:{name}#1", text.splitlines()[0].lstrip("# "), text))
    said = answer(question, docs)
    assert "do not say" in said
    assert "28 days" not in said

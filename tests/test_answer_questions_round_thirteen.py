"""Round thirteen's reading of questions and answers (round eleven's rules, re-applied and
measured against the whole set, and this round's): an amending provision's instructions never
quoted as an answer, a repeal for another nation only not presented as a repeal in England,
"do we have to …" answered by the policy's commitment to do it, "how much" answered only by a
sum, a frequency tied to an event, everyday words for a policy's concepts, a policy the tenant
does not have named as missing, and "the current rate" not taken for a question about whether
the law still stands."""

from __future__ import annotations

from dataclasses import dataclass

from shared.answering.composition import compose
from shared.answering.gaps import unheld
from shared.answering.questions import (
    FREQUENCY,
    asks_sum,
    classify,
    does_asked_action,
    has_cue,
    states_sum,
)
from shared.answering.selection import AMENDS, Candidate, Selection, whole_sentences
from shared.answering.status import marked_without_text, repealed_elsewhere, status_of
from shared.text.vocabulary import expand


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_AMENDING = _Doc(
    "ukpga/2004/34/section/224", "Housing Act 2004, s. 224: Disabled facilities grant: caravans",
    "(1) The Housing Grants, Construction and Regeneration Act 1996 (c. 53) is amended as "
    "follows.\n\n(2) In section 1(1)(c)(i) (grants in relation to qualifying park homes) for "
    "“qualifying park homes” substitute “ caravans ”.\n\n(3) After section 125 insert—\n\n"
    "> **Extension of trial period by 6 months**\n>\n> **125A** (1) If both of the following "
    "conditions are met in relation to an introductory tenancy, the trial period is extended "
    "by 6 months.")
_SCOTLAND_ONLY = _Doc(
    "ukpga/2004/34/section/210", "Housing Act 2004, s. 210: Protection from harassment",
    "[repealed: Repealed from 1 April 2009 for Scotland by the Housing (Scotland) Act 2006, "
    "with savings]\n\n(6) The amendments made by this section do not apply in relation to any "
    "conduct occurring before the day on which this section comes into force.")
_EVERYWHERE = _Doc(
    "ukpga/2004/34/section/155", "Housing Act 2004, s. 155: Duty to have a home information pack",
    "[repealed: Repealed from 15 January 2012 by the Localism Act 2011]\n\n(1) It is the duty "
    "of a responsible person to have in his possession a home information pack.")


def test_an_amending_instruction_is_never_a_quotable_sentence() -> None:
    quotable = [c.text for c in whole_sentences([_AMENDING])]
    assert not any("substitute" in t or "amended as follows" in t for t in quotable)
    assert not any(t.startswith("**Extension") for t in quotable)  # an inserted heading
    # The words the amendment inserts are the other Act's own, and stay quotable.
    assert any("the trial period is extended by 6 months" in t for t in quotable)
    assert AMENDS.search("Omit section 167 of the Local Government and Housing Act 1989.")
    assert AMENDS.search("(a) after “Part” insert “ or Chapter 2 of Part 1 ”; and")
    # Ordinary rules that merely use the words are not instructions.
    assert not AMENDS.search("The authority may substitute a new notice for the old one.")
    assert not AMENDS.search("We will insert a new damp-proof course where it has failed.")


def test_a_repeal_for_another_nation_only_is_not_a_repeal_in_england() -> None:
    assert repealed_elsewhere(_SCOTLAND_ONLY) == "Scotland"
    assert status_of(_SCOTLAND_ONLY) == ""
    assert status_of(_EVERYWHERE) == "repealed"
    assert repealed_elsewhere(_EVERYWHERE) == ""
    q = classify("Is section 210 of the Housing Act 2004 on harassment of mobile home "
                 "occupiers repealed?")
    text = _SCOTLAND_ONLY.text.split("\n\n", 1)[1]
    lead = Candidate(0, 1, text, "", similarity=0.6, overlap=0.5, cue=True, score=0.8)
    answer = compose(Selection(q, [lead], answers=True), [_SCOTLAND_ONLY])
    assert "repealed for Scotland only" in answer
    assert "does not extend to England" in answer
    assert "From the repealed provision" not in answer
    assert "not as current law" not in answer



def test_do_we_have_to_is_answered_by_the_policys_commitment_to_do_it() -> None:
    q = classify("Do we have to explain in writing if we decide a home can't be adapted?")
    assert does_asked_action(q, "Where we decide that a home is not suitable for adaptation, we "
                                "will explain our reasons in writing within 10 working days.")
    assert not does_asked_action(q, "We will consider whether the home can reasonably be "
                                    "adapted, taking into account its structure and the cost.")


def test_how_much_is_answered_only_by_a_sum() -> None:
    assert asks_sum("What's the most we can take from a new tenant as a deposit?")
    assert asks_sum("What is the maximum amount of a Disabled Facilities Grant?")
    assert asks_sum("And what's the least they can pay back each week?")
    assert not asks_sum("How much notice does a council officer have to give?")
    assert not asks_sum("Compare the maximum length of an HMO licence with a designation's.")
    assert states_sum("The minimum arrangement we will accept is £2 a week on top of the rent.")
    assert states_sum("… not more than three times the amount of the deposit.")
    assert not states_sum("(1) This section applies where, on or after 6 April 2007, a tenancy "
                          "deposit has been received by a landlord.")


def test_a_frequency_tied_to_an_event() -> None:
    q = classify("How often do we test smoke alarms?")
    assert has_cue(q, "We will test all smoke alarms at the start of every tenancy.")
    assert FREQUENCY.search("at the end of each tenancy")
    assert not has_cue(q, "Residents should report any fault as an urgent repair.")



def test_everyday_words_for_a_policys_concepts() -> None:
    assert "everyday living noise" in expand("She complains about the kids upstairs running "
                                             "about.")
    assert "home loss payment" in expand("Does anyone get extra money for losing their home?")
    assert "pause recovery action" in expand("Do we have to back off for a while?")
    assert "bereavement" in expand("He's behind on his rent because his wife died.")
    assert "loan" in expand("Who lent him the money?")


def test_a_policy_the_tenant_does_not_have_is_named_as_missing() -> None:
    # A heading inside another policy is a passing mention, not the policy asked about.
    assert unheld("What does our pets policy say about keeping dogs in flats?",
                  ["Decant Policy — Belongings and pets"], ["doc:d#7"]) == ["pets policy"]
    assert unheld("What does our garden maintenance policy say about overgrown gardens?",
                  ["Responsive Repairs Policy — Residents' responsibilities"],
                  ["doc:r#2"]) == ["garden maintenance policy"]
    # A policy found by one word of its name, or by its name spelt out, is held.
    assert unheld("How does the review cycle of our rent arrears policy compare?",
                  ["Rent and Income Policy — Policy review"], ["doc:i#9"]) == []
    assert unheld("What does our ASB policy say about noise?",
                  ["Anti-Social Behaviour Policy — Reporting ASB"], ["doc:a#1"]) == []


def test_the_current_figure_is_not_a_question_about_the_law_standing() -> None:
    q = classify("What is the current Local Housing Allowance rate for a two-bedroom home?")
    gypsies = _Doc("ukpga/2004/34/section/225",
                   "Housing Act 2004, s. 225: Duties of local housing authorities in England: "
                   "accommodation needs of gypsies and travellers",
                   "[repealed: Omitted from 12 July 2016 by the Housing and Planning Act 2016]"
                   "\n\n. . . . . . . .")
    assert marked_without_text(q, [_EVERYWHERE, gypsies]) == []
    still = classify("Is section 225 of the Housing Act 2004 on local housing authorities "
                     "still current law?")
    assert marked_without_text(still, [_EVERYWHERE, gypsies]) == [1]

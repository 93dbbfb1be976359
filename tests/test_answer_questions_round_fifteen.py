"""Round fifteen's reading of questions and answers: a sum the question states meets the rule
whose band of cost holds it (a two-step answer); "who pays?" asked after a story is a payer
question; a body's own publication named in a question is missing when no source mentions it,
though a source names the body."""

from __future__ import annotations

from dataclasses import dataclass

from shared.answering.amounts import band_fit, sums
from shared.answering.composition import answer
from shared.answering.gaps import unheld
from shared.answering.questions import classify, has_cue, short_forms


@dataclass(frozen=True)
class _Doc:
    ref: str
    title: str
    text: str


_MAJOR = _Doc(
    "doc:adaptations#4", "Aids and Adaptations Policy — Major adaptations",
    "Major adaptations are those costing £1,500 or more, such as level-access showers, "
    "stairlifts, through-floor lifts, ramps, door widening and extensions. A major adaptation "
    "must be recommended by an occupational therapist (OT) from the local council or the NHS.\n\n"
    "Where the cost is between £1,500 and £10,000, we will fund the adaptation from our own "
    "budget. Where the cost is more than £10,000, we will help the resident to apply to the "
    "council for a Disabled Facilities Grant and will contribute up to £5,000 towards any cost "
    "that the grant does not meet.")
_COMPLAINTS = _Doc(
    "doc:complaints#2", "Complaints Policy — What is and is not a complaint",
    "We will explain to the resident why a matter is not being handled as a complaint and "
    "tell them that they can ask the Housing Ombudsman for a view.")


def test_sums_and_the_bands_that_hold_them() -> None:
    assert sums("the quote is about £4,000, not £ 600") == [4000.0, 600.0]
    ranged = "Where the cost is between £1,500 and £10,000, we will fund the adaptation."
    assert band_fit([4000.0], ranged) == 1
    assert band_fit([12500.0], ranged) == -1
    assert band_fit([], ranged) == 0
    # A sentence with no band of cost neither holds nor excludes a sum.
    assert band_fit([4000.0], "If we miss an appointment, we will pay £20 compensation.") == 0
    # Several bands in one rule: the rule holds every sum one of them holds.
    tiers = ("Payments of up to £250 can be authorised by the complaint officer; payments "
             "between £250 and £1,000 need a Head of Service; payments above £1,000 need a "
             "Director.")
    assert band_fit([100.0], tiers) == band_fit([600.0], tiers) == band_fit([5000.0], tiers) == 1
    assert band_fit([30.0], "Balances of £50 to £1,000 need the Head of Income.") == -1


def test_a_cap_after_a_band_is_what_the_rule_pays_not_a_band() -> None:
    capped = ("Where the cost is more than £10,000, we will help the resident to apply for a "
              "grant and will contribute up to £5,000 towards any cost the grant does not meet.")
    assert band_fit([4000.0], capped) == -1  # "up to £5,000" is the contribution
    assert band_fit([12500.0], capped) == 1
    assert band_fit([200.0], "Payments of up to £250 need the complaint officer.") == 1


def test_who_pays_after_a_story_is_a_payer_question() -> None:
    q = classify("A wheelchair user needs a ramp to her front door and the quote is about "
                 "£4,000. Who pays for it?")
    assert q.kind == "who"
    # A sentence saying who bears the cost answers; one naming a party without a cost does
    # not.
    assert has_cue(q, "Where the cost is between £1,500 and £10,000, we will fund the "
                      "adaptation from our own budget.")
    assert not has_cue(q, "A major adaptation must be recommended by an occupational "
                          "therapist (OT) from the local council or the NHS.")


def test_a_sum_in_a_story_is_answered_by_the_band_that_holds_it() -> None:
    said = answer("A wheelchair user needs a ramp to her front door and the quote is about "
                  "£4,000. Who pays for it?", [_MAJOR])
    lead = said.split("\n\n")[0]
    assert "fund the adaptation from our own budget" in lead
    assert "do not say" not in said
    said = answer("The OT has recommended a stairlift and the quote has come back at £12,500. "
                  "Who pays for it?", [_MAJOR])
    assert "Disabled Facilities Grant" in said.split("\n\n")[0]


def test_a_bodys_publication_no_source_mentions_is_missing() -> None:
    question = ("What did the Housing Ombudsman's spotlight report on knowledge and information "
                "management recommend landlords do?")
    docs = [_COMPLAINTS]
    missing = unheld(question, [d.title for d in docs], [d.ref for d in docs],
                     [d.text for d in docs])
    assert missing == ["Housing Ombudsman's spotlight report"]
    said = answer(question, docs)
    assert "Housing Ombudsman's spotlight report is not among them" in said
    assert "ask the Housing Ombudsman for a view" not in said


def test_a_bodys_publication_a_source_mentions_is_held() -> None:
    question = "What does the Housing Ombudsman's spotlight report say about damp?"
    docs = [_Doc("doc:damp#1", "Damp and Mould Policy — Purpose",
                 "We have taken account of the Housing Ombudsman's spotlight report on damp "
                 "and mould.")]
    assert unheld(question, [d.title for d in docs], [d.ref for d in docs],
                  [d.text for d in docs]) == []
    # A role's own report is not a body's publication.
    assert unheld("What does the Head of Income's annual report say?", ["x"], ["y"], ["z"]) == []


_PRIORITIES = _Doc(
    "doc:repairs#4", "Responsive Repairs Policy — Repair priorities and timescales",
    "## Repair priorities and timescales\n\n"
    "**Emergency repairs** are those where there is an immediate danger to a person's health "
    "or safety, or a risk of serious damage to the property: for example a gas leak, total "
    "loss of electricity, a flood, a blocked toilet where there is no other toilet in the "
    "home, an insecure external door or a collapsed ceiling. We will attend within 4 hours to "
    "make safe and complete the repair, or a temporary repair, within 24 hours.\n\n"
    "**Urgent repairs** are those that cause serious inconvenience but no immediate danger: "
    "for example a partial loss of heating or hot water, a leaking waste pipe or a broken "
    "window that is still secure. We will complete urgent repairs within 5 working days.\n\n"
    "**Routine repairs** are all other repairs, such as dripping taps, sticking doors and "
    "minor plastering. We will complete routine repairs within 28 calendar days.")
_ELECTRICAL = _Doc(
    "doc:gas-and-electrical#6", "Gas and Electrical Safety Policy — Electrical safety",
    "## Electrical safety\n\n"
    "We will carry out an electrical installation condition report (EICR) on every home at "
    "least every 5 years, and at every change of tenancy. EICRs must be carried out by a "
    "qualified electrician registered with a competent person scheme.\n\n"
    "Any C1 (danger present) defect must be made safe before the electrician leaves. C2 "
    "(potentially dangerous) defects and FI (further investigation) items must be completed "
    "within 28 days of the inspection.")


def test_a_sum_asked_is_a_number_whatever_the_opening() -> None:
    for question in ("What is the least a tenant in arrears can pay each week under a "
                     "repayment arrangement?",
                     "What is the maximum fine for obstructing an officer?"):
        q = classify(question)
        assert q.kind == "count"
        assert has_cue(q, "The minimum arrangement we will accept is £2 a week on top of the "
                          "rent.")
        assert not has_cue(q, "We will review arrangements every 6 months.")
    # A period ("how much notice") and a yes or no stay what they were.
    assert classify("How much notice must we give?").kind == "period"
    assert classify("Can we charge more than £20?").kind == "yes_no"


def test_facts_in_a_class_meet_the_rule_stated_after_its_label() -> None:
    said = answer("A tenant's hot tap in the bathroom has been dripping for weeks. How long "
                  "have we got to fix it?", [_PRIORITIES])
    assert "within 28 calendar days" in said.split("\n\n")[0]
    said = answer("A tenant's bathroom ceiling has come down after a leak from the flat "
                  "above. How quickly do we have to get there?", [_PRIORITIES])
    assert "within 4 hours" in said.split("\n\n")[0]


def test_a_storys_people_and_telling_are_not_its_topic() -> None:
    said = answer("A tenant says the electrician who came to test her wiring found a socket "
                  "that was sparking, told her it was dangerous and then just left. Shouldn't "
                  "he have sorted it before he went?", [_ELECTRICAL])
    assert "made safe before the electrician leaves" in said.split("\n\n")[0]
    # A story about something no source covers is still not answered.
    said = answer("A tenant says her neighbour keeps feeding pigeons from his balcony and "
                  "told us the droppings are everywhere. What pest control service do we "
                  "offer?", [_ELECTRICAL, _PRIORITIES])
    assert "do not say" in said


def test_everyday_words_for_emergency_lighting_escape_and_a_collapse() -> None:
    from shared.text.vocabulary import expansions

    def means(question: str) -> set[str]:
        return {e.means for e in expansions(question)}

    assert "emergency lighting" in means("The lights that come on in the stairwell when the "
                                         "power goes off didn't work.")
    assert "escape in a fire" in means("She is frightened she won't get out if there's a "
                                       "fire.")
    assert "collapsed ceiling" in means("The kitchen ceiling has come down.")
    assert "collapsed ceiling" in means("Part of the roof caved in last night.")
    assert "escape in a fire" not in means("How do we get the rent paid?")


_IMPROVEMENT = _Doc(
    "doc:improvements#1", "Resident Improvements Policy — Schemes",
    "(1) This part deals with the making by a residents' panel of a resident-led improvement "
    "scheme (a “resident scheme”) or an estate investment plan, in respect of an estate.\n\n"
    "(2) A resident scheme is an arrangement under which residents choose the improvements "
    "made to their estate's shared spaces each year.\n\n"
    "(3) The panel must publish a resident-led improvement scheme before it comes into force "
    "and may vary a resident-led improvement scheme at any meeting.")


def test_a_term_is_defined_by_the_short_name_its_source_gives_it() -> None:
    assert short_forms("resident-led improvement scheme", [_IMPROVEMENT.text]) == [
        "resident scheme"]
    said = answer("What is a resident-led improvement scheme for?", [_IMPROVEMENT])
    assert "residents choose the improvements" in said.split("\n\n")[0]

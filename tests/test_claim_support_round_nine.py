"""Round nine of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh9.jsonl``): the sides of a judgment read from its header (counsel
by the list of appearances, "found for X" as an outcome, who did what), a reporting frame
inside the quote, another court's or judge's words, hypothetical points, and claims about a
sibling of the subsection quoted."""

from __future__ import annotations

from shared.verification.attribution import attribution_doubts, words_up_to
from shared.verification.caselaw import _decision_year
from shared.verification.claims import check_claim
from shared.verification.polarity import denied_in_passage
from shared.verification.siblings import dropped_limits, sibling_claims
from shared.verification.side_claims import actor_doubts, found_for_doubts, submission_doubts
from shared.verification.sides import sides_of

_HEADER = (
    "Neutral Citation Number: [2030] EWHC 1 (Admin)\nBetween :\nTHE QUEEN\non the application "
    "of\n(1) ALPHA LIMITED\n(2) BETA HOLDINGS LIMITED\nClaimants\n- and -\n(1) SECRETARY OF "
    "STATE FOR JUSTICE\n(2) SECRETARY OF STATE\nFOR THE HOME DEPARTMENT\nDefendants\n- and -\n"
    "JOHN DOE\nInterested Party\n- - - - - - - - - -\nAnna Green QC and Tom Reed\n(instructed by "
    "Smith LLP) for the Claimants\nPeter Stone QC (instructed by GLD (UK)) for the First "
    "Defendant\nPeter Stone QC (instructed by GLD) for the Second Defendant\nRaj Shah "
    "(instructed by Lee Sols) for the Interested Party\n- - - - - - - - - -\nJudgment\n")
_BODY = (
    "4. Ms Green submits that the SSHD could not lawfully release the passport. 5. I reject "
    "this submission. 6. I further accept Mr Stone’s submission that some other measure must "
    "be put in place. 7. If, as I consider, the SSHD has no power to retain the passport, "
    "there is nothing to notify. 8. In the hypothetical situation that is envisaged of the "
    "passport being returned, the SSJ does not deny that the Claimants should be heard. 9. As "
    "the Court of Appeal observed on 10 February 2030, rejecting the application as totally "
    "without merit, the sentence was lenient. 10. For all these reasons, I refuse the "
    "application for judicial review.")
_TEXT = _HEADER + _BODY
_NAME = "Alpha Ltd & Ors, R (On the Application Of) v Secretary Of State For Justice & Ors"
SIDES = sides_of(_NAME, _TEXT)


def test_the_header_gives_each_party_and_counsel_a_side() -> None:
    assert SIDES.side("the claimants") == SIDES.side("Alpha") == 1
    assert SIDES.side("the SSHD") == SIDES.side("the Secretaries of State") == 2
    assert SIDES.speaker("Green") == 1 and SIDES.speaker("Stone") == 2
    assert SIDES.speaker("Shah") is None  # an interested party is on neither side
    assert SIDES.side("the internet service providers") is None


def test_found_for_a_side_is_read_as_the_outcome() -> None:
    quote = "For all these reasons, I refuse the application for judicial review."
    assert found_for_doubts("The court found for the claimants", quote, SIDES)
    assert found_for_doubts("The court found against the Secretary of State", quote, SIDES)
    assert found_for_doubts("The court found for the Secretary of State", quote, SIDES) == []
    assert found_for_doubts("The court found for the press", quote, SIDES) == []


def test_a_submission_is_given_to_the_side_its_counsel_appeared_for() -> None:
    quote = "some other measure must be put in place"
    lead = words_up_to(_TEXT, quote)
    assert submission_doubts("The judge accepted the claimants' submission that another "
                             "measure was needed", lead, SIDES)
    assert submission_doubts("The judge accepted the submission of counsel for the "
                             "Secretaries of State that another measure was needed",
                             lead, SIDES) == []


def test_the_actor_must_be_the_side_the_quote_names() -> None:
    quote = "the SSHD has no power to retain the passport"
    assert actor_doubts("The judge considered that the claimants had no power to retain the "
                        "passport", quote, SIDES)
    assert actor_doubts("The judge considered that the Home Secretary had no power to retain "
                        "the passport", quote, SIDES) == []
    conceded = "the Defendant conceded that the decision should be quashed on the Claimant’s ground"
    assert actor_doubts("It was the claimant that conceded the point", conceded, SIDES)
    assert actor_doubts("It was the defendant that conceded the point", conceded, SIDES) == []


def test_a_reporting_frame_inside_the_quote_is_read() -> None:
    quote = "Ms Green submits that the SSHD could not lawfully release the passport"
    assert attribution_doubts("The court held that the Home Secretary could not lawfully "
                              "release the passport", _TEXT, quote)
    assert attribution_doubts("Counsel for the claimants submitted that the Home Secretary "
                              "could not lawfully release the passport", _TEXT, quote) == []


def test_another_courts_words_and_hypothetical_points_are_not_the_finding() -> None:
    quote = "the Court of Appeal observed on 10 February 2030, rejecting the application as " \
            "totally without merit"
    assert attribution_doubts("The Administrative Court itself certified the application as "
                              "totally without merit", _TEXT, quote)
    assert attribution_doubts("The judgment records that the Court of Appeal rejected the "
                              "application as totally without merit", _TEXT, quote) == []
    quote = "the SSJ does not deny that the Claimants should be heard"
    assert attribution_doubts("The court held that the claimants must be heard", _TEXT, quote)
    assert attribution_doubts("The judge noted that, in the hypothetical situation, the SSJ "
                              "did not deny the claimants should be heard", _TEXT, quote) == []


def test_a_year_given_to_a_division_is_a_decision_year() -> None:
    assert _decision_year("In 2015 the Chancery Division held that it had jurisdiction") == 2015
    assert _decision_year("In 2015 the claimant bought the site") is None


_SECTION = (
    "(1) A person who contravenes an overcrowding notice commits an offence.\n\n"
    "(2) In proceedings for an offence under subsection (1) it is a defence that the person "
    "had a reasonable excuse for contravening the notice.\n\n"
    "(3) The authority must, at least 7 days before serving an overcrowding notice, inform "
    "every relevant person.\n\n"
    "(4) An overcrowding notice becomes operative at the end of the period of 21 days from "
    "the date of service of the notice.\n")


def test_a_claim_stretched_to_a_sibling_subsection_is_doubted() -> None:
    quote = "A person who contravenes an overcrowding notice commits an offence."
    assert sibling_claims("Contravening an overcrowding notice is an offence with no defence "
                          "of reasonable excuse", _SECTION, quote, "1")
    assert sibling_claims("Contravening an overcrowding notice is an offence", _SECTION,
                          quote, "1") == []
    # A condition restated is not a widening, and a word in another form is the same word.
    assert sibling_claims("If no appeal is brought, the notice becomes operative 21 days "
                          "after it is served", _SECTION,
                          "at the end of the period of 21 days", None) == []


def test_a_limit_the_quote_puts_on_a_term_must_stay() -> None:
    quote = "may enter the premises in question at any reasonable time"
    assert dropped_limits("An officer may enter premises at any time of the day or night",
                          quote)
    assert dropped_limits("An officer may enter premises at any reasonable time", quote) == []
    assert dropped_limits("The tribunal may order the person who received the rent to repay",
                          "requiring the appropriate person to pay") == []


def test_a_refusal_named_as_the_subject_is_not_the_statements_own_denial() -> None:
    quote = "a mere refusal of planning permission does not amount to an interference"
    # "Does not amount to an interference" denies the interference ("amount to" is a light
    # verb, round eleven).
    assert denied_in_passage("A refusal of planning permission amounts to an interference",
                             quote) == ["interferenc"]
    assert denied_in_passage("A refusal of planning permission does not amount to an "
                             "interference", quote) == []


def test_an_owner_is_a_party_and_the_landlord_may_stand_for_it() -> None:
    quote = "an owner of any specified premises may apply to a magistrates' court"
    assert any("owner" in i.detail for i in check_claim(
        "The local housing authority may apply to a magistrates' court", quote, quote=quote))
    assert not any("owner" in i.detail for i in check_claim(
        "The landlord may apply to a magistrates' court", quote, quote=quote))

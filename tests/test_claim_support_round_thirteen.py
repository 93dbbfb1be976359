"""Round thirteen of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh13.jsonl``): the nation a subsection's own words are for, a judge the
judgment never names, another person given the quoted person's act, another judge's or court's
holding given to this court, the premise of an "even if" stated as found, a scaled count and a
sum in pence, a modal verb that governs a quoted list item, a place that qualifies a giver, and
schemes named by their own terms. Invented texts, not the benchmark's items."""

from __future__ import annotations

from shared.verification.attribution import attribution_doubts
from shared.verification.caselaw import figure_doubts
from shared.verification.claims import check_claim
from shared.verification.directions import reversed_transfers
from shared.verification.hypotheticals import stated_as_fact
from shared.verification.jurisdiction import places_doubts
from shared.verification.people import other_person_named, unknown_judges
from shared.verification.siblings import widened_conditions
from shared.verification.subjects import missing_schemes


def test_a_rule_the_subsection_gives_one_nation_is_not_supported_for_the_other() -> None:
    quote = "in relation to premises in Wales, the Welsh Ministers"
    assert places_doubts("For premises in England, the appropriate body is the Welsh Ministers",
                         quote)
    assert places_doubts("In Wales, the appropriate body is the Welsh Ministers", quote) == []
    assert places_doubts("The appropriate body is the Welsh Ministers", quote) == []
    # "for Wales" in a name is not a place the rule is for
    assert places_doubts("In England the body is the Senedd Commission for Wales",
                         "the Senedd Commission for Wales") == []


def test_a_judge_the_judgment_never_mentions_is_doubted() -> None:
    judgment = "MR JUSTICE PLATT\n1. The claim is dismissed. As Harrow LJ said in an earlier case …"
    assert unknown_judges("In the case, Ormond J dismissed the claim", judgment)
    assert unknown_judges("In the case, Platt J dismissed the claim", judgment) == []
    assert unknown_judges("As Harrow LJ said, the claim fails", judgment) == []


def test_the_quoted_persons_act_given_to_another_person_is_doubted() -> None:
    quote = "Ms Dale replied by letter dated 3 May 2019"
    assert other_person_named("Mr Penn replied to the request by letter dated 3 May 2019", quote)
    assert other_person_named("Ms Dale replied to the request on 3 May 2019", quote) == []
    # a person the statement names for another reason, with no shared act, is left alone
    assert other_person_named("The request about Mr Penn was answered on 3 May 2019",
                              quote) == []
    # an aside inside the quoted name: "Mr Robert (or Bob) Lane" is Lane too
    assert other_person_named("Mr Lane approached the bank",
                              "Mr Robert (or Bob) Lane approached the bank") == []


def test_another_judges_or_courts_holding_is_not_this_courts() -> None:
    judgment = ("1. The facts are agreed. 2. In Brandt v Lisle (1990) 3 EHRR 12 it was held "
                "that the rule has two limbs. 3. Ferris J concluded that a breach alone is not "
                "enough. 4. I dismiss the claim.")
    assert attribution_doubts("The High Court held that the rule has two limbs", judgment,
                              "In Brandt v Lisle (1990) 3 EHRR 12 it was held that the rule has "
                              "two limbs")
    assert attribution_doubts("The court held that a breach alone is not enough", judgment,
                              "Ferris J concluded that a breach alone is not enough")
    assert attribution_doubts("The judgment cites Ferris J's conclusion that a breach alone is "
                              "not enough", judgment,
                              "Ferris J concluded that a breach alone is not enough") == []


def test_the_premise_of_an_even_if_is_not_a_finding() -> None:
    passage = ("even if, as the tenants contend, the landlord knew of the leak that does not "
               "make him liable")
    assert stated_as_fact("The court found that the landlord knew of the leak", passage)
    assert stated_as_fact("The judge said that even if the landlord knew of the leak he would "
                          "not be liable", passage) == []
    assert stated_as_fact("The court found the claim was barred",
                          "such a claim would still be barred by the limitation period")


def test_a_condition_in_a_judgments_words_is_not_every_case() -> None:
    quote = "it is only if the refusal is irrational that it can be challenged"
    assert widened_conditions("The court held a refusal can always be challenged, whether or "
                              "not it is irrational", quote)


def test_a_scaled_count_and_a_sum_in_pence_are_compared() -> None:
    assert figure_doubts("about ten million leaflets were printed",
                         "a million leaflets were printed")
    assert figure_doubts("a million leaflets were printed", "a million leaflets were printed") == []
    assert figure_doubts("the rate fell to 12.05p per unit", "the rate fell to 5.46p per unit")


def test_a_quoted_list_item_takes_the_modal_verb_of_its_subsection() -> None:
    source = ("(4) The authority's powers are restricted as follows—\n"
              "- (a) they may not grant any lease—\n"
              "  - (i) which is for a term expiring after the order ends, or\n"
              "- (b) they may grant a tenancy without consent before the last 6 months.")
    quote = "which is for a term expiring after the order ends"
    claim = "The authority may not grant a lease which is for a term expiring after the order ends"
    assert not any(i.contradicted for i in check_claim(claim, source, quote=quote))


def test_a_place_after_the_giver_does_not_hide_who_gives() -> None:
    quote = "to give a local housing authority in England any information that they request"
    assert reversed_transfers("A local housing authority in England must give the administrator "
                              "any information it requests", "The administrator is required "
                              + quote)


def test_schemes_named_by_their_own_terms() -> None:
    assert missing_schemes("A tenancy deposit scheme must share information",
                           "Arrangements under section 212(1) must require the scheme "
                           "administrator to give information") == []
    assert missing_schemes("A selective licence is needed", "No notice may be given for an "
                           "unlicensed house") == []

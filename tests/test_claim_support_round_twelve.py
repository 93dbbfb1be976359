"""Round twelve of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh12.jsonl``): a limit stated as a duty or as a prohibition, what a
passage's clauses assert and deny, a decision retaken, a party's request to the court, the
exception stated as the rule, a condition waived in so many words, a defined short name for
another body, a year tied to an event, the cited provision's own cross-references, a case's
name before the speaker, and a figure the statement places in its sibling subsection. Invented
texts, not the benchmark's items."""

from __future__ import annotations

from shared.verification.attribution import attribution_doubts
from shared.verification.caselaw import figure_doubts
from shared.verification.citations import parse_citations
from shared.verification.claims import check_claim
from shared.verification.exceptions import excepted_cases
from shared.verification.polarity import denied_in_passage, denied_in_statement
from shared.verification.roles import repaired_roles
from shared.verification.short_names import defined_names, other_body_named
from shared.verification.siblings import sibling_figures, widened_conditions
from shared.verification.side_claims import submission_doubts
from shared.verification.sides import Sides
from shared.verification.standing import standing_doubts


def test_a_limit_said_as_a_duty_or_as_a_prohibition_is_one_limit() -> None:
    quote = "The notice must be no later than six weeks after the inspection."
    assert check_claim("The notice cannot be given later than six weeks after the inspection",
                       quote, quote=quote) == []
    power = "The council may serve the notice."
    assert any(i.contradicted for i in check_claim("The council cannot serve the notice",
                                                    power, quote=power))


def test_a_clause_that_negates_nothing_asserts_its_words_in_a_judgment() -> None:
    passage = ("In my view the covenant is enforceable, and counsel for the lessee did not "
               "suggest otherwise.")
    assert denied_in_statement("The judge held the covenant was not enforceable", passage,
                               by_clause=True)
    assert denied_in_statement("The judge held the covenant was not enforceable",
                               passage) == []  # a statute's passage with a negation: left alone
    assert denied_in_statement("The judge held the covenant was enforceable", passage,
                               by_clause=True) == []


def test_a_named_decision_and_an_aside_do_not_hide_what_is_denied() -> None:
    passage = "The refusal to extend time is not, on this material, unreasonable."
    assert denied_in_passage("The court held the refusal to extend time unreasonable",
                             passage)
    decision = "The decision not to renew the lease is not, on the evidence, unfair."
    assert denied_in_passage("The court held that the decision not to extend the lease was "
                             "unfair", decision)
    assert denied_in_passage("The court held that the decision not to extend the lease was "
                             "not unfair", decision) == []


def test_a_short_word_after_the_negation_lets_it_reach_the_next() -> None:
    passage = "I find that the company did not own any land at that date."
    assert denied_in_passage("The court accepted that the company owned land at that date",
                             passage)


def test_not_needed_to_decide_denies_that_it_was_decided() -> None:
    passage = "I do not think it necessary to determine the point."
    assert denied_in_passage("The judge determined the point in the landlord's favour",
                             passage)
    assert denied_in_passage("The judge did not find it necessary to determine the point",
                             passage) == []


def test_a_verb_and_its_noun_are_one_word_when_denied() -> None:
    quote = "A transfer made with the consent of the owner takes effect when it is made"
    assert check_claim("A transfer to which the owner has not consented takes effect when "
                       "it is made", quote, quote=quote) != []
    assert check_claim("A transfer the owner consented to takes effect when it is made",
                       quote, quote=quote) == []


def test_a_contrast_of_references_is_not_a_denial() -> None:
    quote = "recovered in accordance with Part 6 of the 2010 Act (in the case of a flat)"
    assert check_claim("For a flat the sum is recovered under Part 6 of the 2010 Act, not "
                       "section 40", quote, quote=quote) == []


def test_a_decision_retaken_is_history() -> None:
    quote = "The council later agreed to retake the decision of 3 May."
    assert standing_doubts("The decision of 3 May is the council's decision on the claim",
                           quote, quote)
    assert not standing_doubts("The council retook the decision of 3 May", quote, quote)


def test_a_party_asking_the_court_to_find_is_not_a_finding() -> None:
    judgment = ("12. Mr Grey asked me to find that the lessee had waived the breach. I make no "
                "such finding.")
    quote = "Mr Grey asked me to find that the lessee had waived the breach"
    assert attribution_doubts("The judge found that the lessee had waived the breach",
                              judgment, quote)
    assert not attribution_doubts("Counsel asked the judge to find that the lessee had waived "
                                  "the breach", judgment, quote)


def test_the_exception_stated_as_the_rule_is_doubted() -> None:
    quote = "The licence ends after five years, unless it is granted under section 12(4)."
    assert excepted_cases("A licence granted under section 12(4) ends after five years", quote)
    assert not excepted_cases("A licence ends after five years, except one granted under "
                              "section 12(4)", quote)
    assert not excepted_cases("A licence ends after five years", quote)


def test_a_condition_waived_in_so_many_words_is_doubted() -> None:
    quote = "it appears to the council that the complaint is relevant to the licence"
    assert widened_conditions("A complaint counts whether or not it appears to the council "
                              "relevant to the licence", quote)
    assert not widened_conditions("A complaint counts if it appears to the council relevant "
                                  "to the licence", quote)


def test_a_defined_short_name_for_another_body_is_doubted() -> None:
    judgment = ("the Secretary of State for Defence (“SSD”) and the Secretary of State for "
                "Transport (“SST”) opposed the claim. The SST holds the register.")
    assert defined_names(judgment) == {"SSD": "Secretary of State for Defence",
                                       "SST": "Secretary of State for Transport"}
    quote = "The SST holds the register."
    assert other_body_named("The Secretary of State for Defence holds the register", quote,
                            judgment)
    assert not other_body_named("The Transport Secretary holds the register", quote, judgment)
    assert not other_body_named("In R (Acme) v Secretary of State for Defence the SST holds "
                                "the register", quote, judgment)


def test_a_year_tied_to_an_event_must_be_the_passages() -> None:
    quote = "The firm has traded since 1998 from its office in Leeds."
    assert figure_doubts("The firm has traded since 2008", quote)
    assert not figure_doubts("The firm has traded since 1998", quote)


def test_the_cited_provisions_own_cross_reference_is_not_a_second_citation() -> None:
    text = ("A person is unfit if an order under section 9 of the Widgets Act 2019 is in force "
            '<cite ref="ukpga/2004/34/section/89/3C" quote="if an order under section 9 of the '
            'Widgets Act 2019 is in force">1</cite>.')
    assert [c.ref for c in parse_citations(text).citations] == ["ukpga/2004/34/section/89/3C"]
    other = ("Under section 9 of the Widgets Act 2019 an order may be made "
             '<cite ref="ukpga/2004/34/section/89/3C" quote="A person is not">1</cite>.')
    assert len(parse_citations(other).citations) == 2


def test_the_cases_name_before_the_speaker_names_no_side() -> None:
    sides = Sides(words={1: {"acm"}, 2: {"council"}}, counsel={"grey": {2}})
    lead = "Mr Grey submits that the lease was never granted"
    assert submission_doubts("In Acme Mr Grey submitted that the lease was never granted",
                             lead, sides) == []


def test_a_figure_the_statement_places_in_its_sibling_is_not_given_to_the_cited_one() -> None:
    section = ("(1) A notice may be given at any time.\n(2) No notice may be given within "
               "the period of four months of the start.\n(3) Subsection (2) does not apply "
               "to a renewal.")
    assert sibling_figures("The four-month bar in subsection (2) does not apply to a renewal",
                           section, "3") == []
    assert sibling_figures("No notice may be given to a renewal within four months",
                           section, "3")


def test_counsel_for_another_party_and_another_holder_of_a_role_are_doubted() -> None:
    quote = "Mr Ian Vale, who appears for the lessee, contends that the lease is void."
    assert repaired_roles("Mr Ian Vale appeared for the council", quote)
    assert not repaired_roles("Mr Ian Vale appeared for the lessee", quote)
    held = "The notice was signed by Ms Rowe, the housing officer."
    assert repaired_roles("The notice was signed by Mr Bell, the senior housing officer",
                          held)
    assert not repaired_roles("The notice was signed by Ms Rowe, the senior housing "
                              "officer", held)


def test_a_statutory_prohibition_restated_as_a_duty_is_left_to_the_modal_checks() -> None:
    quote = "may not be served after the end of the period of two months"
    assert denied_in_passage("The notice had to be served within two months", quote,
                             modal=False) == []
    assert denied_in_passage("The notice was served after two months", quote)

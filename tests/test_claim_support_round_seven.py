"""Round seven of claim support: general rules found by a fresh, held-out-style set."""

from __future__ import annotations

from shared.text.modality import modalities, same_limit
from shared.verification.caselaw import case_names, sides_matching
from shared.verification.claims import check_claim
from shared.verification.outcomes import outcome_conflicts
from shared.verification.owners import swapped_owners
from shared.verification.polarity import denied_in_passage, early_for_late
from shared.verification.temporal import framing

_S91_4 = ("(4) That period must not end more than 5 years after— (a) the date on which the "
          "licence was granted")


def test_a_limit_said_as_a_power_agrees_with_a_prohibition_of_exceeding_it() -> None:
    assert check_claim("A licence can run for at most five years", _S91_4,
                       quote="That period must not end more than 5 years after") == []
    assert same_limit("can last up to five years", "must not end more than 5 years after")
    assert not same_limit("can last more than five years",
                          "must not end more than 5 years after")
    [issue] = check_claim("A licence can last more than five years", _S91_4,
                          quote="That period must not end more than 5 years after")
    assert issue.contradicted
    # The figure is still compared: a longer limit is contradicted.
    [issue] = check_claim("A licence can last for up to ten years", _S91_4,
                          quote="That period must not end more than 5 years after")
    assert issue.contradicted and "10 years" in issue.detail
    # A power without a limit against a prohibition is still a contradiction.
    [issue] = check_claim("A licence may be transferred to another person",
                          "A licence may not be transferred to another person.",
                          quote="A licence may not be transferred to another person.")
    assert issue.contradicted


def test_a_period_in_weeks_or_years_matches_the_same_period_in_days_or_months() -> None:
    source = ("an improvement notice becomes operative at the end of the period of 21 days "
              "beginning with the day on which it is served")
    assert check_claim("An improvement notice becomes operative three weeks after it is "
                       "served", source, quote=source) == []
    [issue] = check_claim("An improvement notice becomes operative four weeks after it is "
                          "served", source, quote=source)
    assert not issue.contradicted  # 28 days is not said; a doubt, not a contradiction
    assert check_claim("The order lasts for a period of one year",
                       "the order ceases to have effect at the end of the period of 12 months"
                       ) == []


def test_before_and_until_are_history_only_of_the_law_s_own_timeline() -> None:
    assert framing("A section 21 possession order cannot take effect until six months after "
                   "the tenancy began") == "current"
    assert framing("The landlord must give notice before entering the premises") == "current"
    for history in ("Until its repeal for England on 1 May 2026, section 21 required …",
                    "Before the Renters' Rights Act 2025 took effect, a notice could not …",
                    "Under section 21 as it stood before 1 May 2026, an order could not …",
                    "Until it was omitted, section 21 let a landlord …",
                    "Before its omission, section 21(8) allowed …"):
        assert framing(history) == "history", history


def test_a_statement_naming_another_case_too_is_judged_by_the_cited_one() -> None:
    recorded = ("Union Des Associations Européennes De Football v British Telecommunications "
                "Plc & Ors")
    names = case_names("In UEFA v British Telecommunications plc the judge found that the "
                       "order made in FAPL v BT II had also been very effective")
    assert len(names) == 2
    assert max(sides_matching(n, recorded) for n in names) == 2
    assert sides_matching(names[-1], recorded) < 2


def test_accepting_a_contention_and_a_witness_s_credibility_are_outcomes() -> None:
    [conflict] = outcome_conflicts("The judge rejected UEFA's contention that the order was "
                                   "proportionate", "Again, I accept that contention.")
    assert conflict.kind == "decision"
    [conflict] = outcome_conflicts("The judge found Mr Holyoake an entirely reliable witness",
                                   "I approach Mr Holyoake’s evidence with very considerable "
                                   "reserve")
    assert conflict.kind == "credibility"
    assert outcome_conflicts("The judge treated his evidence with caution",
                             "I approach his evidence with very considerable reserve") == []
    assert outcome_conflicts("The judge did not find him a reliable witness",
                             "he was willing on occasion to lie") == []


def test_a_statement_asserting_what_the_passage_denies_is_doubted() -> None:
    passage = ("On 9 June Z’s solicitor informed the parties that he did not wish to pursue his "
               "application for a declaration")
    assert denied_in_passage("Z pursued his application to a full hearing", passage) == ["pursu"]
    assert denied_in_passage("Z decided not to pursue his application", passage) == []
    assert denied_in_passage("Z dropped his application", passage) == []
    # "whether or not", "not only" and a denied opinion deny no single word.
    assert denied_in_passage("a costs order should be made",
                             "whether or not a costs order should be made") == []
    # A denied opinion denies what it says of its subject.
    assert denied_in_passage("Z's conduct was reprehensible",
                             "I do not consider that Z's conduct was reprehensible") == [
        "reprehensibl"]
    assert denied_in_passage("The judge found his evidence truly independent",
                             "I do not think his evidence is truly independent.") == [
        "independent"]
    assert denied_in_passage("The judge found his evidence was not independent",
                             "I do not think his evidence is truly independent.") == []



def test_nobody_can_is_a_prohibition_and_an_authorised_officer_acts_for_the_authority() -> None:
    assert modalities("Nobody can be made to produce a privileged document") == {"prohibition"}
    quote = "A person so authorised may give a notice to a relevant person requiring him"
    [issue] = check_claim("The tenant may give a notice requiring the landlord to produce "
                          "documents", "authorised in writing by a local housing authority. "
                          + quote, quote=quote)
    assert "tenant" in issue.detail and "local housing authority" in issue.detail
    assert check_claim("An officer authorised in writing by the council can require the "
                       "licence holder to produce documents",
                       "authorised in writing by a local housing authority. " + quote,
                       quote=quote) == []


def test_a_judge_satisfied_that_something_is_justified_did_not_refuse_it() -> None:
    [conflict] = outcome_conflicts("The judge refused to keep any of the evidence confidential",
                                   "I am satisfied that this is justified.")
    assert conflict.kind == "decision"
    assert outcome_conflicts("The judge was not satisfied that it was justified",
                             "I am not satisfied that this is justified.") == []


def test_a_statement_putting_early_what_the_passage_puts_late_is_doubted() -> None:
    passage = ("it was not until 21 June that Z agreed to a recital that he accepted he did "
               "not have parental responsibility")
    assert early_for_late("Z accepted from the start that he had no parental responsibility",
                          passage)
    assert not early_for_late("Z only accepted on 21 June that he had no parental "
                              "responsibility", passage)
    assert not early_for_late("Z accepted from the start that he had no parental "
                              "responsibility", "Z accepted it in his first letter")


def test_a_statement_giving_the_passage_s_thing_to_another_party_is_doubted() -> None:
    passage = "consider that he should pay half of Y’s costs referable to the application"
    assert swapped_owners("The judge ordered Y to pay half of Z's costs", passage) == [
        "z's cost"]
    assert swapped_owners("The judge ordered Z to pay half of Y's costs", passage) == []
    # Unnamed owners ("his", "the Claimant's") are not compared.
    assert swapped_owners("UEFA's evidence was kept confidential",
                          "the Claimant's evidence should be kept confidential") == []

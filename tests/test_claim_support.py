"""Claim support beyond existence: numbers in words, duty or power, the party, the subject."""

from __future__ import annotations

import datetime as dt

from shared.embeddings import default_embedder
from shared.text.modality import modalities
from shared.verification.caselaw import sides_matching
from shared.verification.citations import parse_citations
from shared.verification.claims import check_claim, quantities
from shared.verification.outcomes import outcome_conflicts
from shared.verification.quotes import contains_quote
from shared.verification.relevance import Relevance
from shared.verification.rewrite import rewrite
from shared.verification.subjects import missing_schemes
from shared.verification.temporal import LawState


def test_numbers_in_words_multiples_and_deadline_days() -> None:
    assert quantities("up to ten times the amount") == {(10.0, "times")}
    assert quantities("not more than three times the amount of the deposit") == {(3.0, "times")}
    assert quantities("as much as fifty thousand pounds") == {(50000.0, "£")}
    assert quantities("earlier than the 28th day after it is served") == {(28.0, "day")}
    assert quantities("before the fourteenth day after service") == {(14.0, "day")}
    assert quantities("cannot be fined twice for it") == set()  # not a multiple of an amount
    assert quantities("from the first day of the tenancy") == set()  # not a period


def test_a_multiple_in_words_contradicting_the_source_is_caught() -> None:
    source = ("the court may order a sum not less than the amount of the deposit and not more "
              "than three times the amount")
    [issue] = check_claim("The court may order up to ten times the amount of the deposit",
                          source, quote=source)
    assert issue.contradicted and "10 times" in issue.detail and "3 times" in issue.detail


def test_only_may_is_a_restriction_and_discretion_is_a_power() -> None:
    quote = "Only one financial penalty under this section may be imposed on a person."
    assert modalities(quote) == {"prohibition"}
    assert check_claim("A person cannot be fined twice for the same conduct", quote,
                       quote=quote) == []
    assert modalities("Enforcement is left to the authority's discretion") == {"power"}


def test_the_party_under_a_passive_duty_is_the_agent() -> None:
    quote = ("the initial requirements of an authorised scheme must be complied with by the "
             "landlord in relation to the deposit")
    issues = check_claim("The tenant must comply with the initial requirements of an "
                         "authorised scheme", quote, quote=quote)
    assert any("on the tenant" in i.detail and "on the landlord" in i.detail for i in issues)
    assert check_claim("The landlord must comply with the initial requirements of an "
                       "authorised scheme", quote, quote=quote) == []


def test_case_names_match_side_by_side_and_by_acronym() -> None:
    recorded = "Union des Associations Européennes de Football v British Telecommunications Plc"
    assert sides_matching("UEFA v British Telecommunications plc", recorded) == 2
    assert sides_matching("UEFA v Sky", recorded) == 1
    assert sides_matching("Smith v Jones", recorded) == 0
    # As the record is written: the linking words ("Des", "De") are capitalised too.
    assert sides_matching("UEFA v British Telecommunications plc",
                          "Union Des Associations Européennes De Football v British "
                          "Telecommunications Plc & Ors") == 2


async def test_relevance_separates_a_different_subject_from_a_paraphrase() -> None:
    relevance = Relevance(embedder=default_embedder())
    heading = "Requirements relating to tenancy deposits"
    text = ("(3) The initial requirements of an authorised scheme must be complied with by the "
            "landlord in relation to the deposit within the period of 30 days beginning with "
            "the date on which it is received.")
    faithful = await relevance.similarity(
        "A landlord has 30 days from receiving a deposit to protect it in a scheme", heading,
        "within the period of 30 days beginning with the date on which it is received", text)
    different = await relevance.similarity(
        "An HMO licence may last for no more than five years", heading,
        "within the period of 30 days beginning with the date on which it is received", text)
    assert faithful >= relevance.threshold > different


def test_a_judgment_outcome_must_agree_with_the_passage_quoted() -> None:
    refused = "For all these reasons, I refuse the application for judicial review."
    [conflict] = outcome_conflicts("The application for judicial review was granted", refused)
    assert conflict.kind == "decision" and "unsuccessful" in conflict.detail
    assert outcome_conflicts("Holgate J refused the application for judicial review",
                             refused) == []
    # Upholding the decision under challenge is the claimant losing, not winning.
    assert outcome_conflicts("The court upheld the Inspector's decision", refused) == []
    assert outcome_conflicts("The appeal was upheld", refused)
    # Negation in the clause: "none … established", "no jurisdiction", "refused to concede".
    dismissed = "found none of them established. It follows that I dismiss the claim."
    assert outcome_conflicts("The claim failed as none of the claims was established",
                             dismissed) == []
    assert outcome_conflicts("The judge found the claims established and allowed the claim",
                             dismissed)
    assert outcome_conflicts("The court held it had no jurisdiction to make the order",
                             "the Court has jurisdiction to make the order sought")
    assert outcome_conflicts("The defendant refused to concede the point",
                             "the Defendant conceded that the decision should be quashed")
    # "neither supports nor opposes" is neither.
    assert outcome_conflicts("TalkTalk opposed the application",
                             "TalkTalk neither supports nor opposes the application.")
    # A statement reporting both sides ("refused all … but ordered half") is left alone.
    assert outcome_conflicts(
        "The court declined to make Z pay all of the costs but ordered him to pay half",
        "I therefore refuse the application for Z to pay all of the costs") == []


def test_a_named_scheme_the_provision_never_mentions_is_not_supported() -> None:
    hmo = ("Every HMO to which this Part applies must be licensed under this Part unless a "
           "temporary exemption notice is in force. Requirement for HMOs to be licensed")
    assert missing_schemes("A landlord must protect a tenancy deposit within 30 days",
                           hmo) == ["tenancy deposits"]
    assert missing_schemes("Every HMO that this Part covers must be licensed", hmo) == []
    # Siblings: a selective licensing statement cited to an additional licensing section.
    s56 = "designate the area as subject to additional licensing in relation to HMOs"
    assert missing_schemes("A council may designate an area for selective licensing",
                           s56) == ["selective licensing"]
    assert missing_schemes("An additional licensing designation lasts five years",
                           "the designation comes into force") == []


def test_who_is_ordered_or_applied_to_must_be_who_the_quote_names() -> None:
    quote = ("a magistrates' court may order the occupier to permit to be done on the premises "
             "anything which the court considers is necessary")
    source = quote + " a representative of the local housing authority"
    issues = check_claim("A magistrates' court may order the local housing authority to permit "
                         "the work", source, quote=quote)
    assert any("directs this at the local housing authority" in i.detail for i in issues)
    assert not check_claim("A magistrates' court may order the occupier to permit the work",
                           source, quote=quote)
    applied = "An application for a licence must be made to the local housing authority."
    assert any("tribunal" in i.detail for i in check_claim(
        "An application for an HMO licence must be made to the tribunal", applied,
        quote=applied))
    offence = ("A person commits an offence if he is a person having control of or managing an "
               "HMO which is required to be licensed under this Part")
    assert any(not i.contradicted and "tenant" in i.detail for i in check_claim(
        "A tenant commits an offence by living in an HMO that should be licensed", offence,
        quote=offence))


def test_a_judgments_words_joined_by_extraction_still_match() -> None:
    source = "costs to be awarded in litigation aredealt [with] separately by the Court"
    assert contains_quote(source, "awarded in litigation are dealt [with] separately")
    assert not contains_quote(source, "awarded in litigation are settled separately")
    assert not contains_quote("theend", "the end")  # too short to forgive


def test_unverified_mark_never_goes_inside_a_verbatim_quotation() -> None:
    text = ("The Act says “a court shall make an order for possession under section 21 of the "
            "Housing Act 1988 if the notice was given”. Other text.")
    parsed = parse_citations(text)
    revised = rewrite(text, [], None, parsed.citations)
    assert "given” (unverified)." in revised
    assert "1988 (unverified)" not in revised


def test_a_repealed_provision_is_stated_with_its_date_and_savings() -> None:
    today = dt.date(2026, 11, 23)
    note = "Omitted from 1 May 2026 for specified purposes by the Renters' Rights Act 2025, " \
           "with savings"
    said = LawState("repealed", "2026-05-01", note).statement(
        "Section 21 of the Housing Act 1988", today)
    assert said.startswith("Section 21 of the Housing Act 1988 was repealed (omitted) from 1 "
                           "May 2026 for specified purposes by the Renters' Rights Act 2025")
    assert "Savings keep it in force for some cases only" in said
    assert LawState("repealed", "2012-01-15", "").statement("Section 155", today) == \
        "Section 155 was repealed from 15 January 2012."
    assert LawState("not_in_force", "2027-01-01", "").statement("Section 3", today) == \
        "Section 3 is not yet in force; it comes into force on 1 January 2027."


def test_a_prospective_provision_whose_date_has_passed_is_not_announced_as_coming() -> None:
    said = LawState("not_in_force", "2019-01-26", "").statement("Section 190",
                                                                dt.date(2026, 11, 23))
    assert "comes into force" not in said
    assert said == ("Section 190 is recorded by the source as not yet in force, although the "
                    "date it gives (26 January 2019) has passed; check whether it has since "
                    "been brought into force.")

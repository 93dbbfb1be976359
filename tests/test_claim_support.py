"""Claim support beyond existence: numbers in words, duty or power, the party, the subject."""

from __future__ import annotations

from shared.embeddings import default_embedder
from shared.text.modality import modalities
from shared.verification.caselaw import sides_matching
from shared.verification.claims import check_claim, quantities
from shared.verification.relevance import Relevance


def test_numbers_in_words_multiples_and_deadline_days() -> None:
    assert quantities("up to ten times the amount") == {(10.0, "times")}
    assert quantities("not more than three times the amount of the deposit") == {(3.0, "times")}
    assert quantities("as much as fifty thousand pounds") == {(50000.0, "£")}
    assert quantities("earlier than the 28th day after it is served") == {(28.0, "day")}
    assert quantities("before the fourteenth day after service") == {(14.0, "day")}
    assert quantities("cannot be fined twice for it") == set()  # not a multiple of an amount
    assert quantities("from the first day of the tenancy") == set()  # not a period


def test_a_multiple_in_words_contradicting_the_source_is_caught() -> None:
    source = "not less than the amount of the deposit and not more than three times the amount"
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

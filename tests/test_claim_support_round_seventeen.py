"""Round seventeen's rules of claim support, one category each: a court named as the holder of a
view the judgment reports, a power confined by "only" against a prohibition of anything else, a
quote with no modal verb of its own, an application decided the other way by another verb, a
provision's own words on its extent, an undertaking run the other way, the party that bears the
burden named before the quoted limb. Each example is a shape, not an item of the benchmark."""

from __future__ import annotations

from shared.text.modality import same_limit
from shared.verification.antonyms import opposite_words
from shared.verification.authorities import another_agent
from shared.verification.burdens import burden_doubts
from shared.verification.caselaw import CaselawCheck
from shared.verification.citations import Citation
from shared.verification.claims import check_claim
from shared.verification.directions import reversed_transfers
from shared.verification.jurisdiction import extent_doubts
from shared.verification.lexsource import Case
from shared.verification.outcomes import decided_otherwise

# --- a court named as the holder of a view the judgment reports ---------------------------

_JUDGMENT = Case(uri="", name="Smith Ltd v Jones", court="ewhc", division="admin",
                 cite_as="[2019] EWHC 1 (Admin)", date="2019-01-01",
                 text="The Court of Appeal held that goodwill is not a possession. I agree.")


def _court_findings(claim: str) -> list[str]:
    citation = Citation(index=1, ref="[2019] EWHC 1 (Admin)", kind="caselaw",
                        quote="I agree.", claim=claim, span=(0, 0), form="tag")
    return [f.detail for f in CaselawCheck._identity(citation, _JUDGMENT)
            if "not the court" in f.detail]


def test_a_court_whose_view_the_judgment_reports_is_not_the_court_that_decided() -> None:
    assert _court_findings("In Smith Ltd v Jones the judge followed the Court of Appeal's "
                           "view that goodwill is not a possession") == []


def test_a_court_named_as_the_decider_still_contradicts_the_citation() -> None:
    assert _court_findings("In Smith Ltd v Jones the Court of Appeal held that goodwill is "
                           "not a possession")


def test_a_possessive_court_the_judgment_never_names_is_still_read() -> None:
    assert _court_findings("In Smith Ltd v Jones the Supreme Court's view was that goodwill is "
                           "not a possession")


# --- a power confined by "only" against a prohibition of anything else --------------------


def test_may_hold_only_says_what_must_not_contain_anything_other_than_says() -> None:
    assert same_limit("The account may hold only the sums landlords pay in",
                      "The account must not contain anything other than amounts paid into it")
    assert check_claim("The account may hold only the sums landlords pay in and the interest",
                       "The account must not contain anything other than amounts paid into it "
                       "and any interest accruing on such amounts.",
                       quote="The account must not contain anything other than amounts paid "
                             "into it") == []


def test_a_power_without_only_still_contradicts_the_prohibition() -> None:
    assert not same_limit("The account may hold the scheme's own funds",
                          "The account must not contain anything other than amounts paid in")
    assert not same_limit("The account may hold only the deposits",
                          "The account must not contain any deposits")


# --- a quote with no modal verb of its own ------------------------------------------------

_SITE = ("(2) Before making an agreement, the owner shall give to the occupier a written "
         "statement which sets out the express terms.\n"
         "(5) If any express term was not set out in a written statement given to the occupier, "
         "the term is unenforceable by the owner.")


def test_another_clause_s_modal_verb_is_a_doubt_when_the_quote_has_none() -> None:
    issues = check_claim("An express term left out of the written statement cannot be enforced "
                         "by the owner", _SITE, quote="the term is unenforceable by the owner")
    assert issues and not any(i.contradicted for i in issues)


def test_the_quote_s_own_modal_verb_still_contradicts() -> None:
    issues = check_claim("The owner may give the occupier a written statement", _SITE,
                         quote="the owner shall give to the occupier a written statement")
    assert any(i.contradicted for i in issues)


# --- an application decided the other way by another verb ---------------------------------


def test_allowing_an_application_the_provision_says_must_be_refused_is_doubted() -> None:
    assert decided_otherwise("If the tenant accepts none of the claim, the administrator must "
                             "still allow the landlord's application",
                             "the application must be refused")
    assert decided_otherwise("The administrator did not refuse the application",
                             "the application must be refused")


def test_the_same_decision_in_other_words_is_not_doubted() -> None:
    assert decided_otherwise("If the tenant accepts none of the claim, the administrator must "
                             "reject the application", "the application must be refused") == []
    assert decided_otherwise("The administrator did not allow the application",
                             "the application must be refused") == []


# --- a provision's own words on its extent -----------------------------------------------


def test_another_extent_than_the_quoted_words_give_is_doubted() -> None:
    assert extent_doubts("Section 9 extends to England and Wales only",
                         "This section extends to the whole of the United Kingdom")
    assert extent_doubts("Section 9 extends to Scotland",
                         "This section extends to England and Wales only")


def test_the_same_extent_in_other_words_is_not_doubted() -> None:
    assert extent_doubts("Section 9 extends to the United Kingdom",
                         "This section extends to the whole of the United Kingdom") == []
    assert extent_doubts("The Act extends to England and Wales",
                         "Subject to subsections (12) and (13), this Act extends to England "
                         "and Wales only") == []


# --- an undertaking to reimburse run the other way, a bare plural party --------------------


def test_an_undertaking_to_reimburse_run_the_other_way_is_doubted() -> None:
    quote = "landlords undertake to reimburse the scheme administrator, as he directs"
    assert reversed_transfers("The scheme administrator undertakes to reimburse landlords for "
                              "sums they pay out", quote)
    assert reversed_transfers("Landlords undertake to reimburse the scheme administrator for "
                              "sums it pays out", quote) == []


# --- who bears the burden, named before a limb the quote takes -----------------------------

_OWNER_SHOWS = ("(1F) It is for the owner—\n- (a) if he gave his approval subject to any "
                "condition and the question arises whether the condition was a reasonable "
                "condition, to show that it was;")


def test_the_burden_put_on_another_party_than_the_lead_names_is_doubted() -> None:
    quote = ("if he gave his approval subject to any condition and the question arises whether "
             "the condition was a reasonable condition, to show that it was")
    assert burden_doubts("It is for the occupier to show the condition was unreasonable",
                         _OWNER_SHOWS)
    assert burden_doubts("The burden is on the owner to show the condition was reasonable",
                         _OWNER_SHOWS) == []
    issues = check_claim("Where the owner approves a buyer subject to a condition, it is for the "
                         "occupier to show the condition was unreasonable", _OWNER_SHOWS,
                         quote=quote)
    assert issues and not any(i.contradicted for i in issues)


# --- agreeing and disagreeing, enforceable and not ----------------------------------------


def test_disagreeing_with_what_the_passage_agrees_with_is_doubted() -> None:
    quote = "The caseworker agreed with the proposal that the decision is appropriate"
    assert opposite_words("The caseworker disagreed with the proposal", quote)
    assert opposite_words("The caseworker agreed with the proposal", quote) == []
    assert opposite_words("The term is enforceable by the owner",
                          "the term is unenforceable by the owner")


# --- who makes an order ---------------------------------------------------------------------


def test_an_order_given_to_another_maker_than_the_quote_names_is_doubted() -> None:
    quote = "on such day as the National Assembly for Wales may by order appoint"
    assert another_agent("The section was brought into force by order of the Secretary of State",
                         quote)
    assert another_agent("The section was brought into force by order of the National Assembly "
                         "for Wales", quote) == []
    assert another_agent("The Secretary of State may by order appoint the day", quote)


def test_a_sentence_s_capital_is_not_part_of_the_order_maker_s_title() -> None:
    assert another_agent("If money has changed in value, the Secretary of State may by order raise "
                         "the fines", "The Secretary of State may by order substitute for the "
                         "sum or sums") == []

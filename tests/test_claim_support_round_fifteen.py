"""Round fifteen of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh15.jsonl``): another government (the Welsh or Scottish Ministers for
the Secretary of State), a section named in the prose that is not the one quoted, a share in
words, a remedy or a recovery run the other way, a class of person widened to anyone, the main
clause's modal verb, a point left open or only conditional reported as decided, the parties'
sides swapped, and the false doubts the round found on real citations (an initialism the
section spells out, "any such breach", a section's scope, a repeal's frame in time, an indirect
question, a duty owed to the party the statement gives a power, a side named by its initials).
Invented texts, not the benchmark's items."""

from __future__ import annotations

from shared.verification.caselaw import sides_matching
from shared.verification.citations import parse_citations
from shared.verification.claims import check_claim, quantities
from shared.verification.directions import reversed_against, reversed_transfers
from shared.verification.hypotheticals import decided_from_conditional
from shared.verification.outcomes import outcome_conflicts
from shared.verification.quantifiers import widened_persons
from shared.verification.roles import swapped_party_roles
from shared.verification.siblings import sibling_claims, widened_conditions


def _issues(claim: str, quote: str, source: str | None = None) -> list[str]:
    return [i.detail for i in check_claim(claim, source or quote, quote=quote)]


def test_another_government_is_another_authority() -> None:
    quote = "The Secretary of State may by regulations make provision about fees"
    assert _issues("The Welsh Ministers may by regulations make provision about fees", quote)
    assert _issues("The Scottish Ministers may by regulations make provision about fees",
                   quote)
    assert _issues("The Secretary of State may by regulations make provision about fees",
                   quote) == []
    # "the appropriate national authority" is the Secretary of State's for England and the
    # Welsh Ministers' for Wales, never the Scottish Ministers'
    either = "The appropriate national authority may by regulations make provision about fees"
    assert _issues("The Welsh Ministers may by regulations make provision about fees",
                   either) == []
    assert _issues("The Scottish Ministers may by regulations make provision about fees",
                   either)


def test_a_section_named_in_the_prose_must_hold_the_quoted_words() -> None:
    text = ("Under section 40 of the Housing Act 2004, the authority must give notice "
            '<cite ref="ukpga/2004/34/section/41/2" quote="the authority must give notice">1'
            "</cite>.")
    prose, tag = parse_citations(text).citations
    assert (prose.ref, prose.cited_quote) == ("ukpga/2004/34/section/40",
                                              "the authority must give notice")
    assert tag.stated_source == "ukpga/2004/34/section/40"
    # the same section, or a section mentioned later in the sentence, is not its source
    same = parse_citations(text.replace("section 40 of", "section 41 of")).citations
    assert [(c.stated_source, c.cited_quote) for c in same] == [("", "")]
    later = parse_citations(
        "The authority must give notice for the purposes of section 40 of the Housing Act 2004 "
        '<cite ref="ukpga/2004/34/section/41/2" quote="the authority must give notice">1'
        "</cite>.").citations
    assert all(not c.stated_source and not c.cited_quote for c in later)


def test_a_text_an_amendment_puts_in_another_act_is_checked_by_its_citation() -> None:
    text = ("As substituted by Schedule 15, section 304 of the Housing Act 1985 bars a demolition "
            'order <cite ref="ukpga/2004/34/schedule/15" quote="shall not make a demolition '
            'order">1</cite>.')
    assert [c.ref for c in parse_citations(text).citations] == ["ukpga/2004/34/schedule/15"]


def test_a_share_in_words_is_a_figure() -> None:
    quote = "less than two-thirds of the flats are owner-occupied"
    assert quantities(quote) == {(0.6667, "share")}
    assert _issues("It applies if fewer than half of its flats are owner-occupied", quote)
    assert _issues("It applies if fewer than two thirds of its flats are owner-occupied",
                   quote) == []
    assert quantities("the authority must notify a third party") == set()


def test_a_recovery_and_a_remedy_run_one_way() -> None:
    quote = "the difference is recoverable by the authority from such relevant landlord"
    assert reversed_transfers("The landlord can recover the shortfall from the authority",
                              quote)
    assert reversed_transfers("The authority can recover the shortfall from the landlord",
                              quote) == []
    remedy = "any remedy available to the tenant of any premises against his landlord"
    assert reversed_against("It keeps any remedy a landlord has against his tenant", remedy)
    assert reversed_against("It keeps any remedy a tenant has against his landlord",
                            remedy) == []


def test_a_class_of_person_is_not_anyone() -> None:
    quote = "A relevant person may appeal to the appropriate tribunal against"
    assert widened_persons("Any person may appeal to the appropriate tribunal", quote)
    assert widened_persons("A relevant person may appeal to the tribunal", quote) == []
    assert widened_persons("Any person who is a relevant person may appeal", quote) == []


def test_the_main_clauses_modal_verb_is_the_statements() -> None:
    quote = "the licence may include a condition requiring the holder"
    assert _issues("The licence has to include a condition requiring the holder to repay "
                   "sums he can recover", quote)
    assert _issues("The licence may include a condition requiring the holder to repay sums "
                   "he can recover", quote) == []
    duty = "The authority must make a final order"
    assert _issues("Where the authority cannot grant a licence, they may choose whether to "
                   "make a final order", duty)


def test_a_power_given_by_the_act_is_a_power() -> None:
    quote = "the authority must consider whether compensation should be paid"
    assert _issues("The Act allows the authority to consider whether compensation should be "
                   "paid", quote)


def test_a_duty_owed_to_a_party_is_not_that_partys_duty() -> None:
    quote = "must have indicated to the local housing authority the recipient's willingness"
    assert _issues("A local housing authority may serve a document electronically only where "
                   "the recipient has indicated his willingness", quote) == []
    passive = "must be served by the local housing authority"
    assert _issues("The local housing authority may serve the notice", passive)


def test_what_would_happen_or_is_left_open_is_not_what_the_court_decided() -> None:
    quote = "He would be eligible for a fixed term recall which would lead to his release"
    assert decided_from_conditional("The court ordered a fixed term recall leading to his "
                                    "release", quote)
    assert decided_from_conditional("The judge said he would be eligible for a fixed term "
                                    "recall leading to his release", quote) == []
    open_point = ("whether or not he would be given permission to travel is a decision which "
                  "would be taken at the material time")
    assert decided_from_conditional("The court decided he would not be given permission to "
                                    "travel abroad", open_point)


def test_a_contention_upheld_is_one_accepted() -> None:
    quote = "I reject the contention that the decision is disproportionate"
    assert outcome_conflicts("The court upheld the contention that the decision was "
                             "disproportionate", quote)
    assert outcome_conflicts("The court rejected the contention that the decision was "
                             "disproportionate", quote) == []


def test_even_where_the_quoted_condition_fails_widens_the_rule() -> None:
    quote = "it is only if the decision is irrational that it is judicially reviewable"
    assert widened_conditions("A decision is judicially reviewable even where it is rational",
                              quote)
    assert widened_conditions("A decision is judicially reviewable only if it is irrational",
                              quote) == []
    # "decide whether or not" asks; it waives nothing
    assert widened_conditions("She had a duty to decide whether or not to start the process",
                              "She has a duty to decide whether or not to start the process "
                              "if asked") == []


def test_the_parties_sides_are_not_swapped() -> None:
    quote = "The Defendants are the six main retail internet service providers"
    assert swapped_party_roles("The claimants were the six main internet service providers",
                               quote)
    assert swapped_party_roles("The defendants were the six main internet service providers",
                               quote) == []


def test_a_side_may_be_named_by_its_initials() -> None:
    recorded = "Union Des Associations Européennes De Football v British Telecommunications Plc"
    assert sides_matching("UEFA v BT", recorded) == 2
    assert sides_matching("UEFA v BT in 2017, the High Court", recorded) == 2
    assert sides_matching("UEFA v TT", recorded) == 1


_SECTION = """(1) This section applies while a final management order is in force.

(2) The authority must keep full accounts of the IMO, the interim management order.

(3) The authority may create a lease only with the consent of the owner.

(4) But they may create an interest without any such consent so long as it is created early.
"""


def test_a_sections_scope_and_what_the_quote_points_back_to_are_its_own_terms() -> None:
    quote = "they may create an interest without any such consent so long as it is created"
    assert sibling_claims("Under a final management order the authority may still create an "
                          "interest without the owner's consent", _SECTION, quote, "4") == []
    assert sibling_claims("The authority may still create an interest without keeping full "
                          "accounts", _SECTION, quote, "4")


def test_an_initialism_the_section_spells_out_is_the_quoted_subsections_term() -> None:
    section = ("(1) This Chapter deals with interim management orders.\n\n(2) The authority "
               "must replace the IMO as from its expiry date.\n\n(3) The tribunal may vary "
               "it.\n")
    quote = "The authority must replace the IMO as from its expiry date"
    assert sibling_claims("The authority must still replace the interim management order when "
                          "it expires", section, quote, "2") == []


def test_a_rule_said_to_hold_without_what_the_quote_requires_is_doubted() -> None:
    quote = "the authority may not create any lease unless consent in writing has been given"
    assert widened_conditions("The authority can grant a lease without anyone's consent", quote)
    assert widened_conditions("The authority can grant a lease with written consent",
                              quote) == []
    limited = "they may create a tenancy without any such consent so long as it is created early"
    assert widened_conditions("They may create a tenancy at any time while the order is in "
                              "force", limited)
    assert widened_conditions("They may create a tenancy without consent if it is created "
                              "early", limited) == []

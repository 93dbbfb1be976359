"""Round fourteen of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh14.jsonl``): a quantifier swapped ("either" for "each", "any one"
for "two or more"), a party's possessive given to another party, a condition the statement adds,
and a person's role in the proceedings (counsel or witness) swapped. Invented texts, not the
benchmark's items."""

from __future__ import annotations

from shared.verification.bound_figures import figures_beside_the_quote, figures_given_to_another
from shared.verification.changes import reversed_changes
from shared.verification.exceptions import confined_to_the_exception
from shared.verification.headings import heading_doubts
from shared.verification.owners import swapped_parties
from shared.verification.quantifiers import swapped_quantifiers
from shared.verification.roles import counsel_doubts
from shared.verification.siblings import added_conditions
from shared.verification.sides import Sides


def test_a_rule_about_every_one_of_a_thing_is_not_about_one_of_them() -> None:
    quote = "approved by a resolution of each House of Parliament"
    assert swapped_quantifiers("The scheme needs the approval of either House of Parliament",
                               quote)
    assert swapped_quantifiers("The scheme needs the approval of each House of Parliament",
                               quote) == []
    assert swapped_quantifiers("The scheme needs the approval of both Houses of Parliament",
                               quote) == []
    # the reverse: one of them is not all of them
    assert swapped_quantifiers("Every member must sign the notice",
                               "the notice may be signed by any one of the members")


def test_a_rule_that_needs_two_or_more_is_not_met_by_one() -> None:
    quote = "only if two or more of the rooms within it are damp"
    assert swapped_quantifiers("It counts only if any one of its rooms is damp", quote)
    assert swapped_quantifiers("It counts only if at least two of its rooms are damp",
                               quote) == []


def test_quantifiers_over_different_things_and_a_bare_any_are_not_compared() -> None:
    quote = "each tenant must be given a copy"
    assert swapped_quantifiers("Either landlord may give the copy", quote) == []
    assert swapped_quantifiers("Any tenant must be given a copy", quote) == []
    assert swapped_quantifiers("The tenant must be given a copy", None) == []


def test_a_partys_possessive_given_to_another_party_is_doubted() -> None:
    quote = "consistent with the authority’s published allocation scheme"
    assert swapped_parties("It must follow the Secretary of State's published allocation "
                           "scheme", quote)
    assert swapped_parties("It must follow the local housing authority's published "
                           "allocation scheme", quote) == []
    # a landlord and an owner are one side; another thing is not compared
    assert swapped_parties("It must appear on the owner's website",
                           "on the landlord’s website") == []
    assert swapped_parties("It must appear on the tenant's doorstep",
                           "on the landlord’s website") == []


def test_a_condition_the_subsection_does_not_have_is_doubted() -> None:
    section = ("(1) A person served with a repair notice may appeal to the tribunal within 28 "
               "days.\n(2) The tribunal may extend the period if the landlord consents.")
    quote = "may appeal to the tribunal within 28 days"
    assert added_conditions("A person served with a repair notice may appeal within 28 days, "
                            "but only with the permission of the council's housing officer",
                            section, quote, "1")
    # a condition restated from the subsection's own words is not added
    assert added_conditions("A person served with a repair notice may appeal, but only to the "
                            "tribunal within 28 days", section, quote, "1") == []
    # a leading "once" dates the rule; it is before the modal verb and not read
    assert added_conditions("Once served with a repair notice, a person may appeal to the "
                            "tribunal within 28 days", section, quote, "1") == []


def test_counsel_and_witnesses_keep_their_roles() -> None:
    sides = Sides(words={1: {"ash"}, 2: {"birch"}}, counsel={"lane": {1}, "hart": {2}})
    assert counsel_doubts("Mr Ash, who was counsel for the claimant, argued the point", sides)
    assert counsel_doubts("Mr Hart QC gave evidence for the defendant", sides)
    assert counsel_doubts("Mr Lane QC, counsel for the claimant, argued the point", sides) == []
    assert counsel_doubts("Mr Birch gave evidence as a witness for the defendant", sides) == []
    # a judgment without a list of appearances is not read
    assert counsel_doubts("Mr Ash, who was counsel, argued the point", Sides()) == []


def test_a_figure_given_to_another_item_of_the_passage_is_doubted() -> None:
    quote = "made up of the rent arrears (£1,200), court fees (£300) and the deposit (£900)"
    assert figures_given_to_another("The rent arrears came to £300", quote)
    assert figures_given_to_another("The rent arrears came to £1,200 and court fees to £300",
                                    quote) == []
    # a figure the passage does not hold is left to the other checks
    assert figures_given_to_another("The rent arrears came to £5,000", quote) == []


def test_an_amount_moved_the_other_way_is_doubted() -> None:
    quote = "the maximum service charge which may be demanded is reduced by one-tenth"
    assert reversed_changes("Each year the maximum service charge that may be demanded rises "
                            "by one-tenth", quote)
    assert reversed_changes("Each year the maximum service charge that may be demanded falls "
                            "by one-tenth", quote) == []
    # an idiom moves no amount; another subject is not compared
    assert reversed_changes("The maximum service charge demanded gives rise to an appeal",
                            quote) == []
    assert reversed_changes("Rents rise each April", quote) == []


def test_a_rule_confined_to_the_case_it_excepts_is_doubted() -> None:
    quote = "which are not exempt for any purposes of this Act other than those of Part 4"
    assert confined_to_the_exception("They are not exempt, for the purposes of Part 4 only",
                                     quote)
    assert confined_to_the_exception("They are exempt only for the purposes of Part 4 and no "
                                     "other", "exempt for the purposes of Part 4") == []
    assert confined_to_the_exception("They are not exempt for purposes other than Part 4",
                                     quote) == []


def test_a_figure_other_than_the_quoted_ones_is_doubted_even_if_the_section_has_it() -> None:
    quote = "within the period of five years beginning with the grant"
    assert figures_beside_the_quote("The covenant bites within three years of the grant", quote)
    assert figures_beside_the_quote("The covenant bites within five years of the grant",
                                    quote) == []
    # two figures of the kind: the statement may compare the quoted one with another
    assert figures_beside_the_quote("The period rose from three years to five years",
                                    quote) == []


def test_a_statement_against_the_heading_over_the_quote_is_doubted() -> None:
    schedule = ("**Introduction: rooms which are not bedrooms**\n\n**1** The following "
                "paragraphs list rooms.\n\n**Action without consent**\n\n**2** The authority "
                "may itself clear the room if the notice is not complied with.")
    quote = "The authority may itself clear the room if the notice is not complied with"
    assert heading_doubts("The authority may clear the room only with the consent of the "
                          "occupier", schedule, quote)
    assert heading_doubts("The authority may clear the room without consent where the notice "
                          "is not complied with", schedule, quote) == []
    assert heading_doubts("A box room listed there is always a bedroom", schedule,
                          "The following paragraphs list rooms")
    assert heading_doubts("A box room listed there is not a bedroom", schedule,
                          "The following paragraphs list rooms") == []

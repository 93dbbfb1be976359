"""Round eleven of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh11.jsonl``): who pays or gives to whom, "the former" and "the
latter", actors who are not parties and pronouns in the quoted passage, a side's short name
defined in the judgment's text, hypotheticals stated as fact, costs orders, conditions the
quoted words carry, measurements. Invented texts, not the benchmark's items."""

from __future__ import annotations

from shared.verification.actors import same_actor
from shared.verification.anaphora import resolved
from shared.verification.attribution import attribution_doubts
from shared.verification.claims import check_claim, quantities
from shared.verification.directions import reversed_transfers
from shared.verification.hypotheticals import stated_as_fact
from shared.verification.outcomes import outcome_conflicts
from shared.verification.polarity import denied_in_passage
from shared.verification.siblings import sibling_claims, widened_conditions
from shared.verification.side_claims import actor_doubts
from shared.verification.sides import sides_of
from shared.verification.standing import standing_doubts
from shared.verification.subjects import missing_schemes


def test_who_pays_whom_reversed_is_doubted_and_kept_when_it_runs_the_same_way() -> None:
    quote = "the court may order the licence holder to pay to the occupier the sum awarded"
    assert reversed_transfers("The court may order the occupier to pay the licence holder "
                              "the sum awarded", quote)
    assert not reversed_transfers("The court may order the licence holder to pay the "
                                  "occupier the sum awarded", quote)
    accepted = "a bond accepted by the council for the purposes of this Part from a lessee"
    assert reversed_transfers("a breach of a bond that the council gave to a lessee", accepted)
    assert not reversed_transfers("a breach of a bond that a lessee gave to the council",
                                  accepted)
    assert reversed_transfers("the court noted that Acme pays Brill the fee",
                              "Brill currently pays the fee each year")


def test_a_statement_is_kept_when_one_of_its_transfers_runs_the_passages_way() -> None:
    quote = "the managing agent is liable to reimburse to the council the damages paid"
    assert not reversed_transfers("If the council pay damages, the managing agent must "
                                  "reimburse the council", quote)
    assert check_claim("If the council pay damages, the managing agent must reimburse the "
                       "council", quote, quote=quote) == []


def test_the_former_and_the_latter_are_the_pair_named_before_them() -> None:
    text = "Of the managing agent and the council, it is the former that must repay the latter"
    assert resolved(text) == ("Of the managing agent and the council, it is the managing agent "
                              "that must repay the council")
    assert resolved("The former must act") == "The former must act"


def test_a_leading_condition_and_the_authority_of_a_warrant_name_no_holder() -> None:
    quote = ("If the flat is empty, a person entering under the authority of a warrant must "
             "lock the flat.")
    assert check_claim("If the flat is empty or the tenant is away, a person entering under "
                       "a warrant must lock it", quote, quote=quote) == []


def test_nothing_in_before_the_quote_denies_with_it() -> None:
    source = "(1) Nothing in the Tenancies Act prevents the owner recovering possession."
    quote = "prevents the owner recovering possession"
    assert check_claim("The Tenancies Act does not prevent the owner recovering possession",
                       source, quote=quote) == []


_PASSAGE = (
    "1. The Claimant (“ACL”) applies for judicial review. The First Defendant, the Secretary "
    "of State for Parks (“SSP”), and the Second Defendant, the Secretary of State for Roads "
    "(“SSR”), resist it. 2. Mr Oakes was not in a position to pay on time. He was short of "
    "funds and on 3 May he approached the First Defendant for a loan. 3. The Ministry of "
    "Transport sought to challenge the permission. 4. The SSR refused the request for delay.")


def test_a_sides_short_name_defined_in_the_text_places_it() -> None:
    sides = sides_of("Alder Civic Ltd v Secretary of State for Parks", _PASSAGE)
    assert sides.side("ACL") == 1
    assert sides.side("SSP") == 2 and sides.side("SSR") == 2


def test_two_parties_on_one_side_are_told_apart_by_their_short_names() -> None:
    sides = sides_of("Alder Civic Ltd v Secretary of State for Parks", _PASSAGE)
    quote = "The SSR refused the request for delay."
    assert actor_doubts("the SSP refused the request for delay", quote, sides)
    assert not actor_doubts("the SSR refused the request for delay", quote, sides)


def test_an_actor_who_is_not_a_party_and_a_pronoun_in_the_passage() -> None:
    sides = sides_of("Alder Civic Ltd v Secretary of State for Parks", _PASSAGE)
    quote = "The Ministry of Transport sought to challenge the permission."
    assert same_actor("Harbour District Council", " sought to challenge", quote, "",
                      sides) is False
    assert same_actor("the Ministry of Transport", " sought to challenge", quote, "",
                      sides) is True
    assert same_actor("the MoT", " sought to challenge", quote, "", sides) is True
    before = "Mr Oakes was not in a position to pay on time. He was short of funds and "
    quote = "on 3 May he approached the First Defendant for a loan"
    assert same_actor("Mr Oakes", " approached", quote, before, sides) is True
    assert same_actor("the SSP", " approached", quote, before, sides) is False


def test_a_hypothetical_is_not_a_fact() -> None:
    quote = "the judge said he would have refused to extend time in any event"
    assert stated_as_fact("The court refused to extend time", quote)
    assert not stated_as_fact("The judge said he would have refused to extend time", quote)
    quote = "the result would be the same if the tenants had been granted priority"
    assert stated_as_fact("The tenants were granted priority", quote)


def test_a_costs_order_is_not_who_won_and_a_refusal_of_a_thing_is_what_was_challenged(
        ) -> None:
    quote = "I refuse the application for B to pay all the costs but B should pay half"
    assert outcome_conflicts("The court ordered B to pay half of A's costs", quote) == []
    assert outcome_conflicts("The court ordered B to pay all of A's costs", quote)
    refused = "For these reasons, I refuse the application for judicial review."
    assert outcome_conflicts("The court allowed the claim and quashed the council's refusal "
                             "of a grant", refused)
    assert outcome_conflicts("The court refused the claim for judicial review of the "
                             "council's refusal of a grant", refused) == []


def test_the_court_accepting_or_estimating_what_another_said() -> None:
    judgment = ("4. The Office was quoted as saying that it believed that a million boxes "
                "had been sold. 5. Next.")
    quote = "a million boxes had been sold"
    assert attribution_doubts("The court itself estimated that a million boxes had been sold",
                              judgment, quote)
    assert not attribution_doubts("The Office was quoted as estimating that a million boxes "
                                  "had been sold", judgment, quote)


def test_a_decision_said_to_have_stood_that_the_passage_says_was_quashed() -> None:
    quote = "the respondent conceded that the decision should be quashed"
    assert standing_doubts("The decision stood because the respondent resisted", quote, "")
    assert not standing_doubts("The respondent conceded that the decision should be quashed",
                               quote, "")


def test_a_statement_showing_the_passage_itself_shows_the_quashing() -> None:
    """A statement that reproduces the quoted passage (the offline answer's own shape: the
    quoted sentence, then its citation) shows its reader the passage's "quashed"; only words of
    its own that say the decision stands present it as standing."""
    quote = "the Defendant conceded that the decision should be quashed on ground 2"
    assert not standing_doubts(" ", quote, "", inline=True)
    assert standing_doubts(" ", quote, "")
    assert standing_doubts("The decision still stands: ", quote, "", inline=True)


def test_does_not_amount_to_an_interference_denies_interfering() -> None:
    quote = "a mere delay does not amount to an interference with the lease"
    assert denied_in_passage("A delay interferes with the lease", quote)
    assert not denied_in_passage("A delay does not interfere with the lease", quote)


def test_a_rule_the_quote_conditions_said_to_hold_in_every_case() -> None:
    quote = "where the request is made by a tenant, the conduct of the tenant"
    assert widened_conditions("In every request the tribunal must weigh the tenant's conduct",
                              quote)
    assert not widened_conditions("Where a tenant makes the request, the tribunal must weigh "
                                  "the tenant's conduct", quote)


def test_measurements_and_houses_in_multiple_occupation() -> None:
    assert quantities("not exceeding 1.5 metres") == {(1.5, "metre")}
    assert check_claim("It may rise up to three metres", "It may rise not exceeding 1.5 metres")
    assert missing_schemes("The order decides whether a flat is a house in multiple "
                           "occupation", "The order decides whether a flat is overcrowded")
    assert not missing_schemes("The tribunal may authorise an interim empty dwelling "
                               "management order", "The tribunal may authorise an interim "
                               "EDMO")


def test_a_full_name_of_the_actor_is_not_a_siblings_term() -> None:
    section = ("(1) The local housing authority cannot be satisfied that the flat is fit.\n"
               "(2) But the authority may decide that the flat is unfit even if it meets the "
               "standards.\n(3) Standards are set by regulations.\n(4) Others.")
    assert sibling_claims("A local housing authority may decide a flat is unfit even though it "
                          "meets the standards", section,
                          "But the authority may decide that the flat is unfit", "2") == []

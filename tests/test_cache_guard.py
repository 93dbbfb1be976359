"""The semantic cache's near-miss guard (shared/cache/guard.py): each answer-changing feature
is read from a question, and a difference in any of them forbids reuse however similar the
questions are. The questions here are not those of bench/cache_pairs.jsonl."""

from __future__ import annotations

import pytest

from shared.cache.guard import (
    COVERED_FLOOR,
    SIMILARITY_FLOOR,
    WORDING_SIMILARITY,
    embedding_text,
    question_features,
    reuse_verdict,
)

HIGH = 0.97
"""A similarity above every threshold: only the features decide."""


def test_each_feature_is_read_in_its_normal_form() -> None:
    f = question_features("Can we serve a s21 on an AST tenant in England after fourteen days "
                          "if the stage one complaint isn't closed?")
    assert f.parties == {"tenant"}
    assert {"section 21", "housing act 1988"} <= f.references
    assert "14 day" in f.numbers
    assert f.categories == {"stage 1", "assured shorthold"}
    assert f.jurisdictions == {"england"}
    assert f.modality == {"power"}
    assert f.negations == 1
    assert f.asks_whether and not f.context_dependent


def test_cases_acts_and_regulations_are_references() -> None:
    f = question_features("Does Birmingham City Council v Oakley still bind us under the "
                          "Protection from Eviction Act or the Gas Safety (Installation and "
                          "Use) Regulations 1998?")
    assert "birmingham city council v oakley" in f.references
    assert "protection from eviction act" in f.references
    assert "gas safety (installation and use) regulations 1998" in f.references
    assert not f.numbers  # the year belongs to the reference, not to the figures


def test_the_landlords_side_is_the_askers_and_a_subject_is_no_party() -> None:
    assert question_features("What must we do about a leaking gutter?").parties == frozenset()
    assert question_features("What must the landlord do about a leaking gutter?").parties == \
        frozenset()
    assert question_features("How are tenant satisfaction measures collected?").parties == \
        frozenset()


def test_how_many_times_asks_how_often_only_per_period_and_how_many_days_asks_how_long() -> None:
    assert question_features("How many times a year must we visit?").asks_for == {"a frequency"}
    assert question_features("How many times must we knock?").asks_for == {"an amount"}
    assert question_features("How many weeks does a review take?").asks_for == {"a time"}


@pytest.mark.parametrize(("named", "implied"), [
    ("How quickly must we answer a repair request from a tenant?",
     "How quickly must we answer a repair request?"),
    ("Must we send a copy of the gas record to the tenant?",
     "Must we send a copy of the gas record?"),
])
def test_a_tenant_named_only_as_the_landlords_other_side_is_implied(named: str, implied: str
                                                                     ) -> None:
    assert reuse_verdict(named, implied, HIGH).reusable
    assert reuse_verdict(implied, named, HIGH).reusable


@pytest.mark.parametrize(("tenant", "other"), [
    ("Can a tenant end a tenancy early?", "Can a tenancy be ended early?"),
    ("What are a tenant's obligations for damp?", "What are the obligations for damp?"),
    ("Is it lawful for tenants to keep a ferret?", "Is it lawful to keep a ferret?"),
    ("Is it an offence to threaten a tenant?", "Is it an offence to threaten a landlord?"),
    ("Who repairs a fence a tenant breaks?", "Who repairs a fence?"),
])
def test_a_tenant_who_acts_or_holds_the_duty_is_never_implied(tenant: str, other: str) -> None:
    verdict = reuse_verdict(tenant, other, HIGH)
    assert not verdict.reusable and "parties" in verdict.reason
    assert not reuse_verdict(other, tenant, HIGH).reusable


def test_an_act_of_several_words_named_without_its_year_is_the_act_the_other_dates() -> None:
    dated, yearless = ("What does the Fire Safety Act 2021 say about balconies?",
                       "What does the Fire Safety Act say about balconies?")
    assert reuse_verdict(dated, yearless, HIGH).reusable
    assert reuse_verdict(yearless, dated, HIGH).reusable
    housing = reuse_verdict("What does the Housing Act say about notice?",
                            "What does the Housing Act 1988 say about notice?", HIGH)
    assert not housing.reusable and "legislation" in housing.reason


def test_a_court_that_makes_an_order_or_hears_a_case_is_no_party_but_one_that_acts_is() -> None:
    assert not question_features("Do we need a court order to end a licence?").parties
    assert not question_features("Can we take a tenant to court for arrears?").parties - {
        "tenant"}
    assert question_features("Can a court order a landlord to pay?").parties == {"court"}


def test_the_word_after_a_subject_pronoun_is_a_verb_and_qualifies_nothing() -> None:
    assert question_features("How often must we consult residents on repairs?").qualified == \
        frozenset()
    assert ("vulnerabl", "resident") in question_features(
        "How often must vulnerable residents be consulted on repairs?").qualified


@pytest.mark.parametrize(("new", "cached", "named"), [
    ("What are a landlord's duties when a gas appliance is condemned?",
     "What are a tenant's duties when a gas appliance is condemned?", "parties"),
    ("Can a leaseholder be charged for a new roof?",
     "Can a tenant be charged for a new roof?", "parties"),
    ("What does section 20 of the Landlord and Tenant Act 1985 require for major works?",
     "What does section 20B of the Landlord and Tenant Act 1985 require for major works?",
     "legislation or cases"),
    ("Does the Housing Act 1996 govern allocations?", "Does the Housing Act 1985 govern "
     "allocations?", "legislation or cases"),
    ("Is a bedsit block with seven residents licensable?",
     "Is a bedsit block with 9 residents licensable?", "figures"),
    ("Can we charge £250 for an unauthorised alteration?",
     "Can we charge £2,500 for an unauthorised alteration?", "figures"),
    ("What must we do about a category 2 excess cold hazard?",
     "What must we do about a category 1 excess cold hazard?", "categories"),
    ("Is a demoted tenant entitled to a mutual exchange?",
     "Is a secure tenant entitled to a mutual exchange?", "categories"),
    ("Who decides a second stage complaint about noise?",
     "Who decides a stage 1 complaint about noise?", "categories"),
    ("Are landlords in Scotland bound by the repairing standard?",
     "Are landlords in Wales bound by the repairing standard?", "jurisdictions"),
    ("Must a landlord install a carbon monoxide detector near a wood burner?",
     "May a landlord install a carbon monoxide detector near a wood burner?", "law"),
    ("Should we offer a home visit for a complaint about damp?",
     "Must we offer a home visit for a complaint about damp?", "law"),
    ("Is rent payable when the home is uninhabitable?",
     "Is rent not payable when the home is uninhabitable?", "negated"),
    ("What happens if a licence holder fails to keep fire alarms working?",
     "What happens if a licence holder keeps fire alarms working?", "negated"),
    ("What does our lettings policy say about pets?",
     "What does our estate management policy say about pets?", "subjects"),
    ("How do we respond to a report of asbestos in a loft?",
     "How do we respond to a report of damp in a loft?", "subjects"),
    ("Who repairs a leaking water tank in the loft?",
     "Who repairs a leaking oil tank in the loft?", "kinds"),
    ("Can a person aged under 16 be named on a tenancy?",
     "Can a person aged over 16 be named on a tenancy?", "opposite sides"),
    ("Who cleans the gutters before a tenancy begins?",
     "Who cleans the gutters after a tenancy begins?", "opposite sides"),
    ("How often must a lift be serviced?", "How long must a lift be serviced for?",
     "different answers"),
    ("Who pays for a stairlift?", "How much does a stairlift cost?", "different answers"),
    ("Can a tenant keep a ferret?", "Can a tenant keep a parrot?", "words of substance"),
    ("Who deals with cockroaches in a flat?", "Who deals with rats in a flat?", "kinds"),
    ("Can we move a tenant to another flat?", "Can we move a disabled tenant to another flat?",
     "kinds"),
    ("What are the fire safety rules for blocks?",
     "What are the fire safety rules for blocks of high rise flats?", "names something"),
    ("What do we do about a chemical smell in a block?",
     "What do we do about a gas smell in a block?", "kinds"),
    ("Is a home with a C rating lettable?", "Is a home with a D rating lettable?",
     "categories"),
    ("What does a G2 consumer grading mean?", "What does a G3 consumer grading mean?",
     "categories"),
    ("Who maintains gardens in supported flats?", "Who maintains gardens in flats?", "kinds"),
    ("Can a licence be varied during the licence period?",
     "Can a licence be varied at the end of the licence period?", "opposite sides"),
    ("Can we raise the rent on the renewal date?",
     "Can we raise the rent before the renewal date?", "opposite sides"),
    ("Can we inspect in the first month of a tenancy?",
     "Can we inspect after the first month of a tenancy?", "opposite sides"),
    ("Can a leaseholder buy the freehold?", "Can a shared owner buy the freehold?", "parties"),
    ("What help can a survivor of stalking get?", "What help can a perpetrator of stalking get?",
     "parties"),
    ("Can a resident keep a wheelchair on the landing?",
     "Can a resident keep a bicycle on the landing?", "words of substance"),
    ("Can we offer a flat to an applicant aged under 55?",
     "Can we offer a flat to an applicant aged 55?", "limit on its figure"),
    ("Is an EICR needed for a gas-only bungalow?", "Is an EICR needed for a bungalow?",
     "kinds"),
    ("Can we recharge a tenant for clearing a garden?",
     "Can we recharge a tenant for anything except clearing a garden?", "negated"),
    ("Can council tenants swap homes?", "Can tenants swap homes?", "categories"),
    ("Can council tenants swap homes?", "Can private tenants swap homes?", "categories"),
    ("Who clears ivy growing from our fence?", "Who clears ivy growing from a neighbour's fence?",
     "parties"),
    ("Can a tenant bring a claim against a contractor?",
     "Can a contractor bring a claim against a tenant?", "different roles"),
    ("Can we ban a resident's guest from the block?", "Can we ban a resident from the block?",
     "parties"),
    # Who acts: the tenant doing it is not the landlord doing it to the tenant.
    ("Can a tenant fit a key safe without asking us?",
     "Can we fit a key safe without asking the tenant?", "different people"),
    # Whose it is: the tenant's solicitor is not ours.
    ("Must we pay the tenant's solicitor in a disrepair case?",
     "Must we pay our solicitor in a disrepair case?", "different owners"),
    # A case narrowed by where, when or after what.
    ("Do we need a licence for an HMO in Leeds?", "Do we need a licence for an HMO?",
     "narrower case"),
    ("How quickly must we repair a broken boiler in winter?",
     "How quickly must we repair a broken boiler?", "narrower case"),
    ("Who pays for a new door after a break-in?", "Who pays for a new door?", "narrower case"),
    # The same qualifier of another thing, though one of them is a framing word.
    ("How do we deal with an abandoned caravan on an estate?",
     "How do we deal with an abandoned property on an estate?", "qualify different things"),
    # The landlord's staff are people of their own.
    ("How do we support a tenant who has been assaulted?",
     "How do we support an officer who has been assaulted?", "parties"),
])

def test_a_near_miss_is_never_served_and_the_reason_names_the_difference(
        new: str, cached: str, named: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert not verdict.reusable
    assert named in verdict.reason
    assert verdict.similarity == HIGH
    assert not reuse_verdict(cached, new, HIGH).reusable  # the rule is symmetric


@pytest.mark.parametrize(("new", "cached"), [
    ("How fast do we have to sort out a broken lift in a tower block?",
     "How quickly must we repair a broken lift in a tower block?"),
    ("What is an EPC?", "What is an energy performance certificate?"),
    ("Do we have to carry out a fire risk assessment on a block of flats?",
     "Are we required to carry out a fire risk assessment on a block of flats?"),
    ("Can we give 28 days' notice of a visit?", "Can we give twenty-eight days' notice of a "
     "visit?"),
    ("How should a tenant's black mould be treated?", "How should a tenant's damp be treated?"),
    ("What's a notice to quit?", "What is an NTQ?"),
    ("Can someone younger than 16 be a joint tenant?", "Can someone under sixteen be a joint "
     "tenant?"),
    ("What must be checked during a void?", "What must be checked in a void?"),
    ("Can a tenant dispute a recharge?", "Is a tenant able to challenge a recharge?"),
    ("What is a DHP?", "What is a discretionary housing payment?"),
    ("Can a landlord turn down a request for a lodger?",
     "Can a landlord refuse a request for a lodger?"),
    ("Can the rent be increased mid-year?", "Can the rent be raised part way through the year?"),
    ("At what interval must smoke alarms be tested?", "How often must smoke alarms be tested?"),
    ("Who funds a new boiler for a leaseholder?", "Who pays for a new boiler for a leaseholder?"),
    ("How long do we have to fix a faulty extractor fan?",
     "How long do we have to repair an extractor fan?"),
    ("What should we do if we discover mould in a void?",
     "What should we do about mould in a void?"),
    ("Who empties the bins in shared bin stores?", "Who empties the bins in communal bin stores?"),
    ("Can a joint tenancy be split after a relationship ends?",
     "Can a joint tenancy be separated after a relationship ends?"),
    ("What is the best approach to rent arrears from a bereaved tenant?",
     "How should we handle rent arrears from a bereaved tenant?"),
    ("Can we ask neighbours to attempt mediation first?",
     "Can we ask neighbours to try mediation first?"),
    ("What should we do when a garage appears to be used for storage by a business?",
     "What should we do when we think a garage is used for storage by a business?"),
])
def test_a_paraphrase_in_other_words_is_served(new: str, cached: str) -> None:
    verdict = reuse_verdict(new, cached, HIGH)
    assert verdict.reusable, verdict.reason
    assert "ask the same thing" in verdict.reason


def test_who_acts_is_read_only_from_an_active_subject() -> None:
    """A passive ("can the tenant be made to pay") or a subject with a clause of its own says
    nothing of who acts, so it is never a difference."""
    assert question_features("Can we change the locks?").actor == "landlord"
    assert question_features("Must a resident give access?").actor == "tenant"
    assert question_features("Can the tenant be made to pay?").actor == ""
    assert question_features("Do tenants have to be told about asbestos?").actor == ""
    assert question_features("Can a tenant who hoards be evicted?").actor == ""
    assert "different people" not in reuse_verdict(
        "Can the tenant be made to pay for a lost fob?",
        "Can we make the tenant pay for a lost fob?", HIGH).reason


def test_below_the_floor_nothing_is_served() -> None:
    question = "Who pays for a new kitchen after a flood?"
    assert reuse_verdict(question, question, 0.999).reusable
    verdict = reuse_verdict(question, question, COVERED_FLOOR - 0.01)
    assert not verdict.reusable and "not similar enough" in verdict.reason


def test_features_that_only_agree_keep_the_floor_where_a_power_meets_a_duty() -> None:
    """"What must" and "what should" do not conflict, but are not the same: only questions
    asking the same of the law, or no more than what it requires, meet the lower floor."""
    must, should = "What must we keep on file for a gas check?", \
        "What should we keep on file for a gas check?"
    assert reuse_verdict(must, must, SIMILARITY_FLOOR - 0.01).reusable
    assert reuse_verdict(must, should, SIMILARITY_FLOOR + 0.01).reusable
    verdict = reuse_verdict(must, should, SIMILARITY_FLOOR - 0.01)
    assert not verdict.reusable and "not similar enough" in verdict.reason


def test_a_word_of_substance_the_other_lacks_needs_a_near_identical_question() -> None:
    new, cached = ("Who clears a blocked chimney?", "Who clears a blocked sink?")
    assert not reuse_verdict(new, cached, WORDING_SIMILARITY - 0.01).reusable
    verdict = reuse_verdict(new, cached, SIMILARITY_FLOOR + 0.01)
    assert not verdict.reusable and "words of substance" in verdict.reason


@pytest.mark.parametrize("follow_up", [
    "And for leaseholders?", "What about a secure tenant?", "Does that apply to bedsits?",
    "Why did they do that?",
])
def test_a_question_leaning_on_an_earlier_turn_is_never_served(follow_up: str) -> None:
    assert question_features(follow_up).context_dependent
    verdict = reuse_verdict(follow_up, follow_up, 1.0)
    assert not verdict.reusable and "earlier turn" in verdict.reason


def test_a_long_question_with_a_pronoun_of_its_own_stands_alone() -> None:
    assert not question_features("Is it lawful to change the locks while a tenant is on "
                                 "holiday?").context_dependent


def test_the_embedded_text_spells_out_abbreviations_contractions_and_numbers() -> None:
    text = embedding_text("Isn't an HMO with five tenants licensable?")
    assert text.startswith("Is not an HMO with 5 tenants licensable?")
    assert "house in multiple occupation" in text


def test_the_features_alone_refuse_a_near_miss_at_any_similarity() -> None:
    """The floor is no part of the defence: at a cosine of 1.0 the features still refuse."""
    assert not reuse_verdict("Who pays for a new front door?", "Who pays for a new back door?",
                             1.0).reusable


@pytest.mark.parametrize("empty", ["", "?", "What is it?"])
def test_a_question_without_words_of_its_own_is_never_matched(empty: str) -> None:
    assert not reuse_verdict(empty, empty, 1.0).reusable


def test_a_word_slipped_into_a_compound_the_other_names_narrows_it() -> None:
    verdict = reuse_verdict("Can we charge tenants for communal window cleaning?",
                            "Can we charge tenants for communal cleaning?", HIGH)
    assert not verdict.reusable and "different kinds" in verdict.reason
    assert not reuse_verdict("Can we charge tenants for communal cleaning?",
                             "Can we charge tenants for communal window cleaning?", HIGH).reusable
    # A noun closing a compound of its own is said something of, not narrowed.
    assert reuse_verdict("After a tenant leaves, for how long should their rent account stay "
                         "open?", "How long do we keep a rent account open after the tenant "
                         "has left?", HIGH).reusable


@pytest.mark.parametrize(("named", "implied"), [
    # The landlord named as the one who holds the duty is the asker's side, as "we" is.
    ("What must we do if we find asbestos in a tenant's home?",
     "If asbestos is found in a tenanted property, what are the landlord's obligations?"),
    # "A tenant whose dog barks" is "a tenant's dog".
    ("Can we evict a tenant whose dog keeps barking at night?",
     "Is a dog that keeps barking at night grounds for possession?"),
    # A deed of the tenant's the other question names without a doer.
    ("What should we do when a tenant complains about a late repair?",
     "How do we handle a complaint about a late repair?"),
    ("Can we change the locks when we think the tenant has abandoned the flat?",
     "Can we change the locks on a flat we think is abandoned?"),
])
def test_the_landlords_own_tenant_is_implied_as_the_other_side(named: str, implied: str
                                                               ) -> None:
    assert reuse_verdict(named, implied, HIGH).reusable, reuse_verdict(named, implied, HIGH)
    assert reuse_verdict(implied, named, HIGH).reusable


@pytest.mark.parametrize(("tenant", "other"), [
    # Who caused a harm decides who pays: never implied.
    ("Who pays when a tenant damages a door?", "Who pays for a damaged door?"),
    ("What can we do about damage a tenant does to a garage?",
     "What can we do about damage to a garage?"),
    # A deed the other question does not name.
    ("What should we do when a tenant complains about noise?",
     "What should we do about noise?"),
    # Another party acting, or the landlord acted on.
    ("What should we do when a tenant complains about a neighbour?",
     "What should we do when a neighbour complains?"),
    ("What should we do when a tenant complains about a contractor's behaviour?",
     "How do we handle a complaint about a contractor's behaviour?"),
    ("What should we do when a tenant's visitor complains about noise?",
     "What should we do about a complaint about noise?"),
    ("Is it an offence to threaten a tenant?", "Is it an offence to threaten the landlord?"),
    # The tenant as the subject who acts.
    ("Can a tenant complain about a contractor?", "Can we complain about a contractor?"),
])
def test_a_tenant_is_not_implied_where_who_acts_changes_the_answer(tenant: str, other: str
                                                                   ) -> None:
    assert not reuse_verdict(tenant, other, HIGH).reusable
    assert not reuse_verdict(other, tenant, HIGH).reusable


def test_a_home_named_by_its_tenure_names_its_holder() -> None:
    assert question_features("Who pays to remove asbestos from a leasehold flat?").parties == {
        "leaseholder"}
    assert reuse_verdict("Who pays to remove asbestos from a leasehold flat?",
                         "Who pays to remove asbestos from a leaseholder's flat?", HIGH).reusable
    assert not reuse_verdict("Who pays to remove asbestos from a leasehold flat?",
                             "Who pays to remove asbestos from a tenant's flat?", HIGH).reusable


@pytest.mark.parametrize(("framed", "plain"), [
    ("Can you tell me whether we must repair a garden fence?",
     "Must we repair a garden fence?"),
    ("Please could you explain how often we should check fire doors?",
     "How often should we check fire doors?"),
    ("I need to know if a tenant can keep a dog in a flat.", "Can a tenant keep a dog in a flat?"),
])
def test_courtesy_framing_is_no_part_of_the_question(framed: str, plain: str) -> None:
    f, g = question_features(framed), question_features(plain)
    assert (f.modality, f.asks_whether, f.actor, f.substance) == \
        (g.modality, g.asks_whether, g.actor, g.substance)
    assert reuse_verdict(framed, plain, HIGH).reusable


@pytest.mark.parametrize(("framed", "other"), [
    ("Can you tell me whether we must repair a garden fence?",
     "May we repair a garden fence?"),
    ("Can you tell me if a tenant can keep a dog?", "Can you tell me if we can keep a dog?"),
    ("Please advise whether we must repair a fence.", "Please advise whether we must not repair "
     "a fence."),
])
def test_courtesy_framing_left_out_still_refuses_near_misses(framed: str, other: str) -> None:
    assert not reuse_verdict(framed, other, HIGH).reusable
    assert not reuse_verdict(other, framed, HIGH).reusable


def test_a_thing_ours_in_one_question_and_another_partys_in_the_other_differs() -> None:
    ours = "Who is responsible for a tree on our land that overhangs a neighbour's garden?"
    theirs = "Who is responsible for a tree on a neighbour's land that overhangs our garden?"
    assert question_features(theirs).owners == {("neighbour", "land"), ("landlord", "garden")}
    assert not reuse_verdict(ours, theirs, HIGH).reusable
    assert not reuse_verdict(theirs, ours, HIGH).reusable
    assert question_features("Is next door's fence ours to repair?").owners == {
        ("neighbour", "fenc")}
    assert reuse_verdict("Must we repair a neighbour's fence damaged by our tree?",
                         "Must we repair next door's fence damaged by our tree?", HIGH).reusable


def test_questions_saying_the_same_words_both_ways_meet_a_lower_floor() -> None:
    """Each word of substance said by the other: only framing is left for the cosine."""
    plain, framed = "What is the deadline for replying to a noise complaint?", \
        "How quickly must a noise complaint be answered?"
    assert reuse_verdict(framed, plain, COVERED_FLOOR + 0.01).reusable
    verdict = reuse_verdict(framed, plain, COVERED_FLOOR - 0.01)
    assert not verdict.reusable and "not similar enough" in verdict.reason
    # A word the other lacks, or a power against no modality, keeps the usual floor.
    for other in ("How quickly must a noise complaint about a party be answered?",
                  "Is the landlord allowed to answer a noise complaint?"):
        verdict = reuse_verdict(other, plain, COVERED_FLOOR + 0.05)
        assert not verdict.reusable and "not similar enough" in verdict.reason
    # Below the usual floor a feature still refuses.
    assert not reuse_verdict("How quickly must a stage 2 noise complaint be answered?",
                             "What is the deadline for replying to a stage 1 noise complaint?",
                             COVERED_FLOOR + 0.05).reusable


@pytest.mark.parametrize(("one", "other"), [
    ("Must a tenant tell their GP about damp in the home?",
     "Must a GP tell the tenant about damp in the home?"),
    ("Can we share a tenant's details with their GP?",
     "Can we share a tenant's details with their carer?"),
    ("Should we involve social services when a tenant hoards?",
     "Should we involve the police when a tenant hoards?"),
])
def test_health_and_care_professionals_are_parties(one: str, other: str) -> None:
    assert not reuse_verdict(one, other, HIGH).reusable
    assert not reuse_verdict(other, one, HIGH).reusable


def test_a_party_a_request_comes_from_is_not_one_it_is_about() -> None:
    about = "How quickly must we answer a complaint about a member of staff?"
    source = "How quickly must we answer a complaint from a member of staff?"
    assert question_features(about).sides == {("staff", "target")}
    assert question_features(source).sides == {("staff", "source")}
    verdict = reuse_verdict(about, source, HIGH)
    assert not verdict.reusable and "different sides" in verdict.reason
    assert reuse_verdict(source, "How quickly must we answer a complaint by a member of staff?",
                         HIGH).reusable


@pytest.mark.parametrize(("named", "same"), [
    ("Can we clear the home of a tenant who has died?", "Can we clear a deceased tenant's home?"),
    ("Is rent due on the flat of a dead tenant?", "Is rent due on a deceased tenant's flat?"),
])
def test_a_death_said_before_the_person_or_in_a_clause_after_is_one_condition(
        named: str, same: str) -> None:
    assert question_features(named).categories == {"deceased"}
    assert reuse_verdict(named, same, HIGH).reusable


def test_a_dying_tenant_is_not_a_deceased_one() -> None:
    assert not reuse_verdict("Can we clear the home of a tenant who is dying?",
                             "Can we clear the home of a tenant who has died?", HIGH).reusable


@pytest.mark.parametrize(("denied", "other", "same"), [
    ("Can a tenant deny us access for a gas check?", "Can a tenant refuse us access for a gas "
     "check?", True),
    ("Can a tenant deny us access for a gas check?", "Can a tenant give us access for a gas "
     "check?", False),
    ("Is a tenant who is unable to pay evicted?", "Is a tenant who is able to pay evicted?",
     False),
])
def test_denying_and_being_unable_are_negations(denied: str, other: str, same: bool) -> None:
    assert reuse_verdict(denied, other, HIGH).reusable is same
    assert reuse_verdict(other, denied, HIGH).reusable is same

"""Round sixteen's rules of claim support, one category each: who is paid or handed a thing,
whose thing it is, a person's post, a word turned into its opposite, a figure's side, a
condition waived, dropped or added, an excepted case taken in, another body, a described holder,
outcomes mixed or discussed in general, a submission reported as the court's finding. Each
example is a shape, not an item of the benchmark."""

from __future__ import annotations

from shared.verification.antonyms import opposite_words
from shared.verification.attribution import attribution_doubts
from shared.verification.authorities import another_agent, another_forum, unnamed_bodies
from shared.verification.claims import check_claim, quantities
from shared.verification.directions import reversed_transfers
from shared.verification.exceptions import excepted_cases
from shared.verification.limits import reversed_limits
from shared.verification.outcomes import mixed_outcome_doubts, outcome_conflicts
from shared.verification.owners import holders_swapped
from shared.verification.quantifiers import swapped_quantifiers
from shared.verification.roles import changed_posts, repaired_roles
from shared.verification.siblings import (
    added_conditions,
    unquoted_condition,
    waived_conditions,
)

# --- who is paid, who is handed a thing -------------------------------------------------


def test_the_payee_of_a_covenant_to_pay_is_not_run_into_the_sum() -> None:
    quote = "The covenant shall be to pay to the trust such sum (if any) as the trust may demand"
    assert reversed_transfers("The trust's covenant is to pay the tenant whatever sum the "
                              "tenant demands", quote)
    assert not reversed_transfers("The tenant's covenant is to pay the trust whatever sum the "
                                  "trust demands", quote)


def test_what_is_offered_supplied_or_disclosed_runs_to_the_party_after_to_or_before_with() -> None:
    quote = "for the lessee to offer to surrender the lease to such person as may be prescribed"
    assert reversed_transfers("The prescribed person must offer the lease to the lessee", quote)
    assert not reversed_transfers("The lessee must offer the lease to the prescribed person",
                                  quote)
    supplied = "requiring the manager to supply to the tenants of the flat a copy of the rules"
    assert reversed_transfers("The tenants must supply the manager with a copy of the rules",
                              supplied)
    assert not reversed_transfers("The manager must supply the tenants with a copy of the "
                                  "rules", supplied)
    disclosed = "Any person may disclose relevant information to a housing authority"
    assert reversed_transfers("A housing authority may disclose relevant information to "
                              "anyone", disclosed)


# --- whose thing, whose post --------------------------------------------------------------


def test_a_thing_given_to_another_holder_than_the_quote_gives_it_to_is_doubted() -> None:
    quote = "a certificate signed by the monitoring officer of the local housing authority"
    assert holders_swapped("a certificate signed by the monitoring officer of the landlord",
                           quote)
    assert not holders_swapped("a certificate signed by the monitoring officer of the "
                               "authority", quote)
    passage = "the expenses incurred in opposing the application by the Council"
    assert holders_swapped("the expenses of opposing the Environment Agency's application",
                           passage)
    assert not holders_swapped("the expenses of opposing the Council's application", passage)
    assert not holders_swapped("none of the claims of Mr Adeyemi and Brightwell succeeded",
                               "I have considered all Mr Adeyemi's and Brightwell's claims")
    # A case's name before a possessive is no joint owner ("In A v B, A's position …").
    assert not holders_swapped("In Adeyemi v Brightwell, Adeyemi's position was set out in a "
                               "letter", "Adeyemi's position was set out in a letter")
    assert not holders_swapped("the Home Secretary's open discretion",
                               "for the SSHD's open discretion")


def test_a_persons_post_the_quote_gives_otherwise_is_doubted() -> None:
    quote = "the evidence of Mrs Okafor, the Respondent's Operations Manager"
    assert changed_posts("Mrs Okafor, who gave evidence, was the Respondent's company "
                         "secretary", quote)
    assert not changed_posts("Mrs Okafor, who gave evidence, was the Respondent's Operations "
                             "Manager", quote)
    firm = "a valuation by a Chartered Surveyor at Smith Jones LLP"
    assert changed_posts("a valuation by an accountant at Smith Jones LLP", firm)


def test_counsel_may_be_said_to_appear_for_a_side_the_quote_names_by_its_initials() -> None:
    quote = "Ms Rao KC, who appears for the SSHD"
    assert not repaired_roles("Ms Rao KC appeared for the Secretary of State for the Home "
                              "Department", quote)
    assert repaired_roles("Ms Rao KC appeared for the Claimant", quote)


# --- opposites, quantifiers and sides of a figure -----------------------------------------


def test_a_words_opposite_said_of_the_same_thing_is_doubted() -> None:
    assert opposite_words("The definition excludes a licensee",
                          "the expression includes a licensee")
    assert opposite_words("The loss fell within the scope of the scheme",
                          "the loss fell outside the scope of the scheme")
    assert opposite_words("There was a low risk of flight", "there was a high risk of flight")
    assert not opposite_words("The definition includes a licensee",
                              "the expression includes a licensee")
    assert not opposite_words("The definition excludes a mortgagee",
                              "the expression includes a licensee")


def test_none_of_a_thing_is_not_most_of_it() -> None:
    quote = "None of the grounds relate to the condition of the house"
    assert swapped_quantifiers("Most of the grounds relate to the condition of the house", quote)
    assert not swapped_quantifiers("None of the grounds relate to its condition", quote)
    # "considered all the claims and found none of them established": "none" beside "all".
    assert not swapped_quantifiers("The court found none of the tenants' claims established",
                                   "I have considered all the tenants' claims and found none of "
                                   "them established")


def test_a_figure_put_on_the_other_side_of_its_limit_is_doubted() -> None:
    quote = "a tenancy of which the unexpired term exceeds 21 years"
    assert reversed_limits("a tenancy with less than twenty-one years left", quote)
    assert not reversed_limits("a tenancy with more than twenty-one years left", quote)
    assert not reversed_limits("a room of at least 7 square metres",
                               "a floor area not less than 7 square metres")
    assert not reversed_limits("The permit can last at most four years",
                               "The period must not end more than 4 years after the grant")


def test_a_share_a_sum_changes_by_and_a_floor_area_are_figures() -> None:
    assert (0.25, "share") in quantities("the amount is reduced by one-quarter")
    assert not {q for q in quantities("a notice served by a third party") if q[1] == "share"}
    assert (6.5, "metre") in quantities("a floor area of 6.5 square metres")
    source = "(2) The maximum amount is reduced by one-third for each complete year."
    issues = check_claim("The maximum amount falls by a half for each complete year", source,
                         quote="The maximum amount is reduced by one-third")
    assert any(i.contradicted for i in issues)


# --- conditions ---------------------------------------------------------------------------


_SCHEDULE = ("**3** (1) A person who receives a warning notice may make written representations "
             "to the authority.\n(2) Representations must be made within 21 days.\n"
             "**4** The authority may at any time—\n- (a) withdraw a warning notice, or\n"
             "- (b) reduce the amount specified in it.\n"
             "**5** (1) A licence must require the holder to keep a register of occupiers.")


def test_a_last_clause_condition_the_quoted_paragraph_lacks_is_doubted() -> None:
    quote = "A person who receives a warning notice may make written representations"
    assert added_conditions("A person who receives a warning notice may make written "
                            "representations, if the council first grants leave to do so.",
                            _SCHEDULE, quote, None)
    assert not added_conditions("A person who receives a warning notice may make written "
                                "representations to the authority.", _SCHEDULE, quote, None)
    assert added_conditions("A licence must require the holder to keep a register of "
                            "occupiers, but only for flats above a shop", _SCHEDULE,
                            "A licence must require the holder to keep a register of occupiers",
                            None)


def test_a_schedule_paragraphs_own_modal_verb_governs_its_list_items() -> None:
    issues = check_claim("The authority may at any time withdraw a warning notice", _SCHEDULE,
                         quote="withdraw a warning notice")
    assert not issues


def test_a_condition_of_the_quoted_list_waived_in_so_many_words_is_doubted() -> None:
    section = ("(3) The assessor shall not be required to make a valuation unless—\n"
               "- (a) it is reasonably practicable for him to do so; and\n"
               "- (b) his fee is paid by the applicant.")
    quote = "his fee is paid by the applicant"
    assert waived_conditions("The assessor must make a valuation once his fee is paid by the "
                             "applicant, whether or not it is reasonably practicable for him",
                             section, quote, "3")
    assert not waived_conditions("The assessor need not make a valuation unless it is "
                                 "reasonably practicable and his fee is paid", section, quote,
                                 "3")


def test_a_quoted_condition_left_out_of_a_whenever_statement_is_doubted() -> None:
    section = ("(4) Conditions which apply if—\n- (a) the register has not been kept,\n"
               "- (b) the keeper has not wilfully concealed the omission, and\n"
               "- (c) the council have warned the keeper of the omission,\n"
               "and which require the keeper to correct the register.")
    quote = "the keeper has not wilfully concealed the omission"
    assert unquoted_condition("The keeper must correct the register whenever the council have "
                              "warned him", section, quote, "4")
    assert not unquoted_condition("The keeper must correct the register whenever the council "
                                  "have warned him and he has not wilfully concealed the "
                                  "omission", section, quote, "4")


def test_an_excepted_case_taken_in_either_way_or_by_does_not_apply_if_is_doubted() -> None:
    quote = "on any transfer (other than an exempt transfer) within three years"
    assert excepted_cases("The charge applies on any transfer, exempt or not, within three "
                          "years", quote)
    assert not excepted_cases("The charge applies on any transfer other than an exempt one",
                              quote)
    rule = ("Paragraphs (2) and (3) do not apply if, before the permit was issued, the holder "
            "was disqualified")
    assert excepted_cases("The relief is available to every holder, even one disqualified "
                          "before the permit was issued", rule)


# --- bodies -------------------------------------------------------------------------------


def test_another_forum_another_agent_and_an_unnamed_body_are_doubted() -> None:
    quote = "The landlord may appeal to the First-tier Tribunal against the notice"
    assert another_forum("The landlord may appeal to the county court against the notice",
                         quote)
    assert not another_forum("The landlord may appeal to the tribunal against the notice",
                             quote)
    consent = "with a consent given by the Homes Agency under section 9"
    assert another_agent("with a consent given by the district council under section 9",
                         consent)
    assert not another_agent("with a consent given by the Homes Agency", consent)
    assert unnamed_bodies("The order needs the approval of the Leasehold Advisory Service",
                          "No order may be made unless a draft has been approved by each House")
    assert not unnamed_bodies("The order needs a draft approved by each House",
                              "No order may be made unless a draft is approved by each House")


def test_an_institution_given_a_duty_the_quote_gives_a_described_holder_is_doubted() -> None:
    quote = "Every body which grants assured tenancies shall publish a statement of its policy"
    issues = check_claim("The Secretary of State must publish a statement of policy on assured "
                         "tenancies", quote, quote=quote)
    assert any("Every body" in i.detail for i in issues)
    assert not [i for i in check_claim("Every body granting assured tenancies must publish a "
                                       "statement of its policy", quote, quote=quote)
                if "Every body" in i.detail]


# --- judgments ------------------------------------------------------------------------------


def test_an_outcome_word_for_a_kind_of_act_discussed_is_no_outcome() -> None:
    assert not outcome_conflicts(
        "The court was shown no case saying that simply refusing a licence breaches A1P1",
        "No authority shows that merely deciding to refuse a licence engages A1P1")


def test_a_mixed_statement_is_read_proceeding_by_proceeding() -> None:
    passage = "Since I have dismissed the first ground, I must also dismiss this appeal."
    assert mixed_outcome_doubts("Although the first ground was dismissed, the judge allowed "
                                "the appeal", passage)
    assert not mixed_outcome_doubts("As the first ground was dismissed, the judge also "
                                    "dismissed the appeal", passage)
    assert not mixed_outcome_doubts("The judge granted permission on the arguable grounds but "
                                    "found that none of them was made out",
                                    "I grant permission. However, none of the grounds are made "
                                    "out.")


def test_a_quote_that_opens_with_made_the_submission_is_a_submission() -> None:
    judgment = ("12. Ms Ede made the submission that the licence had lapsed before the "
                "hearing. I do not accept that.")
    quote = "Ms Ede made the submission that the licence had lapsed before the hearing"
    assert attribution_doubts("The court held that the licence had lapsed before the hearing",
                              judgment, quote)
    assert not attribution_doubts("Ms Ede submitted that the licence had lapsed before the "
                                  "hearing", judgment, quote)

"""Round nineteen's rules of claim support, false removals first: a duty to refrain from is a
prohibition, a quote's modal verb in a relative clause, an order that binds the party after its
verb, a legal fiction read as a condition, a subsection framed by another; then a repeal after
the Act it amends stated as an insertion, and opposites of an outcome or a view. Each example
is a shape, not an item of the benchmark."""

from __future__ import annotations

from shared.text.modality import modalities
from shared.verification.amendments import inserted_for_omitted
from shared.verification.antonyms import opposite_words
from shared.verification.claims import check_claim
from shared.verification.polarity import denied_in_statement
from shared.verification.siblings import sibling_claims, widened_conditions

# --- a duty to refrain from is a prohibition ------------------------------------------------


def test_a_duty_to_refrain_from_is_a_prohibition() -> None:
    assert modalities("the person on whom the notice is served must refrain from") == {
        "prohibition"}
    assert modalities("the lessee shall abstain from keeping animals") == {"prohibition"}
    assert modalities("the person on whom the notice is served must comply with it") == {"duty"}


def test_refraining_is_no_duty_against_a_prohibition_in_other_words() -> None:
    source = ("(1) The requirement is that the person on whom the notice is served must "
              "refrain from— (a) permitting a room to be occupied as sleeping accommodation "
              "otherwise than in accordance with the notice.")
    claim = ("The person served is prohibited from letting a room be used as sleeping "
             "accommodation other than as the notice allows")
    assert check_claim(claim, source, quote="must refrain from") == []
    duty = source.replace("must refrain from— (a) permitting", "must permit— (a)")
    assert check_claim(claim, duty, quote="must permit")


def test_refraining_denies_what_it_governs() -> None:
    claim = "The person must not let a room be used as sleeping accommodation"
    assert denied_in_statement(claim, "the person must refrain from permitting a room to be "
                                      "occupied as sleeping accommodation") == []
    assert denied_in_statement(claim, "the person must ensure that a room is occupied as "
                                      "sleeping accommodation")


# --- a quote's modal verb in a relative clause ----------------------------------------------


_NOTICE = ("(1) The notice must specify the premises.\n(3) The notice must contain information "
           "about— (a) the right to appeal against the decision, and (b) the period within "
           "which an appeal may be made.")


def test_a_relative_clause_s_modal_leaves_the_subsection_to_govern() -> None:
    claim = "The notice must tell the recipient the period within which they may appeal"
    assert check_claim(claim, _NOTICE, quote="the period within which an appeal may be made") \
        == []


def test_a_quote_s_own_modal_still_governs() -> None:
    claim = "The notice must state the premises"
    source = "(1) The notice may state the premises."
    assert check_claim(claim, source, quote="The notice may state the premises")


# --- an order binds the party named after its verb -----------------------------------------


_COSTS = ("(5) The High Court may make such order as it thinks fit. Any such order may provide "
          "that the costs of the application shall be borne by the landlord.")
_COSTS_QUOTE = ("Any such order may provide that the costs of the application shall be borne "
                "by the landlord")


def test_an_order_binds_the_party_after_its_verb() -> None:
    claim = "The court's order may make the landlord bear the costs of the application"
    assert [i for i in check_claim(claim, _COSTS, quote=_COSTS_QUOTE)
            if "puts this on" in i.detail] == []


def test_an_order_that_binds_another_party_is_doubted() -> None:
    claim = "The court's order may make the tenant bear the costs of the application"
    found = [i for i in check_claim(claim, _COSTS, quote=_COSTS_QUOTE)
             if "puts this on" in i.detail]
    assert found and not found[0].contradicted


# --- a legal fiction is not a condition ------------------------------------------------------


def test_a_fiction_is_no_condition_a_concession_waives() -> None:
    quote = "any interest created by the authority is to be treated as if it were a legal lease"
    assert widened_conditions("The interest is treated as a legal lease even though the "
                              "authority has no legal estate", quote) == []
    assert widened_conditions("The interest is treated as a legal lease even though the "
                              "authority has no legal estate",
                              "the interest is to be treated as a legal lease if the authority "
                              "has registered it")


# --- a subsection framed by another ----------------------------------------------------------


_DUTIES = (
    "(1) A local housing authority who have made an interim management order in respect of a "
    "house must comply with the following provisions as soon as practicable.\n"
    "(2) The authority must first take any immediate steps to protect the health of the "
    "occupiers.\n"
    "(3) The authority must also take steps for the proper management of the house.\n"
    "(4) If the house would be required to be licensed, the authority must decide to grant a "
    "licence or to make a final management order.\n"
    "(5) If subsection (4) does not apply to the house, the authority must decide to make a "
    "final management order or to revoke the order without taking any further action.\n")


def test_a_frame_and_a_subsection_turned_on_are_part_of_the_quote() -> None:
    claim = ("If the house would not need a licence, the authority must decide either to make "
             "a final management order or to revoke the interim order without taking further "
             "action")
    quote = "to revoke the order without taking any further action"
    assert sibling_claims(claim, _DUTIES, quote, None) == []
    unframed = _DUTIES.replace("(5) If subsection (4) does not apply to the house,",
                               "(5) If the house is vacant,")
    assert sibling_claims(claim, unframed, quote, None)


# --- a repeal after the Act it amends --------------------------------------------------------


def test_a_repeal_after_the_act_it_amends_is_not_an_insertion() -> None:
    quote = "In the Building Act 1984 (c. 55) omit section 72(6)(a)"
    assert inserted_for_omitted("Section 53 inserted a new section 72(6)(a) into the Building "
                                "Act 1984", quote)
    assert inserted_for_omitted("Section 53 repealed section 72(6)(a) of the Building Act 1984",
                                quote) == []
    assert inserted_for_omitted("Section 6 inserted a new section 72 into the 1984 Act",
                                "In section 72, after the words omit insert") == []


# --- opposites of an outcome or a view -------------------------------------------------------


def test_an_outcome_or_a_view_turned_round_is_doubted() -> None:
    assert opposite_words("Mr X was convicted on the delivery-up counts",
                          "He was acquitted on the delivery up counts")
    assert opposite_words("Elias LJ disapproved the dicta of Wilson LJ",
                          "Elias LJ endorsed the dicta of Wilson LJ")
    assert opposite_words("The notice continues to have effect",
                          "the notice ceases to have effect at that time")
    assert opposite_words("Mr X was acquitted on the delivery-up counts",
                          "He was acquitted on the delivery up counts") == []
    assert opposite_words("Mr X was convicted of fraud",
                          "He was acquitted on the delivery up counts") == []


# --- the lead of a quote deep in a long Schedule ---------------------------------------------


def test_the_lead_of_a_quote_deep_in_a_long_schedule_is_its_own_sub_paragraph() -> None:
    from shared.verification.claims import _lead_of

    paragraphs = [f"**{n}** (1) The authority must keep record {n}.\n\n(2) Nothing in this "
                  f"paragraph prevents record {n} being destroyed." for n in range(1, 400)]
    schedule = "\n\n".join(paragraphs)
    assert _lead_of(schedule, "prevents record 321 being destroyed") == (
        "(2) Nothing in this paragraph prevents record 321 being destroyed")
    assert _lead_of(schedule, "The authority must keep record 7.") == (
        "**7** (1) The authority must keep record 7")
    assert _lead_of(schedule, "no such words") == "no such words"


def test_no_duty_to_refrain_is_leave_to_act() -> None:
    """A claim that lifts the duty to hold back ("need not refrain from permitting") says the
    opposite of the quoted prohibition: never read as the same prohibition (the merged round's
    review verified three such claims that main removed)."""
    assert modalities("the person served need not refrain from permitting a room") == {"power"}
    assert modalities("the person is under no duty to refrain from permitting it") == {"power"}
    assert modalities("the person does not have to refrain from permitting it") == {"power"}
    source = ("(1) The requirement is that the person on whom the notice is served must "
              "refrain from— (a) permitting a room to be occupied as sleeping accommodation "
              "otherwise than in accordance with the notice.")
    for lifted in ("need not refrain from", "does not have to refrain from",
                   "is under no duty to refrain from"):
        claim = (f"The person served {lifted} permitting a room to be occupied as sleeping "
                 "accommodation otherwise than in accordance with the notice")
        assert check_claim(claim, source, quote="must refrain from"), lifted

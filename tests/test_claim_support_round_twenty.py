"""Round twenty's rules of claim support, false removals first: another Act's provision named
in the statement in the quote's own words, a condition stated as "only if" or "unless" against
the provision's own; then a range with one end moved. Each example is a shape, not an
item of the benchmark."""

from __future__ import annotations

from shared.text.modality import condition_met, restates_duty, same_condition, same_precondition
from shared.verification.citations import parse_citations
from shared.verification.claims import check_claim
from shared.verification.prose import names_section_of_act
from shared.verification.ranges import changed_ranges

# --- another Act's provision restated from the quote ----------------------------------------


def test_a_provision_named_in_the_quote_s_order_is_the_same_provision() -> None:
    quote = "In the Town Planning Act 1990 (c. 8) omit section 12(3)(b)"
    assert names_section_of_act("section 12(3)(b) of the Town Planning Act 1990", quote)
    assert not names_section_of_act("section 12(3)(c) of the Town Planning Act 1990", quote)
    assert not names_section_of_act("section 12 of the Town Planning Act 1990", quote)
    assert not names_section_of_act("section 12(3)(b) of the Water Act 1990", quote)


def _refs(text: str) -> list[str]:
    return [c.ref for c in parse_citations(text).citations]


def test_a_quoted_cross_reference_restated_is_no_citation_of_its_own() -> None:
    tag = ('<cite ref="ukpga/2004/34/section/53" quote="In the Town Planning Act 1990 (c. 8) '
           'omit section 12(3)(b)">1</cite>')
    assert _refs(f"Section 53 repealed section 12(3)(b) of the Town Planning Act 1990 {tag}.") \
        == ["ukpga/2004/34/section/53"]
    # Another provision, or the same one of another Act, is still a citation to check.
    assert len(_refs(f"Section 53 repealed section 14 of the Town Planning Act 1990 {tag}.")) \
        == 2
    assert len(_refs(f"Section 53 repealed section 12(3)(b) of the Water Act 1990 {tag}.")) == 2


# --- a condition stated as "only if" or "unless" is the prohibition's own condition ----------

_ORDER = ("(4) No order may be made under subsection (2) unless the court is satisfied that the "
          "interests of the applicant will be prejudiced by a failure to act.")


def test_a_power_only_if_says_what_a_prohibition_unless_says() -> None:
    claim = "The court can make the order only if satisfied that the applicant will be prejudiced"
    assert check_claim(claim, _ORDER, quote=_ORDER[4:]) == []


def test_a_power_without_its_condition_still_contradicts_the_prohibition() -> None:
    unconditional = "(4) No order may be made under subsection (2)."
    claim = "The court can make the order only if satisfied that the applicant will be prejudiced"
    assert check_claim(claim, unconditional, quote=unconditional[4:])
    assert check_claim("The court may make the order whenever the applicant asks", _ORDER,
                       quote=_ORDER[4:])
    assert check_claim("The court may make the order unless the applicant is prejudiced",
                       "(4) The court must not make an order.", quote="The court must not "
                                                                      "make an order.")


def test_a_duty_before_says_what_a_prohibition_unless_says() -> None:
    source = ("(4) Before making such an order, the tribunal must give any sub-lessee an "
              "opportunity of being heard.")
    claim = ("The tribunal cannot make the order unless it has first given any sub-lessee an "
             "opportunity of being heard")
    assert check_claim(claim, source, quote=source[4:]) == []
    assert check_claim("The tribunal cannot give any sub-lessee an opportunity of being heard",
                       source, quote=source[4:])
    assert not same_precondition("the tribunal must give any sub-lessee a hearing",
                                 "the tribunal cannot make the order unless it has heard them")


def test_a_must_have_of_a_condition_is_no_duty_against_a_power_only_if() -> None:
    duty = "the authority must have considered any representations made to them"
    assert condition_met("The council can apply only if it has considered any representations",
                         duty)
    assert not condition_met("The council can apply whenever it has considered them", duty)
    assert not condition_met("The council can apply only if it has considered them",
                             "the authority must consider any representations made to them")


def test_an_exception_against_a_prohibition_is_a_doubt_not_a_removal() -> None:
    source = ("(8) No question may be raised on appeal under this paragraph which might have "
              "been raised on an appeal against the notice.")
    claim = ("Except for questions that might have been raised against the notice, an appellant "
             "may raise any question")
    issues = check_claim(claim, source, quote=source[4:])
    assert issues and not any(i.contradicted for i in issues)
    plain = check_claim("An appellant may raise any question", source, quote=source[4:])
    assert plain and any(i.contradicted for i in plain)


# --- a range with one end moved -----------------------------------------------------------


def test_a_range_with_one_end_moved_is_doubted() -> None:
    quote = "Paragraphs 6 to 14 of Schedule 3 apply for the purpose of recovering expenses"
    assert changed_ranges("Paragraphs 3 to 14 of Schedule 3 apply", quote)
    assert changed_ranges("Lease is defined in section 262(1) to (6)",
                          "| Lease, lessee etc. | Section 262(1) to (4) |")
    assert changed_ranges("From 2005 to 2011 he worked for the family office",
                          "From 2005 to 2009 he worked for the family office")


def test_the_same_range_or_another_noun_s_is_left_alone() -> None:
    quote = "Paragraphs 6 to 14 of Schedule 3 apply for the purpose of recovering expenses"
    assert changed_ranges("Paragraphs 6 to 14 of Schedule 3 apply", quote) == []
    assert changed_ranges("Sections 3 to 14 of the Act apply", quote) == []
    assert changed_ranges("Paragraphs 3 to 5 of Schedule 3 apply", quote) == []


# --- review: a condition in other words, another party, an Act named beside another section ----

_BEFORE_CONSULT = ("(1) Before taking the enforcement action in question, the authority must "
                   "consult the fire and rescue authority for the area in which the HMO or "
                   "building is situated.")


def test_an_unless_restating_the_before_duty_is_one_rule() -> None:
    claim = ("A local housing authority cannot take the enforcement action unless it has first "
             "consulted the fire and rescue authority for the area in which the HMO is situated")
    assert restates_duty(_BEFORE_CONSULT[4:], claim)
    assert check_claim(claim, _BEFORE_CONSULT, quote=_BEFORE_CONSULT[4:]) == []


def test_an_unless_with_another_act_or_party_is_a_doubt() -> None:
    other_act = ("A local housing authority cannot take enforcement action in an HMO unless the "
                 "fire and rescue authority for the area has approved it")
    swapped = ("The fire and rescue authority cannot take enforcement action in an HMO unless "
               "the local housing authority has consulted it")
    for claim in (other_act, swapped):
        assert not restates_duty(_BEFORE_CONSULT[4:], claim)
        issues = check_claim(claim, _BEFORE_CONSULT, quote=_BEFORE_CONSULT[4:])
        assert issues and not any(i.contradicted for i in issues)
    lay = ("Before giving guidance under this section the Secretary of State must lay a draft of "
           "the proposed guidance before each House of Parliament")
    assert not restates_duty(lay, "The Secretary of State cannot give guidance under this "
                                  "section unless each House of Parliament has approved a draft")
    heard = "Before making such an order, the tribunal must give any sub-lessee an opportunity " \
            "of being heard"
    assert not restates_duty(heard, "The tribunal cannot make such an order unless every "
                                    "sub-lessee has consented to it")


_NOTICE = ("(4) No order may be made under subsection (2) unless notice of the application has "
           "been given to the local housing authority.")


def test_an_only_if_with_another_condition_is_a_doubt() -> None:
    same = ("The court can make an order under subsection (2) only if notice of the application "
            "has been given to the local housing authority")
    other = ("The court can make an order under subsection (2) only if the local housing "
             "authority has agreed to the application")
    assert same_condition(same, _NOTICE[4:])
    assert not same_condition(other, _NOTICE[4:])
    issues = check_claim(other, _NOTICE, quote=_NOTICE[4:])
    assert issues and not any(i.contradicted for i in issues)


def test_a_section_and_an_act_named_apart_are_no_cross_reference() -> None:
    quote = ("a claim under section 214 of this Act or section 21 of the Housing Act 1988 in "
             "respect of a tenancy")
    assert names_section_of_act("section 21 of the Housing Act 1988", quote)
    assert not names_section_of_act("section 214 of the Housing Act 1988", quote)
    assert names_section_of_act("section 72(6)(a) of the Building Act 1984",
                                "In the Building Act 1984 (c. 55) omit section 72(6)(a)")
    assert not names_section_of_act("section 72(6)(a) of the Building Act 1984",
                                    "In the Building Act 1984 omit section 71; and in this Act "
                                    "omit section 72(6)(a)")

"""Round ten of claim support: general rules found by a fresh set written before any change
(``bench/verification_fresh10.jsonl``): decisions later quashed, reversed or superseded
presented as standing, cases a judgment discusses, figures against the quoted passage,
conditions and siblings of the subsection quoted, amended figures, "no <thing> may be"."""

from __future__ import annotations

from shared.text.modality import modalities
from shared.verification.caselaw import case_names, discussed, figure_doubts
from shared.verification.claims import check_claim, substituted
from shared.verification.outcomes import outcome_conflicts
from shared.verification.polarity import denied_in_passage
from shared.verification.siblings import dropped_conditions, sibling_figures
from shared.verification.standing import standing_doubts

_JUDGMENT = (
    "9. The inspector issued his decision letter on 3 March 2030 dismissing the appeal. "
    "10. The claimant issued a claim to quash that decision. 11. The appeal decision was "
    "quashed by consent on 1 July 2030. 12. The Court of Appeal in Alder Homes v Birch "
    "Estates upheld a decision granting summary judgment. " + "Padding. " * 400 +
    "90. The Court of Appeal dismissed an appeal in Cedar v Dunn.")


def test_no_thing_may_be_done_is_a_prohibition_and_a_later_limit_is_not() -> None:
    assert modalities("No notice may be given while the house is unlicensed") == {
        "prohibition"}
    assert modalities("No action is to be taken under this Chapter") == {"prohibition"}
    assert modalities("The authority may serve no more than two notices") == {"power"}


def test_an_amended_figure_takes_the_unit_of_the_figure_it_replaces() -> None:
    source = ("In subsection (3) (not earlier than twelve months after the notice) for "
              "“twelve” substitute “ three ”.")
    assert substituted(source) == {(3.0, "month")}
    assert not check_claim("It cut the wait from twelve months to three months", source)
    assert check_claim("It cut the wait from twelve months to six months", source)


def test_a_body_the_provision_does_not_name_and_a_duty_only_to_consider() -> None:
    source = "Before acting, the authority must consult the fire and rescue authority."
    assert any("police" in i.detail for i in check_claim(
        "Before acting, the authority must consult the police", source))
    quote = "the authority must consider whether an amount by way of compensation should be paid"
    assert check_claim("The authority must pay compensation", quote, quote=quote)
    assert not check_claim("The authority must consider whether compensation should be paid",
                           quote, quote=quote)


_SECTION = ("(1) The authority may at any time review a designation.\n"
            "(2) A designation must end no later than five years after it comes into force.\n"
            "(3) The authority must from time to time review the operation of a designation.\n"
            "(4) If the authority conclude that there are no steps which they could take to "
            "secure that the dwelling becomes occupied, the authority must either revoke the "
            "order or make a final order.\n"
            "(5) The authority must not make a designation unless they have considered whether "
            "other courses of action would deal with the problem effectively.")


def test_a_figure_a_sibling_holds_is_not_the_cited_subsections() -> None:
    assert sibling_figures("A designation must end within five years", _SECTION, "3")
    assert not sibling_figures("A designation must end within five years", _SECTION, "2")


def test_a_duty_stated_without_the_condition_the_subsection_puts_on_it() -> None:
    quote = "the authority must either revoke the order or make a final order"
    assert dropped_conditions("Once an order is in force, the authority must either revoke it "
                              "or make a final order", _SECTION, quote, "4")
    assert not dropped_conditions("If the authority conclude there are no steps to get the "
                                  "dwelling occupied, they must revoke the order or make a "
                                  "final order", _SECTION, quote, "4")
    unless = "The authority must not make a designation unless"
    assert dropped_conditions("The authority must not make a designation", _SECTION, unless,
                              "5")
    assert not dropped_conditions("The authority must not make a designation without first "
                                  "considering other courses of action", _SECTION, unless, "5")


def test_a_decision_the_judgment_reports_undone_is_not_standing() -> None:
    quote = "The inspector issued his decision letter on 3 March 2030 dismissing the appeal"
    assert standing_doubts("The appeal stands dismissed by the decision letter", quote,
                           _JUDGMENT)
    assert not standing_doubts("The inspector dismissed the appeal on 3 March 2030", quote,
                               _JUDGMENT)
    superseded = "the scheme set out above was superseded by a new policy"
    assert standing_doubts("The scheme still governs claims made today", superseded, "")
    assert not standing_doubts("The scheme was superseded by a new policy", superseded, "")


def test_the_fate_of_an_earlier_decision_and_unanimity_are_outcomes() -> None:
    upheld = "The Court of Appeal upheld a decision granting summary judgment"
    assert outcome_conflicts("The Court of Appeal overturned a decision granting summary "
                             "judgment", upheld)
    assert not outcome_conflicts("The Court of Appeal upheld a decision granting summary "
                                 "judgment", upheld)
    assert outcome_conflicts("The decision was reversed on appeal",
                             "The Court of Appeal dismissed an appeal")
    assert outcome_conflicts("The House was unanimous", "their Lordships were not all agreed")
    assert outcome_conflicts("The court granted the application for judicial review of the "
                             "decision refusing the claim",
                             "I refuse the application for judicial review.")


def test_a_case_the_judgment_discusses_is_not_a_misnamed_citation() -> None:
    assert case_names("The High Court in Alder Homes v Birch held") == ["Alder Homes v Birch"]
    assert discussed("Alder Homes v Birch Estates", _JUDGMENT)
    assert not discussed("Elm Ltd v Fir", _JUDGMENT)
    assert not discussed("Y v Z", "In Y v Z the court said")  # no distinctive word


def test_figures_and_swapped_alternatives_against_the_quoted_passage() -> None:
    quote = ("claims made in writing within six months, treating the output as 170,000 kWh "
             "rather than 1.7m kWh; its members are 55 national associations")
    assert figure_doubts("Claims had to be made within twelve months", quote)
    assert figure_doubts("It treated the output as 1.7m kWh rather than 170,000 kWh", quote)
    assert figure_doubts("Its members are fifty-three national associations", quote)
    assert not figure_doubts("Claims had to be made within six months; the output was taken "
                             "as 170,000 kWh rather than 1.7m kWh; fifty-five national "
                             "associations", quote)


def test_not_necessary_to_do_a_thing_denies_that_it_had_to_be_done() -> None:
    quote = "it was not necessary for Zurich to prove that it believed the representation"
    assert denied_in_passage("The court held that Zurich had to prove that it believed it",
                             quote)
    assert not denied_in_passage("The court held that Zurich did not need to prove that it "
                                 "believed it", quote)

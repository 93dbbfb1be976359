"""A statement that waives ("without notice …") a condition a sibling subsection puts on the
quoted one ("No order may be made under subsection (2) unless notice … has been given") is
doubted: r9-fresh-quote-of-subsection-wrong-03 was verified once ``sibling_claims`` stopped
reading the wrong subsection's "improvement notice" as the statement's subject."""

from __future__ import annotations

from shared.verification.siblings import sibling_claims, waived_conditions

S36 = """(1) Where an improvement notice or prohibition order has become operative, an owner of any specified premises may apply to a magistrates' court for an order under subsection (2).

(2) A magistrates' court may, on an application under subsection (1), make an order enabling the applicant—

- (a) immediately to enter on the premises, and

- (b) to take any required action within a period fixed by the order.

(3) In this section “required action” means—

- (a) in the case of an improvement notice, any remedial action which is required to be taken by the notice;

- (b) in the case of a prohibition order, any action necessary for the purpose of complying with the order or any remedial action specified in the order in accordance with section 22(2)(e).

(4) No order may be made under subsection (2) unless the court is satisfied that the interests of the applicant will be prejudiced as a result of a failure by another person to take any required action.

(5) No order may be made under subsection (2) unless notice of the application has been given to the local housing authority.

(6) If it considers that it is appropriate to do so, the court may make an order in favour of any other owner of the premises which is similar to the order that it is making in relation to the premises under subsection (2).
"""  # noqa: E501 - Housing Act 2004, s. 36, as the Lex records hold it

QUOTE = "make an order enabling the applicant"
WAIVES = ("A magistrates' court may make an order under section 36 without notice of the "
          "application having been given to the local housing authority.")


def test_a_waived_sibling_condition_is_doubted() -> None:
    found = waived_conditions(WAIVES, S36, QUOTE, "2")
    assert found and "unless notice of the application" in found[0]
    # Whatever the sibling check makes of it, the waiver is caught on its own.
    assert not sibling_claims(WAIVES, S36, QUOTE, "2")


def test_the_subsection_is_found_from_the_quote_when_not_cited() -> None:
    assert waived_conditions(WAIVES, S36, QUOTE, None)


def test_a_sibling_condition_waived_for_the_court_being_satisfied() -> None:
    claim = ("A magistrates' court may make an order under section 36 without being satisfied "
             "that the interests of the applicant will be prejudiced.")
    assert waived_conditions(claim, S36, QUOTE, "2")


def test_a_restated_or_unrelated_without_is_not_doubted() -> None:
    for claim in (
        "No order may be made under section 36 without notice of the application having "
        "been given to the local housing authority.",
        "A magistrates' court cannot make an order under section 36 without notice of the "
        "application having been given to the local housing authority.",
        "A magistrates' court may make an order enabling the applicant to enter the premises "
        "without further delay.",
        "A magistrates' court may make an order enabling the applicant to enter the premises, "
        "once notice of the application has been given to the local housing authority.",
    ):
        assert not waived_conditions(claim, S36, QUOTE, "2"), claim


def test_a_sibling_that_does_not_name_the_quoted_subsection_is_not_read() -> None:
    section = ("(1) A person may apply to the tribunal for an order.\n\n"
               "(2) The tribunal may make an order enabling the applicant to enter.\n\n"
               "(3) No notice may be served under section 9 unless notice of the application "
               "has been given to the local housing authority.\n")
    assert not waived_conditions(WAIVES, section, QUOTE, "2")


S116_4 = ("(4) The authority may not under subsection (3)(c) create any interest or right in "
          "the nature of a lease or licence unless consent in writing has been given by the "
          "person who would (but for the order) have power to create the lease or licence, "
          "but they may create an interest in the nature of an assured shorthold tenancy "
          "without any such consent so long as it is created before the beginning of the "
          "period of 6 months that ends with the date on which the order is due to expire.\n")


def test_a_waiver_the_quoted_words_grant_or_a_denied_rule_is_not_doubted() -> None:
    granted = ("Under a final management order the authority may grant an assured shorthold "
               "tenancy without the owner's consent so long as it is created before the last "
               "6 months of the order.")
    assert not waived_conditions(granted, S116_4, "they may create an interest in the nature "
                                 "of an assured shorthold tenancy without any such consent", "4")
    denied = ("Without written consent from the person who could otherwise grant it, the "
              "authority may not create a lease or licence.")
    assert not waived_conditions(denied, S116_4, "create any interest or right in the nature "
                                 "of a lease or licence", "4")

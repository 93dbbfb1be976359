"""Honest gaps (shared/answering/gaps.py): what a question names that the sources do not hold."""

from __future__ import annotations

from shared.answering.gaps import unheld

DEPOSIT = ("ukpga/2004/34/section/215",
           "Housing Act 2004, s. 215: Sanctions for non-compliance")


def test_a_notice_known_by_its_section_is_not_a_missing_instrument() -> None:
    # "a section 21 notice" asks about the notice: s. 215 (a bar on giving one) answers it.
    assert unheld("Can a landlord give a section 21 notice while the deposit is unprotected?",
                  [DEPOSIT[1]], [DEPOSIT[0]]) == []
    assert unheld("Are Section 8 notices still valid?", [DEPOSIT[1]], [DEPOSIT[0]]) == []


def test_a_provision_asked_for_by_its_number_is_still_missing_when_not_held() -> None:
    assert unheld("What does section 21 of the Housing Act 1988 say about a section 21 notice?",
                  [DEPOSIT[1]], [DEPOSIT[0]]) == ["section 21", "Housing Act 1988"]
    assert unheld("What does regulation 36 of the Gas Safety (Installation and Use) "
                  "Regulations 1998 require?", [DEPOSIT[1]], [DEPOSIT[0]])[0] == "regulation 36"

"""Round twenty's reading of questions and answers: a question naming a company as a party
reaches the case-law worker."""

from __future__ import annotations

from services.router.classify import classify_offline


def test_a_company_named_as_a_party_reaches_case_law() -> None:
    for question in ("Which council refused planning permission for D2M Solutions' wind "
                     "turbine at Honeypot Lane?",
                     "What did CPC Group Ltd lend to Mr Holyoake's company?"):
        assert "caselaw" in classify_offline(question).workers, question


def test_a_landlords_own_name_is_no_party() -> None:
    for question in ("How quickly does Fenmoor Valley Homes fix a leaking waste pipe?",
                     "What solutions do we offer a resident with condensation mould?"):
        assert "caselaw" not in classify_offline(question).workers, question

"""Round eighteen's rules of claim support, false removals first: a repeal the source limits to
another nation, a power named only to say what it is subject to, the notice a power is used by
stated as a duty, a power confined by "only if" against "only … can"; then an ordinal or a
Division changed in a judgment's narrative, a repeal stated as an insertion, a denial that
reaches past a sum. Each example is a shape, not an item of the benchmark."""

from __future__ import annotations

import datetime as dt

from shared.text.modality import modalities, same_limit
from shared.verification.amendments import inserted_for_omitted
from shared.verification.claims import check_claim
from shared.verification.lexsource import Act, Provision
from shared.verification.narrative import another_division, changed_ordinals
from shared.verification.polarity import denied_in_passage
from shared.verification.temporal import Temporal, temporal_issue

# --- a repeal the source limits to another nation ------------------------------------------


def _repealed(note: str) -> tuple[Act, Provision]:
    provision = Provision(path="ukpga/2000/1/section/9", kind="section", number="9",
                          title="Protected sites", text="(1) The Act is amended.",
                          extent=("E", "W", "S"), status="repealed",
                          repealed_from="2009-04-01", status_note=note)
    act = Act(path="ukpga/2000/1", title="Example Act 2000", year=2000, extent=("E", "W", "S"),
              repealed=False, pre_1963=False, provisions=(provision,), complete=False)
    return act, provision


def test_a_repeal_for_another_nation_is_a_doubt_not_a_removal() -> None:
    act, provision = _repealed("Repealed from 1 April 2009 for Scotland by the Example "
                               "(Scotland) Act 2006, with savings")
    found = temporal_issue("The amendment does not affect notices given earlier", act,
                           provision, dt.date(2026, 11, 25), jurisdiction="england")
    assert isinstance(found, Temporal)
    assert found.issue == "repealed" and not found.removes


def test_a_repeal_for_the_question_s_own_nation_still_removes() -> None:
    act, provision = _repealed("Repealed from 1 April 2009 for Scotland by the Example "
                               "(Scotland) Act 2006")
    found = temporal_issue("The amendment does not affect notices given earlier", act,
                           provision, dt.date(2026, 11, 25), jurisdiction="scotland")
    assert isinstance(found, Temporal) and found.removes
    act, provision = _repealed("Repealed from 1 April 2009 by the Example Act 2006")
    found = temporal_issue("The amendment does not affect notices given earlier", act,
                           provision, dt.date(2026, 11, 25), jurisdiction="england")
    assert isinstance(found, Temporal) and found.removes


# --- a power named only to say what it is subject to ---------------------------------------


def test_a_power_said_to_be_subject_to_a_provision_is_no_power_given() -> None:
    assert modalities("the Secretary of State's power to modify or revoke it is subject to "
                      "that provision") == set()
    assert modalities("the Secretary of State has power to modify the scheme") == {"power"}


def test_a_duty_beside_a_power_said_to_be_subject_is_not_a_contradiction() -> None:
    source = ("(5) The Secretary of State may modify or revoke a scheme.\n"
              "(6) But if the scheme includes provision about modification or revocation of the "
              "scheme, the Secretary of State's power to modify or revoke it is subject to that "
              "provision.")
    issues = check_claim("If a scheme sets its own rules on changing it, the Secretary of State "
                         "must follow them when modifying it", source,
                         quote="the Secretary of State's power to modify or revoke it is "
                               "subject to that provision")
    assert not any(i.contradicted for i in issues)


# --- the notice a power is used by, stated as a duty ---------------------------------------

_RENOUNCE = ("(5) The local housing authority may renounce the right to possession of the "
             "furniture conferred by sub-paragraph (2) by serving notice on the relevant "
             "proprietor not less than two weeks before the renunciation is to have effect.")


def test_the_notice_a_power_is_used_by_may_be_stated_as_a_duty() -> None:
    assert check_claim("The council must give the owner at least 2 weeks' notice before "
                       "renouncing possession of the furniture", _RENOUNCE,
                       quote="by serving notice on the relevant proprietor not less than two "
                             "weeks before the renunciation is to have effect") == []


def test_a_duty_to_use_the_power_itself_still_contradicts_it() -> None:
    issues = check_claim("The council must renounce possession of the furniture", _RENOUNCE,
                         quote="The local housing authority may renounce the right to "
                               "possession of the furniture")
    assert any(i.contradicted for i in issues)


# --- a power confined by "only if" against "only … can" -------------------------------------


def test_may_only_if_says_what_only_can_says() -> None:
    assert same_limit("A company may be designated under this section only if",
                      "Only a company limited by shares can be designated")
    assert check_claim("Only a company limited by shares and wholly owned by the Crown can be "
                       "designated as Great British Energy",
                       "(2) A company may be designated under this section only if— (a) it is "
                       "limited by shares, and (b) it is wholly owned by the Crown.",
                       quote="A company may be designated under this section only if") == []


def test_a_plain_power_still_contradicts_only_can() -> None:
    assert not same_limit("A company may be designated under this section",
                          "Only a company limited by shares can be designated")
    assert not same_limit("A company may be designated only if it is limited by shares",
                          "No company can be designated")


# --- an ordinal or a Division changed in a judgment's narrative ------------------------------


def test_an_ordinal_changed_on_the_same_noun_is_a_doubt() -> None:
    assert changed_ordinals("The bank issued its third claim on 3 May 2013",
                            "the fourth claim was issued on 3 May 2013")
    assert changed_ordinals("the Defendant accepted that the second appeal decision should be "
                            "quashed", "the Defendant accepted that the first appeal decision "
                                       "should be quashed")


def test_the_same_ordinal_or_another_noun_is_no_doubt() -> None:
    assert changed_ordinals("The bank issued its fourth claim on 3 May 2013",
                            "the fourth claim was issued on 3 May 2013") == []
    assert changed_ordinals("In the first place, the second claim failed",
                            "the second claim failed, and the first hearing was adjourned") == []


def test_another_division_of_the_high_court_is_a_doubt() -> None:
    assert another_division("The claim was issued in the Queen's Bench Division",
                            "the claim was issued in the Chancery Division on 20 May")
    assert another_division("The claim was issued in the Chancery Division",
                            "the claim was issued in the Chancery Division on 20 May") == []
    assert another_division("The claim was issued in the Chancery Division",
                            "the claim was issued on 20 May") == []


# --- a repeal stated as an insertion -------------------------------------------------------


def test_an_omitted_provision_said_to_be_inserted_is_a_doubt() -> None:
    quote = "Omit section 86 of the Example Act 1996"
    assert inserted_for_omitted("The 2004 Act inserted a new section 86 into the Example Act "
                                "1996", quote)
    assert inserted_for_omitted("The 2004 Act introduced a new duty in section 86 of the "
                                "Example Act 1996", quote)


def test_an_omitted_provision_said_to_be_removed_is_no_doubt() -> None:
    quote = "Omit section 86 of the Example Act 1996"
    assert inserted_for_omitted("The 2004 Act repealed section 86 of the Example Act 1996, "
                                "which created a duty", quote) == []
    assert inserted_for_omitted("The 2004 Act added a new section 87 to the Example Act 1996",
                                quote) == []
    assert inserted_for_omitted("The 2004 Act inserted a new section 86 into the Example Act "
                                "1996", "After section 85 insert— 86 Duties") == []


# --- a negation that reaches past a figure ---------------------------------------------------


def test_a_denial_reaches_past_a_sum_to_its_noun() -> None:
    assert denied_in_passage("He said he had put £42m cash into the project",
                             "he had not put £42m cash into the project") == ["cash"]
    assert denied_in_passage("He said he had not put £42m cash into the project",
                             "he had not put £42m cash into the project") == []


# --- review of the merged round: what the new doubts must not read ---------------------------


def test_new_things_are_no_insertion_of_a_provision() -> None:
    assert inserted_for_omitted("Section 21 cannot be used for new tenancies granted after "
                                "1 May 2026", "Section 21 is repealed.") == []
    assert inserted_for_omitted("Section 86 was inserted by the 2004 Act",
                                "Omit section 86 of the Example Act 1996")
    assert inserted_for_omitted("The 2004 Act introduced a new duty on authorities to report to "
                                "tenants, in section 86 of the Example Act 1996",
                                "Omit section 86 of the Example Act 1996")


def test_a_number_after_an_ordinal_is_counted_not_counting() -> None:
    assert changed_ordinals("during the first three months", "in the second three months") == []
    assert changed_ordinals("its third claim was issued", "the fourth claim was issued") == [
        "The statement speaks of the third claim; the quoted words of the fourth."]


def test_the_kings_bench_and_its_courts_are_the_queens_bench_renamed() -> None:
    quote = "The claim was issued in the Queen's Bench Division."
    assert another_division("The claim was issued in the King's Bench Division.", quote) == []
    assert another_division("The claim was heard in the Administrative Court.", quote) == []
    assert another_division("The claim was issued in the Chancery Division.", quote)


def test_a_repeal_for_england_named_second_is_no_repeal_elsewhere() -> None:
    from shared.verification.temporal import _repealed_elsewhere
    assert not _repealed_elsewhere("Repealed for Wales (1.1.2020) and for England (1.5.2026)",
                                   "england")
    assert _repealed_elsewhere("Repealed from 1 April 2009 for Scotland by the Housing "
                               "(Scotland) Act 2006", "england")


def test_a_prohibition_in_so_many_words_beside_an_only_is_no_same_limit() -> None:
    from shared.text.modality import same_limit
    assert not same_limit("The tenant may keep a pet only with written consent",
                          "The tenant must not keep any animal, and only assistance dogs may "
                          "be kept")
    assert same_limit("A company may be designated under this section only if it is limited "
                      "by shares", "Only a company limited by shares can be designated")

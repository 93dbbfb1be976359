"""Round eight of claim support: general rules found by a fresh set written before any change
(judgment summaries above all: counsel's submissions, quoted words and open points given as
the court's finding; legislation: a power written "has a power", schemes, denied words)."""

from __future__ import annotations

from shared.text.modality import modalities
from shared.verification.attribution import attribution_doubts
from shared.verification.caselaw import _decision_year, case_names
from shared.verification.claims import check_claim
from shared.verification.outcomes import outcome_conflicts
from shared.verification.owners import proceedings_given_to_the_other_side
from shared.verification.polarity import denied_in_statement
from shared.verification.subjects import missing_schemes

_JUDGMENT = (
    "5. Mr Fordham submits that the timing of any deportation order is for the SSHD’s open "
    "discretion. 6. I do not accept this submission. 7. Y submits the following are relevant "
    "considerations: (1) It was unreasonable for Z to pursue his declaration. (2) Z’s delay in "
    "conceding the issue was unreasonable. 8. In giving the leading judgment Wilson LJ said "
    "(at [40]): “the judge accepted evidence that a fee of 10% was fairly normal…” It is not "
    "apparent to me on what basis he said so. 9. Although the point does not now arise, I "
    "think it very likely that I would have taken the same view. 10. I further accept Mr Tam’s "
    "submission that some other measure must be put in place. 11. And it need hardly be said "
    "that the Court is bound to take an adverse view of a litigant who lies.")


def _doubts(claim: str, quote: str) -> list[str]:
    return attribution_doubts(claim, _JUDGMENT, quote)


def test_a_submission_given_as_the_courts_finding_is_doubted() -> None:
    quote = "the timing of any deportation order is for the SSHD’s open discretion"
    [doubt] = _doubts("The court found that the timing of a deportation order is for the "
                      "Home Secretary's discretion", quote)
    assert "reports from a party" in doubt
    assert _doubts("Counsel submitted that the timing of a deportation order is for the "
                   "Home Secretary's discretion", quote) == []


def test_an_item_of_a_partys_list_of_points_is_the_partys() -> None:
    quote = "Z’s delay in conceding the issue was unreasonable"
    assert _doubts("The judge found that Z's delay in conceding was unreasonable", quote)
    assert _doubts("Y argued that Z's delay in conceding was unreasonable", quote) == []


def test_words_the_judgment_quotes_are_not_its_finding() -> None:
    quote = "the judge accepted evidence that a fee of 10% was fairly normal"
    assert _doubts("The judge found that a fee of 10% was fairly normal", quote)
    assert _doubts("The judge quoted Wilson LJ as saying a fee of 10% was fairly normal",
                   quote) == []


def test_what_the_court_adopts_or_says_itself_is_its_own() -> None:
    assert _doubts("The judge held that some other measure must be put in place",
                   "some other measure must be put in place") == []
    assert _doubts("The judge held that the court is bound to take an adverse view of a "
                   "litigant who lies", "the Court is bound to take an adverse view") == []


def test_an_open_point_given_as_decided_is_doubted() -> None:
    quote = "I think it very likely that I would have taken the same view"
    [doubt] = _doubts("The court refused relief because of the claimant's dishonesty", quote)
    assert "leaves open" in doubt
    assert _doubts("The judge added that he would very likely have refused relief", quote) == []


def test_a_subject_that_denies_governs_a_distant_verb() -> None:
    passage = "I have considered all Mr A’s and B’s claims and found none of them established."
    assert outcome_conflicts("None of the claims of Mr A and B succeeded", passage) == []
    assert outcome_conflicts("The claims of Mr A and B succeeded", passage)


def test_the_year_a_statement_gives_the_decision() -> None:
    assert _decision_year("In a 2015 decision the judge was satisfied") == 2015
    assert _decision_year("In 2019 the Court of Appeal dismissed the claim") == 2019
    assert _decision_year("In Y v Z, decided in the Family Court in 2017, Z paid") == 2017
    # A year of the events the judgment recounts is not the year of the decision.
    assert _decision_year("In 2015 the Inspector dismissed the appeal") is None


def test_has_a_power_is_a_power_and_may_but_need_not_is_one() -> None:
    assert modalities("The council has a power to make an order") == {"power"}
    source = "The authority must make an interim management order in respect of a house if"
    [issue] = check_claim("A council has a power, but no duty, to make an interim management "
                          "order", source, quote=source)
    assert issue.contradicted
    source = "The local housing authority must revoke an improvement notice if satisfied."
    [issue] = check_claim("A council may revoke an improvement notice, but it does not have "
                          "to", source, quote=source)
    assert issue.contradicted


def test_hmo_licensing_and_rent_arrears_are_schemes() -> None:
    order = "The local housing authority must revoke a prohibition order if the hazard ends."
    assert missing_schemes("A council must revoke an HMO licence once the hazard ends",
                           order) == ["HMO licensing"]
    assert missing_schemes("A council must revoke an HMO licence once the hazard ends",
                           "The authority may revoke a licence if …") == []
    assert missing_schemes("A notice may tell a landlord of rent arrears", order) == [
        "rent arrears"]


def test_a_statement_that_denies_what_the_quote_asserts() -> None:
    quote = "it shall be presumed, for the purposes of the proceedings, that the condition is met"
    assert denied_in_statement("The condition is presumed not to be met", quote) == ["meet"]
    assert denied_in_statement("The condition is presumed to be met", quote) == []
    # An elliptical "is not" before a new verb denies the words left out.
    assert denied_in_statement("A person managing an HMO that should be licensed but is not "
                               "commits an offence", "A person commits an offence if") == []


def test_proceedings_belong_to_the_side_that_brought_them() -> None:
    uefa = "Union des Associations Européennes de Football v British Telecommunications plc"
    d2m = "D2M Solutions Ltd v Secretary of State for Communities and Local Government"
    assert proceedings_given_to_the_other_side(
        "It was BT that sought an injunction against UEFA", uefa) == ["BT"]
    assert proceedings_given_to_the_other_side(
        "UEFA sought an injunction against the providers", uefa) == []
    assert proceedings_given_to_the_other_side(
        "The Secretary of State's application for judicial review was refused", d2m) == [
        "Secretary of State"]
    assert proceedings_given_to_the_other_side(
        "The company's application for judicial review was refused", d2m) == []
    # An appeal keeps the first instance's title, so the second side may have brought it.
    assert proceedings_given_to_the_other_side(
        "BT's appeal against the blocking order was dismissed", uefa) == []


def test_a_linking_word_of_a_case_name_is_a_whole_word() -> None:
    """"de" links "Union des Associations … de Football"; it is not the start of "decided"."""
    assert case_names("In Y v Z, decided in the Family Court in 2017, Z paid") == ["Y v Z"]

"""Numbers written in words or digits read as one value (shared/text/numbers.py), the one
definition the verifier's claim checks, the answerer's periods and the cache's guard share."""

from __future__ import annotations

import re

import pytest

from shared.answering.amounts import band_fit, sums
from shared.answering.questions import Question, durations, has_cue, states_sum
from shared.cache.guard import question_features
from shared.text.numbers import (
    MONEY,
    ORDINALS,
    in_figures,
    money_value,
    number_value,
    ordinal_value,
    with_digits,
)
from shared.verification.caselaw import _counts, figure_doubts
from shared.verification.claims import quantities
from shared.verification.narrative import changed_ordinals
from shared.verification.sides import sides_of


@pytest.mark.parametrize(("raw", "value"), [
    ("14", 14.0), ("1,500", 1500.0), ("2.5", 2.5), ("fourteen", 14.0), ("twenty-eight", 28.0),
    ("thirty one", 31.0), ("Ninety", 90.0), ("several", None), ("", None),
    ("1,500.50", 1500.5),
])
def test_number_value(raw: str, value: float | None) -> None:
    assert number_value(raw) == value


def test_with_digits_spells_numbers_in_digits_but_keeps_the_pronoun_one() -> None:
    assert with_digits("Give fourteen days' notice to twenty-one tenants") == \
        "Give 14 days' notice to 21 tenants"
    assert with_digits("Can no one from the team attend?") == "Can no one from the team attend?"
    assert with_digits("stage one", keep=frozenset()) == "stage 1"
    assert with_digits("Tenancy, often, seventeenth") == "Tenancy, often, seventeenth"


def test_both_readers_use_the_shared_definition() -> None:
    assert quantities("within fourteen days or thirteen weeks") == {(14.0, "day"),
                                                                    (13.0, "week")}
    assert durations("within thirteen days or 1,000 hours") == ["thirteen days", "1,000 hours"]


@pytest.mark.parametrize(("raw", "value"), [
    ("£4,000", 4000.0), ("£ 600", 600.0), ("£1,500.50", 1500.5), ("£12.5", 12.5),
    ("£5k", 5000.0), ("£5 thousand", 5000.0), ("£1.5 million", 1.5e6), ("£10m", 1e7),
    ("£2 M", 2e6), ("£five", 5.0), ("five thousand pounds", 5000.0), ("500 pounds", 500.0),
    ("Twenty Pounds", 20.0), ("4,000", None), ("five pence", None), ("£", None),
])
def test_money_value(raw: str, value: float | None) -> None:
    assert money_value(raw) == value
    assert (re.fullmatch(MONEY, raw) is not None) is (value is not None)


def test_money_finds_every_sum_and_no_more() -> None:
    text = ("between £1,500 and £10,000; £5k or five thousand pounds; £1.5 million, not 1.5 "
            "metres nor 5 kilos; £4,000, then")
    assert [money_value(m) for m in re.findall(MONEY, text)] == [
        1500.0, 10000.0, 5000.0, 5000.0, 1.5e6, 4000.0]
    # A pattern may hold it more than once: it has no groups of its own.
    assert re.compile(rf"between ({MONEY}) and ({MONEY})").match("between £1 and £2").groups() \
        == ("£1", "£2")


def test_both_money_readers_use_the_shared_definition() -> None:
    # The answerer's sums read scales and words as the verifier's did: "£1.5 million" was 1.5.
    assert sums("a £1.5 million scheme, a £5k grant, five thousand pounds") == [
        1.5e6, 5000.0, 5000.0]
    assert band_fit(sums("the works cost £1.5 million"), "Works over £1,000,000 need a "
                    "tender.") == 1
    # The verifier's read the pence after a thousands separator ("£1,500.50" was £1,500).
    assert quantities("a balance of £1,500.50") == {(1500.5, "£")}
    assert quantities("five thousand pounds or £2m") == {(5000.0, "£"), (2e6, "£")}


@pytest.mark.parametrize(("sentence", "stated"), [
    ("The charge is £20 a week.", True),
    ("The charge is 500 pounds a week.", True),  # a sum in pounds written out is a sum
    ("A charge of five thousand pounds may be made.", True),
    ("The charge is made weekly.", False),
])
def test_the_answerer_reads_a_stated_sum_as_money_reads_it(sentence: str, stated: bool) -> None:
    assert states_sum(sentence) is stated
    penalty = Question("Compare the penalty for A with the penalty for B", "compare",
                       compares="penalty")
    assert has_cue(penalty, sentence) is stated


def test_a_sum_in_words_put_in_place_of_another_is_read_whole() -> None:
    claim = "The award was five thousand pounds rather than ten thousand pounds."
    quote = "The award was ten thousand pounds rather than five thousand pounds."
    assert any("puts five thousand pounds where" in d for d in figure_doubts(claim, quote))
    assert not any(" puts " in d for d in figure_doubts(quote, quote))


@pytest.mark.parametrize(("period", "counted"), [
    ("twenty-eight days", (28.0, "day")),  # read as 20 when only its first word was looked up
    ("thirty one days", (31.0, "day")),
    ("thirteen weeks", (13.0, "week")),  # a number word the answerer's own list lacked
    ("fifty years", (50.0, "year")),
    ("1,000 hours", (1000.0, "hour")),  # its separator once stopped float() with an error
    ("a year", (1.0, "year")), ("an hour", (1.0, "hour")),
    ("14 days", (14.0, "day")), ("3 working days", (3.0, "working day")),
    ("zero days", None), ("annually", None),
])
def test_a_periods_count_is_read_by_the_one_number_reader(
        period: str, counted: tuple[float, str] | None) -> None:
    from shared.answering.questions import amount
    assert amount(period) == counted


def test_a_time_passed_in_words_is_measured_whole_against_a_limit() -> None:
    from shared.answering.openers import _against_limit
    from shared.answering.questions import classify
    q = classify("A tenant complained twenty-five days after the repair was finished; is the "
                 "complaint too late?")
    assert _against_limit(q, "A complaint must be made within twenty-one days.") == \
        "twenty-five days is more than the twenty-one days the source allows"


@pytest.mark.parametrize(("raw", "value"), [
    ("first", 1.0), ("Second", 2.0), ("third", 3.0), ("fourth", 4.0), ("fifth", 5.0),
    ("eighth", 8.0), ("ninth", 9.0), ("twelfth", 12.0), ("fourteenth", 14.0),
    ("twentieth", 20.0), ("thirtieth", 30.0), ("twenty-first", 21.0), ("twenty-eighth", 28.0),
    ("thirty-first", 31.0), ("1st", 1.0), ("2nd", 2.0), ("3rd", 3.0), ("28th", 28.0),
    ("hundredth", None), ("worst", None), ("month", None),
])
def test_ordinal_value_reads_ordinals_in_words_and_figures(raw: str, value: float | None) -> None:
    assert ordinal_value(raw) == value


def test_the_ordinal_words_are_in_order_each_at_its_value() -> None:
    assert list(ORDINALS.values()) == list(range(1, 13))
    assert all(ordinal_value(word) == value for word, value in ORDINALS.items())


@pytest.mark.parametrize(("value", "written"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
])
def test_in_figures_writes_an_ordinal_as_a_header_numbers_a_party(value: int, written: str
                                                                  ) -> None:
    assert in_figures(value) == written


def test_every_caller_reads_ordinals_from_the_one_list() -> None:
    # the verifier's days ("the fourteenth day following"), the guard's stages ("the first
    # stage" is "stage 1") and the judgment's counted events ("its fifth claim")
    assert (14.0, "day") in quantities("within the fourteenth day following service")
    assert (28.0, "day") in quantities("on the twenty-eighth day after the notice")
    assert "stage 1" in question_features("What happens at the first stage of a complaint?"
                                          ).categories
    assert "tier 2" in question_features("Who decides a 2nd tier complaint?").categories
    assert changed_ordinals("its fifth claim was issued", "the eleventh claim was issued")


def test_a_scale_multiplies_a_count_as_it_multiplies_a_sum() -> None:
    assert _counts("a billion set-top boxes and ten million customers and 55 associations") == {
        "boxes": {1e9}, "customers": {1e7}, "associations": {55.0}}
    assert money_value("£1.5 million") == 1.5e6 and money_value("£5k") == 5e3
    assert money_value("£2 billion") is None  # a sum of money reads no billions, as before


_HEADER = """Between:
ALDER CIVIC LIMITED
Claimant
- and -
(1) SECRETARY OF STATE FOR PARKS
(2) BRACKEN DISTRICT COUNCIL
5th Defendant
Ms Ann Fenn (instructed by Legal Services) for the Fifth Defendant
Judgment
"""


def test_a_party_the_header_numbers_in_figures_is_the_one_its_ordinal_in_words_names() -> None:
    # the defect: the header's numbers in figures were read only up to "4th", though the
    # parties read go up to the sixth
    assert sides_of("Alder Civic Ltd v Secretary of State for Parks", _HEADER).counsel == {
        "fenn": {2}}

"""Initials and the words they stand for, read once (shared/text/initials.py): the shapes the
answerer's sentence choice and definitions and the verifier's sibling and case-name checks
rely on."""

from __future__ import annotations

import re

import pytest

from shared.answering.questions import expands
from shared.answering.selection import _spelt_out as named_in_full
from shared.text.initials import (
    INITIALISM,
    INITIALS,
    initials,
    name_initials,
    name_runs,
    name_words,
    spells,
    spelt_runs,
)
from shared.verification.actors import _initials as actor_initials
from shared.verification.authorities import another_agent
from shared.verification.caselaw import _same_party, sides_matching
from shared.verification.owners import _initials_of, holders_swapped
from shared.verification.roles import repaired_roles
from shared.verification.siblings import _spelt_out as stood_for


def test_initials_are_the_words_first_letters_in_capitals() -> None:
    assert initials(["fire", "risk", "assessment"]) == "FRA"
    assert initials(["empty", "dwelling", "management", "order"]) == "EDMO"
    assert initials([]) == ""


@pytest.mark.parametrize(("letters", "words", "any_order", "spelt"), [
    ("FRA", ["fire", "risk", "assessment"], False, True),
    ("fra", ["Fire", "Risk", "Assessment"], False, True),  # capitals or not, a letter is one
    ("FAR", ["fire", "risk", "assessment"], False, False),  # in order, unless asked otherwise
    ("UEFA", ["Union", "Associations", "Europeennes", "Football"], False, False),
    ("UEFA", ["Union", "Associations", "Europeennes", "Football"], True, True),
    ("BT", ["British", "Telecommunications", "Plc"], True, False),  # every word a letter
    ("PEEP", ["personal", "emergency", "evacuation"], True, False),
])
def test_spells_in_order_or_in_any(letters: str, words: list[str], any_order: bool,
                                   spelt: bool) -> None:
    assert spells(letters, words, any_order=any_order) is spelt


def test_spelt_runs_are_the_windows_one_word_a_letter_first_to_last() -> None:
    words = "an interim management order IMO is an Interim Management Order".split()
    assert list(spelt_runs("IMO", words)) == [["interim", "management", "order"],
                                              ["Interim", "Management", "Order"]]
    assert list(spelt_runs("IMO", words[:2])) == []
    assert list(spelt_runs("OMI", words)) == []
    assert next(spelt_runs("OMI", words, any_order=True)) == ["interim", "management",
                                                              "order"]


def test_name_runs_skip_short_words_and_end_at_any_other_word_or_mark() -> None:
    assert name_runs("Union des Associations Européennes de Football") == [
        ["Union", "Associations", "Europeennes", "Football"]]
    assert name_runs("British Telecommunications & Sky, said Ofcom") == [
        ["British", "Telecommunications", "Sky"], ["Ofcom"]]
    # A longer lower-case word is not part of a name; a capital inside a word begins none.
    assert name_runs("the Court considered eBay Ltd") == [["Court"], ["Ltd"]]


def test_name_words_take_every_capital_and_drop_accents() -> None:
    assert name_words("Électricité de France SA v easyJet") == ["Electricite", "France", "SA",
                                                                "Jet"]


def test_the_answerer_reads_a_partys_initials_in_its_full_name_in_any_order() -> None:
    said = named_in_full(["UEFA"], "Union des Associations Européennes de Football")
    assert said == {"uefa"}
    assert named_in_full(["BT"], "British Telecommunications plc") == {"bt"}
    assert named_in_full(["BT"], "British, then Telecommunications") == set()
    assert named_in_full([], "Union des Associations Européennes de Football") == set()


def test_the_answerer_reads_a_definition_in_the_letters_spelt_before_brackets() -> None:
    assert expands("PEEPs", "a personal emergency evacuation plan (PEEP) for each resident")
    assert expands("FRA", "We carry out a fire risk assessment (FRA) of every building.")
    assert not expands("FRA", "We carry out a fire assessment (FRA) of every building.")
    assert not expands("fra", "a fire risk assessment (fra)")  # the term is in capitals


def test_the_verifier_reads_what_a_subsections_initials_stand_for_in_its_section() -> None:
    section = ("(1) The authority may make an interim management order. (2) The IMO has "
               "effect for twelve months. (3) An Interim Management Order Register is kept.")
    assert stood_for("(2) The IMO has effect", section) >= {"interim", "management", "order"}
    # A run in capitals alone (a name or a heading) is not what the letters stand for.
    assert stood_for("the IMR", "The Interim Management Register") == set()


def test_a_case_name_by_its_initials_matches_its_record_accents_aside() -> None:
    assert sides_matching("BT v Ofcom", "British Telecommunications Plc & Ors v Ofcom") == 2
    # "Énergie" begins with an E: the copy that read only unaccented capitals missed it.
    assert sides_matching("ER v Smith", "Énergie Renouvelable Ltd v Smith") == 2
    assert sides_matching("ER v Smith", "Électricité Ltd v Smith") == 1


@pytest.mark.parametrize(("text", "whole_words", "letters"), [
    ("the Secretary of State for Justice", False, "SSJ"),
    ("QUEEN'S BENCH DIVISION", False, "QBD"),  # an apostrophe's "S" begins no word
    ("Énergie Renouvelable", False, "ER"),
    ("easyJet", False, "J"),
    ("easyJet", True, ""),  # only words that begin a word
    ("1X the loan, Secretary of State", True, "SS"),
])
def test_a_names_initials(text: str, whole_words: bool, letters: str) -> None:
    assert name_initials(text, whole_words=whole_words) == letters


@pytest.mark.parametrize(("text", "found"), [
    ("the IMO must", ["IMO"]), ("two HMOs", ["HMO"]), ("the SSHD's decision", ["SSHD"]),
    ("a PEEP", ["PEEP"]), ("a fire risk assessment", []), ("an A grade", []),
    ("eBay", []), ("ABCDEFGHI", []), ("pre-EDMO", []),
])
def test_initials_written_as_a_word(text: str, found: list[str]) -> None:
    assert re.findall(INITIALISM, text) == found
    assert INITIALS.findall(text) == found  # the compiled form the callers search with


def test_the_verifiers_initials_are_read_by_the_one_definition() -> None:
    # A plural initialism is spotted ("\b[A-Z]{2,5}\b" missed "IMOs").
    section = "(1) The authority may make an interim management order. (2) The IMOs made …"
    assert stood_for("The IMOs made under this section", section) == {
        "interim", "management", "order"}
    # An owner's initials skip the apostrophe's "S" ("QUEEN'S" made "QSBD").
    assert _initials_of(frozenset({"qbd"}), "QUEEN'S BENCH DIVISION")
    # A body by its initials, in the statement's words ("the CMA").
    quote = "The order must be approved by the Competition Markets Authority."
    assert not another_agent("The order must be approved by the CMA.", quote)
    assert another_agent("The order must be approved by the Housing Ombudsman.", quote)


def test_counsel_for_a_party_by_its_plural_initials_is_for_the_party_spelt_out() -> None:
    # the defect: the verifier read the quote's initials only as a bare capital run, so "the
    # LPAs" gave none and counsel's party spelt out in full was doubted
    assert repaired_roles("Mr Tam appeared for the Local Planning Authorities",
                          "Mr Tam appeared for the LPAs, the Council") == []
    assert repaired_roles("Mr Tam appeared for the Local Planning Authorities",
                          "Mr Tam appeared for the Council, the Claimant")


def test_an_owner_written_as_initials_of_three_letters_or_more_is_not_compared() -> None:
    assert holders_swapped("the SSHD's decision was quashed",
                           "the Council's decision was quashed") == []
    assert holders_swapped("the BT's decision was quashed", "the Council's decision was quashed")


@pytest.mark.parametrize(("written", "same"), [
    ("BT", True), ("Bt", False), ("BT's", False), ("B2", False), ("UEFA", False)])
def test_a_case_name_party_by_its_initials(written: str, same: bool) -> None:
    assert _same_party(written, "British Telecommunications Plc & Ors") is same


def test_an_actors_initials_skip_the_words_that_link_a_name() -> None:
    assert actor_initials(["Secretary", "of", "State", "for", "Justice"]) == "SSJ"
    assert actor_initials(["Ministry", "of", "Transport"]) == "MT"

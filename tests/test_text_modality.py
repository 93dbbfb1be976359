"""Duty, power and prohibition as ``shared/text/modality`` reads them."""

from __future__ import annotations

import pytest

from shared.text.modality import modalities


@pytest.mark.parametrize(("text", "expected"), [
    ("The authority may never create a lease for a longer term", {"prohibition"}),
    ("A licence can never be granted to such a person", {"prohibition"}),
    ("The landlord must never enter without notice", {"prohibition"}),
    ("The authority may not create any interest", {"prohibition"}),
    ("The authority may vary the order", {"power"}),
    ("The authority must keep full accounts", {"duty"}),
])
def test_never_after_a_modal_verb_forbids(text: str, expected: set[str]) -> None:
    """"May never" forbids, as "may not" does: it is not a power."""
    assert modalities(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The Act allows the local housing authority to consider whether to pay", {"power"}),
    ("Section 127 enables the authority to supply furniture", {"power"}),
    ("The scheme entitles each relevant landlord to inspect the accounts", {"power"}),
    ("The Act does not allow the landlord to recover the deposit", {"prohibition"}),
    ("The order does not permit the authority to grant a lease", {"prohibition"}),
    ("The authority allows access to the accounts", set()),
])
def test_a_power_given_to_another_is_a_power(text: str, expected: set[str]) -> None:
    """"Allows … to", "enables … to" and "entitles … to" give a power, as "may" does; "does not
    allow … to" forbids; "allows" without an infinitive gives none."""
    assert modalities(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Subletting the whole of the home is not allowed.", {"prohibition"}),
    ("Pets are not permitted in the flats unless we agree in writing.", {"prohibition"}),
    ("Smoking is prohibited; the fine is £50.", {"prohibition"}),
    ("The appeal is not allowed, and the order stands.", set()),
])
def test_a_rule_with_no_verb_after_it_forbids(text: str, expected: set[str]) -> None:
    """A policy states a prohibition as a bare rule ("… is not allowed."); a court's outcome
    ("the appeal is not allowed, …") goes on with what was decided and forbids nothing."""
    assert modalities(text) == expected

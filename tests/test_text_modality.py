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

"""Numbers written in words or digits read as one value (shared/text/numbers.py), the one
definition the verifier's claim checks, the answerer's periods and the cache's guard share."""

from __future__ import annotations

import pytest

from shared.answering.questions import durations
from shared.text.numbers import number_value, with_digits
from shared.verification.claims import quantities


@pytest.mark.parametrize(("raw", "value"), [
    ("14", 14.0), ("1,500", 1500.0), ("2.5", 2.5), ("fourteen", 14.0), ("twenty-eight", 28.0),
    ("thirty one", 31.0), ("Ninety", 90.0), ("several", None), ("", None),
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

"""Round twenty of retrieval: round nineteen's everyday words for a step's circumstances
narrowed to the circumstance each names (shared/text/statute_wording.py, ``CIRCUMSTANCES`` and
``DEALINGS``), so that the same words about something else no longer bring the Act's step."""

from __future__ import annotations

import pytest

from shared.text.vocabulary import expand_statutory


@pytest.mark.parametrize(("question", "means"), [
    ("The council has taken over managing our house. Does our tenancy still stand?",
     "effect occupiers existing"),
    ("If I don't pay, can it put a charge on my property?",
     "charge on the premises local land charge recovery"),
    ("If the council does urgent works itself because the owner won't, can it get its money "
     "back?", "emergency remedial action"),
    ("Can the council carry out emergency remedial work itself?", "emergency remedial action"),
    ("A wheelchair user needs a ramp and the quote is £4,000. Who pays for it?",
     "disabled facilities grant"),
    ("The council barred anyone from using my flat straight away.", "emergency immediate effect"),
    ("council stuck a notice on our door, can they do that overnite??",
     "emergency immediate effect"),
    ("He ignored the letter demanding his tenancy agreements and gas certificates.",
     "fails to comply with notice"),
])
def test_each_circumstance_still_brings_its_step(question: str, means: str) -> None:
    assert means in expand_statutory(question)


@pytest.mark.parametrize(("question", "means"), [
    # A tenancy that carries on after a death or a sale: no management order.
    ("My husband died. Does the tenancy continue in my name?", "effect occupiers existing"),
    ("The landlord has sold the house. Does my tenancy carry on as before?",
     "effect occupiers existing"),
    # A service charge on a flat is no charge on the premises.
    ("How are the service charges on my flat worked out?",
     "charge on the premises local land charge recovery"),
    # An urgent repair a tenant asks for is no emergency remedial action by the council.
    ("How quickly must my landlord do an urgent repair?", "emergency remedial action"),
    ("What counts as an emergency repair?", "emergency remedial action"),
    # A wheelchair user's fire escape or move is no grant.
    ("A resident uses a wheelchair; how will she get out if there is a fire?",
     "disabled facilities grant"),
    # Anything else wanted straight away is no emergency measure.
    ("Can my landlord evict me straight away?", "emergency immediate effect"),
    ("My boiler broke overnight; who do I ring?", "emergency immediate effect"),
    # Letters ignored with no records asked for: the failure to comply, not the notice to
    # produce documents as well.
    ("The owner ignores every letter we send about the empty house.",
     "fails to comply with notice"),
])
def test_the_same_words_about_something_else_add_nothing(question: str, means: str) -> None:
    assert means not in expand_statutory(question)

"""Round nineteen of retrieval: the everyday words for the circumstances a step is asked about
(let off a licence for now, the council no longer running a house, an empty home taken over,
officers kept out, a debt on a home, a demand ignored, co-owners, a main home …), read as the
Act's own (shared/text/statute_wording.py, ``CIRCUMSTANCES``)."""

from __future__ import annotations

import pytest

from shared.text.terms import terms
from shared.text.vocabulary import expand_statutory, spelt_out


@pytest.mark.parametrize(("question", "means"), [
    ("landlord says hes exempt from hmo licence cos hes selling", "temporary exemption notice"),
    ("Can I avoid getting a licence in the meantime?", "temporary exemption notice"),
    ("Can we do without a licence for now while we sell?", "temporary exemption notice"),
    ("The council has stopped running our house.",
     "termination management order cease to have effect"),
    ("The council handed it back to the landlord last week.",
     "termination management order cease to have effect"),
    ("Does my tenancy carry on as before?", "effect occupiers existing"),
    ("Our house should be licensed but isn't. Can he serve a section 21?",
     "restriction on terminating tenancies unlicensed"),
    ("The HMO has no licence and he gave me two months' notice.",
     "restriction on terminating tenancies unlicensed"),
    ("The house has been empty for years; can the council take it over?",
     "empty dwelling management order"),
    ("The council wants to get someone living in it.", "empty dwelling management order"),
    ("We went to inspect but the owner refuses to let us in.",
     "warrant authorise entry admission refused"),
    ("The tenants were told not to answer the door.",
     "warrant authorise entry admission refused"),
    ("If I don't pay, can it put a charge on my property?",
     "charge on the premises local land charge recovery"),
    ("Can the council charge my landlord for doing the inspection?",
     "charge expenses enforcement action"),
    ("The council billed me for serving the notice.", "charge expenses enforcement action"),
    ("What if a landlord ignores the council's demand?", "fails to comply offence"),
    ("He disobeyed the order.", "fails to comply offence"),
    ("The council did urgent works itself.", "emergency remedial action"),
    ("Can I get money to adapt it for a wheelchair?", "disabled facilities grant"),
    ("I co-own the block with another freeholder.", "one owner on behalf of another"),
    ("Does the house still count as my main home?", "only or main residence occupying"),
    ("The council wants to take it over; does anyone have to approve it first?",
     "authorisation authorise tribunal"),
    ("The council put a notice on the door overnight.", "emergency immediate effect"),
])
def test_everyday_words_for_a_steps_circumstances(question: str, means: str) -> None:
    """Full text gets the Act's words, and so does the model's plain query; the model's
    ordinary query does not."""
    assert means in expand_statutory(question)
    assert terms(means) <= terms(spelt_out(question, plain=True))
    assert means not in spelt_out(question)


@pytest.mark.parametrize(("question", "means"), [
    # An exemption of a kind of tenancy from the licensing rules is no exemption notice.
    ("What is an exempt tenancy or licence for selective licensing?",
     "temporary exemption notice"),
    # A tenancy with no licence in question: no restriction of section 21.
    ("I didn't protect the deposit at first. Can I serve a section 21 now?",
     "restriction on terminating tenancies unlicensed"),
    # A home empty while works are done, nobody taking it over.
    ("Is the house empty while the works are done?", "empty dwelling management order"),
    # A landlord keeping his own tenants out: no officer, no warrant.
    ("My landlord changed the locks and won't let us in.",
     "warrant authorise entry admission refused"),
    # Approving of something oneself is no one else's sign-off.
    ("I approve of the council's plan; can it go ahead?", "authorisation authorise tribunal"),
    # Charging the tenant rent, or a charge for a service, is no enforcement charge.
    ("Can the landlord charge me for the gas safety certificate?",
     "charge expenses enforcement action"),
    # Another owner of another house is no co-owner.
    ("Can the council buy the house from the other owners on the street?",
     "one owner on behalf of another"),
])
def test_the_same_words_about_something_else_add_nothing(question: str, means: str) -> None:
    assert means not in expand_statutory(question)

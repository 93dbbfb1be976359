"""Round twenty of retrieval: round nineteen's everyday words for a step's circumstances
narrowed to the circumstance each names (shared/text/statute_wording.py, ``CIRCUMSTANCES`` and
``DEALINGS``), so that the same words about something else no longer bring the Act's step; and
the round's own lines for how lay, casual, tenants', landlords' and long questions say a step
(a step that must end, what a notice must say, a company's director, a house run for now, the
council's own contractors, who must be told …), with the policies' giving access and
mediation (shared/text/vocabulary.py)."""

from __future__ import annotations

import pytest

from shared.text.vocabulary import expand, expand_statutory


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


@pytest.mark.parametrize(("question", "means"), [
    ("The council took over running the house. How long can this go on?",
     "cease to have effect period"),
    ("A neighbour says the scheme lasts forever unless they scrap it.",
     "cease to have effect period"),
    ("When does the order come to an end?", "cease to have effect period"),
    ("What does the notice actually have to say?", "notice must specify contents"),
    ("Shouldn't they have told me properly what they found?", "notice must specify contents"),
    ("do they have 2 send me something saying what they did", "notice must specify contents"),
    ("my landlord's a ltd company, can the director be prosecuted too?",
     "director officer body corporate offence"),
    ("if it gets done for an hmo offence", "offence proceedings conviction"),
    ("rooms in a house the council is temporarily running", "interim management order"),
    ("The owner says I've got no proper tenancy.", "treated as if legal lease licence"),
    ("Do those lets count as proper ones?", "treated as if legal lease licence"),
    ("the council's area-wide landlord permit scheme", "designate area designation"),
    ("a notice saying only one person can sleep in my room",
     "overcrowding notice sleeping accommodation"),
    ("the council's contractors forced entry and propped up a ceiling",
     "remedial action taken by the authority"),
    ("councils builders came in n fixed the ceiling", "remedial action taken by the authority"),
    ("The council took over running the house itself.", "management order"),
    ("The council took over the house for good.", "final management order"),
    ("The council took over the house for now.", "interim management order"),
    ("What do we have to publish, and who do we have to tell?",
     "notification requirements publish notice"),
    ("Who must the council notify of the action it takes?",
     "notification requirements publish notice"),
    ("The council took over the management of the house; who pays my invoices now?",
     "agreements rights liabilities immediate landlord"),
    ("What happens to my contracts when the council makes a management order?",
     "agreements rights liabilities immediate landlord"),
])
def test_round_twenty_everyday_words(question: str, means: str) -> None:
    """Each of the round's lines brings the Act's words for what the question describes."""
    assert means in expand_statutory(question)


@pytest.mark.parametrize(("question", "means"), [
    # Finishing works is not an order ending.
    ("How quickly do we have to finish a high-priority action?", "cease to have effect period"),
    # What a tenant should say is not what a notice must contain.
    ("What should I say when I ring the council?", "notice must specify contents"),
    # A company with no director in question, or a director of a council department.
    ("Is a limited company a fit and proper person?", "director officer body corporate offence"),
    ("Who is the director of housing?", "director officer body corporate offence"),
    # Work done is not a prosecution.
    ("Can I get the repairs done for free?", "offence proceedings conviction"),
    # Running a house with no "for now" is no interim order.
    ("The council is running our house.", "interim management order"),
    # A proper repair is no lease.
    ("Will you do a proper repair this time?", "treated as if legal lease licence"),
    # How many may sleep is asked, no limit stated: the line is the existing one's.
    ("Only one person can apply for the licence.", "overcrowding notice sleeping accommodation"),
    # A landlord's own builders are not the council's.
    ("My landlord's builders left a mess.", "remedial action taken by the authority"),
    # Telling someone something is no notification duty.
    ("Who can I tell about my neighbour's noise?", "notification requirements publish notice"),
    # A contract with no management order in question.
    ("Can a contractor send invoices to the tenant?",
     "agreements rights liabilities immediate landlord"),
])
def test_round_twenty_lines_leave_other_things_alone(question: str, means: str) -> None:
    assert means not in expand_statutory(question)


@pytest.mark.parametrize(("question", "means"), [
    ("Do I actually have to let your contractors into my flat?", "give access"),
    ("The tenant won't let the builders in.", "give access"),
    ("Would you get a neutral go-between to help us sort it out?", "mediation"),
    ("Can someone neutral help me and my neighbour?", "mediation"),
])
def test_the_policies_words_for_access_and_mediation(question: str, means: str) -> None:
    assert means in expand(question)


@pytest.mark.parametrize(("question", "means"), [
    ("Can I let my friend stay in the flat?", "give access"),
    ("Is the report neutral about who is to blame?", "mediation"),
])
def test_access_and_mediation_leave_other_things_alone(question: str, means: str) -> None:
    assert means not in expand(question)

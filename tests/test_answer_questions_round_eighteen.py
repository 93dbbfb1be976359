"""Round eighteen's reading of questions and answers: tenants' everyday words for a door that
will not lock, a key box, lights that come on in a power cut, a door's closer, drugs sold, a
lung condition by its name; and a walk-in shower read as a major adaptation, not a grant."""

from __future__ import annotations

import pytest

from shared.text.vocabulary import expansions


@pytest.mark.parametrize(("question", "means"), [
    ("Someone forced the tenant's back door last night and now it won't lock. How fast do we "
     "come out?", "insecure external door"),
    ("She wants a key lock box by the door for her carers. Does she need an OT?", "key safes"),
    ("The lights in the hallway that come on by themselves when the power goes off: who checks "
     "them?", "emergency lighting"),
    ("He took the springy arm off his front door. Is that allowed?", "door closers"),
    ("A tenant says the man next door is selling drugs from his flat. How soon do we call her "
     "back?", "drug dealing"),
    ("A tenant with COPD has mould in the kitchen. How quickly do we visit?",
     "respiratory condition"),
    ("Her son has bad asthma and there is black mould in his room.", "respiratory condition"),
    ("A tenant with a walking frame wants a walk-in shower. Who recommends it?",
     "level-access shower major adaptation"),
])
def test_tenants_everyday_words_meet_the_policies(question: str, means: str) -> None:
    assert means in [e.means for e in expansions(question)]


@pytest.mark.parametrize("question", [
    "The window in the back bedroom won't lock. How quickly do we fix it?",
    "The lights on the landing are broken. How quickly do we fix them?",
    "Her doorbell has stopped working. Will we replace it?",
    "Can a tenant ask for a walk-in shower to be fitted?",
])
def test_the_everyday_readings_keep_to_their_sense(question: str) -> None:
    added = {e.means for e in expansions(question)}
    assert not added & {"insecure external door", "emergency lighting", "door closers",
                        "drug dealing", "key safes"}
    assert "disabled facilities grant" not in added or "walk-in" not in question

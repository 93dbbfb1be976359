"""Words that frame a question without saying what it is about ("what are the rules on …").

They are left out of a question's words of substance, so two questions framed differently
("what must we do about", "how should we handle") are compared on what they ask about.
"""

from __future__ import annotations

from shared.text.terms import stem

__all__ = ["FRAMING", "PLACES"]

FRAMING = frozenset(stem(w) for w in (
    """what how when where who which why whose deal handle happen happens work works mean means
    say says count counts define defined definition meant rule rules requirement requirements
    obligation obligations duty duties responsibility responsibilities responsible process
    procedure law legal legally apply applies get make take way thing kind type explain
    tell describe role position exactly actually really properly need needs must may can could
    should would will shall have has do does did is are be being allow allowed permitted lawful
    required oblige obliged long quickly soon fast often frequently timescale timescales time
    deadline period limit maximum minimum much many respond response go use used happen
    about regard regarding relation under there also still give given provide provided carry
    carried out get got make made take taken go put do done doing keep keeps kept step steps
    property properties home homes dwelling dwellings premises possible possibly entitled
    eligible able goes went gone max min someone somebody anyone anybody person persons people
    individual obtain obtained obtaining ought every each landlord landlords approach
    approaches action actions available appropriate circumstance circumstances situation
    situations job instead rather appear appears appeared seem seems seemed think thinks
    believe believes permissible""").split()) | frozenset(stem(w) for w in (
    # Words that only weigh or frame what is asked: "what is the method for" asks how, "at what
    # point" asks when, "a reasonable time" asks how long, "is it good practice to" asks
    # whether we should, "the whole tenancy" is the tenancy ("single" is no such word: "a single
    # person" is a household of one).
    """method methods point reasonable reasonably good practice whole entire entirely""")
    .split())
PLACES = frozenset(stem(w) for w in "property properties home homes dwelling dwellings "
                   "premises".split())
"""Framing words for the home itself: qualified, they name a thing ("an abandoned property")."""

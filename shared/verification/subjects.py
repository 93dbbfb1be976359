"""The statutory schemes a statement can name, and whether a cited provision is about them.

Housing law works through named schemes — tenancy deposits, HMO licensing, selective
licensing, improvement notices, prohibition orders, empty dwelling management orders, the
right to buy … A statement that names one ("a landlord must protect a tenancy deposit"),
cited to a provision that never mentions it (the HMO licensing section, with a real quote),
cites the wrong provision however close the two are in wording or in embedding space. Each
scheme is written once: how a statement may name it, and the words any provision about it
uses. Deliberately broad on the provision's side (the whole section and its heading count), so
that a faithful paraphrase is never doubted for naming its scheme.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Scheme", "missing_schemes", "schemes"]


@dataclass(frozen=True)
class Scheme:
    name: str
    said: re.Pattern[str]
    """How a statement names it."""
    held: re.Pattern[str]
    """What a provision about it must contain (any of)."""
    rival: re.Pattern[str] | None = None
    """A sibling scheme: a provision that names it, and not this one, is about the sibling."""


def _scheme(name: str, said: str, held: str | None = None, rival: str | None = None
            ) -> Scheme:
    return Scheme(name, re.compile(rf"\b(?:{said})\b", re.IGNORECASE),
                  re.compile(rf"\b(?:{held or said})", re.IGNORECASE),
                  re.compile(rf"\b(?:{rival})", re.IGNORECASE) if rival else None)


_SCHEMES = (
    # A provision may name its scheme only by the scheme's own terms: the deposit scheme's
    # "scheme administrator" and "section 212" (which sets up the schemes), selective
    # licensing's "unlicensed house" (Part 2 says "unlicensed HMO").
    _scheme("tenancy deposits", r"(?:tenancy )?deposits?",
            r"deposit|scheme administrator|section 21[2-5]\b"),
    _scheme("selective licensing", r"selective licen[cs](?:e|es|ing)|selective licensing",
            r"selective|Part 3\b|section 8[05]|designation|unlicensed house",
            rival=r"additional licensing"),
    _scheme("additional licensing", r"additional licensing", r"additional licensing|designation",
            rival=r"selective licen"),
    _scheme("HMO licensing", r"HMO licen[cs](?:e|es|ing)|licen[cs](?:e|es|ing) (?:of|for) "
            r"(?:an |the )?HMOs?", r"licen[cs]"),
    _scheme("houses in multiple occupation", r"houses? in multiple occupation",
            r"multiple occupation|HMO"),
    _scheme("rent arrears", r"rent arrears|arrears of rent", r"arrears"),
    _scheme("licence conditions", r"(?:licence )?conditions? of (?:an? |the )?(?:HMO |selective )?"
            r"licen[cs]e|licen[cs]e conditions?", r"condition"),
    _scheme("improvement notices", r"improvement notices?", r"improvement notice"),
    _scheme("emergency prohibition orders", r"emergency prohibition orders?",
            r"emergency prohibition order"),
    _scheme("prohibition orders", r"(?<!emergency )prohibition orders?", r"prohibition order"),
    _scheme("hazard awareness notices", r"hazard awareness notices?", r"hazard awareness"),
    _scheme("emergency remedial action", r"emergency remedial action",
            r"emergency remedial action"),
    _scheme("demolition orders", r"demolition orders?", r"demolition"),
    _scheme("clearance areas", r"clearance areas?", r"clearance area"),
    _scheme("overcrowding notices", r"overcrowding notices?|overcrowd(?:ed|ing)",
            r"overcrowd|excessive number of persons"),
    _scheme("management orders", r"(?<!dwelling )(?:interim |final )?management orders?",
            r"management order"),
    _scheme("empty dwelling management orders", r"empty dwelling management orders?|EDMOs?|"
            r"(?:empty|unoccupied) (?:homes?|dwellings?)", r"empty dwelling|EDMO|unoccupied"),
    _scheme("temporary exemption notices", r"temporary exemption notices?",
            r"temporary exemption"),
    _scheme("rent repayment orders", r"rent repayment orders?", r"rent repayment"),
    _scheme("banning orders", r"banning orders?", r"banning order"),
    _scheme("the right to buy", r"right to (?:buy|acquire)", r"right to (?:buy|acquire)|Part 5"),
    _scheme("home information packs", r"home information packs?", r"home information pack"),
    _scheme("energy efficiency", r"energy efficiency", r"energy efficiency"),
    _scheme("anti-social behaviour", r"anti-?social behaviou?r", r"anti-?social"),
    _scheme("obstruction", r"obstruct(?:s|ed|ing|ion)?", r"obstruct"),
    _scheme("section 21 notices", r"section 21 notices?|s\. ?21 notices?",
            r"section 21|possession"),
    _scheme("gas safety", r"gas safety|gas appliances?", r"gas"),
    _scheme("fire and rescue authorities", r"fire and rescue authorit(?:y|ies)",
            r"fire and rescue"),
    _scheme("mobile homes", r"mobile homes?|caravans?", r"mobile home|caravan"),
)


def schemes(text: str) -> list[Scheme]:
    """The schemes ``text`` names."""
    return [s for s in _SCHEMES if s.said.search(text)]


def missing_schemes(claim: str, source: str) -> list[str]:
    """Schemes the statement names that the cited provision (text and heading) never
    mentions. A scheme named only inside a more specific one ("emergency prohibition order"
    also says "prohibition order") is judged by the specific one."""
    return [s.name for s in schemes(claim)
            if not s.held.search(source)
            or (s.rival is not None and s.rival.search(source) and not s.said.search(source))]

"""The nations of the United Kingdom, and the wholes the law names them by: England, Wales,
Scotland and Northern Ireland; "England and Wales", "Great Britain", "the United Kingdom".

One list for every party that reads or writes where a law applies: Lex's records (a
provision's ``extent``), the verifier (whether a provision covers the question's nation,
a repeal "for Scotland" only, a provision's own words "extends to England and Wales") and
the answerer (a provision repealed for another nation is still the law in England). Kept
in the order legislation.gov.uk writes them ("E+W+S+N.I."), so an extent built from it reads
as the source's does.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "ENGLAND_AND_WALES",
    "EXTENTS",
    "GREAT_BRITAIN",
    "NATION",
    "NATIONS",
    "UNITED_KINGDOM",
    "WHOLES",
    "Extent",
    "Nation",
]

Nation = Literal["England", "Wales", "Scotland", "Northern Ireland"]
NATIONS: tuple[Nation, ...] = get_args(Nation)
"""The four nations, in legislation.gov.uk's order."""
Extent = Literal[Nation, "United Kingdom"]
"""Where a provision extends, as Lex writes it: a nation, or the whole United Kingdom."""
EXTENTS: tuple[Extent, ...] = get_args(Extent)
"""Every extent, the nations first."""

UNITED_KINGDOM = "United Kingdom"
GREAT_BRITAIN = "Great Britain"
ENGLAND_AND_WALES = "England and Wales"
WHOLES: dict[str, tuple[Nation, ...]] = {UNITED_KINGDOM: NATIONS,
                                         GREAT_BRITAIN: ("England", "Wales", "Scotland")}
"""The wholes a provision may extend to, and the nations each covers (Great Britain is the
United Kingdom less Northern Ireland)."""

NATION = "(?:" + "|".join(NATIONS) + ")"
"""A regular-expression group matching a nation's name as written ("Northern Ireland" with
one space); callers add their own flags and what must come around it."""

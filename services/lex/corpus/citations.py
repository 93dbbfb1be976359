"""Provision citations in a search query: "s. 249A Housing Act 2004", "section 4 of the 2004
Act", "Schedule 1 to the Housing Act 1988".

Full-text and dense search rank what a provision says, not its number, so a query that cites
one finds it only by luck; the store puts the provision cited first. Only a citation that
names its Act (by title or year) counts: "s.21 notice" alone is a kind of notice, not a
reference to section 21 of whatever Act comes first.
"""

from __future__ import annotations

import re

import msgspec

__all__ = ["ProvisionCitation", "cited_provision"]


class ProvisionCitation(msgspec.Struct, frozen=True, kw_only=True):
    provision_type: str
    """``section`` or ``schedule``."""
    number: str
    """As in the id: ``249A``."""
    act_title: str | None = None
    """``Housing Act 2004`` when the query names it."""
    year: int | None = None


_NUMBER = r"(\d+[A-Z]{0,3})\b"
_PROVISION = re.compile(
    rf"\b(?:(?P<section>sections?|ss?\.|ss?\b)|(?P<schedule>schedule|sch\.?))\s*{_NUMBER}",
    re.IGNORECASE)
_TITLED_ACT = re.compile(r"\b((?:[A-Z][\w'()-]*\s+){1,8}Act)\s+(\d{4})\b")
_ABBREVIATED_ACT = {"HA": "Housing Act", "LTA": "Landlord and Tenant Act"}
_SHORT_ACT = re.compile(r"\b(HA|LTA)\s?(\d{4})\b")
_YEAR_ACT = re.compile(r"\bthe\s+(\d{4})\s+Act\b", re.IGNORECASE)


def cited_provision(query: str) -> ProvisionCitation | None:
    """The provision ``query`` cites with its Act, if it cites one."""
    provision = _PROVISION.search(query)
    if provision is None:
        return None
    kind = "section" if provision.group("section") else "schedule"
    number = provision.group(3).upper()
    if m := _TITLED_ACT.search(query):
        title = re.sub(r"^(?:(?:of|the|to|in|under)\s+)+", "", m.group(1), flags=re.IGNORECASE)
        return ProvisionCitation(provision_type=kind, number=number,
                                 act_title=f"{title} {m.group(2)}", year=int(m.group(2)))
    if m := _SHORT_ACT.search(query):
        return ProvisionCitation(provision_type=kind, number=number,
                                 act_title=f"{_ABBREVIATED_ACT[m.group(1)]} {m.group(2)}",
                                 year=int(m.group(2)))
    if m := _YEAR_ACT.search(query):
        return ProvisionCitation(provision_type=kind, number=number, year=int(m.group(1)))
    return None

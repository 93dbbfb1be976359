"""Provision citations in a search query: "s. 249A Housing Act 2004", "section 4 of the 2004
Act", "Schedule 1 to the Housing Act 1988", "Article 1 of Decision 2007/257/EC".

Full-text and dense search rank what a provision says, not its number, so a query that cites
one finds it only by luck; the store puts the provision cited first. Only a citation that
names its Act (by title or year) counts: "s.21 notice" alone is a kind of notice, not a
reference to section 21 of whatever Act comes first.
"""

from __future__ import annotations

import re

import msgspec

from shared.text.provisions import PROVISION_NUMBER

__all__ = ["ProvisionCitation", "cited_provision"]


class ProvisionCitation(msgspec.Struct, frozen=True, kw_only=True):
    provision_type: str
    """``section`` or ``schedule``."""
    number: str
    """As in the id: ``249A``."""
    act_title: str | None = None
    """``Housing Act 2004`` when the query names it."""
    year: int | None = None
    act_number: int | None = None
    """The instrument's number when it is cited by year and number, as EU law is: "Regulation
    (EU) 2016/2243" is 2016 number 2243."""


_NUMBER = rf"({PROVISION_NUMBER})\b"
_PROVISION = re.compile(
    rf"\b(?:(?P<section>sections?|ss?\.|ss?\b|articles?|arts?\.)|(?P<schedule>schedule|sch\.?))"
    rf"\s*{_NUMBER}", re.IGNORECASE)
"""A provision by its number; an instrument's articles are its sections (``…/article/1``)."""
_TITLED_ACT = re.compile(
    r"\b((?:[A-Z][\w'()-]*,?\s+(?:and\s+|of\s+|the\s+)?){1,8}Act)\s+(\d{4})\b")
"""An Act by its title, with its commas and small words: "County of Merseyside Act 1980",
"Housing Grants, Construction and Regeneration Act 1996"."""
_OF_THE = re.compile(r"\s*(?:of|to|in|under)\s+(?:the\s+)?", re.IGNORECASE)
"""What joins a provision to its Act: "section 48 of the County of Merseyside Act 1980"."""
_ABBREVIATED_ACT = {"HA": "Housing Act", "LTA": "Landlord and Tenant Act"}
_SHORT_ACT = re.compile(r"\b(HA|LTA)\s?(\d{4})\b")
_YEAR_ACT = re.compile(r"\bthe\s+(\d{4})\s+Act\b", re.IGNORECASE)
_NUMBERED = re.compile(r"\b(?:Decision|Regulation|Directive)\s+(?:\((?:EU|EC|EEC)\)\s+)?"
                       r"(?:No\.?\s*)?(\d{4})/(\d+)\b", re.IGNORECASE)
"""An instrument cited by year and number, as EU law is: "Commission Decision 2007/257/EC",
"Regulation (EU) 2016/2243"."""


def cited_provision(query: str) -> ProvisionCitation | None:
    """The provision ``query`` cites with its Act, if it cites one."""
    provision = _PROVISION.search(query)
    if provision is None:
        return None
    kind = "section" if provision.group("section") else "schedule"
    number = provision.group(3).upper()
    if m := _NUMBERED.search(query):
        return ProvisionCitation(provision_type=kind, number=number, year=int(m.group(1)),
                                 act_number=int(m.group(2)))
    if m := _titled_act(query, provision.end()):
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


def _titled_act(query: str, after: int) -> re.Match[str] | None:
    """The titled Act the provision ending at ``after`` belongs to: the one it is "of", if
    the query says so, else the first it names ("What did the Housing Act 2004 do to section
    48 of the County of Merseyside Act 1980?" cites the 1980 Act's section, not the 2004's)."""
    joined = _OF_THE.match(query, after)
    if joined and (own := _TITLED_ACT.match(query, joined.end())):
        return own
    return _TITLED_ACT.search(query)

"""Legal records in the shapes of the Lex MCP interface (../shared/LEX.md), plus what we add.

Lex's own fields keep Lex's names so that the public Lex server and our local one are
interchangeable. The additions the verifier needs — per-provision status, start date,
extent, pre-1963 — all have defaults, so a record from the public Lex still decodes.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.text.nations import Extent

__all__ = [
    "Amendment",
    "Caselaw",
    "CaselawParagraph",
    "Extent",
    "Legislation",
    "LegislationSection",
    "ProvisionStatus",
    "legislation_uri",
]

ProvisionStatus = Literal["in_force", "repealed", "prospective"]
LegislationCategory = Literal["primary", "secondary", "european", "euretained"]

LEGISLATION_ID_BASE = "http://www.legislation.gov.uk/id/"


def legislation_uri(path: str) -> str:
    """``ukpga/2004/34/section/5`` → ``http://www.legislation.gov.uk/id/ukpga/2004/34/section/5``."""
    return LEGISLATION_ID_BASE + path.strip("/")


class LegislationSection(msgspec.Struct, kw_only=True, omit_defaults=False):
    """One section or schedule (Lex's section record)."""

    id: str
    """``http://www.legislation.gov.uk/id/ukpga/2004/34/section/5``"""
    uri: str
    legislation_id: str
    """``http://www.legislation.gov.uk/id/ukpga/2004/34``"""
    title: str
    text: str = ""
    """Markdown, keeping subsection numbering ("(1) …")."""
    extent: list[Extent] = []
    provision_type: Literal["section", "schedule"] = "section"
    number: str = ""
    legislation_type: str = ""
    legislation_year: int = 0
    legislation_number: int = 0
    provenance_source: str = "xml"
    # -- additions over Lex (defaults keep public Lex records decodable) -----------------------
    status: ProvisionStatus = "in_force"
    restrict_start_date: str | None = None
    """ISO date from which this version of the provision applies (CLML ``RestrictStartDate``)."""
    status_note: str | None = None
    """Why and from when it is repealed or prospective, and any savings, in plain words."""
    repealed_from: str | None = None
    """ISO date a repeal takes effect when known (e.g. s. 21 HA 1988: 2026-05-01)."""
    retains_text: bool = False
    """A repeal that keeps the text (CLML ``Repeal RetainText="true"``), e.g. with savings."""
    subsection_extents: dict[str, list[Extent]] = {}
    """Extents set below section level, by subsection number ("1A" → ["England"])."""
    pre_1963: bool = False
    score: float | None = None


class Legislation(msgspec.Struct, kw_only=True, omit_defaults=False):
    """One Act or instrument (Lex's legislation record)."""

    id: str
    uri: str
    title: str
    description: str = ""
    publisher: str = ""
    text: str = ""
    enactment_date: str | None = None
    valid_date: str | None = None
    modified_date: str | None = None
    category: LegislationCategory = "primary"
    type: str = ""
    year: int = 0
    number: int = 0
    status: str = "revised"
    extent: list[Extent] = []
    number_of_provisions: int = 0
    # -- additions over Lex --------------------------------------------------------------------
    pre_1963: bool = False
    repealed: bool = False
    """The whole Act is repealed (e.g. the Sale of Offices Act 1809)."""
    regnal_year: str | None = None
    """For pre-1707 and regnal-year legislation (``Geo3/49``), as in the legislation.gov.uk id."""


class Caselaw(msgspec.Struct, kw_only=True, omit_defaults=False):
    """One judgment (Lex's caselaw record)."""

    id: str
    """``https://caselaw.nationalarchives.gov.uk/ewhc/admin/2017/3409``"""
    court: str
    division: str | None = None
    year: int = 0
    number: int = 0
    name: str = ""
    cite_as: str = ""
    """Neutral citation, ``[2017] EWHC 3409 (Admin)``."""
    date: str | None = None
    header: str = ""
    text: str = ""
    caselaw_references: list[str] = []
    legislation_references: list[str] = []
    # -- additions over Lex --------------------------------------------------------------------
    judges: list[str] = []
    score: float | None = None


class CaselawParagraph(msgspec.Struct, kw_only=True, omit_defaults=False):
    """One numbered paragraph of a judgment (Lex's caselaw section record)."""

    caselaw_id: str
    number: str
    text: str
    name: str = ""
    cite_as: str = ""
    court: str = ""
    date: str | None = None
    score: float | None = None


class Amendment(msgspec.Struct, kw_only=True, omit_defaults=False):
    """One effect of one piece of legislation on another (Lex's amendment record), read from
    CLML's ``ukm:UnappliedEffect``: changes legislation.gov.uk lists as not yet applied to the
    revised text."""

    id: str
    """The effect's id (``key-03a85d…``)."""
    changed_legislation: str
    changed_year: int
    changed_number: str
    changed_url: str
    changed_provision: str | None = None
    changed_provision_url: str | None = None
    affecting_legislation: str | None = None
    affecting_year: int | None = None
    affecting_number: str | None = None
    affecting_url: str
    affecting_provision: str | None = None
    affecting_provision_url: str | None = None
    type_of_effect: str | None = None
    ai_explanation: str | None = None
    ai_explanation_model: str | None = None
    ai_explanation_timestamp: str | None = None
    # -- additions over Lex --------------------------------------------------------------------
    applied: bool = False
    prospective: bool | None = None

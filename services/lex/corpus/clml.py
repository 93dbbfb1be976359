"""legislation.gov.uk CLML → a ``Legislation`` record and one record per section and schedule.

Pure: bytes in, records out. Status, extent and start date are inherited from the nearest
ancestor that states them (CLML puts them on P1group, Pblock, Part … as often as on the
section), so the walk carries them down in a ``_Context``. Whole Acts and fragments (a
section, a cross-heading or a Part served on its own) both parse.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import get_args

import msgspec

from services.lex.corpus._clml_extent import extents, subsection_extents
from services.lex.corpus._clml_markdown import render, title_text
from services.lex.corpus._clml_notes import RepealNote, repeal_note
from services.lex.corpus._xml import (
    child,
    children,
    descendants,
    first,
    local,
    namespace,
    parse_xml,
    text_of,
)
from services.lex.corpus.errors import MissingMetadataError, NotClmlError
from services.lex.corpus.records import (
    Amendment,
    Legislation,
    LegislationCategory,
    LegislationSection,
    ProvisionStatus,
    legislation_uri,
)

__all__ = ["ParsedLegislation", "legislation_from", "parse_legislation"]

CLML_NS = "http://www.legislation.gov.uk/namespaces/legislation"
_ID = re.compile(r"^https?://(?:www\.)?legislation\.gov\.uk/(?:id/)?(.+?)/?$")
_VERSION = re.compile(r"/(enacted|made|adopted|\d{4}-\d{2}-\d{2})$")
_REGNAL = re.compile(r"^[A-Z][a-z]*\d*(?:and[A-Z][a-z]*\d*)?$")
_SECTION_KINDS = ("section", "article", "regulation", "rule")
_SKIP = frozenset({"BlockAmendment", "BlockExtract", "Commentaries", "Metadata", "Footnotes",
                   "Resources", "Contents"})
_PRIMARY_TYPES = {"ukpga", "ukla", "ukppa", "asp", "asc", "anaw", "mwa", "nia", "aosp", "aep",
                  "aip", "apgb", "gbla", "apni", "mnia", "ukcm"}
_EU_TYPES = {"eur", "eudn", "eudr", "eut"}
_REPEALED_TITLE = re.compile(r"\s*\(repealed\)\s*$", re.IGNORECASE)
_DOTS = re.compile(r"[\s.…]+")
"""What is left of an omitted provision's text: a dotted line."""
_WHOLE_ACT = re.compile(r"^\s*(the\s+)?(whole\s+)?act\s+(repealed|revoked|omitted)\b",
                        re.IGNORECASE)


class ParsedLegislation(msgspec.Struct, kw_only=True):
    """An Act (or the Act a fragment belongs to) and the sections and schedules found."""

    legislation: Legislation
    sections: list[LegislationSection] = []
    is_fragment: bool = False
    """Only part of the Act was given: the Act record carries what the fragment says."""
    amendments: list[Amendment] = []
    """The effects on (or by) this Act that the document lists as not yet applied."""


class _Context(msgspec.Struct, frozen=True):
    """What a provision inherits from its ancestors."""

    extent: str | None = None
    status: str | None = None
    start: str | None = None
    repeal: tuple[str | None, bool] | None = None
    """(commentary id, retains text) of an enclosing ``<Repeal>`` wrapper."""
    title: str = ""


def parse_legislation(xml: bytes | str) -> ParsedLegislation:
    """Parse a CLML document or fragment; raises ``LegalParseError`` subclasses on bad input."""
    return legislation_from(parse_xml(xml))


def legislation_from(root: ET.Element) -> ParsedLegislation:
    """Legislation from its already parsed root element (a whole document or a fragment)."""
    if namespace(root.tag) not in ("", CLML_NS):
        raise NotClmlError(
            f"This is not legislation.gov.uk CLML: the root element is {local(root.tag)!r} in "
            f"the namespace {namespace(root.tag)!r}."
        )
    if local(root.tag) == "Legislation":
        return _whole(root)
    if _fragment_identifier(root) is None:
        raise NotClmlError(
            f"This is not legislation.gov.uk CLML: the root element {local(root.tag)!r} is "
            "neither <Legislation> nor a provision with a legislation.gov.uk identifier."
        )
    return _fragment(root)


# -- the Act ------------------------------------------------------------------------------------


def _whole(root: ET.Element) -> ParsedLegislation:
    path = _identifier(root)
    if path is None:
        raise MissingMetadataError(
            "The legislation has no IdURI or DocumentURI, so it cannot be identified."
        )
    act_path = _act_path(path)
    meta = child(root, "Metadata")
    raw_title = title_text(first(meta, "title")) if meta is not None else ""
    if not raw_title:
        raise MissingMetadataError(f"The legislation {act_path} has no title (dc:title).")
    commentaries = _commentaries(root)
    year = _int(_value(meta, "Year")) or _path_parts(act_path)[1]
    sections = list(_walk(root, _Context(), act_path, year, commentaries))
    act = _act(root, meta, act_path, raw_title, sections)
    if act.repealed:
        sections = [_repealed_with_act(s, root, commentaries) for s in sections]
    return ParsedLegislation(legislation=act, sections=sections, amendments=_effects(root))


def _effects(root: ET.Element) -> list[Amendment]:
    """Lex's amendment records from the document's ``ukm:UnappliedEffect`` list."""
    found = []
    for e in descendants(root, "UnappliedEffect"):
        changed, affecting = _provisions_of(e, "AffectedProvisions"), _provisions_of(
            e, "AffectingProvisions")
        in_force = first(e, "InForce")
        found.append(Amendment(
            id=e.get("EffectId") or e.get("URI") or "",
            changed_legislation=_text_of(e, "AffectedTitle") or e.get("AffectedURI", ""),
            changed_year=_int(e.get("AffectedYear")), changed_number=e.get("AffectedNumber", ""),
            changed_url=e.get("AffectedURI", ""),
            changed_provision=e.get("AffectedProvisions"), changed_provision_url=changed,
            affecting_legislation=_text_of(e, "AffectingTitle") or None,
            affecting_year=_int(e.get("AffectingYear")) or None,
            affecting_number=e.get("AffectingNumber"), affecting_url=e.get("AffectingURI", ""),
            affecting_provision=e.get("AffectingProvisions"), affecting_provision_url=affecting,
            type_of_effect=e.get("Type"),
            prospective=(in_force.get("Prospective") == "true") if in_force is not None
            else None))
    return [a for a in found if a.id and a.changed_url and a.affecting_url]


def _provisions_of(effect: ET.Element, name: str) -> str | None:
    holder = child(effect, name)
    section = first(holder, "Section") if holder is not None else None
    return section.get("URI") if section is not None else None


def _text_of(el: ET.Element, name: str) -> str:
    found = child(el, name)
    return title_text(found) if found is not None else ""


def _act(root: ET.Element, meta: ET.Element | None, path: str, raw_title: str,
         sections: list[LegislationSection]) -> Legislation:
    kind, year, number, regnal = _path_parts(path)
    year = _int(_value(meta, "Year")) or year
    number = _int(_value(meta, "Number")) or number
    whole_document = _identifier_of(meta) in ("", path)
    repealed = bool(_REPEALED_TITLE.search(raw_title)) or _whole_act_repealed(
        root, sections if whole_document else [])
    return Legislation(
        id=legislation_uri(path),
        uri=f"https://www.legislation.gov.uk/{path}",
        title=_REPEALED_TITLE.sub("", raw_title),
        description=title_text(first(meta, "description")) if meta is not None else "",
        publisher=title_text(first(meta, "publisher")) if meta is not None else "",
        enactment_date=_date(meta, "EnactmentDate") or _date(meta, "Made"),
        valid_date=(title_text(first(meta, "valid")) or None) if meta is not None else None,
        modified_date=(title_text(first(meta, "modified")) or None) if meta is not None else None,
        category=_category(meta, kind),
        type=kind,
        year=year,
        number=number,
        status=_value(meta, "DocumentStatus") or "revised",
        extent=extents(root.get("RestrictExtent")),
        number_of_provisions=_int(root.get("NumberOfProvisions")) or len(sections),
        pre_1963=0 < year < 1963,
        repealed=repealed,
        regnal_year=regnal,
    )


def _whole_act_repealed(root: ET.Element, sections: list[LegislationSection]) -> bool:
    """Whole-Act repeal: a commentary saying so, or every provision of the Act struck out."""
    for c in descendants(root, "Commentary"):
        if _WHOLE_ACT.search(title_text(c)):
            return True
    return bool(sections) and all(s.status == "repealed" and not s.retains_text
                                  for s in sections)


def _repealed_with_act(s: LegislationSection, root: ET.Element,
                       commentaries: dict[str, ET.Element]) -> LegislationSection:
    if s.status == "repealed" and s.status_note:
        return s
    note = next((n for c in commentaries.values()
                 if _WHOLE_ACT.search(title_text(c)) and (n := repeal_note(c))), None)
    return msgspec.structs.replace(
        s, status="repealed", status_note=note.note if note else "Repealed with the whole Act",
        repealed_from=s.repealed_from or (note.effective if note else None),
    )


def _fragment_identifier(root: ET.Element) -> str | None:
    """A fragment's own identifier, or (a bare P1group) the first one inside it."""
    return next((p for d in root.iter() if (p := _identifier(d)) is not None), None)


def _fragment(root: ET.Element) -> ParsedLegislation:
    path = _fragment_identifier(root)
    assert path is not None  # checked by the caller
    act_path = _act_path(path)
    kind, year, number, regnal = _path_parts(act_path)
    sections = list(_walk(root, _Context(), act_path, year, _commentaries(root)))
    act = Legislation(
        id=legislation_uri(act_path), uri=f"https://www.legislation.gov.uk/{act_path}",
        title="", category=_category(None, kind), type=kind, year=year, number=number,
        pre_1963=0 < year < 1963, regnal_year=regnal,
        extent=extents(_inherited(root, "RestrictExtent")),
    )
    return ParsedLegislation(legislation=act, sections=sections, is_fragment=True)


# -- sections and schedules --------------------------------------------------------------------


def _walk(el: ET.Element, ctx: _Context, act_path: str, year: int,
          commentaries: dict[str, ET.Element]) -> Iterator[LegislationSection]:
    name = local(el.tag)
    if name in _SKIP:
        return
    ctx = _inherit(el, ctx)
    provision = _provision_kind(el, name)
    if provision is not None:
        yield _section(el, provision, ctx, act_path, year, commentaries)
        return
    for c in el:
        yield from _walk(c, ctx, act_path, year, commentaries)


def _inherit(el: ET.Element, ctx: _Context) -> _Context:
    changes: dict[str, object] = {}
    if (extent := el.get("RestrictExtent")) is not None:
        changes["extent"] = extent
    if (status := el.get("Status")) is not None:
        changes["status"] = status
    if (start := el.get("RestrictStartDate")) is not None:
        changes["start"] = start
    if (repeal := _repeal_wrapper(el)) is not None:
        changes["repeal"] = repeal
    if local(el.tag) == "P1group":
        changes["title"] = title_text(child(el, "Title"))
    return msgspec.structs.replace(ctx, **changes) if changes else ctx


def _repeal_wrapper(el: ET.Element) -> tuple[str | None, bool] | None:
    """A ``<Repeal>`` around all of a provision's number or heading repeals the provision.

    One around some words of a heading ("Words in … heading omitted") repeals only those words.
    """
    for part in ("Pnumber", "Number", "Title"):
        label = child(el, part)
        repeals = list(descendants(label, "Repeal")) if label is not None else []
        if repeals and _covers(label, repeals):
            return repeals[0].get("CommentaryRef"), repeals[0].get("RetainText") == "true"
    return None


def _covers(label: ET.Element | None, repeals: list[ET.Element]) -> bool:
    whole = title_text(label).replace(" ", "")
    return bool(whole) and "".join(title_text(r) for r in repeals).replace(" ", "") == whole


def _provision_kind(el: ET.Element, name: str) -> str | None:
    path = _identifier(el)
    if path is None:
        return None
    segments = path.split("/")
    if name == "Schedule" and len(segments) >= 2 and segments[-2] == "schedule":
        return "schedule"
    if name == "Schedule" and segments[-1] == "schedule":  # an Act with a single schedule
        return "schedule"
    if name in ("P1", "P1group") and len(segments) >= 2 and segments[-2] in _SECTION_KINDS:
        if name == "P1group" and any(local(c.tag) == "P1" for c in el):
            return None  # the P1 inside carries the section
        return "section"
    return None


def _section(el: ET.Element, provision: str, ctx: _Context, act_path: str, year: int,
             commentaries: dict[str, ET.Element]) -> LegislationSection:
    path = _identifier(el)
    assert path is not None
    kind, _, number, _ = _path_parts(act_path)
    status, note, repealed_from, retains = _status(el, ctx, commentaries)
    section_extent = extents(ctx.extent)
    if provision == "schedule":
        title = title_text(first(el, "Title"))
        body = child(el, "ScheduleBody")
        text = render(body if body is not None else el)
    else:
        title = (ctx.title or title_text(child(el, "Title"))
                 or title_text(child(el, "Pnumber")))
        text = render(el, number_top=False)
    return LegislationSection(
        id=legislation_uri(path), uri=f"https://www.legislation.gov.uk/{path}",
        legislation_id=legislation_uri(act_path), title=title, text=text,
        extent=section_extent, provision_type="schedule" if provision == "schedule" else "section",
        number=_number(path), legislation_type=kind, legislation_year=year,
        legislation_number=number, status=status, restrict_start_date=ctx.start,
        status_note=note, repealed_from=repealed_from, retains_text=retains,
        subsection_extents=subsection_extents(el, section_extent),
        pre_1963=0 < year < 1963,
    )


def _status(el: ET.Element, ctx: _Context, commentaries: dict[str, ET.Element]
            ) -> tuple[ProvisionStatus, str | None, str | None, bool]:
    """(status, note, repealed from, text retained) from Status attributes and Repeal wrappers."""
    if ctx.repeal is not None:
        ref, retains = ctx.repeal
        note = _note_for([ref] if ref else [], commentaries) or _note_for(
            _refs(el), commentaries)
        return ("repealed", note.note if note else "Repealed",
                (note.effective if note else None) or ctx.start, retains)
    if ctx.status == "Repealed":
        note = _note_for(_refs(el), commentaries)
        return ("repealed", note.note if note else "Repealed",
                note.effective if note else None, False)
    if ctx.status == "Prospective":
        return "prospective", "Prospective: not yet in force", None, False
    gone = _repealed_body(el, commentaries)
    if gone is not None:
        note, retains = gone
        return "repealed", note.note, note.effective, retains
    return "in_force", None, None, False


def _repealed_body(el: ET.Element, commentaries: dict[str, ET.Element]
                   ) -> tuple[RepealNote, bool] | None:
    """A provision repealed without a Status attribute or a wrapper around its own number:
    every subsection's number wrapped in ``<Repeal>`` (the text retained, as when a section
    "ceases to have effect"), or a body of dotted lines whose number carries a repealing
    commentary ("S. 225 omitted (12.7.2016) by …")."""
    numbers = [child(p2, "Pnumber") for p2 in descendants(el, "P2")]
    repeals = [list(descendants(n, "Repeal")) if n is not None else [] for n in numbers]
    if numbers and all(r and _covers(n, r) for n, r in zip(numbers, repeals, strict=True)):
        note = _note_for([repeals[0][0].get("CommentaryRef") or ""], commentaries)
        if note is not None:
            return note, repeals[0][0].get("RetainText") == "true"
    body = "".join(text_of(t) for t in descendants(el, "Text"))
    if body.strip() and not _DOTS.sub("", body).strip():
        note = _note_for(_refs(el), commentaries)
        if note is not None:
            return note, False
    return None


def _refs(el: ET.Element) -> list[str]:
    """Commentary ids on the provision's number and heading, where repeals are noted."""
    refs = [r.get("Ref", "") for part in ("Pnumber", "Title")
            for label in children(el, part) for r in descendants(label, "CommentaryRef")]
    refs += [r.get("Ref", "") for r in descendants(el, "CommentaryRef")]
    return [r for r in dict.fromkeys(refs) if r]


def _note_for(refs: list[str], commentaries: dict[str, ET.Element]) -> RepealNote | None:
    for ref in refs:
        commentary = commentaries.get(ref)
        if commentary is not None and (note := repeal_note(commentary)) is not None:
            return note
    return None


# -- identifiers and metadata ------------------------------------------------------------------


def _identifier(el: ET.Element) -> str | None:
    """``IdURI``/``DocumentURI`` → ``ukpga/2004/34/section/5`` (version suffix dropped)."""
    for attr in ("IdURI", "DocumentURI"):
        m = _ID.match(el.get(attr, ""))
        if m:
            return _VERSION.sub("", m.group(1))
    return None


def _identifier_of(meta: ET.Element | None) -> str:
    """The ``dc:identifier`` path: the Act itself, or one provision served with its metadata."""
    found = first(meta, "identifier") if meta is not None else None
    m = _ID.match(title_text(found)) if found is not None else None
    return _VERSION.sub("", m.group(1)) if m else ""


def _act_path(path: str) -> str:
    """``ukpga/2004/34/section/5`` → ``ukpga/2004/34``; ``ukpga/Geo3/49/126/…`` keeps four."""
    segments = path.split("/")
    width = 4 if len(segments) > 1 and _REGNAL.match(segments[1]) else 3
    return "/".join(segments[:width])


def _path_parts(act_path: str) -> tuple[str, int, int, str | None]:
    """(type, year, number, regnal year) from an Act path; a regnal year has no calendar year."""
    segments = act_path.split("/")
    if len(segments) == 4:
        return segments[0], 0, _int(segments[3]), f"{segments[1]}/{segments[2]}"
    return segments[0], _int(segments[1] if len(segments) > 1 else ""), _int(
        segments[2] if len(segments) > 2 else ""), None


def _number(path: str) -> str:
    return path.rsplit("/", 1)[-1].rstrip(".")


def _inherited(el: ET.Element, attr: str) -> str | None:
    return el.get(attr) or next((d.get(attr) for d in el.iter() if d.get(attr)), None)


def _commentaries(root: ET.Element) -> dict[str, ET.Element]:
    return {c.get("id", ""): c for c in descendants(root, "Commentary")}


def _value(meta: ET.Element | None, name: str) -> str:
    found = first(meta, name) if meta is not None else None
    return found.get("Value", "") if found is not None else ""


def _date(meta: ET.Element | None, name: str) -> str | None:
    found = first(meta, name) if meta is not None else None
    return found.get("Date") if found is not None else None


def _category(meta: ET.Element | None, kind: str) -> LegislationCategory:
    stated = _value(meta, "DocumentCategory")
    for category in get_args(LegislationCategory):
        if stated == category:
            return category
    if kind in _EU_TYPES:
        return "euretained"
    return "primary" if kind in _PRIMARY_TYPES else "secondary"


def _int(value: str | None) -> int:
    try:
        return int(value or "")
    except ValueError:
        return 0

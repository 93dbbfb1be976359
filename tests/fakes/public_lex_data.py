"""The public Lex's records, read from CLML the way Lex's ingest reads it, and its searches.

A test double of an external system, deliberately independent of the engine's own legal
modules. It reproduces what Lex stores and serves (``i-dot-ai/lex`` at ``LEX_COMMIT``):

- Acts (``src/lex/legislation/parser/xml_parser.py`` ``XMLParser.parse``): ``id`` is the
  ``IdURI``, ``uri`` the ``dc:identifier``, ``status`` CLML's ``DocumentStatus``, ``extent``
  the whole document's ``RestrictExtent``, ``text`` empty.
- Provisions (``UKXMLParser._parse_section`` / ``_parse_schedule``): every ``P1`` with an
  ``IdURI`` under the body and every ``Schedule`` with one; a section's extent is its nearest
  ``Part``'s ``RestrictExtent``, else the Act's (never the section's own); a schedule's is the
  ``Schedules`` element's, else the Act's. No repeal or prospective status, no score.
- Computed fields (``LegislationSection``): ``number`` is ``int`` of the id's last segment,
  ``None`` when lettered; ``legislation_number`` is segment 6 of ``legislation_id`` (so the
  regnal ``ukpga/Geo3/49/126`` gets 49).
- Searches (``src/backend/legislation/search.py``), with word overlap standing in for Lex's
  hybrid embeddings: a ``legislation_id`` filter overrides every other filter; categories map
  through ``LEGISLATION_TYPE_MAPPING``, which has no ``euretained`` (Lex answers 500); section
  lookups take ``limit`` provisions (sections *and* schedules) and sort them by ``number``.

Text is plain rather than Lex's Markdown, and EU documents are read like UK ones; both are
simplifications of Lex, not of its record shapes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["Corpus", "Record", "normalise_id"]

Record = dict[str, Any]

_NS = {"leg": "http://www.legislation.gov.uk/namespaces/legislation",
       "ukm": "http://www.legislation.gov.uk/namespaces/metadata",
       "dc": "http://purl.org/dc/elements/1.1/", "dct": "http://purl.org/dc/terms/"}
_EXTENTS = {"E": "England", "W": "Wales", "S": "Scotland", "N.I.": "Northern Ireland",
            "NI": "Northern Ireland"}
_UK = {"E+W+S+N.I.", "E+W+S+N.I", "E+W+S+NI"}
_TYPES_BY_CATEGORY = {"primary": ["ukpga", "asp", "asc", "anaw", "ukcm", "nia"],
                      "secondary": ["wsi", "uksi", "ssi", "nisr"],
                      "european": ["eudn", "eudr", "eur"]}
_PROVENANCE_NONE = {"provenance_model": None, "provenance_prompt_version": None,
                    "provenance_timestamp": None, "provenance_response_id": None}
_WORD = re.compile(r"[a-z0-9]+")


def normalise_id(uri: str) -> str:
    """``src/lex/core/uri.py``: any legislation id to ``http://www.legislation.gov.uk/id/…``."""
    uri = uri.strip()
    if not uri:
        return uri
    if not uri.startswith("http"):
        return "http://www.legislation.gov.uk/id/" + uri.lstrip("/")
    if uri.startswith("https://"):
        uri = "http://" + uri[8:]
    if uri.startswith("http://www.legislation.gov.uk/") and "/id/" not in uri:
        uri = uri.replace("http://www.legislation.gov.uk/", "http://www.legislation.gov.uk/id/", 1)
    return re.sub(r"/(enacted|made|created)(/.*)?$", "", uri)


def _extent(code: str | None) -> list[str]:
    """``XMLParser.map_extent``."""
    if not code:
        return [""]
    if code in _UK:
        return ["United Kingdom"]
    try:
        return [_EXTENTS[part] for part in code.split("+")]
    except KeyError:
        return [""]


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(element: ET.Element | None) -> str:
    return " ".join("".join(element.itertext()).split()) if element is not None else ""


def _plain(element: ET.Element) -> str:
    """The provision's words, a line per ``Text`` (Lex renders Markdown instead)."""
    lines = [_text(t) for t in element.iter(f"{{{_NS['leg']}}}Text")]
    return "\n".join(line for line in lines if line)


def _stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


@dataclass
class Corpus:
    """Acts and provisions as Lex stores them, in document order."""

    acts: dict[str, Record] = field(default_factory=dict)
    provisions: list[Record] = field(default_factory=list)

    @classmethod
    def from_directory(cls, directory: Path) -> Corpus:
        """Every CLML document of ``directory`` with a document ``IdURI`` (excerpts of a
        larger copy of the same Act give way to it)."""
        corpus = cls()
        loaded = _stamp(datetime.now(UTC))
        for path in sorted(directory.glob("*.xml"), key=lambda p: -p.stat().st_size):
            corpus._add(ET.parse(path).getroot(), loaded)
        return corpus

    def _add(self, root: ET.Element, loaded: str) -> None:
        act_id = root.get("IdURI")
        if _local(root.tag) != "Legislation" or not act_id or act_id in self.acts:
            return
        act = _act(root, act_id, loaded)
        self.acts[act_id] = act
        body = next((e for e in root.iter() if _local(e.tag) in ("Body", "EUBody")), None)
        if body is not None:
            self._sections(body, act, root.get("RestrictExtent", ""), loaded)
        schedules = root.find(".//leg:Schedules", _NS)
        if schedules is not None:
            extent = schedules.get("RestrictExtent", root.get("RestrictExtent", ""))
            for schedule in schedules.iter(f"{{{_NS['leg']}}}Schedule"):
                if schedule.get("IdURI"):
                    self.provisions.append(_provision(
                        schedule, act, "schedule", _text(schedule.find(".//leg:Title", _NS)),
                        _plain(schedule), extent, loaded))

    def _sections(self, body: ET.Element, act: Record, act_extent: str, loaded: str) -> None:
        seen: set[str] = set()

        def walk(element: ET.Element, part_extent: str | None) -> None:
            for child in element:
                tag = _local(child.tag)
                extent = child.get("RestrictExtent", "") if tag == "Part" else part_extent
                if tag == "P1" and child.get("IdURI") and child.get("IdURI") not in seen:
                    seen.add(child.get("IdURI", ""))
                    group = element  # Lex reads title and text from the P1's parent
                    self.provisions.append(_provision(
                        child, act, "section", _text(group.find(".//leg:Title", _NS)),
                        _plain(group), extent or act_extent, loaded))
                walk(child, extent)

        walk(body, None)

    def legislation_types(self, categories: list[str] | None, types: list[str] | None
                          ) -> list[str] | None:
        """``get_legislation_types``; a category Lex does not map raises ``KeyError``."""
        if types:
            return types
        if categories:
            return [t for c in categories for t in _TYPES_BY_CATEGORY[c]]
        return None

    def search_sections(self, query: str, *, legislation_id: str | None = None,
                        types: list[str] | None = None, year_from: int | None = None,
                        year_to: int | None = None) -> list[tuple[Record, float]]:
        """Provisions matching the filters with a score in (0, 1], best first; an empty
        query keeps document order (Lex's filter-only scroll)."""
        if legislation_id:
            wanted = normalise_id(legislation_id)
            pool = [p for p in self.provisions if p["legislation_id"] == wanted]
        else:
            pool = [p for p in self.provisions
                    if (types is None or p["legislation_type"] in types)
                    and (year_from is None or (p["legislation_year"] or 0) >= year_from)
                    and (year_to is None or (p["legislation_year"] or 0) <= year_to)]
        return _ranked(query, pool, lambda p: (p["title"], p["text"]))

    def search_titles(self, query: str, *, types: list[str] | None, year_from: int | None,
                      year_to: int | None) -> dict[str, float]:
        """``qdrant_search_acts``: Acts whose title or description match, id → score."""
        pool = [a for a in self.acts.values()
                if (types is None or a["type"] in types)
                and (year_from is None or a["year"] >= year_from)
                and (year_to is None or a["year"] <= year_to)]
        ranked = _ranked(query, pool, lambda a: (a["title"], a["description"]))[:20]
        return {act["id"]: score for act, score in ranked}

    def provisions_of(self, legislation_id: str) -> list[Record]:
        wanted = normalise_id(legislation_id)
        return [p for p in self.provisions if p["legislation_id"] == wanted]


def _ranked(query: str, pool: list[Record], fields: Any) -> list[tuple[Record, float]]:
    terms = set(_WORD.findall(query.lower()))
    if not terms:
        return [(record, 1.0) for record in pool]
    scored = []
    for record in pool:
        title, text = fields(record)
        words = _WORD.findall(f"{title} {title} {title} {text}".lower())
        hits = sum(1 for w in words if w in terms) + 5 * len(terms & set(words))
        if hits:
            scored.append((record, float(hits)))
    scored.sort(key=lambda pair: -pair[1])
    best = scored[0][1] if scored else 1.0
    return [(record, score / best) for record, score in scored]


def _meta(root: ET.Element, path: str, attribute: str = "Value") -> str:
    element = root.find(path, _NS)
    return element.get(attribute, "") if element is not None else ""


def _act(root: ET.Element, act_id: str, loaded: str) -> Record:
    """``Legislation.model_dump(mode="json")``, fields in the model's order."""
    def date(path: str) -> str | None:
        return _text(root.find(path, _NS)) or None

    return {
        "created_at": loaded, "text": "", "id": act_id,
        "uri": _text(root.find(".//dc:identifier", _NS)),
        "title": _text(root.find(".//dc:title", _NS)),
        "description": _text(root.find(".//dc:description", _NS)),
        "enactment_date": _meta(root, ".//ukm:EnactmentDate", "Date") or None,
        "valid_date": date(".//dct:valid"), "modified_date": date(".//dc:modified"),
        "publisher": _text(root.find(".//dc:publisher", _NS)),
        "category": _meta(root, ".//ukm:DocumentCategory"), "type": act_id.split("/")[4],
        "year": int(_meta(root, ".//ukm:Year")), "number": int(_meta(root, ".//ukm:Number")),
        "status": _meta(root, ".//ukm:DocumentStatus"),
        "extent": _extent(root.get("RestrictExtent", "")),
        "number_of_provisions": int(root.get("NumberOfProvisions", "0")),
        "provenance_source": "xml", **_PROVENANCE_NONE,
    }


def _provision(element: ET.Element, act: Record, kind: str, title: str, text: str,
               extent: str, loaded: str) -> Record:
    """``LegislationSection.model_dump(mode="json")``, computed fields last as pydantic puts
    them."""
    provision_id = element.get("IdURI", "")
    parts = act["id"].split("/")
    number = _int_or_none(parts[6]) if len(parts) > 6 else None
    if number is None:
        number = next((n for n in map(_int_or_none, reversed(parts)) if n is not None), None)
    return {
        "created_at": loaded, "text": text, "id": provision_id,
        "uri": element.get("DocumentURI", ""), "legislation_id": act["id"], "title": title,
        "extent": _extent(extent), "provision_type": kind, "provenance_source": "xml",
        **_PROVENANCE_NONE,
        "number": _int_or_none(provision_id.split("/")[-1]), "legislation_type": act["type"],
        "legislation_year": act["year"], "legislation_number": number,
    }

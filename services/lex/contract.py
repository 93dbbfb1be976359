"""The public Lex's contract, as this server keeps to it: enums, descriptions, output schemas.

From ``i-dot-ai/lex`` (``src/backend/*/router.py`` and ``models.py``, ``src/lex/*/models.py``)
behind FastMCP, which lists each route's response model as the tool's output schema and wraps a
list as ``{"result": [...]}``. A client (ours included) validates structured content against
the listed schema, so every record here must match it; our additions are extra fields only,
which these schemas allow. The test suite states the same contract independently
(``tests/fakes/lex_contract.py``) and checks this server against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args

from shared.text.nations import EXTENTS

__all__ = [
    "DESCRIPTIONS",
    "OUTPUT_SCHEMAS",
    "LegislationCategory",
    "LegislationType",
    "NoteSectionType",
    "NoteType",
    "http_error_text",
]

LegislationType = Literal[
    "ukpga", "asp", "asc", "anaw", "wsi", "uksi", "ssi", "ukcm", "nisr", "nia", "eudn", "eudr",
    "eur", "ukla", "ukppa", "apni", "gbla", "aosp", "aep", "apgb", "mwa", "aip", "mnia", "nisro",
    "nisi", "uksro", "ukmo", "ukci"]
LegislationCategory = Literal["primary", "secondary", "european", "euretained"]
NoteType = Literal["overview", "policy_background", "legal_background", "extent", "provisions",
                   "commencement"]
NoteSectionType = Literal["section", "schedule", "part"]

_TYPES = list(get_args(LegislationType))
_EXTENTS = [*EXTENTS, ""]

Schema = dict[str, object]


def _opt(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _record(properties: Mapping[str, Schema], required: list[str]) -> Schema:
    return {"type": "object", "properties": dict(properties), "required": required}


def _wrapped(items: Schema) -> Schema:
    return {"type": "object", "properties": {"result": {"type": "array", "items": items}},
            "required": ["result"], "x-fastmcp-wrap-result": True}


_STR: Schema = {"type": "string"}
_INT: Schema = {"type": "integer"}
_DATE: Schema = {"type": "string", "format": "date"}
_DATETIME: Schema = {"type": "string", "format": "date-time"}
_EXTENT: Schema = {"type": "array", "items": {"type": "string", "enum": _EXTENTS}}
_TYPE: Schema = {"type": "string", "enum": _TYPES}
_PROVENANCE: dict[str, Schema] = {
    "provenance_source": _opt({"type": "string", "enum": ["xml", "llm_ocr"]}),
    "provenance_model": _opt(_STR), "provenance_prompt_version": _opt(_STR),
    "provenance_timestamp": _opt(_DATETIME), "provenance_response_id": _opt(_STR),
}

LEGISLATION = _record({
    "created_at": _DATETIME, "text": {"type": "string", "default": ""}, "id": _STR, "uri": _STR,
    "title": _STR, "description": _STR, "enactment_date": _opt(_DATE),
    "valid_date": _opt(_DATE), "modified_date": _opt(_DATE), "publisher": _STR,
    "category": {"type": "string", "enum": ["primary", "secondary", "european", "euretained"]},
    "type": _TYPE, "year": _INT, "number": _INT, "status": _STR, "extent": _EXTENT,
    "number_of_provisions": _INT, **_PROVENANCE,
}, ["id", "uri", "title", "description", "publisher", "category", "type", "year", "number",
    "status", "number_of_provisions"])

LEGISLATION_SECTION = _record({
    "created_at": _DATETIME, "text": {"type": "string", "default": ""}, "id": _STR, "uri": _STR,
    "legislation_id": _STR, "title": _STR, "extent": _EXTENT,
    "provision_type": {"type": "string", "enum": ["section", "schedule"], "default": "section"},
    **_PROVENANCE, "number": _opt(_INT), "legislation_type": _opt(_TYPE),
    "legislation_year": _opt(_INT), "legislation_number": _opt(_INT),
}, ["id", "uri", "legislation_id", "number", "legislation_type", "legislation_year",
    "legislation_number"])

EXPLANATORY_NOTE = _record({
    "created_at": _DATETIME, "text": _STR, "id": _STR, "legislation_id": _STR,
    "note_type": _opt({"type": "string", "enum": list(get_args(NoteType))}),
    "route": {"type": "array", "items": _STR},
    "section_type": _opt({"type": "string", "enum": list(get_args(NoteSectionType))}),
    "section_number": _opt(_INT), "order": _INT,
}, ["text", "id", "legislation_id", "route", "order"])

AMENDMENT = _record({
    "changed_legislation": _STR, "changed_year": _INT, "changed_number": _STR,
    "changed_url": _STR, "changed_provision": _opt(_STR), "changed_provision_url": _opt(_STR),
    "affecting_legislation": _opt(_STR), "affecting_year": _opt(_INT),
    "affecting_number": _opt(_STR), "affecting_url": _STR, "affecting_provision": _opt(_STR),
    "affecting_provision_url": _opt(_STR), "type_of_effect": _opt(_STR), "id": _STR,
    "ai_explanation": _opt(_STR), "ai_explanation_model": _opt(_STR),
    "ai_explanation_timestamp": _opt(_DATETIME),
}, ["changed_legislation", "changed_year", "changed_number", "changed_url", "affecting_url",
    "id"])

OUTPUT_SCHEMAS: dict[str, Schema] = {
    "search_for_legislation_sections": _wrapped(LEGISLATION_SECTION),
    "search_for_legislation_acts": _record(
        {"results": {"type": "array", "items": {"type": "object", "additionalProperties": True}},
         "total": _INT, "offset": _INT, "limit": _INT}, ["results", "total", "offset", "limit"]),
    "lookup_legislation": LEGISLATION,
    "get_legislation_sections": _wrapped(LEGISLATION_SECTION),
    "get_legislation_full_text": _record({"legislation": LEGISLATION, "full_text": _STR},
                                         ["legislation", "full_text"]),
    "search_explanatory_note": _wrapped(EXPLANATORY_NOTE),
    "get_explanatory_note_by_legislation": _wrapped(EXPLANATORY_NOTE),
    "get_explanatory_note_by_section": EXPLANATORY_NOTE,
    "search_amendments": _wrapped(AMENDMENT),
    "search_amendment_sections": _wrapped(AMENDMENT),
    "get_live_stats_api_stats_get": {"type": "object", "additionalProperties": True},
}
"""Lex's output schema per tool (``proxy_legislation_data`` and the health check list none)."""

DESCRIPTIONS = {
    "search_for_legislation_sections": "Find text within sections of Acts, SIs, or other "
    "legislation types. Use for detailed content searches.",
    "search_for_legislation_acts": "Find legislation by title, content, or metadata. Returns "
    "full Acts and SIs with match scores.",
    "lookup_legislation": "Retrieve a single Act or SI using its official citation "
    "(e.g. ukpga/2018/12).",
    "get_legislation_sections": "Retrieve the complete structure and content of all sections "
    "within a piece of legislation.",
    "get_legislation_full_text": "Retrieve the full text content of an Act or SI as a single "
    "document.",
    "proxy_legislation_data": "Proxy endpoint to fetch enriched metadata from "
    "legislation.gov.uk.",
    "search_explanatory_note": "Find explanatory notes by text content across all legislation "
    "types.",
    "get_explanatory_note_by_legislation": "Retrieve all explanatory notes associated with a "
    "particular Act or SI.",
    "get_explanatory_note_by_section": "Retrieve the explanatory note that explains a "
    "particular section of legislation.",
    "search_amendments": "Find amendments to Acts and SIs by content, title, or affected "
    "legislation.",
    "search_amendment_sections": "Find text within specific sections of legislative "
    "amendments.",
    "get_live_stats_api_stats_get": "Get live dataset statistics with 5-minute caching.",
    "health_check_healthcheck_get": "Health check with Qdrant connection verification.",
}
"""Lex's descriptions of its tools, as a model reading ``tools/list`` sees them."""

_REASONS = {404: "Not Found", 422: "Unprocessable Entity", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway"}


def http_error_text(tool: str, status: int, body: str) -> str:
    """A tool error as FastMCP reports Lex's HTTP errors: ``Error calling tool 'x': HTTP error
    404: Not Found - {'detail': '…'}``, so that one client reads both servers."""
    return f"Error calling tool {tool!r}: HTTP error {status}: {_REASONS[status]} - {body}"

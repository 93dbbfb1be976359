"""The public Lex's MCP contract as data: its tools, their parameters and their output schemas.

Read from ``i-dot-ai/lex`` at commit ``363efd8854a7cb0df1dbfca7b94affb621d12b31`` (22 March 2026):

- ``src/backend/api/app.py``: the routers mounted on the app that MCP is built from —
  legislation, explanatory_note, amendment, stats (and a template router hidden from the
  schema) plus ``GET /healthcheck``. ``src/backend/caselaw/router.py`` exists but is not
  mounted, so no case-law tool is public.
- ``src/backend/mcp_server/server.py``: ``FastMCP.from_fastapi(app=base_app, name="Lex API")``
  with no route maps, so every route in the OpenAPI schema becomes a tool named after its
  operation id (FastMCP 3.1.1 per ``uv.lock``; FastAPI generates the ids of the two routes
  without one). Served at ``/mcp`` with ``stateless_http=True, json_response=True``.
- Parameters: the request-body models in ``src/backend/{legislation,explanatory_note,
  amendment}/models.py``, flattened into the tool's arguments; the body is a pydantic model,
  so unknown arguments are ignored and bad ones are FastAPI 422s.
- Records: ``src/lex/legislation/models.py`` (``Legislation``, ``LegislationSection`` with
  the computed ``number``, ``legislation_type``, ``legislation_year``,
  ``legislation_number``), ``src/lex/explanatory_note/models.py``, ``src/lex/amendment/
  models.py``, ``src/lex/core/models.py`` (every record but ``Amendment`` carries
  ``created_at``); ``search_for_legislation_acts`` returns ``list[dict]`` built in
  ``src/backend/legislation/search.py``.
- Rate limit: ``src/backend/core/middleware.py`` and ``config.py`` (600 a minute and 10,000 an
  hour per address, fixed windows); errors: ``src/backend/core/error_handling.py``.

FastMCP wraps a list response as ``{"result": [...]}`` in the structured content *and* in the
text block, and turns a non-2xx answer of the inner app into a tool error whose text is
``Error calling tool '<name>': HTTP error <status>: <reason> - <body>``. The schemas below are
what FastMCP 3.1.1 lists for those routes, without descriptions, titles and examples; this
was checked by building Lex's real routers and models (search functions stubbed) under
FastMCP 3.1.1 and comparing its ``tools/list`` with ``input_schema``/``output_schema`` here.
Records may carry fields the schemas do not name (``additionalProperties`` is not closed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

import jsonschema

__all__ = [
    "ACT_SEARCH_RESULT",
    "CASELAW_TOOLS_UNMOUNTED",
    "DESCRIPTIONS",
    "LEX_COMMIT",
    "RATE_LIMIT_PER_HOUR",
    "RATE_LIMIT_PER_MINUTE",
    "TOOLS",
    "ContractViolation",
    "Param",
    "Tool",
    "rate_limit_body",
    "tool_error_text",
    "validate",
]

LEX_COMMIT = "363efd8854a7cb0df1dbfca7b94affb621d12b31"

RATE_LIMIT_PER_MINUTE = 600
RATE_LIMIT_PER_HOUR = 10_000

CASELAW_TOOLS_UNMOUNTED = (
    "search_for_caselaw", "search_for_caselaw_section", "search_for_caselaw_by_reference",
    "search_caselaw_by_reference", "search_caselaw_summaries", "proxy_caselaw_data",
)
"""Operation ids of ``src/backend/caselaw/router.py``, a router the public app does not mount."""

LEGISLATION_TYPES = (
    "ukpga", "asp", "asc", "anaw", "wsi", "uksi", "ssi", "ukcm", "nisr", "nia", "eudn", "eudr",
    "eur", "ukla", "ukppa", "apni", "gbla", "aosp", "aep", "apgb", "mwa", "aip", "mnia", "nisro",
    "nisi", "uksro", "ukmo", "ukci",
)
LEGISLATION_CATEGORIES = ("primary", "secondary", "european", "euretained")
EXTENTS = ("England", "Wales", "Scotland", "Northern Ireland", "United Kingdom", "")
"""``GeographicalExtent``: CLML ``E+W`` is ``["England", "Wales"]``; no extent is ``[""]``."""
NOTE_TYPES = ("overview", "policy_background", "legal_background", "extent", "provisions",
              "commencement")
NOTE_SECTION_TYPES = ("section", "schedule", "part")

JsonType = Literal["string", "integer", "boolean", "array"]
Schema = dict[str, object]


@dataclass(frozen=True, kw_only=True)
class Param:
    """One argument of a Lex tool, as FastMCP lists it from the request-body model."""

    name: str
    type: JsonType
    required: bool = False
    default: object = None
    """The listed default; ``None`` with ``nullable`` means no default is listed at all."""
    nullable: bool = False
    enum: tuple[str, ...] | None = None
    """Allowed values (of the items, for an array)."""
    minimum: int | None = None

    def schema(self) -> Schema:
        """The JSON Schema of this argument, less description, title and examples."""
        if self.type == "array":
            items: Schema = {"type": "string"}
            if self.enum:
                items = {"enum": list(self.enum), "type": "string"}
            base: Schema = {"items": items, "type": "array"}
        else:
            base = {"type": self.type}
            if self.enum:
                base = {"enum": list(self.enum), "type": self.type}
        if self.nullable:
            return {"anyOf": [base, {"type": "null"}]}
        if self.minimum is not None:
            base["minimum"] = self.minimum
        if not self.required:
            base["default"] = self.default
        return base


@dataclass(frozen=True, kw_only=True)
class Tool:
    """One public Lex tool: its route, arguments and the schema of its structured content."""

    name: str
    route: str
    source: str
    params: tuple[Param, ...] = ()
    output: Schema | None = None
    """``None`` where FastMCP lists no output schema (the route declares no JSON model)."""

    def input_schema(self) -> Schema:
        return {"properties": {p.name: p.schema() for p in self.params},
                "required": [p.name for p in self.params if p.required], "type": "object"}

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)


def _opt(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _record(properties: Mapping[str, Schema], required: list[str]) -> Schema:
    return {"properties": dict(properties), "required": required, "type": "object"}


def _wrapped(items: Schema) -> Schema:
    """FastMCP's wrapping of a list response: ``{"result": [...]}``."""
    return {"properties": {"result": {"items": items, "type": "array"}}, "required": ["result"],
            "type": "object", "x-fastmcp-wrap-result": True}


_STR: Schema = {"type": "string"}
_INT: Schema = {"type": "integer"}
_DATE: Schema = {"format": "date", "type": "string"}
_DATETIME: Schema = {"format": "date-time", "type": "string"}
_EXTENT: Schema = {"items": {"enum": list(EXTENTS), "type": "string"}, "type": "array"}
_TYPE: Schema = {"enum": list(LEGISLATION_TYPES), "type": "string"}
_PROVENANCE: dict[str, Schema] = {
    "provenance_source": _opt({"enum": ["xml", "llm_ocr"], "type": "string"}),
    "provenance_model": _opt(_STR),
    "provenance_prompt_version": _opt(_STR),
    "provenance_timestamp": _opt(_DATETIME),
    "provenance_response_id": _opt(_STR),
}

LEGISLATION = _record({
    "created_at": _DATETIME, "text": {"default": "", "type": "string"},
    "id": _STR, "uri": _STR, "title": _STR, "description": _STR,
    "enactment_date": _opt(_DATE), "valid_date": _opt(_DATE), "modified_date": _opt(_DATE),
    "publisher": _STR, "category": {"enum": list(LEGISLATION_CATEGORIES), "type": "string"},
    "type": _TYPE, "year": _INT, "number": _INT, "status": _STR, "extent": _EXTENT,
    "number_of_provisions": _INT, **_PROVENANCE,
}, ["id", "uri", "title", "description", "publisher", "category", "type", "year", "number",
    "status", "number_of_provisions"])
"""``Legislation``: an Act or instrument. ``status`` is CLML's ``DocumentStatus`` (``revised``,
``final``), not a provision's repeal status."""

LEGISLATION_SECTION = _record({
    "created_at": _DATETIME, "text": {"default": "", "type": "string"},
    "id": _STR, "uri": _STR, "legislation_id": _STR, "title": _STR, "extent": _EXTENT,
    "provision_type": {"default": "section", "enum": ["section", "schedule"], "type": "string"},
    **_PROVENANCE,
    "number": _opt(_INT), "legislation_type": _opt(_TYPE), "legislation_year": _opt(_INT),
    "legislation_number": _opt(_INT),
}, ["id", "uri", "legislation_id", "number", "legislation_type", "legislation_year",
    "legislation_number"])
"""``LegislationSection``: no ``status``, no ``score``; ``number`` is ``int(last id segment)``,
so null for a lettered section (``section/70A``) and equal for ``section/1`` and
``schedule/1``."""

ACT_SEARCH_RESULT = _record({
    **LEGISLATION["properties"],  # type: ignore[dict-item]
    "category": _STR, "type": _STR, "year": _opt(_INT), "number": _opt(_INT),
    "sections": {"items": _record({
        "number": _STR, "provision_type": _STR, "score": {"type": "number"}},
        ["number", "provision_type", "score"]), "type": "array"},
}, ["id", "uri", "title", "type", "year", "number", "status", "category", "extent", "sections"])
"""One item of ``search_for_legislation_acts``' ``results`` as ``search.py`` builds it (Lex
publishes only ``list[dict]``): the Act record plus up to ten best sections, whose ``number``
is a *string* (``""`` when lettered) with a normalised ``score``; ``provision_type`` is
``title_match`` when only the title matched. An Act missing from the Acts collection comes
back as a stub (``status: "stub"``, ``category: ""``), hence the looser fields here."""

EXPLANATORY_NOTE = _record({
    "created_at": _DATETIME, "text": _STR, "id": _STR, "legislation_id": _STR,
    "note_type": _opt({"enum": list(NOTE_TYPES), "type": "string"}),
    "route": {"items": _STR, "type": "array"},
    "section_type": _opt({"enum": list(NOTE_SECTION_TYPES), "type": "string"}),
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
"""``Amendment`` (no ``created_at``: it is a plain ``BaseModel``)."""

_YEARS = (Param(name="year_from", type="integer", nullable=True),
          Param(name="year_to", type="integer", nullable=True))
_TYPES = Param(name="legislation_type", type="array", nullable=True, enum=LEGISLATION_TYPES)
_OFFSET = Param(name="offset", type="integer", default=0, minimum=0)
_LEGISLATION_ID = Param(name="legislation_id", type="string", required=True)
_LEG = "src/backend/legislation/router.py"
_NOTE = "src/backend/explanatory_note/router.py"
_AMEND = "src/backend/amendment/router.py"

TOOLS: dict[str, Tool] = {t.name: t for t in (
    Tool(name="search_for_legislation_sections", route="POST /legislation/section/search",
         source=_LEG, params=(
             Param(name="query", type="string", required=True),
             Param(name="legislation_id", type="string", nullable=True),
             Param(name="legislation_category", type="array", nullable=True,
                   enum=LEGISLATION_CATEGORIES),
             _TYPES, *_YEARS, _OFFSET,
             Param(name="size", type="integer", default=10),
             Param(name="include_text", type="boolean", default=True)),
         output=_wrapped(LEGISLATION_SECTION)),
    Tool(name="search_for_legislation_acts", route="POST /legislation/search", source=_LEG,
         params=(Param(name="query", type="string", required=True), *_YEARS, _TYPES, _OFFSET,
                 Param(name="limit", type="integer", default=10),
                 Param(name="include_text", type="boolean", default=True)),
         output=_record({"results": {"items": {"additionalProperties": True, "type": "object"},
                                     "type": "array"},
                         "total": _INT, "offset": _INT, "limit": _INT},
                        ["results", "total", "offset", "limit"])),
    Tool(name="lookup_legislation", route="POST /legislation/lookup", source=_LEG,
         params=(Param(name="legislation_type", type="string", required=True,
                       enum=LEGISLATION_TYPES),
                 Param(name="year", type="integer", required=True),
                 Param(name="number", type="integer", required=True)),
         output=LEGISLATION),
    Tool(name="get_legislation_sections", route="POST /legislation/section/lookup", source=_LEG,
         params=(_LEGISLATION_ID, Param(name="limit", type="integer", default=10)),
         output=_wrapped(LEGISLATION_SECTION)),
    Tool(name="get_legislation_full_text", route="POST /legislation/text", source=_LEG,
         params=(_LEGISLATION_ID, Param(name="include_schedules", type="boolean",
                                        default=False)),
         output=_record({"legislation": LEGISLATION, "full_text": _STR},
                        ["legislation", "full_text"])),
    Tool(name="proxy_legislation_data", route="GET /legislation/proxy/{legislation_id}",
         source=_LEG, params=(_LEGISLATION_ID,)),
    Tool(name="search_explanatory_note", route="POST /explanatory_note/section/search",
         source=_NOTE, params=(
             Param(name="query", type="string", default=""),
             Param(name="legislation_id", type="string", nullable=True),
             Param(name="note_type", type="array", nullable=True, enum=NOTE_TYPES),
             Param(name="section_type", type="array", nullable=True, enum=NOTE_SECTION_TYPES),
             Param(name="size", type="integer", default=20)),
         output=_wrapped(EXPLANATORY_NOTE)),
    Tool(name="get_explanatory_note_by_legislation",
         route="POST /explanatory_note/legislation/lookup", source=_NOTE,
         params=(_LEGISLATION_ID, Param(name="limit", type="integer", default=1000)),
         output=_wrapped(EXPLANATORY_NOTE)),
    Tool(name="get_explanatory_note_by_section", route="POST /explanatory_note/section/lookup",
         source=_NOTE, params=(_LEGISLATION_ID,
                               Param(name="section_number", type="integer", required=True)),
         output=EXPLANATORY_NOTE),
    Tool(name="search_amendments", route="POST /amendment/search", source=_AMEND,
         params=(_LEGISLATION_ID, Param(name="search_amended", type="boolean", default=True),
                 Param(name="size", type="integer", default=100)),
         output=_wrapped(AMENDMENT)),
    Tool(name="search_amendment_sections", route="POST /amendment/section/search",
         source=_AMEND,
         params=(Param(name="provision_id", type="string", required=True),
                 Param(name="search_amended", type="boolean", default=True),
                 Param(name="size", type="integer", default=100)),
         output=_wrapped(AMENDMENT)),
    Tool(name="get_live_stats_api_stats_get", route="GET /api/stats",
         source="src/backend/stats/router.py",
         output={"additionalProperties": True, "type": "object"}),
    Tool(name="health_check_healthcheck_get", route="GET /healthcheck",
         source="src/backend/api/app.py"),
)}
"""Every tool the public Lex lists, by name (13 at the commit read)."""

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
"""The tools' descriptions (the routes' ``description``, else the first line of the
endpoint's docstring), as a model reading ``tools/list`` sees them."""

_REASONS = {404: "Not Found", 422: "Unprocessable Entity", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway"}


def tool_error_text(tool: str, status: int, body: str) -> str:
    """The text of the error result FastMCP makes of an inner HTTP error.

    ``body`` is the response's JSON as Python's ``str`` of it (``{'detail': ...}``), or its
    text when it is not JSON (the rate limit's plain-text body).
    """
    return f"Error calling tool {tool!r}: HTTP error {status}: {_REASONS[status]} - {body}"


def rate_limit_body(limit: int = RATE_LIMIT_PER_MINUTE, per: str = "minute") -> str:
    """The plain-text body of Lex's 429 (``middleware.py``), e.g. for the hourly window
    ``rate_limit_body(RATE_LIMIT_PER_HOUR, "hour")``."""
    return f"Rate limit exceeded: {limit} requests per {per}"


class ContractViolation(AssertionError):
    """A tool's result does not match Lex's published output schema."""


def validate(tool_name: str, result: object) -> None:
    """Check ``result`` (a tool's structured content) against the tool's Lex output schema.

    Raises:
        ContractViolation: naming the first failing path, if it does not match.
        KeyError: if Lex has no such tool.
    """
    schema = TOOLS[tool_name].output
    if schema is None:
        return
    validator = jsonschema.Draft202012Validator(schema,
                                                format_checker=jsonschema.FormatChecker())
    error = jsonschema.exceptions.best_match(validator.iter_errors(result))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise ContractViolation(f"{tool_name}: {where}: {error.message}")

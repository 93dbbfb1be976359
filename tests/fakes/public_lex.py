"""A stand-in for the public Lex MCP server, serving records exactly as Lex's models define them.

``async with public_lex() as lex:`` serves, at ``lex.url``, the tools of ``lex_contract.TOOLS``
(and no others: no case law) over streamable HTTP, stateless with JSON responses, from the
CLML in ``../shared/data/legislation``. What a client sees is what the public Lex sends
(``i-dot-ai/lex`` at ``lex_contract.LEX_COMMIT`` behind FastMCP 3.1.1):

- results as structured content, a list wrapped as ``{"result": [...]}``, and the same JSON as
  the one text block (so the text of a list tool is that object too, not a bare list);
- failures as tool *results* with ``isError`` and the text
  ``Error calling tool '<name>': HTTP error <status>: <reason> - <body>`` — a bad argument is
  a 422 with pydantic's details, an unknown id a 404, an unhandled backend error a 500;
- the rate limit the same way (the transport still answers 200): over 600 tool calls a minute
  or 10,000 an hour from one address (the last ``X-Forwarded-For`` entry, else ``X-Real-IP``,
  else the peer), ``HTTP error 429: Too Many Requests - Rate limit exceeded: 600 requests per
  minute``. Listing tools is not counted: only tool calls reach Lex's rate-limited app.

``lex.faults`` injects failures into the next calls — ``rate_limited`` and ``server_errors``
as Lex reports them, ``unavailable`` as a 503 to the HTTP request itself (the platform in
front of Lex, not Lex) — and ``lex.calls`` records every tool call and ``lex.http_requests``
every HTTP request, so a client's retries and its reuse of one session can be tested.
Explanatory notes and amendments are in no file here: their searches come back empty and
their lookups are 404s, as Lex answers for legislation it has none for.
"""

from __future__ import annotations

import contextlib
import enum
import json
import time
import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mcp import types
from mcp.server.lowlevel import Server
from pydantic import BaseModel, Field, ValidationError, create_model
from starlette.responses import PlainTextResponse

from shared.asgi_server import AsgiServer
from tests.fakes.lex_contract import (
    DESCRIPTIONS,
    RATE_LIMIT_PER_HOUR,
    RATE_LIMIT_PER_MINUTE,
    TOOLS,
    Param,
    Tool,
    rate_limit_body,
    tool_error_text,
)
from tests.fakes.public_lex_data import Corpus, Record, normalise_id

__all__ = ["LEGISLATION_DIR", "Call", "Faults", "PublicLex", "public_lex"]

LEGISLATION_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "legislation"

_EARLIEST_YEAR, _LATEST_YEAR = 1267, 2030  # legislation_lookup's bounds
_MAX_SECTIONS = 200  # legislation_act_search's section pool


class _HttpError(Exception):
    """An answer of Lex's inner FastAPI app other than 200."""

    def __init__(self, status: int, detail: object) -> None:
        super().__init__(status, detail)
        self.status = status
        self.body = str({"detail": detail})


@dataclass
class Faults:
    """Failures to inject into the next calls (each counter counts down to zero)."""

    rate_limited: int = 0
    """Tool calls answered with Lex's 429 tool error."""
    server_errors: int = 0
    """Tool calls answered as an unhandled backend error (Lex's 500 with an error id)."""
    unavailable: int = 0
    """HTTP requests to ``/mcp`` answered 503 before reaching MCP at all."""


@dataclass(frozen=True)
class Call:
    tool: str
    arguments: Mapping[str, Any]
    address: str


@dataclass
class _Window:
    limit: int
    seconds: float
    counts: dict[str, tuple[float, int]] = field(default_factory=dict)

    def count(self, key: str) -> int:
        """Lex's fixed window: the first call starts it, later calls add to it."""
        now = time.monotonic()
        start, n = self.counts.get(key, (now, 0))
        if now - start >= self.seconds:
            start, n = now, 0
        self.counts[key] = (start, n + 1)
        return n + 1


def _argument_model(tool: Tool) -> type[BaseModel]:
    """The request-body model FastAPI validates the arguments with."""
    fields: dict[str, Any] = {}
    for p in tool.params:
        kind = _python_type(tool.name, p)
        if p.required:
            fields[p.name] = (kind, ...)
        else:
            fields[p.name] = (kind, Field(default=p.default, ge=p.minimum))
    return create_model(f"{tool.name}_body", **fields)


def _python_type(tool: str, p: Param) -> Any:
    scalar: Any = {"string": str, "integer": int, "boolean": bool, "array": str}[p.type]
    if p.enum:
        scalar = enum.Enum(f"{tool}_{p.name}", {v: v for v in p.enum}, type=str)
    kind: Any = list[scalar] if p.type == "array" else scalar
    return kind | None if p.nullable else kind


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class PublicLex:
    """The stand-in's state: the corpus, the faults to inject and the calls received."""

    def __init__(self, corpus: Corpus, *, per_minute: int = RATE_LIMIT_PER_MINUTE,
                 per_hour: int = RATE_LIMIT_PER_HOUR) -> None:
        self.corpus = corpus
        self.faults = Faults()
        self.calls: list[Call] = []
        self.http_requests: list[str] = []
        """The method of every HTTP request to ``/mcp`` (``POST``, ``GET``, ``DELETE``)."""
        self.url = ""
        self._windows = {"minute": _Window(per_minute, 60.0), "hour": _Window(per_hour, 3600.0)}
        self._models = {name: _argument_model(tool) for name, tool in TOOLS.items()}
        self._handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            name: getattr(self, f"_{name}") for name in TOOLS}

    # MCP

    def list_tools(self) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(
            name=t.name, description=DESCRIPTIONS[t.name], input_schema=t.input_schema(),
            output_schema=t.output) for t in TOOLS.values()])

    def call_tool(self, name: str, arguments: Mapping[str, Any], address: str
                  ) -> types.CallToolResult:
        """One tool call, answered as the public Lex answers it."""
        self.calls.append(Call(name, dict(arguments), address))
        tool = TOOLS.get(name)
        if tool is None:
            return _error(f"Unknown tool: {name!r}")
        try:
            if tool.route != "GET /healthcheck":  # the middleware lets health checks through
                self._admit(address)
            body = self._models[name].model_validate(dict(arguments))
            return _result(tool, self._handlers[name](
                {k: _plain(v) for k, v in body.model_dump().items()}))
        except ValidationError as e:
            errors = [{**err, "loc": ["body", *err["loc"]]}
                      for err in e.errors(include_url=False)]
            return _error(tool_error_text(name, 422, str({"detail": errors})))
        except _HttpError as e:
            return _error(tool_error_text(name, e.status, e.body))
        except Exception:  # handle_errors: anything else is a sanitised 500
            detail = {"error": "Internal server error", "error_id": uuid.uuid4().hex[:8]}
            return _error(tool_error_text(name, 500, str({"detail": detail})))

    def _admit(self, address: str) -> None:
        """Lex's middleware counts the call in both windows, then refuses it if either is
        full; then the injected faults."""
        full = [(w.limit, per) for per, w in self._windows.items() if w.count(address) > w.limit]
        if not full and self.faults.rate_limited > 0:
            self.faults.rate_limited -= 1
            full = [(self._windows["minute"].limit, "minute")]
        if full:
            raise _RateLimited(rate_limit_body(*full[0]))
        if self.faults.server_errors > 0:
            self.faults.server_errors -= 1
            raise RuntimeError("injected backend failure")

    def asgi_app(self, host: str) -> Any:
        """The MCP endpoint at ``/mcp`` behind the ``unavailable`` fault."""
        async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
            return self.list_tools()

        async def on_call_tool(ctx: Any, params: types.CallToolRequestParams
                               ) -> types.CallToolResult:
            return self.call_tool(params.name, params.arguments or {}, _address(ctx.request))

        server: Server[Any] = Server("Lex API", on_list_tools=on_list_tools,
                                     on_call_tool=on_call_tool)
        inner = server.streamable_http_app(stateless_http=True, json_response=True, host=host)

        async def app(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http":
                self.http_requests.append(scope["method"])
            if scope["type"] == "http" and self.faults.unavailable > 0:
                self.faults.unavailable -= 1
                await PlainTextResponse("Service Unavailable", 503)(scope, receive, send)
                return
            await inner(scope, receive, send)

        return app

    # The routes (src/backend/*/router.py and search.py)

    def _search_for_legislation_sections(self, a: dict[str, Any]) -> list[Record]:
        types_ = None if a["legislation_id"] else self.corpus.legislation_types(
            a["legislation_category"], a["legislation_type"])
        if a["size"] < 0:
            raise ValueError("Qdrant rejects a negative limit")
        hits = self.corpus.search_sections(
            a["query"], legislation_id=a["legislation_id"], types=types_,
            year_from=a["year_from"], year_to=a["year_to"])
        page = [p for p, _ in hits[a["offset"]:a["offset"] + a["size"]]]
        return page if a["include_text"] else [_without_text(p) for p in page]

    def _search_for_legislation_acts(self, a: dict[str, Any]) -> dict[str, Any]:
        filters = {"types": a["legislation_type"], "year_from": a["year_from"],
                   "year_to": a["year_to"]}
        hits = self.corpus.search_sections(a["query"], **filters)[:_MAX_SECTIONS]
        titles = self.corpus.search_titles(a["query"], **filters) if a["query"] else {}
        by_act: dict[str, list[tuple[Record | None, float]]] = defaultdict(list)
        for section, score in hits:
            by_act[section["legislation_id"]].append((section, score))
        for act_id, score in titles.items():
            entries = by_act[act_id]
            by_act[act_id] = [(s, min(1.0, v + 0.3 * score)) for s, v in entries] or [
                (None, score)]
        page = list(by_act)[a["offset"]:a["offset"] + a["limit"]]
        results = [self._act_result(act_id, by_act[act_id], titles) for act_id in page]
        return {"results": results, "total": len(by_act), "offset": a["offset"],
                "limit": a["limit"]}

    def _act_result(self, act_id: str, entries: list[tuple[Record | None, float]],
                    titles: dict[str, float]) -> Record:
        best = sorted(entries, key=lambda e: -e[1])[:10]
        sections = [{"number": str(s["number"]) if s["number"] else "",
                     "provision_type": s["provision_type"], "score": score}
                    for s, score in best if s is not None]
        if not sections and act_id in titles:
            sections = [{"number": "", "provision_type": "title_match",
                         "score": titles[act_id]}]
        return {**self.corpus.acts[act_id], "sections": sections}

    def _lookup_legislation(self, a: dict[str, Any]) -> Record:
        if _EARLIEST_YEAR <= a["year"] <= _LATEST_YEAR and a["number"] > 0:
            for act in self.corpus.acts.values():
                if (act["type"], act["year"], act["number"]) == (
                        a["legislation_type"], a["year"], a["number"]):
                    return act
        raise _HttpError(404, f"Legislation not found: {a['legislation_type']} {a['year']} "
                              f"No. {a['number']}")

    def _get_legislation_sections(self, a: dict[str, Any]) -> list[Record]:
        page = self.corpus.provisions_of(a["legislation_id"])[:max(a["limit"], 0)]
        if not page:
            raise _HttpError(404, f"No sections found for legislation ID: {a['legislation_id']}")
        return sorted(page, key=lambda p: p["number"] or 0)

    def _get_legislation_full_text(self, a: dict[str, Any]) -> dict[str, Any]:
        act = self.corpus.acts.get(normalise_id(a["legislation_id"]))
        if act is None:
            raise _HttpError(404, f"Legislation not found: {a['legislation_id']}")
        kinds = ("section", "schedule") if a["include_schedules"] else ("section",)
        provisions = sorted(
            (p for p in self.corpus.provisions_of(act["id"]) if p["provision_type"] in kinds),
            key=lambda p: (p["provision_type"] != "section", p["number"] or 0))
        text = "\n\n".join(p["text"] for p in provisions).strip()
        return {"legislation": act,
                "full_text": text or "No text content available for this legislation."}

    def _proxy_legislation_data(self, a: dict[str, Any]) -> str:
        act = self.corpus.acts.get(normalise_id(a["legislation_id"]))
        if act is None:
            raise _HttpError(404, f"Legislation not found: {a['legislation_id']}")
        return f"<html><head><title>{act['title']}</title></head><body></body></html>"

    def _search_explanatory_note(self, a: dict[str, Any]) -> list[Record]:
        return []

    def _get_explanatory_note_by_legislation(self, a: dict[str, Any]) -> list[Record]:
        raise _HttpError(404, "No explanatory notes found for legislation ID: "
                              f"{a['legislation_id']}")

    def _get_explanatory_note_by_section(self, a: dict[str, Any]) -> Record:
        raise _HttpError(404, "No explanatory note found for legislation ID: "
                              f"{a['legislation_id']} and section number: {a['section_number']}")

    def _search_amendments(self, a: dict[str, Any]) -> list[Record]:
        return []

    def _search_amendment_sections(self, a: dict[str, Any]) -> list[Record]:
        return []

    def _get_live_stats_api_stats_get(self, a: dict[str, Any]) -> dict[str, str]:
        return {"acts_and_sis": f"{len(self.corpus.acts):,}",
                "provisions": f"{len(self.corpus.provisions):,}", "explanatory_sections": "0",
                "amendments": "0", "pdf_legislation": "0", "pdf_provisions": "0",
                "last_updated": datetime.now(UTC).strftime("%H:%M UTC")}

    def _health_check_healthcheck_get(self, a: dict[str, Any]) -> dict[str, Any]:
        return {"status": "healthy", "database": "qdrant", "collections": 2,
                "collection_details": {
                    "legislation": {"points": len(self.corpus.acts), "status": "green"},
                    "legislation_section": {"points": len(self.corpus.provisions),
                                            "status": "green"}}}


class _RateLimited(_HttpError):
    def __init__(self, body: str) -> None:
        super().__init__(429, body)
        self.body = body  # plain text, not JSON


def _without_text(section: Record) -> Record:
    """A section fetched without its payload's text: the model's defaults fill the gaps."""
    return {**section, "created_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "text": "", "provenance_source": None}


def _address(request: Any) -> str:
    """``get_client_ip`` (``src/backend/core/middleware.py``), over the forwarded headers."""
    headers = getattr(request, "headers", {}) or {}
    forwarded = headers.get("x-forwarded-for", "").strip()
    if forwarded:
        return str(forwarded.split(",")[-1].strip())
    real = headers.get("x-real-ip", "").strip()
    if real:
        return str(real)
    client = getattr(request, "client", None)
    return str(getattr(client, "host", "unknown"))


def _result(tool: Tool, value: Any) -> types.CallToolResult:
    """FastMCP's ``OpenAPITool.run``: JSON as structured content and as the text block."""
    if isinstance(value, str):
        return types.CallToolResult(content=[types.TextContent(type="text", text=value)])
    wrap = tool.output is not None and tool.output.get("x-fastmcp-wrap-result")
    structured = {"result": value} if wrap or not isinstance(value, dict) else value
    text = json.dumps(structured, ensure_ascii=False, separators=(",", ":"))
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structured_content=structured)


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                is_error=True)


@contextlib.asynccontextmanager
async def public_lex(*, host: str = "127.0.0.1", port: int | None = None,
                     legislation: Path = LEGISLATION_DIR, per_minute: int = RATE_LIMIT_PER_MINUTE,
                     per_hour: int = RATE_LIMIT_PER_HOUR) -> AsyncIterator[PublicLex]:
    """The stand-in on ``host:port`` (a free port by default); ``.url`` is its MCP endpoint."""
    lex = PublicLex(Corpus.from_directory(legislation), per_minute=per_minute,
                    per_hour=per_hour)
    http = AsgiServer("public Lex stand-in", host, port or 0)
    sock = http.bind()
    await http.serve(lex.asgi_app(host), sock)
    lex.url = f"http://{host}:{http.port}/mcp"
    try:
        yield lex
    finally:
        await http.stop()

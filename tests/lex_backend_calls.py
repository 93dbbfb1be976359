"""Lex's own backend tests, translated to MCP calls: tool, arguments and the property asserted.

From ``tests/backend/test_{legislation,explanatory_note,amendment}.py`` of ``i-dot-ai/lex`` at
``lex_contract.LEX_COMMIT``. Those tests POST to the REST routes of a live Lex; each route is
the tool of its operation id, so each becomes one call here with the same arguments, and each
``Model(**item)`` check becomes validation against the tool's output schema. Where Lex's test
skips on a 404 or on no results, ``not_found_ok`` / an empty list passes here too. Calls on
Acts not in ``../shared/data`` keep Lex's arguments; a ``shared data`` twin repeats the check on
the Housing Act 2004 so that it has something to bite on.

Two of Lex's tests are stale against Lex's own code, and are translated to what the code does:
``test_search_legislation_acts_endpoint`` expects a list (the route returns
``{results, total, offset, limit}``), and ``test_normalize_legislation_id`` imports
``normalize_legislation_id`` (the function is ``normalise_legislation_id``). Lex's
``test_get_legislation_sections_endpoint`` asserts every ``number`` is truthy, which its model
makes false for lettered sections; the twin keeps to numbered ones. The rate-limit tests
(``test_rate_limiting.py``) are about the middleware over REST; their MCP form is in
``test_lex_contract.py`` (a 429 tool error; health checks not counted).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BACKEND_CALLS", "BackendCall"]

Item = dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class BackendCall:
    """One call of a Lex backend test and what it asserts of the result."""

    id: str
    source: str
    """``tests/backend/<file>::<test>`` in Lex."""
    tool: str
    arguments: dict[str, Any]
    asserts: str
    check: Callable[[Any], None] = field(repr=False)
    """Raises ``AssertionError`` unless the (unwrapped) result has the property."""
    not_found_ok: bool = False


def _each(*keys: str, **equal: object) -> Callable[[Any], None]:
    """Every item has truthy ``keys`` and the ``equal`` values."""
    def check(items: Any) -> None:
        assert isinstance(items, list)
        for item in items:
            for key in keys:
                assert item[key], (key, item.get("id"))
            for key, value in equal.items():
                assert item[key] == value, (key, item[key], value)
    return check


def _years_and_type(low: int, high: int, kind: str) -> Callable[[Any], None]:
    def check(items: Any) -> None:
        assert isinstance(items, list)
        for item in items:
            assert item["legislation_type"] == kind and low <= item["legislation_year"] <= high
    return check


def _acts(page: Any) -> None:
    assert set(page) >= {"results", "total", "offset", "limit"}
    for act in page["results"]:
        for key in ("id", "uri", "title", "type", "year", "number"):
            assert act[key], key


def _act(kind: str, year: int, number: int) -> Callable[[Any], None]:
    def check(act: Any) -> None:
        assert act["id"] and act["uri"] and act["title"]
        assert (act["type"], act["year"], act["number"]) == (kind, year, number)
    return check


def _notes(items: Any) -> None:
    assert isinstance(items, list)
    for note in items:
        assert note["id"] and note["legislation_id"] and isinstance(note["route"], list)
        assert note["order"] >= 0


def _notes_of_types(*types: str) -> Callable[[Any], None]:
    def check(items: Any) -> None:
        _notes(items)
        assert all(n["note_type"] in (*types, None) for n in items)
    return check


def _amendments(url_field: str, wanted: str) -> Callable[[Any], None]:
    def check(items: Any) -> None:
        _each("changed_legislation", "changed_url", "affecting_url", "id")(items)
        assert all(wanted in (item[url_field] or "") for item in items)
    return check


def _numbered(items: Any) -> None:
    _each("id", "uri", legislation_id="http://www.legislation.gov.uk/id/ukpga/2004/34")(items)
    assert all(i["number"] for i in items if not i["id"][-1].isalpha())


def _housing_act_sections(items: Any) -> None:
    assert items, "no sections"
    _each(legislation_id="http://www.legislation.gov.uk/id/ukpga/2004/34")(items)


_LEG = "tests/backend/test_legislation.py::"
_NOTE = "tests/backend/test_explanatory_note.py::"
_AMEND = "tests/backend/test_amendment.py::"
_HOUSING = "http://www.legislation.gov.uk/id/ukpga/2004/34"

BACKEND_CALLS: tuple[BackendCall, ...] = (
    BackendCall(id="sections-search", source=_LEG + "test_search_legislation_sections_endpoint",
                tool="search_for_legislation_sections",
                arguments={"query": "environmental protection", "size": 5},
                asserts="a list of sections, each with id, uri, title and legislation_id",
                check=_each("id", "uri", "title", "legislation_id")),
    BackendCall(id="sections-search-shared-data",
                source=_LEG + "test_search_legislation_sections_endpoint",
                tool="search_for_legislation_sections",
                arguments={"query": "hazard awareness notice", "size": 5},
                asserts="a list of sections, each with id, uri, title and legislation_id",
                check=_each("id", "uri", "title", "legislation_id")),
    BackendCall(id="sections-search-filters",
                source=_LEG + "test_search_legislation_sections_with_filters_endpoint",
                tool="search_for_legislation_sections",
                arguments={"query": "covid", "legislation_type": ["ukpga"], "year_from": 2020,
                           "year_to": 2023, "size": 5},
                asserts="every section is ukpga and from 2020 to 2023",
                check=_years_and_type(2020, 2023, "ukpga")),
    BackendCall(id="sections-search-filters-shared-data",
                source=_LEG + "test_search_legislation_sections_with_filters_endpoint",
                tool="search_for_legislation_sections",
                arguments={"query": "licence", "legislation_type": ["ukpga"], "year_from": 2000,
                           "year_to": 2010, "size": 5},
                asserts="every section is ukpga and from 2000 to 2010",
                check=_years_and_type(2000, 2010, "ukpga")),
    BackendCall(id="acts-search", source=_LEG + "test_search_legislation_acts_endpoint",
                tool="search_for_legislation_acts", arguments={"query": "finance", "limit": 5},
                asserts="a page of Acts, each with id, uri, title, type, year and number "
                        "(Lex's test expects a bare list: stale)", check=_acts),
    BackendCall(id="acts-search-shared-data", source=_LEG + "test_search_legislation_acts_endpoint",
                tool="search_for_legislation_acts", arguments={"query": "housing", "limit": 5},
                asserts="a page of Acts, each with id, uri, title, type, year and number",
                check=_acts),
    BackendCall(id="lookup", source=_LEG + "test_lookup_legislation_endpoint",
                tool="lookup_legislation",
                arguments={"legislation_type": "ukpga", "year": 2022, "number": 45},
                asserts="the Act asked for (a 404 is valid)", check=_act("ukpga", 2022, 45),
                not_found_ok=True),
    BackendCall(id="lookup-shared-data", source=_LEG + "test_lookup_legislation_endpoint",
                tool="lookup_legislation",
                arguments={"legislation_type": "ukpga", "year": 2004, "number": 34},
                asserts="the Act asked for", check=_act("ukpga", 2004, 34)),
    BackendCall(id="sections-lookup", source=_LEG + "test_get_legislation_sections_endpoint",
                tool="get_legislation_sections",
                arguments={"legislation_id": "http://www.legislation.gov.uk/id/ukpga/2022/3",
                           "limit": 10},
                asserts="sections of that Act, each with id, uri and a number (a 404 is valid)",
                check=_each("id", "uri", "number",
                            legislation_id="http://www.legislation.gov.uk/id/ukpga/2022/3"),
                not_found_ok=True),
    BackendCall(id="sections-lookup-shared-data",
                source=_LEG + "test_get_legislation_sections_endpoint",
                tool="get_legislation_sections",
                arguments={"legislation_id": _HOUSING, "limit": 10},
                asserts="sections of that Act, each with id, uri and (unless lettered) a number",
                check=_numbered),
    BackendCall(id="short-id", source=_LEG + "test_search_legislation_sections_with_short_format"
                "_id_endpoint", tool="search_for_legislation_sections",
                arguments={"query": "intelligence", "legislation_id": "ukpga/1994/13",
                           "size": 5},
                asserts="every section's legislation_id is the full URL",
                check=_each(legislation_id="http://www.legislation.gov.uk/id/ukpga/1994/13")),
    *(BackendCall(id=f"id-form-{n}", source=_LEG + "test_normalize_legislation_id",
                  tool="search_for_legislation_sections",
                  arguments={"query": "hazard", "legislation_id": form, "size": 3},
                  asserts="each form of the id finds the Act's sections",
                  check=_housing_act_sections)
      for n, form in enumerate((
          "ukpga/2004/34", _HOUSING, "https://www.legislation.gov.uk/id/ukpga/2004/34",
          "http://www.legislation.gov.uk/ukpga/2004/34",
          "http://www.legislation.gov.uk/ukpga/2004/34/enacted"))),
    BackendCall(id="notes-search", source=_NOTE + "test_search_explanatory_note_endpoint",
                tool="search_explanatory_note",
                arguments={"query": "purpose of legislation", "size": 5},
                asserts="notes, each with id, legislation_id, a route list and order >= 0",
                check=_notes),
    BackendCall(id="notes-search-filters",
                source=_NOTE + "test_search_explanatory_note_with_filters_endpoint",
                tool="search_explanatory_note",
                arguments={"query": "generic legislation", "note_type": ["overview",
                                                                         "provisions"],
                           "size": 5},
                asserts="notes of the types asked for", check=_notes_of_types("overview",
                                                                              "provisions")),
    BackendCall(id="notes-by-act", source=_NOTE + "test_get_explanatory_note_by_legislation"
                "_endpoint", tool="get_explanatory_note_by_legislation",
                arguments={"legislation_id": "https://www.legislation.gov.uk/ukpga/2022/4",
                           "limit": 10},
                asserts="notes of that Act (a 404 is valid)", check=_notes, not_found_ok=True),
    BackendCall(id="note-by-section", source=_NOTE + "test_get_explanatory_note_by_section"
                "_endpoint", tool="get_explanatory_note_by_section",
                arguments={"legislation_id": "https://www.legislation.gov.uk/ukpga/2022/4",
                           "section_number": 1},
                asserts="the note on section 1 (a 404 is valid)",
                check=lambda note: _notes([note]), not_found_ok=True),
    BackendCall(id="amendments-to", source=_AMEND + "test_search_amendments_endpoint",
                tool="search_amendments",
                arguments={"legislation_id": "https://www.legislation.gov.uk/id/asc/2022/1",
                           "search_amended": True, "size": 10},
                asserts="amendments whose changed_url holds the id",
                check=_amendments("changed_url", "https://www.legislation.gov.uk/id/asc/2022/1")),
    BackendCall(id="amendments-by", source=_AMEND + "test_search_amendments_made_by_endpoint",
                tool="search_amendments",
                arguments={"legislation_id": "https://www.legislation.gov.uk/id/wsi/2022/1318",
                           "search_amended": False, "size": 10},
                asserts="amendments whose affecting_url holds the id",
                check=_amendments("affecting_url",
                                  "https://www.legislation.gov.uk/id/wsi/2022/1318")),
    BackendCall(id="amendment-sections-to",
                source=_AMEND + "test_search_amendment_sections_endpoint",
                tool="search_amendment_sections",
                arguments={"provision_id": "https://www.legislation.gov.uk/id/asc/2022/1/"
                           "schedule/1", "search_amended": True, "size": 10},
                asserts="amendments whose changed_provision_url holds the provision id",
                check=_amendments("changed_provision_url",
                                  "https://www.legislation.gov.uk/id/asc/2022/1/schedule/1")),
    BackendCall(id="amendment-sections-by",
                source=_AMEND + "test_search_amendment_sections_made_by_endpoint",
                tool="search_amendment_sections",
                arguments={"provision_id": "https://www.legislation.gov.uk/id/wsi/2022/1318/"
                           "article/2/c/viii", "search_amended": False, "size": 10},
                asserts="amendments whose affecting_provision_url holds the provision id",
                check=_amendments("affecting_provision_url", "https://www.legislation.gov.uk/"
                                  "id/wsi/2022/1318/article/2/c/viii")),
)

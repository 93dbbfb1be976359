"""docs/DESIGN.md stays true: its event table matches the code, and the structure holds.

Every event class appears in the table with its tag; every subscription in the code
(``service.consume(EventClass, …)``) matches a row naming that service, and every service the
table names as a subscriber really subscribes; every producer named really builds the event.
The import rules of the structure are checked here too: no service imports another, and
``cli/`` and ``bench/`` reach a service only through the composition root or its ``app``.
"""

from __future__ import annotations

import ast
import re
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest

from shared.events import AnyEvent, type_tag

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "docs" / "DESIGN.md"
SERVICES = sorted(p.name for p in (ROOT / "services").iterdir()
                  if p.is_dir() and (p / "__init__.py").exists())
_ROW = re.compile(r"^\|\s*`(?P<tag>[a-z_.]+)`\s*\|\s*`(?P<cls>\w+)`\s*\|(?P<producers>[^|]*)\|"
                  r"(?P<subscribers>[^|]*)\|\s*$")


@dataclass(frozen=True)
class Row:
    tag: str
    cls: str
    producers: frozenset[str]
    subscribers: frozenset[str]


def _names(cell: str) -> frozenset[str]:
    return frozenset(n.strip() for n in cell.split(",") if n.strip() not in ("", "—"))


def _table() -> dict[str, Row]:
    rows = {}
    for line in DESIGN.read_text(encoding="utf-8").splitlines():
        if m := _ROW.match(line):
            rows[m["cls"]] = Row(m["tag"], m["cls"], _names(m["producers"]),
                                 _names(m["subscribers"]))
    return rows


def _python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _subscriptions() -> set[tuple[str, str]]:
    """(service, event class) for every ``.consume(EventClass, …)`` under services/."""
    found = set()
    for service in SERVICES:
        for path in _python_files(ROOT / "services" / service):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "consume" and node.args
                        and isinstance(node.args[0], ast.Name)):
                    found.add((service, node.args[0].id))
    return found


def _builds(folder_or_file: Path, cls: str) -> bool:
    """Whether the code constructs ``cls`` or replies with it."""
    files = [folder_or_file] if folder_or_file.is_file() else _python_files(folder_or_file)
    pattern = re.compile(rf"\b{cls}\(|reply\(\s*{cls}\b")
    return any(pattern.search(p.read_text(encoding="utf-8")) for p in files)


EVENT_CLASSES = {c.__name__: c for c in typing.get_args(AnyEvent)}


def test_every_event_class_has_a_row_with_its_tag() -> None:
    rows = _table()
    assert set(rows) == set(EVENT_CLASSES), "rows and event classes differ"
    for name, cls in EVENT_CLASSES.items():
        assert rows[name].tag == type_tag(cls), name


def test_every_subscription_matches_a_row_and_every_row_a_subscription() -> None:
    rows = _table()
    subscriptions = _subscriptions()
    assert subscriptions, "no subscriptions found: the scan is broken"
    for service, cls in subscriptions:
        assert cls in rows, f"{service} consumes {cls}, which the table does not list"
        assert service in rows[cls].subscribers, f"{service} consumes {cls}; table says " \
                                                 f"{sorted(rows[cls].subscribers)}"
    listed = {(s, row.cls) for row in rows.values() for s in row.subscribers}
    assert listed == subscriptions


@pytest.mark.parametrize("name", sorted(EVENT_CLASSES))
def test_each_named_producer_builds_the_event(name: str) -> None:
    row = _table()[name]
    assert row.producers, f"{name} has no producer"
    for producer in row.producers:
        where = (ROOT / "shared" / "runtime.py" if producer == "runtime"
                 else ROOT / "services" / producer)
        assert where.exists(), f"unknown producer {producer!r}"
        assert _builds(where, name), f"{producer} does not build {name}"


def _imports(path: Path) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.append(node.module)
        elif isinstance(node, ast.Import):
            modules.extend(a.name for a in node.names)
    return modules


def test_no_service_imports_another() -> None:
    for service in SERVICES:
        for path in _python_files(ROOT / "services" / service):
            for module in _imports(path):
                parts = module.split(".")
                if parts[0] == "services" and len(parts) > 1:
                    assert parts[1] == service, f"{path.relative_to(ROOT)} imports {module}"


def test_shared_imports_no_service() -> None:
    for path in _python_files(ROOT / "shared"):
        for module in _imports(path):
            assert not module.startswith("services"), f"{path.relative_to(ROOT)}: {module}"


def test_cli_and_bench_reach_services_only_through_the_root_or_an_app() -> None:
    for folder in ("cli", "bench"):
        for path in _python_files(ROOT / folder):
            for module in _imports(path):
                parts = module.split(".")
                if parts[0] != "services":
                    continue
                allowed = module == "services.engine" or (len(parts) == 3 and parts[2] == "app")
                assert allowed, f"{path.relative_to(ROOT)} imports {module}"

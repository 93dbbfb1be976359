"""What a knowledge worker is: a name, a description, and one async callable."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

import msgspec

from shared.events import Finding, WorkerName


class WorkerTask(msgspec.Struct, frozen=True, kw_only=True):
    tenant_id: str
    question: str
    jurisdiction: str | None = None


class SourceNote(msgspec.Struct, frozen=True, kw_only=True):
    """A source the worker used, shown to the user as a badge (``policy.source`` and kin)."""

    ref: str
    title: str
    score: float = 0.0


class LegalNote(msgspec.Struct, frozen=True, kw_only=True):
    """A provision of legislation the worker found (``legal.source``)."""

    act_name: str
    section: str
    uri: str
    extent: list[str] = []
    status: str = "in_force"


class CaseNote(msgspec.Struct, frozen=True, kw_only=True):
    """A judgment the worker found (``caselaw.source``)."""

    case_name: str
    citation: str
    court: str
    date: str
    uri: str = ""


class WorkerOutcome(msgspec.Struct, frozen=True, kw_only=True):
    status: Literal["ok", "error", "timeout", "not_configured"]
    findings: list[Finding] = []
    sources: list[SourceNote | LegalNote | CaseNote] = []
    error: str | None = None


@dataclass(frozen=True)
class Worker:
    name: WorkerName
    description: str
    run: Callable[[WorkerTask], Awaitable[WorkerOutcome]]

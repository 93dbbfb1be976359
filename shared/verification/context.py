"""What a citation is checked against besides its source: the question's jurisdiction and date.

The checks keep their ``check(tenant_id, citation)`` shape; the context of one verification
run travels in a context variable that ``Checks.check_all`` sets for the concurrent checks.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal, get_args

from shared.text.nations import NATIONS

__all__ = [
    "EXTENT_NAMES",
    "JURISDICTIONS",
    "CheckContext",
    "Jurisdiction",
    "current_context",
    "jurisdiction_or_default",
    "using_context",
]

Jurisdiction = Literal["england", "wales", "scotland", "northern_ireland"]
JURISDICTIONS: tuple[Jurisdiction, ...] = get_args(Jurisdiction)
EXTENT_NAMES: dict[Jurisdiction, str] = dict(zip(JURISDICTIONS, NATIONS, strict=True))
"""Each jurisdiction as Lex writes it in an ``extent``."""


def _today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


@dataclass(frozen=True, kw_only=True)
class CheckContext:
    jurisdiction: Jurisdiction = "england"
    """Whose law the question is about: the question's, else the tenant's configuration."""
    today: dt.date = field(default_factory=_today)
    """The date "current law" means (repeals and commencements are compared with it)."""


def jurisdiction_or_default(value: str | None, default: Jurisdiction = "england"
                            ) -> Jurisdiction:
    """A configured or requested jurisdiction, normalised ("Northern Ireland" works too)."""
    key = "_".join((value or "").strip().lower().replace("-", " ").split())
    for known in JURISDICTIONS:
        if key == known:
            return known
    return default


_current: ContextVar[CheckContext | None] = ContextVar("verifier_check_context", default=None)


def current_context() -> CheckContext:
    return _current.get() or CheckContext()


@contextlib.contextmanager
def using_context(context: CheckContext) -> Iterator[None]:
    token = _current.set(context)
    try:
        yield
    finally:
        _current.reset(token)

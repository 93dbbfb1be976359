"""The names of the months, for every party that reads a date written in prose ("28 February
2026") or a rule tied to one ("each April"): the verifier's claim checks, which compare the
dates a statement and its source state, and the offline answerer, which takes "each April"
as an answer to "when …?". One list, so that a date one of them reads the other reads too.
"""

from __future__ import annotations

__all__ = ["MONTH", "MONTHS", "month_number"]

MONTHS: tuple[str, ...] = ("January", "February", "March", "April", "May", "June", "July",
                           "August", "September", "October", "November", "December")
"""The months in their order, each written as in running text."""
MONTH = "(?:" + "|".join(MONTHS) + ")"
"""A regular-expression group matching a month's name (callers add their own flags: a
verifier reading "28 february 2026" ignores case)."""
_NUMBERS = {name.lower(): n for n, name in enumerate(MONTHS, start=1)}


def month_number(name: str) -> int:
    """The month's number in the year ("April" → 4, "april" too) of a name ``MONTH`` matched;
    anything else is a ``KeyError``."""
    return _NUMBERS[name.strip().lower()]

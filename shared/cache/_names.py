"""Named alternatives read by one pattern: which name each match is.

The guard's features name parties, jurisdictions, kinds of answer and sides of a limit each by
a dict of name to alternatives; one compiled pattern finds them all, and the group that
matched says which name was found.
"""

from __future__ import annotations

import re

__all__ = ["named_group", "names_found", "names_in_order"]


def named_group(names: dict[str, str]) -> re.Pattern[str]:
    """One pattern for all of ``names``' alternatives, each a whole word, in a group of its
    own, so one pass over a question finds every name it says."""
    return re.compile("|".join(f"(?P<g{i}>(?<![\\w'-])(?:{p})(?![\\w-]))"
                               for i, p in enumerate(names.values())), re.IGNORECASE)


def names_found(pattern: re.Pattern[str], names: list[str], text: str) -> frozenset[str]:
    """The names ``pattern`` (from ``named_group``) finds in ``text``."""
    return frozenset(names[int(next(k for k, v in m.groupdict().items() if v)[1:])]
                     for m in pattern.finditer(text))


def names_in_order(pattern: re.Pattern[str], names: list[str], text: str) -> tuple[str, ...]:
    """The names ``pattern`` finds in ``text``, each once, in the order first found."""
    found = [names[int(next(k for k, v in m.groupdict().items() if v)[1:])]
             for m in pattern.finditer(text)]
    return tuple(dict.fromkeys(found))

"""A number with its noun, singular or plural as English wants: "1 second", "2 seconds".

User-facing messages state waits and counts; one definition keeps "1 seconds" out of all of them.
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: float, singular: str, plural: str | None = None) -> str:
    """``n`` (as ``:g`` writes it) and the noun agreeing with it; ``plural`` defaults to
    ``singular`` + "s"."""
    noun = singular if n == 1 else (plural or f"{singular}s")
    return f"{n:g} {noun}"

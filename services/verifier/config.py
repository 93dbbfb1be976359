"""The verifier's configuration: a keyword-only dataclass passed in at start-up."""

from __future__ import annotations

from dataclasses import dataclass, field

from services.verifier.rewrite import Wording

__all__ = ["VerifierConfig"]


@dataclass(frozen=True, kw_only=True)
class VerifierConfig:
    check_deadline_s: float = 10.0
    """Deadline of one citation check; a late check leaves its citation unverified."""
    wording: Wording = field(default_factory=Wording)
    """What a withheld statement is replaced by."""

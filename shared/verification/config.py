"""The verifier's configuration: a keyword-only dataclass passed in at start-up."""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.verification.rewrite import Wording

__all__ = ["VerifierConfig"]


@dataclass(frozen=True, kw_only=True)
class VerifierConfig:
    check_deadline_s: float = 15.0
    """Deadline of one citation check; a late check leaves its citation unverified."""
    wording: Wording = field(default_factory=Wording)
    """What a withheld statement is replaced by, and how an unverified one is marked."""
    judge: bool = True
    """Ask a model judge about citations the deterministic checks pass (real models only)."""
    judge_deadline_s: float = 8.0
    """Deadline of one judge call; a late judge leaves the citation unverified."""
    relevance: bool = True
    """Check with sentence embeddings that a statement is about what its provision says."""
    relevance_threshold: float = 0.42
    """Below this similarity a legislation citation is left unverified."""
    source_complete: bool = False
    """The legal source holds every Act and judgment (the public Lex, for legislation): an
    authority it lacks is taken as made up and removed. A partial corpus (the default) only
    leaves such a citation unverified (``not_in_corpus``); Acts known to exist are never
    removed for this."""

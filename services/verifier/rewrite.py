"""Rewriting an answer around the citations verification removed (DESIGN §5).

A sentence whose citation was removed is replaced, tag and all, by a plain statement that it
was withheld: the unverifiable claim is never repeated as fact. Neighbouring withheld sentences
in one paragraph share a single notice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from services.verifier.citations import Citation

__all__ = ["Wording", "rewrite"]


@dataclass(frozen=True, kw_only=True)
class Wording:
    """The uncertainty language put in place of withheld statements (British English)."""

    withheld_one: str = (
        "I could not verify the source for a statement here, so I have withheld it rather "
        "than present it as fact."
    )
    """Replaces one withheld sentence."""
    withheld_many: str = (
        "I could not verify the sources for several statements here, so I have withheld them "
        "rather than present them as fact."
    )
    """Replaces neighbouring withheld sentences of one paragraph."""


@dataclass
class _Cut:
    start: int
    end: int
    sentences: int


def rewrite(text: str, removed: Sequence[Citation], wording: Wording | None = None) -> str:
    """``text`` with every removed citation's sentence replaced by the withheld notice."""
    wording = wording or Wording()
    out, pos = [], 0
    for cut in _cuts(text, removed):
        out.append(text[pos:cut.start])
        if cut.sentences:
            out.append(wording.withheld_one if cut.sentences == 1 else wording.withheld_many)
        pos = cut.end
    out.append(text[pos:])
    return "".join(out)


def _cuts(text: str, removed: Sequence[Citation]) -> list[_Cut]:
    """Spans to replace: each removed sentence, and any removed tag outside its sentence."""
    spans = {(c.sentence[0], c.sentence[1], 1) for c in removed if c.sentence[1] > c.sentence[0]}
    spans |= {(c.span[0], c.span[1], 0) for c in removed
              if not c.sentence[0] <= c.span[0] < c.span[1] <= c.sentence[1]}
    cuts: list[_Cut] = []
    for start, end, sentences in sorted(spans):
        last = cuts[-1] if cuts else None
        if last is not None and (start < last.end or _joinable(text, last, start, sentences)):
            last.end = max(last.end, end)
            last.sentences += sentences
        else:
            cuts.append(_Cut(start, end, sentences))
    return cuts


def _joinable(text: str, last: _Cut, start: int, sentences: int) -> bool:
    """Withheld sentences separated only by spaces (same paragraph) become one notice."""
    between = text[last.end:start]
    return bool(last.sentences and sentences) and between.strip() == "" and "\n" not in between

"""Rewriting an answer around the citations verification removed or could not verify (DESIGN §5).

A sentence whose citation was removed is replaced, tag and all, by a plain statement that it
was withheld: the unverifiable claim is never repeated as fact. Neighbouring withheld sentences
in one paragraph share a single notice. A citation left unverified stays, marked as such. Where
a repealed or prospective provision was cited as current law, its status is said in words at
that point: in place of the withheld sentence, or after the kept one (savings).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from shared.verification.citations import Citation

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
    unverified_mark: str = " (unverified)"
    """Written after a citation that could not be verified."""


@dataclass
class _Cut:
    start: int
    end: int
    sentences: int
    said: list[str] = field(default_factory=list)
    """Status statements that replace the generic notice."""


def rewrite(text: str, removed: Sequence[Citation], wording: Wording | None = None,
            unverified: Sequence[Citation] = (), statements: Mapping[int, str] | None = None
            ) -> str:
    """``text`` with every removed citation's sentence replaced by the withheld notice, and
    every unverified citation followed by the unverified mark. ``statements`` (by citation
    index): what to say of a provision's status where it was cited as current law."""
    wording = wording or Wording()
    said = statements or {}
    cuts = _cuts(text, removed, said)
    kept = [c for c in unverified if not any(cut.start <= c.span[0] < cut.end for cut in cuts)]
    marks = sorted({_after_quotation(text, c.span[1]) for c in kept})
    after = {c.sentence[1]: said[c.index] for c in kept
             if said.get(c.index) and c.sentence[1] > c.sentence[0]}
    # A provision cited in several sentences has its status stated once, where it is first
    # cited: the reader does not need "was repealed …" after every sentence.
    stated: set[str] = set()
    edits: list[tuple[int, int, str]] = []
    for start, end, kind, item in sorted(
            [(cut.start, cut.end, 0, cut) for cut in cuts]
            + [(at, at, 1, wording.unverified_mark) for at in marks]
            + [(at, at, 2, statement) for at, statement in after.items()],
            key=lambda e: (e[0], e[1], e[2])):
        if isinstance(item, _Cut):
            fresh = [s for s in dict.fromkeys(item.said) if s not in stated]
            stated.update(fresh)
            edits.append((start, end, _notice(_Cut(item.start, item.end, item.sentences,
                                                     fresh), wording)))
        elif kind == 2:
            if item not in stated:
                stated.add(item)
                edits.append((start, end, " " + item))
        else:
            edits.append((start, end, item))
    out, pos = [], 0
    for start, end, insert in edits:
        out.append(text[pos:start])
        out.append(insert)
        pos = end
    out.append(text[pos:])
    return "".join(out)


_TAG = re.compile(r"<cite\b[^>]*>.*?</cite>|<cite\b[^>]*/>", re.DOTALL)
_QUOTATION = re.compile(r"“[^”]*”|\"[^\"\n]*\"|‘[^’]*’(?!\w)")


def _after_quotation(text: str, at: int) -> int:
    """Where a mark for a reference at ``at`` goes: after the quotation it sits in, if any,
    since a verbatim quotation must stay verbatim."""
    plain = _TAG.sub(lambda m: " " * len(m.group(0)), text)
    for m in _QUOTATION.finditer(plain):
        if m.start() < at < m.end():
            return m.end()
    return at


def _notice(cut: _Cut, wording: Wording) -> str:
    if cut.said:
        return " ".join(dict.fromkeys(cut.said))
    if not cut.sentences:
        return ""
    return wording.withheld_one if cut.sentences == 1 else wording.withheld_many


def _cuts(text: str, removed: Sequence[Citation], said: Mapping[int, str]) -> list[_Cut]:
    """Spans to replace: each removed sentence, and any removed tag outside its sentence."""
    spans = {(c.sentence[0], c.sentence[1], 1, said.get(c.index, "")) for c in removed
             if c.sentence[1] > c.sentence[0]}
    spans |= {(c.span[0], c.span[1], 0, "") for c in removed
              if not c.sentence[0] <= c.span[0] < c.span[1] <= c.sentence[1]}
    cuts: list[_Cut] = []
    for start, end, sentences, statement in sorted(spans):
        last = cuts[-1] if cuts else None
        if last is not None and (start < last.end or _joinable(text, last, start, sentences)):
            last.end = max(last.end, end)
            last.sentences += sentences
        else:
            last = _Cut(start, end, sentences)
            cuts.append(last)
        if statement:
            last.said.append(statement)
    return cuts


def _joinable(text: str, last: _Cut, start: int, sentences: int) -> bool:
    """Withheld sentences separated only by spaces (same paragraph) become one notice."""
    between = text[last.end:start]
    return bool(last.sentences and sentences) and between.strip() == "" and "\n" not in between

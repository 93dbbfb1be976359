"""A persona's answer style applied to the offline answer, so that a persona changes what the
user gets even without a model (with one, the persona's instructions do it).

The offline answer is Markdown in a known shape: an opening paragraph that answers, then one
group per source (a ``**Title**`` line and its ``- `` points), then italic notes. A style
rearranges those blocks and never edits a sentence, so every citation, its marker and the
text around it reach the verifier exactly as composed. Text in another shape is returned
unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from shared.personas import AnswerStyle

__all__ = ["PLAIN_POINTS", "restyle"]

PLAIN_POINTS = 4
"""At most this many supporting points in a ``plain`` answer: one idea a line, few lines."""


@dataclass
class _Group:
    title: str
    points: list[str] = field(default_factory=list)


@dataclass
class _Answer:
    opening: list[str] = field(default_factory=list)
    groups: list[_Group] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _heading(block: str) -> str | None:
    line = block.strip()
    if "\n" not in line and line.startswith("**") and line.endswith("**") and len(line) > 4:
        return line[2:-2].strip()
    return None


def _parsed(text: str) -> _Answer | None:
    """The answer's blocks, or ``None`` when the text is not in the offline shape."""
    answer = _Answer()
    for block in (b for b in text.strip().split("\n\n") if b.strip()):
        title = _heading(block)
        if title is not None:
            answer.groups.append(_Group(title))
        elif block.lstrip().startswith("_") and block.rstrip().endswith("_"):
            answer.notes.append(block.strip())
        elif answer.groups and not answer.notes and all(
                line.startswith("- ") for line in block.strip().splitlines()):
            answer.groups[-1].points.extend(block.strip().splitlines())
        elif not answer.groups and not answer.notes:
            answer.opening.append(block.strip())
        else:
            return None
    return answer if answer.opening else None


def _joined(blocks: list[str]) -> str:
    return "\n\n".join(b for b in blocks if b) + "\n"


def restyle(text: str, style: AnswerStyle) -> str:
    """``text`` (an offline answer) rearranged for ``style``; unchanged for ``standard`` or
    text not in the offline answer's shape."""
    answer = _parsed(text) if style != "standard" else None
    if answer is None:
        return text
    match style:
        case "brief":
            return _joined([*answer.opening, *answer.notes])
        case "plain":
            return _joined(_plain(answer))
        case "briefing":
            return _joined(_briefing(answer))
        case "standard":
            return text
        case _:
            assert_never(style)


def _plain(answer: _Answer) -> list[str]:
    """For residents: the answer, then a few points without the sources' headings."""
    points = [p for g in answer.groups for p in g.points][:PLAIN_POINTS]
    more = ["**What else you should know**", "\n".join(points)] if points else []
    return ["**The short answer**", *answer.opening, *more, *answer.notes]


def _briefing(answer: _Answer) -> list[str]:
    """For a board: a summary, then the detail under a heading per source."""
    detail = [block for g in answer.groups
              for block in (f"### {g.title}", "\n".join(g.points)) if block]
    more = ["## Detail by source", *detail] if detail else []
    return ["## Summary", *answer.opening, *more, *answer.notes]

"""Markdown's line structure: headings, list items, quotations, rules, fences, and blocks.

One set of patterns for everything that reads Markdown (policies, answers, legal text): the
sentence splitters, the QA review of an answer's structure and the chunking of documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BOLD_LINE",
    "FENCE",
    "HEADING",
    "LIST_ITEM",
    "MARKERS",
    "RULE",
    "Block",
    "blocks",
    "heading_text",
]

HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$")
"""An ATX heading line; group 1 is its level's hashes, group 2 its title."""
LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
"""The marker of a bulleted or numbered list item."""
RULE = re.compile(r"^[ \t]*(?:[-*_][ \t]*){3,}$|^[ \t]*\|?[ \t]*:?-{3,}")
"""A horizontal rule, or a table's header separator."""
FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})")
BOLD_LINE = re.compile(r"^[ \t]*(\*\*|__)[^*_]+\1[ \t]*:?[ \t]*$")
"""A line that is only bold text: a heading in all but name."""
MARKERS = re.compile(r"[ \t]*(?:#{1,6}[ \t]+|[-*+>][ \t]+|\d{1,3}[.)][ \t]+)*")
"""Any run of layout markers at the start of a line (``> - `` included)."""

BlockKind = Literal["paragraph", "item", "heading"]


@dataclass(frozen=True, slots=True)
class Block:
    """``text[start:end]``: a paragraph, a list item or quotation line, or a heading's title,
    its layout markers excluded. A sentence never crosses a block."""

    start: int
    end: int
    kind: BlockKind


def heading_text(line: str) -> str | None:
    """The title of a heading line (ATX or a bold-only line), else None."""
    if m := HEADING.match(line):
        return (m.group(2) or "").strip("*_ \t")
    if BOLD_LINE.match(line):
        return line.strip().strip("*_:").strip()
    return None


def blocks(text: str) -> list[Block]:
    """The blocks of ``text`` in order; blank lines and rules separate them, and a line that
    is not a heading, an item or a quotation continues the block before it."""
    out: list[Block] = []
    current: Block | None = None
    offset = 0
    for line in text.splitlines(keepends=True):
        line_start, offset = offset, offset + len(line)
        body = line.rstrip("\r\n")
        blank = not body.strip() or RULE.match(body) is not None
        heading = None if blank else HEADING.match(body)
        marker = None if blank or heading else _marker(body)
        if (blank or heading or marker is not None) and current is not None:
            out.append(current)
            current = None
        if heading:
            title = line_start + (heading.start(2) if heading.group(2) else len(body))
            out.append(Block(title, line_start + len(body.rstrip(" \t#")), "heading"))
        elif marker is not None:
            current = Block(line_start + marker, line_start + len(body), "item")
        elif not blank:
            begin = (line_start + len(body) - len(body.lstrip()) if current is None
                     else current.start)
            current = Block(begin, line_start + len(body),
                            "paragraph" if current is None else current.kind)
    if current is not None:
        out.append(current)
    return [b for b in out if b.end > b.start]


def _marker(body: str) -> int | None:
    """Where a list item's or quotation's text starts, if the line is one."""
    if not (LIST_ITEM.match(body) or body.lstrip().startswith(">")):
        return None
    m = MARKERS.match(body)
    return m.end() if m else None

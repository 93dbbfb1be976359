"""CLML provision bodies rendered as readable Markdown that keeps the statute's numbering.

Subsections become paragraphs ("(1) …"), paragraphs and sub-paragraphs nested list items
("- (a) …", "  - (i) …"), inserted text block quotes, tables pipe tables. Editorial markers
(commentary and footnote references) are left out; the words of the law are not changed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from services.lex.corpus._xml import child, local, squash, text_of

__all__ = ["render", "title_text"]

# Numbered levels: the element, and how deep its items sit (0 = a plain paragraph).
_LEVELS = {"P1": 0, "P2": 0, "P3": 1, "P4": 2, "P5": 3, "P6": 4, "P7": 5}
_INLINE_SKIP = frozenset({"CommentaryRef", "FootnoteRef", "MarginNoteRef", "Pnumber"})
_HEADINGS = frozenset({"Title", "Number", "Subtitle", "Heading"})
_IGNORED = frozenset({"CommentaryRef", "FootnoteRef", "Footnotes", "Commentaries", "Figure",
                      "Image", "Resources", "Pnumber", "Metadata"})

Block = tuple[int, str]
"""(depth, text): depth 0 is a paragraph, depth n ≥ 1 a list item nested n − 1 deep."""


def title_text(el: ET.Element | None) -> str:
    return text_of(el, skip=_INLINE_SKIP)


def render(el: ET.Element, *, number_top: bool = False) -> str:
    """Markdown for a provision (a P1, a P1group wrapper, a Schedule body …)."""
    blocks = _element(el, depth=0, number_top=number_top)
    return "\n\n".join(_format(b) for b in blocks if b[1])


def _format(block: Block) -> str:
    depth, text = block
    if depth <= 0:
        return text
    return "  " * (depth - 1) + "- " + text


def _element(el: ET.Element, depth: int, *, number_top: bool = True) -> list[Block]:
    name = local(el.tag)
    if name in _IGNORED:
        return []
    if name in _LEVELS:
        return _numbered(el, name, number_top=number_top)
    if name == "Text":
        return [(depth, title_text(el))]
    if name in _HEADINGS:
        heading = title_text(el)
        return [(0, f"**{heading}**")] if heading else []
    if name == "BlockAmendment" or name == "BlockExtract" or name == "BlockText":
        return _quoted(el, depth)
    if name in ("Tabular", "table"):
        return [(0, _table(el))]
    if name == "ListItem":
        return _item(el, depth + 1)
    if name in ("UnorderedList", "OrderedList"):
        return [b for c in el for b in _element(c, depth)]
    if name == "AppendText":
        return [(depth, title_text(el))]
    return _container(el, depth)


def _container(el: ET.Element, depth: int) -> list[Block]:
    blocks: list[Block] = []
    for c in el:
        for block in _element(c, depth):
            if local(c.tag) == "AppendText" and blocks:  # ", and" belongs to what precedes it
                last_depth, last_text = blocks[-1]
                blocks[-1] = (last_depth, f"{last_text}{block[1]}")
            else:
                blocks.append(block)
    return blocks


def _numbered(el: ET.Element, name: str, *, number_top: bool) -> list[Block]:
    depth = _LEVELS[name]
    number = title_text(child(el, "Pnumber"))
    label = ""
    if number and number_top:
        label = f"**{number}**" if name == "P1" else f"({number})"
    body: list[Block] = []
    for c in el:
        if local(c.tag) != "Pnumber":
            body.extend(_element(c, depth))
    if not label:
        return body
    if body and body[0][0] == depth:  # the first words go on the numbered line
        return [(depth, f"{label} {body[0][1]}"), *body[1:]]
    return [(depth, label), *body]


def _item(el: ET.Element, depth: int) -> list[Block]:
    body = _container(el, depth)
    if body:
        body[0] = (depth, body[0][1])
    return body


def _quoted(el: ET.Element, depth: int) -> list[Block]:
    inner = "\n\n".join(_format(b) for b in _container(el, 0) if b[1])
    if not inner:
        return []
    quoted = "\n".join(f"> {line}" if line else ">" for line in inner.split("\n"))
    return [(0, quoted)]


def _table(el: ET.Element) -> str:
    rows = [[squash(title_text(cell)).replace("|", "\\|") for cell in row
             if local(cell.tag) in ("td", "th")]
            for row in el.iter() if local(row.tag) == "tr"]
    rows = [r for r in rows if r]
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + " --- |" * width]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(lines)

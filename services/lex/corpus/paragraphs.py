"""A Schedule's paragraphs: what a question about a Schedule targets.

A Schedule is stored as one provision, but it is a run of numbered paragraphs, often dozens,
each on its own matter ("Time limits for appeals", "Service of documents") under a cross-heading.
A question asks about one of them, so a Schedule is searched by its paragraphs: each is
embedded under the Schedule's title and its cross-heading (``vectors.section_chunks``).

The rendered text (``_clml_markdown``) marks a paragraph by its bold number at the start of a
line (``**4A** (1) …``) and a cross-heading by a bold line of its own; an inserted Schedule
quoted by an amending one keeps the same marks behind ``>``.
"""

from __future__ import annotations

import re

import msgspec

__all__ = ["ScheduleParagraph", "schedule_paragraphs"]

_PARAGRAPH = re.compile(r"^[>\s]*\*\*(\d+[A-Z]*)\*\*(?=\s|$)")
_HEADING = re.compile(r"^[>\s]*\*\*([^*]+)\*\*\s*$")
_PART = re.compile(r"^(part|schedule)\s+[0-9A-Z]+$", re.IGNORECASE)
_QUOTE = re.compile(r"^[>\s]+")
_MIN_WORDS = 8
"""A paragraph shorter than this says nothing to search on: an omitted one is a dotted line,
an amendment of a single reference ("for “55” substitute “54”") a few words."""


class ScheduleParagraph(msgspec.Struct, frozen=True):
    """One numbered paragraph of a Schedule and the cross-heading it stands under."""

    number: str
    heading: str
    text: str


def schedule_paragraphs(text: str) -> list[ScheduleParagraph]:
    """The numbered paragraphs of a Schedule's rendered text, each with its cross-heading
    (the nearest bold heading before it that is not a Part's or Schedule's number)."""
    out: list[ScheduleParagraph] = []
    heading, number, lines = "", "", list[str]()
    for line in text.splitlines():
        if (m := _PARAGRAPH.match(line)) is not None:
            _keep(out, number, heading, lines)
            number, lines = m.group(1), [_QUOTE.sub("", line)]
        elif (h := _HEADING.match(line)) is not None:
            if not _PART.match(h.group(1).strip()):  # a Part's number heads no paragraph
                _keep(out, number, heading, lines)
                heading, number, lines = h.group(1).strip(), "", []
        elif number:
            lines.append(_QUOTE.sub("", line))
    _keep(out, number, heading, lines)
    return out


def _keep(out: list[ScheduleParagraph], number: str, heading: str, lines: list[str]) -> None:
    body = " ".join(" ".join(lines).split())
    if number and len(body.replace(".", " ").split()) > _MIN_WORDS:
        out.append(ScheduleParagraph(number, heading, body))

"""Citations as the extractive answer writes them: numbered in the order they are written, and
named in prose when there is no text left to quote."""

from __future__ import annotations

import html
from collections.abc import Sequence

from shared.answering.selection import Candidate, Source

__all__ = ["Citations", "listed"]


class Citations:
    """Numbers the citations in the order they are written."""

    def __init__(self, documents: Sequence[Source]) -> None:
        self.documents = documents
        self.n = 0
        self.numbers: dict[tuple[int, int], int] = {}

    def bare(self, doc: int) -> str:
        """A citation of a whole document that quotes nothing (its text is not held)."""
        self.n += 1
        ref = self.documents[doc].ref
        return f'<cite ref="{html.escape(ref, quote=True)}">{self.n}</cite>'

    def tag(self, c: Candidate) -> str:
        self.n += 1
        self.numbers[(c.doc, c.position)] = self.n
        ref = self.documents[c.doc].ref
        return (f'<cite ref="{html.escape(ref, quote=True)}" '
                f'quote="{html.escape(c.text, quote=True)}">{self.n}</cite>')


def listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"

"""The readable text of an HTML page (or fragment), in paragraphs, with ``html.parser``.

Scripts, styles, navigation, headers, footers and forms are dropped; when the page marks its
main content (``<main>``, ``<article>`` or ``role="main"``) only that is kept.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import msgspec

__all__ = ["Page", "Paragraph", "html_to_text", "read_page"]

_SKIP = frozenset({"script", "style", "noscript", "template", "svg", "nav", "header", "footer",
                   "aside", "form", "iframe", "button", "select", "object"})
_BLOCKS = frozenset({"p", "div", "li", "ul", "ol", "section", "main", "article", "br", "tr",
                     "table", "blockquote", "pre", "dd", "dt", "dl", "figcaption", "hr", "td",
                     "th", "h1", "h2", "h3", "h4", "h5", "h6", "body", "summary", "details"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_MAIN = frozenset({"main", "article"})
_SPACE = re.compile(r"\s+")


class Paragraph(msgspec.Struct, frozen=True, kw_only=True):
    text: str
    heading: str = ""
    """The nearest heading above the paragraph."""
    in_main: bool = False


class Page(msgspec.Struct, frozen=True, kw_only=True):
    title: str
    paragraphs: list[Paragraph]


class _Reader(HTMLParser):
    def __init__(self, *, headings_as_text: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.headings_as_text = headings_as_text
        self.title = ""
        self.first_heading = ""
        self.paragraphs: list[Paragraph] = []
        self._buffer: list[str] = []
        self._skip = 0
        self._main = 0
        self._in_title = False
        self._in_heading = False
        self._heading = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = not self._skip and not self.title  # not an SVG's <title>
            return
        if tag in _SKIP:
            self._skip += 1
            return
        if tag in _BLOCKS:
            self._flush()
        if tag in _MAIN or ("role", "main") in attrs:
            self._main += 1
        self._in_heading = self._in_heading or tag in _HEADINGS

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
            return
        if tag in _SKIP:
            self._skip = max(0, self._skip - 1)
            return
        if tag in _BLOCKS:
            self._flush()
        if tag in _MAIN:
            self._main = max(0, self._main - 1)
        if tag in _HEADINGS:
            self._in_heading = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self._buffer.append(data)

    def close(self) -> None:
        super().close()
        self._flush()

    def _flush(self) -> None:
        text = _SPACE.sub(" ", "".join(self._buffer)).strip()
        self._buffer = []
        if not text:
            return
        if self._in_heading and not self.headings_as_text:
            self._heading = text
            self.first_heading = self.first_heading or text
            return
        self.paragraphs.append(Paragraph(text=text, heading=self._heading,
                                         in_main=self._main > 0))


def read_page(html: str) -> Page:
    """Title and paragraphs of a page; only its main content when it marks one."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    paragraphs = reader.paragraphs
    if any(p.in_main for p in paragraphs):
        paragraphs = [p for p in paragraphs if p.in_main]
    title = _SPACE.sub(" ", reader.title).strip() or reader.first_heading
    return Page(title=title, paragraphs=paragraphs)


def html_to_text(fragment: str) -> str:
    """Plain text of an HTML fragment (a feed item's description), paragraphs kept apart."""
    reader = _Reader(headings_as_text=True)
    reader.feed(fragment)
    reader.close()
    return "\n\n".join(p.text for p in reader.paragraphs)

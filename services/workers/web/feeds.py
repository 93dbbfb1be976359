"""RSS 2.0 and Atom feeds, read with ``xml.etree.ElementTree``.

A feed that declares a DOCTYPE or an entity is refused before parsing: feeds have no need of
either, and refusing them rules out entity-expansion and external-entity attacks.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from services.workers.web.items import ExternalItem, item_id, parse_date, web_url
from services.workers.web.pages import html_to_text
from shared.sources.errors import MalformedContent
from shared.sources.store import ExternalSource

__all__ = ["parse_feed"]

_ATOM = "{http://www.w3.org/2005/Atom}"
_CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"


def _refuse_declarations(body: bytes) -> None:
    lowered = body.lower()
    if b"<!doctype" in lowered or b"<!entity" in lowered:
        raise MalformedContent("Its feed declares a DOCTYPE or an entity, which is refused.")
    if b"\x00" in body:  # UTF-16/32 would hide declarations from the check above
        raise MalformedContent("Its feed is not encoded in UTF-8 or a single-byte encoding.")


def parse_feed(source: ExternalSource, body: bytes, base_url: str) -> list[ExternalItem]:
    """Items of an RSS 2.0 or Atom feed."""
    _refuse_declarations(body)
    try:
        root = ET.fromstring(body)
    except ET.ParseError as e:
        line, column = e.position
        raise MalformedContent(f"Its feed is not well-formed XML (line {line}, column "
                               f"{column}).") from e
    if root.tag == "rss":
        entries = [_rss_item(source, e, base_url) for e in root.iterfind("channel/item")]
    elif root.tag == f"{_ATOM}feed":
        entries = [_atom_entry(source, e, base_url) for e in root.iterfind(f"{_ATOM}entry")]
    else:
        raise MalformedContent(f"It is neither an RSS nor an Atom feed (its root element is "
                               f"<{root.tag}>).")
    return [e for e in entries if e is not None]


def _child_text(element: ET.Element, tag: str) -> str:
    child = element.find(tag)
    return "".join(child.itertext()).strip() if child is not None else ""


def _item(source: ExternalSource, ident: str, title: str, html: str, url: str | None,
          published: str) -> ExternalItem | None:
    text = html_to_text(html) if html else ""
    title = html_to_text(title) if "<" in title else title
    ident = ident or url or title + text
    if not (title or text) or not ident:
        return None
    return ExternalItem(source=source.source_id, id=item_id(ident), title=title or text[:80],
                        text=text or title, url=url, published=parse_date(published))


def _rss_item(source: ExternalSource, e: ET.Element, base: str) -> ExternalItem | None:
    url = web_url(_child_text(e, "link"), base)
    return _item(source, _child_text(e, "guid"), _child_text(e, "title"),
                 _child_text(e, _CONTENT) or _child_text(e, "description"), url,
                 _child_text(e, "pubDate"))


def _atom_entry(source: ExternalSource, e: ET.Element, base: str) -> ExternalItem | None:
    links = e.findall(f"{_ATOM}link")
    link = next((x for x in links if x.get("rel", "alternate") == "alternate"), None)
    url = web_url(link.get("href") if link is not None else None, base)
    return _item(source, _child_text(e, f"{_ATOM}id"), _child_text(e, f"{_ATOM}title"),
                 _child_text(e, f"{_ATOM}content") or _child_text(e, f"{_ATOM}summary"), url,
                 _child_text(e, f"{_ATOM}published") or _child_text(e, f"{_ATOM}updated"))

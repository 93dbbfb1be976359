"""What a source yields: ``ExternalItem``s, read from a JSON API, a feed or an HTML page."""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin

import msgspec

from services.workers.web.pages import read_page
from shared.sources.errors import MalformedContent
from shared.sources.store import ExternalSource

__all__ = ["ExternalItem", "item_id", "parse_date", "parse_html", "parse_json", "web_url"]

MIN_PARAGRAPH = 40
"""Shorter page paragraphs are links, labels and captions rather than material."""
_PLAIN_ID = re.compile(r"[A-Za-z0-9._~-]{1,64}")


class ExternalItem(msgspec.Struct, frozen=True, kw_only=True):
    """One citable piece of an external source, cited as ``ext:<source>/<id>``."""

    source: str
    id: str
    title: str
    text: str
    url: str | None = None
    published: datetime | None = None

    @property
    def ref(self) -> str:
        return f"ext:{self.source}/{self.id}"


def item_id(raw: str) -> str:
    """A stable id usable in a reference: the source's own when plain, else a short hash."""
    raw = raw.strip()
    if _PLAIN_ID.fullmatch(raw):
        return raw
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:12]


def parse_date(value: object) -> datetime | None:
    """ISO 8601 (Atom, most JSON APIs) or RFC 822 (RSS) dates; ``None`` when neither."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return datetime.fromisoformat(value.strip())
    except ValueError:
        pass
    try:
        return parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None


def web_url(value: object, base: str) -> str | None:
    """An item's link made absolute; only http and https links are kept."""
    if not isinstance(value, str) or not value.strip():
        return None
    url = urljoin(base, value.strip())
    return url if url.startswith(("http://", "https://")) else None


def _dig(data: object, path: str) -> object:
    for part in filter(None, path.split(".")):
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def _text(value: object) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def parse_json(source: ExternalSource, body: bytes, base_url: str) -> list[ExternalItem]:
    """Items of a JSON API, found at ``items_path`` and mapped by the source's field names."""
    try:
        data = msgspec.json.decode(body)
    except msgspec.DecodeError as e:
        raise MalformedContent(f"It did not send valid JSON ({e}).") from e
    found = _dig(data, source.items_path)
    if not isinstance(found, list):
        where = f"at '{source.items_path}'" if source.items_path else "at its top level"
        raise MalformedContent(f"Its JSON has no list of items {where}.")
    items = []
    for raw in found:
        if not isinstance(raw, dict):
            continue
        title, text = _text(_dig(raw, source.title_field)), _text(_dig(raw, source.text_field))
        url = web_url(_dig(raw, source.url_field), base_url)
        ident = _text(_dig(raw, source.id_field)) or url or title + text
        if not (title or text) or not ident:
            continue
        items.append(ExternalItem(source=source.source_id, id=item_id(ident), title=title or
                                  text[:80], text=text or title, url=url,
                                  published=parse_date(_dig(raw, source.date_field))))
    return items


def parse_html(source: ExternalSource, body: bytes, base_url: str, charset: str
               ) -> list[ExternalItem]:
    """Paragraphs of an HTML page, each an item titled by the page and its nearest heading."""
    page = read_page(body.decode(charset, errors="replace"))
    title = page.title or source.name
    items = []
    for p in page.paragraphs:
        if len(p.text) < MIN_PARAGRAPH:
            continue
        heading = f"{title} — {p.heading}" if p.heading and p.heading != title else title
        items.append(ExternalItem(source=source.source_id, id=item_id(f"p:{p.text}"),
                                  title=heading, text=p.text, url=base_url))
    if not items:
        raise MalformedContent("Its page has no readable text.")
    return items

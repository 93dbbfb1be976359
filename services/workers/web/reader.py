"""A fetched body read as the kind of source it is configured as."""

from __future__ import annotations

import codecs
from typing import assert_never

from services.workers.web.feeds import parse_feed
from services.workers.web.fetch import Fetched
from services.workers.web.items import ExternalItem, parse_html, parse_json
from shared.sources.store import ExternalSource

__all__ = ["read_items"]


def _charset(content_type: str) -> str:
    for param in content_type.split(";")[1:]:
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset":
            name = value.strip().strip('"')
            try:
                return codecs.lookup(name).name
            except LookupError:
                break
    return "utf-8"


def read_items(source: ExternalSource, fetched: Fetched) -> list[ExternalItem]:
    """Items of one source; ``MalformedContent`` when the body is not what it should be."""
    match source.kind:
        case "json":
            return parse_json(source, fetched.body, fetched.url)
        case "feed":
            return parse_feed(source, fetched.body, fetched.url)
        case "html":
            return parse_html(source, fetched.body, fetched.url, _charset(fetched.content_type))
        case _:
            assert_never(source.kind)

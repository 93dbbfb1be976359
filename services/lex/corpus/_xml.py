"""Safe parsing and namespace-blind helpers shared by the CLML and Akoma Ntoso parsers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from xml.parsers import expat

from services.lex.corpus.errors import MalformedXmlError, UnsafeXmlError

_SPACES = re.compile(r"\s+")


class _Stop(Exception):
    """Raised inside expat to end the prolog scan at the root element."""


class _Unsafe(Exception):
    """Raised inside expat when a DOCTYPE or ENTITY declaration is met."""


def _refuse(*_: object) -> None:
    raise _Unsafe


def _stop(*_: object) -> None:
    raise _Stop


def _check_prolog(data: bytes) -> None:
    """Refuse DOCTYPE and ENTITY declarations; they can only appear before the root element."""
    scanner = expat.ParserCreate()
    scanner.StartDoctypeDeclHandler = _refuse
    scanner.EntityDeclHandler = _refuse
    scanner.StartElementHandler = _stop
    try:
        scanner.Parse(data, True)
    except _Stop:
        return
    except _Unsafe:
        raise UnsafeXmlError(
            "The document declares a DOCTYPE or entities, which are refused for safety "
            "(entity expansion); legislation and judgments never need them."
        ) from None
    except expat.ExpatError as e:
        raise MalformedXmlError(f"The document is not well-formed XML: {_describe(e)}.") from None


def _describe(e: expat.ExpatError | ET.ParseError) -> str:
    line, column = getattr(e, "position", (getattr(e, "lineno", 0), getattr(e, "offset", 0)))
    reason = str(e).split(":")[0]
    return f"{reason} at line {line}, column {column}"


def parse_xml(data: bytes | str) -> ET.Element:
    """Parse bytes into an element tree, translating every failure into a ``LegalParseError``."""
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if not raw.strip():
        raise MalformedXmlError("The document is empty: there is no XML to parse.")
    _check_prolog(raw)
    try:
        return ET.fromstring(raw)
    except ET.ParseError as e:
        raise MalformedXmlError(f"The document is not well-formed XML: {_describe(e)}.") from None


def local(tag: object) -> str:
    """``{namespace}P1`` → ``P1`` (comments and processing instructions → "")."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def namespace(tag: str) -> str:
    return tag[1:].partition("}")[0] if tag.startswith("{") else ""


def children(el: ET.Element, name: str) -> Iterator[ET.Element]:
    """Direct children with this local name, whatever their namespace."""
    return (c for c in el if local(c.tag) == name)


def child(el: ET.Element, name: str) -> ET.Element | None:
    return next(children(el, name), None)


def descendants(el: ET.Element, name: str) -> Iterator[ET.Element]:
    return (d for d in el.iter() if local(d.tag) == name)


def first(el: ET.Element, name: str) -> ET.Element | None:
    return next(descendants(el, name), None)


def squash(text: str) -> str:
    """Collapse runs of white space, as XML layout white space means nothing."""
    return _SPACES.sub(" ", text).strip()


def text_of(el: ET.Element | None, *, skip: frozenset[str] = frozenset()) -> str:
    """All the text inside an element, white space collapsed, leaving out ``skip`` elements."""
    if el is None:
        return ""
    return squash("".join(_texts(el, skip)))


def _texts(el: ET.Element, skip: frozenset[str]) -> Iterator[str]:
    if el.text:
        yield el.text
    for c in el:
        if local(c.tag) not in skip:
            yield from _texts(c, skip)
        if c.tail:
            yield c.tail

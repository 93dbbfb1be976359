"""Why a legislation or judgment document could not be parsed: one root, one subclass per cause.

The parsers translate every XML library error into one of these, so callers never see an
lxml or ElementTree traceback and can tell a broken file from a wrong one.
"""

from __future__ import annotations

__all__ = [
    "LegalParseError",
    "MalformedXmlError",
    "MissingMetadataError",
    "NotAkomaNtosoError",
    "NotClmlError",
    "UnsafeXmlError",
    "WrongFormatError",
]


class LegalParseError(ValueError):
    """A legal document could not be turned into records."""


class MalformedXmlError(LegalParseError):
    """The bytes are not well-formed XML."""


class UnsafeXmlError(LegalParseError):
    """The XML declares a document type or entities, which we refuse (entity expansion)."""


class WrongFormatError(LegalParseError):
    """Well-formed XML, but not the format this parser reads."""


class NotClmlError(WrongFormatError):
    """Not legislation.gov.uk CLML."""


class NotAkomaNtosoError(WrongFormatError):
    """Not a Find Case Law Akoma Ntoso judgment."""


class MissingMetadataError(LegalParseError):
    """The right format, but without metadata every record needs (an identifier, a title)."""

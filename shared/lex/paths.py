"""Identifiers of legislation and judgments: full URIs and the short paths people type.

``http://www.legislation.gov.uk/id/ukpga/2004/34``, ``https://www.legislation.gov.uk/ukpga/2004/34``
and ``ukpga/2004/34`` name the same Act; the corpus stores the path and the full id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["caselaw_path", "citation_key", "legislation_path", "number_key", "provision_number"]

_LEGISLATION_PREFIX = re.compile(r"^https?://(www\.)?legislation\.gov\.uk/(id/)?", re.IGNORECASE)
_CASELAW_PREFIX = re.compile(r"^https?://caselaw\.nationalarchives\.gov\.uk/(id/)?",
                             re.IGNORECASE)
_VERSION_SUFFIX = re.compile(r"/(data\.xml|data\.akn|enacted|made|\d{4}-\d{2}-\d{2})$")
_NUMBER = re.compile(r"^(\d+)(.*)$")
_SPACES = re.compile(r"\s+")


def legislation_path(id_or_path: str) -> str:
    """Any legislation.gov.uk id, URI or path → ``ukpga/2004/34[/section/5]``."""
    path = _LEGISLATION_PREFIX.sub("", id_or_path.strip()).strip("/")
    while (trimmed := _VERSION_SUFFIX.sub("", path)) != path:
        path = trimmed
    return path


def caselaw_path(id_or_path: str) -> str:
    """A Find Case Law URI or path → ``ewhc/admin/2017/3409``."""
    return _CASELAW_PREFIX.sub("", id_or_path.strip()).strip("/").lower()


def citation_key(citation: str) -> str:
    """A neutral citation normalised for comparison: ``[2017]  EWHC 3409 (admin)`` matches."""
    return _SPACES.sub(" ", citation.strip()).lower()


def number_key(number: str) -> tuple[int, str]:
    """Numeric-aware order for provision numbers: 2 < 10 < 10A < 10ZA sorts by (10, "A")."""
    m = _NUMBER.match(number.strip())
    if m is None:
        return (2**31 - 1, number.strip())
    return (int(m.group(1)), m.group(2))


_PROVISION = re.compile(r"/(?P<kind>[a-z]+)/(?P<number>[0-9A-Za-z]+)\.?$")


def provision_number(record: Mapping[str, object]) -> tuple[str, str]:
    """A provision record's kind and number as written: ``("section", "70A")``.

    Read from the record's id, because Lex's ``number`` is an integer, null for a lettered
    provision (``section/70A``) and the same for ``section/1`` and ``schedule/1``.
    """
    path = legislation_path(str(record.get("id") or record.get("uri") or ""))
    m = _PROVISION.search(path)
    if m is not None:
        return m["kind"], m["number"]
    number = record.get("number")
    kind = str(record.get("provision_type") or "section")
    return kind, "" if number is None else str(number)

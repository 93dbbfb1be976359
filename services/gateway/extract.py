"""The text of an uploaded file: plain text or Markdown as sent, PDF and DOCX extracted.

What cannot be read as text — a scanned PDF with no text layer, a corrupt or encrypted file, an
image or any other type — is an ``Unreadable`` (415) and nothing is stored. A DOCX keeps its
headings as Markdown headings (``Heading 2`` → ``##``), so chunks stay under their headings and
the title can come from the first one.
"""

from __future__ import annotations

import io
import logging
import re
import zipfile
from pathlib import PurePath

from shared.text.validation import decoded_text

__all__ = ["Unreadable", "extracted_text"]

log = logging.getLogger("yourai.gateway")

_PDF = b"%PDF-"
_ZIP = b"PK\x03\x04"
_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_TEXT_TYPES = ("text/", "application/json", "application/x-yaml")
_HEADING_STYLE = re.compile(r"^Heading (\d)$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class Unreadable(ValueError):
    """A file whose text cannot be read (415)."""


def extracted_text(data: bytes, *, filename: str, content_type: str) -> str:
    """The text of an uploaded file; raises ``Unreadable`` or ``InvalidText``."""
    suffix = PurePath(filename).suffix.lower()
    if data.startswith(_PDF) or suffix == ".pdf" or content_type == "application/pdf":
        return _pdf_text(data)
    if data.startswith(_ZIP) or suffix == ".docx" or content_type == _DOCX:
        return _docx_text(data)
    if content_type.startswith(_TEXT_TYPES) or suffix in (".md", ".txt", ".markdown"):
        return decoded_text(data, field="The uploaded file")  # text that is not UTF-8: 400
    try:
        return decoded_text(data, field="The uploaded file")
    except ValueError as e:
        raise Unreadable(f"The file ‘{filename}’ ({content_type or 'unknown type'}) is not a "
                         "type we can read: upload text, Markdown, PDF or Word (DOCX).") from e


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise Unreadable("The PDF is encrypted: upload it without a password.")
        pages = [page.extract_text() or "" for page in reader.pages]
    except Unreadable:
        raise
    except Exception as e:  # pypdf raises many kinds for a damaged file
        log.info("unreadable PDF upload: %s", e)
        raise Unreadable("The PDF could not be read (it may be damaged).") from e
    text = _CONTROL.sub("", "\n\n".join(p.strip() for p in pages if p.strip()))
    if not text.strip():
        raise Unreadable("The PDF has no text layer (it looks like scanned images): upload a "
                         "PDF with selectable text, or the document in Word or text form.")
    return text


def _docx_text(data: bytes) -> str:
    import docx

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError) as e:
        raise Unreadable("The Word document could not be read (it is not a valid DOCX "
                         "file; older .doc files are not supported).") from e
    except Exception as e:  # python-docx surfaces lxml and package errors too
        log.info("unreadable DOCX upload: %s", e)
        raise Unreadable("The Word document could not be read (it may be damaged).") from e
    blocks = []
    for paragraph in document.paragraphs:
        text = paragraph.text.strip()
        if not text:
            continue
        style = paragraph.style.name if paragraph.style is not None else ""
        level = _HEADING_STYLE.match(style or "")
        if level or style == "Title":
            text = "#" * (int(level.group(1)) if level else 1) + " " + text
        blocks.append(text)
    text = _CONTROL.sub("", "\n\n".join(blocks))
    if not text.strip():
        raise Unreadable("The Word document has no text.")
    return text

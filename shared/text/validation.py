"""Text the engine will store: valid UTF-8, no NUL, no lone surrogates, something visible.

PostgreSQL's ``text`` refuses NUL and anything that is not UTF-8, and a lone surrogate cannot
even be encoded; each would otherwise surface as a driver error deep inside a write. Every
input path (request bodies, uploaded files, form fields, token claims) checks its text here
first, so the refusal is a clear sentence naming the field, and nothing is written.
"""

from __future__ import annotations

import re

__all__ = ["InvalidText", "checked_text", "decoded_text", "is_blank"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_VISIBLE = re.compile(r"[^\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
"""Anything but whitespace, soft hyphens, the zero-width and invisible format characters and
the bidirectional controls (a name made only of U+202E shows blank, or spoofs another)."""


class InvalidText(ValueError):
    """Text that cannot be stored or carries nothing visible; the message names the field."""


def is_blank(value: str) -> bool:
    """True when ``value`` shows nothing: only whitespace or zero-width characters."""
    return _VISIBLE.search(value) is None


def checked_text(value: str, *, field: str, blank_ok: bool = False) -> str:
    """``value`` unchanged if it can be stored; raises ``InvalidText`` saying why not.

    Args:
        value: the text as decoded from the request.
        field: how to name it to the user, e.g. "The message content".
        blank_ok: whether empty or invisible-only text is acceptable (optional fields).
    """
    if "\x00" in value:
        raise InvalidText(f"{field} must not contain NUL characters.")
    if _SURROGATE.search(value):
        raise InvalidText(f"{field} is not valid Unicode text (it has an unpaired surrogate).")
    if not blank_ok and is_blank(value):
        raise InvalidText(f"{field} must contain some visible text.")
    return value


def decoded_text(raw: bytes, *, field: str, blank_ok: bool = False) -> str:
    """``raw`` decoded as strict UTF-8 and checked like ``checked_text``."""
    try:
        value = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidText(f"{field} must be UTF-8 text (byte {e.start} is not).") from e
    return checked_text(value, field=field, blank_ok=blank_ok)

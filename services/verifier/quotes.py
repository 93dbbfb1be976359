"""Whether a quote is verbatim in a source, ignoring only typography (DESIGN §5).

A writer (or a model) may straighten curly quotes, turn an en dash into a hyphen or rewrap
lines; none of that changes the words, so none of it may fail a real quotation. An ellipsis in
the quote stands for omitted words: each part (of two words or more) must appear, in order.
"""

from __future__ import annotations

import re

__all__ = ["contains_quote", "normalise"]

_TRANSLATE = str.maketrans({
    **dict.fromkeys("‘’‚‛′`´", "'"),
    **dict.fromkeys("“”„‟″«»", '"'),
    **dict.fromkeys("‐‑‒–—―−", "-"),
    **dict.fromkeys("\u00a0\u2007\u202f\u2009\u200a\u2002\u2003\u3000", " "),
    "\u200b": "",
    "\u00ad": "",
})
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.|…|\[\.\.\.\]|\[…\])\s*")


def normalise(text: str) -> str:
    """Unify quote marks, apostrophes, dashes and white space."""
    return " ".join(text.translate(_TRANSLATE).split())


def contains_quote(source: str, quote: str) -> bool:
    """``quote`` appears verbatim in ``source`` after normalising both."""
    haystack = normalise(source)
    parts = [p for p in (normalise(x) for x in _ELLIPSIS.split(quote)) if p]
    if not parts or (len(parts) > 1 and any(len(p.split()) < 2 for p in parts)):
        # Single words between ellipses would match almost any source.
        return False
    pos = 0
    for part in parts:
        found = haystack.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return True

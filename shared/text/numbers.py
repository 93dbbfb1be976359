"""Numbers as people write them: digits, "1,000", "fourteen", "twenty-eight".

One definition for every party that reads figures out of text: the verifier's claim checks
(28 days where the source says 30), the offline answerer's periods ("within seven days") and
the semantic cache's guard ("fourteen days" asks what "14 days" asks).
"""

from __future__ import annotations

import re

__all__ = ["NUMBER", "SMALL", "TENS", "WORD_NUMBER", "number_value", "with_digits"]

SMALL: tuple[str, ...] = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())
"""The number words below twenty, each at its own value's index."""
TENS: dict[str, int] = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                        "seventy": 70, "eighty": 80, "ninety": 90}

WORD_NUMBER = (rf"(?:(?:{'|'.join(TENS)})(?:[- ](?:{'|'.join(SMALL[1:10])}))?"
               rf"|{'|'.join(sorted(SMALL, key=len, reverse=True))})")
"""A number in words up to ninety-nine: "fourteen", "twenty-eight", "thirty one"."""
NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?|{WORD_NUMBER})"
"""A number in digits (with thousands separators or a decimal point) or in words."""

_IN_WORDS = re.compile(rf"\b{WORD_NUMBER}\b", re.IGNORECASE)


def number_value(raw: str) -> float | None:
    """The value of a number written as ``NUMBER`` matches it: ``"1,000"`` → 1000,
    ``"twenty-eight"`` → 28; ``None`` for anything else."""
    raw = raw.lower().replace(",", "")
    try:
        return float(raw)
    except ValueError:
        pass
    total = 0
    for part in re.split(r"[- ]", raw):
        if part in TENS:
            total += TENS[part]
        elif part in SMALL:
            total += SMALL.index(part)
        else:
            return None
    return float(total)


def with_digits(text: str, *, keep: frozenset[str] = frozenset({"one"})) -> str:
    """``text`` with its number words written in digits ("fourteen days" → "14 days").

    ``keep`` names the words left alone: "one" is as often a pronoun ("no one", "one of the
    tenants") as a number, so by default it stays a word.
    """
    def digits(m: re.Match[str]) -> str:
        if m.group(0).lower() in keep:
            return m.group(0)
        value = number_value(m.group(0))
        return m.group(0) if value is None else str(int(value))
    return _IN_WORDS.sub(digits, text)

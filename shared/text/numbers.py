"""Numbers as people write them: digits, "1,000", "fourteen", "twenty-eight"; ordinals, "the
fourth claim", "the 28th day", "the twenty-first"; and sums of money: "£4,000", "£5k", "£1.5
million", "five thousand pounds".

One definition for every party that reads figures out of text: the verifier's claim checks
(28 days where the source says 30, £5,000 where it says £2,500, "the fourteenth day following"
against "the 28th day after", "the third claim" against "the fourth"), the offline answerer's
periods ("within seven days") and bands of cost ("the quote is about £4,000" against "between
£1,500 and £10,000"), the semantic cache's guard ("fourteen days" asks what "14 days" asks,
"the first stage" what "stage 1" asks) and the reading of a judgment's sides ("the First
Defendant" is the party its header lists as "1st Defendant").
"""

from __future__ import annotations

import re

__all__ = ["MONEY", "NUMBER", "ORDINALS", "SCALES", "SMALL", "TENS", "WORD_NUMBER",
           "in_figures", "money_value", "number_value", "ordinal_value", "with_digits"]

SMALL: tuple[str, ...] = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())
"""The number words below twenty, each at its own value's index."""
TENS: dict[str, int] = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                        "seventy": 70, "eighty": 80, "ninety": 90}

WORD_NUMBER = (rf"(?:(?:{'|'.join(TENS)})(?:[- ](?:{'|'.join(SMALL[1:10])}))?"
               rf"|{'|'.join(sorted(SMALL, key=len, reverse=True))})")
"""A number in words up to ninety-nine: "fourteen", "twenty-eight", "thirty one"."""
NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|{WORD_NUMBER})"
"""A number in digits (with thousands separators, a decimal point or both: "£1,500.50") or in
words."""

SCALES: dict[str, float] = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6,
                            "billion": 1e9}
"""The words and letters that multiply a sum or a count: "£5k", "£1.5 million", "five thousand
pounds", "a billion set-top boxes"."""
_MONEY = (rf"£\s?(?P<n>{NUMBER})(?:\s?(?P<scale>million|m|k|thousand)\b)?"
          rf"|\b(?P<w>{NUMBER})(?:\s(?P<wscale>thousand|million))?\s+pounds\b")
MONEY = "(?i:" + re.sub(r"\(\?P<\w+>", "(?:", _MONEY) + ")"  # the same, its groups unnamed
"""A sum in pounds: "£4,000", "£ 600", "£5k", "£1.5 million", "£five", "five thousand pounds",
"500 pounds" (no groups of its own, so that a pattern may hold several: "between £A and
£B"). Its value is ``money_value``'s."""
_MONEY_READ = re.compile(_MONEY, re.IGNORECASE)

ORDINALS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
"""The ordinal words up to twelfth and their values, in order: the ones a judgment counts its
claims, appeals and parties by ("the fourth claim", "the Second Defendant"). Beyond them an
ordinal is its number with "th" ("thirteenth", "twentieth"), which ``ordinal_value`` reads."""

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


def ordinal_value(raw: str) -> float | None:
    """The value of an ordinal in figures or in words: ``"28th"`` → 28, ``"first"`` → 1,
    ``"fourteenth"`` → 14, ``"twentieth"`` → 20, ``"twenty-eighth"`` → 28; ``None`` for a word
    that is no ordinal ("hundredth" is beyond ``NUMBER``'s words)."""
    raw = raw.lower()
    if raw[:1].isdigit():
        return float(re.sub(r"\D", "", raw))
    head, _, last = raw.rpartition("-")
    if last in ORDINALS:
        unit = float(ORDINALS[last])
    elif last.endswith("ieth"):
        unit = float(TENS.get(last[:-4] + "y", -1))
    elif last.endswith("th"):
        unit = number_value(last[:-2]) or number_value(last[:-2] + "e") or -1.0
    else:
        return None
    if unit < 0:
        return None
    return unit + (float(TENS[head]) if head in TENS else 0.0) if head else unit


def in_figures(value: int) -> str:
    """An ordinal's value written in figures, as a judgment's header numbers its parties: 1 →
    "1st", 4 → "4th", 12 → "12th", 22 → "22nd"."""
    suffix = "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(
        value % 10, "th")
    return f"{value}{suffix}"


def money_value(raw: str) -> float | None:
    """The value in pounds of a sum written as ``MONEY`` matches it: ``"£4,000"`` → 4000,
    ``"£1.5 million"`` → 1500000, ``"five thousand pounds"`` → 5000; ``None`` for anything
    else."""
    m = _MONEY_READ.fullmatch(raw.strip())
    if m is None:
        return None
    value = number_value(m["n"] or m["w"])
    scale = SCALES.get((m["scale"] or m["wscale"] or "").lower(), 1.0)
    return None if value is None else value * scale


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

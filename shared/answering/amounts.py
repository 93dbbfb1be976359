"""Sums of money a question states, and the bands of cost a sentence sets.

A question often states the facts of a case as a sum ("the quote is about £4,000", "a former
tenant's balance of £600") and asks what follows from it; the sources set their rules by bands
of cost ("between £1,500 and £10,000", "more than £10,000", "balances under £50"). The rule
that answers is the one whose band holds the question's sum: a two-step answer, the sum meeting
the band it falls in, not the band whose words are nearest the question's.
"""

from __future__ import annotations

import math
import re

from shared.text.numbers import MONEY, money_value

__all__ = ["band_fit", "sums"]

_POUNDS = rf"({MONEY})"
_SUM = re.compile(MONEY)
_BANDS = re.compile(
    rf"\bbetween {_POUNDS} and {_POUNDS}|"
    rf"(?:\bfrom )?{_POUNDS}\s?(?:to|-|–)\s?{_POUNDS}|"
    rf"\b(?:more than|over|above|exceeding|in excess of|greater than) {_POUNDS}|"
    rf"\b(?:at least|not less than|no less than) {_POUNDS}|"
    rf"{_POUNDS} or (?:more|over|above)|"
    rf"\b(?:less than|under|below|up to|no more than|not more than|not exceeding) {_POUNDS}|"
    rf"{_POUNDS} or (?:less|under|below)", re.IGNORECASE)
"""A band of cost, in the order its bounds are written: a range, an open upper band, an open
lower band (each alternative's groups in turn)."""
_CAP = re.compile(r"^up to\b", re.IGNORECASE)


def sums(text: str) -> list[float]:
    """The sums of money ``text`` states ("£4,000", "£ 600", "£1.5 million", "five thousand
    pounds")."""
    return [v for m in _SUM.finditer(text) if (v := money_value(m.group(0))) is not None]


def _bands(sentence: str) -> list[tuple[float, float]]:
    """The bands of cost ``sentence`` sets, each as its lowest and highest sum."""
    out: list[tuple[float, float]] = []
    for m in _BANDS.finditer(sentence):
        groups = m.groups()
        found = [i for i, g in enumerate(groups) if g is not None]
        values = [v for i in found if (v := money_value(groups[i])) is not None]
        first = found[0]
        if first < 4:  # a range: "between £A and £B", "£A to £B"
            out.append((values[0], values[1]))
        elif first < 7:  # an open upper band: "more than £A", "at least £A", "£A or more"
            out.append((values[0], math.inf))
        elif not (out and _CAP.match(m.group(0))):
            # An open lower band: "less than £A", "up to £A", "£A or less"; but "up to £A"
            # after a band is what the rule for that band pays ("more than £10,000, we will
            # … contribute up to £5,000"), not a band of its own.
            out.append((0.0, values[0]))
    return out


def band_fit(asked: list[float], sentence: str) -> int:
    """Whether ``sentence``'s bands hold a sum the question states (1), set bands none of
    them holds (-1: a rule for other cases), or set none (0)."""
    if not asked:
        return 0
    bands = _bands(sentence)
    if not bands:
        return 0
    return 1 if any(lo <= s <= hi for s in asked for lo, hi in bands) else -1

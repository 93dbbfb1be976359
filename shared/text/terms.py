"""Words that say what a text is about: stop words, a light stemmer, content terms.

One definition for every party that compares texts by their words: the offline answerer's
sentence choice, the verifier's claim checks, and the ranking of external items and search
results.
"""

from __future__ import annotations

import re

__all__ = ["STOP_WORDS", "WORD", "content_terms", "stem", "terms"]

STOP_WORDS = frozenset(
    """a about above after again against all also am amongst an and any are as at be because
    been before being below between both but by can could did do does doing done down during
    each either etc few for from further get gets got had has have having he her here hers him
    his how i if in into is it its itself just let many me more most much my no nor not now of
    off on once only or other our ours out over own please same she should so some such tell
    than that the their theirs them then there these they this those through to too under until
    up upon us very was we were what whatever when where whether which while whilst who whom
    whose why will with within without would you your yours explain know need needs""".split()
)
"""Common British English function words; they say nothing about what a text is about."""

WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
"""A word: letters and digits, with an apostrophe ending such as ``tenant's``."""


_IRREGULAR = {
    form: base
    for base, forms in {
        "arise": "arose arisen", "be": "was were been", "bear": "borne", "become": "became",
        "begin": "began begun", "bring": "brought", "build": "built", "buy": "bought",
        "catch": "caught", "choose": "chose chosen", "come": "came", "deal": "dealt",
        "do": "did done doing", "draw": "drew drawn", "feel": "felt", "find": "found",
        "forbid": "forbade forbidden", "forget": "forgot forgotten", "get": "got gotten",
        "give": "gave given", "go": "went gone going", "grow": "grew grown",
        "have": "had having", "hold": "held", "keep": "kept", "know": "knew known",
        "lead": "led", "leave": "left", "lend": "lent", "lose": "lost", "make": "made",
        "mean": "meant", "meet": "met", "pay": "paid", "run": "ran", "say": "said",
        "see": "seen", "seek": "sought", "sell": "sold", "send": "sent", "show": "shown",
        "speak": "spoke spoken", "spend": "spent", "stand": "stood", "sweep": "swept",
        "take": "took taken", "teach": "taught", "tell": "told", "think": "thought",
        "throw": "threw thrown",
        "understand": "understood", "undertake": "undertook undertaken",
        "withdraw": "withdrew withdrawn", "withhold": "withheld", "write": "wrote written",
    }.items()
    for form in forms.split()
}
"""Common English verbs whose other forms no suffix rule reaches ("left" is a form of
"leave", "paid" of "pay"): language, not any one text. Forms with a second common meaning
that a housing text uses ("fell", "lay", "rose", "ground", "saw" aside) are left out."""

_CLEARING = {"unblock": "block", "unclog": "clog"}
"""Clearing an obstruction is about the obstruction ("unblocking a drain" asks about a blocked
drain); only the act: "unblocked" is the opposite state, and keeps its own stem."""


_AMERICAN_Z = re.compile(r"^(\w{3,}[iy])z(e|es|ed|ing|ation|ations|er|ers)$")
"""The American -ize/-yze spelling of a verb and its forms ("authorized", "organization",
"analyze"), which British texts spell -ise/-yse; at least three letters before -iz-, so
"size", "seize", "prize" and "citizen" keep their z."""


def stem(word: str) -> str:
    """A light English stemmer: enough to match ``tenants``/``tenant``, ``repairing``/``repair``,
    ``goes``/``go``, ``left``/``leave`` and ``authorized``/``authorised``."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = _AMERICAN_Z.sub(r"\1s\2", w.replace("'", ""))
    if w in _IRREGULAR:
        return stem(_IRREGULAR[w])
    for act in (w, w[:-1] if w.endswith("s") else "", w[:-3] if w.endswith("ing") else ""):
        if act in _CLEARING:
            return stem(_CLEARING[act])
    if len(w) > 3 and w.endswith("oes"):
        # "goes", "does", "echoes": the verb or noun ends in -o ("houses", "notices" keep
        # their -e rule below)
        w = w[:-2]
    elif len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 5 and w.endswith("ing"):
        w = _undouble(w[:-3])
    elif len(w) > 4 and w.endswith("ed") and not w.endswith("eed"):
        w = _undouble(w[:-2])
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 4 and w.endswith("ll"):
        # British spelling doubles a final l before a suffix ("kennelling", "cancelled",
        # "labelled") where the base has one; one l for every long word keeps the pairs
        # together, and words spelt with -ll ("install", "installing") still meet each other.
        w = w[:-1]
    return w


def _undouble(w: str) -> str:
    if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        return w[:-1]
    return w


def content_terms(text: str, *, stop: frozenset[str] = STOP_WORDS) -> list[str]:
    """Stems of the words of ``text`` that are not stop words, in order of appearance."""
    return [stem(w) for w in WORD.findall(text) if w.lower() not in stop]


def terms(text: str, *, stop: frozenset[str] = STOP_WORDS) -> set[str]:
    """The distinct content terms of ``text``."""
    return set(content_terms(text, stop=stop))

"""Initials and the words they stand for: "UEFA" and "Union des Associations Européennes de
Football", "EDMO" and "empty dwelling management order", "BT" and "British Telecommunications".

One definition for every party that reads an initialism against a name written in full: the
offline answerer's sentence choice (a party the question names by its initials is the party a
sentence names in full) and its definitions ("a personal emergency evacuation plan (PEEP)"
defines "PEEP"), and the verifier's sibling check ("the IMO" is the "interim management order"
subsection (1) names) and case-name check ("BT v Ofcom" for "British Telecommunications Plc v
Office of Communications"). The callers differ only in what they hold to: initials in their
order or in any (a name in another language puts its words in another order), and which words
of a text may make them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

__all__ = ["CAPITALISED", "INITIALISM", "INITIALS", "NAME_WORD", "initials", "name_initials",
           "name_runs", "name_words", "spells", "spelt_runs", "without_accents"]

CAPITALISED = r"[A-Z][\w’'-]*"
"""A word that begins with a capital ("Telecommunications", "O'Brien", "Smith-Jones")."""
_CAPITALISED = re.compile(CAPITALISED)
NAME_WORD = re.compile(rf"(?<![\w-]){CAPITALISED}|(?<![\w-])[a-z]{{1,4}}(?![\w-])|&")
"""A name's words: capitalised, or the short words its initials skip ("des", "of", "&"); a
capital inside a word ("eBay") begins none."""
INITIALISM = r"(?<![\w-])[A-Z]{2,8}(?=['’]s\b|s?\b)"
"""Initials written as a word: two to eight capitals, alone, plural or possessive ("PEEP",
"the IMO", "HMOs", "the SSHD's"); the plural's or possessive's ending is not theirs."""
INITIALS = re.compile(INITIALISM)
"""``INITIALISM`` compiled, for the callers that find every set of initials in a text."""


def without_accents(text: str) -> str:
    """``text`` with its letters' accents dropped: "Européennes" begins with an E, so that
    its initial is the E of "UEFA"."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


def initials(words: Iterable[str]) -> str:
    """The first letters of ``words``, in capitals: ("fire", "risk", "assessment") → "FRA"."""
    return "".join(w[0] for w in words).upper()


def spells(letters: str, words: Sequence[str], *, any_order: bool = False) -> bool:
    """Whether the initials of ``words`` make ``letters``: in their order ("fire risk
    assessment" for "FRA"), or with ``any_order`` in another too, as a name keeps its initials
    when it is written in another language's order ("Union des Associations Européennes de
    Football" for "UEFA")."""
    made, wanted = initials(words), letters.upper()
    return sorted(made) == sorted(wanted) if any_order else made == wanted


def spelt_runs(letters: str, words: Sequence[str], *,
               any_order: bool = False) -> Iterator[Sequence[str]]:
    """The runs of consecutive ``words``, one word a letter, that spell ``letters`` (as
    ``spells``), first to last."""
    n = len(letters)
    for i in range(len(words) - n + 1):
        if spells(letters, words[i:i + n], any_order=any_order):
            yield words[i:i + n]


def name_initials(text: str, *, whole_words: bool = False) -> str:
    """The initials of every capitalised word of ``text`` (``name_words``), in order: "the
    Secretary of State for Justice" → "SSJ", "Queen's Bench Division" → "QBD". With
    ``whole_words``, only of words that begin a word (``name_runs``' words): a capital after
    a digit or a small letter ("14B", "2X", "easyJet") begins none."""
    words = [w for run in name_runs(text) for w in run] if whole_words else name_words(text)
    return initials(words)


def name_runs(text: str) -> list[list[str]]:
    """The capitalised words of each name ``text`` writes, accents aside: a run of
    ``NAME_WORD``s goes on over the short words a name's initials skip ("Union des
    Associations Européennes de Football" is one run of four) and ends at any other word or
    mark."""
    text = without_accents(text)
    runs: list[list[str]] = [[]]
    end = 0
    for m in NAME_WORD.finditer(text):
        if text[end:m.start()].strip():
            runs.append([])
        end = m.end()
        if m.group(0)[0].isupper():  # the short words it skips add no letter
            runs[-1].append(m.group(0))
    return runs


def name_words(text: str) -> list[str]:
    """Every capitalised word of ``text``, in order, accents aside, wherever its capital falls
    ("easyJet" holds "Jet"): the words a name's initials may come from, however the name's
    words are joined ("British Telecommunications Plc & Ors", "R (UEFA) v …")."""
    return _CAPITALISED.findall(without_accents(text))

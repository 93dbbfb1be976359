"""Who did it, by name: the actor a cleft statement insists on ("it was X who pointed out the
error") against the subject of the same verb in the quoted passage ("Mr. Gillam pointed out
this error"), parties and others alike (an Inspector, a council, a ministry, a regulator).

The sides reading (``sides.py``) places only the parties the header lists; a statement that
gives a non-party's act to another non-party, or to a party, names a different actor all the
same. The passage's subject is the name just before the verb; a pronoun ("he approached Mr
Candy") stands for the person named last before it, read from the judgment's text before the
quote. Names are the same actor when they share a word or one is the other's initials
("SKDC", "South Kesteven District Council").
"""

from __future__ import annotations

import re

from shared.text.determiners import ARTICLES
from shared.text.initials import initials
from shared.text.terms import stem
from shared.verification.sides import Sides

__all__ = ["same_actor"]

_WORD = re.compile(r"[A-Za-z][\w’'.-]*")
_CHAIN = frozenset("""has had have was were is are did does also then subsequently itself
    himself herself themselves later first""".split())
_PRONOUN = frozenset("he she they".split())
_LINKS = frozenset("of for the and de des la le du in on mr mrs ms miss dr".split())
_NAMED = re.compile(r"\b(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+(?P<h>[A-Z][\w’'-]+)|"
                    r"(?P<c>[A-Z][A-Za-z]*[A-Z][\w’'-]*))")
"""A person by honorific ("Mr Holyoake"), or a name with capitals inside ("MoD", "PINS")."""


def _bare(word: str) -> str:
    return re.sub(r"['’]s?$", "", word.strip(".")).lower()


def _subject(quote: str, verb: str, before: str) -> list[str] | None:
    """The passage's subject of ``verb`` (a stem): its name's words, or ``None``."""
    words = list(_WORD.finditer(quote))
    for i, m in enumerate(words):
        if stem(m.group().lower()) != verb:
            continue
        j = i
        while j and (words[j - 1].group().lower() in _CHAIN
                     or words[j - 1].group().lower().endswith("ly")):
            j -= 1
        if not j:
            return None
        if words[j - 1].group().lower() in _PRONOUN:
            return _antecedent(before + " " + quote[:words[j - 1].start()])
        name: list[str] = []
        while j and (words[j - 1].group()[0].isupper()
                     or (name and words[j - 1].group().lower() in _LINKS)):
            name.insert(0, words[j - 1].group())
            j -= 1
        name = [w for w in name if w.lower() not in ARTICLES]
        return name or None
    return None


def _antecedent(text: str) -> list[str] | None:
    found = list(_NAMED.finditer(text))
    if not found:
        return None
    last = found[-1]
    return [last["h"] or last["c"]]


def _initials(words: list[str]) -> str:
    return initials(w for w in words if w.lower() not in _LINKS)


def _codes(words: list[str]) -> set[str]:
    """The capitals of each word written as initials ("SKDC", "MoD" → "MD", "PINS")."""
    return {re.sub(r"[^A-Z]", "", w) for w in words
            if len(re.sub(r"[^A-Z]", "", w)) >= 2}


def _same(a: list[str], b: list[str], sides: Sides) -> bool:
    side_a, side_b = sides.side(" ".join(a)), sides.side(" ".join(b))
    if side_a is not None and side_b is not None:
        return side_a == side_b
    if {_bare(w) for w in a if w.lower() not in _LINKS} & {
            _bare(w) for w in b if w.lower() not in _LINKS}:
        return True
    return _initials(a) in _codes(b) or _initials(b) in _codes(a)


def same_actor(actor: str, verb_phrase: str, quote: str, before: str,
               sides: Sides) -> bool | None:
    """Whether the statement's actor is the passage's subject of the same verb: ``None``
    when the passage has no named subject for it."""
    verbs = [w for w in _WORD.findall(verb_phrase) if w.lower() not in _CHAIN]
    if not verbs:
        return None
    subject = _subject(quote, stem(verbs[0].lower()), before)
    names = [w for w in _WORD.findall(actor) if w[0].isupper() and w.lower() != "the"]
    if subject is None or not names:
        return None
    return _same(names, subject, sides)

"""Who gives and who receives: a payment, a reimbursement, an undertaking, compensation.

"Requiring the appropriate person to pay to the authority" does not support "requiring the
authority to pay the appropriate person"; "an undertaking accepted by the authority from the
person served" does not support "an undertaking the authority gave to the person served". Both
texts name the same two parties, so the checks that ask *who* is named pass them; only the
direction differs. Each text's transfers are read as (giver, receiver) pairs from a few
general shapes — "A (must / is liable to / is required to) pay (to) B", "A gave (to) B", "given
by A to B", "accepted (or recoverable) by B … from A", "B, who receives (or recovers) … from
A" — and a statement whose giver is the passage's receiver (or whose receiver is the passage's
giver) is doubted: unverified, never removed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.text.terms import stem

__all__ = ["Transfer", "reversed_against", "reversed_transfers", "transfers"]

_GIVE = re.compile(r"\b(?:pay|pays|paid|repay|repays|repaid|reimburse|reimburses|reimbursed|"
                   r"give|gives|gave|owe|owes|owed|compensate|compensates|compensated|"
                   r"offer|offers|supply|supplies|disclose|discloses)\b",
                   re.IGNORECASE)
_HANDS = frozenset("offer offers supply supplies disclose discloses".split())
"""Verbs whose receiver follows "to" after the thing handed over ("offer the house to the
purchaser", "disclose information to a landlord"), or stands before "with" ("supply the
occupiers with a statement"), rather than straight after the verb."""
_TO_WHOM = re.compile(r"^[^,;.]{0,60}?\bto\s+(?=(?:the|a|an|any|such|each|every|his|her|their|"
                      r"its|anyone|everyone)\b|(?-i:[A-Z]))", re.IGNORECASE)
_WITH = re.compile(r"^\s*(?P<np>(?:the|a|an|any|each|every)\s+(?:[A-Za-z][\w’'-]*\s+){0,2}?"
                   r"[A-Za-z][\w’'-]*)\s+with\b", re.IGNORECASE)
_NP = r"(?:(?:the|a|an|any)\s+)?(?:[A-Za-z][\w’'-]*\s+){0,3}?[A-Za-z][\w’'-]*"
_PASSIVE = (
    # given / paid by A to B
    re.compile(rf"\b(?:given|paid|payable|owed|made)\s+by\s+(?P<g>{_NP})\s+to\s+(?P<r>{_NP})",
               re.IGNORECASE),
    # accepted / received by B (for …) from A
    re.compile(rf"\b(?:accepted|received|obtained|recovered|recoverable)\s+by\s+(?P<r>{_NP})\s+"
               rf"(?:[^,;.]{{0,60}}?\s+)?from\s+(?P<g>{_NP})", re.IGNORECASE),
)
_RECEIVES = re.compile(r"\b(?:receives?|received|accepts?|accepted|recover|recovers|recovered)"
                       r"(?!\s+by\b)\s+(?:[^,;.]{0,40}?\s+)?"
                       rf"from\s+(?P<g>{_NP})", re.IGNORECASE)
"""B (who) receives … from A: B is read backwards from the verb."""
_CHAIN = frozenset("""must shall should will may can is are was were to liable required obliged
    ordered also then undertake undertakes undertook agree agrees agreed""".split())
"""Words between a giver and its verb: "is liable to", "must", "ordered to", "undertakes to"."""
_STOP = frozenset("""the a an any that this those these such each every""".split())
_BOUNDARY = frozenset("""to from for by of in on with under who which whose that must shall
    should will may is are was were the a an amount and or if where when requiring require
    requires order orders ordered about approximately some half all part it such whatever
    sum sums""".split())
"""Words that end a party's name: "pay the buyer whatever sum …" names the buyer only."""
_PRONOUNS = frozenset("he she it they him her them his its their".split())
_EVERYONE = frozenset("anyone everyone anybody everybody".split())
_WORDS = re.compile(r"[A-Za-z£][\w’'-]*|[,;:.()]")


@dataclass(frozen=True)
class Transfer:
    giver: frozenset[str]
    receiver: frozenset[str]


def _key(words: list[str]) -> frozenset[str]:
    """The distinctive stems of a noun phrase's words (determiners dropped); empty for a
    pronoun, whose referent is not read here."""
    if any(w.lower() in _PRONOUNS for w in words):
        return frozenset()
    return frozenset(stem(re.sub(r"['’]s?$", "", w.lower())) for w in words
                     if w.lower() not in _STOP and len(w) >= 2)


def _before(words: list[str]) -> list[str]:
    """The noun phrase that ends just before a verb (its auxiliaries skipped), read back to
    its article or to a word that cannot belong to it."""
    i = len(words)
    while i and (words[i - 1].lower() in _CHAIN or words[i - 1].lower().endswith("ly")):
        i -= 1
    if i and words[i - 1].lower() in ("that", "who", "which"):
        i -= 1  # "it is the landlord that must reimburse": the cleft's party gives
    phrase: list[str] = []
    while i and len(phrase) < 4:
        word = words[i - 1]
        if not word[0].isalnum():
            break
        if word.lower() in _STOP:
            break
        if word.lower() == "in" and phrase and all(w[:1].isupper() for w in phrase):
            # "a local housing authority in England must give": the place qualifies the
            # party, who is named before it.
            phrase, i = [], i - 1
            continue
        if word.lower() in _BOUNDARY:
            break
        phrase.insert(0, word)
        i -= 1
    return phrase


def _after(words: list[str]) -> list[str]:
    """The noun phrase just after a verb ("to" skipped): an article or a name must open it."""
    if words and words[0].lower() == "to":
        words = words[1:]
    if not words or not (words[0].lower() in _STOP | _EVERYONE or words[0][:1].isupper()
                         or _SIDE.fullmatch(words[0])):
        return []  # a bare plural of a side ("reimburse landlords") is a party too
    phrase: list[str] = []
    for i, word in enumerate(words[:5]):
        if not word[0].isalnum() or (i and word.lower() in _BOUNDARY):
            break
        phrase.append(word)
    return phrase


def transfers(text: str) -> list[Transfer]:
    """The (giver, receiver) pairs the text states; either side may be unnamed (empty)."""
    found = []
    for m in _GIVE.finditer(text):
        if re.match(r"\s+by\b", text[m.end():]):
            continue  # "paid by A": a passive, read below
        giver = _key(_before(_WORDS.findall(text[:m.start()])))
        receiver = _key(_after(_WORDS.findall(text[m.end():m.end() + 80])))
        if m.group().lower() in _HANDS:
            rest = text[m.end():m.end() + 100]
            to, with_ = _TO_WHOM.match(rest), _WITH.match(rest)
            receiver = (_key(_after(_WORDS.findall(rest[to.end():]))) if to
                        else _key(_after(with_["np"].split())) if with_ else frozenset())
        if giver or receiver:
            found.append(Transfer(giver, receiver))
    for shape in _PASSIVE:
        for p in shape.finditer(text):
            found.append(Transfer(_key(_after(p["g"].split())), _key(_after(p["r"].split()))))
    for r in _RECEIVES.finditer(text):
        receiver = _key(_before(_WORDS.findall(text[:r.start()])))
        found.append(Transfer(_key(_after(r["g"].split())), receiver))
    return [t for t in found if t.giver or t.receiver]


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b and a & b)


def reversed_transfers(claim: str, passage: str) -> list[str]:
    """The statement's transfers that run the other way from the passage's."""
    stated = [t for t in transfers(claim) if t.giver and t.receiver]
    sources = transfers(passage)
    if any(_same(said.giver, source.giver) or _same(said.receiver, source.receiver)
           for said in stated for source in sources):
        return []  # some transfer of the statement runs the passage's way
    found = []
    for said in stated:
        for source in sources:
            backwards = (_same(said.giver, source.receiver) and not _same(said.giver,
                                                                          source.giver)) or (
                _same(said.receiver, source.giver) and not _same(said.receiver,
                                                                 source.receiver))
            forwards = _same(said.giver, source.giver) or _same(said.receiver, source.receiver)
            if backwards and not forwards:
                found.append("The statement has the payment or undertaking run the other way "
                             "from the quoted passage (who gives to whom is reversed).")
                return found
    return found


_SIDE = re.compile(r"\b(?:landlord|tenant|owner|lessor|lessee|occupier|licensee|licensor|mortgagee|"
                   r"mortgagor|authority|council|claimant|defendant)s?\b", re.IGNORECASE)
"""The sides a right or remedy may run between."""
_AGAINST = re.compile(r"\bagainst\b", re.IGNORECASE)


def _against(text: str) -> tuple[str, str] | None:
    """(whose, against whom) of the one "… X … against Y" the text states: "any remedy
    available to the tenant … against his landlord" is the tenant's against the landlord."""
    found = list(_AGAINST.finditer(text))
    if len(found) != 1:
        return None
    at = found[0]
    before = list(_SIDE.finditer(text[max(0, at.start() - 80):at.start()]))
    after = _SIDE.search(text[at.end():at.end() + 25])
    if not before or after is None:
        return None
    whose, whom = (m.group().lower().rstrip("s") for m in (before[-1], after))
    return (whose, whom) if whose != whom else None


def reversed_against(claim: str, passage: str) -> list[str]:
    """A right, remedy or claim the statement gives to the side the passage gives it against:
    doubted, never removed."""
    said, source = _against(claim), _against(passage)
    if said is None or source is None or said != source[::-1]:
        return []
    return [f"The statement has the {said[0]}'s remedy against the {said[1]}; the quoted words "
            f"give the {source[0]} one against the {source[1]}."]

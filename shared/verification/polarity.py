"""Whether a statement asserts what its quoted passage denies: "Z pursued his application"
beside "he did not wish to pursue his application".

A judgment's own words often say what did *not* happen. A statement that takes the denied
action and asserts it, without any negation of its own, reports the passage the wrong way
round. Only the word a negation governs directly is compared (after auxiliaries such as "wish
to", "need to"), and only when the statement negates nothing at all, so a paraphrase that keeps
the denial in other words ("declined", "never", "no") is left alone. A doubt, not a
contradiction: the citation is left unverified, never removed.

The same holds for timing: a passage that puts an act late ("it was not until 21 June that Z
agreed") does not support a statement that puts it early ("Z accepted from the start").
"""

from __future__ import annotations

import re

from shared.text.numbers import number_value
from shared.text.terms import STOP_WORDS, WORD, stem

__all__ = ["denied_in_passage", "denied_in_statement", "early_for_late"]

_NEGATOR = re.compile(r"\b(?:(?<!\bor )(?<!\bif )not(?! only\b)|never|no longer)\b|n['’]t\b",
                      re.IGNORECASE)
"""A denial: "whether or not", "if not" and "not only" deny nothing."""
_AUXILIARY = frozenset("""wish wishes wished want wants wanted intend intends intended seek
    seeks sought propose proposes proposed need needs to be been being have has had do does did
    further longer then yet even amount amounts amounted""".split())
_REPORTING = frozenset("""consider considers considered think thinks thought accept accepts
    accepted believe believes believed find finds found seem seems seemed appear appears
    appeared say says said suggest suggests suggested""".split())
"""A denied opinion ("I do not consider that …") governs a clause: what it says of its
subject is denied."""
_ANY_NEGATION = re.compile(
    r"\b(?:not|no|none|never|neither|nor|cannot|without|nothing|nobody|refus\w*|declin\w*|"
    r"fail\w*|drop\w*|abandon\w*|withdr\w*|rather than|instead of|lack\w*|absen\w*|"
    r"refrain\w*|abstain\w*|desist\w*)\b|n['’]t\b",
    re.IGNORECASE)
"""Any negation, also a duty to hold back ("must refrain from permitting a room to be
occupied" denies what "must not let a room be used" denies)."""


_NEEDED = re.compile(r"\s+(?:necessary|required|obliged|needed)\s+(?:for\s+[\w’' ]{1,40}?\s+)?"
                     r"to\s+(?P<v>[a-z]{4,})\b", re.IGNORECASE)
""""Not necessary (for X) to V" denies that V was needed, so it denies V as a requirement."""
_OPINION_NEEDED = re.compile(
    r"\s+(?:consider|think|believe|find)\s+it\s+(?:necessary|required|needed)\s+"
    r"(?:for\s+[\w’' ]{1,40}?\s+)?to\s+(?P<v>[a-z]{4,})\b", re.IGNORECASE)
""""I do not consider it necessary to resolve the issue" denies that the issue was resolved."""
_CLAUSE_END = re.compile(r"[.;:!?]")
_COPULA = re.compile(r"\b(?:is|are|was|were|be|been)\b", re.IGNORECASE)


_NAMED_DECISION = re.compile(r"\b(?:decision|choice|undertaking|promise|election)\s+$",
                             re.IGNORECASE)
""""A decision not to recall him" names a decision: its "not" denies nothing the sentence
says."""
_ASIDE = re.compile(r"\s*,[^,.;:]{1,40},")
""""Is not, on the evidence, irrational": the negation governs the word after the aside."""
_MODAL = re.compile(r"\b(?:may|must|shall|can|need|is to|are to)\s+$", re.IGNORECASE)
_BOUND = re.compile(r"\s+(?:more|less|fewer|later|earlier|longer|shorter|greater|sooner)\s+"
                    r"than\b", re.IGNORECASE)
""""Not more than one year" states a limit; it denies nothing."""
_REFERENCE = re.compile(r"\s*(?:section|subsection|paragraph|schedule|part|article|regulation)s?"
                        r"\s+\(?\d", re.IGNORECASE)
""""Chapter 4 of the 2016 Act, not section 97": a contrast of references, not a denial."""


def _denied(passage: str, shortest: int = 4, *, modal: bool = True) -> set[str]:
    """Stems of the words the passage's negations govern directly; without ``modal``, a
    negated modal ("may not be begun after …") is left to the duty and power checks, since a
    statute's prohibition is often restated as a duty ("had to be begun within …")."""
    found = set()
    for m in _NEGATOR.finditer(passage):
        if not modal and _MODAL.search(passage[max(0, m.start() - 12):m.start()]):
            continue
        if _NAMED_DECISION.search(passage[max(0, m.start() - 30):m.start()]) \
                or _REFERENCE.match(passage, m.end()) or _BOUND.match(passage, m.end()):
            continue
        if (need := _NEEDED.match(passage, m.end())) is not None or (
                need := _OPINION_NEEDED.match(passage, m.end())) is not None:
            found.add(stem(need["v"].lower()))  # "not necessary for Zurich to prove": prove
            continue
        after = m.end() + (aside.end() - aside.start()
                           if (aside := _ASIDE.match(passage, m.end())) else 0)
        for word in WORD.findall(passage[after:after + 60])[:4]:
            w = word.lower()
            if w in _AUXILIARY or w in STOP_WORDS or (any(c.isdigit() for c in w)
                                                      and not w.isdigit()):
                continue  # "had not put £42m cash into": the denial reaches "cash"
            if w in _REPORTING:
                found |= _denied_opinion(passage[m.end():])
            elif w.isalpha() and len(w) < shortest and number_value(w) is None:
                continue  # "did not have net assets": the denial reaches "assets"
            elif len(w) >= shortest and w.isalpha():
                found.add(stem(w))
            break
    return found


def _denied_opinion(rest: str) -> set[str]:
    """"I do not think his evidence is truly independent": what the denied opinion says of
    its subject, the first content word after the clause's verb "to be"."""
    clause = _CLAUSE_END.split(rest[:160], maxsplit=1)[0]
    copula = _COPULA.search(clause)
    if copula is None:
        return set()
    for word in WORD.findall(clause[copula.end():]):
        w = word.lower()
        if w in STOP_WORDS or w in _AUXILIARY or w.endswith("ly") or not w.isalpha():
            continue
        return {stem(w)} if len(w) >= 4 else set()
    return set()


def denied_in_passage(claim: str, passage: str, *, modal: bool = True) -> list[str]:
    """Words the passage denies and the statement, negating nothing, asserts (``modal``: see
    ``_denied``)."""
    if _own_negations(claim, passage):
        return []
    said = {stem(w) for w in WORD.findall(claim) if w.lower() not in STOP_WORDS}
    return sorted(w for w in _denied(passage, modal=modal)
                  if w in said or any(_one_word(w, s) for s in said))


def _one_word(a: str, b: str) -> bool:
    """Stems of one word in two parts of speech ("interfer", "interferenc"): one is the
    other's beginning, and both are long enough for that to mean something."""
    short, long = sorted((a, b), key=len)
    return len(short) >= 6 and long.startswith(short)


def _own_negations(claim: str, passage: str) -> set[str]:
    """The statement's negative words that the passage does not share: "a refusal of planning
    permission" beside "a mere refusal of planning permission does not amount to …" repeats the
    passage's subject, it denies nothing of its own."""
    def found(text: str) -> set[str]:
        return {stem(m.group().lower()) for m in _ANY_NEGATION.finditer(text)
                if not _NAMED_DECISION.search(text[max(0, m.start() - 30):m.start()])}
    shared = {w[:5] for w in found(passage) if _NEGATIVE_CONTENT.match(w)}
    return {w for w in found(claim) if w[:5] not in shared}


_NEGATIVE_CONTENT = re.compile(r"(?:refus|declin|fail|drop|abandon|withdr|lack|absen)")
"""Negative words that may name the subject itself ("a refusal of permission"); the plain
negators ("not", "no", "never") always deny."""


def denied_in_statement(claim: str, passage: str, *, by_clause: bool = False) -> list[str]:
    """Words the statement denies and a clause of the passage, denying nothing, asserts: "the
    condition is presumed not to be met" beside "it shall be presumed … that the condition is
    met". A passage with a negation of its own is left alone, unless ``by_clause`` (a
    judgment's passage of several clauses): then each clause that negates nothing asserts its
    words ("A1P1 was not engaged" beside "I consider that A1P1 is engaged, and … Mr Tam did not
    argue to the contrary"), less any word the passage denies elsewhere. A verb and its noun
    are one word ("has not agreed" beside "with the agreement of"). A finite
    verb after the negation ("should be licensed but is not commits an offence") starts a new
    predicate: the negation governs the words left out before it."""
    if (not by_clause or _ELLIPTICAL.search(passage)) and _ANY_NEGATION.search(passage):
        return []
    said = {stem(w) for clause in _CLAUSE.split(passage)
            if not _ANY_NEGATION.search(clause) and not _ARGUED.search(clause)
            for w in WORD.findall(clause) if w.lower() not in STOP_WORDS}
    roots = {_root(w) for w in said}
    finite = {stem(w) for w in _FINITE_AFTER_NEGATION.findall(claim)}
    return sorted(w for w in _denied(claim, shortest=3) - finite - _denied(passage)
                  if w in said or any(_same_root(_root(w), r) for r in roots))


_SUFFIX = re.compile(r"(?:ments?|ances?|ences?|ions?|als?|ings?|ed|es|s)$")


def _root(word: str) -> str:
    """A word without its verb or noun ending ("agreed" → "agre", "agreement" → "agree")."""
    return _SUFFIX.sub("", word)


def _same_root(a: str, b: str) -> bool:
    """One word as verb and noun: the roots differ at most by a final "e", and are long
    enough for that to mean something."""
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 1


_ELLIPTICAL = re.compile(r"\b(?:not|never)\s*(?:[.;:,!?]|$)|n['’]t\s*(?:[.;:,!?]|$)",
                         re.IGNORECASE)
""""… but Blair J held that it was not": a negation whose predicate is left out denies a
clause before it, which then asserts nothing."""
_ARGUED = re.compile(r"\b(?:argu\w*|submi\w*|contend\w*|suggest\w*|claim(?:s|ed)?\b|alleg\w*|"
                     r"asked|invited)\b", re.IGNORECASE)
"""A clause that reports a party's case asserts nothing of the court's."""
_CLAUSE = re.compile(r"[.;:!?—]|,\s+(?:and|but|whereas|while|although|though|yet)\b|"
                     r"\b(?:but|whereas|although)\b", re.IGNORECASE)
"""Where one clause of a passage ends and the next begins."""


_FINITE_AFTER_NEGATION = re.compile(r"\b(?:is|are) not ([a-z]+[^s\W]s)\b", re.IGNORECASE)


_LATE = re.compile(r"\b(?:not until|only (?:on|after|when|once)|eventually|belatedly|"
                   r"at the last minute|(?:some|much) (?:time )?later)\b", re.IGNORECASE)
_EARLY = re.compile(r"\b(?:from the (?:start|outset|beginning|first)|at once|immediately|"
                    r"straight ?away|right away|promptly|at an early stage|always)\b",
                    re.IGNORECASE)


def early_for_late(claim: str, passage: str) -> bool:
    """The statement puts early what the passage puts late."""
    return bool(_EARLY.search(claim)) and not _LATE.search(claim) and bool(
        _LATE.search(passage)) and not _EARLY.search(passage)

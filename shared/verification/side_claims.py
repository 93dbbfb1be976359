"""Whether a statement gives a judgment's outcome, submission or act to the side the quoted
passage gives it to (sides as the header lists them, ``shared/verification/sides.py``).

Three general readings, each a doubt (unverified, never removed):

- *found for a side*: "the court found for the claimant" is an outcome — for side 1 it is the
  claim succeeding, for side 2 its failing — and a quote that says the proceedings failed ("I
  refuse the application") or succeeded contradicts the opposite;
- *whose submission*: "the claimants' submission", "counsel for the defendants submitted" name
  a side; the quote names the counsel or party whose submission it was ("Mr Tam's
  submission", "Mr Lord submitted"), whom the list of appearances puts on a side;
- *who did it*: a statement that insists on the actor ("it was Y who …") or puts a party
  before the same predicate as the quote ("the claimants had no power" beside "the SSHD has no
  power") must name the side the quote names.
"""

from __future__ import annotations

import re

from shared.text.terms import stem
from shared.verification.actors import same_actor
from shared.verification.outcomes import outcomes
from shared.verification.sides import Sides

__all__ = ["actor_doubts", "found_for_doubts", "submission_doubts"]

_MENTION = r"(?P<m>(?:the |Mr |Mrs |Ms |Miss |Dr )?[\w’'&-]+(?: [\w’'&-]+){0,5}?)"
_FOUND_FOR = re.compile(
    r"\b(?:found|finds|find|decided|ruled|gave judgment|judgment was given)\s+"
    r"(?P<dir>for|in favour of|against)\s+" + _MENTION +
    r"(?=\s*(?:[,.;]|$|\b(?:and|on|in|who|which|that|because|but)\b))")
_OWN_PROCEEDINGS = re.compile(
    r"(?P<m>\b[\w’'-]+)['’]s? (?:\w+ )?(?:application|appeal|claim|challenge|counterclaim)s?\b|"
    r"\b(?:application|appeal|claim|challenge)s? (?:by|of) (?P<n>(?:the )?[\w’'-]+)")


def found_for_doubts(claim: str, quote: str, sides: Sides) -> list[str]:
    """The statement says the court found for one side; the quote's outcome is the other's."""
    decision = outcomes(quote).get("decision", set())
    if len(decision) != 1:
        return []
    for m in _OWN_PROCEEDINGS.finditer(quote):
        if sides.side(m["m"] or m["n"] or "") == 2:
            return []  # the second side's own application: its outcome is not the claimant's
    [source] = decision
    found = []
    for m in _FOUND_FOR.finditer(claim):
        side = sides.side(_first_party(m["m"]))
        if side is None:
            continue
        said = 1 if (side == 1) == (m["dir"] != "against") else -1
        if said != source:
            found.append(f"The statement says the court found {m['dir']} {m['m']}, but the "
                         "quoted passage gives the outcome to the other side.")
    return found


def _first_party(mention: str) -> str:
    mention = _IN_CASE.sub("", mention)
    return re.split(r"\s+(?:and|&)\s+|,", mention)[0]


_IN_CASE = re.compile(r"^In\s+[A-Z][\w’'-]*\s+(?=[A-Z])")
""""In Corbiere Mr Tam submitted …": the case's short name before the speaker names the case,
not a party."""


_CLAIM_SIDE = re.compile(
    r"\b(?:counsel|submissions?|contentions?|arguments?|response)\s+(?:of |by )?"
    r"(?:[\w’',]+\s+){0,3}?(?:for|on behalf of)\s+" + _MENTION + r"(?=\s*(?:[,.;]|$|\b(?:that|"
    r"and|was|were|had|is)\b))|"
    r"(?P<p>(?:the )?[\w’'-]+(?: [\w’'-]+){0,3}?)['’]s? (?:submissions?|contentions?|"
    r"arguments?|case|response)\b|"
    r"(?:^|[,;]\s+|\bthat\s+)(?P<s>(?:the )?[A-Z]?[\w’'-]+(?: [\w’'-]+){0,3}?) (?:submitted|"
    r"contended|argued|submits|contends|argues)\b")
_SPEAKER = re.compile(
    r"\b(?:Mr|Mrs|Ms|Miss|Dr)\.? (?P<a>[A-Z][\w-]+)(?:['’]s (?:submissions?|contentions?|"
    r"arguments?|response|case)\b|,? (?:(?:who|for|on behalf of)\b[^,]{0,60},\s*)?"
    r"(?:submits|submitted|contends|contended|argues|argued|says|said|relies|relied)\b)|"
    r"\b(?:with|accept) (?:Mr|Mrs|Ms|Miss|Dr)\.? (?P<b>[A-Z][\w-]+)\b(?!['’])|"
    r"(?:^|[.;:]\s+)(?P<c>[A-Z][\w’'-]*) (?:submits|submitted|contends|contended|argues|argued)\b")


def submission_doubts(claim: str, lead: str, sides: Sides) -> list[str]:
    """The statement gives a submission to one side; the passage's speaker is on the other.
    ``lead``: the quote with the words of its sentence before it."""
    said = {side for m in _CLAIM_SIDE.finditer(claim)
            if (side := sides.side(_first_party(m["m"] or m["p"] or m["s"] or ""))) is not None}
    spoke = set()
    for m in _SPEAKER.finditer(lead):
        name = m["a"] or m["b"]
        side = sides.speaker(name) if name else sides.side(m["c"] or "")
        if side is not None:
            spoke.add(side)
    if len(said) == 1 and len(spoke) == 1 and said != spoke:
        return ["The statement gives the submission to one side; the passage gives it to "
                "counsel or a party on the other."]
    return []


_CLEFT = re.compile(r"\bit was (?P<m>.{1,60}?) (?:who|that|which)\b", re.IGNORECASE)
_AUX = frozenset("""has had have no not did does do was were is are would could must may will
    be been also then only itself themselves himself herself""".split())
_WORD = re.compile(r"[A-Za-z][\w’'-]*")


def actor_doubts(claim: str, quote: str, sides: Sides, before: str = "") -> list[str]:
    """The statement names one side as the actor, the quote another. ``before``: the
    judgment's words before the quote, where a pronoun's antecedent is found."""
    found = []
    for m in _CLEFT.finditer(claim):
        same = same_actor(m["m"], claim[m.end():m.end() + 40], quote, before, sides)
        if same is not None:
            if not same:
                found.append(f"The statement says it was {m['m']}; the quoted passage gives "
                             "the act to someone else.")
            continue
        side = sides.side(_first_party(m["m"]))
        if side is not None and _absent_actor(side, quote, sides):
            found.append(f"The statement says it was {m['m']}; the quoted passage names the "
                         "other side.")
    codes = set().union(*sides.initials.values()) if sides.initials else set()
    for keep in (None, codes):
        said, source = _actors(claim, sides, keep), _actors(quote, sides, keep)
        for predicate in said.keys() & source.keys():
            if len(said[predicate]) == 1 and len(source[predicate]) == 1 \
                    and said[predicate] != source[predicate]:
                found.append("The statement puts on one party what the quoted passage puts "
                             "on another.")
    return found


def _mentions(text: str, sides: Sides) -> list[tuple[int, bool]]:
    """Sides the text names, each with whether only as an owner ("the Claimant's grounds")."""
    found = []
    for m in _WORD.finditer(text):
        word = m.group()
        if word[0].islower() and not re.match(r"(?:claimant|defendant|applicant|respondent|"
                                              r"appellant)s?\b", word):
            continue
        side = sides.side(word)
        if side is not None:
            found.append((side, bool(re.search(r"['’]s?$", word))))
    return found


def _absent_actor(side: int, quote: str, sides: Sides) -> bool:
    mentions = _mentions(quote, sides)
    own = [possessive for s, possessive in mentions if s == side]
    other = [possessive for s, possessive in mentions if s != side]
    if not other or (own and not all(own)):
        return False
    return not own or not all(other)


def _actors(text: str, sides: Sides, codes: set[str] | None = None
            ) -> dict[str, set[int | str]]:
    """Predicates (the first content word after a party, auxiliaries and negations skipped)
    with the sides named just before them: "the SSHD has no power" → {"power": {2}}. Given
    ``codes`` (the parties' short names), the party's short name instead of its side, so that
    two parties on one side ("the SSJ", "the SSHD") are told apart."""
    words = _WORD.findall(text)
    found: dict[str, set[int | str]] = {}
    for i, word in enumerate(words):
        if word[0].islower() and not re.match(r"(?:claimant|defendant)s?$", word):
            continue
        if re.search(r"['’]s?$", word):
            continue
        side = sides.side(word)
        if side is None:
            continue
        for later in words[i + 1:i + 5]:
            if later.lower() in _AUX:
                continue
            if later[0].islower() and len(later) >= 4:
                if codes is None:
                    found.setdefault(stem(later.lower()), set()).add(side)
                elif word in codes:
                    found.setdefault(stem(later.lower()), set()).add(word)
            break
    return found

"""What a judgment decided, as a statement and as a quoted passage put it: who won.

A real quote from a judgment proves the words exist, not that the statement around it reports
the decision rightly: "the application was granted" beside "I refuse the application" is a
fabricated outcome under a genuine quote. Outcome words are read as (kind, sign) pairs —
``decision`` (allowed, granted, upheld, quashed … against dismissed, refused, rejected …),
``jurisdiction``, ``concession``, ``payment`` (of costs: "should pay", "an order for costs"),
``support``, ``opposition``, ``credibility`` (a reliable witness against evidence taken
"with very considerable reserve") — with a negation in the
same clause ("none of them established", "no jurisdiction", "refused to concede", "neither
supports nor opposes") flipping the sign. A kind on which the statement and the passage each
say one thing, and opposite things, is a contradiction. Statements that mix outcomes ("refused
all the costs but ordered half") say nothing definite and are left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["OutcomeConflict", "decided_otherwise", "mixed_outcome_doubts", "outcome_conflicts",
           "outcomes"]

_WORDS: dict[str, tuple[str, int]] = {}
for _kind, _sign, _stems in (
    ("decision", 1, "allow grant uphold upheld succeed success quash award establish "
                    "made-out ordered accept satisf justif"),
    ("decision", -1, "dismiss refus reject fail declin unjustif"),
    ("jurisdiction", 1, "jurisdiction"),
    ("concession", 1, "conced concession"),
    ("payment", 1, "pay costs-order"),
    ("support", 1, "support"),
    ("opposition", 1, "oppos resist"),
    ("credibility", 1, "reliab credib truthful honest"),
    ("credibility", -1, "unreliab untruthful dishonest liar lied to-lie with-reserve"),
    ("earlier decision", 1, "affirm upheld-decision"),
    ("earlier decision", -1, "overturn revers set-aside"),
    ("agreement", 1, "unanim all-agreed"),
    ("agreement", -1, "dissent"),
):
    for _stem in _stems.split():
        _WORDS[_stem] = (_kind, _sign)

_WORD = re.compile(
    r"\b(?P<w>allow(?:s|ed|ing)?|grant(?:s|ed|ing)?|uph[eo]ld(?:s|ing)?|succe(?:ed(?:s|ed)?|ss"
    r"(?:ful(?:ly)?)?)|quash(?:es|ed|ing)?|award(?:s|ed|ing)?|establish(?:es|ed)?|made out|"
    r"dismiss(?:es|ed|al)?|refus(?:e|es|ed|al|ing)|reject(?:s|ed|ing)?|fail(?:s|ed)?|"
    r"declin(?:e|es|ed|ing)|ordered|jurisdiction|conced(?:e|es|ed|ing)|concession|"
    r"support(?:s|ed|ing)?|oppos(?:e|es|ed|ing)|resist(?:s|ed)?|pay|order (?:for|as to) costs|"
    r"accept(?:s|ed|ing)?|satisfied|overturn(?:s|ed|ing)?|revers(?:e|es|ed|ing|al)|set aside|"
    r"affirm(?:s|ed|ing)?|unanimous(?:ly)?|all agreed|dissent(?:s|ed|ing)?|"
    r"(?:un)?justifi(?:ed|able|cation)|(?:un)?reliab(?:le|ility)|credib(?:le|ility)|"
    r"(?:un)?truthful(?:ness)?|"
    r"(?:dis)?honest(?:y|ly)?|liars?|lied|to lie|with (?:(?:very|great|some|considerable|"
    r"particular) )*(?:reserve|caution))\b",
    re.IGNORECASE)
_NEGATION = re.compile(
    r"\b(?:not|no|none|neither|nor|never|cannot|without|(?:refus|declin|fail)(?:e|es|ed|ing)?"
    r"\s+to)\b|n't\b", re.IGNORECASE)
_SUBJECT_NEGATION = re.compile(r"\b(?:none|nobody|neither of)\b", re.IGNORECASE)
"""A subject that denies its verb however far the verb comes after it."""
_CLAUSE = re.compile(r"[.;:,]|\b(?:but|however|although|whereas|and that)\b", re.IGNORECASE)
_CLAIMANTS = re.compile(r"(?:\s+\S+){0,3}?\s+(?:claims?|appeals?|applications?|grounds?|"
                        r"complaints?|challenges?|petitions?|contentions?|submissions?|"
                        r"arguments?|objections?)\b", re.IGNORECASE)
_CLAIMANT_BEFORE = re.compile(r"\b(?<!court of )(?:claims?|appeals?|applications?|grounds?|"
                              r"complaints?|challenges?|petitions?)\s+(?:\S+\s+){0,2}$",
                              re.IGNORECASE)
"""What an upheld thing must be for "upheld" to mean the claimant won (the Court of Appeal is
not an appeal); a contention or submission upheld is accepted, as one rejected is not."""
_DESCRIBED = re.compile(r"\b(?:decision|order|letter|judgment|ruling|notice)s?\s+$",
                       re.IGNORECASE)
"""An outcome word that describes a decision ("the decision refusing …", "an order granting
…") says what that decision did, not how the proceedings about it ended."""
_IN_GENERAL = re.compile(r"\b(?:merely|simply|just|mere)\s+(?:(?:deciding|decision|choosing)"
                         r"\s+to\s+)?$|\b(?:deciding|decision|decide|decides)\s+to\s+$",
                         re.IGNORECASE)
"""An outcome word for a kind of act the passage discusses ("merely deciding to refuse an
application for planning permission", "simply refusing planning permission"), not for how the
proceedings ended."""
_ORDERED_TO_PAY = re.compile(r"\s+(?:[\w’'-]+\s+){0,4}?to (?:pay|repay|reimburse)\b",
                             re.IGNORECASE)
"""A party ordered to pay: the order is about costs, whichever side won the proceedings."""
_NAMED_THING = re.compile(r"\s+of\s+(?!(?:(?:the|an?|his|her|its|their|this)\s+)?(?:\w+\s+)?"
                          r"(?:appeal|application|claim|challenge|petition|complaint)s?\b)",
                          re.IGNORECASE)
"""A refusal of something other than the proceedings (of permission, of a payment): the decision
under challenge, not how the proceedings ended."""
_REFUSED_PAYMENT = re.compile(r"\brefus\w*\s+(?:[\w’'-]+\s+){0,2}?(?:application|request)\s+"
                              r"for\s+(?:[\w’'-]+\s+){1,3}to\s*$", re.IGNORECASE)
"""A refused application that a party pay: the payment is refused."""
_SHARE = re.compile(r"\s+(?P<share>all|half|none|part|some|a third|a quarter)\b", re.IGNORECASE)
"""How much of the costs a party is to pay: refusing "all" is not refusing "half"."""
_NEGATION_REACH = 5
"""Words before an outcome word within which a negation governs it."""


@dataclass(frozen=True)
class OutcomeConflict:
    kind: str
    said: int
    source: int

    @property
    def detail(self) -> str:
        says = {1: "in favour", -1: "against"}
        return (f"The statement reports the {self.kind} as {_SIDE[self.kind][self.said]}, but "
                f"the quoted passage says {_SIDE[self.kind][self.source]}"
                if self.kind in _SIDE else
                f"The statement reports the {self.kind} {says[self.said]}, the quoted passage "
                f"{says[self.source]}") + "."


_SIDE = {
    "decision": {1: "successful (allowed, granted or upheld)",
                 -1: "unsuccessful (dismissed or refused)"},
    "jurisdiction": {1: "within the court's jurisdiction", -1: "outside it"},
    "concession": {1: "conceded", -1: "not conceded"},
    "payment": {1: "costs to be paid", -1: "no costs to be paid"},
    "support": {1: "supported", -1: "not supported"},
    "opposition": {1: "opposed", -1: "not opposed"},
    "credibility": {1: "a reliable, credible witness or evidence",
                    -1: "evidence to be treated with doubt"},
    "agreement": {1: "unanimous", -1: "not unanimous (a dissent or a split)"},
    "earlier decision": {1: "left standing (upheld or affirmed)",
                         -1: "overturned (reversed or set aside)"},
}


def _kind_of(word: str) -> tuple[str, int]:
    w = word.lower()
    if w == "made out":
        return _WORDS["made-out"]
    if w == "to lie":
        return _WORDS["to-lie"]
    if w.startswith("with "):
        return _WORDS["with-reserve"]
    if w.startswith("order "):
        return _WORDS["costs-order"]
    if w == "set aside":
        return _WORDS["set-aside"]
    if w == "all agreed":
        return _WORDS["all-agreed"]
    for stem, found in _WORDS.items():
        if w.startswith(stem) or (stem == "upheld" and w.startswith("uphe")):
            return found
    raise KeyError(word)


def _not_the_outcome(text: str, m: re.Match[str]) -> bool:
    """An outcome word that names what was challenged ("the decision refusing the claim") or a
    kind of act the passage discusses ("merely deciding to refuse planning permission")."""
    before = text[:m.start()]
    return bool(m["w"].lower().endswith("ing") and _DESCRIBED.search(before)) \
        or bool(_IN_GENERAL.search(before))


def outcomes(text: str) -> dict[str, set[int]]:
    """The outcome signs ``text`` gives, by kind."""
    found: dict[str, set[int]] = {}
    for m in _WORD.finditer(text):
        if _not_the_outcome(text, m):
            continue
        if m["w"].lower() in ("refusal", "dismissal") and _NAMED_THING.match(text, m.end()):
            continue  # "PINS's refusal of an ex gratia payment": what was challenged
        if m["w"].lower() == "ordered" and _ORDERED_TO_PAY.match(text, m.end()):
            continue  # "ordered Z to pay half": a costs order (read at "pay"), not who won
        if m["w"].lower().startswith("uph") and not (
                _CLAIMANTS.match(text, m.end())
                or _CLAIMANT_BEFORE.search(text[max(0, m.start() - 30):m.start()])):
            # "upheld the decision" sides with the decision-maker, not the claimant: it says
            # the earlier decision stands.
            kind, sign = _WORDS["upheld-decision"]
        else:
            kind, sign = _kind_of(m["w"])
        before = text[: m.start()]
        clause = _CLAUSE.split(before)[-1] if _CLAUSE.search(before) else before
        reach = " ".join(clause.split()[-_NEGATION_REACH:])
        negations = [n.lower() for n in _NEGATION.findall(reach)]
        if not negations and _SUBJECT_NEGATION.search(clause):
            negations = ["none"]  # "none of the claims of A and B succeeded": the subject denies
        # "neither A nor B": each is denied, not the second double-negated.
        if "nor" in negations or len(negations) % 2:
            sign = -sign
        if kind == "payment":
            if _REFUSED_PAYMENT.search(before):
                sign = -sign  # "I refuse the application for Z to pay all of the costs"
            share = _SHARE.match(text, m.end())
            if share is not None:
                found.setdefault(f"payment of {share['share'].lower()} the costs",
                                 set()).add(sign)
        found.setdefault(kind, set()).add(sign)
    for m in _ON_APPEAL.finditer(text):
        # An appeal dismissed leaves the decision below standing; one allowed overturns it.
        found.setdefault("earlier decision", set()).add(-1 if m["allowed"] else 1)
    return found


_ON_APPEAL = re.compile(r"\b(?:(?P<allowed>allow(?:s|ed|ing)?)|dismiss(?:es|ed|ing)?)\s+"
                        r"(?:an|the|his|her|its|their)\s+(?:\w+\s+)?appeal\b", re.IGNORECASE)


_PROCEEDING = re.compile(r"\b(?:claim|challenge|appeal|application|ground|submission|"
                         r"contention|argument|complaint|petition)s?\b", re.IGNORECASE)


def _by_proceeding(text: str) -> dict[str, set[int]]:
    """The decision's sign clause by clause, by the proceeding each clause decides ("I must
    also reject this particular challenge": the challenge, against)."""
    found: dict[str, set[int]] = {}
    for clause in _CLAUSE.split(text):
        signs = outcomes(clause).get("decision", set())
        if len(signs) != 1:
            continue
        for m in _WORD.finditer(clause):
            # The proceeding the outcome word decides: its object or its subject, next to it
            # ("upheld the challenge", "ground 1 had been rejected"), not a word further off
            # ("granted permission on the arguable grounds").
            near = " ".join([*clause[:m.start()].split()[-4:], *clause[m.end():].split()[:3]])
            if (thing := _PROCEEDING.search(near)) is not None:
                found.setdefault(thing.group().lower().rstrip("s"), set()).update(signs)
    return found


def outcome_conflicts(claim: str, passage: str) -> list[OutcomeConflict]:
    """Kinds of outcome on which the statement and the passage say opposite things."""
    said, source = outcomes(claim), outcomes(passage)
    conflicts = []
    for kind in said.keys() & source.keys():
        if len(said[kind]) == 1 and len(source[kind]) == 1 and said[kind] != source[kind]:
            conflicts.append(OutcomeConflict(kind, next(iter(said[kind])),
                                             next(iter(source[kind]))))
    return conflicts


def mixed_outcome_doubts(claim: str, passage: str) -> list[str]:
    """A statement that mixes outcomes ("although ground 1 had been rejected, the judge upheld
    the challenge") is read proceeding by proceeding: one it decides the other way from the
    passage is doubted (unverified, never removed; ``outcome_conflicts`` leaves such a
    statement alone)."""
    if len(outcomes(claim).get("decision", set())) < 2:
        return []
    quoted = _by_proceeding(passage)
    for thing, signs in _by_proceeding(claim).items():
        other = quoted.get(thing, set())
        if len(signs) == 1 and len(other) == 1 and signs != other:
            return [OutcomeConflict("decision", next(iter(signs)), next(iter(other))).detail]
    return []


def decided_otherwise(claim: str, quote: str | None) -> list[str]:
    """A provision's words on what becomes of an application, appeal or claim ("the application
    must be refused") against a statement that decides the same proceeding the other way by
    another verb ("must still allow the application", "does not refuse the appeal"): a doubt
    (unverified, never removed), read proceeding by proceeding as ``mixed_outcome_doubts``
    reads a judgment."""
    if not quote:
        return []
    quoted = _by_proceeding(quote)
    for thing, signs in _by_proceeding(claim).items():
        other = quoted.get(thing, set())
        if len(signs) == 1 and len(other) == 1 and signs != other:
            return [OutcomeConflict("decision", next(iter(signs)), next(iter(other))).detail]
    return []

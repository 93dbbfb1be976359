"""What a question names that the sources found do not hold: an honest gap, stated.

A question may name an instrument (an Act, regulations, a section, a policy, a judgment) or a
regime known by its name (Awaab's Law, a regulator's Standard or Code). A source holds it
when the source *is* it: its title names it (a legislation finding's title is "Housing Act
2004, s. 213: …", a policy's its name). A passing mention in another source's text does not
count: a damp policy that mentions Awaab's Law does not hold its requirements.

A question may also name a scheme, body or figure by its proper name ("the Local Housing
Allowance rate", "the Warm Home Discount"): a source holds one of those when its words are in
the source at all. A name no finding mentions is one the sources cannot speak to, however well
other passages match the question's other words.

Used by the orchestrator for every answer (model or not) and by the offline answerer, so a
missing instrument is named whoever writes the answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shared.text.terms import STOP_WORDS, terms
from shared.text.vocabulary import expand, subjects, topics

__all__ = ["MISSING_LEAD", "missing_note", "unheld"]

MISSING_LEAD = "The connected sources do not hold"
"""How the note on missing instruments begins (the verifier reads it in the draft)."""

_REGIME = re.compile(
    r"(?:[A-Z][\w'’]*,?\s+(?:and\s+|of\s+|for\s+)?){1,6}(?:Law|Standards?|Code|Measures|"
    r"Scheme|Regulations|Order|Rules)\b(?:\s+\d{4})?")
_PROVISION = re.compile(r"^(section|regulation|schedule)\s+(\w+)$", re.IGNORECASE)
_CASE = re.compile(r"^\[\d{4}\]")
_THING = (r"notices?|orders?|agreements?|applications?|claims?|procedures?|proceedings|"
          r"hearings?|requests?|certificates?|evictions?|possession")
"""What a provision's number names when used before it: "a section 21 notice" is a notice
known by the provision that governs it, not a request for that provision's text."""
_OPENING = STOP_WORDS | {"which", "what", "does", "do", "how", "is", "are", "under", "can",
                          "must", "when", "who"}
_PROPER = re.compile(r"(?<![\w'’])[A-Z][a-z][\w'’-]*(?:\s+(?:(?:of|for|and|the|to|in|on)\s+)?"
                     r"[A-Z][a-z][\w'’-]*)+")
"""A proper name of two or more capitalised words ("Local Housing Allowance", "Regulator of
Social Housing"); acronyms and numbered labels ("Stage 1", "Category A") are not names."""
_PUBLICATION = re.compile(
    rf"(?P<body>{_PROPER.pattern})['’]s\s+(?P<title>(?:[a-z][\w-]*\s+){{0,3}}"
    r"(?:report|review|guidance|code|standards?|framework|handbook|toolkit|strategy|charter|"
    r"consultation|determination|decision)s?)\b")
"""A body's own publication, by its body's name and what it is ("the Housing Ombudsman's
spotlight report", "the Regulator of Social Housing's consumer standards"): a source that
names the body (a complaints policy naming the Ombudsman) does not hold what the publication
says; one that mentions the publication's words too may."""
_ROLE = frozenset({"secretary", "head", "director", "manager", "officer", "board", "justice",
                   "judge", "mr", "mrs", "ms", "lord", "lady", "member", "chief"})
"""Words of a role's title: the sources name a party by its function ("the appropriate national
authority"), so a role's title missing from their words is not a missing body."""
_KINDS = frozenset({"allowance", "discount", "grant", "credit", "benefit", "scheme", "fund",
                    "payment", "relief", "rate", "levy", "tax", "premium", "loan", "code",
                    "standard", "standards", "charter", "programme", "guidance", "framework",
                    "law", "index", "register", "ombudsman", "regulator", "commission", "agency",
                    "office", "measures", "test", "protocol"})
"""Heads of the names a question asks the sources about: a scheme, benefit, code or body. A
person, a place, a council or court, or a day ("Mary Jones", "Tower Hamlets", "Leeds City
Council", "the Bank Holiday weekend") only sets the scene of a question the sources may well
answer, so its absence from them is no gap."""


def _named(question: str) -> list[str]:
    """The instruments and named regimes ``question`` names, each once, in order (a housing
    topic such as "repairs" is not an instrument, but "Awaab's Law" is)."""
    plain = {t.lower() for t in topics(question) if not t.lower().endswith("law")}
    found = [s for s in subjects(question) if s.lower() not in plain]
    for m in _REGIME.finditer(question):
        words = m.group(0).strip(" ,").split()
        while words and words[0].lower() in _OPENING:
            words.pop(0)
        name = " ".join(words)
        if len(words) < 2:
            continue
        found = [f for f in found if not terms(f) <= terms(name)]
        if not any(terms(name) <= terms(f) for f in found):
            found.append(name)
    return [f for f in dict.fromkeys(found) if not _only_popular(f, question)]


def _only_popular(name: str, question: str) -> bool:
    """Whether every mention of the provision ``name`` in ``question`` is a popular name of
    a thing ("a section 21 notice"): the question asks about the notice, which sources other
    than the provision itself (a bar on giving one, its repeal) can answer."""
    if not _PROVISION.match(name):
        return False
    mentions = re.finditer(rf"\b{re.escape(name)}\b(?:\s+(?:{_THING})\b)?", question,
                           re.IGNORECASE)
    kinds = [m.group(0).lower() != name.lower() for m in mentions]
    return bool(kinds) and all(kinds)


_POLICY = re.compile(r"\b(?:polic(?:y|ies)|procedures?)$", re.IGNORECASE)
_UNNAMING = frozenset({"policy", "polici", "procedur", "our", "the", "own", "current", "new",
                       "latest", "written"})
"""Words of a policy's name that do not tell one policy from another."""


def _policy_held(name: str, titles: Sequence[str]) -> bool:
    """Whether a policy found is the one ``name`` names ("our pets policy"): a policy's own
    title (before the heading its passage is under) sharing a word of the name, spelt out
    ("ASB": anti-social behaviour). A heading inside another policy is a passing mention:
    the Decant Policy's "Belongings and pets" does not make it a pets policy."""
    wanted = terms(expand(name)) - _UNNAMING
    return not wanted or any(wanted & terms(t.split(" — ", 1)[0]) for t in titles)


def _held(name: str, titles: Sequence[str], refs: Sequence[str]) -> bool:
    if _POLICY.search(name):
        return _policy_held(name, titles)
    provision = _PROVISION.match(name)
    if provision:
        kind, number = provision.group(1).lower(), provision.group(2)
        short = {"section": "s.", "regulation": "reg.", "schedule": "Schedule"}[kind]
        return any(re.search(rf"(?:{re.escape(short)}|{kind})\s*{re.escape(number)}\b", t,
                             re.IGNORECASE) for t in titles) or any(
            r.endswith(f"/{kind}/{number}") or f"/{kind}/{number}/" in r for r in refs)
    if _CASE.match(name):
        return any(name.lower() in (t + " " + r).lower() for t, r in zip(titles, refs,
                                                                         strict=True))
    wanted = terms(name) - {"policy", "polici", "procedur", "our", "the"}
    return any(wanted <= terms(t) for t in titles)


def _proper_names(question: str, named: Sequence[str]) -> list[str]:
    """The proper names ``question`` uses that are not instruments already ``named``, the
    words a question opens on aside ("Can the Office of Fair Trading …")."""
    out = []
    for m in _PROPER.finditer(question):
        words = m.group(0).split()
        while words and words[0].lower() in _OPENING:
            words.pop(0)
        while words and words[-1].lower() in _OPENING:
            words.pop()
        name = " ".join(words).removesuffix("'s").removesuffix("’s")
        lowered = {w.lower() for w in words}
        if sum(w[:1].isupper() for w in words) < 2 or lowered & _ROLE or not lowered & _KINDS:
            continue
        if any(terms(name) & terms(n) for n in named):
            continue
        out.append(name)
    for m in _PUBLICATION.finditer(question):
        body = m.group("body").split()
        while body and body[0].lower() in _OPENING:
            body.pop(0)
        if len(body) >= 2 and not {w.lower() for w in body} & _ROLE:
            out.append(f"{' '.join(body)}'s {m.group('title')}")
    return list(dict.fromkeys(out))


def _mentioned(name: str, texts: Sequence[str]) -> bool:
    """Whether one source's words include every word of ``name``."""
    wanted = terms(name)
    return not wanted or any(wanted <= terms(t) for t in texts)


def unheld(question: str, titles: Sequence[str], refs: Sequence[str],
           texts: Sequence[str] = ()) -> list[str]:
    """What ``question`` names that no source (by its ``titles`` and ``refs``) holds, and,
    given the sources' ``texts``, the proper names none of them mentions."""
    named = _named(question)
    missing = [n for n in named if not _held(n, titles, refs)]
    if texts:
        said = [f"{t} {x}" for t, x in zip(titles, texts, strict=True)]
        missing += [n for n in _proper_names(question, named) if not _mentioned(n, said)]
    return missing


def missing_note(names: Sequence[str]) -> str:
    """The plain statement of what the answer cannot rely on, or nothing."""
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    them = "it" if len(names) == 1 else "them"
    return (f"**Not in the sources**\n\n{MISSING_LEAD} {listed}: this answer cannot say what "
            f"the sources do not hold, so check {them} at the source.")

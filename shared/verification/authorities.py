"""Which body acts: the forum an appeal goes to, the body that gives a consent, a body the
provision never names.

"A person to whom a final notice is given may appeal to the First-tier Tribunal" does not
support "… may appeal to the magistrates' court"; "a consent given by the Relevant Authority"
does not support "a consent given by the local housing authority"; and a statement that brings
in a body by its title ("the Competition and Markets Authority") where the provision never
names it gives the rule to another body. Each is a doubt (unverified, never removed): a
statement may rest on another provision that does name the body.
"""

from __future__ import annotations

import re

from shared.text.initials import spells
from shared.text.sentences import opening_word
from shared.verification.quotes import normalise

__all__ = ["another_agent", "another_forum", "unnamed_bodies"]

_FORUM = re.compile(
    r"\bappeal(?:s|ed)?\s+(?:\w+\s+){0,3}?to\s+(?:the\s+|a\s+|an\s+)?(?P<forum>"
    r"(?:[\w'’-]+\s+){0,2}?(?:tribunal|court|secretary of state|ministers?))\b", re.IGNORECASE)
"""Where an appeal goes: "appeal to the First-tier Tribunal", "appeal to the county court"."""


def _forum(text: str) -> tuple[str, str] | None:
    """(kind, name) of the forum the text sends an appeal to: kind is tribunal, court or
    minister."""
    m = _FORUM.search(normalise(text))
    if m is None:
        return None
    name = " ".join(m["forum"].lower().split())
    kind = ("tribunal" if name.endswith("tribunal") else "court" if name.endswith("court")
            else "minister")
    return kind, name


_GENERAL = re.compile(r"^(?:the\s+)?(?:appropriate|relevant|competent)?\s*(?:tribunal|court)$")


def another_forum(claim: str, quote: str | None) -> list[str]:
    """The statement sends the appeal to a court where the quoted words send it to a tribunal
    (or the other way), or to another named tribunal or court."""
    if not quote:
        return []
    said, source = _forum(claim), _forum(quote)
    if said is None or source is None or said[1] == source[1]:
        return []
    if said[0] == source[0] and (_GENERAL.match(said[1]) or _GENERAL.match(source[1])):
        return []  # "the tribunal" for "the First-tier Tribunal"
    return [f"The statement sends the appeal to the {said[1]}; the quoted words send it to the "
            f"{source[1]}."]


_AGENT = re.compile(
    r"\b(?P<act>given|made|approved|granted|issued|signed|confirmed)\s+by\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<agent>[A-Za-z][\w'’-]*(?:\s+(?:of\s+|for\s+|and\s+)?[A-Za-z][\w'’-]*){0,3})")
"""Who gives, makes or approves: "a consent given by the Relevant Authority"."""
_TITLE = re.compile(r"[A-Z][\w'’-]*")
_ROLE_WORDS = frozenset("""under in on to with for from which who that as at of and the""".split())


def _proper(agent: str) -> list[str]:
    """The agent's title words while they run capitalised ("Relevant Authority under"
    → Relevant, Authority)."""
    words: list[str] = []
    for w in agent.split():
        if w.lower() in ("of", "for", "and") and words:
            continue
        if not _TITLE.fullmatch(w):
            break
        words.append(w.lower())
    return words


_MAY_BY_ORDER = re.compile(
    r"(?P<agent>(?:[A-Z][\w'’-]*\s+(?:of\s+|for\s+|and\s+)?){1,5})may\s+by\s+order\b")
"""Who makes an order: "the National Assembly for Wales may by order appoint"."""
_BY_ORDER_OF = re.compile(
    r"\bby\s+(?:an\s+)?(?P<act>order)\s+(?:made\s+)?(?:of|by)\s+(?:the\s+)?"
    r"(?P<agent>[A-Za-z][\w'’-]*(?:\s+(?:of\s+|for\s+|and\s+)?[A-Z][\w'’-]*){0,4})")
"""An order given to its maker in a statement: "brought into force by order of the Secretary of
State"."""


def _acts(text: str) -> list[tuple[str, str]]:
    """(act, agent) pairs: "given by the Relevant Authority", "X may by order", "by order of X"."""
    plain = normalise(text)
    # A sentence's capital ("The Secretary of State may by order") is not part of the title.
    return [*((m["act"].lower(), m["agent"]) for m in _AGENT.finditer(plain)),
            *(("order", re.sub(r"^The\s+", "", m["agent"])) for m in _MAY_BY_ORDER.finditer(plain)),
            *(("order", m["agent"]) for m in _BY_ORDER_OF.finditer(plain))]


def another_agent(claim: str, quote: str | None) -> list[str]:
    """The quoted words give a consent (an approval, an order) by a body they name by its title;
    the statement gives the same act to a body it describes otherwise."""
    if not quote:
        return []
    quoted = {act: _proper(agent) for act, agent in _acts(quote)}
    named = dict(_acts(quote))
    for act, agent in _acts(claim):
        title = quoted.get(act)
        if not title or len(title) < 2:
            continue
        said = [w.lower() for w in agent.split() if w.lower() not in _ROLE_WORDS]
        if set(title) <= set(said) or any(spells(w, title) for w in said):
            continue
        return [f"The statement gives this to “{agent.strip()}”; the quoted words give it "
                f"to “{named[act].strip()}”."]
    return []


_BODY = re.compile(r"\b(?:[A-Z][a-z]+\s+(?:and\s+|of\s+|for\s+)?){1,4}(?:Authority|Agency|"
                   r"Commission|Ombudsman|Office|Board|Service|Executive|Regulator|Registrar|"
                   r"Council|Inspectorate)\b")
"""A public body named by its title: "the Competition and Markets Authority"."""


def unnamed_bodies(claim: str, source: str) -> list[str]:
    """Bodies the statement names by their title that the provision never names."""
    text = " ".join(normalise(source).lower().split())
    for m in _BODY.finditer(claim):
        words = m.group().split()
        while words and opening_word(words[0]):
            words = words[1:]
        name = " ".join(words)
        if len(words) >= 2 and name.lower() not in text:
            return [f"The statement names the {name}, which the cited provision does not "
                    "mention."]
    return []

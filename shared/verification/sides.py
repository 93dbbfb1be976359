"""Who is on which side of a judgment, read from its header: the parties it lists between
"Between" and the list of appearances, and the counsel that list gives to each party.

A statement about a judgment often names a side in other words than the quote does: "the
claimants' submission" beside "Mr Tam's submission", "found for Mr Holyoake" beside "I dismiss
the claim", "the claimants had no power" beside "the SSHD has no power". To compare them, each
mention — a role ("the claimant company", "the Secretaries of State"), a party's name or its
initials ("SSHD"), a counsel's surname — is resolved to side 1 (who brought the proceedings:
claimant, applicant, appellant) or side 2 (who answers them). A mention that resolves to both
sides, or to neither, is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from shared.text.initials import initials as initials_of
from shared.text.numbers import ORDINALS, in_figures
from shared.text.terms import stem

__all__ = ["Sides", "sides_of"]

_FIRST_ROLE = re.compile(r"\b(?:claimants?|applicants?|appellants?|petitioners?)\b", re.I)
_SECOND_ROLE = re.compile(r"\b(?:defendants?|respondents?)\b", re.I)
_LINKS = frozenset("of for the and de des la le du in on".split())
_NOISE = frozenset("""ltd limited plc llp co ors anor others another the of for and mr mrs ms miss
    dr qc kc q.c q.c. sir lord lady r on application queen king services holdings group
    solutions company companies international uk management properties""".split())
"""Words that name no party in particular."""
_HONORIFIC = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Dr|Sir)\.?\s+")
_RULE = re.compile(r"(?m)^[\s-]*-\s*-\s*-.*$")
_ROLE = (r"(?P<role>(?:\w+ ){0,2}?(?i:claimants?|defendants?|applicants?|respondents?|"
         r"appellants?|interested party))\b")
_LISTED = re.compile(r"(?m)^(?P<names>[A-Z][^\n()]{1,160}?)\s*(?:\((?:instructed|acting)"
                     r"(?:[^()]|\([^()]*\))*\)\s*)?(?:for|on behalf of) the " + _ROLE)
"""A line of the list of appearances: "Robin Tam QC and Will Hays (instructed by GLD) for the
First Defendant"."""
_APPEARED = re.compile(r"(?P<names>\b(?:Mr|Mrs|Ms|Miss|Dr)\.? (?:[A-Z][\w'’-]* ){0,2}[A-Z][\w'’-]*"
                       r"(?: QC| KC)?),? who appeared (?:for|on behalf of) the " + _ROLE)
"""Counsel introduced in the judgment's text: "Mr Lord QC, who appeared for the Defendants"."""


_ROLE_NAME = (r"(?P<role>(?:(?:first|second|third|fourth|fifth|sixth)\s+)?(?:claimants?|"
              r"defendants?|applicants?|respondents?|appellants?))\b")
_DEFINED_AFTER = re.compile(
    r"\bthe\s+" + _ROLE_NAME + r"(?:,\s*(?:the\s+)?[^()“”\"\n]{1,90}?)?\s*\(\s*[“\"]"
    r"(?P<code>[^”\"()]{2,30})[”\"]\s*\)", re.IGNORECASE)
"""A side's short name defined in the text: "The Claimant (“UEFA”)", "the First Defendant, the
Secretary of State for Justice (“SSJ”)"."""
_DEFINED_WITHIN = re.compile(
    r"\(\s*(?:the\s+)?" + _ROLE_NAME + r"[^()“”\"]{0,40}?,\s*[“\"](?P<code>[^”\"()]{2,30})"
    r"[”\"]\s*\)", re.IGNORECASE)
"""The same inside the parenthesis: "Hotblack Holdings Ltd (the Second Claimant, “Hotblack”)"."""


@dataclass(frozen=True)
class Sides:
    """The parties of each side by their distinctive words and initials, and counsel by
    surname."""

    words: dict[int, set[str]] = field(default_factory=dict)
    initials: dict[int, set[str]] = field(default_factory=dict)
    counsel: dict[str, set[int]] = field(default_factory=dict)

    def side(self, mention: str) -> int | None:
        """The side a mention names (1 or 2), or ``None`` when it is unclear."""
        plain = _HONORIFIC.sub("", mention).strip(" ,.")
        found = set()
        if _FIRST_ROLE.search(plain):
            found.add(1)
        if _SECOND_ROLE.search(plain):
            found.add(2)
        if not found:
            tokens = re.findall(r"[A-Za-z0-9][\w'’-]*", plain)
            for token in tokens:
                bare = re.sub(r"['’]s?$", "", token)
                if bare.isupper() and len(bare) >= 2:
                    found |= {s for s, codes in self.initials.items() if bare in codes}
                key = stem(bare.lower())
                if bare.lower() not in _NOISE and bare.lower() not in _LINKS:
                    found |= {s for s, words in self.words.items() if key in words}
            if len(tokens) == 1:
                found |= self.counsel.get(tokens[0].lower(), set())
        return next(iter(found)) if len(found) == 1 else None

    def speaker(self, surname: str) -> int | None:
        """The side a counsel appeared for, by surname."""
        sides = self.counsel.get(surname.lower(), set())
        return next(iter(sides)) if len(sides) == 1 else None


def sides_of(case_name: str, text: str) -> Sides:
    """The sides as the header lists them; failing a header, as the case name ("A v B")
    gives them."""
    blocks = _blocks(text)
    if len(blocks) < 2:
        blocks = [(part, "") for part in re.split(r"\s+v\.?\s+", case_name, maxsplit=1)]
    words: dict[int, set[str]] = {}
    initials: dict[int, set[str]] = {}
    for index, (names, _label) in enumerate(blocks[:2], start=1):
        numbered = re.search(r"\(\d+\)\s", names) is not None
        parts = re.split(r"\(\d+\)\s", names) if numbered else names.split("\n")
        for line in (" ".join(p.split()) for p in parts):
            tokens = [t for t in re.findall(r"[A-Za-z0-9][\w'’-]*", line)]
            words.setdefault(index, set()).update(
                stem(t.lower()) for t in tokens
                if t.lower() not in _NOISE and t.lower() not in _LINKS)
            code = initials_of(t for t in tokens if t.lower() not in _LINKS)
            if len(code) >= 2:
                initials.setdefault(index, set()).add(code)
    labels = [label for _names, label in blocks]
    counsel: dict[str, set[int]] = {}
    header = text[:_header_end(text)]
    for m in [*_LISTED.finditer(header), *_APPEARED.finditer(text)]:
        side = _role_side(m["role"], labels)
        if side is None:
            continue
        for name in re.split(r",|\band\b|&", m["names"]):
            parts = [p for p in re.findall(r"[A-Za-z][\w'’-]*", name)
                     if p.lower().rstrip(".") not in {"qc", "kc", "q", "c", "mr", "mrs", "ms",
                                                       "miss", "dr", "who", "appeared"}]
            if parts:
                counsel.setdefault(parts[-1].lower(), set()).add(side)
    for m in [*_DEFINED_AFTER.finditer(text[:8000]), *_DEFINED_WITHIN.finditer(text[:8000])]:
        side = _role_side(m["role"], labels)
        if side is None:
            continue
        code = m["code"].strip()
        if code.isupper() and " " not in code:
            initials.setdefault(side, set()).add(code)
        else:
            words.setdefault(side, set()).update(
                stem(t.lower()) for t in re.findall(r"[A-Za-z0-9][\w'’-]*", code)
                if t.lower() not in _NOISE and t.lower() not in _LINKS)
    return Sides(words=words, initials=initials, counsel=counsel)


def _header_end(text: str) -> int:
    """Where the header ends: the first "Judgment" line after the parties, or 6,000
    characters in."""
    m = re.search(r"(?m)^\s*Judgment\b", text[:6000])
    return m.start() if m else min(len(text), 6000)


def _blocks(text: str) -> list[tuple[str, str]]:
    """The header's parties, block by block ("- and -" between them), each with its role
    label ("Claimants", "2nd Applicant")."""
    at = re.search(r"\bBetween\s*:?", text[:6000])
    if at is None:
        return []
    rest = text[at.end():at.end() + 3000]
    end = _RULE.search(rest)
    rest = rest[:end.start()] if end else rest
    found = []
    for block in re.split(r"\n\s*-\s*and\s*-\s*\n", rest):
        label = re.search(r"(?:\b\d(?:st|nd|rd|th)\s+)?\b(?:claimants?|defendants?|applicants?|"
                          r"respondents?|appellants?|interested part(?:y|ies))\b", block, re.I)
        names = block.replace(label.group(), " ") if label else block
        found.append((names.strip(), label.group().lower() if label else ""))
    return found


def _role_side(role: str, labels: list[str]) -> int | None:
    """The side of the party "for the First Defendant" names, by the header's labels."""
    words = role.lower().split()
    ordinal = (in_figures(ORDINALS[words[0]]) if words[0] in ORDINALS else words[0]) \
        if len(words) > 1 else ""
    noun = stem(words[-1])
    for index, label in enumerate(labels[:2], start=1):
        if noun in {stem(w) for w in label.split()} and (
                not ordinal or ordinal in label or not re.search(r"\d", label)):
            return index
    if any(labels):
        return None  # a party the header lists beyond the two sides (an interested party)
    if _FIRST_ROLE.search(role):
        return 1
    return 2 if _SECOND_ROLE.search(role) else None

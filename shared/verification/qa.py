"""The testing-mode QA of a final answer: disclaimer, British English, structure, cited law.

Pure and deterministic: the same answer and disclaimer always give the same report. Each check
returns its notes (British English, meant for the tenant's testers); a check passes when it has
none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from shared.text.british import british_notes
from shared.text.markdown import BOLD_LINE, FENCE, HEADING, LIST_ITEM, RULE
from shared.text.modality import Modality, modalities
from shared.text.sentences import split_sentences
from shared.verification.citations import parse_citations, strip_tags

__all__ = [
    "QaOutcome",
    "disclaimer_notes",
    "disclaimer_start",
    "law_notes",
    "review",
    "structure_notes",
]

MAX_NOTE = 160
"""Longest quoted sentence in a note, in characters."""
MAX_SENTENCE_NOTES = 10

_OPEN_TAG = re.compile(r"<cite\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.IGNORECASE)
_TAG = re.compile(rf"{_OPEN_TAG.pattern}|</cite\s*>", re.IGNORECASE)
_OBLIGATIONS: frozenset[Modality] = frozenset({"duty", "prohibition", "no_duty"})

_STATES_LAW = re.compile(
    r"\b[A-Z][\w'’-]*[ \t]+Act\b|\bAct[ \t]+\d{4}\b"
    r"|\bsections?[ \t]+\d|(?<![\w.])ss?\.[ \t]?\d|\b(?:Part|Schedule)[ \t]+\d"
    r"|\b(?i:regulations?)[ \t]+\d|(?<![\w.])reg\.[ \t]?\d|\bRegulations(?:[ \t]+\([^)]*\))?"
    r"[ \t]+\d{4}|\b(?:Order|Rules)[ \t]+\d{4}|\b(?i:statutory[ \t]+instruments?)"
    r"|\bS\.?I\.?[ \t]+\d{4}/\d+"
    r"|\b(?i:courts?|tribunals?)\b|House of Lords|Privy Council"
    r"|\b[A-Z][\w'’-]+[ \t]+v\.?[ \t]+[A-Z]"
    r"|\b(?i:shall|(?:is|are)(?:[ \t]+not)?[ \t]+entitled[ \t]+to)\b"
)
_LEGAL_CONTEXT = re.compile(
    r"\b(?i:landlords?|tenants?|lessees?|lessors?|leaseholders?|freeholders?|licensees?|"
    r"licensors?|providers?|local[ \t]+authorit(?:y|ies)|councils?|housing[ \t]+associations?|"
    r"employers?|occupiers?|the[ \t]+regulator|ombudsman|laws?|legal|legally|lawful(?:ly)?|"
    r"unlawful(?:ly)?|statutory|statutes?|legislation|offences?|liable|liability|"
    r"obligations?|duty|duties)\b"
)


@dataclass(frozen=True)
class QaOutcome:
    """Each named check's result, and the notes explaining the failures."""

    checks: dict[str, bool]
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(self.checks.values())


def review(text: str, *, disclaimer: str) -> QaOutcome:
    """The four QA checks of a final answer against the tenant's mandatory disclaimer."""
    start = disclaimer_start(text, disclaimer)
    body = text if start is None else text[:start]
    found = {
        "disclaimer": disclaimer_notes(text, disclaimer),
        "british_english": british_notes(text),
        "structure": structure_notes(body),
        "law_cited": law_notes(text, end=len(body)),
    }
    return QaOutcome(checks={name: not notes for name, notes in found.items()},
                     notes=[note for notes in found.values() for note in notes])


def disclaimer_start(text: str, disclaimer: str) -> int | None:
    """Where the disclaimer begins when it ends the answer verbatim, emphasis aside."""
    words = disclaimer.split()
    if not words:
        return None
    pattern = re.compile(r"(?<![^\s>])[*_]{0,3}" + r"\s+(?:>[ \t]*)?".join(map(re.escape, words))
                         + r"[*_]{0,3}\s*\Z")
    m = pattern.search(text)
    return m.start() if m else None


def disclaimer_notes(text: str, disclaimer: str) -> list[str]:
    if not disclaimer.split() or disclaimer_start(text, disclaimer) is not None:
        return []
    if " ".join(disclaimer.split()) in " ".join(text.split()):
        return ["The mandatory disclaimer is present but does not end the answer."]
    return ["The mandatory disclaimer is missing: the answer must end with it, word for word."]


def structure_notes(body: str) -> list[str]:
    """Notes on the answer's shape; ``body`` is the answer without its closing disclaimer."""
    if not body.strip():
        return ["The answer is empty: there is nothing before the disclaimer."]
    lines = _classified(body)
    notes = []
    first = next(kind for kind, _ in lines if kind != "blank")
    if first != "prose":
        notes.append(f"The answer opens with a {first} rather than with prose.")
    notes += _tag_notes(body)
    notes += _heading_notes(lines)
    if not any(kind == "prose" and not line.rstrip().endswith(":") for kind, line in lines):
        if any(kind == "list" for kind, _ in lines):
            notes.append("The answer is only a list: it needs prose that explains it.")
        else:
            notes.append("The answer has no prose.")
    return notes


def law_notes(text: str, *, end: int | None = None) -> list[str]:
    """Sentences (before ``end``) that state law but carry no citation, tag or prose."""
    end = len(text) if end is None else end
    opaque = sorted(m.span() for m in _TAG.finditer(text))
    cited = [c.sentence for c in parse_citations(text).citations]
    uncited = []
    for s in split_sentences(text, opaque):
        if s.start >= end or _in_heading(text, s.start):
            continue
        if any(max(s.start, a) < min(s.end, b) for a, b in cited):
            continue
        claim = strip_tags(text, s, opaque)
        if _states_law(claim):
            uncited.append(claim)
    notes = [f'A sentence states law without a citation: "{_clipped(c)}"'
             for c in uncited[:MAX_SENTENCE_NOTES]]
    if len(uncited) > MAX_SENTENCE_NOTES:
        notes.append(f"…and {len(uncited) - MAX_SENTENCE_NOTES} more such sentences.")
    return notes


def _states_law(claim: str) -> bool:
    return bool(_STATES_LAW.search(claim)
                or (bool(modalities(claim) & _OBLIGATIONS) and _LEGAL_CONTEXT.search(claim)))


def _classified(body: str) -> list[tuple[str, str]]:
    """Each line of ``body`` with its kind: prose, heading, list, quote, table, code, rule."""
    lines: list[tuple[str, str]] = []
    fenced = in_list = False
    previous = "blank"  # the kind of the line just before
    for line in body.splitlines():
        if FENCE.match(line) or fenced:
            fenced = fenced != bool(FENCE.match(line))
            kind = "code block"
        elif not line.strip():
            kind = "blank"
        elif HEADING.match(line) or BOLD_LINE.match(line):
            kind = "heading"
        elif LIST_ITEM.match(line) or (in_list and line[:1] in " \t"):
            kind = "list"  # an item, or an indented continuation of one
        elif line.lstrip().startswith(">"):
            kind = "quotation"
        elif line.lstrip().startswith("|"):
            kind = "table"
        elif RULE.match(line):
            kind = "horizontal rule"
        else:
            kind = "list" if previous == "list" else "prose"  # a lazy continuation line
        lines.append((kind, line))
        previous = kind
        if kind != "blank":
            in_list = kind == "list"
    return lines


def _tag_notes(body: str) -> list[str]:
    """Unbalanced cite tags: an opening never closed, a closing never opened, nesting."""
    notes, open_at = [], None
    for m in _TAG.finditer(body):
        if m.group().startswith("</"):
            if open_at is None:
                notes.append(f"A closing </cite> at character {m.start()} has no opening tag.")
            open_at = None
        elif not m.group().rstrip(">").rstrip().endswith("/"):
            if open_at is not None:
                notes.append(f"A <cite> tag at character {open_at} is not closed.")
            open_at = m.start()
    if open_at is not None:
        notes.append(f"A <cite> tag at character {open_at} is not closed.")
    return notes


def _heading_notes(lines: list[tuple[str, str]]) -> list[str]:
    """Headings with no title, or with nothing under them before the next one of their rank."""
    notes = []
    content = [(kind, line) for kind, line in lines if kind != "blank"]
    for i, (kind, line) in enumerate(content):
        m = HEADING.match(line)
        if kind != "heading" or m is None:
            continue
        title = (m.group(2) or "").strip("*_ \t")
        if not title:
            notes.append("A heading has no title.")
            continue
        following = content[i + 1] if i + 1 < len(content) else None
        if following is None or _outranks(following[1], len(m.group(1))):
            notes.append(f'The heading "{_clipped(title)}" has nothing under it.')
    return notes


def _outranks(line: str, level: int) -> bool:
    m = HEADING.match(line)
    return m is not None and len(m.group(1)) <= level


def _in_heading(text: str, pos: int) -> bool:
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return bool(HEADING.match(line) or BOLD_LINE.match(line))


def _clipped(sentence: str) -> str:
    return sentence if len(sentence) <= MAX_NOTE else sentence[:MAX_NOTE - 1].rstrip() + "…"

"""Provisions the source marks repealed or not yet in force: said before they are quoted, and
never presented as current law."""

from __future__ import annotations

import re
from collections.abc import Sequence

from shared.answering.citations import Citations, listed
from shared.answering.questions import Question
from shared.answering.selection import Candidate, Source, whole_sentences
from shared.text.nations import ENGLAND_AND_WALES, NATIONS
from shared.text.provisions import PROVISION_NUMBER, SECTION
from shared.text.terms import terms
from shared.text.vocabulary import subjects

__all__ = ["STATUS", "STATUS_WORDS", "marked_statement", "marked_without_text",
           "only_repealed", "repealed_elsewhere", "status_of", "statuses"]

STATUS = re.compile(r"^\s*\[(?P<status>repealed|prospective|not in force)"
                     r"(?::\s*(?P<note>[^\]]*))?\]")
STATUS_WORDS = {"repealed": "From the repealed provision",
                 "prospective": "Not yet in force", "not in force": "Not yet in force"}
_STATUS_ASKED = re.compile(r"\b(?:still|in force|repealed|revoked|abolished|"
                           r"current law|currently (?:the law|applies|apply|valid)|"
                           r"no longer|any more|anymore|commenced|prospective|used to|had to|"
                           r"did (?:[\w'’-]+ ){1,5}(?:have to|need to|require)|(?:was|were) "
                           r"(?:required|needed|obliged|allowed))\b", re.IGNORECASE)
"""A question about whether a provision is still the law, or asked in the past tense ("what
did a … have to contain?"): about the law as it was. "The current rate" asks for today's
figure, not whether a provision stands: "current" counts only with the law it qualifies."""
_NAMED_SECTION = re.compile(rf"\b{SECTION}\s?({PROVISION_NUMBER})\b", re.IGNORECASE)
MAX_MARKED = 5


_OTHER_NATION = "(?:" + "|".join(n for n in NATIONS if n != "England") + ")"
"""A nation other than England, whose law the answers are not about."""
_ELSEWHERE = re.compile(rf"\bfor (?P<where>{_OTHER_NATION})(?: only)?\b")
"""A repeal the source says is for one other nation only ("Repealed from 1 April 2009 for
Scotland by the Housing (Scotland) Act 2006"): the answers are for England."""
_FOR_ENGLAND = re.compile(rf"\bfor England\b|\b{ENGLAND_AND_WALES}\b")


def repealed_elsewhere(document: Source) -> str:
    """The nation a provision is repealed for, when the source says it is repealed for
    another nation only (Scotland, Wales or Northern Ireland), else nothing: such a provision
    is still the law in England and is quoted as such, with its repeal elsewhere said."""
    m = STATUS.match(document.text)
    if m is None or m.group("status") != "repealed":
        return ""
    note = m.group("note") or ""
    where = _ELSEWHERE.search(note)
    return where.group("where") if where and not _FOR_ENGLAND.search(note) else ""


def status_of(document: Source) -> str:
    """The provision's status when it is not current law for an English answer (repealed,
    prospective or not in force); nothing for one in force, or repealed elsewhere only."""
    m = STATUS.match(document.text)
    if m is None or repealed_elsewhere(document):
        return ""
    return m.group("status")


def marked_without_text(q: Question, documents: Sequence[Source]) -> list[int]:
    """The repealed or prospective provisions among ``documents`` whose text the source no
    longer holds (a status and a dotted line), when the question is about them: it asks
    whether the law still stands, or the search ranked such a provision first. Those whose
    title shares most of the question's words (or that the question names) come first."""
    held = {c.doc for c in whole_sentences(documents)}
    marked = [i for i, d in enumerate(documents) if status_of(d) and i not in held]
    if not marked or not (_STATUS_ASKED.search(q.text) or marked[0] == 0):
        return []
    wanted = terms(q.text)
    named = {n.upper() for n in _NAMED_SECTION.findall(q.text)}

    def bearing(i: int) -> int:
        title = documents[i].title
        numbered = re.search(r"\bs\. (\w+)", title)
        return len(wanted & terms(title)) + 10 * bool(numbered and numbered.group(1) in named)

    relevant = [i for i in marked if bearing(i) >= 2]
    return sorted(relevant, key=lambda i: (-bearing(i), i))[:MAX_MARKED]


def only_repealed(q: Question, leads: Sequence[Candidate],
                  documents: Sequence[Source]) -> bool:
    """Whether every sentence that would answer comes from a provision the source marks as
    repealed, and the question neither asks whether the law still stands nor names a
    provision or its Act: then what matched is old law on something nearby (an allowance or a
    duty that no longer exists), not an answer, and the honest answer is that the sources do
    not say."""
    if not leads or _STATUS_ASKED.search(q.text) or _NAMED_SECTION.search(q.text):
        return False
    if not all(status_of(documents[c.doc]) == "repealed" for c in leads):
        return False
    # A question that names the repealed provision's own Act asks what that Act says: its
    # repeal is the answer.
    titles = " ".join(documents[c.doc].title for c in leads).lower()
    return not any(name.lower() in titles for name in subjects(q.text) if " Act " in
                   f" {name} ")


def _heading(title: str) -> str:
    """A provision's heading without its Act and number ("Housing Act 2004, s. 155: Duty to
    have a home information pack" → "Duty to have a home information pack")."""
    return " ".join(title.split(": ", 1)[-1].split()).rstrip(".")


def marked_statement(marked: Sequence[int], documents: Sequence[Source],
                      cites: Citations) -> str:
    """What the source says of provisions it holds only as repealed or not yet in force: the
    status and its note, then the provisions, each cited (there is no text left to quote)."""
    said: list[str] = []
    notes: dict[tuple[str, str], list[int]] = {}
    for i in marked:
        m = STATUS.match(documents[i].text)
        if m is not None:
            notes.setdefault((m.group("status"), (m.group("note") or "").strip()), []).append(i)
    for (status, note), docs in notes.items():
        # Named by their headings: a section number in prose is a reference of its own.
        named = listed([f"“{_heading(documents[i].title)}” {cites.bare(i)}" for i in docs])
        which = "provision" if len(docs) == 1 else "provisions"
        shown = "repealed" if status == "repealed" else "not yet in force"
        noted = f" ({note.rstrip('.')})" if note else ""
        # The status first: a heading may hold full stops of its own ("5 & 6 Ed. 6. c. 16"),
        # and the reader needs the status before the list.
        said.append(f"The source marks the following {which} as {shown}{noted}: {named}.")
    return " ".join(said)


def statuses(leads: Sequence[Candidate], documents: Sequence[Source]) -> str:
    """What the sources say of a quoted provision's status, said before it is quoted: a
    repealed or prospective provision is never presented as current law."""
    said: list[str] = []
    for doc in dict.fromkeys(c.doc for c in leads):
        m = STATUS.match(documents[doc].text)
        if m is None:
            continue
        where = repealed_elsewhere(documents[doc])
        if where:
            said.append(f"The source marks the provision quoted below as repealed for {where} "
                        f"only ({m.group('note').strip().rstrip('.')}): the repeal does not "
                        "extend to England, where it is quoted as the source holds it.")
            continue
        # Not named in prose: a named provision is itself a reference the verifier checks.
        note = f" ({m.group('note').strip()})" if m.group("note") else ""
        said.append(f"The source marks the provision quoted below as {m.group('status')}{note}: "
                    "it is quoted as the source holds it, not as current law.")
    return " ".join(said)


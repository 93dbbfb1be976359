"""Citations as a reader sees them: numbered footnotes with titles and verification badges.

An answer carries its citations as ``<cite ref="…" quote="…">n</cite>`` tags (DESIGN §5); the
verifier judges each one (``citation.checked``) and the workers name each source
(``policy.source``, ``legal.source``, ``caselaw.source``, ``worker.findings``). A reader should
see none of that machinery: the terminal and the API both show the text with ``[n]`` markers
whose numbers match one footnote list, each footnote naming its source by title (a policy's
title, an Act and section, a case) — never a document id — with its badge. One module renders
for both, so the numbers and wording never drift apart.

Pure: no I/O; the CLI feeds it server-sent events, the read model feeds it recorded payloads.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from shared.text.sentences import split_sentences
from shared.verification.citations import Citation, parse_citations
from shared.verification.refs import (
    ACTS,
    document_ref,
    legislation_ref,
    neutral_citation,
    source_key,
)

__all__ = [
    "BADGES",
    "Check",
    "Footnote",
    "Key",
    "Numbering",
    "Rendered",
    "SourceTitles",
    "StreamedText",
    "changes",
    "footnote_for",
    "render",
]

BADGES = {
    "verified": "✔ verified",
    "unverified": "? unverified",
    "removed": "✖ removed",
    "pre_1963_digitised": "⚑ pre-1963 (digitised)",
    "pending": "… not checked yet",
}
"""The badge of each verification status (``pending``: no ``citation.checked`` yet)."""

_SEVERITY = ("removed", "unverified", "pre_1963_digitised", "pending", "verified")
_CURRENT_LAW = frozenset({"", "in_force", "unknown", "current"})
"""Law statuses that need no badge: in force, or not stated by the source."""
_QUOTE_CHARS = 140
"""Longest quote shown in a footnote line; the API carries the whole quote."""
_MARKUP = re.compile(
    r"""<cite\b(?:"[^"]*"|'[^']*'|[^>"'])*>(?:[^<]{0,40}</cite\s*>)?|</cite\s*>""",
    re.IGNORECASE,
)
"""Any cite markup the parser could not read as a citation: a reader never sees it."""

_OPEN = re.compile(r"<cite\b", re.IGNORECASE)
_CLOSE = re.compile(r"</cite\s*>", re.IGNORECASE)
_OPEN_TAG = re.compile(r"""<cite\b(?:"[^"]*"|'[^']*'|[^>"'])*>""", re.IGNORECASE)

Key = tuple[str, str | None]
"""What makes two tags the same footnote: the same source and the same quoted words."""


@dataclass(frozen=True, kw_only=True)
class Check:
    """The verifier's judgement of one citation, as its ``citation.checked`` event says."""

    ref: str
    quote: str | None = None
    status: str = "pending"
    index: int = 0
    kind: str = ""
    detail: str = ""
    issues: tuple[str, ...] = ()
    source_uri: str | None = None
    law_status: str | None = None
    """Whether the cited law is current (``repealed``, ``not_in_force`` …), when known."""
    status_date: str | None = None
    status_note: str = ""

    @classmethod
    def from_event(cls, data: Mapping[str, object]) -> Check:
        """From a ``citation.checked`` payload; fields a producer does not send stay empty."""
        quote = data.get("quote")
        issues = data.get("issues")
        return cls(
            ref=str(data.get("ref", "")), quote=str(quote) if quote else None,
            status=str(data.get("status") or "pending"), index=_int(data.get("index")),
            kind=str(data.get("kind") or ""), detail=str(data.get("detail") or ""),
            issues=tuple(str(i) for i in issues) if isinstance(issues, list) else (),
            source_uri=_text_or_none(data.get("source_uri")),
            law_status=_text_or_none(data.get("law_status")),
            status_date=_text_or_none(data.get("status_date")),
            status_note=str(data.get("status_note") or ""),
        )

    @property
    def key(self) -> Key:
        return (self.ref, self.quote)


@dataclass(frozen=True, kw_only=True)
class Footnote:
    """One source as the reader sees it; ``number`` is ``None`` for a citation without a
    marker in the text (a reference written in prose, or a withheld one)."""

    number: int | None
    ref: str
    title: str
    quote: str | None
    status: str
    """The most severe verification status among the citation's checks (``removed`` only
    when every one of them was removed)."""
    detail: str = ""
    uri: str | None = None
    kind: str = ""
    law_status: str | None = None
    status_date: str | None = None
    status_note: str = ""

    @property
    def badge(self) -> str:
        """``✔ verified``, ``✖ removed`` …, with the law's status when it is not current:
        ``✔ verified · repealed (1 May 2026)``."""
        badge = BADGES.get(self.status, self.status.replace("_", " "))
        law = (self.law_status or "").strip().lower()
        if law in _CURRENT_LAW:
            return badge
        day = _day(self.status_date) if self.status_date else ""
        if law in ("not_in_force", "prospective"):
            return badge + " · not yet in force" + (f" (from {day})" if day else "")
        return badge + f" · {law.replace('_', ' ')}" + (f" ({day})" if day else "")

    def line(self) -> str:
        """``[1] Damp and mould policy — "quote…" ✔ verified``, one line."""
        mark = f"[{self.number}]" if self.number is not None else "•"
        quoted = f' — "{_clip(self.quote)}"' if self.quote else ""
        return f"{mark} {self.title}{quoted} {self.badge}"


@dataclass(frozen=True)
class Rendered:
    text: str
    """The answer with ``[n]`` markers in place of its cite tags."""
    footnotes: list[Footnote] = field(default_factory=list)

    def listing(self) -> str:
        """The footnote list, one line each, numbered footnotes first."""
        return "\n".join(f.line() for f in self.footnotes)


class Numbering:
    """Footnote numbers by first appearance: a citation repeated keeps its number."""

    def __init__(self) -> None:
        self._numbers: dict[Key, int] = {}

    def number(self, key: Key) -> int:
        """The key's number, the next one if it is new."""
        return self._numbers.setdefault(key, len(self._numbers) + 1)

    def get(self, key: Key) -> int | None:
        return self._numbers.get(key)

    def __contains__(self, key: Key) -> bool:
        return key in self._numbers


class SourceTitles:
    """The titles of an invocation's sources, learnt from its events, looked up by ref.

    A policy is named by its title, a provision by its Act and section, a case by its name and
    citation. A ref no event names still gets a readable name (an Act the project knows, a
    neutral citation); a document never shows its id.
    """

    def __init__(self) -> None:
        self._titles: dict[str, str] = {}
        self._acts: dict[str, str] = {}
        self._law: dict[str, str] = {}

    def observe(self, kind: str, data: Mapping[str, object]) -> None:
        """Learn from one event (its type and payload); other events are ignored."""
        match kind:
            case "policy.source":
                # By chunk ("Damp and mould policy — Inspection"); another chunk of the same
                # document is at least named by the document's title.
                ref, title = str(data.get("ref", "")), _policy_title(str(data.get("title", "")))
                self._titles[ref] = title
                self._titles.setdefault(source_key(ref), title.partition(" — ")[0])
            case "legal.source":
                self._legal(data)
            case "caselaw.source":
                cite = neutral_citation(str(data.get("citation", "")))
                if cite:
                    self._titles[cite] = f"{data.get('case_name', '')} {cite}".strip()
            case "worker.findings":
                findings = data.get("findings")
                for finding in findings if isinstance(findings, list) else []:
                    if isinstance(finding, Mapping):
                        self._finding(str(finding.get("ref", "")), str(finding.get("title", "")))

    def title(self, ref: str) -> str:
        """A readable name for ``ref``."""
        leg = legislation_ref(ref)
        if leg is not None:
            act = self._acts.get(leg.act) or _known_act(leg.act) or leg.act
            provision = _provision(leg.rest)
            return f"{act}, {provision}" if provision else act
        found = self._titles.get(ref) or self._titles.get(source_key(ref))
        if found:
            return found
        if document_ref(ref) is not None:
            return "A policy document"
        return ref.removeprefix("ext:")

    def law_status(self, ref: str) -> str | None:
        """The provision's status as its ``legal.source`` gave it, if one did."""
        leg = legislation_ref(ref)
        if leg is None:
            return None
        path = ref
        while path and path not in self._law:
            path = path.rpartition("/")[0]
        return self._law.get(path)

    def _legal(self, data: Mapping[str, object]) -> None:
        path = _legislation_path(str(data.get("uri", "")))
        leg = legislation_ref(path) if path else None
        if leg is None:
            return
        if data.get("act_name"):
            self._acts.setdefault(leg.act, str(data["act_name"]))
        self._law[path] = str(data.get("status") or "")

    def _finding(self, ref: str, title: str) -> None:
        if not ref or not title:
            return
        leg = legislation_ref(ref)
        if leg is not None:
            # "Housing Act 2004, s. 55: Licensing of HMOs" → the Act's name.
            act = re.split(r",\s+(?:s\.|Schedule|Sch\.|reg\.|art\.|Pt\.)", title)[0]
            if act and act != title:
                self._acts.setdefault(leg.act, act)
            return
        if document_ref(ref) is not None:
            self._titles.setdefault(ref, _policy_title(title))
            self._titles.setdefault(source_key(ref), title.partition(" — ")[0])
        else:
            self._titles.setdefault(neutral_citation(ref) or source_key(ref), title)


def render(text: str, checks: Iterable[Check], titles: SourceTitles | None = None, *,
           numbering: Numbering | None = None) -> Rendered:
    """``text`` with its tags as ``[n]`` markers, and its footnotes in order of number.

    Checks are matched to tags by source and quote (the verifier's indexes count the draft,
    not a revised text). ``numbering`` continues numbers already shown (the streamed draft);
    checks that match nothing in the text (a withheld citation) are listed unnumbered.
    """
    titles = titles or SourceTitles()
    numbering = numbering if numbering is not None else Numbering()
    by_key: dict[Key, list[Check]] = {}
    for check in checks:
        by_key.setdefault(check.key, []).append(check)
    parsed = parse_citations(text)
    pieces: list[str] = []
    pos = 0
    numbered: dict[int, Footnote] = {}
    unnumbered: dict[Key, Footnote] = {}
    for c in parsed.citations:
        key = (c.ref, c.quote)
        if c.form == "prose":
            unnumbered.setdefault(key, _footnote(None, c, by_key.get(key, []), titles))
            continue
        n = numbering.number(key)
        numbered.setdefault(n, _footnote(n, c, by_key.get(key, []), titles))
        pieces += [text[pos:c.span[0]], f"[{n}]"]
        pos = c.span[1]
    pieces.append(text[pos:])
    for key, found in by_key.items():
        if key not in unnumbered and all(f.ref != key[0] or f.quote != key[1]
                                         for f in numbered.values()):
            unnumbered[key] = _footnote(None, None, found, titles)
    footnotes = [numbered[n] for n in sorted(numbered)] + list(unnumbered.values())
    return Rendered(_MARKUP.sub("", "".join(pieces)), footnotes)


def footnote_for(checks: Sequence[Check], titles: SourceTitles, number: int | None
                 ) -> Footnote:
    """The footnote of one citation's checks so far (the terminal shows each as it arrives);
    ``checks`` share one key and are not empty."""
    return _footnote(number, None, checks, titles)


def _footnote(number: int | None, citation: Citation | None, found: Sequence[Check],
              titles: SourceTitles) -> Footnote:
    ref = citation.ref if citation is not None else found[0].ref
    quote = citation.quote if citation is not None else found[0].quote
    # A citation checked again (the whole draft after its sentence) is judged by its last
    # check. A source cited again keeps its number: when one of its sentences was withheld,
    # the marker stays only beside the others, so they give the footnote its status.
    latest = {c.index or -i: c for i, c in enumerate(found, start=1)}
    kept = [c for c in latest.values() if c.status != "removed"] or list(latest.values())
    worst = min(kept, key=lambda c: _SEVERITY.index(c.status) if c.status in _SEVERITY
                else 0, default=None)
    law = next((c for c in found if c.law_status), None)
    return Footnote(
        number=number, ref=ref, title=titles.title(ref), quote=quote,
        status=worst.status if worst else "pending", detail=worst.detail if worst else "",
        uri=next((c.source_uri for c in found if c.source_uri), None),
        kind=worst.kind if worst else (citation.kind if citation is not None else ""),
        law_status=law.law_status if law else titles.law_status(ref),
        status_date=law.status_date if law else None,
        status_note=law.status_note if law else "",
    )


class StreamedText:
    """Markup stripped from a streamed answer as it arrives.

    A tag can be split across deltas, so text from a ``<`` that may begin one is held back
    until the tag is complete (then it becomes its ``[n]`` marker) or plainly is not a tag.
    ``text`` is everything shown so far: what a revision is compared with.
    """

    _LONGEST_TAG = 4000
    """A "tag" still open after this many characters is text after all, not markup."""
    _LONGEST_LABEL = 40
    """A tag's visible text is its footnote number: past this, the tag was never closed."""

    def __init__(self) -> None:
        self.numbering = Numbering()
        self.text = ""
        self._held = ""

    def feed(self, delta: str) -> str:
        """What of ``delta`` can be shown now."""
        self._held += delta
        out: list[str] = []
        while self._held:
            start = self._held.find("<")
            if start < 0:
                out.append(self._held)
                self._held = ""
                break
            out.append(self._held[:start])
            self._held = self._held[start:]
            end = self._tag_end()
            if end is None:
                break
            out.append(self._marker(self._held[:end]))
            self._held = self._held[end:]
        shown = "".join(out)
        self.text += shown
        return shown

    def finish(self) -> str:
        """Whatever is still held when the answer ends: a tag cut off before its ``>`` is
        dropped."""
        held, self._held = self._held, ""
        opening = _OPEN_TAG.match(held)
        if opening is not None:  # never closed: as the parser reads it, the tag ends here
            shown = self._marker(opening.group()) + self.feed(held[opening.end():])
            return shown
        shown = "" if _maybe_markup(held) else held
        self.text += shown
        return shown

    def _tag_end(self) -> int | None:
        """Where the markup at the start of the held text ends; ``None`` while incomplete.

        Text that is not markup ends at once (its ``<`` is shown as it is).
        """
        held = self._held
        if not _maybe_markup(held):
            return 1  # a "<" of the prose
        closing = _CLOSE.search(held)
        nested = _OPEN.search(held, 1)
        if closing is not None and (nested is None or closing.start() < nested.start()):
            return closing.end()
        if nested is not None:
            return nested.start()  # an unclosed tag ends where the next begins, as parsed
        opening = _OPEN_TAG.match(held)
        if opening is None:
            return 1 if len(held) > self._LONGEST_TAG else None
        if opening.group().rstrip(">").rstrip().endswith("/"):
            return opening.end()
        label = held[opening.end():]
        if len(label) > (self._LONGEST_LABEL if "<" not in label else self._LONGEST_TAG):
            return opening.end()  # never closed: the text after it is the answer's
        return None

    def _marker(self, markup: str) -> str:
        if not markup.lower().startswith(("<cite", "</cite")):
            return markup
        cited = [c for c in parse_citations(markup).citations if c.form == "tag"]
        return "".join(f"[{self.numbering.number((c.ref, c.quote))}]" for c in cited)


def changes(before: str, after: str) -> list[tuple[str, str]]:
    """The sentences that differ between two renderings, as (was, now) pairs; either side
    is empty for a sentence only one of them has."""
    old, new = _sentences(before), _sentences(after)
    pairs = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op != "equal":
            pairs.append((" ".join(old[i1:i2]), " ".join(new[j1:j2])))
    return pairs


def _sentences(text: str) -> list[str]:
    return [" ".join(text[s.start:s.end].split()) for s in split_sentences(text)]


def _maybe_markup(held: str) -> bool:
    """Whether ``held`` (starting with ``<``) is, or may yet become, cite markup."""
    lowered = held.lower()
    for start in ("<cite", "</cite"):
        if lowered.startswith(start):
            rest = lowered[len(start):]
            return rest == "" or not (rest[0].isalnum() or rest[0] in "-_:.")
        if start.startswith(lowered):
            return True
    return False


def _provision(rest: str) -> str:
    """``/section/21/4/a`` → ``s. 21(4)(a)``; ``/schedule/2/paragraph/3`` → ``Sch. 2, para. 3``."""
    words = {"section": "s.", "schedule": "Sch.", "paragraph": "para.", "part": "Pt.",
             "regulation": "reg.", "article": "art.", "chapter": "Ch.", "rule": "r."}
    parts, out = [p for p in rest.split("/") if p], []
    for part in parts:
        if part in words:
            out.append(words[part])
        elif out and not out[-1].endswith("."):
            out[-1] += f"({part})"
        elif out:
            out[-1] += f" {part}"
    return ", ".join(out)


def _policy_title(title: str) -> str:
    """``Gas safety — Gas safety`` (a document whose heading repeats its title) once."""
    first, dash, rest = title.partition(" — ")
    return first if dash and rest.strip() == first.strip() else title


def _known_act(act: str) -> str | None:
    """The title of an Act this project knows by id (``ukpga/2004/34``), in title case."""
    for title, (kind, year, number) in ACTS.items():
        if act == f"{kind}/{year}/{number}":
            small = {"and", "of", "for", "the", "in", "to", "on"}
            return " ".join(w if w in small else re.sub("[a-z]", lambda m: m[0].upper(), w, count=1)
                            for w in title.split())
    return None


def _legislation_path(uri: str) -> str:
    """``https://www.legislation.gov.uk/id/ukpga/2004/34/section/55`` → ``ukpga/2004/34/…``."""
    path = uri.split("legislation.gov.uk/", 1)[-1].strip("/")
    return path.removeprefix("id/")


def _day(value: str) -> str:
    """An ISO date as a reader writes it (``1 May 2026``); anything else as it is."""
    try:
        day = date.fromisoformat(value[:10])
    except ValueError:
        return value
    return f"{day.day} {day:%B %Y}"


def _clip(quote: str) -> str:
    quote = " ".join(quote.split())
    return quote if len(quote) <= _QUOTE_CHARS else quote[:_QUOTE_CHARS - 1].rstrip() + "…"


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _text_or_none(value: object) -> str | None:
    return str(value) if value else None

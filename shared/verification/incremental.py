"""Verifying an answer while it streams: a sentence's citations are checked once it is complete.

The writer's side (``SentenceTracker``) finds each sentence that holds a citation as soon as the
sentence splitter sees the next sentence start, or the stream ends. The checker's side
(``verify_sentence``) judges that sentence's citations in the context of the draft so far, with
the caller's ``verify_answer`` itself, so a citation is judged exactly as in the whole answer; and
``remembered`` lets the check of the whole draft reuse what was judged while it streamed instead
of checking (and reporting) a citation twice.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass

from shared.events import CitationChecked
from shared.text.markdown import HEADING, LIST_ITEM, RULE
from shared.text.sentences import split_sentences
from shared.verification.checks import Checks, Outcome
from shared.verification.citations import Citation, parse_citations
from shared.verification.pipeline import Verified

__all__ = ["CitationKey", "DraftedSentence", "JudgedSentence", "RememberedChecks",
           "SentenceTracker", "citation_key", "known_outcomes", "remembered", "verify_sentence"]

CitationKey = tuple[int, str, str | None, str]
"""What identifies a citation of one answer: its number, ref, quote and claim."""


@dataclass(frozen=True, kw_only=True)
class DraftedSentence:
    """A complete sentence of the draft that holds at least one citation."""

    index: int
    """Its place among the draft's cited sentences, from 0."""
    offset: int
    """Where it starts in the draft."""
    text: str
    """The sentence, its cite tags included."""
    first_citation: int
    """The number of its first citation among the draft's citations."""


class SentenceTracker:
    """The draft as it streams, and the cited sentences it has completed so far.

    A sentence is complete once non-blank text follows it (the splitter only ends a sentence
    where the next one starts) or the stream has ended. Everything before a complete sentence is
    complete too, so sentences are reported in order and each once.

    Why a window: parsing the whole buffered draft at every delta made the tracker quadratic in
    the answer's length (5.5 % of the engine's loop in round ten's profile). The parse starts
    instead at ``_base``, the start of the first sentence not yet known to be complete and
    uncited, wherever the draft's parse from there is the whole draft's parse shifted
    (``_window_start``); else, and whenever a reference in the window could point back to an Act
    named before it ("section 5 of that Act", a bare "s. 21"), the whole draft is parsed as
    before.
    """

    def __init__(self) -> None:
        self._text: list[str] = []
        self._reported_to = 0
        self._count = 0
        self._base = 0
        """Where the window starts: everything before it is complete sentences, reported or
        holding no citation."""
        self._cited = 0
        """How many citations the draft holds before ``_base``."""
        self._acts_before = False
        """Whether the draft before ``_base`` may name an Act (in prose or by a tag's ref)."""
        self._parsed: tuple[int, int, list[Citation]] | None = None
        """The last window's start, the draft's length then, and the window's citations."""

    def feed(self, piece: str) -> list[DraftedSentence]:
        """Add streamed text; the cited sentences it completed."""
        self._text.append(piece)
        return self._complete(final=False)

    def finish(self) -> list[DraftedSentence]:
        """The stream has ended: the cited sentences still open are complete."""
        return self._complete(final=True)

    def _complete(self, *, final: bool) -> list[DraftedSentence]:
        text = "".join(self._text)
        self._text = [text]
        start, before = self._base, self._cited
        if self._acts_before and _LOOKS_BACK.search(text, start):
            start, before = 0, 0
        window = text[start:]
        if not _MAY_CITE.search(window):
            return []  # nothing in the window can be a citation: no cited sentence to report
        if self._parsed is not None and self._parsed[:2] == (start, len(text)):
            citations = self._parsed[2]  # the stream ended with no text since the last delta
        else:
            citations = parse_citations(window).citations
            self._parsed = (start, len(text), citations)
        by_sentence: dict[tuple[int, int], list[Citation]] = {}
        for c in citations:
            if c.sentence[0] + start >= self._reported_to:
                by_sentence.setdefault(c.sentence, []).append(c)
        out: list[DraftedSentence] = []
        last = self._cited
        # Only the text before a tag still streaming is final: the parser reads a tag cut
        # between its ">" and its label as a tag never closed followed by text.
        settled = len(window) if final else _tag_streaming_at(window)
        for (s_start, s_end), citations in sorted(by_sentence.items()):
            if not final and not window[s_end:settled].strip():
                break  # the last sentence may still grow, or its tag is still streaming
            out.append(DraftedSentence(index=self._count, offset=start + s_start,
                                       text=window[s_start:s_end],
                                       first_citation=before + citations[0].index))
            self._count += 1
            self._reported_to = start + s_end
            last = before + citations[-1].index
            self._acts_before |= any(c.kind == "legislation" for c in citations)
        if not final:
            self._advance(text, window, start, by_sentence, last)
        return out

    def _advance(self, text: str, window: str, start: int,
                 cited: Mapping[tuple[int, int], list[Citation]], last: int) -> None:
        """Move the window on past the sentences now known complete: the ones reported and,
        where the window holds no tag, the uncited ones before the next cited or open one."""
        base = _next_text(text, self._reported_to)
        if not _TAG.search(window):
            # Without tags the splitter's sentences are the parser's (no opaque spans).
            starts = [start + s.start for s in split_sentences(window)]
            firsts = [start + s for s, _ in cited if start + s >= base]
            stop = min([*firsts, *starts[-1:]], default=base)
            base = max([base, *(s for s in starts if s <= stop)])
        opened = _window_start(text, base) if self._base < base < len(text) else None
        if opened is None or opened <= self._base:
            return
        # No Act's name runs across a window's start (see ``_window_start``).
        self._acts_before = self._acts_before or _ACT_NAMED.search(
            text, self._base, opened) is not None
        self._base, self._cited = opened, last


_TAG = re.compile(r"</?cite", re.IGNORECASE)
"""Where the parser may find a tag (its opaque spans): a superset of its own patterns."""
_LOOKS_BACK = re.compile(r"(?i:section|sect\.|s\.)[ \t]*\d")
"""A reference that may resolve to an Act named earlier ("section 5 of that Act", "s. 21"):
a superset of the prose parser's two patterns that read earlier Act mentions."""
_MAY_CITE = re.compile(r"(?i:<cite)|\[\d{4}\]|Act[ \t]+\d{4}|(?i:section|sect\.|s\.)[ \t]*\d")
"""Where the parser may find a citation: an opening tag, or the start of any prose reference it
reads (a neutral citation's year, an Act's name, a section): a superset of its patterns."""
_ACT_NAMED = re.compile(r"Act[ \t]+\d{4}")
"""Where the prose parser may find an Act's name: a superset of its pattern."""
_ENDS_SENTENCE_MID_LINE = frozenset(".!?\"'”’]*_>-+#")
"""What may precede a window opening mid-line: a sentence's end, a tag's or a list marker's;
never a letter, digit or ")" that an Act's title could run back over on the same line."""


_OPENING = re.compile(r"<cite\b", re.IGNORECASE)
_CLOSING = re.compile(r"</cite\s*>", re.IGNORECASE)
_SELF_CLOSED = re.compile(r"""<cite\b(?:[^<>"']|"[^"<]*"|'[^'<]*')*/>""", re.IGNORECASE)
_TAG_PREFIX = re.compile(r"<(?:/(?:c(?:i(?:t(?:e\s*)?)?)?)?|c(?:i(?:t)?)?)?$", re.IGNORECASE)
"""The start of a tag cut before its name is whole ("<", "<ci", "</cit"), at the draft's end."""


def _tag_streaming_at(window: str) -> int:
    """Where a cite tag still streaming starts in ``window`` (``len(window)`` if none): its
    last opening tag when no ``</cite>`` follows it and it is not self-closed, or a tag's
    first characters at the very end. A tag opened and never closed before a later one
    opens is left to the parser, which reads it so whatever follows."""
    opening = next(reversed(list(_OPENING.finditer(window))), None)
    if (opening is not None and not _CLOSING.search(window, opening.end())
            and not _SELF_CLOSED.match(window, opening.start())):
        return opening.start()
    cut = _TAG_PREFIX.search(window, max(len(window) - 8, 0))
    return cut.start() if cut is not None else len(window)


def _next_text(text: str, pos: int) -> int:
    """The first non-blank character at or after ``pos`` (``len(text)`` if none)."""
    rest = text[pos:]
    return pos + len(rest) - len(rest.lstrip())


def _window_start(text: str, base: int) -> int | None:
    """Where a parse of the draft from ``base`` (a sentence's start) reads every later sentence
    exactly as the whole draft's parse does, or ``None`` if that is not certain.

    Before ``base`` only blanks and newlines may stand up to the previous text: after a newline
    the window opens at the line's start (its line is then read as a whole, as Markdown's blocks
    are); within a line, only after a sentence's or a marker's end, in a line that is no table
    row, and before text that does not itself look like a heading, an item, a rule or a quotation.
    """
    head = text[:base].rstrip(" \t\n")
    gap = text[len(head):base]
    if not head or gap.strip(" \t\n") or not gap:
        return None
    if "\n" in gap:
        return len(head) + gap.rindex("\n") + 1
    line_start = head.rfind("\n") + 1
    rest = text[base:].split("\n", 1)[0]
    if (head[-1] not in _ENDS_SENTENCE_MID_LINE or text[line_start:].lstrip().startswith("|")
            or HEADING.match(rest) or LIST_ITEM.match(rest) or RULE.match(rest)
            or rest.startswith(">")):
        return None
    return base


def citation_key(citation: Citation) -> CitationKey:
    """What identifies ``citation`` among the answer's citations (see ``remembered``)."""
    return citation.index, citation.ref, citation.quote, citation.claim


def known_outcomes(checked: Iterable[CitationChecked]) -> dict[CitationKey, Outcome]:
    """What the log already says about an answer's citations, keyed as ``remembered`` reads it."""
    return {(c.index, c.ref, c.quote, c.claim): Outcome(status=c.status, issues=tuple(c.issues),
                                                        source_uri=c.source_uri, detail=c.detail)
            for c in checked}


@dataclass(kw_only=True)
class RememberedChecks(Checks):
    """``Checks`` that answer from ``known`` for a citation judged already (the same number,
    ref, quote and claim), and check any other as usual."""

    known: Mapping[CitationKey, Outcome] = dataclasses.field(default_factory=dict)

    async def check(self, tenant_id: str, citation: Citation) -> Outcome:
        known = self.known.get(citation_key(citation))
        return known if known is not None else await super().check(tenant_id, citation)


def remembered(checks: Checks, known: Mapping[CitationKey, Outcome]) -> Checks:
    """``checks`` reusing ``known`` outcomes (see ``RememberedChecks``)."""
    if not known:
        return checks
    fields = {f.name: getattr(checks, f.name) for f in dataclasses.fields(checks) if f.init}
    return RememberedChecks(**fields | {"known": known})


@dataclass(frozen=True)
class JudgedSentence:
    """One drafted sentence judged in the context of the draft up to its end."""

    verified: Verified
    """The draft up to the sentence's end, every citation judged and the text revised."""
    citations: list[tuple[Citation, Outcome]]
    """The sentence's own citations and their outcomes."""

    @property
    def removed(self) -> list[str]:
        """The refs of the sentence's citations that were removed, each once."""
        return list(dict.fromkeys(c.ref for c, o in self.citations if o.status == "removed"))


async def verify_sentence(draft: str, sentence: tuple[int, int],
                          verify: Callable[[str], Awaitable[Verified]]) -> JudgedSentence:
    """Judge the citations of ``draft[start:end]``, ``draft`` being the answer so far.

    ``verify`` is how the caller verifies a whole answer (``verify_answer`` with its checks,
    context and wording). The draft up to the sentence's end is verified as a whole (earlier
    citations come from the checks' memory when they have one), so numbers, claims and
    references written in prose that point back ("section 5 of that Act") are read exactly as
    in the finished answer.
    """
    start, end = sentence
    verified = await verify(draft[:end])
    own = [(c, o) for c, o in zip(verified.parsed.citations, verified.outcomes, strict=True)
           if start <= c.span[0] < end]
    return JudgedSentence(verified, own)

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
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass

from shared.events import CitationChecked
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
    """

    def __init__(self) -> None:
        self._text: list[str] = []
        self._reported_to = 0
        self._count = 0

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
        by_sentence: dict[tuple[int, int], list[Citation]] = {}
        for c in parse_citations(text).citations:
            if c.sentence[0] >= self._reported_to:
                by_sentence.setdefault(c.sentence, []).append(c)
        out: list[DraftedSentence] = []
        for (start, end), citations in sorted(by_sentence.items()):
            if not final and not text[end:].strip():
                break  # the last sentence may still grow
            out.append(DraftedSentence(index=self._count, offset=start, text=text[start:end],
                                       first_citation=citations[0].index))
            self._count += 1
            self._reported_to = end
        return out


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

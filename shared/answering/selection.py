"""Choosing the sentences that answer a question, and judging whether any of them does.

A sentence is chosen for what it means, not for the words it shares with the question: its
embedding similarity to the question (with its document's title and heading, which say what
it is about), plus the question kind's cue (a period for "how quickly", a duty or a power for
"must we", a party for "who"), plus a little word overlap to break near ties. Only whole
sentences are candidates: a list's stem ("… conditions requiring the licence holder—") or a
middle item ("(a) …, or") says nothing on its own and is never quoted.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from shared.answering.amounts import band_fit, sums
from shared.answering.questions import (
    DELIBERATES,
    DURATION,
    Question,
    asking_sentence,
    asks_sum,
    classify,
    defined_term,
    defines,
    denied,
    does_asked_action,
    has_cue,
    on_condition_of,
    only_the_condition,
    presides,
    short_forms,
    states_sum,
)
from shared.embeddings import Embedder, default_embedder
from shared.refs import classify as ref_kind
from shared.text.initials import INITIALS, name_runs, spelt_runs
from shared.text.provisions import PROVISION_NUMBER, SECTION
from shared.text.sentences import document_sentences
from shared.text.terms import WORD, terms
from shared.text.vocabulary import expand_statutory, expansions, subjects

__all__ = ["AMENDS", "ANAPHOR", "Candidate", "Judged", "Selection", "Source", "judge", "restated",
           "select", "whole_sentences"]

MIN_WORDS = 4
MAX_WORDS = 200
"""Longer sentences are not quoted: clipping one would quote a fragment."""
CUE_WEIGHT = 0.12
FIGURE_WEIGHT = 0.06
"""A duty with its timescale comes before one without: key numbers first."""
DEFINES_WEIGHT = 0.2
"""For "what is X": the sentence that says what X means comes first."""
FRAMING_PENALTY = 0.1
"""A policy's purpose, scope, responsibility or review sections frame it (who owns the
document, when it is reviewed); they rarely answer."""
POINTER_PENALTY = 0.3
"""A sentence that only points elsewhere ("(7) See also section 249A (financial penalties
…)") says nothing itself: the provision it points to does."""
_POINTER = re.compile(r"^(?:\(\w+\)\s*)?See\s+(?:also\s+)?(?:sections?|s\.|ss\.|Parts?|"
                      r"Schedules?|paragraphs?|regulations?|articles?)\b")
SIDE_SUBJECT_WEIGHT = 0.2
"""A side of a comparison that names a source's subject ("our repairs timescales") is
answered from that source first."""
SIDE_WORDS_WEIGHT = 0.1
"""…and a sentence that says the side's own words beyond its heading ("stage 1 complaint
response times": a "Stage 1 response", not a Stage 1 acknowledgement) first."""
REFERS_PENALTY = 0.1
"""…and one that names the side only through another provision ("an offence under section
72(1)") mentions it: the provision that states the rule for that side comes first."""
OVERLAP_WEIGHT = 0.15
NAMED_WEIGHT = 0.2
"""A question about "section 21(1B)" is answered by subsection (1B) first."""
SUBJECT_WEIGHT = 0.08
"""A sentence about what the question names ("a temporary exemption notice"), in its words or
its document's title and heading, comes before one merely in the same register."""
CARRIED_WEIGHT = 0.15
"""A follow-up ("what checks must be done first? (about: notice of seeking possession)") is
answered by a sentence about what the conversation is about, not one merely like its words."""
DELIBERATION_WEIGHT = 0.12
"""To "must we …?", a rule that commits to weighing the case ("we will consider whether …")
is the honest answer ("it depends"), before a flat duty about something nearby."""
PRESIDING_WEIGHT = 0.2
"""To "which judge decided …?", the judgment's own judge ("Before : MR JUSTICE NUGEE"), not
another judge it mentions ("Warby J held …")."""
ACTION_WEIGHT = 0.15
"""To "can we charge …?", the power to charge (the question's own verb under the modality it
asks about) comes before rules about what the charge is for ("the notice must be served")."""
BAND_WEIGHT = 0.15
"""A question stating a sum ("the quote is about £4,000: who pays?") is answered by the rule
whose band of cost holds it ("between £1,500 and £10,000"), not one for another band."""
CLASS_SHARED_TERMS = 2
"""A class's labelled paragraph names the question's facts when it shares this many of the
question's topic words ("dripping", "tap")."""
CLASS_SIMILARITY_FLOOR = 0.25
"""…and answers it at this similarity: its label's examples name the question's facts, but the
rule itself ("We will complete routine repairs within 28 calendar days") shares none of the
question's telling ("the bath tap won't stop dripping … when will someone come out?")."""
CLASS_WEIGHT = 0.1
"""…and, asked "how quickly?", comes before other rules with a period: the class is what the
question's facts are, and its rule states the timescale."""
LIST_OVERLAP_FLOOR = 0.6
"""To "who is responsible for X?", a sentence naming X in a long list of a party's duties
("Residents are responsible for minor repairs such as … bleeding radiators, …") holds most of
the question's words and its party, though the list dilutes its meaning."""
STORY_ASK_TERMS = 3
"""A story's asking sentence with at least this many words of its own is what an answer shares
words with ("… By when should we have visited her to see how she is settling in?")."""
CONDITION_PENALTY = 0.15
"""To "if X, must we Y?", a sentence only about X (that X must happen) does not answer."""
DENIED_PENALTY = 0.2
"""A rule on the condition of a quality the question denies its people ("nobody in the
household is vulnerable": "Where the household includes a vulnerable person, …") is another
case's rule."""
_CARRIED = re.compile(r"\(about: (?P<subjects>[^)]*)\)\s*$")
TERM_SHARE_FLOOR = 0.5
"""A definition question's term: at least this share of its words is in an answering
sentence (with its document's title and heading)."""
SIMILARITY_FLOOR = 0.42
"""Below this, the best sentence is about something else: the sources do not answer."""
CUE_SIMILARITY_FLOOR = 0.5
"""A sentence without the question's cue must be at least this close to answer it."""
OVERLAP_FLOOR = 0.34
"""…and share at least this share of the question's content words (with its context)."""
SHORTLIST = 60
"""At most this many candidates are embedded for one question."""
BEARING_FLOOR = 0.3
"""A cited sentence this close to the question, sharing some of its words, bears on it
(corroborates the answer)."""
CONTEXT_OVERLAP_FLOOR = 0.2
"""A sentence that answers shares at least this share of the question's content words with
its document's title and heading (the words it is about)."""
LONG_SHARED_TERMS = 2
"""…or, for a long question (one that tells its circumstances, then asks), this many of them,
words every source says aside (``_EVERYWHERE``)."""
_EVERYWHERE = terms("policy policies month months week weeks day days year years one last time")
"""Words that every policy's title ("… Policy") or any period it states says: a long question
sharing only these with a sentence ("do we have a CCTV policy … last month") shares nothing
of its topic (the gas safety policy's "within 28 days")."""

_SCENE = terms("tenant tenants resident residents lady man woman mum dad son daughter someone "
               "somebody says said told tells rang came went found just shouldn't")
"""Words that tell a story's people and its telling ("a tenant says the electrician who came
… told her … and then just left"): the rule that answers rarely shares them, so a story's
share of words is a share of the rest, what it is about, unless the sentence says them too
("restrict a resident's contact"). (A partner or a neighbour may be what it is about:
succession, nuisance.)"""
ANAPHOR = re.compile(r"^(?:This|These|That|Those|Such|It|They|A \w+ of this kind|In that case|"
                     r"(?:Before|After|When|In) doing (?:so|this|that)|If (?:so|not)|"
                     r"Otherwise)\b|^\(\w+\)\s+(?:That|Those|These|This|Such)\s+(?!(?:section|"
                     r"sections|subsection|Part|Chapter|Act|Schedule|paragraph|regulations?)\b)"
                     r"[a-z]")
"""A sentence that refers back: it means what it says only with the sentence before it. A
subsection too ("(2) That time must be no later than five years …" after "(1) … ceases to have
effect at the time that is specified …"): it is read with the sibling it points to, not alone.
"This section" and its like point to the whole provision, not to the sentence before."""
_PARAGRAPH_NUMBER = re.compile(r"^\[\d{1,4}\]\s+(?=\S)")
"""A judgment paragraph's number as the case-law finding writes it ("[12] …"): not the
judgment's words, so not quoted."""
_LABELLED = re.compile(r"^\*\*[^*]{1,60}\*\*")
"""A list item or paragraph that opens on its label in bold ("**Category A**: hate incidents,
…", "**Emergency repairs** are those …")."""
_WORD_LABEL = re.compile(r"^\*\*[^*]*[A-Za-z][^*]*\*\*")
"""A bold label that names (a class's name), not a paragraph's number."""
_CLASS_DEFINED = re.compile(r"^[A-Z][\w -]{2,40}? are (?:those|all other)\b")
"""A paragraph that defines a class by its examples without a bold label ("Major adaptations
are those costing £1,500 or more, such as … door widening …"): the sentence after it states
the class's rule ("A major adaptation must be recommended by an occupational therapist")."""
_STEM_END = re.compile(r"(?:[—–:\-]|,\s*(?:or|and)?|\b(?:or|and))\s*$")
_MARKER = re.compile(r"^\s*\[[^\]]*\]\s*$")
AMENDS = re.compile(
    r"\b(?:for|in place of) [“\"‘][^”\"’]*[”\"’]?(?: there)? (?:is |are )?substitut\w*|"
    r"\bsubstitute\s*(?:—|-|:|[“\"‘])|\bis (?:further )?amended as follows\b|"
    r"\b(?:is|are) amended in accordance with\b|"
    r"\b(?:after|before) (?:[\w“”\"‘’()., -]{1,80}?)\binsert(?:ed)?\b\s*(?:—|-|:|[“\"‘]|$)|"
    r"(?:^|\s)(?:\(\w+\)\s*)?(?:Omit|omit|leave out)\b[^.;]{0,120}[“\"‘(]|"
    r"^(?:\*\*\w+\*\*\s*)?(?:\(\w+\)\s*)?Omit (?:sections?|subsections?|paragraphs?|Schedules?|"
    r"Parts?|Chapters?|the (?:words|entry|entries|definition))\b|"
    r"\bthe (?:words?|entry|entries) (?:[“\"‘][^”\"’]*[”\"’] )?(?:is|are) (?:omitted|repealed)\b",
    re.IGNORECASE)
"""An amending provision's instruction ("(2) In section 1(1)(c)(i) … for “qualifying park
homes” substitute “caravans”", "Section 155 … is amended as follows"): it says how another
Act's words were changed, not what the law is, so it is never quoted as an answer (the words
it inserts, quoted after it, are the other Act's and stay)."""
_BOLD_LINE = re.compile(r"^\*\*[^*]+\*\*$")
"""A line wholly in bold (an inserted section's heading quoted in an amending provision): a
heading, not a sentence."""
_LIST_ITEM = re.compile(r"^\(\s*(?:[a-z]{1,2}|[ivx]+)\s*\)")
_CONTINUATION = re.compile(r"^[a-z]")
_FRAMING = re.compile(r"^#*\s*(?:purpose|scope|introduction|about this policy|policy review|"
                      r"monitoring and review|review|responsibility(?: and review)?|"
                      r"related (?:policies|documents)|"
                      r"definitions and scope)\s*$", re.IGNORECASE)
_SUBSECTION = re.compile(rf"\b{SECTION}\s?{PROVISION_NUMBER}\(({PROVISION_NUMBER})\)",
                         re.IGNORECASE)
_AUTHORITY = re.compile(r"\[\d{4}\]\s+(?:\d+\s+)?[A-Z][A-Za-z]*(?:\s+[A-Za-z]+)?\s+\d+")
"""A case cited by a judgment: quoting it would cite an authority the sources may not hold."""


class Source(Protocol):
    """A document to answer from (``shared.llm.SourceDocument`` is one; not imported here,
    because the model providers import this package)."""

    @property
    def ref(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class Candidate:
    """A whole sentence of one document, scored for one question."""

    doc: int
    position: int
    text: str
    """Verbatim, with white space runs joined (the verifier normalises them too)."""
    heading: str
    similarity: float = 0.0
    overlap: float = 0.0
    cue: bool = False
    score: float = 0.0
    side: int = -1
    """For comparisons: the side of the question this sentence answers best."""
    side_scores: tuple[float, ...] = ()
    """For comparisons: how well it answers each side (its meaning against the side's words
    and the whole question, plus the cue)."""
    part_scores: tuple[float, ...] = ()
    """For a long question: how well it answers each thing asked (``Question.parts``)."""


@dataclass(frozen=True)
class Selection:
    """The question's candidates, best first, and whether the best of them answer it."""

    question: Question
    ranked: list[Candidate] = field(default_factory=list)
    answers: bool = False


def whole_sentences(documents: Sequence[Source]) -> list[Candidate]:
    """Every quotable unit of ``documents``: a whole sentence, or a provision's stem with its
    lettered list ("(2) … made by— (a) …, or (b) …."), quoted as one (the verifier reads
    legislation without its list layout). Never a heading, a status marker, a stem without
    its list or a lettered item on its own. A policy's list item ("all other buildings:
    every 3 years.") is quoted on its own: a policy's Markdown list is not joined, because
    its quote is checked word for word."""
    out: list[Candidate] = []
    for i, d in enumerate(documents):
        lines = [(_PARAGRAPH_NUMBER.sub("", " ".join(line.split())), s.heading, s.is_heading)
                 for s in document_sentences(d.text) for line in _lines(s.text)]
        sentences = [(p, *line) for p, line in enumerate(lines)]
        for position, text, heading in _units(sentences):
            if (MIN_WORDS <= len(WORD.findall(text)) <= MAX_WORDS and not _MARKER.match(text)
                    and not _BOLD_LINE.match(text) and not AMENDS.search(text)
                    and not _STEM_END.search(text) and not _LIST_ITEM.match(text)
                    and not any(m.group(0) not in d.ref for m in _AUTHORITY.finditer(text))):
                out.append(Candidate(i, position, text, heading))
    return out


HEADER_LINES = 3
HEADER_LINE_WORDS = 7
_LABEL_LINE = re.compile(r"^\S+(?:\s+\S+)?\s*:$")
"""A header's label line ("Before :", "Between:"): it goes with the line after it."""


def _lines(text: str) -> list[str]:
    """A header block (a judgment's court, date, judge and parties: several short lines, none
    ending a sentence) line by line, each label line with the line after it ("Before : MR
    JUSTICE HOLGATE"), so that an answer quotes the line that answers, not the whole block;
    any other text whole."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < HEADER_LINES or any(line.endswith((".", ";", "?", "!")) for line in lines) \
            or sum(len(line.split()) for line in lines) > HEADER_LINE_WORDS * len(lines):
        return [text]
    out: list[str] = []
    for line in lines:
        if out and _LABEL_LINE.match(out[-1]):
            out[-1] = f"{out[-1]}\n{line}"
        else:
            out.append(line)
    return out


def _units(sentences: Sequence[tuple[int, str, str, bool]]) -> list[tuple[int, str, str]]:
    """Sentences, with each lettered list joined to its stem; headings left out."""
    units: list[tuple[int, str, str]] = []
    i = 0
    while i < len(sentences):
        position, text, heading, is_heading = sentences[i]
        i += 1
        if is_heading:
            continue
        if _STEM_END.search(text) and i < len(sentences) and _LIST_ITEM.match(sentences[i][1]):
            parts = [text]
            while i < len(sentences) and not sentences[i][3] and (
                    _LIST_ITEM.match(sentences[i][1]) or _CONTINUATION.match(sentences[i][1])):
                parts.append(sentences[i][1])
                i += 1
                if parts[-1].endswith(".") and not (
                        i < len(sentences) and _CONTINUATION.match(sentences[i][1])):
                    break
            text = " ".join(parts)
        units.append((position, text, heading))
    return units


_CACHE: OrderedDict[tuple[str | None, str, str], np.ndarray] = OrderedDict()
CACHE_SIZE = 8192
"""Vectors kept per process: the same provisions and policy passages answer many questions."""
_CACHE_LOCK = threading.Lock()


def _owners(documents: Sequence[Source], tenant: str | None) -> list[str | None]:
    """Whose each document's text is: legislation and judgments are public (``None``), any
    other source (a policy, an external page) the asking tenant's."""
    return [None if tenant is None or ref_kind(d.ref) in ("legislation", "caselaw") else tenant
            for d in documents]


def _embedded(texts: Sequence[str], embedder: Embedder,
              owners: Sequence[str | None]) -> np.ndarray:
    """The texts' vectors, computed once per process for each text and its owner.

    ``owners`` says whose each text is. A tenant's (its question, its policy's sentences) is
    kept under that tenant only, in this process's memory: another tenant's identical text
    is run again rather than served in microseconds (a hit would let one tenant time
    another's questions), and it is never written to the machine's shared vector file. A
    public text (``None``: a provision, a judgment's sentence) is shared, and read from and
    kept in that file, where another process or an earlier start may have computed it."""
    keys = [(owner, embedder.model_id, t) for owner, t in zip(owners, texts, strict=True)]
    with _CACHE_LOCK:
        missing = list(dict.fromkeys(k for k in keys if k not in _CACHE))
    public = [k for k in missing if k[0] is None]
    private = [k for k in missing if k[0] is not None]
    computed: list[tuple[tuple[str | None, str, str], np.ndarray]] = []
    if public:
        computed += zip(public, np.asarray(embedder.embed_kept_sync([t for *_, t in public]),
                                           dtype=np.float32), strict=True)
    if private:
        # A tenant's question was mostly embedded a moment before by its policy search, under
        # the same tenant: the search's vector, not a second model run.
        recalled = [embedder.recalled([t], tenant=owner)[0] for owner, _, t in private]
        computed += [(k, v) for k, v in zip(private, recalled, strict=True) if v is not None]
        if run := [k for k, v in zip(private, recalled, strict=True) if v is None]:
            computed += zip(run, np.asarray(embedder.embed_sync([t for *_, t in run]),
                                            dtype=np.float32), strict=True)
    if computed:
        with _CACHE_LOCK:
            for k, v in computed:
                _CACHE[k] = v
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    with _CACHE_LOCK:
        found = [_CACHE.get(k) for k in keys]
    if any(v is None for v in found):  # evicted meanwhile by another thread: compute again
        return np.asarray(embedder.embed_sync(list(texts)), dtype=np.float32)
    return np.stack([v for v in found if v is not None])


def _shortlist(question: Question, pool: list[Candidate],
               documents: Sequence[Source]) -> list[Candidate]:
    """The candidates worth embedding: those sharing most of the question's words (in the
    sources' words too) or holding its cue. Keeps the cost of an answer bounded on a long
    judgment without losing what the search found for its meaning: every document's
    candidates stay in the running through its title."""
    if len(pool) <= SHORTLIST:
        return pool
    wanted = terms(expand_statutory(question.text))

    def cheap(c: Candidate) -> float:
        said = terms(f"{documents[c.doc].title} {c.heading} {c.text}")
        return len(wanted & said) + 2 * has_cue(question, c.text)

    ranked = sorted(pool, key=lambda c: (-cheap(c), c.doc, c.position))
    return ranked[:SHORTLIST]


def select(question: Question, documents: Sequence[Source],
           embedder: Embedder | None = None, *, tenant: str | None = None) -> Selection:
    """The sentences of ``documents`` ranked for answering ``question``, and the judgement
    (``tenant``: whose question and documents these are; ``None``: public texts only)."""
    everything = whole_sentences(documents)
    pool = _shortlist(question, everything, documents)
    if not pool:
        return Selection(question)
    embedder = embedder or default_embedder()
    contexts = [f"{documents[c.doc].title}. {c.heading}. {c.text}" for c in pool]
    # A sentence that refers back is also judged with the sentence it refers to, and counts
    # by the better reading.
    befores = {i: before for i, c in enumerate(pool) if (before := _antecedent(c, everything))}
    joined = {i: f"{documents[pool[i].doc].title}. {pool[i].heading}. {before} {pool[i].text}"
              for i, before in befores.items()}
    plain = restated(question.text)
    probes = [question.text, *question.sides, *question.parts, *([plain] if plain else [])]
    owned = _owners(documents, tenant)
    owners = [*[tenant] * len(probes), *(owned[c.doc] for c in pool),
              *(owned[pool[i].doc] for i in joined)]
    vectors = _embedded([*probes, *contexts, *joined.values()], embedder, owners)
    asked = vectors[: len(probes)]
    sentences = vectors[len(probes):len(probes) + len(pool)]
    similarity = sentences @ asked.T
    for row, i in zip(vectors[len(probes) + len(pool):] @ asked.T, joined, strict=True):
        similarity[i] = np.maximum(similarity[i], row)
        contexts[i] = joined[i]
    wanted = terms(question.text)
    # A story told before the question ("A tenant says the electrician who came … Shouldn't
    # he have …?"): its people and its telling count only where a sentence says them too.
    scene = (wanted & _SCENE) if question.parts or asking_sentence(question.text) != (
        question.text) else set()
    # A story's answer shares the words of its asking sentence, not those of its telling.
    asking_text = asking_sentence(question.text)
    asking = terms(asking_text) if asking_text != question.text and not question.parts else set()
    story_asked = [asking] if len(asking) >= STORY_ASK_TERMS else []
    sides_asked = [terms(side) for side in question.sides]
    parts_asked = [terms(part) for part in question.parts]
    # Each thing asked wants its own kind of answer ("how often …" a frequency, "what happens
    # if …" anything).
    parts_kinds = [classify(part) for part in question.parts]
    n_sides = len(question.sides)
    term = defined_term(question.text) if question.kind == "definition" else ""
    # The term's short name, where a source gives one ("… order (an “interim EDMO”)"), defines
    # it too: the provision goes on in the short name ("An interim EDMO is …").
    term_names = [term, *short_forms(term, [c.text for c in pool])] if term else []

    def defining(text: str) -> bool:
        return any(defines(name, text) for name in term_names)

    named = {f"({label})" for label in _SUBSECTION.findall(question.text)}
    named_subjects = [t for t in (terms(x) for x in subjects(question.text)) if t]
    # What "it" in the follow-up stands for: the first subject carried (the rest count as
    # any named subject does).
    carried = [t for t in (terms(x) for x in _carried(question.text)[:1]) if t]
    ranked = []
    acronyms = INITIALS.findall(question.text)
    lay = _lay_words(question.text)
    described = _described(question.text)
    read_lay: set[tuple[int, int]] = set()
    asked_sums = sums(question.text)
    denies = denied(question.text)
    # Two steps: the question's facts fall in a class its labelled paragraph names ("**Routine
    # repairs** are … such as dripping taps"), and the sentence after states the class's rule
    # ("We will complete routine repairs within 28 calendar days").
    classed = {(pool[i].doc, pool[i].position) for i, before in befores.items()
               if _names_class(before) and len((wanted - _EVERYWHERE) & (
                   terms(before) | _read_as_asked(lay, terms(before)))) >= CLASS_SHARED_TERMS}
    # …of which those whose label is a class's name ("**Emergency repairs**"), not a
    # Schedule paragraph's number ("**21**").
    named_class = {(pool[i].doc, pool[i].position) for i, before in befores.items()
                   if (pool[i].doc, pool[i].position) in classed
                   and (_WORD_LABEL.match(before) or _CLASS_DEFINED.match(before))}
    sides_sums = [sums(side) for side in question.sides]
    for row, c, context in zip(similarity, pool, contexts, strict=True):
        said = terms(context) | _spelt_out(acronyms, context)
        if _read_as_asked(described, said):
            read_lay.add((c.doc, c.position))
        said |= _read_as_asked(lay, said)
        own_words = wanted - (scene - said)
        overlap = len(own_words & said) / len(own_words) if own_words else 0.0
        cue = has_cue(question, c.text)
        pointer = bool(_POINTER.match(c.text))
        side_row = row[1:1 + n_sides]
        part_row = row[1 + n_sides:1 + n_sides + len(question.parts)]
        # A long question's circumstances dilute its meaning and its words: a sentence that
        # answers one of the things it asks counts by that reading; one said in everyday
        # words, by its reading in the sources' words.
        sim = max([float(row[0]), *(float(x) for x in row[1 + n_sides:])])
        overlap = max([overlap, *(_share(t, said) for t in [*parts_asked, *story_asked])])
        side = int(np.argmax(side_row)) if len(side_row) else -1
        score = (sim + CUE_WEIGHT * cue + OVERLAP_WEIGHT * overlap
                 + FIGURE_WEIGHT * (question.kind == "duties" and bool(DURATION.search(c.text)))
                 + DEFINES_WEIGHT * (question.kind == "definition" and defining(c.text))
                 + NAMED_WEIGHT * any(c.text.startswith(label) for label in named)
                 + SUBJECT_WEIGHT * _held(named_subjects, said)
                 + CARRIED_WEIGHT * _held(carried, said)
                 + DELIBERATION_WEIGHT * (question.kind == "yes_no" and question.asks == "duty"
                                          and bool(DELIBERATES.search(c.text)))
                 + PRESIDING_WEIGHT * presides(question, c.text)
                 + ACTION_WEIGHT * does_asked_action(question, c.text)
                 + BAND_WEIGHT * band_fit(asked_sums, c.text)
                 + CLASS_WEIGHT * (question.kind == "period" and (c.doc, c.position) in named_class
                                   and cue)
                 - CONDITION_PENALTY * (question.kind == "yes_no"
                                        and only_the_condition(question, c.text))
                 - DENIED_PENALTY * on_condition_of(denies, c.text)
                 - FRAMING_PENALTY * bool(_FRAMING.search(c.heading))
                 - POINTER_PENALTY * pointer)
        about = terms(f"{documents[c.doc].title} {c.heading}")
        own = terms(c.text)
        unreferred = _referred(c.text)
        sides = tuple(float(x) + sim / 2 + CUE_WEIGHT * cue - POINTER_PENALTY * pointer
                      + SIDE_SUBJECT_WEIGHT * _share(side_terms, about)
                      + SIDE_WORDS_WEIGHT * _share(side_terms - about, own)
                      - REFERS_PENALTY * _only_referred(side_terms - about, own, unreferred)
                      + BAND_WEIGHT * band_fit(side_sums, c.text)
                      for x, side_terms, side_sums in zip(side_row, sides_asked, sides_sums,
                                                          strict=True))
        # Each thing asked is answered by a sentence holding its cue and, as the whole
        # question's is, sharing its words ("will we ask the tenant to rate the repair": the
        # rating sentence, not another about repairs that is as near in meaning).
        parts = tuple(float(x) + CUE_WEIGHT * has_cue(kind, c.text)
                      + OVERLAP_WEIGHT * _share(part_terms, said) - POINTER_PENALTY * pointer
                      for x, kind, part_terms in zip(part_row, parts_kinds, parts_asked,
                                                     strict=True))
        ranked.append(Candidate(c.doc, c.position, c.text, c.heading, sim, overlap, cue,
                                score, side, sides, parts))
    ranked.sort(key=lambda c: (-c.score, c.doc, c.position))
    asked_about = terms(term)
    # "How much …?" is answered only by a sentence stating a sum (or its bound).
    sum_asked = asks_sum(question.text)
    # A long question's circumstances add words no answer shares: a few of its words shared
    # are as telling as a share of a short question's.
    floor = min(CONTEXT_OVERLAP_FLOOR, LONG_SHARED_TERMS / len(wanted)) if (
        question.parts and wanted) else CONTEXT_OVERLAP_FLOOR
    topical = wanted - _EVERYWHERE

    def shares_topic(c: Candidate) -> bool:
        """A long question's answer shares words of its topic, not only words every source
        says: one of its asks, "do we have a CCTV policy?", shares half its words with any
        policy's title."""
        if not question.parts:
            return True
        context = f"{documents[c.doc].title} {c.heading} {c.text}"
        said = terms(context) | _spelt_out(acronyms, context)
        return len(topical & (said | _read_as_asked(lay, said))) >= LONG_SHARED_TERMS

    return Selection(question, ranked, any(
        # A sentence that defines the term asked about answers "what is …?", however far its
        # words are from the question's (an abbreviation spelt out: "… plan (PEEP)").
        ((_answers(c, overlap_floor=floor) and shares_topic(c)) or (term and defining(c.text))
         # The judgment's own judge, in a judgment the question names, answers "which judge
         # …?" however few of the question's words the header line shares (as ``judge``).
         or (presides(question, c.text) and c.overlap >= CONTEXT_OVERLAP_FLOOR)
         # A party's list of duties naming what "who is responsible for …?" asks about.
         or (question.kind == "who" and c.cue and c.similarity >= BEARING_FLOOR
             and c.overlap >= LIST_OVERLAP_FLOOR)
         # The rule whose band of cost holds the sum the question states answers it, though
         # the question tells a case in its own words ("a ramp … about £4,000: who pays?").
         or (band_fit(asked_sums, c.text) > 0 and c.cue and c.similarity >= BEARING_FLOOR)
         # The rule of the class whose label and examples name the question's facts answers
         # it, though the facts are told in other words than the rule's.
         or ((c.doc, c.position) in classed and c.cue
             and c.similarity >= CLASS_SIMILARITY_FLOOR)
         # A sentence in the sources' words for what the question describes in everyday ones
         # ("sprayed … all over her front wall": "offensive graffiti") answers it, with the
         # cue and most of the question's words read so, though its meaning is further off.
         # (A long question's, only one sharing words of its topic: a bike stolen in its
         # story is no question about items left in communal areas.)
         or ((c.doc, c.position) in read_lay and c.cue and c.similarity >= BEARING_FLOOR
             and c.overlap >= OVERLAP_FLOOR and shares_topic(c)))
        # "What is X" is answered by a sentence about X, not by any definition nearby.
        and (not asked_about or _share(asked_about, terms(
            f"{documents[c.doc].title} {c.heading} {c.text}")) >= TERM_SHARE_FLOOR)
        and (not sum_asked or states_sum(c.text))
        for c in ranked[:3]))


_REFERENCE = re.compile(r"(?:\S+\s+){0,4}\S+\s+(?:under|in|by|of|for the purposes of|"
                        r"mentioned in|within)\s+(?:section|s\.)\s*\d+[A-Z]*(?:\(\w+\))*",
                        re.IGNORECASE)
"""A thing named through another provision ("convicted of an offence under section 72(1)")."""
_SUCH = re.compile(r"\bsuch (?:an? )?\w+", re.IGNORECASE)


def _referred(text: str) -> set[str]:
    """The words a sentence says outside its references to other provisions (and to what it
    named through them: "such an offence")."""
    return terms(_SUCH.sub(" ", _REFERENCE.sub(" ", text)))


def _only_referred(wanted: set[str], own: set[str], unreferred: set[str]) -> float:
    """The share of what a side asks about that the sentence says only through a reference to
    another provision: it mentions that, the provision referred to states it."""
    said = wanted & own
    return len(said - unreferred) / len(said) if said else 0.0


def _antecedent(c: Candidate, pool: Sequence[Candidate]) -> str:
    """For a sentence that refers back ("Before doing so, the officer must check …"), the
    sentence it refers to, so that it is judged for what it means; for one that goes on from a
    labelled list item or paragraph ("**Category A**: hate incidents, … ." then "We will contact
    the person reporting within 1 working day"), that label: it says what the sentence is
    about."""
    before = [p for p in pool if p.doc == c.doc and p.position < c.position]
    if not before:
        return ""
    last = max(before, key=lambda p: p.position)
    if ANAPHOR.match(c.text) or (last.position == c.position - 1 and _names_class(last.text)
                                 and last.heading == c.heading):
        return last.text
    return ""


def _names_class(text: str) -> bool:
    """Whether ``text`` names a class of cases, by its bold label or as a definition by
    examples (``_LABELLED``, ``_CLASS_DEFINED``)."""
    return bool(_LABELLED.match(text) or _CLASS_DEFINED.match(text))


def _carried(question: str) -> list[str]:
    """The subjects a follow-up's rewrite carried from earlier in the conversation (the
    router's offline rewrite writes them as "(about: …; …)")."""
    m = _CARRIED.search(question)
    return [s.strip() for s in m.group("subjects").split(";")] if m else []


def _spelt_out(acronyms: Sequence[str], text: str) -> set[str]:
    """The terms of the question's initials ("UEFA", "BT") whose full name ``text`` spells
    out ("British Telecommunications"; in another language's order too: "Union des
    Associations Européennes de Football"): a party named by its initials is the party its
    full name names."""
    held: set[str] = set()
    if not acronyms:
        return held
    runs = name_runs(text)
    for letters in acronyms:
        if any(next(spelt_runs(letters, run, any_order=True), None) is not None for run in runs):
            held |= terms(letters)
    return held


LAY_SHARE = 0.5
"""A sentence holding this share of the sources' words for a thing the question says in
everyday words ("make them pay": "recharge the cost") says that thing."""


def _lay_words(question: str) -> list[tuple[set[str], set[str]]]:
    """The question's everyday words for things (their terms) with the sources' words for
    them (``shared.text.vocabulary``'s lexicon): "kicked the door in" is "damage caused
    deliberately", "turn down" is "refuse"."""
    return [(terms(e.said), terms(e.means)) for e in expansions(question)]


def _described(question: str) -> list[tuple[set[str], set[str]]]:
    """The question's everyday descriptions of things the sources name in words of their
    own (``_lay_words``, less abbreviations, one-word synonyms and the policies' wording of how
    quickly: those the question's words already carry)."""
    return [(terms(e.said), terms(e.means)) for e in expansions(question, legal=True)
            if len(e.means.split()) >= 2 and not _ABBREVIATION.search(f"{e.said} {e.means}")]


def _read_as_asked(lay: Sequence[tuple[set[str], set[str]]], said: set[str]) -> set[str]:
    """The question's own words that ``said`` says in the sources' words: a sentence that
    answers in the statute's or the policy's terms shares the question's meaning though not
    its words, and is judged as if it used them."""
    out: set[str] = set()
    for own, means in lay:
        if means and len(means & said) >= LAY_SHARE * len(means):
            out |= own
    return out


def restated(question: str) -> str:
    """``question`` in the sources' words: each everyday phrase the lexicon knows replaced by
    what the sources call it ("bikes … on the stairs": "items left in communal areas"), or
    nothing when it has none. An officer's or tenant's own words are far in meaning from a
    policy's, though they ask for what it says."""
    text = question
    for e in expansions(question, legal=True):
        if _DESCRIBED.search(e.said) and not _ABBREVIATION.search(f"{e.said} {e.means}") and (
                len(e.means.split()) >= DESCRIPTION_WORDS or " " in e.said.strip()):
            text = text.replace(e.said, e.means, 1)
    return text if text != question else ""


_ABBREVIATION = re.compile(r"\b[A-Z]{2,}s?\b")
"""An abbreviation and its long form are both the sources' words: nothing to restate."""
_DESCRIBED = re.compile(r"[a-z]")
DESCRIPTION_WORDS = 3
"""A single everyday word is restated only by a description ("bikes": "items left in communal
areas"); a one-word synonym ("fix": "repair") says nothing the question did not."""


def _share(wanted: set[str], said: set[str]) -> float:
    return len(wanted & said) / len(wanted) if wanted else 0.0


def _answers(c: Candidate, *, overlap_floor: float = 0.0) -> bool:
    """Whether one sentence answers the question: close in meaning and holding the cue, or
    very close and sharing the question's words; with its context, it must share some of the
    question's words (``overlap_floor``), so a sentence merely in the same register (a
    definition for a "what is" question) does not pass for an answer."""
    if c.similarity < SIMILARITY_FLOOR or c.overlap < overlap_floor:
        return False
    return c.cue or (c.similarity >= CUE_SIMILARITY_FLOOR and c.overlap >= OVERLAP_FLOOR)


@dataclass(frozen=True)
class Judged:
    """Whether some of the sentences answer the question, and which bear on it."""

    answers: bool
    bearing: list[bool]


def judge(question: Question, sentences: Sequence[str],
          embedder: Embedder | None = None, *, tenant: str | None = None) -> Judged:
    """The verifier's relevance judgement of an answer's cited sentences, by the same rule
    as the answerer's (the sentences alone: a citation carries no heading; ``tenant``: whose
    question it is, and so whose quotes, as far as their vectors are kept)."""
    if not sentences:
        return Judged(False, [])
    embedder = embedder or default_embedder()
    vectors = _embedded([question.text, *sentences], embedder,
                        [tenant] * (1 + len(sentences)))
    similarity = vectors[1:] @ vectors[0]
    wanted = terms(question.text)
    found = []
    lay = _lay_words(question.text)
    for sim, text in zip(similarity, sentences, strict=True):
        said = terms(text)
        overlap = len(wanted & (said | _read_as_asked(lay, said))) / len(wanted) if wanted else 0.0
        found.append(Candidate(0, 0, text, "", float(sim), overlap, has_cue(question, text)))
    # A sentence with a period of its own but none of the question's words (another
    # policy's timescale) is in the same register, not about the same thing: it does not
    # corroborate.
    # The judgment's own judge named in its header ("Before : MR JUSTICE NUGEE") answers
    # "which judge …?" though its few words are far from the question's.
    return Judged(any(_answers(c) or presides(question, c.text) for c in found),
                  [(c.similarity >= BEARING_FLOOR and c.overlap > 0)
                   or presides(question, c.text) for c in found])


def _held(named: Sequence[set[str]], said: set[str]) -> float:
    """The share of the question's subjects whose every word ``said`` holds."""
    return sum(t <= said for t in named) / len(named) if named else 0.0

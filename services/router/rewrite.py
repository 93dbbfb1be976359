"""Follow-up questions made standalone, so that every worker searches for what is meant.

"And what if the tenant is vulnerable?" after a question about stage one complaints is a
question about complaints; searched on its own it finds the damp policy. Offline, the rule is
deterministic (``rewrite_offline``): a message that refers back, or says too little to be
about anything, takes the subjects (housing topics and named Acts, sections, policies and
cases) of the latest earlier question about something; a message with a subject of its own
is left as it is. An earlier question about something the vocabulary does not name ("what is
a compulsory purchase order?") lends its key phrase, its longest run of content words. A
follow-up that only varies the circumstances ("and what if the tenant is vulnerable?") also
keeps the earlier question's period cue ("… (about: stage one complaint; how quickly)"), so it
is answered as the same kind of question. With a model, the model rewrites and
``parse_model_rewrite`` checks its answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from shared.answering.questions import PARTY, kind_cue
from shared.answering.questions import classify as answer_kind
from shared.events import RewriteMethod
from shared.text.terms import STOP_WORDS, WORD, terms
from shared.text.vocabulary import subjects, topics

__all__ = [
    "KEY_PHRASE_WORDS",
    "MAX_CARRIED",
    "Rewrite",
    "follow_up",
    "key_phrase",
    "parse_model_rewrite",
    "rewrite_offline",
    "unchanged",
]

MAX_CARRIED = 4
"""At most this many subjects are carried into a follow-up."""
SHORT_WORDS = 6
"""A message of at most this many words, with no subject, cannot stand alone."""


class Rewrite(msgspec.Struct, frozen=True, kw_only=True):
    standalone: str
    method: RewriteMethod
    carried: list[str] = []


def unchanged(question: str) -> Rewrite:
    return Rewrite(standalone=question, method="unchanged")


# -- is it a follow-up? -----------------------------------------------------------------------

_REFERS_BACK = re.compile(
    r"^\W*(?:(?:does|do|did|is|are|was|were|would|will|can|could|should|must|what about|"
    r"how about)\s+(?:that|this|those|these|the same)\b|(?:does|do|would|will|can|could|"
    r"should|must)\s+(?:it|they)\s+(?:still\s+|also\s+)?(?:apply|cover|include|extend|count|"
    r"affect|change|differ|matter|work)|(?:does|do|is|are|can|will|would|must|should)\s+"
    r"(?:it|they|he|she)\s+still\b|same (?:for|with|if|when)\b|in (?:that|this|which) "
    r"case\b|if (?:so|not)\b|otherwise\b|likewise\b)", re.IGNORECASE)
_CONTINUES = re.compile(
    r"^\W*(?:and|but|or|also|so|then|plus|what about|how about|what if|what else|as for|"
    r"and if|but if)\b", re.IGNORECASE)
_SMALL_TALK = re.compile(
    r"^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?|thank you|cheers|"
    r"ok(?:ay)?|great|perfect|brilliant|who are you|what can you do)\b[\w\s,.!?'’]{0,25}$",
    re.IGNORECASE)
_PRONOUN = re.compile(
    r"\b(?:it|its|they|them|their|theirs|this|that|these|those|he|she|him|her|such|"
    r"the same|the above)\b"
    # "one" standing for a noun ("if we don't get one", "a second one be served"), not a number
    r"|\bone\b(?=\s*(?:[?.!,;:]|$)|\s+(?:is|be|was|were|if|for|from|after|before|again|too|"
    r"straight|instead)\b)", re.IGNORECASE)
_ELLIPSIS = re.compile(
    r"\b(?:do|does|did|is|are|was|were|can|could|will|would|should|must|have|has|had)"
    r"(?:n['’]t| not)?\W*$|\b(?:don|doesn|didn|isn|aren|wasn|weren|can|couldn|won|wouldn|"
    r"shouldn|mustn|haven|hasn|hadn)['’]t\W*$", re.IGNORECASE)
"""A verb phrase left out, to be understood from before: "what if we didn't?"."""


def follow_up(message: str) -> bool:
    """Whether ``message`` leans on the conversation before it.

    It does when it opens by pointing back ("does that apply…", "in that case…"); otherwise
    a message with a subject of its own, or small talk ("thanks"), stands alone, and one
    without leans back when it continues ("and…", "what about…", "what if…"), uses a pronoun
    ("it", "they", "this", "one"), leaves out its verb phrase ("…if we don't?"), is short, or
    names nothing at all, not even a phrase of its own ("what's the most the court can
    award?" asks about the subject before it). "Do they still…" points back even when it
    names a subject ("do they still pay rent while they're out?" after a decant), and so does
    a question whose subject is "it" or "they" and which names only a generic word ("does it
    have to if the hazard has gone?" after a prohibition order: the hazard is the order's).
    """
    if _REFERS_BACK.search(message):
        return True
    if _ASKS_OF_IT.search(message) and all(len(s.split()) == 1 for s in subjects(message)):
        return True
    if subjects(message) or _SMALL_TALK.search(message):
        return False
    return bool(_CONTINUES.search(message) or _PRONOUN.search(message)
                or _ELLIPSIS.search(message) or len(WORD.findall(message)) <= SHORT_WORDS
                or not key_phrase(message) or _only_known_parties(message))


_ASKS_OF_IT = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:does|do|did|can|could|will|would|should|must|may|might|has|"
    r"have)\s+(?:it|they|that|this|these|those|the same)\b", re.IGNORECASE)
"""A question whose subject points back ("does it have to…", "must they…"); "is it" is left
out, as its "it" is often a dummy ("is it a legal requirement to…")."""


def _only_known_parties(message: str) -> bool:
    """Whether ``message`` names only parties the conversation already knows ("does the
    council need the tribunal's say-so?"): "the council" is the one dealing with the matter
    asked about before, and without the parties nothing is left to be about."""
    said = [m for m in PARTY.finditer(message)
            if re.search(r"\bthe\s+$", message[:m.start()], re.IGNORECASE)]
    return bool(said) and not key_phrase(_PARTY_OWNING.sub(" ", message))


_PARTY_OWNING = re.compile(rf"(?:{PARTY.pattern})(?:['’]s\b)?")
"""A party with its possessive ("the tribunal's")."""


# -- the rewrite ------------------------------------------------------------------------------


KEY_PHRASE_WORDS = 2
"""An earlier question without a named subject lends a run of at least this many content
words ("improvement notice"); a lone word ("long", "days") says too little."""


def key_phrase(question: str) -> str:
    """The longest run of consecutive content words of ``question`` (the later of equals):
    what it asks about when the vocabulary names nothing in it."""
    runs: list[list[str]] = [[]]
    for word in WORD.findall(question):
        if word.lower() in STOP_WORDS:
            runs.append([])
        else:
            runs[-1].append(word)
    best = max(reversed(runs), key=len)
    return " ".join(best) if len(best) >= KEY_PHRASE_WORDS else ""


def _carry(message: str, earlier: Sequence[str]) -> tuple[list[str], str]:
    """What the latest earlier question about something is about (its subjects, else its key
    phrase), less what the message says; and that question itself."""
    said = terms(message)
    for question in reversed(earlier):
        if _SMALL_TALK.search(question):
            continue
        found = [_varied(s, message) for s in subjects(question) or [key_phrase(question)]
                 if s and not terms(s) <= said]
        if found:
            return [*found, *_acts(question, found, message)][:MAX_CARRIED], question
    return [], ""


_ACT = re.compile(r"\b[a-z]{3,}ing\b")
BARE_WORDS = 1
"""A follow-up with at most this many content words of its own ("is there any defence?")."""


def _acts(question: str, found: Sequence[str], message: str) -> list[str]:
    """The act the earlier question was about, beside its subjects, when the follow-up says
    almost nothing of its own: "is there any defence?" after "what's the maximum fine for
    obstructing a council housing officer?" asks about obstructing the officer, not about
    officers in general. An act is an -ing word the subjects do not hold."""
    if len(terms(message)) > BARE_WORDS:
        return []
    held = terms(" ".join(found))
    return [w for w in dict.fromkeys(_ACT.findall(question))
            if w not in STOP_WORDS and not terms(w) <= held][:1]


def _varied(subject: str, message: str) -> str:
    """The earlier subject as the follow-up varies it: "what if it's an emergency?" after
    "urgent repairs" asks about emergency repairs, "and stage two?" after "stage one
    complaint" about stage two complaints. A word of the message replaces a modifier of the
    subject when the result is a housing topic of its own."""
    words = subject.split()
    for i, word in enumerate(words[:-1]):  # a modifier, never the head ("repairs")
        for other in dict.fromkeys(WORD.findall(message)):
            if other.lower() == word.lower() or other.lower() in STOP_WORDS:
                continue
            varied = " ".join([*words[:i], other.lower(), *words[i + 1:]])
            if [t.lower() for t in topics(varied)] == [varied.lower()]:
                return varied
    return subject


def _asked_again(message: str, source: str) -> str:
    """The earlier question's period cue ("how quickly"), when the follow-up only varies its
    circumstances ("and what if the tenant is vulnerable?"): it asks the same kind of
    question, so its answer leads with the period too. A follow-up that asks something of
    its own ("what checks must be done first?", "who decides?") keeps its own kind."""
    if answer_kind(message).kind != "general" or not _VARIES.search(message):
        return ""
    cue = kind_cue(source)
    if not cue and _OTHER_THING.match(message):
        # "And the emergency lighting?" after "How often are the fire alarms tested?" asks
        # the same of another thing: how often too (a circumstance, "what if we can't get
        # in?", does not).
        often = _OFTEN.search(source)
        cue = often.group(0).lower() if often else ""
    return cue


_VARIES = re.compile(r"^\W*(?:and|but|or|so)?\s*(?:what\s+)?(?:if|about|for|when|where|in case)\b|"
                     r"^\W*how about\b|^\W*(?:and|but|or)\s+(?:[\w'’-]+\s*){1,3}\W*$",
                     re.IGNORECASE)
"""A follow-up that changes only the circumstances: "and if …", "what if …", "what about …",
or names only the other case ("and stage two?")."""


_OTHER_THING = re.compile(r"^\W*(?:(?:and|but|or)\s+|(?:and\s+)?(?:what|how)\s+about\s+)"
                          r"(?:the\s+|an?\s+|our\s+)?(?:[\w'’-]+\s*){1,4}\W*$", re.IGNORECASE)
"""A follow-up that names only another thing ("and the emergency lighting?", "what about
the fire doors?")."""
_OFTEN = re.compile(r"\bhow often\b", re.IGNORECASE)


def rewrite_offline(message: str, earlier: Sequence[str]) -> Rewrite:
    """The deterministic rewrite of ``message`` given the earlier questions, oldest first
    (their standalone forms where recorded, so a chain of follow-ups keeps its subject)."""
    if not earlier or not follow_up(message):
        return unchanged(message)
    carried, source = _carry(message, earlier)
    if not carried:
        return unchanged(message)
    cue = _asked_again(message, source)
    standalone = f"{message.strip()} (about: {'; '.join([*carried, *([cue] if cue else [])])})"
    return Rewrite(standalone=standalone, method="offline", carried=carried)


_LABEL = re.compile(r"^(?:standalone question|rewritten question|question|rewrite)\s*:\s*",
                    re.IGNORECASE)


def parse_model_rewrite(raw: str, message: str) -> Rewrite | None:
    """The model's standalone question, checked; ``None`` when it cannot be used."""
    lines = [line.strip() for line in raw.strip().splitlines() if line.strip()]
    if not lines:
        return None
    text = _LABEL.sub("", lines[0]).strip().strip('"“”').strip()
    if not text or len(text) > max(500, 2 * len(message)):
        return None
    if _normal(text) == _normal(message):
        return unchanged(message)
    said = terms(message)
    carried = [s for s in subjects(text) if not terms(s) <= said]
    return Rewrite(standalone=text, method="model", carried=carried)


def _normal(text: str) -> str:
    return " ".join(WORD.findall(text.lower()))

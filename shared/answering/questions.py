"""What kind of answer a question wants, and what in a sentence answers that kind.

"How quickly …" wants a period, "can we / must we …" a yes or no, "compare A with B" both
sides, "who …" a party ("who pays …" the one who bears the cost), "what is …" a definition,
"how many …" a number of the things counted. Each kind has a cue: a sentence that holds
it can answer the question, one that does not can at most support the answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from shared.answering.respelling import respelt
from shared.text.conditions import CONDITION_CLAUSE, either
from shared.text.dates import MONTH
from shared.text.determiners import ARTICLES
from shared.text.initials import INITIALISM, spells
from shared.text.modality import DUTY, POWER, modalities
from shared.text.numbers import MONEY, NUMBER, number_value
from shared.text.terms import stem, terms
from shared.text.vocabulary import expand, topics

__all__ = [
    "DELIBERATES",
    "DURATION",
    "FREQUENCY",
    "IF_CLAUSE",
    "LIMIT",
    "MODAL_WORDS",
    "PRIORITY_CLASS",
    "Question",
    "QuestionKind",
    "amount",
    "asked_act",
    "asked_action",
    "asking_sentence",
    "asks_in",
    "asks_sum",
    "classify",
    "comparable",
    "defined_term",
    "defines",
    "denied",
    "does_asked_action",
    "durations",
    "elapsed",
    "elapsed_times",
    "has_cue",
    "in_days",
    "kind_cue",
    "on_condition_of",
    "only_the_condition",
    "presides",
    "short_forms",
    "states_sum",
]

QuestionKind = Literal["period", "yes_no", "compare", "who", "definition", "duties", "penalty",
                       "count", "general"]
Asks = Literal["permission", "duty", "fact"]

_NUMBER = rf"(?:{NUMBER}|a|an)"  # "a year" is a period too
DURATION = re.compile(
    rf"\b{_NUMBER}(?:\s+|-)(?:(?:working|calendar|clear|full|consecutive)\s+)?"
    r"(?:hours?|days?|weeks?|months?|years?)\b|\bannual(?:ly)?\b|\bevery (?:year|month|week)\b|"
    r"\bsame day\b|\bnext working day\b",
    re.IGNORECASE)
"""A period or frequency: "5 working days", "seven days", "every 2 years", "annually"."""

FREQUENCY = re.compile(
    rf"\b(?:every|each|per|a)\s+(?:{_NUMBER}\s+)?(?:hours?|days?|weeks?|months?|years?)\b|"
    r"\bannual(?:ly)?\b|\byearly\b|\bmonthly\b|\bweekly\b|\bat every\b|"
    r"\b(?:start|end|beginning) of (?:every|each)\b", re.IGNORECASE)
"""How often: "every 12 months", "annually", "each year", or at each event ("at the start of
every tenancy")."""
_OFTEN = re.compile(r"\bhow often\b|\bhow frequently\b|\bfrequency\b|\bintervals?\b",
                    re.IGNORECASE)
"""How often, also as the interval between one check and the next."""

_COMPARE = re.compile(
    r"\bcompared?\b|\bcomparison\b|\bdifference\b|\bdiffer\b|\bversus\b|\bvs\.?\s|"
    r"\b(?:faster|slower|longer|shorter|quicker|more|less) or (?:faster|slower|longer|shorter|"
    r"quicker|more|less)\b|\bboth\b.*\b(?:timescales|periods|notices)\b",
    re.IGNORECASE)
_WHO = re.compile(r"^\s*(?:who(?:m|se)?\b|which (?:judge|court|person|officer|body|"
                  r"member of staff|manager|team|authority|party)\b)", re.IGNORECASE)
_PERIOD = re.compile(
    r"\bhow (?:quickly|fast|soon|long|often|frequently|many (?:days|weeks|months|years|"
    r"hours))\b|^\s*when\b|\bwithin what (?:period|time)\b|\bwhat (?:is the )?(?:timescales?|"
    r"deadline|time limit|period|frequency)\b|\b(?:longest|maximum length|how much notice)\b|"
    r"\b(?:earliest|latest|soonest) (?:date|day|time|point)\b",
    re.IGNORECASE)
_YES_NO = re.compile(r"^\s*(?:(?:and|but|so)\s+)?(?:can|could|may|must|do|does|did|is|are|"
                     r"should|will|would|has|have|shall)\b|,\s*(?:can|could|may|must|do|does|"
                     r"should|need) (?:we|i|they|you|the \w+)\b", re.IGNORECASE)
_DEFINITION = re.compile(
    r"^\s*what (?:is|are) (?:an? |the )?\S|\bwhat does\b.*\bmean\b|\bmeaning of\b|"
    r"\bwhat counts as\b|\bwhat makes\b|\bdefin(?:e|ition)\b|\bmean by\b", re.IGNORECASE)
_MEANT = re.compile(r"\bwhat (?:do|does|did) (?:we|you|they|i|the \w+) mean by\b", re.IGNORECASE)
""""What do we mean by an urgent repair?" asks what the term means, not what we must do."""
_DUTIES = re.compile(
    r"\bwhat (?:must|should|do|does) (?:we|i|they|you|the \w+|a \w+) (?:do|have to do|need to "
    r"do)\b|\bwhat (?:are|is) (?:our|the|their|a \w+'?s?) (?:obligations?|duties|duty|"
    r"responsibilit(?:y|ies)|requirements?)\b|\bwhat (?:duties|obligations)\b|"
    r"\bwhat (?:must|do) we\b|\bwhat (?:\w+\s+){1,2}(?:must|should|need to|needs to|has to|"
    r"have to) be (?:done|made|checked|carried out|completed|given|in place)\b", re.IGNORECASE)
_PERMISSION = re.compile(r"(?:^\s*(?:(?:and|but|so)\s+)?|,\s*)(?:can|could|may|is it (?:lawful|"
                         r"possible))\b|\ballowed\b|\bpermitted\b", re.IGNORECASE)
_DUTY = re.compile(r"\b(?:must|have to|has to|need to|needs to|required|obliged|duty|"
                   r"should)\b", re.IGNORECASE)
_TIMESCALE = re.compile(r"\b(?:timescales?|times?|intervals?|how often|how long|"
                        r"(?:the|much|of|days['’]?|weeks['’]?|months['’]?) notice|periods?|"
                        r"length|faster|slower|quicker|deadlines?)\b", re.IGNORECASE)
_PENALTY_ASKED = re.compile(r"\b(?:penalt(?:y|ies)|fines?|punish\w*|sanctions?)\b",
                            re.IGNORECASE)
_PENALTY = re.compile(rf"\bliable\b|\bfine\b|\blevel \d\b|{MONEY}|\bimprisonment\b|"
                      r"\bfinancial penalty\b", re.IGNORECASE)
"""A comparison of penalties ("the penalty for A with the penalty for B") is answered by what
each offence is liable to (a fine, its level, an amount), not by the sentence creating it."""
_COMMITMENT = re.compile(r"\b(?:never|not|will|won['’]t)\b", re.IGNORECASE)
"""A policy's commitment ("we will give …", "are never made") answers "do we have to"."""
_SIDES = re.compile(r"\s+(?:with|and|or|versus|vs\.?|against)\s+", re.IGNORECASE)
_LEAD_IN = re.compile(r"^\s*(?:compare|what(?:'s| is) the difference between|how do|how does|"
                      r"is)\s+", re.IGNORECASE)
_TAIL = re.compile(r"(?:\s+differ\b.*|[?.:].*)$", re.IGNORECASE)
_COMPARED = re.compile(r"\s+(?:(?:as|when)\s+)?compared?$", re.IGNORECASE)
"""A first side that ends on the comparing verb ("how does A compare with B", "A compared
with B"): the verb is not part of what is compared."""
_MAIN_CLAUSE = re.compile(
    rf"^\s*{either('when', 'if', 'where', 'once')}\s+[^,?]+,\s*(?P<main>(?:what|how|who|"
    r"which|can|could|may|must|do|does|is|are|should|will)\b.+)$", re.IGNORECASE)
"""A question that opens on its circumstances ("When a tenant rings about a repair, what makes
it urgent?"): its kind is its main clause's, not the opening "when"'s."""
_CONDITIONS = re.compile(
    r"^\s*when (?:does|do|is|are|will|would)\b.*\b(?:counts? as|qualif(?:y|ies) as|"
    r"(?:be|is|are) (?:treated|classed|regarded) as|appl(?:y|ies)|rather than|as opposed to|"
    r"instead of)\b|^\s*who (?:counts|qualifies|is treated|is regarded) as\b", re.IGNORECASE)
""""When does X count as Y?" (or "when is X a Y rather than a Z?", "who counts as a Y?") asks
for the conditions that make it so (a definition's test), not for a time or a party."""

PARTY = re.compile(
    r"\b(?:Director(?: of [A-Z]\w+)?|Head of [A-Z]\w+|Secretary of State|Welsh Ministers|"
    r"(?:[A-Z]\w+ )?Officer|officer|Gas Safe|occupational therapist|engineer|tribunal|court|"
    r"justice of the peace|Justice|Judge|judge|JUSTICE|JUDGE|J\b|[Tt]enants?|[Ll]andlords?|"
    r"licence holders?|local housing authority|authority|council|person|manager|contractors?|"
    r"[Rr]esidents?|[Hh]ouseholds?|"
    r"(?:[A-Z]\w+ )?Manager|Chief Executive|Board|"
    r"[Ll]easeholders?|[Ss]hared owners?|"
    r"committee|panel|Ombudsman)\b")
"""Who does something: the parties, roles and bodies the sources name (in the plural too, as
a policy's rule for all of them says it: "Residents should test their alarms monthly")."""

JUDGE = re.compile(
    r"\b(?:(?:Mr|Mrs|Ms|MR|MRS|MS|Lord|Lady|LORD|LADY) (?:Justice|JUSTICE)|HHJ|"
    r"(?:His|Her|HIS|HER) (?:Honour|HONOUR) (?:Judge|JUDGE)|(?:District |DISTRICT )?(?:Judge|JUDGE)"
    r"|Recorder|RECORDER|Master|MASTER|Deputy|DEPUTY) [A-Z]|\b[A-Z][a-z]+ (?:LJ|J|MR|JA)\b")
"""A judge, as a judgment's header or a report names one ("MR JUSTICE HOLGATE", "Arden LJ");
not a party that has "Justice" in its name ("Secretary of State for Justice")."""
_PRESIDING = re.compile(
    r"^(?:Before\s*:|(?:Judgment(?: Approved)?\s+)?(?:THE HONOURABLE |The Honourable )?"
    r"(?:MR|MRS|MS|Mr|Mrs|Ms|LORD|LADY|Lord|Lady) (?:JUSTICE|Justice) [A-Z][\w-]+\s*:)")
"""Where a judgment names its own judge: its header's "Before :" line, or the judge's name
over the judgment ("Mr Justice Supperstone :"); other judges it names decided other cases."""
_ASKS_PAYER = re.compile(r"^\s*(?:(?:and|but|so)\s+)?who(?:'s| is| are)?\s+(?:\w+\s+){0,2}"
                         r"(?:pays?|paying|funds?|meets? the cost|covers? the cost|foots? the bill|"
                         r"(?:is |are )?(?:liable|responsible) (?:for|to) pay)", re.IGNORECASE)
"""A question about who bears a cost ("who pays for the removal?", "who has to pay …")."""
PAYING = re.compile(r"\bpa(?:y|ys|id|ying)\b|\bfund(?:s|ed|ing)?\b|\bmeets? (?:\w+ ){0,4}"
                    r"(?:costs?|expenses?)\b|\bat (?:our|their|its|his|her) (?:own )?(?:cost|"
                    r"expense)\b|\bbears? the (?:cost|expense)\b|\brecover(?:ed|able)? from\b|"
                    r"\brecharge\w*\b|\bcontribut\w* (?:[\w£,]+ ){0,3}towards?\b", re.IGNORECASE)
"""A sentence that says who bears a cost: its party pays, funds, meets the cost (or part of
it: "contribute up to £5,000 towards"; "meet reasonable kennelling or cattery costs"), is
charged or has it recovered from them."""
_WE = re.compile(r"\bwe\b", re.IGNORECASE)
"""A policy's own party: "we" is the landlord that wrote it."""
_ASKS_JUDGE = re.compile(r"\bwhich judge\b|\bwho (?:was the judge|decided|heard|gave (?:the )?"
                         r"judgment|presided)\b", re.IGNORECASE)
"""A question about a judgment's judge: only a sentence naming one answers it, not any
party the judgment names."""

DEFINITION = re.compile(
    r"\bmeans\b|\bis called\b|\bare those\b|\bincludes?\b|\bfor the purposes of\b|"
    r"\bin this (?:Part|Act|section|Chapter|policy)\b|\b(?:is|are) (?:an?|any|the)\b|"
    r"\bcounts? as\b|\bis defined\b|\bapplies to\b[^.;]{0,80}\bif\b|"
    r"\b(?:is|are) (?:to be )?treated as\b|“[^”]+”",
    re.IGNORECASE)
"""A sentence that says what something is, or when a provision applies to it ("This section
applies to a converted block of flats if —"): the test a "when does X count as …" asks."""

DELIBERATES = re.compile(
    r"\b(?:consider|decide|assess|judge|review)(?:s|d|ing)? whether\b|\bcase[- ]by[- ]case\b|"
    r"\bat (?:our|its|their) discretion\b|\bon (?:its|their) (?:own )?merits\b", re.IGNORECASE)
"""A rule that commits to weighing the case ("We will consider whether the home can reasonably
be adapted"): to "must we …?" it is the honest answer, "it depends on …"."""

IF_CLAUSE = re.compile(r"^\s*(?:if|when|where|once)\s+(?P<condition>[^,?]+),\s*(?P<main>.+)$",
                 re.IGNORECASE)
MODAL_WORDS = frozenset({"must", "can", "could", "may", "should", "need", "have", "has",
                          "shall", "will", "would"})
"""A question's condition ("If the OT recommends …") and what it asks ("… must we carry it
out?"), modal words aside."""


@dataclass(frozen=True)
class Question:
    """A question and the kind of answer it wants."""

    text: str
    kind: QuestionKind
    asks: Asks = "fact"
    """For yes-or-no questions: is it asking whether something may, or must, be done?"""
    sides: tuple[str, ...] = ()
    """For comparisons: the things compared, as the question words them."""
    compares: QuestionKind = "general"
    """For comparisons: what is compared ("period" for timescales)."""
    parts: tuple[str, ...] = ()
    """For a long question: each thing it asks ("how often should the officer get in touch",
    "what happens if it goes on past twelve weeks"), without the circumstances told first."""


_HOW_MEASURED = r"(?:much|many|long|quickly|soon|often|fast|frequently)"
"""What "how" asks to be measured: "how much", "how long", "how quickly"."""
_AFTER_SUM = (r"(?:(?<=£\d,\d{3})|(?<=£\d\d,\d{3})|(?<=£\d{3},\d{3})|(?<=£\d)|(?<=£\d\d)|"
              r"(?<=£\d{3}))")
"""Just after a sum of money ("£14,000", "£500"), not any number ("C2", "2004", "1,000
hours")."""
_ASKING_AFTER_SUM = r"(?:what|how|who|can|could|may|must|do|does|should|will|would)"
"""The question words that open an ask straight after a sum: a "which", "when", "is" or "has"
there goes on telling about the sum ("a quote of £3,500 which the leaseholders say is too
high", "£14,000 is split between", "£1,200 when she moved in")."""
_CONDITION_BEFORE = re.compile(r"(?:^|[,;.?!]\s*|\band\s+)(?:once|if|when|after|where|until|"
                               r"as soon as)\b[^,;.?!]*$", re.IGNORECASE)
"""A run-on "how long" after a condition of its own ("once the inspection is done how long
…") asks within that condition's clause: the clause is no ask of its own."""
_NOT_EMBEDDING = (r"(?<!\bwith)(?<!\bthan)(?<!\babout)(?<!\bof)(?<!\bagainst)"
                  r"(?<!\bbetween)(?<!\bfor)(?<!\bcompare)")
"""A "how long" that is a side of a comparison or what something is about ("compare A with
how long …", "say about how often …") opens no ask of its own. What someone wants to know
("we need to know how quickly we visit") is the ask itself: it opens one."""

LONG_QUESTION_WORDS = 25
"""A question this long tells its circumstances before it asks: its meaning is diluted by
them, so each thing it asks is also read on its own."""
_ASKING_WORD = (r"(?:what|how|who|when|which|can|could|may|must|do|does|is|are|should|will|"
                r"would|have|has)")
_ASK = re.compile(rf"(?:^|[,;]\s*(?:(?:and|so|but)\s+)?|\s(?:and|so)\s+|(?<=[.?!])\s+|"
                  rf"{_AFTER_SUM}\s+(?={_ASKING_AFTER_SUM}\s)|{_NOT_EMBEDDING}\s(?P<run_on>)(?=how\s+"
                  rf"{_HOW_MEASURED}\b))"
                  rf"(?P<ask>{_ASKING_WORD}\s+\w+)", re.IGNORECASE)
"""Where an ask opens: at the start, after a comma or a semicolon, after "and" or "so", after
a sentence's end; and where a question runs on without punctuation, after a figure ("… will
cost £14,000 how much will we put in …", "… cost £8,000 who pays …") and at a "how much",
"how long" or "how quickly" wherever it stands ("… end her tenancy how much notice …"):
questions as tenants tell them often leave the comma out."""


def asks_in(question: str) -> tuple[str, ...]:
    """The things a long question asks, each from its question word to the next one's
    (nothing for a short question, or one that asks only once after no circumstances); an
    ask may open a sentence of its own after the circumstances ("… isn't happy. How long does
    she have to ask for Stage 2, …")."""
    if len(question.split()) < LONG_QUESTION_WORDS:
        return ()
    starts = [m.start("ask") for m in _ASK.finditer(question)
              if m.group("run_on") is None or not _CONDITION_BEFORE.search(question[:m.start()])]
    if not starts or (len(starts) == 1 and starts[0] == 0):
        return ()
    ends = [*starts[1:], len(question)]
    parts = [re.sub(r"[\s,;?]*(?:\b(?:and|so|but|[Aa]lso))?[\s,;?]*$", "", question[a:b]).strip()
             for a, b in zip(starts, ends, strict=True)]
    return tuple(p for p in parts if len(p.split()) >= 3)


def classify(question: str) -> Question:
    """The kind of answer ``question`` wants (comparison before period before yes-or-no), and
    for a long question each thing it asks."""
    question = respelt(question)
    q = _classify(question)
    parts = asks_in(question)
    return replace(q, parts=parts) if parts else q


_SENTENCE_BREAK = re.compile(r"(?<=[.?!])\s+(?=[A-Z])")


def asking_sentence(question: str) -> str:
    """The sentence that asks, when a question tells its circumstances in sentences of their
    own first ("The tenant's son kicked the door in. Can we make them pay?"): the first that
    ends on a question mark; the whole question otherwise."""
    sentences = _SENTENCE_BREAK.split(question.strip())
    if len(sentences) < 2:
        return question
    return next((s for s in sentences if s.rstrip().endswith("?")), question)


def _classify(question: str) -> Question:
    asking = asking_sentence(question)
    if asking != question:
        # Its kind is the asking sentence's ("Can we …?" is a yes or no), not the story's.
        return replace(_classify(asking), text=question)
    main = _MAIN_CLAUSE.match(question)
    if main:
        return replace(classify(main.group("main")), text=question)
    if _COMPARE.search(question):
        timed = _PERIOD.search(question) or _TIMESCALE.search(question)
        compares: QuestionKind = "period" if timed else "penalty" if _PENALTY_ASKED.search(
            question) else ("yes_no" if _DUTY.search(question) else "general")
        return Question(question, "compare", sides=_sides(question), compares=compares)
    if _CONDITIONS.search(question):
        return Question(question, "definition")
    if _WHO.search(question):
        return Question(question, "who")
    if _PERIOD.search(question) or _DATE_ASKED.search(question):
        return Question(question, "period")
    if _COUNT_ASKED.search(question):
        return Question(question, "count")
    if _YES_NO.search(question):
        asks: Asks = "permission" if _PERMISSION.search(question) else (
            "duty" if _DUTY.search(question) else "fact")
        return Question(question, "yes_no", asks=asks)
    if _DUTIES.search(question) and not _MEANT.search(question):
        return Question(question, "duties")
    if _DEFINITION.search(question):
        # A sum asked ("what is the least we will accept each week?", "what is the maximum
        # fine?") is a number, not the definition of a term.
        return Question(question, "count" if asks_sum(question) else "definition")
    return Question(question, "general")


_BOUND = re.compile(r"\b(?:earliest|latest|soonest) (?:date|day|time|point)\b", re.IGNORECASE)
_DATE_ASKED = re.compile(r"\b(?:on|by) (?:what|which) date\b|^\s*(?:what|which) date (?:did|was|"
                         r"were|is|does|will)\b", re.IGNORECASE)
""""On what date did … issue its further decision letter?" asks for a date, not a duration."""
_DATE_PAST = re.compile(r"\b(?:what|which) date (?:did|was|were|had)\b", re.IGNORECASE)
"""A date asked of the past is answered by a date alone; "by what date must we protect the
deposit?" is answered by its period too ("within 30 days of receiving it")."""
_DATE = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)? {MONTH},? \d{{4}}\b|\b{MONTH} \d{{1,2}}(?:st|nd|"
                   rf"rd|th)?,? \d{{4}}\b")
_ORDINAL_DAY = re.compile(r"\b\d+(?:st|nd|rd|th) day\b", re.IGNORECASE)
"""A time bound ("the earliest date …") is answered by a day counted from an event too ("not
earlier than the 28th day after … the notice is served")."""
_COUNT_ASKED = re.compile(r"\bhow many (?P<noun>[a-z][\w-]*)", re.IGNORECASE)
"""A question asking for a number of things ("how many reports does it take?"); a number of
days or weeks is a period, asked before this."""
COUNT_REACH = 3
"""A number counts the asked noun when it comes at most this many words before it ("three
separate reports")."""


def _counts(question: Question, sentence: str) -> bool:
    """Whether ``sentence`` states a number of the things the question counts."""
    m = _COUNT_ASKED.search(question.text)
    if m is None:  # a sum asked ("what is the least …?"): a sentence stating one
        return asks_sum(question.text) and states_sum(sentence)
    noun = terms(m.group("noun"))
    words = re.findall(r"[\w’'-]+", sentence)
    for i, word in enumerate(words):
        if terms(word) & noun and any(re.fullmatch(NUMBER, w, re.IGNORECASE)
                                      for w in words[max(0, i - COUNT_REACH):i]):
            return True
    return False


_PERIOD_CUE = re.compile(r"\bhow (?:quickly|fast|soon|long)\b", re.IGNORECASE)
"""How soon something is done. Not "how often": a routine's follow-up ("what if we can't get
in?") asks what happens when it fails, not for another frequency."""


def kind_cue(question: str) -> str:
    """The words that make ``question`` ask for a period ("how quickly"), to be carried into a
    follow-up that asks the same of something else ("and what if the tenant is vulnerable?"
    after "how quickly must we respond …?"); nothing when it asks for anything else."""
    if classify(question).kind != "period":
        return ""
    m = _PERIOD_CUE.search(question)
    return m.group(0).lower() if m else ""


def _sides(question: str) -> tuple[str, ...]:
    """"Compare A with B" → ("A", "B"); nothing when the question does not split in two."""
    body = _TAIL.sub("", _LEAD_IN.sub("", question, count=1))
    splits = [(body[:m.start()].strip(" ,"), body[m.end():].strip(" ,"))
              for m in _SIDES.finditer(body)]
    splits = [(a, b) for a, b in splits if a and b]
    if not splits:
        return ()
    # A side may hold the joining word itself ("failing to comply with an improvement notice
    # with the offence of failing to comply with a prohibition order"): the split after the
    # comparing verb ("how does the fine for failing to comply with a notice compare with
    # …") is the comparison, else the one whose two sides open alike; else the first.
    first, second = max(splits, key=lambda s: (bool(_COMPARED.search(s[0])),
                                               _alike_opening(*s), -len(s[0])))
    first = _COMPARED.sub("", first)
    return _completed(first, second), _shared_head(first, _complemented(
        first, _antecedent(first, second)))


_COMPLEMENT = re.compile(r"^(?P<head>(?:the|a|an|our|their)\s+[\w-]+)\s+(?P<of>of\s+(?:[\w'’-]+\s+)"
                         r"{0,3}?[\w'’-]+)(?=\s+(?:at|that|which|who|we|they|for|to|before|after|"
                         r"when|where|in|on|under|needed|required)\b)", re.IGNORECASE)


def _complemented(first: str, second: str) -> str:
    """The second side with what its head is "of" in the first: "the level of arrears at which
    we can serve a notice … compare with the level we need before going to court" compares
    two levels of arrears, and the second side's search needs the word."""
    m = _COMPLEMENT.match(first)
    if m is None:
        return second
    head = m.group("head")
    if not second.lower().startswith(head.lower()) or re.match(
            r"\s+of\b", second[len(head):], re.IGNORECASE):
        return second
    return f"{second[:len(head)]} {m.group('of')}{second[len(head):]}"


_STAND_IN = re.compile(r"^(?:the\s+)?ones?\b|^(?:that|those)\b(?=\s+(?:for|of|under|in|on|"
                       r"with|at|by|from|about)\b)", re.IGNORECASE)
_FIRST_PREPOSITION = re.compile(r"\s(?:for|of|under|in|on|with|at|by|from|about|to)\s",
                                re.IGNORECASE)


def _antecedent(first: str, second: str) -> str:
    """The second side with the noun it stands in for: "the offence for an unlicensed HMO with
    the one for an unlicensed house" compares "the offence for an unlicensed house", not "the
    one …", which names nothing a search could find."""
    m = _STAND_IN.match(second)
    if m is None:
        return second
    p = _FIRST_PREPOSITION.search(first)
    head = first[:p.start()] if p else first
    return f"{head}{second[m.end():]}" if head.strip() else second


def _alike_opening(first: str, second: str) -> int:
    """How many words two sides open with in common ("the offence of failing …")."""
    n = 0
    for a, b in zip(first.lower().split(), second.lower().split(), strict=False):
        if a != b:
            break
        n += 1
    return n if n >= 2 else 0


_ARTICLE = re.compile(r"^(?:the|our|a|an)\s+", re.IGNORECASE)
ELLIPSIS_WORDS = 2
"""A first side this short, before a longer second, shares the second's tail."""


def _completed(first: str, second: str) -> str:
    """The first side with the words English leaves out: "stage 1 and stage 2 complaint
    response times" compares "stage 1 complaint response times" with "stage 2 …", "minor and
    major adaptations" "minor adaptations" with "major adaptations"."""
    own = _ARTICLE.sub("", first).split()
    theirs = _ARTICLE.sub("", second).split()
    if len(own) > ELLIPSIS_WORDS or len(theirs) <= len(own):
        return first
    # Parallel only: one modifier ("minor"/"major"), or a word in common in the same place
    # ("stage 1"/"stage 2"); "improvement notice or hazard awareness notice" is two wholes.
    if len(own) > 1 and not any(a.lower() == b.lower()
                                for a, b in zip(own, theirs[:len(own)], strict=True)):
        return first
    return " ".join([*own, *theirs[len(own):]])


def _shared_head(first: str, second: str) -> str:
    """The second side with the head it shares with the first: "what a council must do about a
    category 1 hazard and a category 2 hazard" compares what it must do about each."""
    own, theirs = second.split(), first.split()
    if len(theirs) <= len(own):
        return second
    tail = theirs[-len(own):]
    differ = sum(a.lower() != b.lower() for a, b in zip(tail, own, strict=True))
    if differ != 1 or len(own) < 2:
        return second
    return " ".join([*theirs[:-len(own)], *own])


_QUOTED_TERM = re.compile(r"['‘“\"]([^'’”\"]{2,60})['’”\"]")
_ASKED_TERM = re.compile(r"^\s*what (?:is|are) (?:an? |the )?(.+?)(?:\s+(?:under|in|for|according "
                         r"to)\b.*)?\?*\s*$|^\s*what counts as (?:an? |the )?(.+?)(?:\s+(?:under|"
                         r"in|for)\b.*)?\?*\s*$|^\s*what (?:do|does|did) (?:we|you|they|i|the \w+) "
                         r"mean by (?:an? |the )?(.+?)(?:\s+(?:under|in|for)\b.*)?\?*\s*$",
                         re.IGNORECASE)


def defined_term(question: str) -> str:
    """The term a definition question asks about: "'person having control'" or "a decant"."""
    quoted = _QUOTED_TERM.search(question)
    if quoted:
        return quoted.group(1).strip()
    asked = _ASKED_TERM.match(question)
    return (asked.group(1) or asked.group(2) or asked.group(3) or "").strip() if asked else ""


_LABEL = re.compile(r"^\*\*(?P<label>[^*]{1,60})\*\*\s*:")
"""A class's bold label before its definition ("**Minor**: small patches of …")."""


def _labels(term: str, sentence: str) -> bool:
    """Whether ``sentence`` defines the class ``term`` opens with ("a minor damp case" is the
    policy's "**Minor**: …" of its damp cases): the label's words begin the term's."""
    m = _LABEL.match(sentence)
    if m is None:
        return False
    label = [stem(w) for w in re.findall(r"[\w'’-]+", m.group("label").lower())]
    asked = [stem(w) for w in re.findall(r"[\w'’-]+", term.lower())]
    return len(asked) > len(label) and asked[:len(label)] == label


def defines(term: str, sentence: str) -> bool:
    """Whether ``sentence`` defines ``term``: the term, then "means", "is", "are", "includes"
    or a colon within a few words ("“HMO” means …", "**Severe**: …", "A decant is …"), or a
    class's bold label that begins the term ("**Minor**: …" for "a minor damp case")."""
    if not term:
        return False
    if _labels(term, sentence):
        return True
    # The term asked in the singular is defined in the plural too ("**Urgent repairs** are
    # those …" for "an urgent repair").
    words = r"\W+".join(re.escape(w) for w in term.split()) + r"(?:e?s)?"
    return bool(re.search(rf"\b{words}\b\W{{0,6}}(?:\s+\([^)]*\))?(?:\s*,[^,.;]{{0,80}},)?\s*"
                          r"(?::|means\b|is\b|are\b|includes?\b|has the meaning)", sentence,
                          re.IGNORECASE)
                or re.search(rf"\b(?:is|are) called (?:an? |the )?{words}\b", sentence,
                             re.IGNORECASE)
                or expands(term, sentence))


def short_forms(term: str, texts: Sequence[str]) -> list[str]:
    """The short names the sources give ``term`` ("an interim empty dwelling management order
    (an “interim EDMO”)"): a provision that names its term once in full goes on to define and
    use the short name ("An interim EDMO is an order made to …"), so that sentence defines the
    term asked as much as one that repeats it in full."""
    if not term:
        return []
    words = r"\W+".join(re.escape(w) for w in term.split())
    found = re.compile(rf"\b{words}\s*\(\s*(?:an?\s+|the\s+)?[“\"‘']([^”\"’']{{2,60}})[”\"’']\s*\)",
                       re.IGNORECASE)
    forms: list[str] = []
    for text in texts:
        for m in found.finditer(text):
            form = m.group(1).strip()
            if form.lower() != term.lower() and form not in forms:
                forms.append(form)
    return forms


def expands(term: str, sentence: str) -> bool:
    """Whether ``sentence`` spells out the abbreviation ``term``: the words whose initials
    make it, then the abbreviation in brackets ("a personal emergency evacuation plan (PEEP)",
    "fire risk assessment (FRA)"): what the letters stand for is their definition."""
    letters = term.strip()
    if not re.fullmatch(rf"{INITIALISM}s?", letters):
        return False
    letters = letters.rstrip("s") if len(letters) > 2 else letters
    m = re.search(rf"((?:[\w’'-]+\s+){{{len(letters)}}})\(\s*{letters}s?\s*\)", sentence)
    return m is not None and spells(letters, m.group(1).split())


_QUALIFIER = r"(?:(?:working|calendar|clear|full|consecutive)\s+)?"
_AMOUNT = re.compile(rf"^(?P<n>{_NUMBER})(?:\s+|-)(?P<working>working\s+)?{_QUALIFIER}"
                     r"(?P<unit>hour|day|week|month|year)s?\b", re.IGNORECASE)
_UNIT_DAYS = {"hour": 1 / 24, "day": 1.0, "working day": 7 / 5, "week": 7.0, "month": 30.4,
              "year": 365.0}
SCALE = 4.0
"""A limit is measured against a time that has passed only on the same scale: within this
factor ("seven months" against "6 months", "six weeks" against "20 working days", not
against "5 working days")."""


def amount(period: str) -> tuple[float, str] | None:
    """A period as its number and unit ("seven months" → (7, "month")); ``None`` for one that
    is not a counted amount ("annually", "same day")."""
    m = _AMOUNT.match(period.strip())
    if m is None:
        return None
    n = m.group("n").lower()
    number = 1.0 if n in ("a", "an") else number_value(n) or 0.0  # "a year" is one
    unit = ("working " if m.group("working") else "") + m.group("unit").lower()
    return (number, unit) if number else None


def comparable(passed: tuple[float, str], limit: tuple[float, str]) -> bool:
    """Whether a limit is on the scale of the time that has passed (``SCALE``)."""
    a, b = in_days(passed), in_days(limit)
    return max(a, b) <= SCALE * min(a, b)


def in_days(period: tuple[float, str]) -> float:
    return period[0] * _UNIT_DAYS[period[1]]


_ELAPSED = re.compile(r"\b(?:after|later|ago|old|since|late|on)\b", re.IGNORECASE)


_TIMING_ASKED = re.compile(
    r"\b(?:too (?:late|early|long)|in time|out of time|still|by now|yet|already|time limit|"
    r"(?:missed|passed|past) the (?:deadline|limit)|late)\b",
    re.IGNORECASE)
"""An asking sentence that asks whether a time told before it is within a limit ("Is she too
late to ask for Stage 2?")."""


def elapsed(question: str) -> tuple[str, tuple[float, str]] | None:
    """The time a yes-or-no question says has passed ("a complaint made seven months after
    the event"): to be measured against the limit a source sets. A time told in a story
    before the asking sentence ("claimed Universal Credit three weeks ago … Will we take him
    to court?") is measured only when the asking sentence asks about timing ("is she too
    late?"): otherwise it is part of the story, not what is asked."""
    told = elapsed_times(question)
    return told[0] if told else None


def elapsed_times(question: str) -> list[tuple[str, tuple[float, str]]]:
    """Every time ``question`` says has passed, in order (``elapsed``): a story may tell two
    ("Two years ago our contractor damaged his shed … he found the damage eight months ago …
    is it too late?"), and the limit a source sets is measured against the one on its scale."""
    asking = asking_sentence(question)
    if asking != question and not _TIMING_ASKED.search(asking):
        question = asking
    told = []
    for m in DURATION.finditer(question):
        counted = amount(m.group(0))
        if counted and _ELAPSED.search(question[m.end():m.end() + 12]):
            told.append((m.group(0), counted))
    return told


LIMIT = re.compile(rf"\b(?:within|no (?:more|later) than|not (?:more|later) than|up to|at most)"
                   rf"\s+(?:the\s+)?(?P<period>{_NUMBER}(?:\s+|-){_QUALIFIER}"
                   r"(?:hours?|days?|weeks?|months?|years?))\b", re.IGNORECASE)
"""A time limit a sentence sets: "within 6 months", "no more than 10 further working days"."""


def durations(text: str) -> list[str]:
    """The periods and frequencies ``text`` states, in order."""
    return [m.group(0) for m in DURATION.finditer(text)]


def has_cue(question: Question, sentence: str) -> bool:
    """Whether ``sentence`` holds what the question's kind of answer needs."""
    match question.kind:
        case "period":
            return _period_cue(question, sentence)
        case "compare":
            return question.compares == "general" or has_cue(
                Question(question.text, question.compares), sentence)
        case "yes_no":
            return _yes_no_cue(question, sentence)
        case "who":
            return _who_cue(question, sentence)
        case "definition":
            return bool(DEFINITION.search(sentence)) or expands(
                defined_term(question.text), sentence)
        case "duties":
            kinds = modalities(sentence)
            return "duty" in kinds or bool(re.search(r"\bwe will\b", sentence, re.IGNORECASE))
        case "penalty":
            return bool(_PENALTY.search(sentence))
        case "count":
            return _counts(question, sentence)
        case "general":
            return True


_WHEN_ASKED = re.compile(r"^\s*(?:(?:and|but|so)\s+)?when\b", re.IGNORECASE)
_EVENT = re.compile(
    r"\b(?:when|whenever|once|before|after|as soon as|on receipt of|at (?:the )?(?:start|end|"
    rf"beginning|time) of|at every|each {MONTH})\b", re.IGNORECASE)
"""What "when do we …?" may be answered by besides a period: the event or date the rule is
tied to ("when they report a qualifying repair", "before they move in", "each April")."""


PRIORITY_CLASS = re.compile(r"\b(?:as|is|are)(?: always)? an? (?P<priority>emergency|urgent|"
                            r"routine) repairs?\b", re.IGNORECASE)
"""A rule that puts a case in a repair priority ("report any fault as an urgent repair", "is
treated as an emergency repair"): it answers "how fast?" by the class, whose timescale the
policy states once for every case in it."""


def _period_cue(question: Question, sentence: str) -> bool:
    if _BOUND.search(question.text) and _ORDINAL_DAY.search(sentence):
        return True
    if _DATE_ASKED.search(question.text):
        if _DATE.search(sentence):
            return True
        if _DATE_PAST.search(question.text):
            return False
    if not _OFTEN.search(question.text) and PRIORITY_CLASS.search(sentence):
        return True
    if _WHEN_ASKED.search(asking_sentence(question.text)) and _EVENT.search(sentence):
        return True
    if _OFTEN.search(question.text):
        return bool(FREQUENCY.search(sentence))
    return bool(DURATION.search(sentence))


def _who_cue(question: Question, sentence: str) -> bool:
    if _ASKS_JUDGE.search(question.text):
        return bool(JUDGE.search(sentence))
    # A story told first ("… the quote is about £4,000. Who pays for it?") asks in its last
    # sentence: that is where "who pays" opens.
    if _ASKS_PAYER.search(asking_sentence(question.text)):
        # "Who pays" is answered by a sentence saying who bears the cost, the policy's "we"
        # included; a party merely named beside some charge does not answer it.
        return bool(PAYING.search(sentence)) and bool(
            PARTY.search(sentence) or _WE.search(sentence))
    return bool(PARTY.search(sentence))


def _yes_no_cue(question: Question, sentence: str) -> bool:
    told = elapsed_times(question.text)
    if told:  # "made seven months after": a limit in months answers it
        return any((a := amount(m.group("period"))) is not None
                   and comparable(passed[1], a) for m in LIMIT.finditer(sentence)
                   for passed in told)
    if question.asks == "fact" and DEFINITION.search(sentence):
        # "Do students count as …?" is answered by what the source treats as what.
        return True
    return bool(modalities(sentence)) or bool(_COMMITMENT.search(sentence))


_ASKING_MODAL = re.compile(r"^\s*(?:(?:and|but|so)\s+)?(?:can|could|may|must|should|do|does|is|are|"
                           r"will|shall)\s+(?P<rest>.+)$", re.IGNORECASE)
_PRONOUN_SUBJECT = frozenset({"we", "i", "they", "you", "it", "he", "she", "one"})
_DETERMINER = frozenset({*ARTICLES, "our", "their", "my", "your", "this", "that", "any"})
_ADVERB_OR_AUXILIARY = frozenset({"still", "also", "legally", "lawfully", "ever", "actually",
                                  "really", "then", "have", "need", "be", "allowed", "permitted",
                                  "required", "obliged", "to", "not", "ask", "asked"})
ACTION_WORDS = 2
"""Words after the subject that may be the verb asked about ("the council charge", "a
housing association still give": "association" or "give")."""
ACTION_REACH = 4
"""A sentence's power or duty governs a verb this many words after its modal ("may make such
reasonable charge")."""


def _after_subject(question: Question) -> list[str]:
    """The words of a yes-or-no question's asking sentence after its modal and subject."""
    if question.kind != "yes_no" or question.asks == "fact":
        return []
    m = _ASKING_MODAL.match(asking_sentence(question.text))
    if m is None:
        return []
    words = re.findall(r"[A-Za-z][\w'’-]*", m.group("rest"))
    if not words:
        return []
    skip = 1 if words[0].lower() in _PRONOUN_SUBJECT else (
        2 if words[0].lower() in _DETERMINER else 1)
    return [w for w in words[skip:] if w.lower() not in _ADVERB_OR_AUXILIARY]


def asked_act(question: Question) -> set[str]:
    """The terms of the act a yes-or-no question asks about, its verb with what it is done to
    ("charge a fee": charging, a fee): a sentence that says neither does not say yes or no
    to it."""
    after = _after_subject(question)
    return asked_action(question) | terms(" ".join(after[:ACTION_WORDS + 2])) if after else set()


def asked_action(question: Question) -> set[str]:
    """The terms of the verb a yes-or-no question asks may or must be done: "Can the council
    charge …?" asks about charging, not the notice the charge is for. Without a parser, the
    word or two after the subject (a pronoun, or a determiner and its noun)."""
    after = _after_subject(question)
    if not after:
        return set()
    verbs = " ".join(w for w in after[:ACTION_WORDS] if w.islower())
    # The statute's word for the lay verb too ("fine a landlord": a financial "penalty").
    phrase = " ".join(after[:ACTION_WORDS + 2])
    if not verbs:
        return set()
    # A verb too common to be a search term ("explain") is still the act asked about.
    return (terms(verbs) or {stem(after[0].lower())}) | terms(expand(phrase)[len(phrase):])


_ALLOWED = re.compile(r"\b(?:is|are) (?:not )?(?:allowed|permitted|prohibited|forbidden)\b",
                      re.IGNORECASE)
_OPENING_WORD = re.compile(r"^(?:\(\w+\)\s+)?(?P<word>[A-Za-z]+)")
"""To "can a tenant sublet …?", a rule whose subject is the asked act itself ("Subletting the
whole of the home is not allowed …") says whether it may be done, as a power over its verb
does; a rule about something near it ("may take in lodgers") does not."""
_DUTY_OR_COMMITMENT = re.compile(rf"{DUTY.pattern}|\bwe will\b", re.IGNORECASE)
"""To "do we have to explain …?", a policy's commitment ("we will explain our reasons") is
its duty: a landlord's policy says "we will" where a statute says "must"."""


def does_asked_action(question: Question, sentence: str) -> bool:
    """Whether ``sentence`` states the modality the question asks about (a power for "can
    we", a duty for "must we") governing the question's own verb ("… may make such
    reasonable charge …" answers "can the council charge …?"; "… must be served …" does
    not): the provision that answers the verb comes before one about what it is done to."""
    action = asked_action(question)
    if not action:
        return False
    if question.asks == "permission" and _ALLOWED.search(sentence):
        subject = _OPENING_WORD.match(sentence)
        if subject and stem(subject.group("word").lower()) in action:
            return True
    pattern = POWER if question.asks == "permission" else _DUTY_OR_COMMITMENT
    for m in pattern.finditer(sentence):
        reach = sentence[m.end():].split()[:ACTION_REACH]
        if action & (terms(" ".join(reach)) | {stem(w.lower().strip(",.;:")) for w in reach}):
            return True
    return False


_SUM_ASKED = re.compile(
    r"\bhow much\b(?!\s+(?:notice|warning|time|longer|sooner|later|earlier)\b)|"
    r"\bwhat(?:['’]s| is| are) the (?:most|least|maximum|minimum|cap|limit)\b"
    r"(?!\s+(?:length|period|time|notice|number)\b)|"
    r"\b(?:maximum|minimum) (?:amount|sum|fine|penalty|payment|grant|deposit|discount|award|"
    r"charge|fee|rent|increase)s?\b", re.IGNORECASE)
"""A question asking for a sum of money or a share ("how much …", "what's the most we can
take …", "the maximum amount of a grant"), not for a period ("how much notice")."""
_SUM = re.compile(rf"{MONEY}|\bper cent\b|%|\blevel \d\b|\bstatutory maximum\b|"
                  r"\b(?:\d+|one|two|three|four|five|ten|twice) times\b|\btwice\b|"
                  r"\bnot (?:more|less) than\b|\bup to\b|\bno more than\b|\bat most\b|"
                  r"\b(?:maximum|minimum)\b|\bunlimited\b|\ba fine\b|\bfree of charge\b",
                  re.IGNORECASE)
"""A sentence that states a sum, a share or its bound ("£20", "35 per cent", "level 5",
"three times the amount of the deposit", "up to £5,000")."""


def asks_sum(question: str) -> bool:
    """Whether ``question`` asks for a sum of money or a share."""
    return bool(_SUM_ASKED.search(question))


def states_sum(sentence: str) -> bool:
    """Whether ``sentence`` states a sum, a share or its bound: only such a sentence answers
    a question asking how much (a rule on deposits that names no sum does not say the most
    that may be taken)."""
    return bool(_SUM.search(sentence))


def presides(question: Question, sentence: str) -> bool:
    """Whether ``sentence`` names the judgment's own judge and ``question`` asks for one."""
    return question.kind == "who" and bool(_ASKS_JUDGE.search(question.text)) and bool(
        _PRESIDING.match(sentence))


def only_the_condition(question: Question, sentence: str) -> bool:
    """Whether ``sentence`` is about the question's own condition, not what it asks ("If the OT
    recommends a major adaptation, must we carry it out?" is not answered by "A major adaptation
    must be recommended by an OT"): it holds the condition's own words (not the topic the whole
    question is about) and none of what is asked."""
    m = IF_CLAUSE.match(question.text)
    if m is None:
        return False
    condition, main = terms(m.group("condition")), terms(m.group("main")) - MODAL_WORDS
    topic = terms(" ".join(topics(question.text)))
    said = terms(sentence)
    return bool(said & (condition - main - topic)) and not said & (main - condition)


_DENIED = re.compile(
    r"\b(?:nobody|no[- ]one|none of (?:them|us|the \w+|their \w+))\b(?:\s+[\w'’-]+){0,4}?\s+"
    r"(?:is|are|was|were)\s+(?:(?:at all|really|particularly|especially)\s+)?"
    r"(?P<party>[a-z]{4,})\b|"
    r"\b(?:household|tenant|resident|family|she|he|they)\s+(?:is|are)(?:n['’]t|\s+not)\s+"
    r"(?:(?:at all|really|particularly|especially)\s+)?(?P<one>[a-z]{4,})\b",
    re.IGNORECASE)
"""A quality the question denies its people ("nobody in the household is vulnerable", "the
tenant isn't elderly")."""


def denied(question: str) -> set[str]:
    """The terms of the qualities ``question`` says its people do not have: a rule for people
    who have them ("where the household includes a vulnerable person") is not the rule for
    this case, though it shares the question's words."""
    return {t for m in _DENIED.finditer(question)
            for t in terms(m.group("party") or m.group("one") or "")}


def on_condition_of(qualities: set[str], sentence: str) -> bool:
    """Whether ``sentence`` states its rule only on a condition holding one of ``qualities``
    (the question's denied ones): its condition clause names the quality."""
    return bool(qualities) and any(terms(m.group("clause")) & qualities
                                   for m in CONDITION_CLAUSE.finditer(sentence))

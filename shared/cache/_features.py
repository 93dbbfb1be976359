"""What in a question changes its answer: parties, legal references, figures, categories,
jurisdiction, the kind of answer it wants, limits and moments, duty or power, negation and
subject.

Two questions a sentence-embedding model calls near-identical may differ in exactly one of
these ("a landlord's obligations" and "a tenant's obligations"); the cache's guard compares
them one by one. Each feature is read from the question as asked, after three
normalisations: contractions spelt out ("won't" → "will not"), number words in digits
("fourteen days" → "14 days") and, for references and subjects, the housing vocabulary's
other words for what it mentions ("s21" → "section 21 Housing Act 1988", "mould" → "damp and
mould"), so a paraphrase in other words reads the same.
"""

from __future__ import annotations

import functools
import re

import msgspec

from shared.answering.questions import classify
from shared.cache._alike import LEARNING, alike, british, one_word
from shared.cache._clauses import clause_words, condition_words, conditioned, purpose_words
from shared.cache._count import counted
from shared.cache._direction import directions
from shared.cache._extent import extent
from shared.cache._framing import FRAMING, PLACES
from shared.cache._names import named_group, names_found, names_in_order
from shared.cache._parties import (
    HELD_HOME,
    LANDLORD,
    LANDLORD_SIDE,
    PARTIES,
    PARTY,
    actor,
    owners,
    sides,
    tenant_acts,
    tenant_deeds,
)
from shared.cache._place import places
from shared.cache._tense import asks_about_past
from shared.text.modality import NO_DUTY, PROHIBITION, Modality, modalities
from shared.text.numbers import NUMBER, number_value, ordinal_value, with_digits
from shared.text.terms import STOP_WORDS, WORD, stem, terms
from shared.text.vocabulary import ACTIONS, Expansion, expand, expansions, subjects, topics
from shared.verification.caselaw import case_names
from shared.verification.claims import quantities

__all__ = ["OPPOSITES", "QuestionFeatures", "embedding_text", "question_features"]


class QuestionFeatures(msgspec.Struct, frozen=True, kw_only=True):
    """The answer-changing features of one question (each normalised for comparison)."""

    parties: frozenset[str]
    """Who the question is about besides the landlord, whose side the asker is on."""
    references: frozenset[str]
    """Acts, regulations, sections, parts, grounds and cases named (lower case)."""
    numbers: frozenset[str]
    """Figures: quantities with their unit ("14 day", "500 £") and bare values ("3")."""
    categories: frozenset[str]
    """Stages, categories, bands and kinds: "stage 1", "band A", "secure tenancy"."""
    jurisdictions: frozenset[str]
    roles: tuple[str, ...]
    """The parties in the order the question first names them: with the same parties,
    "can a neighbour complain about our tenant" is not "can a tenant complain about their
    neighbour"."""
    tenant_acts: bool
    """The tenant is who the question asks about: named right after its verb ("can a tenant
    end", "are tenants entitled"), as the one doing it ("for tenants to sublet", "ended by the
    tenant"), or as the holder of duties or rights ("a tenant's obligations"). A tenant named
    otherwise ("a SAR from a tenant", "when a tenant complains", "a tenant's dog") is the
    landlord's own tenant, whom a question about a landlord's home implies."""
    tenant_deeds: frozenset[str]
    """Stems of what a tenant the question names does in a clause of its own, where the
    question's own verb is not the tenant's ("what should we do when a tenant complains",
    "we think the tenant has abandoned the home"): a question that names the same deed without
    anyone doing it ("a complaint", "an abandoned home") implies the landlord's own tenant.
    Empty where the tenant is the question's subject or holds the duty asked about."""
    actor: str
    """Who the question's own verb asks about, where its subject says: "landlord" for "can we
    change the locks", "tenant" for "can a tenant change the locks"; empty where the subject
    is someone else, a thing, or the verb is passive ("can the tenant be made to pay")."""
    owners: frozenset[tuple[str, str]]
    """(owner, stem) for what the question says the tenant or the landlord has: ("tenant",
    "surveyor") in "the tenant's surveyor", ("landlord", "surveyor") in "our surveyor"."""
    names_landlord: bool
    """The question says "landlord" other than as the asker's side ("is the landlord
    responsible", "the landlord's obligations"): where only one question names the landlord,
    it may be the one acted on ("harass a landlord"), so a tenant the other names is not
    implied."""
    asks_for: frozenset[str]
    """What kind of answer the question wants, where it says: a time, a frequency, an amount
    or a party ("how long" and "how quickly" both want a time; "how often" a frequency)."""
    comparisons: frozenset[str]
    """Which side of a limit or moment: "under" 18 or "over", "before" the works or "after"."""
    modality: frozenset[str]
    """What the question asks of the law: duty, power, prohibition, no duty, advice."""
    negations: int
    """How many negations the question holds besides those of its modality."""
    topics: frozenset[str]
    """The housing subjects and named policies, each as its space-joined stems."""
    words: frozenset[str]
    """The stems of the question and of the vocabulary's other words for what it mentions."""
    substance: frozenset[str]
    """The question's own stems that say what it is about (no framing words)."""
    context_dependent: bool
    """The question leans on an earlier turn ("And in Wales?", "What if they refuse?")."""
    asks_whether: bool
    """A yes-or-no question ("May we …?", "Must we …?"): its modality is its point."""
    synonyms: frozenset[str]
    """The question's stems and those of the vocabulary's synonyms for what it says, but not
    of the wider groups it belongs to ("HMO" adds "house in multiple occupation"; "smoke
    alarm" does not add "carbon monoxide")."""
    stems: frozenset[str]
    """The stems of the question's own words."""
    glosses: frozenset[tuple[str, str]]
    """(stem said, stem meant) for each of the vocabulary's words for what the question says:
    ("fix", "repair"), so "fixing" is covered by a question that says "repair"."""
    qualified: frozenset[tuple[str, str]]
    """Every (qualifier, word) of adjacent content words: "adult child" in "can an adult child
    succeed"."""
    kinds: frozenset[tuple[str, str]]
    """Adjacent content words as (qualifier, head) stems: "smoke alarm", "gas leak"."""
    settings: frozenset[str]
    """Stems of the words after a preposition of place, time or source ("in London", "at
    Christmas", "after a fire", "from a nightclub", "out of hours") or after "of" and an
    article ("the roof of the garage"): where a question only one of them has such words, it
    asks about a narrower case."""
    things: frozenset[tuple[str, str]]
    """``kinds`` with the framing words for a home as heads too: "an abandoned property"
    names a thing, as "an abandoned car" does, where "property" alone frames a question."""
    sides: frozenset[tuple[str, str]] = frozenset()
    """(party, "source" or "target") for a party named after "from" or "by" (who a complaint,
    request or report comes from) or after "about", "against" or "to" (whom it concerns or
    reaches): "a complaint from a member of staff" is not "a complaint about staff", nor
    "damage by a guest" "damage to a guest"."""
    manner: frozenset[str] = frozenset()
    """Stems of words saying how, how much, how often, when or by whom the thing asked about is
    done ("permanently", "again", "twice", "alone", "themselves", "part of"): "can we move a
    tenant out permanently" is not "can we move a tenant out", whatever else both say."""
    acts: frozenset[str] = frozenset()
    """Stems of the "-ing" words right after a preposition ("who pays for testing a smoke
    alarm"): an act of its own on what both questions name, where the other asks about the
    thing itself ("who pays for a smoke alarm")."""
    extent: frozenset[str] = frozenset()
    """Whether the question asks about part of a group ("some flats") or what lies outside a
    period, place or group ("outside the breeding season"): ``shared.cache._extent``."""
    clause: frozenset[str] = frozenset()
    """Stems of the words of its relative clauses ("a chimney that the tenant damaged", "a fob
    they lost"): what it says of a thing or person it names (``shared.cache._clauses``)."""
    condition: frozenset[str] = frozenset()
    """Stems of the words of its clauses of condition or time ("if they caused the
    blockage"): the case it narrows itself to (``shared.cache._clauses``)."""
    directions: frozenset[tuple[str, str]] = frozenset()
    """(stem, "from" or "to") for each thing the question says something moves out of or into
    ("a leak from the flat above"): ``shared.cache._direction``."""
    places: frozenset[tuple[str, str]] = frozenset()
    """(kind of place, stem) for each thing the question places something against ("on the
    balcony", "under the balcony"): ``shared.cache._place``."""
    purpose: frozenset[str] = frozenset()
    """Stems of the words of its clauses of purpose ("so that we can sell the home"): why the
    act asked about is done (``shared.cache._clauses``)."""
    closing: frozenset[tuple[str, str]] = frozenset()
    """(qualifier, head) stems of the compound that closes the question as a thing acted on
    ("who repairs a septic tank pump?"), not as a subject whose verb follows ("what does a
    tenancy audit involve?")."""
    past: bool = False
    """The question asks about the past ("did we have to", "who was responsible"), not about
    now or later (``shared.cache._tense``)."""
    conditioned: bool = False
    """The question narrows its case by a clause of condition or time ("if a tenant
    refuses") or a relative clause ("a tenant who refuses")."""
    counts: frozenset[tuple[str, str]] = frozenset()
    """(stem, count) for each thing the question counts: "a room" (one), "every room" (each),
    "the whole deposit" (whole), "keep cats" (several): ``shared.cache._count``."""
    joined: frozenset[str] = frozenset()
    """Stems of the content words on either side of an "and" or "or" ("heat detectors and
    smoke alarms"): a word only one question has among them is a thing of its own added to
    what the other names, not the same thing in other words."""


_CONTRACTIONS = (
    (re.compile(r"\bwo(?:n['’]?t)\b", re.IGNORECASE), "will not"),
    (re.compile(r"\bca(?:n['’]?t)\b", re.IGNORECASE), "cannot"),
    (re.compile(r"\bsha(?:n['’]?t)\b", re.IGNORECASE), "shall not"),
    (re.compile(r"\b(what|that|there|where|who|how)['’]?s\b", re.IGNORECASE), r"\1 is"),
    # "It's" is "it is" or "it has", both auxiliaries; "its" without the apostrophe is whose.
    (re.compile(r"\b(it|he|she)['’]s\b", re.IGNORECASE), r"\1 is"),
    (re.compile(r"\b(I|we|they|you)['’]ve\b", re.IGNORECASE), r"\1 have"),
    (re.compile(r"\b(we|they|you)['’]re\b", re.IGNORECASE), r"\1 are"),
    (re.compile(r"\b(I|we|they|you|it|he|she)['’]ll\b", re.IGNORECASE), r"\1 will"),
    (re.compile(r"\b(do|does|did|is|are|was|were|could|should|would|must|has|have|had|need)"
                r"n['’]?t\b", re.IGNORECASE), r"\1 not"),
)


_LABEL_ONE = re.compile(r"\b(stage|category|cat\.?|band|tier|priority|grade|level|phase|class)\s+"
                        r"one\b", re.IGNORECASE)


_COURTESY = re.compile(
    r"^\W*(?:(?:hi|hello|hiya)\b\W*)?(?:please\b\W*)?(?:"
    r"(?:can|could|would|will)\s+(?:you|someone|anyone)\s+(?:please\s+)?(?:tell|advise|"
    r"let|remind)\s+(?:me|us)(?:\s+know)?|(?:can|could|would)\s+(?:you|someone|anyone)\s+"
    r"(?:please\s+)?(?:explain|confirm|clarify|check)|i\s+(?:need|want|would like|'d like|"
    r"wish|have)\s+to\s+(?:know|check|find out|understand|confirm)|(?:do|does)\s+(?:you|"
    r"anyone)\s+know|i\s+(?:was|am|'m)\s+wondering|i\s+wonder|quick question|"
    r"just (?:checking|wondering)|tell (?:me|us)|let (?:me|us) know|advise|confirm|explain|"
    r"clarify)\b[\s,:-]*(?:(?:whether|if)\b\s*)?", re.IGNORECASE)
_PLEASE = re.compile(r"\s*,?\s*\b(?:please|in general|on the whole|generally speaking|as a "
                     r"rule)\b", re.IGNORECASE)
"""Words that ask someone to answer rather than say what is asked ("can you tell me
whether", "I need to know", "please"): an officer's courtesy, not the question; "can you tell
me if we must" would otherwise read as asking about a power, and MiniLM's cosine falls with
the extra words. "In general", "on the whole" and "as a rule" only ask for the general answer
every cached answer gives: left out too, never read as a setting ("in London")."""


_ASKED = re.compile(
    r"^(?P<wh>(?:(?:how|what|which|whose)(?:\s+(?:often|long|soon|quickly|much|many|"
    r"notice|steps?|kind|sort))?|when|where|who|why)\s+)?(?P<subject>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?P<aux>can|could|may|might|must|should|"
    r"shall|will|would|do|does|did|is|are|was|were|has|have|need|needs)\b",
    re.IGNORECASE)
"""A subject and its auxiliary left in a statement's order once the courtesy is gone ("[can
you tell me whether] we must repair it", "[please explain] how often we should check"), put
back in a question's ("must we repair it", "how often should we check")."""


_UNABLE = re.compile(r"\b(who|whom)\s+cannot\b", re.IGNORECASE)
"""A person "who cannot read" is unable to: what they cannot do is no prohibition asked of the
law, as "cannot" is in "we cannot evict"."""


def _plain(question: str) -> str:
    """Courtesy framing left out, contractions spelt out (with or without their apostrophe)
    and numbers in digits."""
    text = question.replace("’", "'")
    if (framed := _COURTESY.sub(" ", text, count=1).strip()) != text.strip():
        text = _ASKED.sub(r"\g<wh>\g<aux> \g<subject>", framed, count=1)
    text = _PLEASE.sub("", text).strip()
    for pattern, spelt in _CONTRACTIONS:
        text = pattern.sub(spelt, text)
    text = _LABEL_ONE.sub(r"\1 1", text)
    text = _UNABLE.sub(r"\1 is unable to", text)
    return with_digits(text)


def embedding_text(question: str) -> str:
    """The text the cache embeds for a question: the question in plain words (contractions
    spelt out, numbers in digits) followed by the vocabulary's other words for what it
    mentions, so "What is an AST?" and "What is an assured shorthold tenancy?" meet: MiniLM
    alone puts them at a cosine of 0.03. What the question excludes is spelt out too ("not an
    HMO" beside "not a house in multiple occupation"): the guard compares negation itself."""
    return expand(_plain(question), excluded=True)


_JURISDICTIONS = {
    "england": r"england|english",
    "wales": r"wales|welsh|contract[- ]holders?",
    "scotland": r"scotland|scottish",
    "northern_ireland": r"northern ireland|northern irish",
}
_JURISDICTION = named_group(_JURISDICTIONS)

# "How many times a year" asks how often, "how many times should we try" how many; "how many
# days" asks how long.
_PER = r"(?:a|per|each|every|in a) (?:day|week|month|year|quarter)"
_TIME_UNITS = r"(?:hours|days|weeks|months|years)"
_ASKS_FOR = {
    "a frequency": rf"how often|how frequently|how regularly|frequency|how many times {_PER}",
    "a time": r"how long|how quickly|how soon|how fast|by when|deadline|timescales?|"
              rf"time limits?|response times?|within what (?:period|time)|how many {_TIME_UNITS}",
    "an amount": rf"how much(?! notice)|how many(?! times {_PER}| {_TIME_UNITS})|"
                 r"what (?:is the )?(?:cost|amount)",
    "a party": r"who|whom|whose|which (?:body|person|team|organisation|court|authority)",
}
_ASKS = named_group(_ASKS_FOR)

_THAN = r"(?=(?:\s+[\w'-]+){1,3}\s+than\b)"
"""A comparison whose "than" comes a few words later ("more often than", "less for the laundry
than", "fewer bikes than"): only "more", "less" or "fewer" is read, so the words between stay
the question's words of substance."""
_DEGREE_ADVERB = r"(?=\s+(?:often|frequently|regularly|quickly|promptly|slowly|strictly)\b)"
"""A comparison of how often or how fast said without its "than" ("cut the grass more often
in summer", "less often"): "more" or "less" before the adverb is read as the side."""
_BIGGER = (r"(?:taller|bigger|larger|wider|deeper|thicker|heavier|louder|dearer|faster|"
           r"quicker|further|farther|warmer|hotter)")
_SMALLER = (r"(?:shorter|smaller|narrower|shallower|thinner|lighter|quieter|cheaper|slower|"
            r"closer|nearer|cooler|colder)")
"""Comparatives of size, weight, loudness, price, speed, distance and warmth, each list the
other's opposites: "a gazebo taller than the fence" is not "shorter than the fence"."""
_PER_SPAN = r"\s+(?:a|an|per|every|each|in\s+a)\s+(?:day|week|fortnight|month|quarter|year)\b"
"""A period after "once" or "twice" that makes it a frequency ("once a year"), not a moment
("once a key safe is fitted")."""
_SPAN = r"(?:(?:working|calendar|clear)\s+)?(?:hours?|days?|weeks?|months?|years?)\b"
"""A span of time after a figure: "within 24 hours" ends where "after 24 hours" starts, as
"once the tenancy starts" begins where "before the tenancy starts" ends."""
_COMPARISONS = {
    "below": r"under|below|less than|fewer than|younger than|up to|at most|no more than|"
             rf"lower than|shorter than|(?:less|fewer){_THAN}|less{_DEGREE_ADVERB}|{_SMALLER} than",
    "above": r"(?<!take )(?<!took )(?<!taken )(?<!taking )(?<!hand )(?<!handed )(?<!all )over|"
             rf"above|more than|(?<!no )more{_THAN}|(?<!no )more{_DEGREE_ADVERB}|greater than|"
             r"older than|at least|exceed\w*|"
             r"higher than|"
             rf"longer than|no less than|{_BIGGER} than",
    "before": rf"before|prior to|ahead of|until|within(?=\s+(?:\d+|an?)\s+{_SPAN})",
    "after": rf"after|following|as soon as|once(?!{_PER_SPAN}|\s+(?:more|again|or|and|only|"
             r"twice|off)\b)",
    "during": r"during|while|whilst|throughout|(?:in|within|for) (?:the|its|their|a|his|her) "
              r"(?:first|second|third|last|final|opening|early|initial|same) (?:\w+ )?"
              r"(?:years?|months?|weeks?|days?|period|term)",
    "between": r"between(?=\s+(?:(?:the|two|its|their|our)\s+)?(?:[a-z-]+\s+)?[a-z]+s\b"
               r"(?!\s+(?:and|or)\b))",
    "same": r"(?:the same|equal|identical)(?: amount| sum| level)? (?:as|to)|"
            r"as (?!well|long|soon|far|of|per|to|part|a|an|the|if|though|such|much|many)[a-z]+ as",
    "most": r"maximum|max|longest|highest",
    "least": r"minimum|min|shortest|lowest",
    "start": r"start|starts|started|starting|begin|begins|began|beginning|commenc\w*|outset",
    "end": r"end|ends|ended|ending|expiry|expires|terminat\w*",
    "instead": r"instead of|rather than|in place of|in exchange for",
    "also": r"as well as|in addition to|alongside|together with",
    "on": r"(?:on|at) (?:the|its|their|that|this|a) (?:\w+ )?(?:anniversary|date|day|"
          r"deadline|moment|point|renewal)|(?:on|at)(?= (?:the|its|their|that|this|a) "
          r"(?:end|expiry|start|beginning|outset)\b)",
}
"""Limits and moments, each side named once: "under 18" is not "over 18", nor "the same as
last year" or "as efficient as" either side of it. "Between" before
a plural ("between tenancies", "between lets") is the gap between two periods, not a moment
within one ("during a tenancy"); before "A and B" it names two things, no side. "At the end
of the fixed term" is on that moment, as against "before the end" of it ("end" is still read
as its own side). "Instead of" a thing is not "as well as" it: a tenant keeping a ferret
instead of a cat keeps one pet, as well as a cat two."""
OPPOSITES: dict[str, frozenset[str]] = {
    "below": frozenset({"above", "same"}), "above": frozenset({"below", "same"}),
    "same": frozenset({"above", "below"}),
    "before": frozenset({"after", "during", "on"}), "after": frozenset({"before", "during", "on"}),
    "during": frozenset({"before", "after", "start", "end", "on", "between"}),
    "between": frozenset({"during"}), "most": frozenset({"least"}),
    "least": frozenset({"most"}), "start": frozenset({"end"}), "end": frozenset({"start"}),
    "on": frozenset({"before", "after", "during"}),
    "instead": frozenset({"also"}), "also": frozenset({"instead"}),
}
"""Which sides of a limit or moment contradict each other."""
_COMPARISON = named_group(_COMPARISONS)
_MEASURED = re.compile(rf"\b(?:{_BIGGER}|{_SMALLER}|higher|lower|longer)(?= than\b)|"
                       r"(?<=\bas )[a-z]+(?= as\b)")
"""What a comparison measures ("taller", "wider"; "cheap" in "as cheap as"): the comparison's
side is read from the rest, but the dimension is what the question is about, so it stays in
its substance: "a fence taller than 2 metres" is not "a fence wider than 2 metres", nor "as
cheap as a gas boiler" "as safe as" one."""


def _kept_measure(match: re.Match[str]) -> str:
    """A comparison taken out of the substance, leaving the dimension it measures."""
    return f" {' '.join(_MEASURED.findall(match.group(0)))} "

_LABEL = re.compile(
    rf"\b(?P<label>stage|category|cat\.?|band|tier|priority|grade|level|phase|class|"
    rf"rating|rated)\s+(?:of\s+)?(?P<n>{NUMBER}|one|(?-i:[A-G])\b)", re.IGNORECASE)
_LETTER = re.compile(r"(?<![\w'’-])(?-i:(?P<n>[B-HJ-Z]))(?![\w'’-])")
"""A capital letter standing alone names a grade ("an EPC of E"); "I" and "A" are words."""
_CODE = re.compile(r"(?<![\w'’-])(?-i:[A-RT-Z][A-Z]{0,3}\d{1,3}[A-Z]?)(?![\w'’-])")
"""Letters and figures together name a grading, a form or a class ("C1", "EWS1", "G2");
"S21" is a section, compared among the references."""
_ORDINAL_LABEL = re.compile(r"\b(?P<n>first|second|third|1st|2nd|3rd)[- ](?P<label>stage|tier)\b",
                            re.IGNORECASE)
_KINDS = re.compile(
    r"\b(?P<kind>assured shorthold|assured|secure|introductory|starter|flexible|fixed[- ]term|"
    r"periodic|demoted|joint|sole|affordable rent|social rent|shared ownership|occupation)\s+"
    r"(?:tenan\w+|contracts?|agreements?|lets?|lettings?)"
    r"|\b(?P<priority>emergency|urgent|routine|planned|non-urgent|responsive)\s+"
    r"(?:repairs?|works?|jobs?|call-?outs?)"
    r"|\b(?P<licence>mandatory|additional|selective)\s+(?:hmo\s+)?licen[cs]\w*"
    r"|(?<!regulator of )(?<!ombudsman for )\b(?P<sector>private|social|council)\s+(?:landlords?|"
    r"tenants?|tenanc(?:y|ies)|housing|rent\w*|sector|homes?|houses?|flats?|propert(?:y|ies)|"
    r"estates?|dwellings?)"
    r"|\b(?P<person>disabled|vulnerable|elderly|older|younger|young|pregnant|homeless|"
    r"bereaved|deceased|dead)\s+(?:tenants?|residents?|persons?|people|applicants?|occupiers?|"
    r"households?|adults?|children|child)"
    r"|\b(?:tenants?|residents?|persons?|people|applicants?|occupiers?|households?)\s+"
    r"(?:with|who (?:are|is|have|has))\s+(?:an?\s+|additional\s+)?"
    r"(?P<condition>vulnerab|disab)\w*"
    r"|\b(?:tenants?|residents?|persons?|people|applicants?|occupiers?)\s+who\s+(?:has\s+|"
    r"have\s+)?(?P<died>died)\b",
    re.IGNORECASE)

_CONDITIONS = {"vulnerab": "vulnerable", "disab": "disabled", "dead": "deceased",
               "died": "deceased"}
""""Tenants with vulnerabilities" are "vulnerable tenants", "a tenant who has died" and "a dead
tenant" are "a deceased tenant": a condition said before its person or in a clause after."""

_REFERENCE_LABEL = re.compile(
    r"\b(?P<label>part|ground|paragraph|article|chapter)\s+(?P<n>\d+[A-Z]?)\b", re.IGNORECASE)
_UNDER_AN_ACT = re.compile(r"\bunder (?:the |a |an |our |this |that |section |s\.? ?|part |"
                           r"regulation |ground |[A-Z])", re.IGNORECASE)
""""Under the Housing Act", "under section 8": no limit."""
_YEARLESS_ACT = re.compile(
    r"(?<![\w'])(?:[A-Z][\w']*|\([A-Z][^()]*\))(?:\s+(?:[A-Z][\w']*|\([A-Z][^()]*\)|and|of|for|from|the|"
    r"in|on|to|with))*\s+Act\b(?!\s+\d{4})")
_INSTRUMENT = re.compile(r"\b(?:Act|Regulations|Order|Rules)\s+\d{4}$|^(?:section|regulation|"
                         r"schedule) \w+$|\b(?:polic(?:y|ies)|procedures?)$|^\[\d{4}\]",
                         re.IGNORECASE)
_POLICY = re.compile(r"\b(?:polic(?:y|ies)|procedures?)$", re.IGNORECASE)

_MODAL_EXTRA: tuple[tuple[re.Pattern[str], Modality | str], ...] = (
    (re.compile(r"(?<!support )(?<!additional )(?<!care )(?<!complex )(?<!medical )"
                r"(?<!housing )(?<!special )\bneed(?:s|ed)?\b|\brequired\b|\brequirement to\b|"
                r"\bcompulsory\b|\bmandatory\b|\bobliged\b|\bresponsible for\b|"
                r"\bis there a (?:legal )?"
                r"(?:duty|requirement|obligation)\b", re.IGNORECASE), "duty"),
    (re.compile(r"\bis it (?:lawful|legal|possible|ok(?:ay)?|acceptable|permissible)\b|"
                r"\blawful(?:ly)?\b|\beligible\b|\bentitled\b|\ballowed\b|\bpermitted\b|"
                r"\bable to\b",
                re.IGNORECASE), "power"),
    (re.compile(r"\bshould\b|\bought\b|\b(?:best|good) practice\b|\brecommended\b",
                re.IGNORECASE), "advice"),
    # "Might a tenant keep a dog" asks leave, as "may" does.
    (re.compile(r"^\W*might\b", re.IGNORECASE), "power"),
)
_HOW_CAN = re.compile(r"\bhow (?:can|could|may|might)\b", re.IGNORECASE)
_NEGATION = re.compile(
    r"\b(?:not|never|no(?![- ]fault)|none|nobody|neither|nor|without|unless|refus\w*|"
    r"declin(?:e|es|ed|ing)|reject\w*|turn(?:s|ed|ing)? (?:\w+ ){0,3}down|"
    r"fail(?:s|ed|ing)? to|other than|except(?:ing)?|apart from|aside from|excluding|unable|"
    r"den(?:y|ies|ied|ying))\b|"
    r"\b(?:un(?!der|til|it|ion|iform|iversal|ique)[a-z]{3,}(?:ed|able|ful|fit|safe|paid)|"
    r"non-?[a-z]{3,})\b", re.IGNORECASE)

_EXCEPTION = re.compile(
    r"\b(?:all|every|each|any)\s+(?:[\w'-]+\s+){1,3}?(?:save(?:\s+for)?|bar|barring|but not|"
    r"but)\s+(?=(?:a|an|the|our|their|its|his|her|those|these)\b)", re.IGNORECASE)
"""An exception after a whole group, in the words ``_NEGATION`` leaves out for their other
senses ("save money", "a grab bar"): "every window bar the skylights", "all floor coverings
save for bathroom lino"."""
_FOLLOW_UP = re.compile(
    r"^\s*(?:and|but|also|so|or|what about|how about|same (?:for|with)|is (?:it|that|this) the "
    r"same|(?:does|do|would|will|can) (?:that|this|it|those|these|the same) (?:\w+ )?(?:apply|"
    r"count|work|matter|change|hold|go)|(?:the )?same (?:applies|goes|holds))\b", re.IGNORECASE)
_BACK_REFERENCE = re.compile(r"\b(?:that|this|it|they|them|those|these|he|she|him|her)\b"
                             r"(?!\s+(?:is|are|was|were)\s+(?:a|an|the)\b)", re.IGNORECASE)

_SHORT = 6
"""A question this short with a pronoun and no subject of its own points back at an earlier
turn ("What is the deadline for that?"); a longer one's "it" is usually its own ("is it
lawful to …")."""

_SETTING = re.compile(
    r"\b(?:(?:in|at|after|during|from|on|near|within|inside|outside|out of|per|for each|with|by|"
    r"for every)\s+(?:(?:a|an|the|"
    r"our|their|its|his|her|this|that|these|those|some|any|each|every)\s+)?|of\s+(?:a|an|the|"
    r"our|their|its|his|her|this|that|these|those)\s+|for\s+(?:a|an|1|one)\s+(?=(?:hours?|days?|"
    r"weeks?|fortnights?|months?|years?|nights?|weekends?)\b))(?!order\s+(?:to|that)\b)"
    r"(?:[A-Za-z]+['’]s?\s+)?(?:own\s+)?(?P<words>[A-Za-z]+)",
    re.IGNORECASE)
""""In London", "at Christmas", "after a fire", "the roof of the garage", "a parking space
for each flat", "a fee per visit", "a flat with a balcony", "enter by force", "for a week",
"at our own cost"
and "at the tenant's
expense" (past an owner); not "in order to",
which opens a purpose (``QuestionFeatures.purpose``)."""
_RUN = r"(?:[A-Za-z][\w'-]*\s+)?[A-Za-z][\w'-]*"
_JOINED = re.compile(rf"\b{_RUN}\s+(?:and|or)\s+(?:(?:a|an|the|our|their|its|his|her|any|"
                     rf"some)\s+)?{_RUN}\b", re.IGNORECASE)
"""Up to two words each side of a conjunction, an article after it aside ("heat detectors and
smoke alarms", "a new key and a new fob"; "damp and
mould policy" stops short of the verb after it); ``terms`` keeps their content words."""
_MANNER = re.compile(
    r"(?<![\w'-])(?:again|twice|thrice|alone|overnight|themselves|himself|herself|ourselves|"
    r"indoors|outdoors|upstairs|downstairs|abroad|overseas|elsewhere|"
    r"only|half|double|(?<!take )(?<!takes )(?<!taking )(?<!took )(?<!taken )part(?= of\b)|"
    r"every other|every second|alternate|(?:(?<=pay )|(?<=pays )|(?<=paid )|(?<=paying ))towards|"
    r"back(?=\W*$)|"
    r"(?<!how )[a-z]{3,}ly)(?![\w'-])", re.IGNORECASE)
_NOT_MANNER = frozenset("""actually really basically generally usually normally typically
    currently exactly properly reasonably possibly legally lawfully simply definitely certainly
    necessarily truly honestly literally obviously clearly specifically particularly
    especially entirely strictly ideally hopefully presumably apparently likely unlikely
    family supply apply reply rely assembly ally fly bully belly jelly july italy holy elderly
    friendly lovely lonely only""".split()) - {"only"}
"""Adverbs that say how, how much, how often, when or by whom something is done, and the few
words of extent or repetition that do the same: a question adding one asks about a narrower
case ("permanently", "twice", "alone", "part of", "every other week", "pay towards" a cost
rather than for it, "change the locks back" at the end); "how quickly", "how frequently" ask
for a
kind of answer, compared apart. Words ending in "-ly" that hedge, stress
or frame the asking ("actually", "generally", "legally" beside a power) or are no adverbs
("family", "supply", "elderly") are left out: an officer adds them without changing what is
asked."""


_PAID_BACK = re.compile(r"\b(?:pay|pays|paid|paying|give|gives|gave|given|giving)\b"
                        r"(?:\s+[\w'-]+){0,3}\s+back\W*$", re.IGNORECASE)
"""Money paid or given back is a refund ("pay the tenant back"), not a thing put back as it
was ("change the locks back"): the "back" is the verb's, no manner of its own."""


_EVERY = re.compile(r"\b(?:every|each)\s+(?P<unit>hour|day|night|morning|evening|week|"
                    r"weekend|fortnight|month|quarter|year)\b", re.IGNORECASE)
_ONCE_EACH = {"hour": "hourly", "day": "daily", "night": "nightly", "week": "weekly",
              "fortnight": "fortnightly", "month": "monthly", "quarter": "quarterly",
              "year": "yearly"}
"""How often, said with "every" or "each" ("grit the car park every morning"), as the adverb
of its period where there is one ("every year" is "yearly", which meets "annually"): a
question adding it narrows the case as "daily" does."""

_MANNER_OTHER = re.compile(r"\bevery\s+(?:other|second)\b", re.IGNORECASE)
""""Every other" and "every second": alternate ones, not a period of its own."""


def _manner(plain: str) -> frozenset[str]:
    """``QuestionFeatures.manner``; "every other" and "every second" as "alternate", one word
    the other question may say, and "every day" as "daily"."""
    paid_back = bool(_PAID_BACK.search(plain))
    found = {stem("alternate" if w.lower().startswith("every") else w.lower())
             for w in _MANNER.findall(plain) if w.lower() not in _NOT_MANNER and
             not (paid_back and w.lower() == "back")}
    found |= {stem(_ONCE_EACH.get(unit, unit)) for unit in
              (m["unit"].lower() for m in _EVERY.finditer(_MANNER_OTHER.sub(" ", plain)))}
    return frozenset(found)


_ACT = re.compile(r"\b(?:for|about|of|by|from|on|after|before|without|to|towards)\s+"
                  r"(?P<act>[a-z]{3,}ing)\b", re.IGNORECASE)
_LIGHT = frozenset(stem(w) for w in "bring bringing carry carrying fail failing seek seeking "
                  "hold holding".split())
"""Verbs that only carry the noun after them ("the time limit for bringing a claim" asks
what "the time limit for a claim" asks; "failing to license" is a negation, counted
apart): no act of their own."""


@functools.lru_cache(maxsize=4096)
def question_features(question: str) -> QuestionFeatures:
    """The answer-changing features of ``question`` (see the module docstring); remembered,
    since a lookup compares one new question with several cached ones. Everyday phrases are
    read as their one word ("take out" as "remove") here only: what is embedded is the
    question as asked."""
    plain = _ONE_UNIT.sub("1 ", british(one_word(_plain(question))))
    expanded = expand(plain)
    named = subjects(expanded)
    references = _references(plain, expanded, named)
    categories = _categories(plain, expanded)
    # The subjects the question itself names; the other question may cover them in its own
    # words or in the vocabulary's (``words``).
    about = frozenset(" ".join(sorted(terms(t))) for t in subjects(plain)
                      if (terms(t) and not _INSTRUMENT.search(t)) or _POLICY.search(t))
    glossed = expansions(plain)
    own = terms(plain)
    # Parties named inside a subject, a title or a case name ("tenant satisfaction measures",
    # "Landlord and Tenant Act 1985", "Hussain v Lancaster City Council") are no parties.
    titles = [*topics(plain), *subjects(plain), *case_names(plain)]
    unnamed = HELD_HOME.sub("lessee's ", plain)  # not a subject's word: kept below
    for title in sorted(titles, key=len, reverse=True):
        unnamed = re.sub(re.escape(title), " ", unnamed, flags=re.IGNORECASE)
    return QuestionFeatures(
        parties=names_found(PARTY, list(PARTIES), unnamed),
        roles=names_in_order(PARTY, list(PARTIES), unnamed),
        tenant_acts=tenant_acts(unnamed),
        tenant_deeds=tenant_deeds(unnamed),
        names_landlord=bool(LANDLORD.search(LANDLORD_SIDE.sub(" ", unnamed))),
        actor=actor(unnamed),
        owners=owners(plain),
        references=references,
        numbers=_numbers(plain),
        categories=categories,
        jurisdictions=names_found(_JURISDICTION, list(_JURISDICTIONS), plain),
        asks_for=names_found(_ASKS, list(_ASKS_FOR), plain),
        comparisons=names_found(_COMPARISON, list(_COMPARISONS), _UNDER_AN_ACT.sub(" ", plain)),
        modality=_modality(plain),
        negations=len(_NEGATION.findall(NO_DUTY.sub(" ", PROHIBITION.sub(" ", plain)))) +
        len(_EXCEPTION.findall(plain)),
        topics=about,
        words=frozenset(terms(expanded)) | alike(frozenset(own)),
        substance=frozenset(w for w in terms(_COMPARISON.sub(_kept_measure, _JURISDICTION.sub(
            " ", PARTY.sub(" ", plain)))) if w not in FRAMING and w.isalpha() and len(w) > 1),
        context_dependent=bool(_FOLLOW_UP.search(plain)) or (
            not about and not references and len(WORD.findall(plain)) <= _SHORT
            and bool(_BACK_REFERENCE.search(plain))),
        asks_whether=classify(plain).kind == "yes_no",
        synonyms=frozenset(own.union(*(terms(e.means) for e in glossed
                                       if not terms(e.said) & terms(e.means)))),
        stems=frozenset(own),
        glosses=_glosses(plain, glossed),
        qualified=_kinds(plain, last_only=False),
        kinds=_kinds(plain),
        things=_kinds(plain, framing_heads=True),
        settings=frozenset(w for m in _SETTING.finditer(plain) for w in terms(m["words"])),
        joined=frozenset(w for m in _JOINED.finditer(plain) for w in terms(m.group(0))),
        manner=_manner(plain),
        acts=frozenset(stem(m["act"]) for m in _ACT.finditer(plain)) - FRAMING - _LIGHT,
        sides=sides(unnamed),
        extent=extent(plain),
        clause=clause_words(plain),
        condition=condition_words(plain),
        purpose=purpose_words(plain),
        directions=directions(plain),
        places=places(plain),
        past=asks_about_past(plain),
        closing=_closing(plain),
        conditioned=conditioned(plain),
        counts=counted(plain),
    )


def _references(plain: str, expanded: str, named: list[str]) -> frozenset[str]:
    found = {_title(n) for n in named if _INSTRUMENT.search(n) and not _POLICY.search(n)}
    found |= {f"{m['label'].lower()} {m['n'].upper()}" for m in _REFERENCE_LABEL.finditer(plain)}
    found |= {_title(m.group(0)) for m in _YEARLESS_ACT.finditer(expanded)}
    found |= {_title(n) for n in case_names(plain)}
    return frozenset(found)


def _title(found: str) -> str:
    """An Act's or a case's name, in lower case, without the capitalised words opening the
    question."""
    words = found.lower().split()
    while len(words) > 2 and words[0] in STOP_WORDS | {"under"}:
        words.pop(0)
    return " ".join(words)


def _categories(plain: str, expanded: str) -> frozenset[str]:
    """Stages, categories and bands as written; kinds of tenancy also as the vocabulary spells
    out their abbreviations ("AST")."""
    found = {m["kind"].lower().replace("-", " ") for m in _KINDS.finditer(expanded) if m["kind"]}
    for m in _LABEL.finditer(plain):
        label = m["label"].lower().rstrip(".")
        label = {"cat": "category", "rating": "grade", "rated": "grade"}.get(label, label)
        value = number_value(m["n"])
        found.add(f"{label} {m['n'] if value is None else int(value)}")
    found |= {f"{m['label'].lower()} {ordinal_value(m['n']):.0f}"
              for m in _ORDINAL_LABEL.finditer(plain)}
    found |= {f"grade {m['n']}" for m in _LETTER.finditer(_LABEL.sub(" ", plain))}
    found |= {f"code {m.group(0)}" for m in _CODE.finditer(plain)}
    for m in _KINDS.finditer(plain):
        kind = next(v for v in m.groupdict().values() if v).lower()
        found.add(_CONDITIONS.get(kind, kind).replace("-", " "))
    return frozenset(found)


_ONE_UNIT = re.compile(r"\bone\s+(?=(?:metres?|centimetres?|millimetres?|kilometres?|miles?|feet|"
                       r"foot|inch(?:es)?|litres?|hours?|days?|weeks?|months?|years?|storeys?)\b)",
                       re.IGNORECASE)
""""One" before a unit is a figure ("at least one metre" asks what "at least 1 metre" asks), read
so in the features only; elsewhere it is as often a pronoun ("one of the tenants"), which
``with_digits`` leaves."""
_PAIR = re.compile(r"\ba (?:couple|pair) of\s+", re.IGNORECASE)
""""A couple of rooms", "a pair of smoke alarms": two."""
_TIMES = re.compile(rf"\b(?:once|twice)(?={_PER_SPAN})", re.IGNORECASE)
""""Once a year", "twice a month": a figure of a frequency, so "more than once a year" puts a
limit on it and "three times a year" is another."""


def _numbers(plain: str) -> frozenset[str]:
    """Quantities with their unit, then every other figure by value; figures that are part of
    a reference or a category ("section 21", "Act 1988", "stage 2") are compared there."""
    text = plain
    for pattern in (_LABEL, _ORDINAL_LABEL, _REFERENCE_LABEL,
                    re.compile(r"\b(?:section|regulation|schedule|s\.?)\s?\d+[A-Z]?\b|"
                               r"\b(?:Act|Regulations|Order|Rules)\s+\d{4}\b|\[\d{4}\][^?]*",
                               re.IGNORECASE)):
        text = pattern.sub(" ", text)
    text = _TIMES.sub(lambda m: "1" if m.group(0).lower() == "once" else "2", text)
    text = _PAIR.sub("2 ", text)
    # An age is a bare figure: "under 18" and "younger than 18" read it differently.
    found = {f"{_figure(value)} {unit}" for value, unit in quantities(text) if unit != "age"}
    found |= {_figure(float(raw.replace(",", "")))
              for raw in re.findall(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?!\d)|(?<![\w.,])\d+(?:\.\d+)?",
                                    text)}
    return frozenset(found)


def _glosses(plain: str, glossed: list[Expansion]) -> frozenset[tuple[str, str]]:
    """(stem said, stem meant) for the vocabulary's words for the question's phrases and for
    each of its words alone (a phrase's gloss is left out where the question already says
    it: "repair the broken boiler" glosses "broken" only on its own)."""
    each = [e for word in set(WORD.findall(plain)) for e in expansions(word)]
    return frozenset((said, meant) for e in (*glossed, *each) for said in terms(e.said)
                     for meant in terms(e.means) - terms(e.said))


def _kinds(plain: str, *, last_only: bool = True, framing_heads: bool = False
           ) -> frozenset[tuple[str, str]]:
    """(qualifier, head) stems of the last two words of each run of content words ("carbon
    monoxide alarms" → ("monoxid", "alarm")), figures and framing words left out (as heads,
    kept with ``framing_heads``); with ``last_only=False``, of every two adjacent content
    words."""
    found = set()
    words = [".", *WORD.findall(_COMPOUND_TAIL.sub("", plain)), "."]
    for before, first, second, after in zip(words, words[1:], words[2:], words[3:],
                                            strict=False):
        if any(w.lower() in STOP_WORDS or not w.isalpha() for w in (first, second)) or \
                _no_qualifier(first, before) or _ADVERB.search(second) or \
                (last_only and _continues(after)):
            continue  # "reported mould" is no kind of mould; "fit carbon" is no head
        qualifier, head = stem(first), stem(second)
        if qualifier not in FRAMING and (head not in FRAMING or
                                          (framing_heads and head in PLACES)):
            found.add((qualifier, head))
    return frozenset(found)


_COMPOUND_TAIL = re.compile(r"(?<=[A-Za-z])-(?:only|based|led|type|style|like)\b",
                            re.IGNORECASE)
"""The tail of a compound qualifier, dropped so its head qualifies: "an electric-only flat"."""

_NOT_QUALIFIERS = frozenset("""every each someone somebody anyone anybody everyone everybody
    around across near per via regarding concerning towards toward whether whole entire""".split())
""""The whole tenancy", "the entire building": these stress what they stand before and name no
kind of it."""


_SUBJECT_PRONOUNS = frozenset("i we you they he she".split())
"""The word after a subject pronoun is its verb: "how must we involve tenants" names no kind
of tenant."""
_DETERMINERS = frozenset("""a an the our their its his her my your this that these those any all
    some no""".split())
_ATTRIBUTIVE = _DETERMINERS | frozenset("in of for on at to from into with".split())
"""Words after which a past participle stands before its noun as an adjective: "pets in
sheltered flats", "a listed building" (not "tenant reported mould"); a present one only after
a determiner ("a leaking roof", not "for repairing windows")."""


_IRREGULAR_PARTICIPLES = frozenset("""found made given taken held paid kept sent left lost done
    seen known brought bought sold told built caught put set let""".split())
_ADVERB = re.compile(r"(?:al|ful|iv|at|ent|ant|ous|ib|ab|ed|ing|ct|ss)ly$", re.IGNORECASE)
"""Adverbs qualify no thing and are none: "found intentionally homeless"."""


def _no_qualifier(word: str, before: str = "") -> bool:
    """Participles after their noun or verb, adverbs, determiners, parties and verbs of action
    qualify no thing: "reported mould", "lawfully evict", "every floor", "the kids' bedroom",
    "withhold rent"; a participle after an article or a preposition does ("in sheltered
    flats")."""
    lower = word.lower()
    participle = ((lower.endswith("ed") or lower in _IRREGULAR_PARTICIPLES)
                  and before.lower() not in _ATTRIBUTIVE) or (
        lower.endswith("ing") and before.lower() not in _DETERMINERS)
    return participle or lower.endswith("ly") or lower in _NOT_QUALIFIERS or \
        before.lower() in _SUBJECT_PRONOUNS or \
        stem(lower) in ACTIONS | LEARNING or bool(
        PARTY.fullmatch(word) or _JURISDICTION.fullmatch(word))


_CLOSING = re.compile(
    r"(?P<before>[A-Za-z]+)\s+(?:a|an|the|our|their|its|his|her|this|that|these|those)\s+"
    r"(?:[A-Za-z-]+\s+)*?(?P<q>[A-Za-z]+)\s+(?P<h>[A-Za-z]+)(?=\W*$)")
_SUBJECT_BEFORE = frozenset("""can could may might must should shall will would do does did is
    are was were has have had need""".split())


def _closing(plain: str) -> frozenset[tuple[str, str]]:
    """``QuestionFeatures.closing``: the last two words of a noun phrase after a determiner
    that ends the question, where no auxiliary stands before it (it would be the
    subject, and its last word a verb) and the last word is no participle."""
    found = set()
    for m in _CLOSING.finditer(plain):
        q, h = m["q"].lower(), m["h"].lower()
        if m["before"].lower() in _SUBJECT_BEFORE or h.endswith("ed") or \
                q in STOP_WORDS or h in STOP_WORDS:
            continue
        found.add((stem(q), stem(h)))
    return frozenset(found)


def _continues(word: str) -> bool:
    return word.isalpha() and word.lower() not in STOP_WORDS


def _figure(value: float) -> str:
    """A value as a reader writes it: 14, 2.5, 1000000000."""
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _modality(plain: str) -> frozenset[str]:
    # "How can I tell …" asks for a way, not for a permission.
    plain = _HOW_CAN.sub("how do", plain)
    found: set[str] = set(modalities(plain))
    for pattern, kind in _MODAL_EXTRA:
        if pattern.search(plain):
            found.add(kind)
    return frozenset(found)

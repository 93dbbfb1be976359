"""Whether a cached answer may be served for a new question: the near-miss guard.

A sentence-embedding model puts "What are a landlord's repair obligations for damp and mould?"
and "What are a tenant's obligations …" closer together than many true paraphrases, and the
same holds for "section 21" and "section 8", "England" and "Wales", "category 1" and
"category 2", "may" and "may not". Serving the landlord's answer to the tenant's question is
worse than no cache, so similarity only nominates a candidate; the rule that decides is:

1. Neither question may lean on an earlier turn ("And in Wales?", "What if they refuse?"):
   those are looked up by their standalone rewrite, never as asked.
2. The cosine similarity of their ``embedding_text`` must reach ``SIMILARITY_FLOOR``, or
   ``COVERED_FLOOR`` where each question says every word of substance of the other and both
   ask the same of the law (or only what it requires).
3. Every answer-changing feature must be the same on both sides — parties (the landlord's side
   is the asker's and always implied, and so is the landlord's own tenant where a question
   names them only as its other side, "a SAR from a tenant", never as the one who acts or holds
   the duty, "can a tenant end"; two or more named in the same order; the same one acting,
   "can a tenant change the locks" is not "can we"; what is the tenant's in one not the
   landlord's in the other, "the tenant's surveyor", "our surveyor", nor ours in one and
   another party's in the other, "our land", "a neighbour's land"), legal references,
   figures, categories and stages, jurisdiction and the number of negations. A feature named
   in one question and absent from the other is a difference: a demanding reader who asked
   about "a secure tenant" does not want the answer about tenants in general, nor the reverse.
   Modality (duty, power, prohibition, no duty, advice) must be the same in a yes-or-no
   question and must not conflict in others ("how quickly must we" asks what "what is the
   timescale" asks).
   Neither may name the opposite side of a limit or moment ("under 18" against "over 18",
   "before" against "after", "more often than" against "less often than", "taller than"
   against "shorter than", "between lets" against "during a let", "within 24 hours" against
   "after 24 hours", "before the tenancy starts" against "once it starts"), nor ask about the
   past where the other asks about now or later ("did we have to", "will we have to"), nor
   ask for another kind of answer ("how often" against "how long", "who" against "how
   much"), nor ask about part of a group where the other asks about it all or plainly
   ("some flats", "all flats"), nor about one member of a group where the other asks about
   the whole ("one of the joint tenants", "both joint tenants"), nor about one of a thing
   where the other asks about each of it or any number of it ("sublet a room", "sublet every
   room"; "keep a cat", "keep cats"), nor about the whole of a thing where the other names
   it ("keep the whole deposit", "keep the deposit"; "redecorate the whole flat"; not a
   tenancy, which ends whole), nor about all of a group where the other names it plainly
   ("consult all residents", "consult residents"), nor more of a thing ("allowed more pets"),
   nor one thing in place of another where the other asks about both ("a shower instead of a
   bath", "a shower and a bath"), nor about what lies outside a period, place or group the
   other is within or says plainly ("outside the breeding season"), nor say something moves
   out of a thing the other says it moves into ("a leak from the flat above", "a leak into
   the flat above"; "take pots off the balcony", "put pots on the balcony"; "replace a wooden
   fence with a brick wall" and the reverse), nor place something against a thing both name
   differently ("on the balcony", "under the balcony"; "on the estate", "off the estate";
   "the heating switched on", "switched off").
4. Every housing subject or named policy of each question must be covered by the other's words
   (its own, or the vocabulary's other words for them, so "mould" covers "damp and mould"), and
   the same head word may not be qualified differently ("smoke alarm", "carbon monoxide alarm")
   or in one question only ("a vulnerable tenant", "a tenant"), nor may each name a different
   member of one of the vocabulary's subjects ("mice", "bed bugs").
5. Words of substance in each question that the other does not cover, even in the
   vocabulary's other words, are a swap ("gutters" against "drains", "start" against "end",
   "renew a lease" against "end a lease"): never served, nor is a word one letter from the
   other's where both are words in use ("a horse", "a house"), even where the other's other
   words cover it. Words of substance only one question has demand ``WORDING_SIMILARITY``
   (nearly the same question in more words), and may not name a thing of their own
   ("landlords of new builds"), a case of their own
   after a preposition of place, time or source ("an HMO in Leeds", "a boiler in winter",
   "after a fire"), nor another thing the same qualifier qualifies ("an abandoned car"
   against "an abandoned property"), nor a thing joined to what the other names ("heat
   detectors and smoke alarms" against "smoke alarms"), nor narrow what it names by a clause
   of its own where the other has none ("a chimney that the tenant damaged", "a fob they
   lost"), by a condition of its own ("if they caused the blockage") or by a purpose of its
   own ("so that we can sell the home"), nor name a part of what the other names ("a septic
   tank pump" against "a septic tank"), nor say how, how much, how often, where or by whom
   ("permanently", "again", "part of", "indoors", "every other week", "pay towards"), nor an
   act of its own after a preposition ("who pays for testing a smoke alarm").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from shared.cache._alike import DISREPAIR, alike
from shared.cache._count import counts_differ, scope_differs
from shared.cache._direction import opposite_directions
from shared.cache._extent import extents_differ
from shared.cache._features import OPPOSITES, QuestionFeatures, embedding_text, question_features
from shared.cache._place import placed_apart
from shared.embeddings import whole_words
from shared.text.modality import CONFLICTS
from shared.text.terms import stem

__all__ = ["COVERED_FLOOR", "SIMILARITY_FLOOR", "WORDING_SIMILARITY", "QuestionFeatures", "Verdict",
           "embedding_text", "question_features", "reuse_verdict"]

SIMILARITY_FLOOR: float = 0.80
"""Cosine of the two questions' ``embedding_text`` below which no pair is considered.

The specification's 0.95 serves about half of true paraphrases with MiniLM (median 0.955 on
the labelled set, tenth percentile 0.84); near-misses are told apart by their features, not by
this floor (they sit at 0.75–0.99), so the floor only keeps questions about something else out.
"""
WORDING_SIMILARITY: float = 0.90
"""Cosine a pair needs when one question has words of substance the other does not cover."""
COVERED_FLOOR: float = 0.65
"""The floor for questions each of whose words of substance and subjects the other says, in
its own words or in the vocabulary's ("what is the deadline for responding to a stage 1
complaint", "how quickly must a stage one complaint be answered"), asking the same of the law
or no more than what it requires: nothing is left for the cosine to weigh but framing, where
MiniLM's similarity falls with the number of framing words. Every feature must still agree.
On the labelled sets 448 of the 987 near-misses say all their words both ways (26 of them
between this floor and ``SIMILARITY_FLOOR``) and differ only in a feature, which refuses them
at any similarity. It replaces the floor of 0.70 for features that agree exactly, which served
only questions saying all their words both ways (any other word needs ``WORDING_SIMILARITY``)."""


class Verdict(msgspec.Struct, frozen=True):
    """Whether the cached answer may be served, and why (in words for a log or an admin)."""

    reusable: bool
    reason: str
    similarity: float


def reuse_verdict(new_question: str, cached_question: str, similarity: float) -> Verdict:
    """Whether the answer cached for ``cached_question`` answers ``new_question``;
    ``similarity`` is the cosine of their ``embedding_text`` embeddings."""
    new, cached = question_features(new_question), question_features(cached_question)
    return Verdict(reusable=(reason := _difference(new, cached, similarity)) is None,
                   reason=reason or _SAME.format(similarity), similarity=similarity)


_SAME = ("the questions ask the same thing (similarity {:.3f}; parties, references, figures, "
         "categories, jurisdiction, modality, negation and subject agree)")
_FEATURES: tuple[tuple[str, str], ...] = (
    ("parties", "the questions name different parties"),
    ("references", "the questions cite different legislation or cases"),
    ("numbers", "the questions give different figures"),
    ("categories", "the questions name different categories, stages or kinds"),
    ("jurisdictions", "the questions are about different jurisdictions"),
)
_MODALITY = "the questions ask different things of the law (duty, power or prohibition)"


_CONFLICTS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in CONFLICTS.items()}
"""Which modalities contradict each other ("advice" contradicts none)."""


def _difference(new: QuestionFeatures, cached: QuestionFeatures, similarity: float
                ) -> str | None:
    """The first difference that forbids reuse, in words; ``None`` when there is none."""
    if new.context_dependent or cached.context_dependent:
        return ("the question depends on an earlier turn: it is looked up by its standalone "
                "rewrite, not as asked")
    if not new.stems or not cached.stems:
        return "a question without words of its own cannot be matched with another"
    floor = COVERED_FLOOR if _said_both_ways(new, cached) else SIMILARITY_FLOOR
    if similarity < floor:
        return f"the questions are not similar enough ({similarity:.3f}, below " \
               f"{floor:.2f})"
    return _feature_difference(new, cached) or _wording_difference(new, cached, similarity)


def _said_both_ways(new: QuestionFeatures, cached: QuestionFeatures) -> bool:
    """Every subject and word of substance of each question is said by the other, and both ask
    the same of the law or only what it requires."""
    return (new.modality == cached.modality or new.modality | cached.modality <= _DUTY) and \
        not (_uncovered(new.topics, cached.words) or _uncovered(cached.topics, new.words) or
             _uncovered_words(new, cached) or _uncovered_words(cached, new))


_DUTY = frozenset({"duty"})
"""A question naming no modality asks what the law requires ("what is the deadline for
responding", "is loft insulation our responsibility"): it meets a duty ("how quickly must we
respond"), never a power ("is the landlord allowed to provide loft insulation")."""


def _feature_difference(new: QuestionFeatures, cached: QuestionFeatures) -> str | None:
    """Rule 3: the answer-changing features."""
    for name, words in _FEATURES:
        mine, theirs = getattr(new, name), getattr(cached, name)
        if name == "parties":
            mine, theirs = _unimplied(new, cached), _unimplied(cached, new)
        elif name == "references":
            mine, theirs = _dated(mine, theirs), _dated(theirs, mine)
        if mine != theirs:
            return f"{words} ({_listed(mine)} against {_listed(theirs)})"
    if roles := _role_difference(new, cached):
        return roles
    if _modalities_differ(new, cached):
        return f"{_MODALITY} ({_listed(new.modality)} against {_listed(cached.modality)})"
    if new.asks_for and cached.asks_for and not new.asks_for & cached.asks_for:
        return (f"the questions want different answers ({_listed(new.asks_for)} against "
                f"{_listed(cached.asks_for)})")
    if clash := _clashes(new.comparisons, cached.comparisons) or \
            _clashes(cached.comparisons, new.comparisons):
        return f"the questions are about opposite sides of a limit or moment ({clash})"
    if new.numbers and cached.numbers and (limit := (new.comparisons ^ cached.comparisons)
                                           & _LIMITS):
        return (f"one question puts a limit on its figure that the other does not "
                f"({_listed(limit)})")
    if new.negations != cached.negations:
        return "one question is negated where the other is not"
    if new.past != cached.past:
        return "one question asks about the past, the other about now or later"
    return None


def _wording_difference(new: QuestionFeatures, cached: QuestionFeatures, similarity: float
                        ) -> str | None:
    """Rules 4 and 5: subjects, kinds and words of substance."""
    uncovered = _uncovered(new.topics, cached.words) | _uncovered(cached.topics, new.words)
    if uncovered:
        return f"the questions are about different subjects ({_listed(uncovered)})"
    if kinds := _other_kinds(new, cached) or _siblings(new, cached) or _narrowed(new, cached):
        return f"the questions are about different kinds of the same thing ({kinds})"
    mine, theirs = _uncovered_words(new, cached), _uncovered_words(cached, new)
    if swapped := _swapped(new, cached, mine, theirs):
        return swapped
    if narrower := _narrower_case(new, cached, mine, theirs):
        return narrower
    if how := _manner_difference(new, cached) or _manner_difference(cached, new):
        return f"one question says how, how much, how often or by whom where the other does " \
               f"not ({how})"
    if acts := _own_acts(new, cached, mine) | _own_acts(cached, new, theirs):
        return f"one question asks about an act of its own on what both name ({_listed(acts)})"
    if joined := (mine & new.joined) | (theirs & cached.joined):
        return f"one question adds a thing to what the other names ({_listed(joined)})"
    if other := _other_thing(new, cached, mine) or _other_thing(cached, new, theirs):
        return f"the questions qualify different things the same way ({other})"
    if named := _named_thing(new, cached, mine) or _named_thing(cached, new, theirs):
        return f"one question names something the other does not ({named})"
    if part := _part_named(new, cached, mine) or _part_named(cached, new, theirs):
        return f"one question asks about a part or an item of what the other names ({part})"
    if (mine or theirs) and similarity < WORDING_SIMILARITY:
        return (f"one question adds words of substance ({_listed(mine | theirs)}) and they are "
                f"not similar enough to be the same question in other words ({similarity:.3f}, "
                f"below {WORDING_SIMILARITY:.2f})")
    return None


_ACTS_OF_TIME = frozenset({"start", "end"})
"""Sides of a moment said by a verb or its noun ("end a lease", "the start of works"): read
among the limits, not the words of substance, so a word only the other question says
against one of them ("renew a lease", "stop works") is a swap, not a word added."""


def _swapped(new: QuestionFeatures, cached: QuestionFeatures, mine: frozenset[str],
             theirs: frozenset[str]) -> str | None:
    """Words of substance each question says and the other does not, or a word one question
    says one letter from the other's: another thing in place of the one asked about."""
    if mine and theirs:
        return (f"the questions differ in words of substance ({_listed(mine)} against "
                f"{_listed(theirs)})")
    if (mine and (side := (cached.comparisons - new.comparisons) & _ACTS_OF_TIME)) or \
            (theirs and (side := (new.comparisons - cached.comparisons) & _ACTS_OF_TIME)):
        return (f"the questions differ in words of substance ({_listed(mine | theirs)} against "
                f"{_listed(side)})")
    if swap := _one_letter_apart(new, cached, mine) or _one_letter_apart(cached, new, theirs):
        return f"the questions name two words in use one letter apart ({swap})"
    return None


def _one_letter_apart(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]
                      ) -> str:
    """A word only ``one`` says one letter from a word of substance ``other`` says itself, both
    words in use ("a horse", "a house"; "a path", "a bath"): two things, not one misspelt, even
    where ``one``'s other words cover ``other``'s ("the property" meets "a house"), which
    leaves ``one``'s word looking like a word added to the same question."""
    for word in sorted(extra):
        for said in sorted(other.substance - one.stems):
            if _one_slip(word, said) and _a_word(word) and _a_word(said):
                return f"{word} against {said}"
    return ""


def _narrower_case(new: QuestionFeatures, cached: QuestionFeatures, mine: frozenset[str],
                   theirs: frozenset[str]) -> str | None:
    """A case narrower or other than the other question's, by words only one question says:
    a setting ("in winter"), part of a group or what lies outside a period or area ("some
    flats", "outside the season"), or a clause of its own ("a chimney the tenant damaged"),
    of condition ("if they caused the blockage") or of purpose ("so that we can sell the
    home") where the other question has none."""
    if colour := _coloured(new, cached, mine) | _coloured(cached, new, theirs):
        return f"one question names a colour the other does not ({_listed(colour)})"
    if setting := (mine & new.settings) | (theirs & cached.settings):
        return f"one question asks about a narrower case ({_listed(setting)})"
    if extents_differ(new.extent, cached.extent):
        return (f"the questions ask about different extents of a group, period or place "
                f"({_listed(new.extent)} against {_listed(cached.extent)})")
    if clause := (mine & new.clause if not cached.conditioned else frozenset()) | \
            (theirs & cached.clause if not new.conditioned else frozenset()):
        return f"one question narrows what it names by a clause of its own ({_listed(clause)})"
    if condition := _own_condition(new, cached, mine) or _own_condition(cached, new, theirs):
        return f"one question narrows its case by a condition of its own ({condition})"
    if purpose := (mine & new.purpose if not cached.purpose else frozenset()) | \
            (theirs & cached.purpose if not new.purpose else frozenset()):
        return f"one question gives a purpose of its own ({_listed(purpose)})"
    return None


_COLOURS = frozenset(stem(w) for w in """red white black green blue yellow grey gray brown
    orange pink purple cream beige magnolia silver gold navy""".split())
"""A colour only one question names narrows what both name ("paint the fence white" against
"paint the fence"): a landlord may allow a neutral colour and refuse a loud one."""


def _coloured(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]
              ) -> frozenset[str]:
    """Colours only ``one`` says, other than one naming a kind of a thing ``other`` does not
    say itself ("black mould" against "damp": the vocabulary's other word for it)."""
    return frozenset(c for c in extra & _COLOURS
                     if all(h in other.stems for q, h in one.qualified if q == c))


_PRESENCE = frozenset(stem(w) for w in """find finds found discover discovers discovered notice
    noticed spot spotted appear appears appeared exist exists occur occurs present one ones
    """.split())
"""Words of a condition that only say the thing is there, or stand for it ("if Japanese
knotweed is found", "if a tenant asks for one"): no case of their own."""


_GOES_WRONG = frozenset(stem(w) for w in """break breaks broke fail fails failed leak leaks
    stop stops stopped""".split())
"""A thing going wrong, which a question about its repair already implies."""


def _own_condition(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]) -> str:
    """Words only ``one`` says, in a clause of condition or time of its own ("if they kicked
    it in"), where ``other`` has no clause, of condition or relative: "can we charge for
    emptying a cesspit if they caused the blockage" is not "can we charge for emptying a
    cesspit"."""
    words = extra & one.condition - _PRESENCE
    if "repair" in one.words & other.words:
        words -= DISREPAIR | _GOES_WRONG  # "if a hoist breaks, who pays for the repair"
    return _listed(words) if words and not other.conditioned else ""


_NEGATIVE = frozenset({"prohibition", "no_duty"})
_LIMITS = frozenset({"below", "above"})
""""Aged over 65" is not "aged 65": beside a figure a limit is what the question asks."""


_TENANT = "tenant"


def _unimplied(one: QuestionFeatures, other: QuestionFeatures) -> frozenset[str]:
    """``one``'s parties without the tenant where only ``one`` names them and not as its actor:
    "a SAR from a tenant" asks what "a SAR" asks of a landlord, whose other side is its
    tenant; "can a tenant end a tenancy" does not ask what "can we end a tenancy" asks, nor
    "harass a tenant" what "harass a landlord" asks."""
    if _TENANT in one.parties and _TENANT not in other.parties and \
            (not one.tenant_acts or _deeds_named(one, other)) and \
            (one.names_landlord or not other.names_landlord):
        return one.parties - {_TENANT}
    return one.parties


def _deeds_named(one: QuestionFeatures, other: QuestionFeatures) -> bool:
    """Whether ``other`` names every deed of the tenant ``one`` names, without a doer ("a
    complaint about a late repair" for "when a tenant complains about a late repair"): the
    landlord's own tenant is who complains to it, abandons its home or is convicted. Only
    where ``other`` names no party at all: in "when a neighbour complains" the neighbour does
    the deed that "when a tenant complains about a neighbour" gives the tenant."""
    return bool(one.tenant_deeds) and not other.parties and \
        all(_covered(deed, other.words) for deed in one.tenant_deeds)


_YEAR = re.compile(r" \d{4}$")
_NAMED_WORDS = 2
"""An Act named in this many words before "Act" or more is one Act whatever its year ("the
Homelessness Reduction Act"); "the Housing Act" is several."""


def _dated(mine: frozenset[str], theirs: frozenset[str]) -> frozenset[str]:
    """``mine`` with an Act named without its year read as the one Act of that name ``theirs``
    dates: "the Homelessness Reduction Act" is "the Homelessness Reduction Act 2017"."""
    dated: dict[str, list[str]] = {}
    for ref in theirs:
        if _YEAR.search(ref):
            dated.setdefault(_YEAR.sub("", ref), []).append(ref)
    return frozenset(dated[ref][0] if len(dated.get(ref, ())) == 1 and ref.endswith(" act") and
                     len(ref.split()) - 1 >= _NAMED_WORDS else ref for ref in mine)


def _roles(one: QuestionFeatures, other: QuestionFeatures) -> tuple[str, ...]:
    """``one``'s parties in the order named, without a tenant it only implies."""
    kept = _unimplied(one, other)
    return tuple(r for r in one.roles if r in kept)


def _role_difference(new: QuestionFeatures, cached: QuestionFeatures) -> str | None:
    """The same parties in other parts: named in another order, another one acting, or one
    thing theirs in one question and ours in the other."""
    if len(new.roles) > 1 and _roles(new, cached) != _roles(cached, new):
        return (f"the questions give the parties different roles ({', '.join(new.roles)} "
                f"against {', '.join(cached.roles)})")
    if new.actor and cached.actor and new.actor != cached.actor:
        return (f"the questions ask what different people may or must do ({new.actor} against "
                f"{cached.actor})")
    for party, side in sorted(new.sides - cached.sides):
        if any(p == party for p, _ in cached.sides - new.sides):
            return (f"the questions put the {party} on different sides (the {side} in one, not "
                    f"the other)")
    if way := opposite_directions(new.directions, cached.directions):
        return f"the questions are about movement in opposite directions ({way})"
    if count := counts_differ(new.counts, cached.counts) or (
            not extents_differ(new.extent, cached.extent) and
            scope_differs(new.counts, cached.counts, new.stems, cached.stems)):
        return f"the questions ask about different numbers of the same thing ({count})"
    if where := placed_apart(new.places, cached.places):
        return f"the questions place something differently against the same thing ({where})"
    if owned := _owned_by_others(new, cached):
        return f"the questions give the same thing different owners ({owned})"
    return None


def _owned_by_others(new: QuestionFeatures, cached: QuestionFeatures) -> str:
    """"The tenant's surveyor" against "our surveyor": what one question says is the tenant's,
    the other says is the landlord's."""
    for owner, thing in sorted(new.owners):
        for other, same in cached.owners:
            if thing == same and owner != other:
                return f"the {owner}'s {thing} against the {other}'s"
    return ""


def _modalities_differ(new: QuestionFeatures, cached: QuestionFeatures) -> bool:
    """A yes-or-no question asks exactly its modality ("may we" is not "must we"), though one
    asking plainly ("is a landlord liable") may meet any but a negative one; a question
    asking what, how or when only must not contradict the other's ("what must a tenant do"
    against "what may a tenant do"), since "how quickly must we" asks "how quickly do we"."""
    if new.asks_whether or cached.asks_whether:
        if not new.modality or not cached.modality:  # "is a landlord liable": "can … be"
            return bool((new.modality | cached.modality) & _NEGATIVE)
        return new.modality != cached.modality
    return any(b in _CONFLICTS.get(a, ()) for a in new.modality for b in cached.modality)


def _clashes(mine: frozenset[str], theirs: frozenset[str]) -> str:
    """"under" against "over", "before" against "after": a side one question names whose
    opposite the other names without it, even where both name the opposite ("ended during the
    fixed term" against "ended at the end of the fixed term"); one naming no side is no clash
    ("in winter" asks what "during the winter" asks)."""
    for side in sorted(mine - theirs):
        for other in sorted(OPPOSITES.get(side, frozenset()) & theirs):
            return f"{side} against {other}"
    return ""


def _other_kinds(new: QuestionFeatures, cached: QuestionFeatures) -> str:
    """"smoke alarms" against "carbon monoxide alarms": the same head word, qualified by words
    the other question does not say even in synonyms or in everyday words of one meaning
    ("attempt mediation", "try mediation")."""
    for qualifier, head in new.kinds:
        for other, same_head in cached.kinds:
            if head == same_head and qualifier != other and \
                    not _misspelt(qualifier, frozenset({other})) and \
                    qualifier not in cached.synonyms | alike(cached.stems) and \
                    other not in new.synonyms | alike(new.stems):
                return f"{qualifier} {head} against {other} {head}"
    return ""


def _narrowed(new: QuestionFeatures, cached: QuestionFeatures) -> str:
    """"a vulnerable tenant" against "a tenant": one question narrows what the other names
    plainly, by a word the other does not say, also where the other qualifies the same head
    by a word this question says too ("communal window cleaning" against "communal
    cleaning": a word slipped into the compound narrows it); a state of disrepair narrows
    nothing in a question about repairing ("a broken lift" to be fixed, "repair a lift")."""
    for one, other in ((new, cached), (cached, new)):
        for qualifier, head in sorted(one.qualified):
            if head in other.stems and not _covered(qualifier, other.words) and \
                    all(h != head or (_slipped_in(q, other) and q in one.stems)
                        for q, h in other.qualified) and \
                    not (qualifier in DISREPAIR and "repair" in one.words & other.words):
                return f"{qualifier} {head} against {head}"
    return ""


def _slipped_in(qualifier: str, question: QuestionFeatures) -> bool:
    """Whether ``qualifier`` opens its compound in ``question`` ("communal cleaning"), so a
    word the other question puts after it narrows the compound ("communal window cleaning");
    one that closes a compound of its own ("a rent account open") is a noun, and what follows
    it says something of it rather than narrowing it ("a rent account stay open")."""
    return all(h != qualifier for _, h in question.qualified)


def _own_acts(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]
              ) -> frozenset[str]:
    """Acts only ``one`` names after a preposition ("for testing"), other than in the
    vocabulary's word for one the other question says ("for fixing" where it says "repair")."""
    return frozenset(w for w in extra & one.acts
                     if not any(said == w and meant in other.words for said, meant in one.glosses))


def _manner_difference(one: QuestionFeatures, other: QuestionFeatures) -> str:
    """Words of manner, extent or repetition only ``one`` says, even in other words
    ("permanently", "again", "part of"): each narrows the case asked about."""
    return _listed(w for w in one.manner - other.manner if not _covered(w, other.words)) \
        if any(not _covered(w, other.words) for w in one.manner - other.manner) else ""


def _named_thing(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]) -> str:
    """A thing of several words only one question names ("landlords of new builds"; not
    "black mould" against "damp", which names the same thing)."""
    for qualifier, head in sorted(one.kinds):
        if qualifier in extra and not _covered(head, other.words):
            return f"{qualifier} {head}"
    return ""


def _part_named(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]) -> str:
    """"A septic tank pump" against "a septic tank", "a porch roof" against "a porch": a word
    only ``one`` says heads a compound whose qualifier the other question names on its own,
    as a thing rather than a kind of one: a part of it, or an item for it, with a repair and a
    cost of its own."""
    if extra - {head for _, head in one.closing} or _uncovered_words(other, one) or \
            one.conditioned or other.conditioned:
        return ""  # other words differ too, or a clause says them: a rewording, weighed apart
    for qualifier, head in sorted(one.closing & one.kinds):
        if head in extra and qualifier in other.stems and head not in DISREPAIR and \
                all(q != qualifier for q, _ in other.qualified):
            return f"{qualifier} {head} against {qualifier}"
    return ""


def _other_thing(one: QuestionFeatures, other: QuestionFeatures, extra: frozenset[str]) -> str:
    """"An abandoned car" against "an abandoned property": a word only ``one`` says is the
    thing a qualifier both say qualifies, and the other question's thing is another."""
    for qualifier, head in sorted(one.things):
        if head not in extra:
            continue
        for same, thing in sorted(other.things):
            if same == qualifier and thing != head and not _covered(thing, one.words):
                return f"{qualifier} {head} against {same} {thing}"
    return ""


def _siblings(new: QuestionFeatures, cached: QuestionFeatures) -> str:
    """"mice" against "bed bugs": words the vocabulary files under one subject ("pests"),
    different in each question, while neither question names the subject itself."""
    for said, meant in new.glosses:
        for other, same in cached.glosses:
            if meant == same and said != other and said.isalpha() and other.isalpha() and \
                    not _covered(said, cached.words) and not _covered(other, new.words) and \
                    meant not in new.stems | cached.stems:
                return f"{said} against {other}, both {meant}"
    return ""


def _covered(word: str, words: frozenset[str]) -> bool:
    """``word`` is among ``words`` up to the light stemmer's misses ("licenc", "licens";
    "fit", "fitness"): one a prefix of the other, or all but the shorter's last letter shared."""
    if word in words:
        return True
    for other in words:
        short, long = sorted((word, other), key=len)
        if len(short) >= 4 and (long.startswith(short) or (
                len(short) >= 6 and long.startswith(short[:-1]))) and \
                not _letter_added(short, long):
            return True
    return False


_ENDING_LETTERS = frozenset("aeiosy")
"""Letters a short stem may lack of its word ("hous", "house"): any other one letter added at
the end of a stem under ``_TYPO_LENGTH`` letters makes another word ("swin" of "swine"
against "swing"); a longer one's is a derivation ("complain", "complaint")."""


def _letter_added(short: str, long: str) -> bool:
    """``long`` is ``short`` with one letter added at its end that no light stemmer takes
    off: another word, not the same one stemmed differently."""
    return len(short) < _TYPO_LENGTH and len(long) == len(short) + 1 and \
        long.startswith(short) and long[-1] not in _ENDING_LETTERS


def _uncovered_words(one: QuestionFeatures, other: QuestionFeatures) -> frozenset[str]:
    """Words of substance of ``one`` that ``other`` says neither itself nor in the vocabulary's
    words, and whose own other words ("fix": "repair") ``other`` does not say either. A word
    the question says itself is no other word: "a mobility scooter in the communal hallway"
    glosses "scooter" as an item left in communal areas, which covers nothing of "a pushchair
    in the communal hallway" that "communal" did not; nor one that another of the question's
    words, one the other question shares, also glosses ("hallway": "communal areas")."""
    return frozenset(w for w in one.substance if not _covered(w, other.words) and
                     not _misspelt(w, other.substance) and not any(
        said == w and meant not in one.stems and meant in other.words and
        not any(s != w and m == meant and _covered(s, other.words) for s, m in one.glosses)
        for said, meant in one.glosses))


_TYPO_LENGTH = 5
"""Stems this long or longer are told from each other by more than one slip of a key ("block",
"blokc"); shorter ones ("mice", "rice"; "flat", "flap") are other words."""


def _misspelt(word: str, words: frozenset[str]) -> bool:
    """``word`` is one of ``words`` typed with one slip, a letter left out, added, changed or
    two swapped ("permision", "blokced"), both long and starting alike: a question typed in a
    hurry asks what it would have asked spelt right. A shorter word is left alone, two keys
    swapped too: "gaol" and "goal", "tarp" and "trap", "bolt" and "blot" are each two words,
    and the tokenizer's vocabulary lacks enough trade words ("tarp") to tell which is one."""
    for other in words:
        if other == word or word[0] != other[0]:
            continue
        if min(len(word), len(other)) >= _TYPO_LENGTH and _one_slip(word, other) and \
                not _far_keys(word, other) and not (_a_word(word) and _a_word(other)):
            return True
    return False


_KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _neighbours(letter: str) -> frozenset[str]:
    """The keys beside ``letter`` on a QWERTY keyboard, on its own row and the rows above and
    below it."""
    for row, keys in enumerate(_KEY_ROWS):
        if (at := keys.find(letter)) >= 0:
            return frozenset(k for r in range(max(0, row - 1), min(3, row + 2))
                             for k in _KEY_ROWS[r][max(0, at - 1):at + 2]) - {letter}
    return frozenset()


def _far_keys(a: str, b: str) -> bool:
    """``a`` is ``b`` with one letter changed for one whose key is not beside it ("hutch",
    "hatch"): no slip of a finger but another word, one the tokenizer may not hold whole. A
    letter left out, doubled or swapped is a slip whatever the keys, and so is a vowel for a
    vowel in a long word ("seperate")."""
    if len(a) != len(b) or _two_swapped(a, b):
        return False
    return any(x != y and y not in _neighbours(x) and not (
        x in _VOWELS and y in _VOWELS and len(a) >= _SPELT_BY_EAR)
        for x, y in zip(a, b, strict=True))


_VOWELS = frozenset("aeiou")
_SPELT_BY_EAR = 7
"""A long word with one vowel for another ("seperate", "existance") is spelt as it sounds, a
slip of spelling rather than of a key: read as the word meant. A shorter one is as often
another word ("hutch", "hatch")."""


def _two_swapped(a: str, b: str) -> bool:
    """``a`` is ``b`` with two adjacent letters swapped."""
    if len(a) != len(b):
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and \
        a[diff[1]] == b[diff[0]]


_ENDINGS = ("", "e", "s", "es", "ing", "ed", "er", "y")
"""What the stemmer may have taken off a word ("hous" is "house", "ceil" is "ceiling")."""


def _a_word(stemmed: str) -> bool:
    """``stemmed`` is the stem of a word in use, not a slip: two words one slip apart ("stairs"
    and "stains", "a horse" and "a house") are two things, never one typed in a hurry."""
    words = whole_words()
    return any(stemmed + ending in words for ending in _ENDINGS)


def _one_slip(a: str, b: str) -> bool:
    """Damerau distance one: one insertion, deletion, substitution or adjacent swap."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1 or _two_swapped(a, b)
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _uncovered(topics: frozenset[str], words: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in topics if not all(_covered(w, words) for w in t.split()))


def _listed(values: Iterable[str]) -> str:
    return ", ".join(sorted(values)) or "none"

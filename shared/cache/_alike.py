"""Plain English words of one meaning that the cache's guard reads as covering each other,
and words that qualify nothing they stand before.

The housing vocabulary (``shared/text/vocabulary``) gives the sector's other words for a
thing, and each of its words is also added to a legal search, so it holds only what moves a
search the right way. A paraphrase also swaps everyday words of one meaning ("how often"
for "at what interval", "check" for "inspection", "pay for" for "fund"), which would add noise
to a search but decide whether the cache may reuse an answer: they live here, for the guard
only, and add nothing to what is embedded or searched.
"""

from __future__ import annotations

import re

from shared.text.british import american_spellings
from shared.text.determiners import ARTICLE
from shared.text.terms import stem

__all__ = ["DISREPAIR", "LEARNING", "alike", "british", "one_word"]

_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(stem(w) for w in group.split()) for group in (
    # How often: "how often" frames a question, "at what interval" says the same in a noun.
    "often frequency frequent frequently interval intervals regularly",
    # Looking at something to see whether it is safe.
    "check checks checked checking inspect inspects inspected inspecting inspection "
    "inspections examine examines examined examining examination examinations",
    # Once a year.
    "annual annually yearly year",
    # Who bears a cost.
    "pay pays paid paying fund funds funded funding finance finances financed financing",
    # How two things stand against each other.
    "compare compares compared comparing comparison differ differs differed difference "
    "differences",
    # A council's or a landlord's patch.
    "area areas borough boroughs district districts",
    # Shared by residents.
    "communal shared",
    # Parting one thing in two.
    "split splits splitting separate separates separated separating divide divides divided "
    "dividing",
    # Coming to know of something.
    "find finds found discover discovers discovered",
    # Answering someone: "reply to a complaint" is "respond to" it.
    "reply replies replied replying respond responds responded responding response responses "
    "answer answers answered answering",
    # Making up one's mind on an application.
    "decide decides decided deciding decision decisions determine determines determined "
    "determining determination",
    # What someone asks a landlord for in writing.
    "request requests requested requesting application applications",
    # Keeping a thing in order.
    "maintain maintains maintained maintaining maintenance upkeep",
    # Keeping something from happening.
    "prevent prevents prevented preventing stop stops stopped stopping",
    # The outside of a building.
    "outside external exterior outer",
    # Leaning on something, in argument or in fact.
    "rely relies relied relying depend depends depended depending",
    # Bringing people in.
    "involve involves involved involving engage engages engaged engaging",
    # Wiping data.
    "delete deletes deleted deleting erase erases erased erasing erasure",
    # What a camera keeps.
    "recording recordings footage",
    # Having a go.
    "try tries tried trying attempt attempts attempted attempting",
    # Fit to do a job.
    "qualified competent",
    # Housing officers' everyday words for the same act or thing, written from the work (not
    # from any question): each class is one meaning, and its near neighbours with another
    # meaning stay apart ("tell" is not "consult", "charge" is not "refund", "a flat" is not
    # "a house"). A word with a second everyday meaning stays out ("share" a cost is not
    # "disclose" it; "fix" a rent is not "repair" it, which the vocabulary's gloss of "fix"
    # already knows).
    # Bringing something to someone's notice.
    "tell tells told telling inform informs informed informing notify notifies notified "
    "notifying notification notifications",
    # A home by its kind is a home, but one kind is not another: "a flat" and "a house" each
    # meet "a home", "a property" or "a dwelling", never each other.
    "flat flats home homes property properties dwelling dwellings",
    "house houses home homes property properties dwelling dwellings",
    # A building of flats.
    "block blocks building buildings",
    # A home standing empty between lets.
    "void voids empty vacant",
    # Asking someone to pay for something.
    "charge charges charged charging recharge recharges recharged recharging bill bills "
    "billed billing invoice invoices invoiced invoicing",
    # Who bears a cost: "who covers the cost" asks who pays.
    "pay pays paid paying cost costs",
    # Leave to do something.
    "permission permissions consent consents consented approval approve approves approved "
    "authorise authorises authorised authorisation",
    # Making a period longer.
    "extend extends extended extending extension extensions prolong prolongs prolonged "
    "prolonging lengthen lengthens lengthened lengthening",
    # Forbidding something.
    "ban bans banned banning prohibit prohibits prohibited prohibiting forbid forbids "
    "forbidden forbidding",
    # Taking things out of a home ("clear" is not one: "clear a garden" is to tidy it).
    "remove removes removed removing removal",
    # What a tenant owns in the home.
    "belongings possessions contents items",
    # Moving a household to another home.
    "move moves moved moving transfer transfers transferred transferring relocate relocates "
    "relocated relocating rehouse rehouses rehoused rehousing",
    # Something to be dealt with.
    "issue issues matter matters problem problems",
    # What something takes in.
    "include includes included including cover covers covered contain contains contained",
    # Bringing work to its end.
    "complete completes completed completing completion finish finishes finished finishing",
    # How long something runs.
    "length duration last lasts lasted",
    # Living through harm.
    "experience experiences experienced experiencing suffer suffers suffered suffering",
    # Recognising something from its signs.
    "spot spots spotted spotting identify identifies identified identifying recognise "
    "recognises recognised recognising detect detects detected detecting",
    # What may cause harm.
    "risk risks hazard hazards danger dangers",
    "dangerous hazardous",
    # A worry raised about someone.
    "concern concerns worry worries",
    # What is known or held about someone.
    "information details data",
    # Money owed.
    "arrears debt debts owe owes owed owing",
    # Earlier than now.
    "former previous ex",
    # Setting work in train.
    "commission commissions commissioned commissioning arrange arranges arranged arranging "
    "organise organises organised organising",
    # Asking for something.
    "request requests requested requesting ask asks asked asking",
    # Trying a thing to see it works; walking an estate to look at it.
    "check checks checked checking test tests tested testing",
    "inspect inspects inspected inspecting inspection inspections walkabout walkabouts",
    # Why something is done or allowed: "on what grounds" asks for what reason.
    "ground grounds reason reasons",
    # Not this one: "a different property" is "another property".
    "another different",
    # A death ("dying" is not one: a dying tenant is alive, with other needs).
    "die dies died death deaths dead deceased",
    # Saying no to what is asked: "deny access" is "refuse access" (both negate).
    "refuse refuses refused refusing deny denies denied denying",
    # Putting something in place ("erect" a shed or scaffolding; "build" an extension is
    # building work of another kind and stays out).
    "fit fits fitted fitting install installs installed installing installation erect erects "
    "erected erecting",
    # Talking something over with someone ("tell" only informs, "consult" asks a view: both
    # stay out).
    "talk talks talked talking speak speaks spoke speaking discuss discusses discussed "
    "discussing",
    # Buying a home or a share of it ("acquire" stays out: the right to acquire is not the
    # right to buy; "sell" is the other side).
    "buy buys bought buying purchase purchases purchased purchasing",
    # Inside a home, the opposite of the class above for its outside.
    "inside indoors indoor internal interior",
    # Getting rid of something is removing it.
    "rid remove removes removed removing removal",
    # Tenants swapping homes ("transfer" stays out: a move the landlord makes).
    "swap swaps swapped swapping exchange exchanges exchanged exchanging",
    # Residents deciding by vote ("consult" stays out: a view asked, not a decision).
    "vote votes voted voting ballot ballots",
    # A planned body of work ("policy" stays out: a rule, not works).
    "scheme schemes project projects programme programmes",
    # What is written to someone ("notice" stays out: a legal step of its own).
    "letter letters correspondence",
    # Round sixteen, from the kinds of rewording a fresh batch missed (not from its pairs):
    # money in hand is money ("pay in cash", "give money").
    "cash money",
    # A business that provides a service ("a broadband company", "a broadband provider").
    "company companies firm firms provider providers supplier suppliers business businesses",
    # Decorating a home, first or again ("redecoration" at the end of a tenancy is the
    # decoration a landlord asks about).
    "decorate decorates decorated decorating decoration redecorate redecorates redecorated "
    "redecorating redecoration",
    # Keeping heat in a tank or a pipe ("lagging" is its everyday word).
    "insulate insulates insulated insulating insulation lag lags lagged lagging",
    # A household arriving at a home or leaving it.
    "new incoming",
    "outgoing departing",
    # Round seventeen, from the kinds of rewording a fresh batch missed: clothes washed and
    # dried at home ("dry washing", "hang laundry"), and a tank without an outlet that is
    # emptied by tanker, under either of its names.
    "laundry washing",
    "cesspit cesspits cesspool cesspools",
    # Round twenty: throwing a thing away ("get rid of an old sofa", "dispose of" it).
    "rid dispose disposes disposed disposing disposal",
))

_PAYER = (rf"(?:(?:{ARTICLE}|our|their)\s+)?(?:tenants?|leaseholders?|residents?|occupiers?|"
          r"them|him|her|someone|people)")
_PHRASAL: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), verb) for pattern, verb in (
        # Taking a thing out of a home, not taking out a loan, a policy or an injunction.
        (r"\b(?:take|takes|taking|took|taken)\s+out\b(?!\s+(?:an?\s+|the\s+)?(?:loan|"
         r"insurance|policy|injunction|mortgage|order|contract)s?\b)", "remove"),
        # Putting a thing into a home; one puts in a claim as one makes it.
        (r"\b(?:put|puts|putting)\s+in\b(?=\s+(?:an?\s+|the\s+)?(?:complaints?|claims?|"
         r"requests?|applications?|appeals?|bids?|offers?)\b)", "make"),
        (r"\b(?:put|puts|putting)\s+in\b(?!\s+(?:writing|place|charge|touch)\b)", "install"),
        # Putting up a shed; one puts up a rent as one raises it (the vocabulary's "increase").
        (r"\b(?:put|puts|putting)\s+up\b(?!\s+(?:with\b|(?:\w+\s+){0,2}(?:rents?|charges?|"
         r"fees?|prices?|costs?)\b))", "erect"),
        # Felling a tree; "cut down on" is to reduce.
        (r"\b(?:cut|cuts|cutting)\s+down\b(?!\s+on\b)", "fell"),
        (r"\b(?:cut|cuts|cutting)\s+off\b", "disconnect"),
        # Dealing with a matter.
        (r"\b(?:sort|sorts|sorting|sorted)\s+out\b", "deal with"),
        (r"\b(?:look|looks|looking|looked)\s+into\b", "investigate"),
        # Bearing a cost.
        (r"\b(?:cover|covers|covering|covered)\s+the\s+costs?(?:\s+of)?\b", "pay for"),
        (r"\b(?:pay|pays|paying|paid)\s+back\b", "repay"),
        # Asking someone to bear a cost is charging them: "recover the cost of cleaning from
        # tenants", "make tenants pay for permits" (not "make tenants pay their rent").
        (r"\b(?:recover|recovers|recovering|recovered)\s+(?:the\s+)?costs?(?:\s+of)?\b",
         "charge"),
        (rf"\b(?:make|makes|making|made)\s+({_PAYER})\s+pay\s+for\b", r"charge \1 for"),
        (rf"\b(?:make|makes|making|made)\s+({_PAYER})\s+pay(?=\s+to\b)", r"charge \1"),
        (r"\b(?:hand|hands|handing|handed|give|gives|giving|gave|given)\s+back\b", "return"),
        # Saying no to what is asked is refusing it (one negation either way).
        (r"\b(?:say|says|saying|said)\s+no(?:\s+to)?\b", "refuse"),
        # Phrases of time for their one preposition.
        (r"\bin\s+the\s+course\s+of\b", "during"),
        (r"\bin\s+advance\s+of\b", "before"),
        # A block is a block of flats: the phrase names no other thing.
        (r"\b(blocks?)\s+of\s+flats\b", r"\1"),
    ))
"""Everyday phrases and the one word of the same meaning: verbs of two words ("take out" a
fireplace is to remove it, "put in" fibre to install it, "cut down" a tree to fell it, "recover
the cost" of cleaning from tenants or "make them pay for" it to charge them, "sort
out" a problem to deal with it), phrases of time ("in the course of" building work is during
it) and "a block of flats" (a block): a paraphrase swaps one for the other, and the guard
would read the one word as a word of substance the other question does not say. Each is
read only in the sense a housing question gives it, never where it means something else
("take out a loan", "put in a complaint", "cut down on", "put up the rent"); phrases the
housing vocabulary already reads ("knock down", "stopped working", "fill in a form") are left
to it."""


def one_word(text: str) -> str:
    """``text`` with the phrases above said in their one word."""
    for pattern, verb in _PHRASAL:
        text = pattern.sub(verb, text)
    return text


def british(text: str) -> str:
    """``text`` with its American spellings in British ("color" → "colour", "mold" → "mould"),
    as ``shared.text.british`` finds them: a question typed with either asks the same, and the
    vocabulary knows only the British word ("mould" is damp and mould)."""
    for found in reversed(american_spellings(text)):
        text = text[:found.offset] + found.british + text[found.offset + len(found.word):]
    return text


_ALIKE: dict[str, frozenset[str]] = {}
for _group in _GROUPS:  # a word in two classes ("home") is alike to the members of both
    for _word in _group:
        _ALIKE[_word] = _ALIKE.get(_word, frozenset()) | (_group - {_word})


def alike(stems: frozenset[str]) -> frozenset[str]:
    """The other words of the groups above for each of ``stems`` (never ``stems`` itself)."""
    return frozenset().union(*(_ALIKE.get(s, frozenset()) for s in stems)) - stems


LEARNING: frozenset[str] = frozenset(stem(w) for w in """find finds discover discovers disclose
    discloses report reports notice notices suspect suspects identify identifies spot spots
    detect detects reveal reveals""".split())
"""Verbs of coming to know, whose object follows them: "if we find asbestos", "a tenant
discloses domestic abuse" name no kind of asbestos or abuse."""

DISREPAIR: frozenset[str] = frozenset(stem(w) for w in """broken faulty damaged defective leaking
    leaky blocked cracked""".split())
"""States a question asking about a repair already implies: "a broken lift" to be fixed is
the lift to be repaired."""

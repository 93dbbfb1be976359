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

from shared.text.terms import stem

__all__ = ["DISREPAIR", "LEARNING", "alike"]

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
))

_ALIKE: dict[str, frozenset[str]] = {w: group - {w} for group in _GROUPS for w in group}


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

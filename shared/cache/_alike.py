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

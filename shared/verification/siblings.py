"""Claims about a sibling of the subsection quoted, and limits the statement drops.

A section's subsections qualify one another: s. 16(5) says a revocation comes into force when
made, s. 16(6)–(7) say a variation does only in some cases; s. 139(7) makes contravening a
notice an offence, s. 139(8) gives the defence. A statement that quotes one subsection and
stretches its rule to what a sibling governs ("a variation, like a revocation, always …", "an
offence with no defence …", "even if an appeal has been made") is not supported by the words it
quotes. The rule: the statement widens ("always", "even if", "still", "without", "no …",
"like a …") and speaks of terms that are absent from the quoted subsection but particular to a
sibling (in at most half of the section's subsections) — a doubt, never a removal.

A figure the statement gives that the quoted subsection does not hold but a sibling does
("must end no later than five years" beside s. 84(3), the duty to review; five years is
s. 84(2)) speaks of the sibling.

A condition is dropped when the quoted words are the consequence of a condition ("If the
authority conclude that …, the authority must either …"; "must not make a designation unless
they have considered …") and the statement states the duty or prohibition without any of the
condition's terms ("must either make a final order or revoke it").

Likewise a limit the quoted words put on a term ("at any reasonable time", "such conditions as
the authority consider appropriate") is dropped when the statement uses the term ("at any
time") without any limit of its own.

The reverse: a statement that adds a condition of its own ("may appeal within 21 days, but only
with the permission of the local housing authority"; "consistent with its strategy once the
Secretary of State has approved it") speaks of terms the quoted subsection does not have. A
condition is read after the statement's modal verb, from words that restrict ("only if",
"only with", "provided that", "subject to", "once" …); when most of its terms, and at least
two, are absent from the subsection that holds the quote, the statement is doubted.
"""

from __future__ import annotations

import itertools
import re

from shared.text.conditions import (
    CONDITION,
    CONDITIONS,
    LIST_CONDITION,
    STATED_CONDITION,
    either,
)
from shared.text.initials import INITIALS, spelt_runs
from shared.text.modality import first_modal, modalities
from shared.text.provisions import PROVISION_NUMBER
from shared.text.terms import terms
from shared.verification.claims import PARTY, quantities, substituted
from shared.verification.quotes import normalise

__all__ = ["added_conditions", "dropped_conditions", "dropped_limits", "sibling_claims",
           "sibling_figures", "widened_conditions"]

_WIDENS = re.compile(
    r"\b(?:even (?:if|though|where|when)|still|always|whenever|regardless|irrespective|"
    r"like (?:a|an|the)|as well as|without|with no|in (?:every|all) cases?)\b", re.IGNORECASE)
"""Words that stretch a rule beyond its case. Not a bare "no" or "never": "if no appeal is
brought", "no order may be made unless …" restate a condition, they do not widen it."""
_ACTOR_NAME = re.compile(r"\b(?:local housing|appropriate national|residential property|"
                         r"appropriate) (?:authorit(?:y|ies)|tribunals?)\b", re.IGNORECASE)
"""Who acts, named in full ("a local housing authority") where the quoted subsection says "the
authority": the name's words are not terms particular to a sibling. Nor are the parties'
names ("the owner's consent" for "the person who would have power to create the lease")."""
_REFERENCES = frozenset("section sections subsection subsections paragraph schedule part".split())
_SUBSECTION = re.compile(rf"(?m)^\((?P<label>{PROVISION_NUMBER})\)\s")


def _subsections(text: str) -> dict[str, str]:
    marks = list(_SUBSECTION.finditer(text))
    return {m["label"]: text[m.end():marks[i + 1].start() if i + 1 < len(marks) else len(text)]
            for i, m in enumerate(marks)}


def _stems(text: str) -> set[str]:
    return {w for w in terms(text) if len(w) >= 4 and w.isalpha() and w not in _REFERENCES}


def _absent(stem: str, own: set[str]) -> bool:
    """Not in the quoted subsection in any form: stems of one word may differ in their ending
    ("served" and "service", "licence" and "licensed")."""
    return not any(o[:_PREFIX] == stem[:_PREFIX] for o in own)


_PREFIX = 5
"""Letters two stems of one word share: "licenc"/"licens", "servic"/"serv" (a stem shorter
than this is compared whole)."""


_SCOPE = re.compile(r"\s*This section (?:applies|has effect)\b|"
                    r"[^.;]{0,200}?\bcomply with the following provisions\b", re.IGNORECASE)
"""A section's scope, or a frame its later subsections fill ("A local housing authority who
have made an interim management order … must comply with the following provisions")."""
_REFERRED = re.compile(rf"\bsubsections? \(({PROVISION_NUMBER})\)")
_REPEAL_FRAME = re.compile(r"\b(?:until|before|since|after|from|when)\b[^,;]{0,60}?\b(?:repeal\w*|"
                           r"omitted|revoked|abolished|came into force)\b[^,;]*",
                           re.IGNORECASE)
"""A frame in time ("Until section 21 was repealed for England from 1 May 2026, …"): it dates
the rule, it does not state it, so its words are not a sibling's terms."""


def _spelt_out(own: str, section: str) -> set[str]:
    """The words an initialism of the quoted subsection stands for, where the section spells
    it out: "the IMO" is the "interim management order" its subsection (1) names."""
    found: set[str] = set()
    words = re.findall(r"[A-Za-z][\w’'-]*", section)
    for short in set(INITIALS.findall(own)):
        run = next((run for run in spelt_runs(short, words) if any(w.islower() for w in run)),
                   None)
        if run is not None:
            found |= _stems(" ".join(run))
    return found


_BACK = re.compile(r"\b(?:any |every |each |no )?such (?!as\b)[a-z]{3,}", re.IGNORECASE)
"""Words that point back to the subsection before ("any such breach")."""


def sibling_claims(claim: str, section: str, quote: str | None, label: str | None) -> list[str]:
    """Why the statement speaks of a sibling of the subsection it quotes, if it does."""
    if not _WIDENS.search(claim):
        return []
    subs = _subsections(section)
    if len(subs) < 3:
        return []
    if label is None and quote:
        want = normalise(quote)
        label = next((k for k, v in subs.items() if want in normalise(v)), None)
    own = subs.get(label or "")
    if own is None:
        return []
    counts: dict[str, int] = {}
    for text in subs.values():
        for s in _stems(text):
            counts[s] = counts.get(s, 0) + 1
    particular = {s for s, n in counts.items() if n <= len(subs) / 2}
    mine = _stems(own) | _spelt_out(own, section)
    labels = list(subs)
    if _BACK.search(own) and labels.index(label or "") > 0:
        # "any such breach": the quoted subsection speaks of the earlier one's terms.
        mine |= _stems(subs[labels[labels.index(label or "") - 1]])
    for other, words in subs.items():
        # The section's scope ("This section applies while a final management order is in
        # force") governs every subsection, and one the quoted words refer to ("in accordance
        # with subsection (3)") is part of what they say, as is one their own subsection
        # turns on ("If subsection (4) does not apply to the house, …").
        if _SCOPE.match(words) or other in _REFERRED.findall(f"{quote or ''} {own}"):
            mine |= _stems(words)
    plain = PARTY.sub(" ", _ACTOR_NAME.sub(" ", _REPEAL_FRAME.sub(" ", claim)))
    extra = {s for s in _stems(plain) if _absent(s, mine)} & particular
    for other, text in subs.items():
        hit = sorted(extra & _stems(text))
        if other != label and hit:
            return [f"The statement speaks of {', '.join(hit)}, which subsection ({other}) "
                    f"governs, not subsection ({label}), which it quotes."]
    return []


_LIMITS = r"reasonable|appropriate|proper|reasonably practicable"
"""Words that limit a term by judgement. Not "specified" or "prescribed": those name a defined
thing ("specified premises"), and a paraphrase may leave the definition to the Act."""
_LIMITED = re.compile(rf"\b(?:any|all|every)\s+(?:{_LIMITS})\s+(?P<term>[a-z]{{3,}})\b",
                      re.IGNORECASE)
"""A term limited wherever it falls ("at any reasonable time"); not a designation ("the
appropriate person", the one the Act defines)."""


def dropped_limits(claim: str, quote: str | None) -> list[str]:
    """Terms the quote limits ("any reasonable time") that the statement uses unlimited."""
    if not quote:
        return []
    found = []
    for m in _LIMITED.finditer(normalise(quote)):
        term = m["term"].lower()
        uses = list(re.finditer(rf"\b(?:any|every|all|a|an|the|such)\s+(?:(?P<l>\w+)\s+)?"
                                rf"{term}s?\b", claim, re.IGNORECASE))
        if uses and not any(re.fullmatch(_LIMITS, u["l"] or "", re.IGNORECASE) for u in uses) \
                and not re.search(rf"\b(?:{_LIMITS})\b", claim, re.IGNORECASE):
            found.append(f"The quoted words limit “{term}” (“{m.group()}”); the statement does "
                         "not.")
    return found


_LEAD = re.compile(rf"^\s*{either(*CONDITIONS)}\b(?P<cond>[^—:;]*?),\s", re.IGNORECASE)
"""A subsection that opens with its condition: "If the authority conclude that …, …"."""
_UNLESS = re.compile(rf"\b{either('unless')}\b(?P<cond>[^.]*)", re.IGNORECASE)
_CONDITIONAL = re.compile(
    rf"\b(?:{either(*CONDITIONS, 'when', 'whenever', 'provided')}|only|except)\b", re.IGNORECASE)
"""A statement that states a condition of its own ("only" and "except" restrict it as a
condition does) is compared by the other checks. Not "once" or "after": they date a duty
("once an order is in force"), they do not restate its condition."""
_FEWEST = 3
"""Terms a condition must have of its own for its absence from a statement to be seen."""


def _quoted_subsection(section: str, want: str, label: str | None) -> str:
    """The subsection the quote (normalised) is from: its label's when the quote is there,
    else the first that holds it, else the whole section — a condition is read from the words
    quoted, never from a sibling."""
    subs = _subsections(section)
    own = subs.get(label or "") if label else None
    if own is None or want not in normalise(own):
        own = next((v for v in _units(section) if want in normalise(v)), section)
    return own


_UNIT = re.compile(rf"(?m)^(?:\*\*{PROVISION_NUMBER}\*\*|\({PROVISION_NUMBER}\))\s")
"""Where a subsection, or a Schedule's paragraph ("**4** (1) A person who is given …"), begins:
a Schedule cited whole is read paragraph by paragraph, never as one rule."""


def _units(text: str) -> list[str]:
    """The text cut where each subsection or Schedule paragraph begins."""
    cuts = [0, *[m.start() for m in _UNIT.finditer(text)], len(text)]
    return [text[a:b] for a, b in itertools.pairwise(cuts) if text[a:b].strip()]


def dropped_conditions(claim: str, section: str, quote: str | None,
                       label: str | None) -> list[str]:
    """The quoted duty or prohibition holds only on a condition the statement leaves out."""
    if not quote or not modalities(claim) & {"duty", "prohibition", "no_duty"} \
            or _CONDITIONAL.search(claim):
        return []
    want = normalise(quote)
    own = _quoted_subsection(section, want, label)
    conditions = []
    if (lead := _LEAD.match(own)) is not None and want not in normalise(lead["cond"]):
        conditions.append(lead["cond"])
    if re.search(r"\bunless\b", quote, re.IGNORECASE):
        conditions += [m["cond"] for m in _UNLESS.finditer(own)]
    said, quoted = _stems(claim), _stems(quote)
    for condition in conditions:
        own_terms = {s for s in _stems(condition) if _absent(s, quoted)}
        if len(own_terms) >= _FEWEST and sum(not _absent(s, said) for s in own_terms) < 2:
            return [f"The quoted words hold only on a condition (“{_clip(condition)}”) that "
                    "the statement leaves out."]
    return []


_EVERY = re.compile(r"\b(?:whether or not|in (?:every|all|any) (?:case|circumstances?|event)|"
                    r"at any time|"
                    r"in every \w+|for whatever|always|regardless|irrespective)\b", re.IGNORECASE)


def widened_conditions(claim: str, quote: str | None) -> list[str]:
    """The quoted words carry their own condition; the statement says the rule holds in
    every case, or waives in so many words what the quoted words require ("whether or not it
    appears to the authority relevant" beside "it appears to the authority that the evidence
    is relevant")."""
    claim = _ASKED.sub(" ", claim)
    if quote and _EVEN.search(claim) and not _EVEN.search(quote) and (
            _ONLY_IF.search(quote) or STATED_CONDITION.search(_AS_IF.sub(" ", normalise(quote)))):
        return ["The quoted words hold only if a condition is met; the statement says the rule "
                "holds even where it is not."]
    if quote and (without := _WITHOUT.search(claim)) is not None and not re.search(
            rf"\bwithout\b[^.;]{{0,30}}\b{without['what'][:5]}", quote, re.IGNORECASE) \
            and re.search(rf"\bunless\b[^.;]{{0,30}}\b{without['what'][:5]}", quote,
                          re.IGNORECASE):
        return [f"The statement says the rule holds without {without['what']}; the quoted words "
                f"require it (“unless …”)."]
    if not quote or not _EVERY.search(claim):
        return []
    if STATED_CONDITION.search(normalise(quote)):
        return ["The quoted words hold only on a condition they state; the statement says the "
                "rule holds in every case."]
    waived = _WAIVED.search(claim)
    if waived is not None and len(_stems(waived["what"]) & _stems(quote)) >= 2:
        return ["The statement says the rule holds whether or not what the quoted words "
                "require is so."]
    return []


_WITHOUT = re.compile(r"\bwithout (?:anyone['’]s |any |the |his |her |their |its )?"
                      r"(?:[a-z]+['’]s )?(?P<what>[a-z]{5,})", re.IGNORECASE)
"""What a statement says the rule does without: "without anyone's consent"."""
_EVEN = re.compile(r"\beven (?:if|where|when|though)\b", re.IGNORECASE)
_ONLY_IF = re.compile(r"\bonly (?:if|where|when)\b", re.IGNORECASE)
_AS_IF = re.compile(r"\bas (?:if|though)\b", re.IGNORECASE)
"""A legal fiction, not a condition: "is to be treated as if it were a legal lease" holds in
every case the quote names."""
_ASKED = re.compile(r"\b(?:decid|consider|determin|ask|know|choos|chose|assess|review|"
                    r"clear|unsure|question)\w*\s+(?:[\w’']+\s+){0,2}?whether or not\b",
                    re.IGNORECASE)
"""An indirect question ("a duty to decide whether or not to start the process"): the
statement asks which, it waives nothing."""
_WAIVED = re.compile(r"\b(?:whether or not|regardless of whether|irrespective of whether)\s+"
                     r"(?P<what>[^,.;]{8,80})", re.IGNORECASE)


def _clip(text: str, limit: int = 120) -> str:
    text = re.sub(r"^[\s—–-]*(?:\([a-z0-9]+\)\s*)?", "", " ".join(text.split()))
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


_ADDS = re.compile(r"\b(?:only (?:if|with|where|when|once|after|on|by|to|for)|"
                   r"provided(?: that)?|on condition that|(?:so|as) long as|subject to|once)\b"
                   r"(?P<cond>[^.;]*)|,\s*(?:if|where|when)\b(?P<tail>[^.;,]*)[.;]?\s*$",
                   re.IGNORECASE)
"""A condition a statement puts on its rule: "only if …", "provided that …", or a last clause
after a comma ("…, if the authority first gives permission")."""
_NEW_SHARE = 0.6
"""Share of a condition's terms that must be absent from the quoted subsection: a condition
restated in other words ("only with written consent" for "unless consent in writing has been
given") keeps most of its terms."""


def added_conditions(claim: str, section: str, quote: str | None,
                     label: str | None) -> list[str]:
    """A condition the statement puts on the rule that the quoted subsection does not have."""
    start = first_modal(claim)
    if not quote or start is None:
        return []
    mine = _stems(_quoted_subsection(section, normalise(quote), label))
    for m in _ADDS.finditer(claim, start):
        terms_of = _stems(m["cond"] if m["cond"] is not None else m["tail"])
        new = {s for s in terms_of if _absent(s, mine)}
        if len(new) >= 2 and len(new) >= _NEW_SHARE * len(terms_of):
            return [f"The statement adds a condition (“{_clip(m.group())}”) that the quoted "
                    "subsection does not have."]
    return []


def sibling_figures(claim: str, section: str, label: str | None) -> list[str]:
    """Figures of the statement that a sibling of the cited subsection holds, not it."""
    subs = _subsections(section)
    own = subs.get(label or "")
    if own is None:
        return []
    mine = quantities(own) | substituted(own)
    found = []
    for figure in sorted(quantities(claim) - mine):
        # A sibling that names the cited subsection qualifies it ("Subsection (1B) applies
        # … if it is a fixed term of not less than two years"): its figures are the cited
        # rule's too.
        other = next((k for k, v in subs.items() if k != label and figure in quantities(v)
                      and not re.search(rf"\({re.escape(label or '')}\)", v)), None)
        # A statement that names the sibling as the figure's home ("the four-month bar in
        # subsection (4B)") does not give the figure to the cited subsection.
        if other is not None and not re.search(rf"\({re.escape(other)}\)", claim):
            found.append(f"The statement's figure is in subsection ({other}), not in "
                         f"subsection ({label}), which it cites.")
    return found


def waived_conditions(claim: str, section: str, quote: str | None,
                      label: str | None) -> list[str]:
    """The statement waives ("whether or not it is reasonably practicable for him") what the
    quoted words' own subsection or paragraph makes a condition of the rule ("… unless (a) it
    is reasonably practicable for him to do so; and (b) his reasonable costs … are paid"):
    doubted, never removed. ``widened_conditions`` reads the quote alone; the condition may
    sit beside the quoted item in the same list."""
    if not quote:
        return []
    own = _quoted_subsection(section, normalise(quote), label)
    if (without := _WAIVED_BY.search(claim)) is not None and not _DENIED.search(claim):
        what = _stems(without["what"])
        # The quoted words may waive it themselves ("they may create … without any such
        # consent so long as …"): their own "without" is the rule, not a waiver of it.
        granted = {s for m in _WAIVED_BY.finditer(f"{quote} {own}") for s in _stems(m["what"])}
        conditions = [] if any(not _absent(s, granted) for s in what) else \
            _conditions_on(section, own, label, normalise(quote))
        for condition in conditions:
            kept = {s for s in what if not _absent(s, _stems(condition))}
            if len(kept) >= 2 and len(kept) >= _NEW_SHARE * len(what):
                return [f"The statement says the rule holds without {_clip(without['what'])}; "
                        f"its section makes that a condition of it (“unless "
                        f"{_clip(condition)}”)."]
    waived = _WAIVED.search(_ASKED.sub(" ", claim))
    if waived is None:
        return []
    if not CONDITION.search(own):
        return []
    waived_terms, own_terms = _stems(waived["what"]), _stems(own)
    kept = {s for s in waived_terms if not _absent(s, own_terms)}
    if len(kept) >= 2 and len(kept) >= _NEW_SHARE * len(waived_terms):
        return ["The statement says the rule holds whether or not what the quoted words' "
                f"provision makes a condition of it is so (“{_clip(waived.group())}”)."]
    return []


_WAIVED_BY = re.compile(r"\bwithout (?P<what>[^,.;]{8,120})", re.IGNORECASE)
"""What a statement says its rule holds without: "may make an order … without notice of the
application having been given to the local housing authority"."""
_DENIED = re.compile(r"\b(?:not|no|never|cannot|nor)\b|n['’]t\b", re.IGNORECASE)
"""A rule denied ("no order may be made without notice …", "Without the owner's written
consent, a council … cannot grant …") restates the condition, it does not waive it."""


def _conditions_on(section: str, own: str, label: str | None, want: str) -> list[str]:
    """The "unless" conditions a section puts on the quoted subsection: in its own words, or
    in a sibling that names it ("(5) No order may be made under subsection (2) unless notice of
    the application has been given …") — the quoted words hold only on them, though they sit
    in another subsection. Read in the subsections' order, so the same text always gives the
    same conditions."""
    subs = _subsections(section)
    if label is None or label not in subs:
        label = next((k for k, v in subs.items() if want in normalise(v)), None)
    texts = [own]
    if label is not None:
        texts += [v for k, v in subs.items()
                  if k != label and re.search(rf"\(\s*{re.escape(label)}\s*\)", v)]
    return [m["cond"] for text in texts for m in _UNLESS.finditer(text)]


_WHENEVER = re.compile(r"\bwhenever\b", re.IGNORECASE)


def unquoted_condition(claim: str, section: str, quote: str | None,
                       label: str | None) -> list[str]:
    """The quoted words are one of a list of conditions ("… apply if— … (b) the licence holder
    has not knowingly permitted the breach …"); the statement says the rule holds "whenever"
    another of them is met and leaves the quoted one out: doubted, never removed."""
    if not quote or not _WHENEVER.search(claim):
        return []
    want = normalise(quote)
    own = normalise(_quoted_subsection(section, want, label))
    at = own.find(want)
    if at < 0 or not LIST_CONDITION.search(own[:at]):
        return []
    rest = _stems(own[:at] + " " + own[at + len(want):])
    quoted = {s for s in _stems(quote) if _absent(s, rest)}  # what only this condition says
    kept = {s for s in quoted if not _absent(s, _stems(claim))}
    if len(quoted) >= 2 and len(kept) < 0.5 * len(quoted):
        return ["The quoted words are a condition of the rule; the statement says the rule holds "
                "whenever another condition is met and leaves the quoted one out."]
    return []

"""Query classification: by features and keywords offline, by the model when one is configured.

The offline classifier is also the fallback when the model's answer cannot be parsed, so
routing never fails for want of a model.
"""

from __future__ import annotations

import json
import re
from typing import Literal, get_args

import msgspec

from shared.events import QueryType, Tier, WorkerName

__all__ = ["Routing", "choose_tier", "classify_offline", "parse_model_routing"]

_WORKERS: tuple[WorkerName, ...] = get_args(WorkerName)
_QUERY_TYPES: tuple[QueryType, ...] = get_args(QueryType)
_TIERS: tuple[Tier, ...] = get_args(Tier)


class Routing(msgspec.Struct, frozen=True, kw_only=True):
    query_type: QueryType
    complexity: int
    workers: list[WorkerName]
    model_tier: Tier
    reason: str
    method: Literal["offline", "model", "fallback"] = "offline"


# Each worker is chosen by the signals that point at its source. Patterns are matched on the
# lower-cased question with word boundaries.
_SIGNALS: dict[WorkerName, tuple[str, ...]] = {
    "policy": (
        r"polic(y|ies)", r"procedures?", r"our", r"we", r"us", r"tenants?", r"residents?",
        r"repairs?", r"damp", r"mould", r"complaints?", r"let", r"flats?", r"homes?",
        r"propert(y|ies)", r"inspect\w*", r"timescales?", r"staff", r"officers?",
    ),
    "legislation": (
        r"acts?", r"sections?", r"s\.\s?\d+", r"regulations?", r"statut\w*", r"laws?",
        r"legal(ly)?", r"legislation", r"duty", r"duties", r"obliged", r"obligations?",
        r"must", r"required?", r"licen[cs]\w*", r"hmo", r"houses? in multiple occupation",
        r"notices?", r"evict\w*", r"possession", r"section 21", r"hhsrs", r"fitness",
        r"awaab'?s law", r"enforcement", r"landlords?",
        # What only the statute book gives, asked about without naming an Act: a deposit's
        # protection, a statutory order, a county court's powers.
        r"(?:tenancy )?deposits?", r"(?:emergency )?(?:prohibition|demolition|management|"
        r"banning|closing|rent repayment|possession) orders?", r"county courts?",
        # A council's enforcement and the appeal against it: both exist only by statute.
        r"(?:emergency )?remedial action", r"works in default",
        r"appeal\w* against (?:the |a |an |its )?(?:council|local (?:housing )?authority)",
    ),
    "caselaw": (
        r"cases?", r"case law", r"judgm?ents?", r"courts?", r"tribunals?", r"rul(ed|ing)",
        r"precedents?", r"appeal\w*", r"ewhc", r"ewca", r"uksc", r"ukut", r"v\.?", r"claims?",
        r"sued?", r"disrepair", r"judges?", r"justices?", r"hearings?",
        r"claimants?", r"defendants?", r"appellants?", r"judicial review",
        # How litigation words a party's case: no statute or policy speaks of grounds of
        # challenge or of a party conceding one.
        r"grounds? (?:of|for) (?:challenge|appeal|review)", r"conced(?:e|ed|es|ing)",
    ),
    "external": (
        r"regulator", r"rsh", r"ombudsman", r"consumer standards?", r"consultations?",
        r"guidance", r"news", r"latest", r"spotlight", r"tenant satisfaction", r"tsms?",
        r"inspections? by", r"determinations?", r"damp and mould",
    ),
}
_COMPILED = {
    w: [re.compile(rf"(?<![\w']){p}(?![\w'])") for p in pats] for w, pats in _SIGNALS.items()
}
_NAMES_A_PERSON = re.compile(
    r"\b(?:Mr|Mrs|Ms|Miss|Dr|Sir|Dame|Lord|Lady)\.? [A-Z][a-z]+|\b[A-Z][a-z]+ (?:J|LJ|JJ|LJJ)\b",
)
"""A person named as a judgment names its parties and judges ("Mr Holyoake", "Arnold J"):
statutes and a landlord's policies name no one, so the question is about a case."""
_NAMES_A_COMPANY = re.compile(
    r"(?<![\w'])(?!(?:I|A|An|Am|Is|Are|Was|Were|Be|Been|Any|Some|All|No|Not|The|My|Our|Your|"
    r"Their|His|Her|We|You|They|It|He|She)\b)[A-Z0-9][A-Za-z0-9&]*"
    r"(?: [A-Z0-9][A-Za-z0-9&]*)* (?:Ltd|Limited|plc|PLC|LLP)\b"
    r"|\b(?=[A-Z0-9&]*\d|[A-Z0-9&]*[A-Z][A-Z0-9&]*[A-Z])[A-Z0-9&]{2,} Solutions\b")
"""A company named as a party ("CPC Group Ltd", "D2M Solutions"): a capitalised name, not a
pronoun or a determiner ("Am I Limited", "Any Solutions"), then a capitalised suffix; a trading
word such as "Solutions" only after an initialism. A judgment names the companies before it,
but so does a tenant naming a managing agent, so a company alone adds case law to the sources
a question would get anyway and never leads."""
_NAMES_A_SOURCE = re.compile(
    r"\b[A-Z][A-Za-z' ]+ Act \d{4}\b|\[\d{4}\] [A-Z]+ \d+|\b(section|s\.)\s?\d+",
)
_CONVERSATIONAL = re.compile(
    r"^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks?( you)?|cheers|ok(ay)?|"
    r"who are you|what can you do)\b",
)


def _hits(question: str) -> dict[WorkerName, int]:
    text = question.lower()
    hits = {w: sum(1 for p in pats if p.search(text)) for w, pats in _COMPILED.items()}
    # A company leads to case law only beside a case word or " v " (counted above).
    hits["caselaw"] += bool(_NAMES_A_PERSON.search(question)
                            or (hits["caselaw"] and _NAMES_A_COMPANY.search(question)))
    return hits


def classify_offline(question: str) -> Routing:
    """Deterministic routing from keywords and simple features of the question.

    The tenant's own policies are searched for every compliance question unless it names a
    specific Act, section or judgment: a landlord's practice is almost always in point.
    """
    text = question.lower()
    hits = _hits(question)
    signalled = {w: n for w, n in hits.items() if n > 0 and not (w == "policy" and n < 2)}
    if _CONVERSATIONAL.search(text) and sum(hits.values()) <= 2:
        return Routing(query_type="conversational", complexity=5, workers=[], model_tier="fast",
                       reason="A greeting or remark about the assistant, not a compliance "
                              "question.")
    if signalled:
        named = ", ".join(f"{w} ({n})" for w, n in sorted(signalled.items(), key=lambda x: -x[1]))
        reason = f"Signals found for: {named}."
    else:
        signalled = {"policy": 1, "legislation": 1}
        reason = "No strong signal, so the tenant's policies and legislation are both searched."
    query_type: QueryType = next(iter(signalled)) if len(signalled) == 1 else "mixed"
    chosen = set(signalled)
    if not _NAMES_A_SOURCE.search(question):
        chosen.add("policy")
    if _NAMES_A_COMPANY.search(question):
        chosen.add("caselaw")
    workers = [w for w in _WORKERS if w in chosen]
    complexity = _complexity(text, len(workers))
    return Routing(query_type=query_type, complexity=complexity, workers=workers,
                   model_tier=choose_tier(query_type, complexity, workers, text), reason=reason)


def _complexity(text: str, n_workers: int) -> int:
    words = len(text.split())
    parts = text.count("?") + len(re.findall(r"\b(and|also|whether|compare|versus|vs)\b", text))
    score = 10 + 12 * n_workers + min(words, 80) // 2 + 6 * max(parts - 1, 0)
    return max(0, min(100, score))


_COMPARES = re.compile(
    r"\b(compare[sd]?|comparison|versus|vs\.?|differ\w*|conflicts?|consistent|reconcile|"
    r"against|whereas|(?:faster|slower|quicker|longer|shorter|higher|lower|bigger|smaller) or "
    r"(?:faster|slower|quicker|longer|shorter|higher|lower|bigger|smaller))\b")
"""A comparison: named as one, or asked as a choice of comparatives ("faster or slower"); not a
threshold ("no longer than 28 days", "more than two households")."""


def choose_tier(query_type: QueryType, complexity: int, workers: list[WorkerName],
                text: str = "") -> Tier:
    """The model tier a question needs, from what it asks and how much.

    Small talk and a lookup in one source (a policy's timescale, what a section says) are
    fast; weighing case law, or reading across sources, needs the balanced tier; a broad
    question, or a comparison across three sources or more, the deep one.
    """
    if query_type == "conversational":
        return "fast"
    sources = len(workers)
    compares = bool(_COMPARES.search(text.lower()))
    if complexity >= 75 or (compares and sources >= 3):
        return "deep"
    if query_type == "caselaw" or "caselaw" in workers or compares:
        return "balanced"
    if query_type == "mixed" and (sources >= 3 or complexity >= 50):
        return "balanced"
    return "fast" if complexity < 50 else "balanced"


def parse_model_routing(raw: str) -> Routing | None:
    """The model's JSON routing, validated; ``None`` when it cannot be used."""
    match = re.search(r"\{.*\}", raw, re.DOTALL)
    if match is None:
        return None
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    query_type, tier = data.get("query_type"), data.get("model_tier")
    complexity, workers = data.get("complexity"), data.get("workers")
    if (
        query_type not in _QUERY_TYPES
        or tier not in _TIERS
        or not isinstance(complexity, int | float)
        or not isinstance(workers, list)
        or any(w not in _WORKERS for w in workers)
    ):
        return None
    score = max(0, min(100, int(complexity)))
    chosen = [w for w in _WORKERS if w in workers]
    return Routing(
        query_type=query_type,
        complexity=score,
        workers=chosen,
        # The tier follows from the model's own classification by the same rule as offline,
        # so a tenant's tier configuration means the same whichever classified.
        model_tier=choose_tier(query_type, score, chosen),
        reason=str(data.get("reason", ""))[:500],
        method="model",
    )

"""The event vocabulary: every fact the engine records, as one tagged union.

Adding a kind of event is adding one class here (and to ``AnyEvent``). Fields added later
always get defaults and never change type, so an old log always decodes.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

import msgspec

__all__ = [
    "TERMINAL_TYPES",
    "AgentStart",
    "AnswerRevised",
    "AnyEvent",
    "CacheHit",
    "CaseLawSource",
    "CitationChecked",
    "CitationStatus",
    "ConfidenceLevel",
    "ConfidenceUpdate",
    "ConfigurationChanged",
    "ConfigurationSection",
    "ContentDelta",
    "ConversationArchived",
    "ConversationCreated",
    "ConversationRenamed",
    "DocumentAdded",
    "DocumentEvent",
    "DocumentRemoved",
    "DocumentReplaced",
    "DraftCompleted",
    "Envelope",
    "Event",
    "EventMeta",
    "Finding",
    "GapChecked",
    "InvocationCancelRequested",
    "InvocationCancelled",
    "InvocationCompleted",
    "InvocationEvent",
    "InvocationFailed",
    "InvocationStarted",
    "LawStatus",
    "LegalSource",
    "MessageReceived",
    "PolicySource",
    "QaReport",
    "QueryRewritten",
    "QueryType",
    "RewriteMethod",
    "RoutingDecided",
    "SentenceDrafted",
    "SkillActivated",
    "Tier",
    "TitleGenerated",
    "Usage",
    "UsageRecorded",
    "VerificationResult",
    "WorkerFindings",
    "WorkerName",
    "configuration_stream",
    "decode_event",
    "derived_id",
    "document_stream",
    "encode_event",
    "event_type",
    "is_tenant_record",
    "type_tag",
]

QueryType = Literal["policy", "legislation", "caselaw", "external", "mixed", "conversational"]
Tier = Literal["fast", "balanced", "deep"]
WorkerName = Literal["policy", "legislation", "caselaw", "external"]
CitationStatus = Literal["verified", "unverified", "removed", "pre_1963_digitised"]
ConfidenceLevel = Literal["high", "medium", "low"]
RewriteMethod = Literal["unchanged", "offline", "model", "fallback"]

_NAMESPACE = uuid.UUID("8f9d5f0e-6f1c-4b8e-9a57-1f0c4e2b7d11")


def _now() -> datetime:
    return datetime.now(UTC)


def derived_id(parent: uuid.UUID, *parts: object) -> uuid.UUID:
    """A deterministic event id, so that a handler run twice produces the same events."""
    return uuid.uuid5(_NAMESPACE, ":".join([str(parent), *map(str, parts)]))


class EventMeta(msgspec.Struct, frozen=True, kw_only=True):
    """Who produced an event, what caused it, and the W3C trace it belongs to."""

    producer: str = ""
    causation_id: uuid.UUID | None = None
    traceparent: str | None = None
    tracestate: str | None = None


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Fields every event carries."""

    conversation_id: uuid.UUID
    tenant_id: str
    invocation_id: uuid.UUID | None = None
    event_id: uuid.UUID = msgspec.field(default_factory=uuid.uuid4)
    occurred_at: datetime = msgspec.field(default_factory=_now)
    meta: EventMeta = EventMeta()


class InvocationEvent(Event, frozen=True, kw_only=True):
    """An event of one invocation (one question and its answer): it always names it."""

    invocation_id: uuid.UUID


R = TypeVar("R", bound=InvocationEvent)


@dataclass(frozen=True, kw_only=True)
class Envelope:
    """What every event emitted in reply to a cause carries: the invocation's identity, and
    metadata naming the producer, the cause and the trace.

    The one place that stamps replies: ``reply`` also derives the event id from the invocation
    and a step name, so a handler run twice emits the same ids and the log records nothing
    twice.
    """

    conversation_id: uuid.UUID
    tenant_id: str
    invocation_id: uuid.UUID
    meta: EventMeta

    @classmethod
    def of(cls, cause: InvocationEvent, meta: EventMeta) -> Envelope:
        return cls(conversation_id=cause.conversation_id, tenant_id=cause.tenant_id,
                   invocation_id=cause.invocation_id, meta=meta)

    def reply(self, event_class: type[R], /, *step: object, **fields: Any) -> R:
        """An ``event_class`` event of this invocation whose id derives from ``step``."""
        return event_class(event_id=derived_id(self.invocation_id, *step),
                    conversation_id=self.conversation_id, tenant_id=self.tenant_id,
                    invocation_id=self.invocation_id, meta=self.meta, **fields)


# -- conversations ----------------------------------------------------------------------------


class ConversationCreated(Event, frozen=True, kw_only=True, tag="conversation.created"):
    user_id: str
    title: str = ""
    persona_id: str | None = None
    """The persona chosen for the conversation: its messages use it unless one names
    another; ``None``: the tenant's default persona."""


class ConversationRenamed(Event, frozen=True, kw_only=True, tag="conversation.renamed"):
    user_id: str
    title: str


class ConversationArchived(Event, frozen=True, kw_only=True, tag="conversation.archived"):
    user_id: str


# -- the policy library ----------------------------------------------------------------------


def document_stream(tenant_id: str) -> uuid.UUID:
    """The stream of a tenant's document changes: one per tenant, beside its conversations,
    created by a ``conversation.created`` of its own (which no conversation list shows)."""
    return uuid.uuid5(_NAMESPACE, f"documents:{tenant_id}")


def configuration_stream(tenant_id: str) -> uuid.UUID:
    """The stream of a tenant's configuration changes (tenant settings, personas, skills,
    sources, models, budget, cache): one per tenant, like the document stream, so an auditor
    reads who changed what, and when, in order."""
    return uuid.uuid5(_NAMESPACE, f"configuration:{tenant_id}")


def is_tenant_record(tenant_id: str, stream_id: uuid.UUID) -> bool:
    """Whether a stream is one of the tenant's own records (documents, configuration) rather
    than a conversation: no conversation list shows them."""
    return stream_id in (document_stream(tenant_id), configuration_stream(tenant_id))


ConfigurationSection = Literal[
    "tenant", "persona", "skill", "source", "models", "agent", "prices", "budget", "cache"
]


class ConfigurationChanged(Event, frozen=True, kw_only=True, tag="configuration.changed"):
    """One change to a tenant's configuration, in the tenant's configuration stream: who made
    it and the configuration before and after (``None`` before a creation, after a removal).
    The change applies to the next invocation; this event is its audit record."""

    user_id: str
    section: ConfigurationSection
    key: str = ""
    """Which item of the section (a persona's id, an agent's name); empty for the section."""
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


class DocumentEvent(Event, frozen=True, kw_only=True):
    """A change to a tenant's policy library, in the tenant's document stream."""

    document_id: uuid.UUID
    """The document across its versions (the library's id)."""
    version: int
    version_id: uuid.UUID
    """This version's id, as citations ``doc:<id>#<chunk>`` name it."""
    title: str
    sha256: str
    """Of the version's text (UTF-8)."""
    user_id: str


class DocumentAdded(DocumentEvent, frozen=True, kw_only=True, tag="document.added"):
    pass


class DocumentReplaced(DocumentEvent, frozen=True, kw_only=True, tag="document.replaced"):
    """``version`` supersedes the previous one, which stays readable for audit."""


class DocumentRemoved(DocumentEvent, frozen=True, kw_only=True, tag="document.removed"):
    """``version`` (the last) is out of search, and kept for audit."""


# -- invocation lifecycle ---------------------------------------------------------------------


class InvocationStarted(InvocationEvent, frozen=True, kw_only=True, tag="invocation.started"):
    user_id: str
    message_id: uuid.UUID
    testing_mode: bool = False


class MessageReceived(InvocationEvent, frozen=True, kw_only=True, tag="message.received"):
    user_id: str
    message_id: uuid.UUID
    content: str
    jurisdiction: str | None = None
    persona_id: str | None = None
    """The persona that answers: the message's choice, else the conversation's, else the
    tenant's default at the time; ``None``: no persona."""


class InvocationCancelRequested(
    InvocationEvent, frozen=True, kw_only=True, tag="invocation.cancel_requested"
):
    user_id: str


class Usage(msgspec.Struct, frozen=True, kw_only=True):
    """Token counts of one or more model calls."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_creation_input_tokens=self.cache_creation_input_tokens
            + other.cache_creation_input_tokens,
            cache_read_input_tokens=self.cache_read_input_tokens + other.cache_read_input_tokens,
        )


class InvocationCompleted(InvocationEvent, frozen=True, kw_only=True, tag="invocation.completed"):
    usage: Usage = Usage()
    cache_hit: bool = False
    """The answer was a verified answer reused from the semantic cache (DESIGN §5d)."""
    cost: str = "0"
    """What the invocation's model calls cost: the sum of its ``usage.recorded`` costs, a
    decimal string (money is never a float)."""
    currency: str = "USD"


class InvocationCancelled(InvocationEvent, frozen=True, kw_only=True, tag="invocation.cancelled"):
    reason: str = "Cancelled by the user."
    usage: Usage = Usage()
    cost: str = "0"
    """What the model calls made before the cancel cost (a decimal string)."""
    currency: str = "USD"


class InvocationFailed(InvocationEvent, frozen=True, kw_only=True, tag="invocation.failed"):
    stage: str
    reason: str
    usage: Usage = Usage()
    cost: str = "0"
    """What the model calls made before the failure cost (a decimal string)."""
    currency: str = "USD"


# -- routing and workers ----------------------------------------------------------------------


class QueryRewritten(InvocationEvent, frozen=True, kw_only=True, tag="query.rewritten"):
    """The question the workers search for: the message made standalone from the
    conversation ("and if the tenant is vulnerable?" after a complaints question), or the
    message itself (``method="unchanged"``)."""

    original: str = ""
    standalone: str = ""
    method: RewriteMethod = "unchanged"
    carried: list[str] = []
    """What the standalone question took from earlier turns (topics, Acts, sections)."""


class RoutingDecided(InvocationEvent, frozen=True, kw_only=True, tag="routing.decided"):
    query_type: QueryType
    complexity: int
    workers: list[WorkerName]
    model_tier: Tier
    method: Literal["offline", "model", "fallback"] = "offline"
    reason: str = ""


class CacheHit(InvocationEvent, frozen=True, kw_only=True, tag="cache.hit"):
    """The question asks what an earlier, verified answer of the tenant answered: that answer
    is streamed again (and verified again) instead of running the workers (DESIGN §5d).

    Recorded instead of ``routing.decided``; ``usage`` and ``duration_ms`` are what the reused
    invocation cost, so the tenant's savings are summed from the log."""

    reused_invocation_id: uuid.UUID
    """The invocation whose answer is reused (an auditor reads its question there; the asker
    never sees another user's words)."""
    similarity: float
    reason: str = ""
    """Why the guard judged the two questions to ask the same thing."""
    usage: Usage = Usage()
    duration_ms: int = 0


class AgentStart(InvocationEvent, frozen=True, kw_only=True, tag="agent.start"):
    agent_name: str
    task_description: str


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """One piece of evidence a worker found, citable by its ``ref`` (DESIGN §5)."""

    ref: str
    title: str
    text: str
    uri: str | None = None
    score: float = 0.0


class WorkerFindings(InvocationEvent, frozen=True, kw_only=True, tag="worker.findings"):
    worker: WorkerName
    status: Literal["ok", "error", "timeout", "not_configured"]
    findings: list[Finding] = []
    error: str | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None


class PolicySource(InvocationEvent, frozen=True, kw_only=True, tag="policy.source"):
    document_id: uuid.UUID
    chunk: int
    title: str
    ref: str
    score: float = 0.0


class LegalSource(InvocationEvent, frozen=True, kw_only=True, tag="legal.source"):
    act_name: str
    section: str
    uri: str
    extent: list[str] = []
    status: str = "in_force"
    verification_status: CitationStatus | None = None


class CaseLawSource(InvocationEvent, frozen=True, kw_only=True, tag="caselaw.source"):
    case_name: str
    citation: str
    court: str
    date: str
    uri: str = ""


class GapChecked(InvocationEvent, frozen=True, kw_only=True, tag="gap.checked"):
    """What the findings could not cover: failed, late or unconfigured sources."""

    missing: list[str] = []
    note: str = ""


# -- synthesis --------------------------------------------------------------------------------


class SkillActivated(InvocationEvent, frozen=True, kw_only=True, tag="skill.activated"):
    """The skills (and the persona) that shaped the answer: their instructions were in its
    system prompt. Recorded before synthesis, only when there is at least one."""

    skills: list[str] = []
    """Skill ids, built-in (``legal-research``, ``case-law-analysis``) or the tenant's."""
    tools: list[str] = []
    """The tool families that ran for the answer (what activates a tool's skills)."""
    persona_id: str | None = None


class ContentDelta(InvocationEvent, frozen=True, kw_only=True, tag="content.delta"):
    text: str
    index: int = 0


class DraftCompleted(InvocationEvent, frozen=True, kw_only=True, tag="draft.completed"):
    text: str
    provider: str
    model: str
    offline: bool = False


class SentenceDrafted(InvocationEvent, frozen=True, kw_only=True, tag="draft.sentence"):
    """A sentence of the answer that holds a citation, complete while the answer still streams,
    so that its citations are checked at once (DESIGN §5a).

    Complete means the sentence splitter saw the next sentence start, or the stream ended; the
    draft is the concatenation of the invocation's ``content.delta`` texts.
    """

    index: int
    """The sentence's place among the invocation's drafted sentences, from 0."""
    text: str
    """The sentence as streamed, its cite tags included."""
    offset: int
    """Where ``text`` starts in the draft."""
    first_citation: int = 1
    """The number (from 1) of the sentence's first citation among the answer's citations."""


class TitleGenerated(InvocationEvent, frozen=True, kw_only=True, tag="title.generated"):
    title: str


class UsageRecorded(InvocationEvent, frozen=True, kw_only=True, tag="usage.recorded"):
    """One model call (or the calls of one step): who made it, on which model, and its cost."""

    agent: str
    provider: str
    model: str
    usage: Usage = Usage()
    cost: str = "0"
    """The call's cost at the tenant's price table, a decimal string (never a float)."""
    currency: str = "USD"
    priced: bool = True
    """False when the model had no price in the table: ``cost`` is then 0 but not free."""
    failure: str = ""
    """Why the call failed (``""``: it did not); its usage is then what was consumed before
    it failed, as the provider reported it or estimated (nothing, if no answer had begun)."""


# -- verification -----------------------------------------------------------------------------


LawStatus = Literal["in_force", "repealed", "not_in_force"]
"""Whether a cited provision is law today, as its source records."""


class CitationChecked(InvocationEvent, frozen=True, kw_only=True, tag="citation.checked"):
    index: int
    ref: str
    kind: Literal["legislation", "caselaw", "document", "external"]
    status: CitationStatus
    issues: list[str] = []
    quote: str | None = None
    claim: str = ""
    source_uri: str | None = None
    detail: str = ""
    law_status: LawStatus | None = None
    """Legislation only, when the source records it: a badge can say ``repealed`` and when."""
    status_date: str | None = None
    """ISO date of the repeal or of coming into force."""
    status_note: str = ""
    """The source's words on the status ("Omitted from 1 May 2026 … with savings")."""


class VerificationResult(InvocationEvent, frozen=True, kw_only=True, tag="verification.result"):
    citations_checked: int
    citations_verified: int
    issues: list[str] = []


class AnswerRevised(InvocationEvent, frozen=True, kw_only=True, tag="answer.revised"):
    """The answer after verification rewrote what it could not stand behind."""

    text: str
    removed: list[str] = []
    draft_chars: int | None = None
    """Set on a revision made while the answer streams: ``text`` stands for the draft's first
    ``draft_chars`` characters, and the answer goes on with the draft after them. The revision
    of the whole answer, after ``draft.completed``, leaves it unset."""


class ConfidenceUpdate(InvocationEvent, frozen=True, kw_only=True, tag="confidence.update"):
    level: ConfidenceLevel
    reason: str


class QaReport(InvocationEvent, frozen=True, kw_only=True, tag="qa.report"):
    passed: bool
    checks: dict[str, bool] = {}
    notes: list[str] = []


AnyEvent = (
    ConversationCreated
    | ConversationRenamed
    | ConversationArchived
    | InvocationStarted
    | MessageReceived
    | InvocationCancelRequested
    | InvocationCompleted
    | InvocationCancelled
    | InvocationFailed
    | QueryRewritten
    | RoutingDecided
    | CacheHit
    | AgentStart
    | WorkerFindings
    | PolicySource
    | LegalSource
    | CaseLawSource
    | GapChecked
    | SkillActivated
    | ContentDelta
    | DraftCompleted
    | SentenceDrafted
    | TitleGenerated
    | UsageRecorded
    | CitationChecked
    | VerificationResult
    | AnswerRevised
    | ConfidenceUpdate
    | QaReport
    | DocumentAdded
    | DocumentReplaced
    | DocumentRemoved
    | ConfigurationChanged
)

TERMINAL_TYPES = frozenset({"invocation.completed", "invocation.cancelled", "invocation.failed"})

_decoder = msgspec.json.Decoder(AnyEvent)
_encoder = msgspec.json.Encoder()


def encode_event(event: Event) -> bytes:
    return _encoder.encode(event)


def decode_event(payload: bytes | str) -> AnyEvent:
    """Decode one event; raises ``msgspec.ValidationError`` / ``DecodeError`` on bad input."""
    return _decoder.decode(payload)


def event_type(event: Event) -> str:
    return type_tag(type(event))


def type_tag(kind: type[Event]) -> str:
    """The ``type`` an event class is recorded and routed under, e.g. ``draft.completed``."""
    tag = kind.__struct_config__.tag
    assert isinstance(tag, str), f"{kind.__name__} is not a concrete event"
    return tag

"""Request and response bodies of the HTTP API, as msgspec structs (Litestar validates them)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated

import msgspec

from shared.store.read_models import (
    CitationOut,
    ConversationDetail,
    ConversationSummary,
    InvocationOut,
    MessageOut,
)
from shared.text.validation import checked_text

__all__ = [
    "Accepted",
    "CancelAccepted",
    "CitationOut",
    "ConversationDetail",
    "ConversationSummary",
    "DocumentDetail",
    "DocumentOut",
    "DocumentPage",
    "DocumentVersion",
    "Health",
    "InvocationOut",
    "LogEntry",
    "MessageOut",
    "NewConversation",
    "NewDocument",
    "NewMessage",
    "Rename",
]

Title = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


# Each request body checks its text in ``__post_init__`` (shared.text.validation): msgspec turns
# the ValueError into a validation error, so Litestar answers 400 naming the problem, and the
# same check runs when a route builds the struct itself (a multipart upload).


PersonaId = Annotated[str, msgspec.Meta(pattern="^[a-z0-9][a-z0-9_-]{0,39}$",
                                         description="A persona's id (GET /v1/personas).")]


class NewConversation(msgspec.Struct, frozen=True, kw_only=True):
    title: Annotated[str, msgspec.Meta(max_length=200)] = ""
    persona_id: PersonaId | None = None

    def __post_init__(self) -> None:
        checked_text(self.title, field="The title", blank_ok=True)


class Rename(msgspec.Struct, frozen=True, kw_only=True):
    title: Title

    def __post_init__(self) -> None:
        checked_text(self.title, field="The title")


class NewMessage(msgspec.Struct, frozen=True, kw_only=True):
    content: Annotated[str, msgspec.Meta(min_length=1, description="The question, in UTF-8; "
                                         "at most Settings.max_message_bytes bytes (else 413).")]
    jurisdiction: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] | None = None
    persona_id: PersonaId | None = None
    """Answer as this persona; without one, as the conversation's, else the tenant's
    default persona."""

    def __post_init__(self) -> None:
        checked_text(self.content, field="The message content")
        if self.jurisdiction is not None:
            checked_text(self.jurisdiction, field="The jurisdiction")


class NewDocument(msgspec.Struct, frozen=True, kw_only=True):
    """A document (POST) or its new version (PUT); without a title, its first heading."""

    content: Annotated[str, msgspec.Meta(min_length=1)]
    title: Annotated[str, msgspec.Meta(min_length=1, max_length=300)] | None = None

    def __post_init__(self) -> None:
        if self.title is not None:
            checked_text(self.title, field="The title")
        checked_text(self.content, field="The document")


class Accepted(msgspec.Struct, frozen=True, kw_only=True):
    """A message was recorded and published; follow ``stream_url`` for the answer."""

    invocation_id: uuid.UUID
    stream_url: str


class CancelAccepted(msgspec.Struct, frozen=True, kw_only=True):
    invocation_id: uuid.UUID
    status: str
    """``cancel_requested``, or the status the invocation had already ended with."""


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One recorded event as the log holds it; ``hash`` chains it to the one before."""

    version: int
    position: int
    type: str
    recorded_at: datetime
    hash: str
    event: msgspec.Raw
    """The event JSON exactly as stored (the bytes its hash covers)."""


class DocumentOut(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    """The document's id across its versions."""
    title: str
    chunks: int
    version: int = 1
    version_id: uuid.UUID | None = None
    """This version's id, as citations ``doc:<id>#<chunk>`` name it."""
    status: str = "current"
    sha256: str = ""
    created_at: datetime | None = None


class DocumentVersion(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    version_id: uuid.UUID
    title: str
    status: str
    """``current``, ``superseded`` (by a later version) or ``removed``."""
    sha256: str
    user_id: str
    created_at: datetime | None
    ended_at: datetime | None = None


class DocumentDetail(msgspec.Struct, frozen=True, kw_only=True):
    document: DocumentOut
    content: str
    versions: list[DocumentVersion]


class DocumentPage(msgspec.Struct, frozen=True, kw_only=True):
    items: list[DocumentOut]
    total: int
    limit: int
    offset: int
    next_offset: int | None


class Health(msgspec.Struct, frozen=True, kw_only=True):
    status: str
    checks: dict[str, str] = {}

"""The policy library: upload (JSON or a multipart text, Markdown, PDF or DOCX file), list,
read, replace and remove a tenant's documents.

A change is all or nothing: it is validated (readable, text, size, something to index) before
anything is written, then stored with its chunks, recorded in the tenant's document stream
(``document.added | replaced | removed``, published by the outbox sweep) and the cached
answers it makes stale evicted, all in one transaction: a 2xx means recorded, and a failure
leaves nothing behind. Event ids derive from the version, so a retried request records
nothing twice, and repeating an upload stored before changes were recorded this way records
it. A tenant keeps one current document per content
(the same text again: 200 with the existing document) and per title (the same title again: a
new version). Replaced and removed versions stay readable (``GET …?version=n``) for audit.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, assert_never

import msgspec
from litestar import Controller, Request, Response, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Parameter

from services.gateway.auth import Caller
from services.gateway.bodies import JSON, MULTIPART, accepts
from services.gateway.errors import (
    BadInput,
    Conflict,
    Forbidden,
    NotFound,
    PayloadTooLarge,
    UnsupportedMediaType,
)
from services.gateway.extract import Unreadable, extracted_text
from services.gateway.schemas import (
    DocumentDetail,
    DocumentOut,
    DocumentPage,
    DocumentVersion,
    NewDocument,
)
from services.gateway.state import Gateway
from shared.cache.store import CacheStore
from shared.documents import DuplicateContent, StoredDocument, title_of
from shared.events import (
    AnyEvent,
    ConversationCreated,
    DocumentAdded,
    DocumentRemoved,
    DocumentReplaced,
    EventMeta,
    derived_id,
    document_stream,
)
from shared.store import Appended, Connection
from shared.text.validation import InvalidText, checked_text

__all__ = ["DocumentController"]

_NOT_FOUND = "Document not found."
_MAX_OFFSET = 1_000_000_000
_MAX_VERSION = 2**31 - 1
"""Bounds that keep a query parameter inside PostgreSQL's integer types (else a 400)."""
_META = EventMeta(producer="gateway")


def _from_json(body: bytes) -> NewDocument:
    try:
        return msgspec.json.decode(body, type=NewDocument)
    except msgspec.ValidationError as e:
        raise BadInput(f"Invalid document: {str(e).rstrip('.')}.") from e
    except msgspec.DecodeError as e:
        raise BadInput("The request body is not valid JSON.") from e


async def _from_form(request: Request) -> tuple[NewDocument, str]:
    try:
        form = await request.form()
    except UnicodeDecodeError as e:  # Litestar decodes form fields strictly
        raise BadInput("The form fields must be UTF-8 text.") from e
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise BadInput("A multipart upload must carry the document in a 'file' field.")
    title = form.get("title")
    filename = upload.filename or ""
    try:
        content = extracted_text(await upload.read(), filename=filename,
                                 content_type=(upload.content_type or "").lower())
        if isinstance(title, str) and title.strip():
            checked_text(title, field="The title")
            return NewDocument(title=title[:300], content=content), filename
        return NewDocument(content=content), filename
    except Unreadable as e:
        raise UnsupportedMediaType(str(e)) from e
    except InvalidText as e:
        raise BadInput(str(e)) from e


async def _received(gw: Gateway, request: Request) -> tuple[NewDocument, str]:
    """The document sent, checked for size; its file name if it came as a file."""
    if request.content_type[0] == MULTIPART:
        doc, filename = await _from_form(request)
    else:
        doc, filename = _from_json(await request.body()), ""
    size, limit = len(doc.content.encode()), gw.config.max_document_bytes
    if size > limit:
        raise PayloadTooLarge(
            f"The document is {size:,} bytes; the limit is {limit:,} bytes (UTF-8)."
        )
    return doc, filename


def _out(doc: StoredDocument) -> DocumentOut:
    return DocumentOut(id=doc.document_id, title=doc.title, chunks=doc.chunks,
                       version=doc.version, version_id=doc.id, status=doc.status,
                       sha256=doc.sha256, created_at=doc.created_at)


Change = Literal["added", "replaced", "removed"]


def _change(doc: StoredDocument, change: Change) -> list[AnyEvent]:
    """The events of one change: the tenant's document stream (created once: a duplicate id
    is a no-op) and the change, its id and time those of the version."""
    stream = document_stream(doc.tenant_id)
    when = (doc.ended_at if change == "removed" else doc.created_at) or datetime.now(UTC)
    fields: dict[str, Any] = {
        "event_id": derived_id(doc.id, f"document.{change}"), "conversation_id": stream,
        "tenant_id": doc.tenant_id, "meta": _META, "occurred_at": when,
        "document_id": doc.document_id, "version": doc.version, "version_id": doc.id,
        "title": doc.title, "sha256": doc.sha256, "user_id": doc.user_id,
    }
    event: AnyEvent
    match change:
        case "added":
            event = DocumentAdded(**fields)
        case "replaced":
            event = DocumentReplaced(**fields)
        case "removed":
            event = DocumentRemoved(**fields)
        case _:
            assert_never(change)
    created = ConversationCreated(event_id=derived_id(stream, "created"), conversation_id=stream,
                                  tenant_id=doc.tenant_id, user_id=doc.user_id,
                                  title="Policy documents", meta=_META)
    return [created, event]


async def _uncached(gw: Gateway, conn: Connection, doc: StoredDocument, change: Change
                    ) -> None:
    """Cached answers the change may have made wrong leave the cache (DESIGN §5d), in the
    change's transaction: those citing the document when it is replaced or removed; when one
    is added or replaced, every answer whose question searched the policies, since it might
    now cite the new text (a replaced document's new version is new text as much as an added
    one is)."""
    cache = CacheStore(gw.infra.pool)
    if change != "removed":
        await cache.evict_policy_answers(doc.tenant_id, conn=conn)
    if change != "added":
        await cache.evict_document(doc.tenant_id, doc.document_id, conn=conn)


class _Recording:
    """What commits with a document's change: its record and, if it made anything new, the
    eviction of the cached answers it makes stale; once committed, the record is published
    (``published``) rather than left to the outbox sweep."""

    def __init__(self, gw: Gateway, removal: bool = False) -> None:
        self.gw = gw
        self.removal = removal
        self.appended: list[Appended] = []

    async def __call__(self, conn: Connection, doc: StoredDocument) -> None:
        change: Change = ("removed" if self.removal else "added" if doc.version == 1
                          else "replaced")
        self.appended += await self.gw.infra.store.append(_change(doc, change), outbox=True,
                                                          within=conn)
        if doc.created or self.removal:
            await _uncached(self.gw, conn, doc, change)

    async def published(self) -> None:
        if self.appended:
            await self.gw.writer.publish(self.appended)


def _embedded(gw: Gateway, doc: StoredDocument) -> StoredDocument:
    if doc.created and doc.chunks > gw.documents.inline_embeddings:
        gw.embed_in_background()  # the rest of a long document
    return doc


def _author(caller: Caller) -> str:
    """Who changes a document: a member or an administrator; an auditor only reads (403)."""
    if not (caller.has("member") or caller.has("admin")):
        raise Forbidden("An auditor reads the organisation's documents but cannot change them.")
    return caller.user_id


class DocumentController(Controller):
    path = "/v1/documents"
    tags = ("documents",)

    @post("/", status_code=201, summary="Upload a policy document (JSON or multipart: text, "
          "Markdown, PDF or DOCX); the title of a current document replaces it",
          opt=accepts(JSON, MULTIPART),
          responses={200: ResponseSpec(DocumentOut, description="This organisation already "
                                       "has a document with this content: it is returned.")})
    async def upload(self, gw: Gateway, caller: Caller, request: Request
                     ) -> Response[DocumentOut]:
        author = _author(caller)
        doc, filename = await _received(gw, request)
        title = (doc.title or title_of(doc.content, filename)).strip()
        recording = _Recording(gw)
        stored = _embedded(gw, await gw.documents.add(
            caller.tenant_id, title, doc.content, user_id=author, within=recording))
        await recording.published()
        return Response(_out(stored), status_code=201 if stored.created else 200)

    @get("/", summary="The organisation's current documents, oldest first, a page at a time")
    async def listing(self, gw: Gateway, caller: Caller,
                      limit: Annotated[int, Parameter(ge=1, le=100)] = 20,
                      offset: Annotated[int, Parameter(ge=0, le=_MAX_OFFSET)] = 0) -> DocumentPage:
        docs, total = await gw.documents.page(caller.tenant_id, limit=limit, offset=offset)
        if offset and offset >= total:
            raise BadInput(f"The offset {offset} is past the end: there are {total} documents.")
        end = offset + len(docs)
        return DocumentPage(items=[_out(d) for d in docs], total=total, limit=limit,
                            offset=offset, next_offset=end if end < total else None)

    @get("/{document_id:uuid}", summary="A document's metadata, text and versions "
         "(?version=n: an earlier one, kept for audit)")
    async def show(self, gw: Gateway, caller: Caller, document_id: uuid.UUID,
                   version: Annotated[int | None, Parameter(ge=1, le=_MAX_VERSION)] = None
                   ) -> DocumentDetail:
        found = await gw.documents.document(caller.tenant_id, document_id, version=version)
        if found is None:
            raise NotFound(_NOT_FOUND)
        doc, content = found
        versions = await gw.documents.versions(caller.tenant_id, document_id)
        return DocumentDetail(document=_out(doc), content=content, versions=[
            DocumentVersion(version=v.version, version_id=v.id, title=v.title, status=v.status,
                            sha256=v.sha256, user_id=v.user_id, created_at=v.created_at,
                            ended_at=v.ended_at) for v in versions])

    @put("/{document_id:uuid}", status_code=201, opt=accepts(JSON, MULTIPART),
         summary="A new version of a document; the old one leaves search and stays readable",
         responses={200: ResponseSpec(DocumentOut, description="The current version already "
                                      "has this text and title: it is returned.")})
    async def replace(self, gw: Gateway, caller: Caller, request: Request,
                      document_id: uuid.UUID) -> Response[DocumentOut]:
        author = _author(caller)
        doc, _ = await _received(gw, request)
        try:
            recording = _Recording(gw)
            stored = await gw.documents.replace(
                caller.tenant_id, document_id, doc.content,
                title=doc.title.strip() if doc.title else None, user_id=author,
                within=recording)
            await recording.published()
        except DuplicateContent as e:
            raise Conflict(str(e)) from e
        if stored is None:
            raise NotFound(_NOT_FOUND)
        _embedded(gw, stored)
        return Response(_out(stored), status_code=201 if stored.created else 200)

    @delete("/{document_id:uuid}", status_code=200,
            summary="Take a document out of search; its versions stay readable for audit")
    async def remove(self, gw: Gateway, caller: Caller, document_id: uuid.UUID
                     ) -> DocumentOut:
        recording = _Recording(gw, removal=True)
        removed = await gw.documents.remove(caller.tenant_id, document_id,
                                            user_id=_author(caller), within=recording)
        await recording.published()
        if removed is None:
            raise NotFound(_NOT_FOUND)
        return _out(removed)

"""Tenant policy documents: upload as JSON ``{"title", "content"}`` or a multipart file.

An upload is all or nothing: it is validated (text, size, something to index) before anything
is written, then stored with its chunks in one transaction. A tenant keeps one document per
content: uploading the same text again answers 200 with the existing document, a new one 201.
"""

from __future__ import annotations

from pathlib import PurePath

import msgspec
from litestar import Controller, Request, Response, post
from litestar.datastructures import UploadFile
from litestar.openapi.datastructures import ResponseSpec

from services.gateway.auth import Caller
from services.gateway.bodies import JSON, MULTIPART, accepts
from services.gateway.errors import BadInput, PayloadTooLarge
from services.gateway.schemas import DocumentOut, NewDocument
from services.gateway.state import Gateway
from shared.text.validation import InvalidText, checked_text, decoded_text

__all__ = ["DocumentController"]


def _from_json(body: bytes) -> NewDocument:
    try:
        return msgspec.json.decode(body, type=NewDocument)
    except msgspec.ValidationError as e:
        raise BadInput(f"Invalid document: {str(e).rstrip('.')}.") from e
    except msgspec.DecodeError as e:
        raise BadInput("The request body is not valid JSON.") from e


async def _from_form(request: Request) -> NewDocument:
    try:
        form = await request.form()
    except UnicodeDecodeError as e:  # Litestar decodes form fields strictly
        raise BadInput("The form fields must be UTF-8 text.") from e
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise BadInput("A multipart upload must carry the document in a 'file' field.")
    title = form.get("title")
    try:
        content = decoded_text(await upload.read(), field="The uploaded file")
        if not isinstance(title, str) or not title.strip():
            title = PurePath(upload.filename or "").stem or "Untitled document"
        checked_text(title, field="The title")
        return NewDocument(title=title[:300], content=content)
    except InvalidText as e:
        raise BadInput(str(e)) from e


class DocumentController(Controller):
    path = "/v1/documents"
    tags = ("documents",)

    @post("/", status_code=201, summary="Upload a tenant policy document (JSON or multipart)",
          opt=accepts(JSON, MULTIPART),
          responses={200: ResponseSpec(DocumentOut, description="This organisation already "
                                       "has a document with this content: it is returned.")})
    async def upload(self, gw: Gateway, caller: Caller, request: Request
                     ) -> Response[DocumentOut]:
        if request.content_type[0] == MULTIPART:
            doc = await _from_form(request)
        else:
            doc = _from_json(await request.body())
        size, limit = len(doc.content.encode()), gw.config.max_document_bytes
        if size > limit:
            raise PayloadTooLarge(
                f"The document is {size:,} bytes; the limit is {limit:,} bytes (UTF-8)."
            )
        stored = await gw.documents.add(caller.tenant_id, doc.title.strip(), doc.content)
        return Response(DocumentOut(id=stored.id, title=stored.title, chunks=stored.chunks),
                        status_code=201 if stored.created else 200)

"""Tenant policy documents: upload as JSON ``{"title", "content"}`` or a multipart file."""

from __future__ import annotations

from pathlib import PurePath

import msgspec
from litestar import Controller, Request, post
from litestar.datastructures import UploadFile
from litestar.exceptions import HTTPException

from services.gateway.auth import Caller
from services.gateway.errors import BadInput
from services.gateway.schemas import DocumentOut, NewDocument
from services.gateway.state import Gateway

__all__ = ["DocumentController"]

_MAX_TITLE = 300


def _from_json(body: bytes) -> NewDocument:
    try:
        return msgspec.json.decode(body, type=NewDocument)
    except msgspec.ValidationError as e:
        raise BadInput(f"Invalid document: {e}.") from e
    except msgspec.DecodeError as e:
        raise BadInput("The request body is not valid JSON.") from e


async def _from_form(request: Request) -> NewDocument:
    form = await request.form()
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise BadInput("A multipart upload must carry the document in a 'file' field.")
    try:
        content = (await upload.read()).decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput("The uploaded file must be UTF-8 text (Markdown or plain text).") from e
    title = form.get("title")
    if not isinstance(title, str) or not title.strip():
        title = PurePath(upload.filename or "").stem or "Untitled document"
    return NewDocument(title=title, content=content)


class DocumentController(Controller):
    path = "/v1/documents"
    tags = ("documents",)

    @post("/", status_code=201, summary="Upload a tenant policy document (JSON or multipart)")
    async def upload(self, gw: Gateway, caller: Caller, request: Request) -> DocumentOut:
        media_type = request.content_type[0]
        if media_type == "application/json":
            doc = _from_json(await request.body())
        elif media_type == "multipart/form-data":
            doc = await _from_form(request)
        else:
            raise HTTPException(
                status_code=415,
                detail="Send the document as application/json or multipart/form-data.",
            )
        title = doc.title.strip()
        if not title or len(title) > _MAX_TITLE:
            raise BadInput(f"The title must be 1 to {_MAX_TITLE} characters.")
        if not doc.content.strip():
            raise BadInput("The document is empty.")
        stored = await gw.documents.add(caller.tenant_id, title, doc.content)
        if stored.chunks == 0:
            raise BadInput("The document has no text to index.")
        return DocumentOut(id=stored.id, title=stored.title, chunks=stored.chunks)

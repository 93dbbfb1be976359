"""Request bodies at the door: an accepted media type, and JSON that is UTF-8 text.

One ``before_request`` hook for every route, run before Litestar decodes a body: a JSON body
sent as ``text/plain`` is refused (415) rather than guessed at, and invalid UTF-8 is a 400
rather than a decoder error. The text inside each field is checked by the request structs
(``services.gateway.schemas``) with the same ``shared.text.validation``.
"""

from __future__ import annotations

from litestar import Request

from services.gateway.errors import BadInput, UnsupportedMediaType
from shared.text.validation import InvalidText, decoded_text

__all__ = ["JSON", "MULTIPART", "accepts", "check_body"]

JSON = "application/json"
MULTIPART = "multipart/form-data"
_WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


def accepts(*media_types: str) -> dict[str, object]:
    """Route ``opt`` naming the media types a route takes (default: JSON only)."""
    return {"accepts": media_types}


def _has_body(request: Request) -> bool:
    headers = request.headers
    return headers.get("content-length", "0").strip() not in ("", "0") or (
        "transfer-encoding" in headers
    )


async def check_body(request: Request) -> None:
    """Refuse a body of the wrong media type (415) or JSON that is not UTF-8 (400)."""
    if request.method not in _WITH_BODY or not _has_body(request):
        return
    accepted: tuple[str, ...] = request.route_handler.opt.get("accepts", (JSON,))
    media_type = request.content_type[0]
    if media_type not in accepted:
        raise UnsupportedMediaType(f"Send the request body as {' or '.join(accepted)}.")
    if media_type == JSON:
        try:
            decoded_text(await request.body(), field="The request body", blank_ok=True)
        except InvalidText as e:
            raise BadInput(str(e)) from e

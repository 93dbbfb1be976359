"""Gateway errors, named by cause, and the one handler that turns them into HTTP responses.

Domain and store errors become a JSON ``{"status_code", "detail"}`` with the right status.
Infrastructure that cannot serve just now (PostgreSQL, NATS, Redis) is a 503 with
``Retry-After``, decided here and nowhere else. Anything unexpected becomes a generic 500 whose
traceback is logged, never returned.
"""

from __future__ import annotations

import logging

from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.types import ExceptionHandlersMap
from nats.errors import Error as NatsError
from redis.exceptions import RedisError

from shared.bus import EventTooLarge
from shared.documents import NoText
from shared.sources import ExternalError, InvalidHost
from shared.store import StoreError, StoreUnavailable, StreamNotFound, TenantMismatch
from shared.tenants import ConfigurationConflict, ConfigurationError, UnknownItem
from shared.text.counts import counted

__all__ = [
    "BadInput",
    "BudgetSpent",
    "Forbidden",
    "GatewayError",
    "IdempotencyConflict",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "ServiceUnavailable",
    "Unauthorised",
    "Unprocessable",
    "UnsupportedMediaType",
    "exception_handlers",
    "handle_exception",
]

log = logging.getLogger("yourai.gateway")

RETRY_AFTER_S = 5
"""What a 503 tells clients to wait, in seconds."""

INTERNAL_ERROR = (
    "Something went wrong on our side. The error has been logged; please try again later."
)


class GatewayError(Exception):
    """Root of every error the gateway reports to a client."""

    status_code = 400

    def __init__(self, detail: str, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.headers = headers or {}


class BadInput(GatewayError):
    """The request is well-formed HTTP but its content is not acceptable."""

    status_code = 400


class Unauthorised(GatewayError):
    """No bearer token, or one that is expired, malformed or not signed by us."""

    status_code = 401

    def __init__(self, detail: str) -> None:
        super().__init__(detail, headers={"WWW-Authenticate": "Bearer"})


class Forbidden(GatewayError):
    """The caller is known but their role does not allow this (e.g. a member on an admin
    route). Never used to hide another tenant's or user's resource: that is a 404."""

    status_code = 403


class NotFound(GatewayError):
    """Unknown, archived, or another tenant's: all look the same from outside."""

    status_code = 404


class Conflict(GatewayError):
    """The change would contradict what is stored (e.g. two documents with one text)."""

    status_code = 409


class IdempotencyConflict(GatewayError):
    """An ``Idempotency-Key`` reused with a different request."""

    status_code = 409


class PayloadTooLarge(GatewayError):
    status_code = 413


class UnsupportedMediaType(GatewayError):
    """The body is not in a media type the route takes (JSON, or multipart for uploads)."""

    status_code = 415


class Unprocessable(GatewayError):
    """Well-formed JSON whose value cannot be used (a malformed host name)."""

    status_code = 422


class BudgetSpent(GatewayError):
    """The organisation's monthly budget for model calls is spent."""

    status_code = 402


class RateLimited(GatewayError):
    status_code = 429

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(
            "Too many messages for this organisation; try again in "
            f"{counted(retry_after_s, 'second')}.",
            headers={"Retry-After": str(retry_after_s)},
        )


class ServiceUnavailable(GatewayError):
    """A dependency cannot serve just now; ``Retry-After`` says when to try again."""

    status_code = 503

    def __init__(self, detail: str, *, retry_after_s: int = RETRY_AFTER_S) -> None:
        super().__init__(detail, headers={"Retry-After": str(retry_after_s)})


def _from_store(exc: StoreError) -> GatewayError:
    if isinstance(exc, StreamNotFound | TenantMismatch):
        return NotFound("Conversation not found.")
    if isinstance(exc, StoreUnavailable):
        return ServiceUnavailable("The event store is unavailable; please try again shortly.")
    return ServiceUnavailable("The event store refused the request; please try again shortly.")


def _translated(exc: Exception) -> Exception:
    """The gateway error for a store, domain or infrastructure error; others unchanged."""
    match exc:
        case StoreError():
            return _from_store(exc)
        case NatsError() | ConnectionError() | TimeoutError():
            return ServiceUnavailable("The message bus is unavailable; please try again "
                                      "shortly.")
        case RedisError():
            return ServiceUnavailable("Request limits cannot be checked just now; please try "
                                      "again shortly.")
        case NoText():
            return BadInput(str(exc))
        case ConfigurationConflict():
            return Conflict(str(exc))
        case UnknownItem():
            return NotFound(str(exc))
        case InvalidHost():
            return Unprocessable(str(exc))
        case ConfigurationError() | ExternalError():
            return BadInput(str(exc))
        case EventTooLarge():
            return PayloadTooLarge(str(exc))
    return exc


def _reasons(extra: object) -> str:
    """The messages of a Litestar validation error, as one sentence for ``detail``."""
    if not isinstance(extra, list):
        return ""
    messages = [str(e["message"]).rstrip(".") for e in extra
                if isinstance(e, dict) and e.get("message")]
    return "; ".join(messages) + "." if messages else ""


def handle_exception(request: Request, exc: Exception) -> Response[dict[str, object]]:
    """Map any error escaping a handler to its HTTP response."""
    translated = _translated(exc)
    if translated is not exc and isinstance(translated, ServiceUnavailable):
        log.warning("%s %s: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
    exc = translated
    if isinstance(exc, GatewayError):
        return Response(
            {"status_code": exc.status_code, "detail": exc.detail},
            status_code=exc.status_code,
            headers=exc.headers,
        )
    if isinstance(exc, HTTPException) and exc.status_code != 500:
        detail = exc.detail
        if isinstance(exc, NotFoundException) and detail == "Not Found":  # no route matched
            detail = "Not found: no such resource (ids in paths are UUIDs)."
        if isinstance(exc, ValidationException) and (reasons := _reasons(exc.extra)):
            detail = f"Invalid request: {reasons}"
        body: dict[str, object] = {"status_code": exc.status_code, "detail": detail}
        if exc.extra:
            body["extra"] = exc.extra
        return Response(body, status_code=exc.status_code, headers=exc.headers)
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return Response({"status_code": 500, "detail": INTERNAL_ERROR}, status_code=500)


exception_handlers: ExceptionHandlersMap = {
    GatewayError: handle_exception, StoreError: handle_exception,
    ConfigurationError: handle_exception, ExternalError: handle_exception,
    HTTPException: handle_exception, 500: handle_exception,
}
"""Every error reaches ``handle_exception``: Litestar's own (404, 405, 413, validation) by type,
the rest (driver, bus and Redis errors included) as an unhandled 500."""

"""Gateway errors, named by cause, and the one handler that turns them into HTTP responses.

Domain and store errors become a JSON ``{"status_code", "detail"}`` with the right status;
anything unexpected becomes a generic 500 whose traceback is logged, never returned.
"""

from __future__ import annotations

import logging

from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException

from shared.store import StoreError, StoreUnavailable, StreamNotFound, TenantMismatch

__all__ = [
    "BadInput",
    "GatewayError",
    "IdempotencyConflict",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "ServiceUnavailable",
    "Unauthorised",
    "exception_handlers",
    "handle_exception",
]

log = logging.getLogger("yourai.gateway")

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


class NotFound(GatewayError):
    """Unknown, archived, or another tenant's: all look the same from outside."""

    status_code = 404


class IdempotencyConflict(GatewayError):
    """An ``Idempotency-Key`` reused with a different request."""

    status_code = 409


class PayloadTooLarge(GatewayError):
    status_code = 413


class RateLimited(GatewayError):
    status_code = 429

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(
            f"Too many messages for this organisation; try again in {retry_after_s} seconds.",
            headers={"Retry-After": str(retry_after_s)},
        )


class ServiceUnavailable(GatewayError):
    status_code = 503


def _from_store(exc: StoreError) -> GatewayError:
    if isinstance(exc, StreamNotFound | TenantMismatch):
        return NotFound("Conversation not found.")
    if isinstance(exc, StoreUnavailable):
        return ServiceUnavailable("The event store is unavailable; please try again shortly.")
    return ServiceUnavailable("The event store refused the request; please try again shortly.")


def handle_exception(request: Request, exc: Exception) -> Response[dict[str, object]]:
    """Map any error escaping a handler to its HTTP response."""
    if isinstance(exc, StoreError):
        log.warning("%s %s: %s", request.method, request.url.path, exc)
        exc = _from_store(exc)
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
        body: dict[str, object] = {"status_code": exc.status_code, "detail": detail}
        if exc.extra:
            body["extra"] = exc.extra
        return Response(body, status_code=exc.status_code, headers=exc.headers)
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return Response({"status_code": 500, "detail": INTERNAL_ERROR}, status_code=500)


exception_handlers = {GatewayError: handle_exception, StoreError: handle_exception,
                      NotFoundException: handle_exception, 500: handle_exception}

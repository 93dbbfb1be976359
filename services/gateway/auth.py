"""Bearer tokens: HS256 JWTs naming a tenant (``tenant_id``) and a user (``sub``).

``issue_token`` is also what ``yourai token`` prints for development.
"""

from __future__ import annotations

import time

import jwt
import msgspec
from litestar import Request

from services.gateway.errors import Unauthorised
from shared.text.validation import InvalidText, checked_text

__all__ = ["Caller", "authenticate", "issue_token", "verify_token"]

ALGORITHM = "HS256"


class Caller(msgspec.Struct, frozen=True):
    """Who is asking: every query is scoped by ``tenant_id``."""

    tenant_id: str
    user_id: str


def issue_token(secret: str, tenant_id: str, user_id: str, ttl_s: int = 24 * 3600) -> str:
    """A signed token for ``user_id`` in ``tenant_id``, valid for ``ttl_s`` seconds."""
    now = int(time.time())
    claims = {"tenant_id": tenant_id, "sub": user_id, "iat": now, "exp": now + ttl_s}
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


def verify_token(secret: str, token: str) -> Caller:
    """The caller a token names; raises ``Unauthorised`` saying what is wrong with it."""
    try:
        claims = jwt.decode(token, secret, algorithms=[ALGORITHM],
                            options={"require": ["exp", "sub"]})
    except jwt.ExpiredSignatureError as e:
        raise Unauthorised("The bearer token has expired; please sign in again.") from e
    except jwt.InvalidSignatureError as e:
        raise Unauthorised("The bearer token's signature is not valid.") from e
    except jwt.MissingRequiredClaimError as e:
        raise Unauthorised(f"The bearer token has no {e.claim!r} claim.") from e
    except jwt.InvalidTokenError as e:
        raise Unauthorised("The bearer token is malformed or not valid.") from e
    tenant, user = claims.get("tenant_id"), claims.get("sub")
    if not isinstance(tenant, str) or not tenant or not isinstance(user, str) or not user:
        raise Unauthorised("The bearer token must name a tenant ('tenant_id') and a user ('sub').")
    try:
        checked_text(tenant, field="The bearer token's 'tenant_id'")
        checked_text(user, field="The bearer token's 'sub'")
    except InvalidText as e:
        raise Unauthorised(str(e)) from e
    return Caller(tenant_id=tenant, user_id=user)


def authenticate(request: Request) -> Caller:
    """Litestar dependency: the caller of this request, from its ``Authorization`` header."""
    header = request.headers.get("authorization")
    if not header:
        raise Unauthorised("Authentication required: send 'Authorization: Bearer <token>'.")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorised("The Authorization header must be 'Bearer <token>'.")
    secret: str = request.app.state.jwt_secret
    return verify_token(secret, token.strip())

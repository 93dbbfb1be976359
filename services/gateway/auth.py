"""Bearer tokens: JWTs naming a tenant (``tenant_id``), a user (``sub``) and roles.

Two kinds are accepted: HS256 tokens signed with the engine's secret (``yourai token``, for
development and service accounts), and RS256 tokens from the organisation's OIDC identity
provider, verified against its published keys (``Settings.jwks``; README, "Signing in").

``roles`` is a list of ``member``, ``admin`` and ``auditor``; a token without it is a
member's, so tokens issued before roles existed keep their meaning. A member reads and writes
their own conversations; an auditor reads every conversation of the tenant, read-only; an
admin manages the tenant's configuration. ``issue_token`` is also what ``yourai token`` prints
for development.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, get_args

import jwt
import msgspec
from jwt import PyJWK
from litestar import Request

from services.gateway.errors import Forbidden, Unauthorised
from services.gateway.jwks import KeySet
from services.gateway.verified_tokens import Verified, VerifiedTokens
from shared.config import Settings
from shared.text.validation import InvalidText, checked_text

__all__ = ["ROLES", "Caller", "Role", "TokenVerifier", "authenticate", "issue_token",
           "roles_of", "verify_token"]

ALGORITHM = "HS256"
PROVIDER_ALGORITHM = "RS256"
DEVELOPMENT_SECRET = Settings.jwt_secret

Role = Literal["member", "admin", "auditor"]
ROLES: tuple[Role, ...] = get_args(Role)

_ROLE_NAMES = {"member": "a member", "admin": "an administrator", "auditor": "an auditor"}


class Caller(msgspec.Struct, frozen=True):
    """Who is asking: every query is scoped by ``tenant_id``, and what they may do by
    ``roles``."""

    tenant_id: str
    user_id: str
    roles: frozenset[Role] = frozenset({"member"})

    def has(self, role: Role) -> bool:
        return role in self.roles

    def require(self, role: Role) -> Caller:
        """This caller, if they hold ``role``; otherwise a 403 saying which role is needed."""
        if role not in self.roles:
            raise Forbidden(f"This needs the role of {_ROLE_NAMES[role]} of the organisation.")
        return self


def issue_token(secret: str, tenant_id: str, user_id: str, ttl_s: int = 24 * 3600,
                roles: Iterable[Role] = ("member",)) -> str:
    """A signed token for ``user_id`` in ``tenant_id`` with ``roles``, valid for ``ttl_s``
    seconds."""
    now = int(time.time())
    claims = {"tenant_id": tenant_id, "sub": user_id, "iat": now, "exp": now + ttl_s,
              "roles": sorted(set(roles))}
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


def roles_of(claims: dict[str, object]) -> frozenset[Role]:
    """The roles a token's claims grant; a token without ``roles`` is a member's."""
    raw = claims.get("roles", ["member"])
    if not isinstance(raw, list) or not raw or not all(isinstance(r, str) for r in raw):
        raise Unauthorised("The bearer token's 'roles' must be a non-empty list of role names.")
    unknown = sorted({r for r in raw if r not in ROLES})
    if unknown:
        raise Unauthorised(f"The bearer token names unknown roles: {', '.join(unknown)} "
                           f"(known: {', '.join(ROLES)}).")
    return frozenset(r for r in ROLES if r in raw)


def _decoded(token: str, key: str | PyJWK, algorithm: str, *, issuer: str | None = None,
             audience: str | None = None) -> dict[str, object]:
    """The token's claims once its signature, expiry (and issuer, audience) are checked."""
    try:
        claims: dict[str, object] = jwt.decode(
            token, key, algorithms=[algorithm], issuer=issuer, audience=audience,
            options={"require": ["exp", "sub"], "verify_aud": audience is not None})
    except jwt.ExpiredSignatureError as e:
        raise Unauthorised("The bearer token has expired; please sign in again.") from e
    except jwt.InvalidSignatureError as e:
        raise Unauthorised("The bearer token's signature is not valid.") from e
    except jwt.MissingRequiredClaimError as e:
        raise Unauthorised(f"The bearer token has no {e.claim!r} claim.") from e
    except jwt.InvalidIssuerError as e:
        raise Unauthorised("The bearer token was not issued by this organisation's identity "
                           "provider.") from e
    except jwt.InvalidAudienceError as e:
        raise Unauthorised("The bearer token is not meant for this service (its 'aud').") from e
    except jwt.InvalidTokenError as e:
        raise Unauthorised("The bearer token is malformed or not valid.") from e
    return claims


def _caller(claims: dict[str, object], tenant_claim: str = "tenant_id") -> Caller:
    tenant, user = claims.get(tenant_claim), claims.get("sub")
    if not isinstance(tenant, str) or not tenant or not isinstance(user, str) or not user:
        raise Unauthorised(f"The bearer token must name a tenant ({tenant_claim!r}) and a user "
                           "('sub').")
    try:
        checked_text(tenant, field=f"The bearer token's {tenant_claim!r}")
        checked_text(user, field="The bearer token's 'sub'")
    except InvalidText as e:
        raise Unauthorised(str(e)) from e
    return Caller(tenant_id=tenant, user_id=user, roles=roles_of(claims))


def verify_token(secret: str, token: str) -> Caller:
    """The caller an HS256 token names; raises ``Unauthorised`` saying what is wrong with it."""
    return _caller(_decoded(token, secret, ALGORITHM))


@dataclass(frozen=True, kw_only=True)
class TokenVerifier:
    """Verifies either kind of token: HS256 with the engine's secret, RS256 with the identity
    provider's keys when a JWKS is configured. With a JWKS and the development secret left
    unchanged, HS256 tokens are refused: anyone could sign one."""

    secret: str | None
    keys: KeySet | None = None
    issuer: str | None = None
    audience: str | None = None
    tenant_claim: str = "tenant_id"

    @classmethod
    def from_settings(cls, settings: Settings) -> TokenVerifier:
        keys = KeySet(settings.jwks) if settings.jwks else None
        dev_only = keys is not None and settings.jwt_secret == DEVELOPMENT_SECRET
        return cls(secret=None if dev_only else settings.jwt_secret, keys=keys,
                   issuer=settings.jwt_issuer, audience=settings.jwt_audience,
                   tenant_claim=settings.jwt_tenant_claim)

    verified: VerifiedTokens = field(default_factory=VerifiedTokens, compare=False, repr=False)

    async def caller(self, token: str) -> Caller:
        """The caller ``token`` names: from a verification still valid (its expiry not
        reached, its key still the key set's), or verified now."""
        known = self.verified.get(token, time.time())
        if known is not None:
            if known.key is None or (self.keys is not None
                                     and await self.keys.key(known.kid) is known.key):
                return known.caller
            self.verified.forget(token)  # the provider's keys were read again since
        found = await self._verify(token)
        self.verified.put(token, found)
        return found.caller

    async def _verify(self, token: str) -> Verified:
        try:
            algorithm = jwt.get_unverified_header(token).get("alg")
        except jwt.InvalidTokenError as e:
            raise Unauthorised("The bearer token is malformed or not valid.") from e
        if algorithm == ALGORITHM and self.secret is not None:
            claims = _decoded(token, self.secret, ALGORITHM)
            return Verified(caller=_caller(claims), expires_at=_expiry(claims))
        if algorithm == PROVIDER_ALGORITHM and self.keys is not None:
            kid = jwt.get_unverified_header(token).get("kid")
            kid = kid if isinstance(kid, str) else None
            key = await self.keys.key(kid)
            claims = _decoded(token, key, PROVIDER_ALGORITHM, issuer=self.issuer,
                              audience=self.audience)
            return Verified(caller=_caller(claims, self.tenant_claim),
                            expires_at=_expiry(claims), kid=kid, key=key)
        raise Unauthorised(f"Bearer tokens signed with {algorithm!r} are not accepted here.")


def _expiry(claims: dict[str, object]) -> float:
    """When a verified token stops being valid (its ``exp``, required and checked by then)."""
    exp = claims["exp"]
    # PyJWT has read it with ``int()``; anything else is kept for no time at all.
    return float(int(exp)) if isinstance(exp, int | float | str) else 0.0


async def authenticate(request: Request) -> Caller:
    """Litestar dependency: the caller of this request, from its ``Authorization`` header."""
    header = request.headers.get("authorization")
    if not header:
        raise Unauthorised("Authentication required: send 'Authorization: Bearer <token>'.")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorised("The Authorization header must be 'Bearer <token>'.")
    verifier: TokenVerifier = request.app.state.tokens
    return await verifier.caller(token.strip())

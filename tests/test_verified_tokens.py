"""A verified token is not verified again until it expires, and never past its key's rotation."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

from services.gateway.auth import Caller, TokenVerifier, issue_token
from services.gateway.errors import Unauthorised
from services.gateway.jwks import KeySet
from services.gateway.verified_tokens import Verified, VerifiedTokens

SECRET = "a-secret-for-these-tests-only-0123456789"


def _jwks(path: Path, keys: dict[str, rsa.RSAPrivateKey]) -> None:
    path.write_text(json.dumps({"keys": [
        {**json.loads(RSAAlgorithm.to_jwk(key.public_key())), "kid": kid, "use": "sig",
         "alg": "RS256"} for kid, key in keys.items()]}))


def _rs256(key: rsa.RSAPrivateKey, kid: str, sub: str = "alice") -> str:
    now = int(time.time())
    return jwt.encode({"sub": sub, "tenant_id": "tenant-a", "iat": now, "exp": now + 300},
                      key, algorithm="RS256", headers={"kid": kid})


def test_entries_end_at_their_expiry_and_the_least_recently_used_goes_first() -> None:
    tokens = VerifiedTokens(size=2)
    alice = Verified(caller=Caller(tenant_id="t", user_id="alice"), expires_at=100.0)
    tokens.put("a", alice)
    assert tokens.get("a", 99.9) == alice
    assert tokens.get("a", 100.0) is None and len(tokens) == 0  # gone once expired
    for name in ("a", "b"):
        tokens.put(name, alice)
    tokens.get("a", 0.0)  # "a" used since "b" was put
    tokens.put("c", alice)
    assert (tokens.get("a", 0.0), tokens.get("b", 0.0), len(tokens)) == (alice, None, 2)


async def test_a_token_is_verified_once_and_refused_once_it_expires() -> None:
    verifier = TokenVerifier(secret=SECRET)
    token = issue_token(SECRET, "tenant-a", "alice", ttl_s=1)
    caller = await verifier.caller(token)
    assert caller == Caller(tenant_id="tenant-a", user_id="alice")
    assert await verifier.caller(token) == caller and len(verifier.verified) == 1
    # A token refused is not kept.
    with pytest.raises(Unauthorised, match="signature"):
        await verifier.caller(issue_token("another-secret-of-enough-length-000", "tenant-a",
                                          "mallory"))
    assert len(verifier.verified) == 1
    expires = jwt.decode(token, options={"verify_signature": False})["exp"]
    await asyncio.sleep(max(0.0, expires - time.time()) + 0.05)  # its own second runs out
    with pytest.raises(Unauthorised, match="expired"):
        await verifier.caller(token)


async def test_a_kept_token_is_refused_once_its_key_is_rotated_out(tmp_path: Path) -> None:
    path = tmp_path / "jwks.json"
    old, new = (rsa.generate_private_key(public_exponent=65537, key_size=2048)
                for _ in range(2))
    _jwks(path, {"k1": old})
    verifier = TokenVerifier(secret=None, keys=KeySet(str(path), refresh_s=0.0))
    kept = _rs256(old, "k1")
    assert (await verifier.caller(kept)).user_id == "alice"
    assert await verifier.caller(kept) is not None and len(verifier.verified) == 1

    # The provider rotates: k1 is withdrawn, k2 published; a token signed with k2 makes the
    # gateway read the set again, and the kept token's key is no longer there.
    _jwks(path, {"k2": new})
    assert (await verifier.caller(_rs256(new, "k2", sub="bob"))).user_id == "bob"
    with pytest.raises(Unauthorised, match="does not publish"):
        await verifier.caller(kept)

    # The same key id given to another key: the kept token is verified again, and fails.
    again = _rs256(new, "k2", sub="carol")
    assert (await verifier.caller(again)).user_id == "carol"
    _jwks(path, {"k2": old, "k3": new})
    await verifier.caller(_rs256(new, "k3"))  # an unknown id: the set is read again
    with pytest.raises(Unauthorised, match="signature"):
        await verifier.caller(again)

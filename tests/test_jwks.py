"""RS256 tokens from an identity provider, verified against its JWKS (a file or a URL)."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

from services.gateway.auth import issue_token
from shared.config import Settings
from tests.harness import Api, Harness

ISSUER = "https://login.example.org/fenmoor"


def _private_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _jwks(key: rsa.RSAPrivateKey, kid: str) -> str:
    public = json.loads(RSAAlgorithm.to_jwk(key.public_key()))
    return json.dumps({"keys": [{**public, "kid": kid, "use": "sig", "alg": "RS256"}]})


def _token(key: rsa.RSAPrivateKey, kid: str, **claims: object) -> str:
    now = int(time.time())
    body = {"sub": "alice", "tenant_id": "tenant-a", "iss": ISSUER, "iat": now,
            "exp": now + 300, **claims}
    return jwt.encode(body, key, algorithm="RS256", headers={"kid": kid})


async def _status(api: Api, token: str) -> tuple[int, str]:
    resp = await api.http.get("/v1/conversations", headers={"Authorization": f"Bearer {token}"})
    return resp.status_code, resp.json().get("detail", "") if resp.status_code != 200 else ""


@pytest.fixture(scope="module")
def key() -> rsa.RSAPrivateKey:
    return _private_key()


async def test_rs256_tokens_are_verified_against_a_jwks_file(
        gateways: Harness, key: rsa.RSAPrivateKey, tmp_path: Path) -> None:
    path = tmp_path / "jwks.json"
    path.write_text(_jwks(key, "k1"))
    api = await gateways.start(jwks=str(path), jwt_issuer=ISSUER)
    assert await _status(api, _token(key, "k1")) == (200, "")
    admin = _token(key, "k1", sub="ada", roles=["admin", "auditor"])
    created = await api.http.post("/v1/conversations", json={"title": "Board"},
                                  headers={"Authorization": f"Bearer {admin}"})
    assert created.status_code == 201

    other = _private_key()
    status, detail = await _status(api, _token(other, "k1"))
    assert status == 401 and "signature" in detail
    status, detail = await _status(api, _token(other, "k2"))
    assert status == 401 and "does not publish" in detail
    status, detail = await _status(api, _token(key, "k1", exp=int(time.time()) - 10))
    assert status == 401 and "expired" in detail
    status, detail = await _status(api, _token(key, "k1", iss="https://elsewhere.example"))
    assert status == 401 and "identity provider" in detail
    status, detail = await _status(api, _token(key, "k1", roles=["owner"]))
    assert status == 401 and "unknown roles" in detail
    # HS256 with the development secret is refused once a real identity provider is set
    dev = issue_token(api.infra.settings.jwt_secret, "tenant-a", "alice")
    status, detail = await _status(api, dev)
    assert status == 401 and "'HS256'" in detail


async def test_the_tenant_claim_is_configurable_and_hs256_stays_with_a_real_secret(
        gateways: Harness, key: rsa.RSAPrivateKey, tmp_path: Path) -> None:
    path = tmp_path / "jwks.json"
    path.write_text(_jwks(key, "k1"))
    secret = "a-real-secret-of-at-least-thirty-two-bytes"
    api = await gateways.start(jwks=str(path), jwt_tenant_claim="org_id", jwt_secret=secret)
    assert await _status(api, _token(key, "k1", org_id="tenant-a")) == (200, "")
    status, detail = await _status(api, _token(key, "k1"))  # tenant_id is not the claim
    assert status == 401 and "'org_id'" in detail
    assert await _status(api, issue_token(secret, "tenant-a", "svc")) == (200, "")


@pytest.fixture
def jwks_server(key: rsa.RSAPrivateKey) -> Iterator[str]:
    body = _jwks(key, "remote").encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/.well-known/jwks.json"
    finally:
        server.shutdown()
        server.server_close()


async def test_rs256_tokens_are_verified_against_a_jwks_url(
        gateways: Harness, key: rsa.RSAPrivateKey, jwks_server: str) -> None:
    api = await gateways.start(jwks=jwks_server)
    assert await _status(api, _token(key, "remote")) == (200, "")
    status, _ = await _status(api, _token(_private_key(), "remote"))
    assert status == 401


async def test_an_unreachable_jwks_is_a_503_not_a_401(gateways: Harness,
                                                       key: rsa.RSAPrivateKey) -> None:
    api = await gateways.start(jwks="http://127.0.0.1:9/jwks.json")
    resp = await api.http.get("/v1/conversations",
                              headers={"Authorization": f"Bearer {_token(key, 'k1')}"})
    assert resp.status_code == 503 and "identity provider" in resp.json()["detail"]


def test_the_identity_provider_is_configured_from_the_environment() -> None:
    settings = Settings.from_env({
        "YOURAI_JWKS": "https://login.example.org/keys", "YOURAI_JWT_ISSUER": ISSUER,
        "YOURAI_JWT_AUDIENCE": "yourai", "YOURAI_JWT_TENANT_CLAIM": "org_id"})
    assert (settings.jwks, settings.jwt_issuer, settings.jwt_audience,
            settings.jwt_tenant_claim) == ("https://login.example.org/keys", ISSUER, "yourai",
                                           "org_id")
    assert Settings.from_env({}).jwks is None

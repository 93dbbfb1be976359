"""Roles in bearer tokens and the configuration stream: the ground the admin API stands on."""

from __future__ import annotations

import time

import jwt
import pytest

from services.gateway.auth import issue_token, verify_token
from services.gateway.configuration import configuration_change
from services.gateway.errors import Forbidden, Unauthorised
from shared.events import ConfigurationChanged, configuration_stream, decode_event
from shared.store import read_models
from tests.harness import Api

SECRET = "a-test-secret-of-at-least-thirty-two-bytes"


def _claims(**extra: object) -> str:
    now = int(time.time())
    return jwt.encode({"tenant_id": "t", "sub": "u", "iat": now, "exp": now + 60, **extra},
                      SECRET, algorithm="HS256")


def test_a_token_without_roles_is_a_members() -> None:
    caller = verify_token(SECRET, _claims())
    assert caller.roles == frozenset({"member"})
    assert caller.require("member") is caller
    with pytest.raises(Forbidden, match="administrator"):
        caller.require("admin")


def test_roles_round_trip_and_unknown_roles_are_refused() -> None:
    caller = verify_token(SECRET, issue_token(SECRET, "t", "u", roles=("admin", "auditor")))
    assert caller.roles == frozenset({"admin", "auditor"})
    assert caller.has("auditor") and not caller.has("member")
    with pytest.raises(Unauthorised, match="unknown roles: owner"):
        verify_token(SECRET, _claims(roles=["admin", "owner"]))
    for bad in ("admin", [], [1]):
        with pytest.raises(Unauthorised, match="non-empty list"):
            verify_token(SECRET, _claims(roles=bad))


async def test_a_configuration_change_is_recorded_in_its_own_stream(api: Api) -> None:
    caller = verify_token(api.infra.settings.jwt_secret,
                          api.auth(roles=("admin",))["Authorization"].split()[1])
    await api.gateway.record(configuration_change(
        caller, "tenant", before={"name": "Old"}, after={"name": "New"}))
    records = await api.infra.store.read_conversation(
        caller.tenant_id, configuration_stream(caller.tenant_id))
    assert [r.type for r in records] == ["conversation.created", "configuration.changed"]
    change = decode_event(records[1].payload)
    assert isinstance(change, ConfigurationChanged)
    assert (change.user_id, change.section, change.before, change.after) == (
        "alice", "tenant", {"name": "Old"}, {"name": "New"})
    # the stream is a record of the tenant, not a conversation anyone lists
    listed = await read_models.conversations(api.infra.pool, caller.tenant_id, "alice")
    assert listed == []

"""Recording a change to a tenant's configuration: the audit trail of the admin API.

Every change an administrator makes (tenant settings, personas, skills, sources, models,
budget, cache) is one ``configuration.changed`` event in the tenant's configuration stream,
with who made it and the configuration before and after, so an auditor can replay it. The
stream is created by its own ``conversation.created`` the first time (a duplicate id is a
no-op), which no conversation list shows.
"""

from __future__ import annotations

from typing import Any

from services.gateway.auth import Caller
from shared.events import (
    AnyEvent,
    ConfigurationChanged,
    ConfigurationSection,
    ConversationCreated,
    EventMeta,
    configuration_stream,
    derived_id,
)

__all__ = ["configuration_change"]

_META = EventMeta(producer="gateway")


def configuration_change(caller: Caller, section: ConfigurationSection, *,
                         before: dict[str, Any] | None, after: dict[str, Any] | None,
                         key: str = "") -> list[AnyEvent]:
    """The events recording one change by ``caller``, to pass to ``Gateway.record``."""
    stream = configuration_stream(caller.tenant_id)
    created = ConversationCreated(event_id=derived_id(stream, "created"), conversation_id=stream,
                                  tenant_id=caller.tenant_id, user_id=caller.user_id,
                                  title="Configuration", meta=_META)
    change = ConfigurationChanged(conversation_id=stream, tenant_id=caller.tenant_id,
                                  user_id=caller.user_id, section=section, key=key,
                                  before=before, after=after, meta=_META)
    return [created, change]

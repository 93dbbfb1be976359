"""The verifier service and ``yourai verify`` judge every labelled citation alike.

Both call ``shared.verification.verify_answer``; this proves it on the project's labelled
verification set: the statuses the service would record (its handler's events, over the local
Lex) equal those the command line prints for the same items.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from bench.verification import CORPUS, SET, load, run_verifier
from services.engine import SCHEMA
from services.verifier.app import create
from services.verifier.handlers import VerifyDraft
from shared.config import Settings
from shared.events import CitationChecked, DraftCompleted, MessageReceived
from shared.runtime import Infra, open_infra
from shared.store import Recorded
from tests.conftest import MODEL_CACHE, local_lex


def _question(draft: DraftCompleted, jurisdiction: str) -> Recorded:
    """The invocation's message as the log would hold it, naming the question's jurisdiction."""
    event = MessageReceived(conversation_id=draft.conversation_id, tenant_id=draft.tenant_id,
                            invocation_id=draft.invocation_id, user_id="u",
                            message_id=uuid.uuid4(), content="?", jurisdiction=jurisdiction)
    return Recorded(position=1, version=1, event=event, payload=b"", prev_hash=b"", hash=b"",
                    recorded_at=datetime.now(UTC))


async def test_service_and_cli_give_identical_statuses(settings: Settings,
                                                       tmp_path: Path) -> None:
    items = load(SET)
    printed = run_verifier(items, CORPUS, tmp_path, model_cache=MODEL_CACHE)
    async with local_lex(settings) as lex:
        infra: Infra = await open_infra(replace(settings, lex_mcp_url=lex.url), schema=SCHEMA)
        try:
            [subscription] = [s for s in create(infra).subscriptions
                              if s.event_class is DraftCompleted]
            handler = subscription.handler
            assert isinstance(handler, VerifyDraft)
            differ = []
            for item in items:
                draft = DraftCompleted(conversation_id=uuid.uuid4(), tenant_id="t",
                                       invocation_id=uuid.uuid4(), text=item["text"],
                                       provider="offline", model="m")
                events = await handler.verify(draft, [_question(draft, item["jurisdiction"])])
                service = [e.status for e in events if isinstance(e, CitationChecked)]
                cli = [c["status"] for c in printed[str(item["id"])].get("citations", [])]
                if service != cli:
                    differ.append((item["id"], service, cli))
        finally:
            await infra.close()
    assert not differ, differ
    assert len(items) >= 100

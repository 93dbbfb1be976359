"""``yourai replay``: the transcript from the log alone, and a tampered event caught by position."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from pathlib import Path

from services.engine import Engine
from shared.config import Settings
from shared.footnotes import render
from tests.e2e import Client

ROOT = Path(__file__).resolve().parents[1]


async def _replay(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    env["YOURAI_DATABASE_URL"] = str(settings.database_url)
    return await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "cli.main", "replay", *args], env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=60)


async def test_replay_rebuilds_the_transcript_and_catches_tampering(engine: Engine) -> None:
    client = Client(engine)
    try:
        await client.upload("Repairs", "# Repairs\n\nWe will attend emergencies within 4 hours.")
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "How quickly do we attend emergency repairs?")
        events = await client.collect(accepted["stream_url"])
    finally:
        await client.close()
    answer = render("".join(str(e.data["text"]) for e in events if e.type == "content.delta"),
                    []).text

    ok = await _replay(engine.settings, conversation)
    assert ok.returncode == 0, ok.stderr
    assert "How quickly do we attend emergency repairs?" in ok.stdout
    assert answer.strip().splitlines()[0] in ok.stdout
    assert "streamed text matches the draft" in ok.stdout
    assert "citation 1 Repairs" in ok.stdout and "(doc:" in ok.stdout  # title, then raw ref
    assert ": verified" in ok.stdout
    # answers read as the user read them: markers and footnotes, never cite markup
    assert "<cite" not in ok.stdout and "[1]" in ok.stdout
    assert "footnotes:\n[1] Repairs" in ok.stdout and "✔ verified" in ok.stdout
    assert "Hash chain:" in ok.stdout and "intact." in ok.stdout

    assert engine.infra is not None
    position = await engine.infra.pool.fetchval(
        "UPDATE events SET payload = convert_to(replace(convert_from(payload, 'UTF8'),"
        " '4 hours', '48 hours'), 'UTF8') WHERE conversation_id = $1 AND type = 'draft.completed'"
        " RETURNING position", uuid.UUID(conversation))
    assert position is not None
    tampered = await _replay(engine.settings, conversation)
    assert tampered.returncode == 1
    assert f"TAMPERED at position {position}" in tampered.stdout


async def test_replay_refuses_bad_and_unknown_ids(engine: Engine) -> None:
    bad = await _replay(engine.settings, "not-a-uuid")
    assert bad.returncode == 2 and "not a conversation id" in bad.stderr
    unknown = await _replay(engine.settings, str(uuid.uuid4()))
    assert unknown.returncode == 2 and "no conversation" in unknown.stderr
    assert "Traceback" not in bad.stderr + unknown.stderr

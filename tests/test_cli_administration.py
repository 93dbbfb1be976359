"""The operator's CLI changes a tenant's configuration as the API does: validated by the same
domain functions, recorded in the configuration log as ``cli:<account>`` in the change's own
transaction; bad input is a one-line error (exit 2), never a traceback.

Each command runs as a real ``python -m cli.main`` process against the test's PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

from shared.cache.reuse import AnswerCache
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.config import Settings
from shared.events import ConfigurationChanged, Usage, configuration_stream
from shared.runtime import Infra

ROOT = Path(__file__).resolve().parents[1]
TENANT = "tenant-a"


async def _cli(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    assert settings.database_url
    env["YOURAI_DATABASE_URL"] = settings.database_url
    return await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "cli.main", *args], env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=120)


async def _refused(settings: Settings, *args: str, says: str) -> None:
    done = await _cli(settings, *args)
    assert done.returncode == 2, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and says in done.stderr, (args, done.stderr)


async def _changes(infra: Infra) -> list[ConfigurationChanged]:
    records = await infra.store.read_conversation(TENANT, configuration_stream(TENANT))
    return [r.event for r in records if isinstance(r.event, ConfigurationChanged)]


async def test_clearing_the_cache_is_recorded_as_the_operators_change(
        infra: Infra, settings: Settings) -> None:
    cache = AnswerCache(CacheStore(infra.pool), SourceReader(infra.pool, None))
    for _ in range(2):
        assert await cache.keep(
            invocation_id=uuid.uuid4(), conversation_id=uuid.uuid4(),
            scope=cache.scope(TENANT, "england"), question="How fast are leaks repaired?",
            refs=[], uses_policies=False, usage=Usage(), duration_ms=10, asked_at=None)
    done = await _cli(settings, "cache", "clear", "--tenant", TENANT)
    assert done.returncode == 0, done.stderr
    assert "Removed 2 cached answers of tenant-a." in done.stdout
    assert await CacheStore(infra.pool).count(TENANT) == 0
    [change] = await _changes(infra)
    assert (change.section, change.before, change.after) == (
        "cache", {"entries": 2}, {"entries": 0})
    assert change.user_id.startswith("cli:") and len(change.user_id) > 4


async def test_personas_and_skills_from_the_cli(infra: Infra, settings: Settings) -> None:
    done = await _cli(settings, "skills", "set", "damp", "--tenant", TENANT, "--name",
                      "Damp and mould", "--instructions", "Name Awaab's Law timescales.",
                      "--tool", "policy")
    assert done.returncode == 0, done.stderr
    assert "Skill damp saved for tenant-a" in done.stdout
    done = await _cli(settings, "personas", "set", "board", "--tenant", TENANT, "--name",
                      "Board", "--answer-style", "briefing", "--skill", "damp")
    assert done.returncode == 0, done.stderr
    done = await _cli(settings, "personas", "set", "board", "--tenant", TENANT,
                      "--tone", "formal")
    assert done.returncode == 0, done.stderr

    shown = await _cli(settings, "personas", "show", "board", "--tenant", TENANT)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == {
        "id": "board", "name": "Board", "instructions": "", "tone": "formal",
        "answer_style": "briefing", "skills": ["damp"]}
    listed = await _cli(settings, "personas", "list", "--tenant", TENANT)
    assert "board" in listed.stdout and "briefing; damp" in listed.stdout
    skills = await _cli(settings, "skills", "list", "--tenant", TENANT)
    assert "damp" in skills.stdout and "legal-research" in skills.stdout

    before = await _changes(infra)
    await _refused(settings, "personas", "set", "board", "--tenant", TENANT,
                   "--answer-style", "chatty", says="is not an answer style")
    await _refused(settings, "personas", "set", "new", "--tenant", TENANT,
                   says="A new persona needs name")
    await _refused(settings, "personas", "set", "Bad Id", "--tenant", TENANT, "--name", "X",
                   says="is not a persona id")
    await _refused(settings, "skills", "set", "other", "--tenant", TENANT, "--name", "Other",
                   says="A new skill needs instructions")
    await _refused(settings, "skills", "set", "damp", "--tenant", TENANT, "--tool", "web",
                   says="Unknown tool families: web")
    await _refused(settings, "skills", "rm", "damp", "--tenant", TENANT,
                   says="used by the persona(s) board")
    await _refused(settings, "personas", "show", "nobody", "--tenant", TENANT,
                   says="There is no persona 'nobody'")
    assert await _changes(infra) == before, "a refused change records nothing"

    for args in (("personas", "rm", "board"), ("skills", "rm", "damp")):
        done = await _cli(settings, *args, "--tenant", TENANT)
        assert done.returncode == 0, done.stderr
    await _refused(settings, "personas", "rm", "board", "--tenant", TENANT,
                   says="There is no persona 'board'")

    changes = await _changes(infra)
    assert [(c.section, c.key) for c in changes] == [
        ("skill", "damp"), ("persona", "board"), ("persona", "board"), ("persona", "board"),
        ("skill", "damp")]
    assert all(c.user_id.startswith("cli:") for c in changes)
    assert changes[2].before is not None and changes[2].before["tone"] == ""
    assert changes[2].after is not None and changes[2].after["tone"] == "formal"
    assert changes[3].after is None and changes[4].after is None

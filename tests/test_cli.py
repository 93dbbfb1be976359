"""The ``yourai`` command line against a running engine, as a user types it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import httpx
import jwt
import pytest

from services.engine import Engine
from services.gateway.auth import issue_token
from shared.config import Settings
from shared.embedded import free_port
from shared.llm import ModelRequest, ScriptedProvider

ROOT = Path(__file__).resolve().parents[1]


def _env(settings: Settings | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    if settings is not None:
        env.update(YOURAI_PORT=str(settings.port), YOURAI_JWT_SECRET=settings.jwt_secret)
    return env


async def _yourai(*args: str, settings: Settings | None = None
                  ) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "cli.main", *args], env=_env(settings), cwd=ROOT,
        capture_output=True, text=True, timeout=120)


async def test_token_carries_tenant_and_user() -> None:
    out = await _yourai("token", "--tenant", "ha-1", "--user", "officer")
    assert out.returncode == 0, out.stderr
    claims = jwt.decode(out.stdout.strip(), Settings().jwt_secret, algorithms=["HS256"])
    assert claims["tenant_id"] == "ha-1" and claims["sub"] == "officer"


async def test_serve_without_servers_says_what_to_set() -> None:
    out = await _yourai("serve", "router")
    assert out.returncode == 2
    assert "YOURAI_NATS_URL" in out.stderr and "yourai up" in out.stderr
    assert "Traceback" not in out.stderr


async def test_docs_add_then_ask_streams_a_verified_answer(engine: Engine, tmp_path: Path
                                                           ) -> None:
    policy = tmp_path / "gas-safety.md"
    policy.write_text("# Gas safety\n\nWe must arrange a gas safety check every 12 months.\n")
    added = await _yourai("docs", "add", str(policy), "--tenant", "cli-tenant",
                          settings=engine.settings)
    assert added.returncode == 0, added.stderr
    assert "Gas safety" in added.stdout and "1 chunks" in added.stdout

    asked = await _yourai("ask", "How often must we check gas safety?", "--tenant", "cli-tenant",
                          "--json", settings=engine.settings)
    assert asked.returncode == 0, asked.stderr
    events = [json.loads(line) for line in asked.stdout.splitlines() if line.startswith("{")]
    types = [e["type"] for e in events]
    assert types[0] == "invocation.started" and types[-1] == "invocation.completed"
    checked = [e for e in events if e["type"] == "citation.checked"]
    assert checked and all(c["status"] == "verified" for c in checked)

    rendered = await _yourai("ask", "How often must we check gas safety?", "--tenant",
                             "cli-tenant", settings=engine.settings)
    assert rendered.returncode == 0, rendered.stderr
    assert "■ completed" in rendered.stdout
    # The footnote names the policy by its title, its number matches the marker in the text.
    assert re.search(r"^  \[1\] Gas safety\b.* ✔ verified$", rendered.stdout, re.MULTILINE)
    assert "every 12 months.\" [1]" in rendered.stdout
    assert "<cite" not in rendered.stdout and "doc:" not in rendered.stdout


def _answer_with_a_fabricated_quote(request: ModelRequest) -> str:
    """A synthesis citing the uploaded policy twice truly and once with words it lacks."""
    ref = next(d.ref for d in request.documents if d.ref.startswith("doc:"))
    true = f'<cite ref="{ref}" quote="We must arrange a gas safety check every 12 months">'
    return (f"We check gas appliances every year {true}1</cite>. We also repaint every "
            f'stairwell monthly <cite ref="{ref}" quote="We repaint every stairwell monthly">2'
            f"</cite>.\n\nIn short, the check is annual {true}3</cite>.")


@pytest.fixture
async def scripted_engine(settings: Settings) -> AsyncIterator[Engine]:
    scripted = ScriptedProvider(responses={"synthesis": [_answer_with_a_fabricated_quote],
                                           "title": ["Gas safety"]}, chunk_size=7)
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    try:
        yield engine
    finally:
        await engine.stop()


async def test_ask_shows_the_answer_once_with_footnotes_and_only_what_verification_changed(
        scripted_engine: Engine, tmp_path: Path) -> None:
    policy = tmp_path / "gas-safety.md"
    policy.write_text("# Gas safety\n\nWe must arrange a gas safety check every 12 months.\n")
    added = await _yourai("docs", "add", str(policy), "--tenant", "cli-tenant",
                          settings=scripted_engine.settings)
    assert added.returncode == 0, added.stderr
    asked = await _yourai("ask", "How often must we check gas safety?", "--tenant",
                          "cli-tenant", settings=scripted_engine.settings)
    assert asked.returncode == 0, asked.stderr
    out = asked.stdout
    # Streamed in seven-character pieces, tags split across them: no markup reaches the
    # terminal, and the repeated citation keeps its number.
    assert "<cite" not in out and "</cite" not in out and "doc:" not in out
    assert "every year [1]. We also repaint every stairwell monthly [2]." in out
    assert "the check is annual [1]." in out
    assert re.search(r'^  \[1\] Gas safety\b.*— "We must arrange a gas safety check every 12 '
                     r'months" ✔ verified$', out, re.MULTILINE), out
    assert re.search(r'^  \[2\] Gas safety\b.* ✖ removed$', out, re.MULTILINE), out
    # The answer is shown once: a revision shows only the sentence it changed.
    assert out.count("We check gas appliances every year") == 1, out
    assert out.count("the check is annual") == 1, out
    changed = out[out.index("Changed after verification:"):]
    assert "was: We also repaint every stairwell monthly [2]." in changed
    assert "now: I could not verify the source for a statement here" in changed
    assert "Citations verified: 2 of 3" in out and "■ completed" in out
    assert "\n\n\n" not in out

    # The API's read of the same answer: the same markers and footnotes, the log's text kept.
    conversation = re.findall(r"^Conversation: (\S+)", out, re.MULTILINE)[0]
    token = issue_token(scripted_engine.settings.jwt_secret, "cli-tenant", "cli-user")
    async with httpx.AsyncClient(base_url=scripted_engine.gateway_url) as http:
        detail = (await http.get(f"/v1/conversations/{conversation}",
                                 headers={"Authorization": f"Bearer {token}"})).json()
    answer = detail["messages"][-1]
    assert "<cite" in answer["content"] and "<cite" not in answer["text"]
    assert "every year [1]." in answer["text"] and "the check is annual [1]." in answer["text"]
    assert [(c["number"], c["title"], c["status"]) for c in answer["citations"]] == [
        (1, "Gas safety", "verified"), (None, "Gas safety", "removed")]


async def test_docs_add_of_an_edited_file_replaces_it_and_list_show_rm(engine: Engine,
                                                                       tmp_path: Path) -> None:
    policy = tmp_path / "rent.md"
    policy.write_text("# Rent policy\n\nRent is reviewed every April.\n")
    args = ("--tenant", "cli-library")
    first = await _yourai("docs", "add", str(policy), *args, settings=engine.settings)
    assert first.returncode == 0, first.stderr
    doc_id = first.stdout.split()[0]
    policy.write_text("# Rent policy\n\nRent is reviewed every October.\n")
    second = await _yourai("docs", "add", str(policy), *args, settings=engine.settings)
    assert second.returncode == 0, second.stderr
    assert second.stdout.split()[0] == doc_id and "version 2" in second.stdout

    listed = await _yourai("docs", "list", *args, settings=engine.settings)
    assert listed.stdout.splitlines() == [f"{doc_id}  v2  Rent policy  (1 chunks)"]
    shown = await _yourai("docs", "show", doc_id, "--version", "1", *args,
                          settings=engine.settings)
    assert "every April" in shown.stdout and "superseded" in shown.stdout
    removed = await _yourai("docs", "rm", doc_id, *args, settings=engine.settings)
    assert removed.returncode == 0 and "removed from search" in removed.stdout
    assert (await _yourai("docs", "list", *args, settings=engine.settings)).stdout == ""
    again = await _yourai("docs", "rm", doc_id, *args, settings=engine.settings)
    assert again.returncode == 2 and "404" in again.stderr


async def test_cli_errors_are_clear(engine: Engine, tmp_path: Path) -> None:
    missing = await _yourai("docs", "add", str(tmp_path / "nope.md"), settings=engine.settings)
    assert missing.returncode == 2 and "cannot read it" in missing.stderr
    unreachable = await _yourai("ask", "Hello?", "--url", f"http://127.0.0.1:{free_port()}")
    assert unreachable.returncode == 2 and "cannot reach the gateway" in unreachable.stderr
    for out in (missing, unreachable):
        assert "Traceback" not in out.stderr


def _one_line_error(out: subprocess.CompletedProcess[str]) -> str:
    assert out.returncode == 2, (out.stdout, out.stderr)
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("yourai: "), out.stderr
    assert "Traceback" not in out.stderr and "Warning" not in out.stderr
    return lines[0]


async def _run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(subprocess.run, list(args), env=env, cwd=ROOT,
                                   capture_output=True, text=True, timeout=180)


async def test_replay_with_an_unreachable_database_is_one_line() -> None:
    env = {**_env(), "YOURAI_DATABASE_URL": f"postgresql://postgres@127.0.0.1:{free_port()}/x"}
    out = await _run(sys.executable, "-m", "cli.main", "replay", str(uuid.uuid4()), env=env)
    assert "PostgreSQL" in _one_line_error(out)


async def test_up_on_a_busy_port_is_one_line(settings: Settings) -> None:
    assert settings.nats_url and settings.database_url and settings.redis_url
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        env = {**_env(), "YOURAI_NATS_URL": settings.nats_url,
               "YOURAI_DATABASE_URL": settings.database_url,
               "YOURAI_REDIS_URL": settings.redis_url, "YOURAI_NAMESPACE": settings.namespace,
               "YOURAI_PORT": str(busy.getsockname()[1])}
        out = await _run(sys.executable, "-m", "cli.main", "up", "--no-sample", env=env)
    assert "cannot listen" in _one_line_error(out)


async def test_embedded_postgres_prints_no_runtime_dir_warning(tmp_path: Path) -> None:
    env = {k: v for k, v in _env().items() if k != "XDG_RUNTIME_DIR"}
    env["YOURAI_DATA_DIR"] = str(tmp_path / "data")
    out = await _run(sys.executable, "-m", "cli.main", "replay", str(uuid.uuid4()), env=env)
    assert "no event log" in _one_line_error(out)  # and no RuntimeDirWarning
    assert (tmp_path / "data" / "run").is_dir()


async def test_taskw_exits_with_the_failing_commands_code() -> None:
    out = await _run(str(ROOT / "taskw"), "replay", "--", "not-a-uuid", env=_env())
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "is not a conversation id" in out.stderr


async def test_numeric_arguments_are_range_checked() -> None:
    for args in (("token", "--tenant", "t", "--user", "u", "--ttl", "-5"),
                 ("lex", "serve", "--port", "70000")):
        out = await _yourai(*args)
        assert out.returncode == 2 and "is not from" in out.stderr, out.stderr
        assert "Traceback" not in out.stderr


_LOAD_AFTER = """
import sys
from cli.main import _parser, prepare_process
from shared.embeddings import default_embedder
prepare_process(_parser().parse_args(sys.argv[1:]))
default_embedder()
"""


@pytest.mark.parametrize("command", [("up",), ("serve", "router"), ("lex", "serve")])
async def test_serving_commands_keep_the_model_in_the_data_directory(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    """Each command that serves loads the embedding model from ``YOURAI_DATA_DIR/models``,
    optimised once and saved there (shared/_model_cache.py), not optimised at every start."""
    env = {**_env(), "YOURAI_DATA_DIR": str(tmp_path)}
    done = await _run(sys.executable, "-c", _LOAD_AFTER, *command, env=env)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in (tmp_path / "models").glob("embedding-*.onnx")], done.stderr


async def test_a_model_cache_named_apart_from_the_data_directory_is_used(
        tmp_path: Path) -> None:
    """``YOURAI_MODEL_CACHE`` puts the model (and the vectors kept beside it) in a directory
    several data directories share, and nothing under the data directory's own ``models``."""
    shared = tmp_path / "shared-models"
    env = {**_env(), "YOURAI_DATA_DIR": str(tmp_path / "data"),
           "YOURAI_MODEL_CACHE": str(shared)}
    done = await _run(sys.executable, "-c", _LOAD_AFTER, "verify", "x.md", env=env)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in shared.glob("embedding-*.onnx")], done.stderr
    assert not (tmp_path / "data" / "models").exists()

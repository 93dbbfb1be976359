"""What ``yourai up`` asks of the servers it embeds takes effect: PostgreSQL's parameters on
the first start of a new data directory and on every later start, nats-server's memory limit
in its environment; without limits the servers keep their defaults."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import asyncpg

from shared.embedded import COMPACT, ServerLimits, start_nats, start_postgres


async def _show(dsn: str, name: str) -> str:
    conn = await asyncpg.connect(dsn)
    try:
        return str(await conn.fetchval(f"SHOW {name}"))
    finally:
        await conn.close()


def test_postgres_parameters_apply_on_the_first_start_and_after(tmp_path: Path) -> None:
    data = tmp_path / "pg"
    with contextlib.ExitStack() as stack:
        dsn = start_postgres(stack, data, {"shared_buffers": "24MB", "work_mem": "2MB"})
        assert asyncio.run(_show(dsn, "shared_buffers")) == "24MB"
        assert asyncio.run(_show(dsn, "work_mem")) == "2MB"
    with contextlib.ExitStack() as stack:  # changed for an existing directory: no restart
        dsn = start_postgres(stack, data, {"shared_buffers": "16MB"})
        assert asyncio.run(_show(dsn, "shared_buffers")) == "16MB"
        assert asyncio.run(_show(dsn, "work_mem")) == "4MB"
    conf = (data / "postgresql.conf").read_text(encoding="utf-8")
    assert conf.count("include_if_exists = 'yourai.conf'") == 1


def test_without_parameters_postgres_keeps_its_defaults(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        dsn = start_postgres(stack, tmp_path / "pg")
        assert asyncio.run(_show(dsn, "shared_buffers")) == "128MB"
    assert not (tmp_path / "pg" / "yourai.conf").exists()


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def _nats_pid(data_dir: Path) -> int:
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and str(data_dir) in (entry / "cmdline").read_text():
                return int(entry.name)
    raise AssertionError("nats-server not found")


def test_nats_gets_its_memory_limit(tmp_path: Path) -> None:
    assert COMPACT.nats_memory_limit and ServerLimits().nats_memory_limit is None
    with contextlib.ExitStack() as stack:
        start_nats(stack, tmp_path / "n", memory_limit=COMPACT.nats_memory_limit)
        assert _environ(_nats_pid(tmp_path / "n")).get("GOMEMLIMIT") == "32MiB"

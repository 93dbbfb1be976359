"""Pools are sized from configuration and checked against PostgreSQL's max_connections at
start-up (issue 8, defect 10)."""

from __future__ import annotations

import logging
from dataclasses import replace

import asyncpg
import pytest

from services.engine import Engine
from shared.config import ConfigError, Settings
from shared.store import ConnectionBudgetExceeded, connect_pool


def test_the_pool_size_is_read_from_the_environment_once() -> None:
    assert Settings.from_env({}).db_pool_size == 10
    assert Settings.from_env({"YOURAI_DB_POOL_SIZE": "3"}).db_pool_size == 3
    for bad in ("0", "-2", "many", "99999999999"):
        with pytest.raises(ConfigError, match="YOURAI_DB_POOL_SIZE"):
            Settings.from_env({"YOURAI_DB_POOL_SIZE": bad})


@pytest.mark.parametrize(("name", "value"), [
    ("YOURAI_PORT", "70000"), ("YOURAI_LEX_PORT", "-1"), ("YOURAI_RATE_LIMIT_PER_MINUTE", "0"),
    ("YOURAI_ACK_WAIT_S", "nan"), ("YOURAI_STALL_TIMEOUT_S", "-5"), ("YOURAI_ACK_WAIT_S", "inf"),
])
def test_numeric_settings_are_range_checked(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({name: value})


async def test_the_engine_sizes_its_pool_from_settings(settings: Settings) -> None:
    engine = Engine(replace(settings, db_pool_size=3), services=[])
    await engine.start()
    try:
        assert engine.infra is not None and engine.infra.pool.get_max_size() == 3
    finally:
        await engine.stop()


async def _budget(dsn: str) -> int:
    conn = await asyncpg.connect(dsn)
    try:
        return int(await conn.fetchval(
            "SELECT current_setting('max_connections')::int"
            " - current_setting('superuser_reserved_connections')::int"))
    finally:
        await conn.close()


async def test_a_pool_that_cannot_fit_is_refused_and_one_that_may_not_is_a_warning(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    assert settings.database_url
    available = await _budget(settings.database_url)
    with pytest.raises(ConnectionBudgetExceeded, match="YOURAI_DB_POOL_SIZE"):
        await connect_pool(settings.database_url, max_size=available + 1)

    other = await asyncpg.connect(settings.database_url)  # another process's connection
    try:
        with caplog.at_level(logging.INFO, logger="yourai.store"):
            pool = await connect_pool(settings.database_url, max_size=available)
            await pool.close()
            small = await connect_pool(settings.database_url, max_size=2)
            await small.close()
    finally:
        await other.close()
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("budget exceeded" in m and f"may open {available}" in m for m in warnings)
    assert any("may open 2 of" in r.getMessage() for r in caplog.records
               if r.levelno == logging.INFO)

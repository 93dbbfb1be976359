"""The pool returns a connection in its caller's task, without asyncpg's task per release, and
still returns it whole when the release waits on the server and its caller is cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Generator
from typing import Any

from shared.config import Settings
from shared.store import connect_pool


class Counting:
    """A task factory that counts the tasks made while it is installed."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, loop: asyncio.AbstractEventLoop,
                 coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
                 **kwargs: Any) -> asyncio.Task[Any]:
        self.made += 1
        return asyncio.Task(coro, loop=loop, **kwargs)


async def test_a_pooled_query_makes_no_task(settings: Settings) -> None:
    pool = await connect_pool(settings.database_url, max_size=2)
    loop = asyncio.get_running_loop()
    counting = Counting()
    loop.set_task_factory(counting)
    try:
        for _ in range(20):
            assert await pool.fetchval("SELECT 1") == 1
        async with pool.acquire() as connection:
            assert await connection.fetchval("SELECT 2") == 2
    finally:
        loop.set_task_factory(None)
        await pool.close()
    assert counting.made == 0  # asyncpg's own release shields each one in a task


async def test_a_release_that_waits_on_the_server_finishes_when_its_caller_is_cancelled(
        settings: Settings) -> None:
    """A transaction left open is rolled back on release (a statement, so a wait): the
    caller's cancellation during that wait still leaves the connection returned, rolled back,
    and usable."""
    pool = await connect_pool(settings.database_url, min_size=1, max_size=1)
    try:
        await pool.execute("CREATE TEMP TABLE IF NOT EXISTS _pf17 (n int)")
        entered = asyncio.Event()

        async def leaves_a_transaction_open() -> None:
            async with pool.acquire() as connection:
                await connection.execute("BEGIN")
                await connection.execute("SELECT pg_advisory_xact_lock(1717)")
                entered.set()
            # The release's ROLLBACK is under way when the task is cancelled.

        loop = asyncio.get_running_loop()
        counting = Counting()
        loop.set_task_factory(counting)
        try:
            task = asyncio.create_task(leaves_a_transaction_open())
            await entered.wait()
            await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        finally:
            loop.set_task_factory(None)
        assert counting.made == 2  # the caller's task, and the rest of its release handed over
        assert pool.get_size() == 1
        async with asyncio.timeout(10):
            async with pool.acquire() as connection:
                # Rolled back: the transaction-scoped lock is free again.
                assert await connection.fetchval("SELECT pg_try_advisory_xact_lock(1717)")
    finally:
        await pool.close()

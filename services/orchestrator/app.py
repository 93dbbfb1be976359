"""Orchestrator service wiring."""

from __future__ import annotations

import asyncio
import contextlib

from services.orchestrator.handlers import register
from services.orchestrator.synthesis import (
    History,
    answer_tail,
    evidence,
    gap_note,
    missing_instruments,
    synthesis_request,
)
from services.orchestrator.watchdog import run_watchdog
from shared.llm import ModelProvider
from shared.runtime import Infra, Service

__all__ = ["History", "answer_tail", "create", "evidence", "gap_note", "missing_instruments",
           "synthesis_request"]


def create(infra: Infra, provider: ModelProvider) -> Service:
    service = Service(name="orchestrator", infra=infra)
    register(service, provider)
    watchdog: list[asyncio.Task[None]] = []

    async def start_watchdog() -> None:
        watchdog.append(asyncio.create_task(run_watchdog(service), name="watchdog"))

    async def stop_watchdog() -> None:
        for task in watchdog:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    service.on_start.append(start_watchdog)
    service.on_stop.append(stop_watchdog)
    return service

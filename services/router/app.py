"""Router service wiring."""

from __future__ import annotations

from services.router.handlers import register
from shared.llm import ModelProvider
from shared.runtime import Infra, Service


def create(infra: Infra, provider: ModelProvider) -> Service:
    service = Service(name="router", infra=infra)
    register(service, provider)
    return service

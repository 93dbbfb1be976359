"""Router service wiring."""

from __future__ import annotations

from services.router.classify import classify_offline
from services.router.handlers import register
from services.router.rewrite import rewrite_offline
from shared.llm import ModelProvider
from shared.runtime import Infra, Service

__all__ = ["classify_offline", "create", "rewrite_offline"]


def create(infra: Infra, provider: ModelProvider) -> Service:
    service = Service(name="router", infra=infra)
    register(service, provider)
    return service

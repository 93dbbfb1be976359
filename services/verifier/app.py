"""The verifier service: checks every citation of a drafted answer and scores confidence."""

from __future__ import annotations

from services.verifier.checks import default_checks
from services.verifier.config import VerifierConfig
from services.verifier.handlers import VerifyDraft
from shared.documents import DocumentStore
from shared.runtime import Infra, Service

__all__ = ["create"]


def create(infra: Infra, config: VerifierConfig | None = None) -> Service:
    config = config or VerifierConfig()
    service = Service(name="verifier", infra=infra)
    checks = default_checks(DocumentStore(infra.pool), deadline_s=config.check_deadline_s)
    service.consume("draft.completed",
                    VerifyDraft(service=service, checks=checks, wording=config.wording))
    return service

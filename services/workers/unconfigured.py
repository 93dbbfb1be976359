"""Workers whose source is not configured in this deployment: they say so, visibly.

Never invented content: the finding carries the reason, the log records it, and the answer
tells the user what could not be checked.
"""

from __future__ import annotations

from services.workers.base import Worker, WorkerOutcome, WorkerTask
from shared.events import WorkerName

_WHAT = {
    "legislation": ("Searching UK legislation",
                    "UK legislation search is not configured in this deployment (no Lex source "
                    "is connected yet), so legislation could not be checked."),
    "caselaw": ("Searching case law",
                "Case law search is not configured in this deployment (no Lex source is "
                "connected yet), so case law could not be checked."),
    "external": ("Checking the regulators' published material",
                 "No external sources (such as the Regulator of Social Housing or the Housing "
                 "Ombudsman) are configured for this organisation, so they could not be checked."),
}


def unconfigured_worker(name: WorkerName) -> Worker:
    description, reason = _WHAT[name]

    async def run(task: WorkerTask) -> WorkerOutcome:
        return WorkerOutcome(status="not_configured", error=reason)

    return Worker(name=name, description=description, run=run)

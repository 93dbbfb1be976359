"""Which questions may be looked up and which answers may be kept (pure; DESIGN §5d).

A cached answer is served to someone who did not see how it was made, so only answers the
verifier stood behind are kept: every citation kept (none removed), confidence at least
medium, and only sources whose change can be noticed cheaply. A follow-up is looked up by its
standalone rewrite, and only when the rewrite really made it standalone.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.events import CitationStatus, ConfidenceLevel, QueryRewritten, QueryType
from shared.verification.refs import CitationKind

__all__ = ["cacheable_question", "not_worth_keeping", "still_trusted"]

_KEPT_CONFIDENCE: frozenset[ConfidenceLevel] = frozenset({"high", "medium"})


def cacheable_question(rewritten: QueryRewritten, query_type: QueryType) -> bool:
    """Whether the question stands alone, so that its answer does not depend on the
    conversation: a first or self-contained message, a model's standalone rewrite, or a
    follow-up the offline rule completed with the subjects it carried. A greeting is not a
    compliance question and is never cached."""
    if query_type == "conversational" or not rewritten.standalone.strip():
        return False
    if rewritten.method in ("unchanged", "model"):
        return True
    return bool(rewritten.carried)


def not_worth_keeping(*, statuses: Sequence[CitationStatus], kinds: Sequence[CitationKind],
                      confidence: ConfidenceLevel, read_the_conversation: bool = False
                      ) -> str | None:
    """Why a verified answer is not kept, or ``None`` when it is worth keeping.

    ``read_the_conversation``: a model wrote the answer with earlier turns in its prompt, so
    the answer may lean on them ("as above", the tenant's circumstances) even when the
    question stood alone; the offline writer reads only the question and the evidence."""
    if read_the_conversation:
        return "a model wrote it with the conversation's earlier turns in view"
    if not statuses:
        return "it cites nothing"
    if "removed" in statuses:
        return "verification removed a citation"
    if confidence not in _KEPT_CONFIDENCE:
        return f"its confidence is {confidence}"
    if "external" in kinds:
        return "it cites an external item, whose change cannot be noticed cheaply"
    return None


def still_trusted(*, statuses: Sequence[CitationStatus], confidence: ConfidenceLevel | None
                  ) -> bool:
    """Whether a reused answer, verified again, still deserves its entry: nothing removed and
    confidence still at least medium."""
    return "removed" not in statuses and confidence in _KEPT_CONFIDENCE

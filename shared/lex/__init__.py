"""What every party needs to talk to a Lex server: the MCP client and legislation/case ids."""

from shared.lex.client import (
    LexClient,
    LexError,
    LexNotFound,
    LexRetry,
    LexToolError,
    LexUnavailable,
)
from shared.lex.paths import (
    caselaw_path,
    citation_key,
    legislation_path,
    number_key,
    provision_number,
)

__all__ = [
    "LexClient",
    "LexError",
    "LexNotFound",
    "LexRetry",
    "LexToolError",
    "LexUnavailable",
    "caselaw_path",
    "citation_key",
    "legislation_path",
    "number_key",
    "provision_number",
]

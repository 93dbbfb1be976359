"""What every party needs to talk to a Lex server: the MCP client and legislation/case ids."""

from shared.lex.client import LexClient, LexError, LexToolError
from shared.lex.paths import caselaw_path, citation_key, legislation_path, number_key

__all__ = [
    "LexClient",
    "LexError",
    "LexToolError",
    "caselaw_path",
    "citation_key",
    "legislation_path",
    "number_key",
]

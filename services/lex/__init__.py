"""The local Lex MCP server over the legal corpus."""

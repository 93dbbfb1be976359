"""Local stand-ins for remote services, spoken to over real HTTP by the real client libraries."""

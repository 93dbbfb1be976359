-- Counting a tenant's events of one type (GET /v1/cache/stats: its completed invocations and
-- its cache hits) reads this index instead of scanning the whole log.
CREATE INDEX IF NOT EXISTS events_tenant_type ON events (tenant_id, type);

-- Per-tenant configuration: name, jurisdiction, the mandatory disclaimer, testing mode.
CREATE TABLE IF NOT EXISTS tenants (
    tenant_id    text PRIMARY KEY,
    name         text        NOT NULL,
    jurisdiction text        NOT NULL DEFAULT 'england',
    disclaimer   text,
    testing_mode boolean     NOT NULL DEFAULT false,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- A tenant's model configuration (tier -> model and provider, per-agent settings) and its own
-- prices over the defaults; the current values, whose history is the configuration stream.
CREATE TABLE IF NOT EXISTS tenant_models (
    tenant_id  text PRIMARY KEY,
    models     jsonb       NOT NULL DEFAULT '{}',
    prices     jsonb,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- The optional monthly budget, a decimal string in the currency of the tenant's price table.
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS monthly_budget text;

-- Every usage.recorded, projected for GET /v1/usage and the budget (rebuildable from the log).
CREATE TABLE IF NOT EXISTS model_usage (
    event_id      uuid PRIMARY KEY,
    tenant_id     text        NOT NULL,
    invocation_id uuid,
    user_id       text        NOT NULL DEFAULT '',
    agent         text        NOT NULL,
    provider      text        NOT NULL,
    model         text        NOT NULL,
    input_tokens       bigint NOT NULL,
    output_tokens      bigint NOT NULL,
    cache_write_tokens bigint NOT NULL,
    cache_read_tokens  bigint NOT NULL,
    cost          numeric     NOT NULL,
    currency      text        NOT NULL,
    priced        boolean     NOT NULL,
    occurred_at   timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS model_usage_tenant_time ON model_usage (tenant_id, occurred_at);

-- The last good response per tenant and URL, kept for conditional requests: a 304 serves this
-- body. In PostgreSQL rather than in-process so that every workers replica shares it.
CREATE TABLE IF NOT EXISTS external_http_cache (
    tenant_id     text        NOT NULL,
    url           text        NOT NULL,
    etag          text,
    last_modified text,
    content_type  text        NOT NULL DEFAULT '',
    body          bytea       NOT NULL,
    fetched_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, url)
);

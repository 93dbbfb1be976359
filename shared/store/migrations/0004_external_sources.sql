-- External knowledge sources configured per tenant (regulators, ombudsmen, consultations).
-- A source may only point at a host on its tenant's allowlist; the fetcher checks the list
-- again on every request and every redirect, so removing a host takes effect at once.
CREATE TABLE IF NOT EXISTS tenant_allowed_hosts (
    tenant_id  text        NOT NULL,
    host       text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, host)
);

CREATE TABLE IF NOT EXISTS external_sources (
    tenant_id   text        NOT NULL,
    source_id   text        NOT NULL CHECK (source_id ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
    name        text        NOT NULL,
    kind        text        NOT NULL CHECK (kind IN ('json', 'feed', 'html')),
    url         text        NOT NULL,
    enabled     boolean     NOT NULL DEFAULT true,
    -- How a JSON API's items are found (dotted path; empty: the document is the list) and
    -- which fields of each item hold what. Unused by feeds and HTML pages.
    items_path  text        NOT NULL DEFAULT '',
    id_field    text        NOT NULL DEFAULT 'id',
    title_field text        NOT NULL DEFAULT 'title',
    text_field  text        NOT NULL DEFAULT 'text',
    url_field   text        NOT NULL DEFAULT 'url',
    date_field  text        NOT NULL DEFAULT 'published',
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, source_id)
);

-- The append-only event log: one stream per conversation, a global position across streams.
CREATE TABLE IF NOT EXISTS streams (
    conversation_id uuid PRIMARY KEY,
    tenant_id       text        NOT NULL,
    version         integer     NOT NULL,
    head_hash       bytea       NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
    position        bigserial   PRIMARY KEY,
    conversation_id uuid        NOT NULL REFERENCES streams (conversation_id),
    version         integer     NOT NULL,
    event_id        uuid        NOT NULL UNIQUE,
    invocation_id   uuid,
    tenant_id       text        NOT NULL,
    type            text        NOT NULL,
    occurred_at     timestamptz NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    payload         bytea       NOT NULL,
    prev_hash       bytea       NOT NULL,
    hash            bytea       NOT NULL,
    UNIQUE (conversation_id, version)
);
CREATE INDEX IF NOT EXISTS events_invocation ON events (invocation_id, version);

-- Projections: rebuildable from the log at any time.
CREATE TABLE IF NOT EXISTS conversations (
    id          uuid PRIMARY KEY,
    tenant_id   text        NOT NULL,
    user_id     text        NOT NULL,
    title       text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    archived_at timestamptz
);
CREATE INDEX IF NOT EXISTS conversations_tenant ON conversations (tenant_id, user_id, updated_at DESC);

CREATE TABLE IF NOT EXISTS invocations (
    id              uuid PRIMARY KEY,
    conversation_id uuid        NOT NULL,
    tenant_id       text        NOT NULL,
    user_id         text        NOT NULL,
    status          text        NOT NULL,
    started_at      timestamptz NOT NULL,
    ended_at        timestamptz,
    last_event_at   timestamptz NOT NULL,
    confidence      text,
    reason          text
);
CREATE INDEX IF NOT EXISTS invocations_running ON invocations (status, last_event_at);

CREATE TABLE IF NOT EXISTS messages (
    id              uuid PRIMARY KEY,
    conversation_id uuid        NOT NULL,
    tenant_id       text        NOT NULL,
    invocation_id   uuid        NOT NULL,
    role            text        NOT NULL,
    content         text        NOT NULL,
    status          text        NOT NULL,
    created_at      timestamptz NOT NULL,
    seq             integer     NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_conversation ON messages (conversation_id, seq);

-- Tenant policy documents, chunked with character offsets so a citation can point at a chunk.
CREATE TABLE IF NOT EXISTS documents (
    id         uuid PRIMARY KEY,
    tenant_id  text        NOT NULL,
    title      text        NOT NULL,
    content    text        NOT NULL,
    sha256     text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS documents_tenant ON documents (tenant_id);

CREATE TABLE IF NOT EXISTS document_chunks (
    document_id  uuid    NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    tenant_id    text    NOT NULL,
    idx          integer NOT NULL,
    start_offset integer NOT NULL,
    end_offset   integer NOT NULL,
    heading      text    NOT NULL DEFAULT '',
    text         text    NOT NULL,
    tsv          tsvector GENERATED ALWAYS AS (
                     setweight(to_tsvector('english', heading), 'A') ||
                     setweight(to_tsvector('english', text), 'B')) STORED,
    PRIMARY KEY (document_id, idx)
);
CREATE INDEX IF NOT EXISTS document_chunks_tsv ON document_chunks USING gin (tsv);
CREATE INDEX IF NOT EXISTS document_chunks_tenant ON document_chunks (tenant_id);

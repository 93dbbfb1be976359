-- The policy library (issue 9): documents keep their versions, and chunks get embeddings.
--
-- A row of `documents` is one version. `lineage` is the document's id across its versions (the
-- id the library API uses); the first version's row id is the lineage itself, so every id and
-- citation `doc:<id>#<chunk>` recorded before this migration still names the same text. A
-- replaced version is marked superseded and a deleted one removed, never deleted: citations
-- and the audit log keep pointing at the text they quoted. Search reads current versions only.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS lineage uuid;
UPDATE documents SET lineage = id WHERE lineage IS NULL;
ALTER TABLE documents ALTER COLUMN lineage SET NOT NULL;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'current'
    CHECK (status IN ('current', 'superseded', 'removed'));
ALTER TABLE documents ADD COLUMN IF NOT EXISTS user_id text NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN IF NOT EXISTS ended_at timestamptz;
CREATE UNIQUE INDEX IF NOT EXISTS documents_lineage_version ON documents (lineage, version);
CREATE INDEX IF NOT EXISTS documents_current
    ON documents (tenant_id, created_at, lineage) WHERE status = 'current';

-- One *current* document per tenant and content: an old version may share a hash with the
-- current text (a policy edited, then changed back).
DROP INDEX IF EXISTS documents_tenant_sha256;
CREATE UNIQUE INDEX IF NOT EXISTS documents_current_sha256
    ON documents (tenant_id, sha256) WHERE status = 'current';

-- Chunk embeddings, only where pgvector exists (0009). The model's id is stored beside each
-- vector: a search compares only vectors of the model that embeds the question.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        CREATE TABLE IF NOT EXISTS document_chunk_embeddings (
            document_id uuid        NOT NULL,
            idx         integer     NOT NULL,
            tenant_id   text        NOT NULL,
            model_id    text        NOT NULL,
            embedding   vector(384) NOT NULL,
            PRIMARY KEY (document_id, idx),
            FOREIGN KEY (document_id, idx) REFERENCES document_chunks (document_id, idx)
                ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS document_chunk_embeddings_hnsw
            ON document_chunk_embeddings USING hnsw (embedding vector_cosine_ops);
        CREATE INDEX IF NOT EXISTS document_chunk_embeddings_tenant
            ON document_chunk_embeddings (tenant_id, model_id);
    END IF;
END
$$;

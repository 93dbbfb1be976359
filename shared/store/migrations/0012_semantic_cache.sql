-- The semantic cache (issue 11, DESIGN §5d): verified answers a later question asking the same
-- thing may reuse. The answer itself stays in the log (the reused invocation's); a row holds
-- what finding and trusting it needs: the standalone question and its vector, the scope
-- (tenant, persona, jurisdiction), what each citation's source looked like when the answer was
-- verified, and what the answer cost. Only where pgvector exists (0009); without it the engine
-- runs without a cache.
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS cache_ttl_days integer NOT NULL DEFAULT 30;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        CREATE TABLE IF NOT EXISTS semantic_cache (
            invocation_id   uuid PRIMARY KEY,
            conversation_id uuid        NOT NULL,
            tenant_id       text        NOT NULL,
            persona_id      text        NOT NULL DEFAULT '',
            jurisdiction    text        NOT NULL,
            question        text        NOT NULL,
            model_id        text        NOT NULL,
            embedding       vector(384) NOT NULL,
            sources         jsonb       NOT NULL,
            documents       uuid[]      NOT NULL DEFAULT '{}',
            uses_policies   boolean     NOT NULL DEFAULT true,
            usage           jsonb       NOT NULL,
            duration_ms     integer     NOT NULL DEFAULT 0,
            created_at      timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS semantic_cache_scope
            ON semantic_cache (tenant_id, persona_id, jurisdiction, model_id, created_at);
        CREATE INDEX IF NOT EXISTS semantic_cache_documents
            ON semantic_cache USING gin (documents);
    END IF;
END
$$;

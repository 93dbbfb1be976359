-- Dense retrieval needs pgvector. The embedded PostgreSQL (pgserver) ships it; an external
-- server may not, and then the engine runs on full-text search alone and says so at start-up
-- (shared/hybrid.py, vector_search_available). Tables of embeddings are created by their
-- owners' migrations only where the extension exists.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector is not available (%): retrieval falls back to full-text search', SQLERRM;
END
$$;

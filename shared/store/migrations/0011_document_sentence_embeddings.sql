-- Sentence embeddings of tenant documents (issue 9), only where pgvector exists (0009).
--
-- A chunk's one vector averages every sentence in it, so a question about one fact of a
-- passage that holds five matches it weakly. Each sentence of a chunk is embedded too (under
-- the document's title and the chunk's heading) and a chunk's dense score is the best of its
-- vectors. Every chunk has at least the sentence numbered 0, so a chunk without it has not
-- been embedded this way yet (the start-up backfill adds it).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        CREATE TABLE IF NOT EXISTS document_sentence_embeddings (
            document_id uuid        NOT NULL,
            idx         integer     NOT NULL,
            sentence    integer     NOT NULL,
            tenant_id   text        NOT NULL,
            model_id    text        NOT NULL,
            embedding   vector(384) NOT NULL,
            PRIMARY KEY (document_id, idx, sentence),
            FOREIGN KEY (document_id, idx) REFERENCES document_chunks (document_id, idx)
                ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS document_sentence_embeddings_tenant
            ON document_sentence_embeddings (tenant_id, model_id);
    END IF;
END
$$;

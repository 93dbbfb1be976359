-- Sentence embeddings of the legal corpus, for the dense half of hybrid search: one vector per
-- chunk of a provision (its title with the start of its text, then further windows of a long
-- one) and one per judgment paragraph. Each row names the vector space it is in (the
-- embedder's model_id and the recipe of services/lex/corpus/vectors.py) and the md5 of the
-- provision or paragraph it came from, so an import re-embeds only what changed.
-- Created only where pgvector exists (shared/store/migrations/0009_pgvector.sql); without it
-- the corpus is searched by full text alone and the Lex server says so at start-up.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        CREATE TABLE IF NOT EXISTS legislation_section_vectors (
            section_id text    NOT NULL REFERENCES legislation_sections (id) ON DELETE CASCADE,
            chunk      integer NOT NULL,
            model_id   text    NOT NULL,
            text_md5   text    NOT NULL,
            embedding  vector(384) NOT NULL,
            PRIMARY KEY (section_id, chunk)
        );
        CREATE INDEX IF NOT EXISTS legislation_section_vectors_hnsw
            ON legislation_section_vectors USING hnsw (embedding vector_cosine_ops);

        CREATE TABLE IF NOT EXISTS caselaw_paragraph_vectors (
            caselaw_id text    NOT NULL,
            idx        integer NOT NULL,
            model_id   text    NOT NULL,
            text_md5   text    NOT NULL,
            embedding  vector(384) NOT NULL,
            PRIMARY KEY (caselaw_id, idx),
            FOREIGN KEY (caselaw_id, idx) REFERENCES caselaw_paragraphs (caselaw_id, idx)
                ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS caselaw_paragraph_vectors_hnsw
            ON caselaw_paragraph_vectors USING hnsw (embedding vector_cosine_ops);
    ELSE
        RAISE NOTICE 'pgvector is not installed: the legal corpus is searched by full text only';
    END IF;
END
$$;

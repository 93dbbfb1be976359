-- The legal corpus served by the local Lex server: legislation (CLML) and judgments (Akoma Ntoso).
-- Each row keeps its record's full msgspec JSON so records round-trip exactly; the other
-- columns exist only to filter, order and search.
CREATE TABLE IF NOT EXISTS legislation (
    id          text    PRIMARY KEY,           -- http://www.legislation.gov.uk/id/ukpga/2004/34
    path        text    NOT NULL UNIQUE,       -- ukpga/2004/34
    type        text    NOT NULL,
    year        integer NOT NULL,
    number      integer NOT NULL,
    category    text    NOT NULL,
    title       text    NOT NULL,
    record      jsonb   NOT NULL,
    tsv         tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', title), 'A') ||
                    setweight(to_tsvector('english', coalesce(record->>'description', '')), 'B'))
                    STORED,
    imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS legislation_citation ON legislation (type, year, number);
CREATE INDEX IF NOT EXISTS legislation_tsv ON legislation USING gin (tsv);

CREATE TABLE IF NOT EXISTS legislation_sections (
    id             text    PRIMARY KEY,        -- …/id/ukpga/2004/34/section/5
    legislation_id text    NOT NULL REFERENCES legislation (id) ON DELETE CASCADE,
    path           text    NOT NULL UNIQUE,    -- ukpga/2004/34/section/5
    provision_type text    NOT NULL,
    number         text    NOT NULL,
    number_major   integer NOT NULL,           -- numeric-aware order: 2 < 10 < 10A
    number_minor   text    NOT NULL,
    title          text    NOT NULL,
    text           text    NOT NULL,
    record         jsonb   NOT NULL,
    tsv            tsvector GENERATED ALWAYS AS (
                       setweight(to_tsvector('english', title), 'A') ||
                       setweight(to_tsvector('english', text), 'B')) STORED,
    title_tsv      tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED
);
CREATE INDEX IF NOT EXISTS legislation_sections_tsv ON legislation_sections USING gin (tsv);
CREATE INDEX IF NOT EXISTS legislation_sections_order
    ON legislation_sections (legislation_id, provision_type, number_major, number_minor);

CREATE TABLE IF NOT EXISTS caselaw (
    id                     text    PRIMARY KEY,  -- https://caselaw.nationalarchives.gov.uk/ewhc/admin/2017/3409
    court                  text    NOT NULL,
    division               text,
    year                   integer NOT NULL,
    cite_as                text    NOT NULL,
    name                   text    NOT NULL,
    date                   text,
    legislation_references text[]  NOT NULL DEFAULT '{}',
    caselaw_references     text[]  NOT NULL DEFAULT '{}',
    record                 jsonb   NOT NULL,
    tsv                    tsvector GENERATED ALWAYS AS (
                               setweight(to_tsvector('english', name || ' ' || cite_as), 'A') ||
                               setweight(to_tsvector('english',
                                   coalesce(record->>'header', '')), 'B') ||
                               setweight(to_tsvector('english',
                                   left(coalesce(record->>'text', ''), 500000)), 'C')) STORED,
    imported_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS caselaw_tsv ON caselaw USING gin (tsv);
CREATE INDEX IF NOT EXISTS caselaw_cite ON caselaw (lower(cite_as));

CREATE TABLE IF NOT EXISTS caselaw_paragraphs (
    caselaw_id text    NOT NULL REFERENCES caselaw (id) ON DELETE CASCADE,
    idx        integer NOT NULL,
    number     text    NOT NULL,
    text       text    NOT NULL,
    record     jsonb   NOT NULL,
    tsv        tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    PRIMARY KEY (caselaw_id, idx)
);
CREATE INDEX IF NOT EXISTS caselaw_paragraphs_tsv ON caselaw_paragraphs USING gin (tsv);

-- Which source file (or fetched id) produced which document, by content hash, so that
-- importing the same directory again can skip what is already there.
CREATE TABLE IF NOT EXISTS corpus_sources (
    source      text PRIMARY KEY,
    sha256      text NOT NULL,
    kind        text NOT NULL,                 -- legislation | caselaw
    document_id text NOT NULL,
    imported_at timestamptz NOT NULL DEFAULT now()
);

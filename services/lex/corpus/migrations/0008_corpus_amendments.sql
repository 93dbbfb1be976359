-- Amendments (CLML ukm:UnappliedEffect) of the legal corpus, served by search_amendments and
-- search_amendment_sections. An Act's import replaces the effects it lists.
CREATE TABLE IF NOT EXISTS legislation_amendments (
    id                      text PRIMARY KEY,   -- the effect's id
    source_legislation_id   text NOT NULL REFERENCES legislation (id) ON DELETE CASCADE,
    changed_path            text NOT NULL,      -- ukpga/1988/50
    changed_provision_path  text,               -- ukpga/1988/50/section/7/5ZC
    affecting_path          text NOT NULL,
    affecting_provision_path text,
    record                  jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS legislation_amendments_changed ON legislation_amendments (changed_path);
CREATE INDEX IF NOT EXISTS legislation_amendments_affecting
    ON legislation_amendments (affecting_path);

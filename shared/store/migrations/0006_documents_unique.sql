-- One document per tenant and content: uploads are deduplicated by a unique index, so that
-- concurrent identical uploads store one document (INSERT … ON CONFLICT DO NOTHING).
--
-- The hash now covers the content alone (it covered "title\ncontent"): the same text under
-- another title is the same policy. Existing rows are rehashed the same way
-- (sha256 of the UTF-8 content, hex, as hashlib computes it). Duplicates already stored are
-- kept, not deleted — citations in the log may point at them — but their hash is marked
-- ":duplicate:<id>" so that only the oldest one answers to the content.
UPDATE documents SET sha256 = encode(sha256(convert_to(content, 'UTF8')), 'hex');

UPDATE documents d SET sha256 = d.sha256 || ':duplicate:' || d.id
FROM documents keep
WHERE keep.tenant_id = d.tenant_id AND keep.sha256 = d.sha256
  AND (keep.created_at, keep.id) < (d.created_at, d.id);

CREATE UNIQUE INDEX IF NOT EXISTS documents_tenant_sha256 ON documents (tenant_id, sha256);

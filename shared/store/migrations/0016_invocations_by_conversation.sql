-- A conversation's invocations, found by index: GET /v1/conversations/{id} lists them, and
-- without this the lookup read the whole invocations table, which grows with every question
-- ever asked (bench.state_scale measured it growing with the log).
CREATE INDEX IF NOT EXISTS invocations_conversation ON invocations (conversation_id, started_at);

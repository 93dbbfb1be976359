"""The gateway: the HTTP + SSE API in front of the event log (DESIGN §7).

Error statuses, all as JSON ``{"status_code", "detail"}`` and none of them recording anything:
400 for malformed JSON, missing fields, wrong types, blank content or a bad ``Last-Event-ID``;
401 for a missing, expired or forged token; 404 for unknown, archived or another tenant's
resources and for ids in paths that are not UUIDs; 409 for an ``Idempotency-Key`` reused with
a different request; 413 for a message over ``Settings.max_message_bytes`` (UTF-8 bytes);
415 for a document that is neither JSON nor multipart; 429 (with ``Retry-After``) over the
tenant's rate limit; 503 when the event store or Redis is unavailable; 500, generic, otherwise.
"""

-- Records committed by the gateway whose publication to NATS is not yet confirmed. A row is
-- written in the same transaction as its event and deleted once JetStream holds the event; a
-- sweep republishes whatever is left (NATS was down, or the process died in between).
CREATE TABLE IF NOT EXISTS publish_outbox (
    position  bigint      PRIMARY KEY REFERENCES events (position),
    queued_at timestamptz NOT NULL DEFAULT now()
);

-- Who works on a delivered message (DESIGN §4, "One replica at a time"). JetStream delivers a
-- message again when its ack wait passes without a keep-alive, to any replica, while the first
-- may still be working on it; the delivery that holds a live lease here runs the handler, any
-- other stands by until the work is done (then acks) or the lease has lapsed (its holder
-- died: it takes over). A holder renews its leases while it runs; `done` rows answer late
-- redeliveries for a while and are then pruned.
CREATE TABLE IF NOT EXISTS work_leases (
    consumer   text        NOT NULL,
    event_id   uuid        NOT NULL,
    holder     uuid        NOT NULL,
    expires_at timestamptz NOT NULL,
    done       boolean     NOT NULL DEFAULT false,
    PRIMARY KEY (consumer, event_id)
);
CREATE INDEX IF NOT EXISTS work_leases_expiry ON work_leases (expires_at);

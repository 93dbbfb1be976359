-- An append in one call: the stream heads locked, duplicates and ended invocations sorted
-- out, the hash chain extended, the events inserted (and queued for publication), the heads
-- and the invocations' latest activity moved on. The engine used to do this in four round
-- trips and more (lock, look-up, insert, commit); each costs it a socket write and a wake-up.
-- shared/store/postgres.py calls it and keeps the projections; the hash is the one
-- shared/store/_chain.py checks: sha256(prev_hash || version as 8 bytes big-endian || payload).
-- Errors: YA404 an event for a conversation never created, YA403 a conversation of another
-- tenant (shared/store/errors.py's StreamNotFound and TenantMismatch).
CREATE OR REPLACE FUNCTION append_events(
    conversation_ids uuid[], event_ids uuid[], invocation_ids uuid[], tenant_ids text[],
    types text[], occurred timestamptz[], payloads bytea[], queue boolean, terminal text[])
RETURNS TABLE (r_index integer, r_status text, r_position bigint, r_version integer,
               r_prev_hash bytea, r_hash bytea, r_recorded_at timestamptz, r_payload bytea)
LANGUAGE plpgsql AS $$
DECLARE
    touched uuid[];
    head_ids uuid[] := '{}';
    head_tenants text[] := '{}';
    head_versions integer[] := '{}';
    head_hashes bytea[] := '{}';
    run_ids uuid[] := '{}';
    run_status text[] := '{}';
    new_rows boolean[] := '{}';
    cid uuid;
    inv uuid;
    h integer;
    k integer;
    state text;
    found_row record;
BEGIN
    -- Every touched head that exists, locked in one fixed order: no deadlock between appends.
    SELECT array_agg(DISTINCT c ORDER BY c) INTO touched FROM unnest(conversation_ids) AS c;
    FOR found_row IN
        SELECT s.conversation_id, s.tenant_id, s.version, s.head_hash FROM streams s
        WHERE s.conversation_id = ANY (touched) ORDER BY s.conversation_id FOR UPDATE
    LOOP
        head_ids := head_ids || found_row.conversation_id;
        head_tenants := head_tenants || found_row.tenant_id;
        head_versions := head_versions || found_row.version;
        head_hashes := head_hashes || found_row.head_hash;
    END LOOP;
    -- A stream not created yet: its creators wait for each other, and the later one finds
    -- the row the first committed.
    FOREACH cid IN ARRAY touched LOOP
        CONTINUE WHEN cid = ANY (head_ids);
        PERFORM pg_advisory_xact_lock(7312, hashtext(cid::text));
        SELECT s.tenant_id, s.version, s.head_hash INTO found_row FROM streams s
        WHERE s.conversation_id = cid FOR UPDATE;
        IF FOUND THEN
            head_ids := head_ids || cid;
            head_tenants := head_tenants || found_row.tenant_id;
            head_versions := head_versions || found_row.version;
            head_hashes := head_hashes || found_row.head_hash;
        END IF;
    END LOOP;

    FOR i IN 1 .. coalesce(array_length(event_ids, 1), 0) LOOP
        r_index := i;
        new_rows := new_rows || false;
        SELECT e.position, e.version, e.prev_hash, e.hash, e.recorded_at, e.payload
        INTO r_position, r_version, r_prev_hash, r_hash, r_recorded_at, r_payload
        FROM events e WHERE e.event_id = event_ids[i];
        IF FOUND THEN
            r_status := 'duplicate';
            RETURN NEXT;
            CONTINUE;
        END IF;
        r_position := NULL; r_version := NULL; r_prev_hash := NULL; r_hash := NULL;
        r_recorded_at := NULL; r_payload := NULL;
        inv := invocation_ids[i];
        IF inv IS NOT NULL THEN
            k := array_position(run_ids, inv);
            IF k IS NULL THEN
                SELECT v.status INTO state FROM invocations v WHERE v.id = inv;
                run_ids := run_ids || inv;
                run_status := run_status || state;  -- NULL: not started in the log yet
                k := array_length(run_ids, 1);
            END IF;
            -- A committed cancel outranks an answer verified meanwhile: the orchestrator
            -- records the cancel, and the invocation never completes.
            IF coalesce(run_status[k], 'running') <> 'running'
               OR (types[i] = 'invocation.completed' AND EXISTS (
                   SELECT 1 FROM events e WHERE e.invocation_id = inv
                   AND e.type = 'invocation.cancel_requested')) THEN
                r_status := 'dropped';
                RETURN NEXT;
                CONTINUE;
            END IF;
            IF types[i] = 'invocation.started' THEN
                run_status[k] := 'running';
            ELSIF types[i] = ANY (terminal) THEN
                run_status[k] := types[i];
            END IF;
        END IF;
        h := array_position(head_ids, conversation_ids[i]);
        IF h IS NULL THEN
            IF types[i] <> 'conversation.created' THEN
                RAISE EXCEPTION 'conversation % does not exist', conversation_ids[i]
                    USING ERRCODE = 'YA404';
            END IF;
            -- The stream row comes before its events (foreign key).
            INSERT INTO streams (conversation_id, tenant_id, version, head_hash)
            VALUES (conversation_ids[i], tenant_ids[i], 0, decode(repeat('00', 32), 'hex'));
            head_ids := head_ids || conversation_ids[i];
            head_tenants := head_tenants || tenant_ids[i];
            head_versions := head_versions || 0;
            head_hashes := head_hashes || decode(repeat('00', 32), 'hex');
            h := array_length(head_ids, 1);
        END IF;
        IF head_tenants[h] <> tenant_ids[i] THEN
            RAISE EXCEPTION 'conversation % belongs to another tenant', conversation_ids[i]
                USING ERRCODE = 'YA403';
        END IF;
        r_version := head_versions[h] + 1;
        r_prev_hash := head_hashes[h];
        r_hash := sha256(r_prev_hash || int8send(r_version::bigint) || payloads[i]);
        INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id, type,
                            occurred_at, payload, prev_hash, hash)
        VALUES (conversation_ids[i], r_version, event_ids[i], inv, tenant_ids[i], types[i],
                occurred[i], payloads[i], r_prev_hash, r_hash)
        RETURNING events.position, events.recorded_at INTO r_position, r_recorded_at;
        IF queue THEN
            INSERT INTO publish_outbox (position) VALUES (r_position);
        END IF;
        head_versions[h] := r_version;
        head_hashes[h] := r_hash;
        new_rows[i] := true;
        r_status := 'new';
        RETURN NEXT;
    END LOOP;

    UPDATE streams s SET version = x.v, head_hash = x.h
    FROM unnest(head_ids, head_versions, head_hashes) AS x(c, v, h)
    WHERE s.conversation_id = x.c AND (s.version <> x.v);
    -- Each invocation's latest activity (the watchdog reads it).
    UPDATE invocations v SET last_event_at = greatest(v.last_event_at, l.o)
    FROM (SELECT x.i, max(x.o) AS o FROM unnest(invocation_ids, occurred, new_rows) AS x(i, o, n)
          WHERE x.n AND x.i IS NOT NULL GROUP BY x.i) AS l
    WHERE v.id = l.i;
END
$$;

-- append_events (0017) with its statements per event replaced by statements per append: the
-- stored ids, the invocations' statuses and their cancel requests are each read in one query
-- under the heads' locks, the decisions (duplicate, dropped, new; version and hash) are made
-- in memory in event order, and the new rows are inserted, with their outbox entries, in one
-- statement. 0017 ran two or three statements per event (look-up, insert, outbox insert), each
-- planned and executed on its own, which cost PostgreSQL more than the round trips it saved.
-- Same arguments, results, order and errors as 0017 (shared/store/postgres.py calls it):
--   * an id already stored is a duplicate and returns the stored row; an id repeated within
--     the append returns the row of its first recorded occurrence;
--   * an event of an invocation that has ended (in the log, or earlier in this append) is
--     dropped, and so is a completion of an invocation with a committed cancel request;
--   * versions and the chain follow event order per conversation, positions follow the order
--     of the events (one INSERT ... SELECT ... ORDER BY draws the sequence in that order);
--   * the hash is the one shared/store/_chain.py checks:
--     sha256(prev_hash || version as 8 bytes big-endian || payload).
CREATE OR REPLACE FUNCTION append_events(
    conversation_ids uuid[], event_ids uuid[], invocation_ids uuid[], tenant_ids text[],
    types text[], occurred timestamptz[], payloads bytea[], queue boolean, terminal text[])
RETURNS TABLE (r_index integer, r_status text, r_position bigint, r_version integer,
               r_prev_hash bytea, r_hash bytea, r_recorded_at timestamptz, r_payload bytea)
LANGUAGE plpgsql AS $$
DECLARE
    n integer := coalesce(array_length(event_ids, 1), 0);
    touched uuid[];
    head_ids uuid[] := '{}';
    head_tenants text[] := '{}';
    head_versions integer[] := '{}';
    head_hashes bytea[] := '{}';
    -- What is already stored, read once.
    stored_ids uuid[];
    stored_positions bigint[];
    stored_versions integer[];
    stored_prev bytea[];
    stored_hashes bytea[];
    stored_at timestamptz[];
    stored_payloads bytea[];
    run_ids uuid[];
    run_status text[];
    cancelled uuid[] := '{}';
    -- The outcome per event, filled in event order.
    statuses text[] := array_fill(NULL::text, ARRAY[n]);
    versions integer[] := array_fill(NULL::integer, ARRAY[n]);
    prevs bytea[] := array_fill(NULL::bytea, ARRAY[n]);
    hashes bytea[] := array_fill(NULL::bytea, ARRAY[n]);
    first_of integer[] := array_fill(NULL::integer, ARRAY[n]);
    new_ids uuid[] := '{}';
    new_index integer[] := '{}';
    positions bigint[] := array_fill(NULL::bigint, ARRAY[n]);
    recorded timestamptz[] := array_fill(NULL::timestamptz, ARRAY[n]);
    ins_ids uuid[];
    ins_positions bigint[];
    ins_at timestamptz[];
    cid uuid;
    inv uuid;
    h integer;
    k integer;
    j integer;
    found_row record;
BEGIN
    -- Every touched head that exists, locked in one fixed order: no deadlock between appends.
    SELECT array_agg(DISTINCT c ORDER BY c) INTO touched FROM unnest(conversation_ids) AS c;
    SELECT coalesce(array_agg(l.conversation_id ORDER BY l.conversation_id), '{}'),
           coalesce(array_agg(l.tenant_id ORDER BY l.conversation_id), '{}'),
           coalesce(array_agg(l.version ORDER BY l.conversation_id), '{}'),
           coalesce(array_agg(l.head_hash ORDER BY l.conversation_id), '{}')
    INTO head_ids, head_tenants, head_versions, head_hashes
    FROM (SELECT s.conversation_id, s.tenant_id, s.version, s.head_hash FROM streams s
          WHERE s.conversation_id = ANY (touched) ORDER BY s.conversation_id FOR UPDATE) AS l;
    -- A stream not created yet: its creators wait for each other, and the later one finds
    -- the row the first committed.
    IF coalesce(array_length(head_ids, 1), 0) < coalesce(array_length(touched, 1), 0) THEN
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
    END IF;

    -- Under the locks: the ids stored already, the invocations' statuses, their cancels.
    SELECT array_agg(e.event_id), array_agg(e.position), array_agg(e.version),
           array_agg(e.prev_hash), array_agg(e.hash), array_agg(e.recorded_at),
           array_agg(e.payload)
    INTO stored_ids, stored_positions, stored_versions, stored_prev, stored_hashes, stored_at,
         stored_payloads
    FROM events e WHERE e.event_id = ANY (event_ids);
    SELECT array_agg(v.id), array_agg(v.status) INTO run_ids, run_status
    FROM invocations v WHERE v.id = ANY (invocation_ids);
    run_ids := coalesce(run_ids, '{}');
    run_status := coalesce(run_status, '{}');
    IF 'invocation.completed' = ANY (types) THEN
        SELECT coalesce(array_agg(DISTINCT e.invocation_id), '{}') INTO cancelled
        FROM events e WHERE e.invocation_id = ANY (invocation_ids)
        AND e.type = 'invocation.cancel_requested';
    END IF;

    FOR i IN 1 .. n LOOP
        k := array_position(stored_ids, event_ids[i]);
        IF k IS NOT NULL THEN
            statuses[i] := 'duplicate';
            CONTINUE;
        END IF;
        j := array_position(new_ids, event_ids[i]);
        IF j IS NOT NULL THEN  -- repeated within this append: its first recorded occurrence
            statuses[i] := 'duplicate';
            first_of[i] := new_index[j];
            CONTINUE;
        END IF;
        inv := invocation_ids[i];
        IF inv IS NOT NULL THEN
            k := array_position(run_ids, inv);
            IF k IS NULL THEN  -- not started in the log yet
                run_ids := run_ids || inv;
                run_status := run_status || NULL::text;
                k := array_length(run_ids, 1);
            END IF;
            -- A committed cancel outranks an answer verified meanwhile: the orchestrator
            -- records the cancel, and the invocation never completes.
            IF coalesce(run_status[k], 'running') <> 'running'
               OR (types[i] = 'invocation.completed' AND inv = ANY (cancelled)) THEN
                statuses[i] := 'dropped';
                CONTINUE;
            END IF;
            IF types[i] = 'invocation.started' THEN
                run_status[k] := 'running';
            ELSIF types[i] = ANY (terminal) THEN
                run_status[k] := types[i];
            ELSIF types[i] = 'invocation.cancel_requested' THEN
                cancelled := cancelled || inv;
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
        versions[i] := head_versions[h] + 1;
        prevs[i] := head_hashes[h];
        hashes[i] := sha256(prevs[i] || int8send(versions[i]::bigint) || payloads[i]);
        head_versions[h] := versions[i];
        head_hashes[h] := hashes[i];
        statuses[i] := 'new';
        new_ids := new_ids || event_ids[i];
        new_index := new_index || i;
    END LOOP;

    IF array_length(new_index, 1) IS NOT NULL THEN
        -- One insert for every new row, in event order; its outbox entries in the same
        -- statement.
        WITH ins AS (
            INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id,
                                type, occurred_at, payload, prev_hash, hash)
            SELECT conversation_ids[x.i], versions[x.i], event_ids[x.i], invocation_ids[x.i],
                   tenant_ids[x.i], types[x.i], occurred[x.i], payloads[x.i], prevs[x.i],
                   hashes[x.i]
            FROM unnest(new_index) WITH ORDINALITY AS x(i, o) ORDER BY x.o
            RETURNING events.event_id, events.position, events.recorded_at
        ), queued AS (
            INSERT INTO publish_outbox (position) SELECT ins.position FROM ins WHERE queue
        )
        SELECT array_agg(ins.event_id), array_agg(ins.position), array_agg(ins.recorded_at)
        INTO ins_ids, ins_positions, ins_at FROM ins;
        FOR k IN 1 .. array_length(new_index, 1) LOOP
            j := array_position(ins_ids, new_ids[k]);
            positions[new_index[k]] := ins_positions[j];
            recorded[new_index[k]] := ins_at[j];
        END LOOP;

        UPDATE streams s SET version = x.v, head_hash = x.h
        FROM unnest(head_ids, head_versions, head_hashes) AS x(c, v, h)
        WHERE s.conversation_id = x.c AND (s.version <> x.v);
        -- Each invocation's latest activity (the watchdog reads it).
        UPDATE invocations v SET last_event_at = greatest(v.last_event_at, l.o)
        FROM (SELECT invocation_ids[x.i] AS i, max(occurred[x.i]) AS o
              FROM unnest(new_index) AS x(i)
              WHERE invocation_ids[x.i] IS NOT NULL GROUP BY 1) AS l
        WHERE v.id = l.i;
    END IF;

    FOR i IN 1 .. n LOOP
        r_index := i;
        r_status := statuses[i];
        IF r_status = 'new' THEN
            r_position := positions[i]; r_version := versions[i]; r_prev_hash := prevs[i];
            r_hash := hashes[i]; r_recorded_at := recorded[i]; r_payload := NULL;
        ELSIF r_status = 'duplicate' AND first_of[i] IS NOT NULL THEN
            j := first_of[i];
            r_position := positions[j]; r_version := versions[j]; r_prev_hash := prevs[j];
            r_hash := hashes[j]; r_recorded_at := recorded[j]; r_payload := payloads[j];
        ELSIF r_status = 'duplicate' THEN
            k := array_position(stored_ids, event_ids[i]);
            r_position := stored_positions[k]; r_version := stored_versions[k];
            r_prev_hash := stored_prev[k]; r_hash := stored_hashes[k];
            r_recorded_at := stored_at[k]; r_payload := stored_payloads[k];
        ELSE
            r_position := NULL; r_version := NULL; r_prev_hash := NULL; r_hash := NULL;
            r_recorded_at := NULL; r_payload := NULL;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$$;

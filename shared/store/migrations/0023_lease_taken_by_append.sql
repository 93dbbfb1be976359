-- The work lease taken by the delivery's own writes (DESIGN §4, "One replica at a time"): a
-- delivery no longer claims its message in a statement before its handler runs. Its first
-- append takes the lease, in the statement that writes (a lease nobody holds, or one whose
-- holder's lease lapsed and is not done), and each later append confirms it, as 0022 did;
-- an append whose token's lease another holder has (live, or done) is refused as 'fenced'.
-- A delivery that writes nothing takes no lease. The fence is defined once (fence_held),
-- evaluated before either path of append_events (0022 wrote it twice, in its fast path and
-- in its set path).
--
-- fence_held: whether this holder holds the lease, taking it when it is free or lapsed. A
-- lease this holder has already is read under a share lock (a take-over, an update of that
-- row, waits for the append to commit); one it takes is inserted or updated here, its row lock
-- held to the commit. The one definition of the fence.
CREATE OR REPLACE FUNCTION fence_held(consumer text, event_id uuid, holder uuid,
                                      ttl double precision)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM work_leases l
     WHERE l.consumer = fence_held.consumer AND l.event_id = fence_held.event_id
       AND l.holder = fence_held.holder FOR SHARE;
    IF FOUND THEN
        RETURN true;
    END IF;
    INSERT INTO work_leases AS l (consumer, event_id, holder, expires_at)
    VALUES (fence_held.consumer, fence_held.event_id, fence_held.holder,
            now() + make_interval(secs => ttl))
    ON CONFLICT ON CONSTRAINT work_leases_pkey DO UPDATE
        SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE NOT l.done AND l.expires_at < now();
    RETURN FOUND;  -- inserted, or updated: taken
END
$$;

-- fence_holds: per event, fence_held of its token (NULL for an event that carries none). Each
-- distinct token is asked once, in a fixed order, so two appends taking leases cannot wait on
-- each other in a cycle; an append of one delivery (one token, the common case) asks once.
CREATE OR REPLACE FUNCTION fence_holds(consumers text[], event_ids uuid[], holders uuid[],
                                       ttls double precision[])
RETURNS boolean[]
LANGUAGE plpgsql AS $$
DECLARE
    n integer := coalesce(array_length(holders, 1), 0);
    one boolean := n > 0 AND holders[1] IS NOT NULL;
    out boolean[];
BEGIN
    FOR i IN 2 .. n LOOP
        EXIT WHEN NOT one;
        one := holders[i] = holders[1] AND event_ids[i] = event_ids[1]
               AND consumers[i] = consumers[1];
    END LOOP;
    IF one THEN
        RETURN array_fill(fence_held(consumers[1], event_ids[1], holders[1], ttls[1]),
                          ARRAY[n]);
    END IF;
    IF cardinality(array_remove(holders, NULL)) = 0 THEN  -- nothing fenced
        RETURN array_fill(NULL::boolean, ARRAY[n]);
    END IF;
    WITH tokens AS MATERIALIZED (
        SELECT t.c, t.e, t.h, fence_held(t.c, t.e, t.h, t.s) AS held
        FROM (SELECT DISTINCT ON (x.c, x.e, x.h) x.c, x.e, x.h, x.s
              FROM unnest(consumers, event_ids, holders, ttls) AS x(c, e, h, s)
              WHERE x.h IS NOT NULL ORDER BY x.c, x.e, x.h) AS t
        ORDER BY t.c, t.e, t.h)
    SELECT array_agg(k.held ORDER BY x.o) INTO out
    FROM unnest(consumers, event_ids, holders) WITH ORDINALITY AS x(c, e, h, o)
    LEFT JOIN tokens AS k ON k.c = x.c AND k.e = x.e AND k.h = x.h;
    RETURN out;
END
$$;

-- append_events as in 0022 (the same decisions in the same order), its fence read from
-- fence_holds, with each token's lease duration for a lease the append takes.
DROP FUNCTION IF EXISTS append_events(uuid[], uuid[], uuid[], text[], text[], timestamptz[],
                                      bytea[], boolean, text[], text[], uuid[], uuid[]);
CREATE OR REPLACE FUNCTION append_events(
    conversation_ids uuid[], event_ids uuid[], invocation_ids uuid[], tenant_ids text[],
    types text[], occurred timestamptz[], payloads bytea[], queue boolean, terminal text[],
    fence_consumers text[], fence_events uuid[], fence_holders uuid[],
    fence_ttls double precision[])
RETURNS TABLE (r_index integer, r_status text, r_position bigint, r_version integer,
               r_prev_hash bytea, r_hash bytea, r_recorded_at timestamptz, r_payload bytea)
LANGUAGE plpgsql AS $$
DECLARE
    n integer := coalesce(array_length(event_ids, 1), 0);
    fast boolean := n BETWEEN 1 AND 8;
    -- The fast path's state: one head and one invocation, so scalars instead of arrays.
    f_tenant text;
    f_version integer;
    f_from integer;
    f_hash bytea;
    f_state text;
    f_cancelled boolean;
    f_touched timestamptz;
    -- Per event: whether its fencing token's holder holds the lease (NULL: not fenced).
    held boolean[] := fence_holds(fence_consumers, fence_events, fence_holders, fence_ttls);
BEGIN
    -- Fast path: a few events of one existing conversation and one invocation (most of the
    -- engine's appends: a delta, a citation check, an agent's steps, the verifier's verdict).
    -- The same decisions as below, one event at a time, with no arrays built and no
    -- set-based statements. An id repeated within the append finds the row its first
    -- occurrence inserted, so it is a duplicate returning that row, as below.
    FOR i IN 2 .. n LOOP
        EXIT WHEN NOT fast;
        fast := conversation_ids[i] = conversation_ids[1]
                AND invocation_ids[i] IS NOT DISTINCT FROM invocation_ids[1];
    END LOOP;
    IF fast THEN
        SELECT s.tenant_id, s.version, s.head_hash INTO f_tenant, f_version, f_hash
        FROM streams s WHERE s.conversation_id = conversation_ids[1] FOR UPDATE;
    END IF;
    IF f_version IS NOT NULL THEN
        f_from := f_version;
        IF invocation_ids[1] IS NOT NULL THEN
            SELECT v.status INTO f_state FROM invocations v WHERE v.id = invocation_ids[1];
        END IF;
        FOR i IN 1 .. n LOOP
            r_index := i;
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
            IF NOT coalesce(held[i], true) THEN
                r_status := 'fenced';
                RETURN NEXT;
                CONTINUE;
            END IF;
            IF invocation_ids[i] IS NOT NULL THEN
                IF types[i] = 'invocation.completed' AND f_cancelled IS NULL THEN
                    f_cancelled := EXISTS (
                        SELECT 1 FROM events e WHERE e.invocation_id = invocation_ids[i]
                        AND e.type = 'invocation.cancel_requested');
                END IF;
                -- An ended invocation takes nothing more; a committed cancel request
                -- outranks an answer verified meanwhile.
                IF coalesce(f_state, 'running') <> 'running'
                   OR (types[i] = 'invocation.completed' AND f_cancelled) THEN
                    r_status := 'dropped';
                    RETURN NEXT;
                    CONTINUE;
                END IF;
                IF types[i] = 'invocation.started' THEN
                    f_state := 'running';
                ELSIF types[i] = ANY (terminal) THEN
                    f_state := types[i];
                ELSIF types[i] = 'invocation.cancel_requested' THEN
                    f_cancelled := true;
                END IF;
                f_touched := greatest(f_touched, occurred[i]);
            END IF;
            IF f_tenant <> tenant_ids[i] THEN
                RAISE EXCEPTION 'conversation % belongs to another tenant', conversation_ids[i]
                    USING ERRCODE = 'YA403';
            END IF;
            r_version := f_version + 1;
            r_prev_hash := f_hash;
            r_hash := sha256(r_prev_hash || int8send(r_version::bigint) || payloads[i]);
            INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id,
                                type, occurred_at, payload, prev_hash, hash)
            VALUES (conversation_ids[i], r_version, event_ids[i], invocation_ids[i],
                    tenant_ids[i], types[i], occurred[i], payloads[i], r_prev_hash, r_hash)
            RETURNING events.position, events.recorded_at INTO r_position, r_recorded_at;
            IF queue THEN
                INSERT INTO publish_outbox (position) VALUES (r_position);
            END IF;
            f_version := r_version;
            f_hash := r_hash;
            r_status := 'new';
            RETURN NEXT;
        END LOOP;
        IF f_version <> f_from THEN
            UPDATE streams s SET version = f_version, head_hash = f_hash
            WHERE s.conversation_id = conversation_ids[1];
        END IF;
        -- The invocation's latest activity (the watchdog reads it).
        IF f_touched IS NOT NULL THEN
            UPDATE invocations v SET last_event_at = greatest(v.last_event_at, f_touched)
            WHERE v.id = invocation_ids[1];
        END IF;
        RETURN;
    END IF;

    -- Any other append (0018's set-based body, fenced as above).
    DECLARE
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
            IF NOT coalesce(held[i], true) THEN
                statuses[i] := 'fenced';
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
    END;
END
$$;

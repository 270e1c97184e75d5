/// The server's SQL schema, as numbered migrations applied in order by `SyncServer.install`.
enum ServerSchema {
  /// Migration SQL by version, starting at 1. Each runs in one transaction.
  static let migrations: [String] = [
    #"""
    -- Migration 1: zones, records and idempotent batches; the sharing tables (filled in by a
    -- later migration's API); roles, row-level security and the client API.
    --
    -- Rules that hold throughout:
    -- * Tables belong to the NOLOGIN role sync_admin; clients (members of sync_user) never own
    --   them, and every table has FORCE ROW LEVEL SECURITY.
    -- * API functions are SECURITY INVOKER, so row-level security decides what a caller sees.
    --   The few SECURITY DEFINER helpers take the caller's name as an argument, because inside
    --   them current_user is the definer.
    -- * Each zone's version is bumped inside the writing transaction; the row lock makes
    --   versions visible in commit order, so "version > token" is a complete change feed.

    CREATE SCHEMA IF NOT EXISTS sync;

    -- Roles are cluster-wide: another database in this cluster may have made them already.
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sync_admin') THEN
        CREATE ROLE sync_admin NOLOGIN;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sync_user') THEN
        CREATE ROLE sync_user NOLOGIN;
      END IF;
    END
    $$;

    -- An installer that is not a superuser (a database owner with CREATEROLE) must be a member
    -- of sync_admin to hand it the tables and functions below.
    DO $$
    BEGIN
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
         AND NOT pg_has_role(current_user, 'sync_admin', 'MEMBER') THEN
        EXECUTE format('GRANT sync_admin TO %I', current_user);
      END IF;
    END
    $$;

    REVOKE ALL ON SCHEMA sync FROM PUBLIC;
    GRANT USAGE ON SCHEMA sync TO sync_user;
    -- CREATE: without it, only a superuser could make sync_admin the owner of the tables.
    GRANT USAGE, CREATE ON SCHEMA sync TO sync_admin;
    -- Functions made later by the installing role are not callable by everyone by default.
    ALTER DEFAULT PRIVILEGES IN SCHEMA sync REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

    -- ---------------------------------------------------------------------------------------
    -- Tables
    -- ---------------------------------------------------------------------------------------

    -- One row: the schema version and this server's identity (clients notice a reset server).
    CREATE TABLE sync.schema_info (
      version int NOT NULL,
      server_id uuid NOT NULL
    );
    CREATE UNIQUE INDEX schema_info_one_row ON sync.schema_info ((true));
    INSERT INTO sync.schema_info (version, server_id) VALUES (1, gen_random_uuid());

    CREATE TABLE sync.zones (
      owner text NOT NULL,
      zone text NOT NULL,
      -- Bumped once per modify_records call that writes the zone; the change-feed token.
      version bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (owner, zone)
    );

    CREATE TABLE sync.records (
      owner text NOT NULL,
      zone text NOT NULL,
      record_name text NOT NULL,
      record_type text NOT NULL,
      parent_record_name text,
      -- Derived by trigger (never taken from clients): a share root's share, else the parent's.
      share_id uuid,
      -- Column values and per-column stamps, opaque to the server.
      fields jsonb NOT NULL,
      -- Tombstones stay (with their last fields) so late devices learn of the delete.
      deleted boolean NOT NULL DEFAULT false,
      deleted_stamp text,
      version bigint NOT NULL,
      PRIMARY KEY (owner, zone, record_name),
      FOREIGN KEY (owner, zone) REFERENCES sync.zones ON DELETE CASCADE,
      CHECK (deleted = (deleted_stamp IS NOT NULL)),
      CHECK (deleted_stamp ~ '^[0-9a-f]{16}$')
    );
    -- The two secondary indexes below are partial so that neither can serve a primary-key
    -- lookup: on a table not yet analyzed (a first upload), (owner, zone) looks selective, and
    -- another index with that prefix can win the cost tie against the primary key, turning
    -- each lookup into a scan of the zone (measured: 0.6 ms per record at 10,000 records).
    -- The change feed reads (owner, zone, version > token) in (version, record_name) order.
    -- "version IS NOT NULL" is always true, but only queries with a strict condition on
    -- version (version > x) can prove it, so only feed queries use this index.
    CREATE INDEX records_feed ON sync.records (owner, zone, version, record_name)
      WHERE version IS NOT NULL;
    -- "Has live children" checks (parent_record_name = x).
    CREATE INDEX records_children ON sync.records (owner, zone, parent_record_name)
      WHERE parent_record_name IS NOT NULL;
    CREATE INDEX records_share ON sync.records (share_id) WHERE share_id IS NOT NULL;

    -- Results of each modify_records call, so a retried batch returns them unchanged.
    -- (created_at is for a later clean-up job.)
    CREATE TABLE sync.batches (
      user_name text NOT NULL,
      batch_id uuid NOT NULL,
      results jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_name, batch_id)
    );

    -- Sharing: filled in by the sharing API of a later migration; here so that row-level
    -- security and share_id derivation are in place from the start.
    CREATE TABLE sync.shares (
      share_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner text NOT NULL,
      zone text NOT NULL,
      root_record_name text NOT NULL,
      public_permission text NOT NULL DEFAULT 'none'
        CHECK (public_permission IN ('none', 'read', 'readwrite')),
      UNIQUE (owner, zone, root_record_name),
      FOREIGN KEY (owner, zone) REFERENCES sync.zones ON DELETE CASCADE
    );

    CREATE TABLE sync.participants (
      share_id uuid NOT NULL REFERENCES sync.shares ON DELETE CASCADE,
      user_name text NOT NULL,
      permission text NOT NULL CHECK (permission IN ('read', 'readwrite')),
      accepted boolean NOT NULL DEFAULT false,
      PRIMARY KEY (share_id, user_name)
    );
    CREATE INDEX participants_user ON sync.participants (user_name);

    -- Invitation links: only a hash of the token is stored.
    CREATE TABLE sync.invites (
      token_hash bytea PRIMARY KEY,
      share_id uuid NOT NULL REFERENCES sync.shares ON DELETE CASCADE,
      permission text NOT NULL CHECK (permission IN ('read', 'readwrite')),
      expires_at timestamptz NOT NULL
    );

    -- A record that left a share (re-parented out of it), so the share's participants receive
    -- a deletion although they can no longer see the row. No foreign key: exits outlive shares.
    CREATE TABLE sync.share_exits (
      share_id uuid NOT NULL,
      owner text NOT NULL,
      zone text NOT NULL,
      record_name text NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (share_id, owner, zone, record_name)
    );
    CREATE INDEX share_exits_feed ON sync.share_exits (owner, zone, version);

    -- The database-level feed per user: invited, accepted, removed, unshared, left.
    CREATE TABLE sync.membership_log (
      seq bigserial PRIMARY KEY,
      user_name text NOT NULL,
      share_id uuid NOT NULL,
      event text NOT NULL CHECK (event IN ('invited', 'accepted', 'removed', 'unshared', 'left')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX membership_log_user ON sync.membership_log (user_name, seq);

    -- Content-addressed blobs (asset fields refer to them by hash).
    CREATE TABLE sync.assets (
      owner text NOT NULL,
      zone text NOT NULL,
      sha256 bytea NOT NULL CHECK (length(sha256) = 32),
      data bytea NOT NULL,
      PRIMARY KEY (owner, zone, sha256),
      FOREIGN KEY (owner, zone) REFERENCES sync.zones ON DELETE CASCADE
    );

    -- sync_admin owns every table and is subject to row-level security like anyone else
    -- (FORCE); its own policy lets the SECURITY DEFINER helpers below see all rows.
    DO $$
    DECLARE
      t text;
    BEGIN
      FOREACH t IN ARRAY ARRAY['schema_info', 'zones', 'records', 'batches', 'shares',
                               'participants', 'invites', 'share_exits', 'membership_log',
                               'assets']
      LOOP
        EXECUTE format('ALTER TABLE sync.%I OWNER TO sync_admin', t);
        EXECUTE format('ALTER TABLE sync.%I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE sync.%I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY admin_all ON sync.%I TO sync_admin'
                       ' USING (true) WITH CHECK (true)', t);
      END LOOP;
    END
    $$;

    -- A type for one parsed save or delete in modify_records.
    CREATE TYPE sync.modify_op AS (
      idx int,              -- position in the reply: saves first, then deletes
      is_delete boolean,
      owner text,
      zone text,
      record_name text,
      record_type text,
      parent text,
      fields jsonb,
      deleted_stamp text,
      base_version bigint
    );
    ALTER TYPE sync.modify_op OWNER TO sync_admin;

    -- ---------------------------------------------------------------------------------------
    -- Access helpers (SECURITY DEFINER: they read shares and participants, which callers may
    -- not see; the caller's name is an argument because current_user here is sync_admin).
    -- ---------------------------------------------------------------------------------------

    CREATE FUNCTION sync.can_read(p_share_id uuid, p_user text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT EXISTS (SELECT 1 FROM sync.shares s
                      WHERE s.share_id = p_share_id AND s.owner = p_user)
          OR EXISTS (SELECT 1 FROM sync.participants p
                      WHERE p.share_id = p_share_id AND p.user_name = p_user AND p.accepted)
    $$;

    CREATE FUNCTION sync.can_write(p_share_id uuid, p_user text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT EXISTS (SELECT 1 FROM sync.shares s
                      WHERE s.share_id = p_share_id AND s.owner = p_user)
          OR EXISTS (SELECT 1 FROM sync.participants p
                      WHERE p.share_id = p_share_id AND p.user_name = p_user AND p.accepted
                        AND p.permission = 'readwrite')
    $$;

    -- A zone is visible to someone who accepted a share in it, and writable (its version may
    -- be bumped) by someone who accepted a read-write share in it.
    CREATE FUNCTION sync.can_read_zone(p_owner text, p_zone text, p_user text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT EXISTS (SELECT 1 FROM sync.shares s
                       JOIN sync.participants p ON p.share_id = s.share_id
                      WHERE s.owner = p_owner AND s.zone = p_zone
                        AND p.user_name = p_user AND p.accepted)
    $$;

    CREATE FUNCTION sync.can_write_zone(p_owner text, p_zone text, p_user text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT EXISTS (SELECT 1 FROM sync.shares s
                       JOIN sync.participants p ON p.share_id = s.share_id
                      WHERE s.owner = p_owner AND s.zone = p_zone
                        AND p.user_name = p_user AND p.accepted
                        AND p.permission = 'readwrite')
    $$;

    CREATE FUNCTION sync.owns_share(p_share_id uuid, p_user text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT EXISTS (SELECT 1 FROM sync.shares s
                      WHERE s.share_id = p_share_id AND s.owner = p_user)
    $$;

    -- ---------------------------------------------------------------------------------------
    -- Row-level security for clients (members of sync_user). No policy = no rows.
    -- ---------------------------------------------------------------------------------------

    CREATE POLICY read_all ON sync.schema_info FOR SELECT TO sync_user USING (true);

    CREATE POLICY zones_read ON sync.zones FOR SELECT TO sync_user
      USING (owner = current_user::text OR sync.can_read_zone(owner, zone, current_user::text));
    CREATE POLICY zones_create ON sync.zones FOR INSERT TO sync_user
      WITH CHECK (owner = current_user::text);
    CREATE POLICY zones_bump ON sync.zones FOR UPDATE TO sync_user
      USING (owner = current_user::text OR sync.can_write_zone(owner, zone, current_user::text))
      WITH CHECK (owner = current_user::text
                  OR sync.can_write_zone(owner, zone, current_user::text));

    -- share_id IS NOT NULL first: unshared rows of other owners never call the helper.
    CREATE POLICY records_read ON sync.records FOR SELECT TO sync_user
      USING (owner = current_user::text
             OR (share_id IS NOT NULL AND sync.can_read(share_id, current_user::text)));
    CREATE POLICY records_create ON sync.records FOR INSERT TO sync_user
      WITH CHECK (owner = current_user::text
                  OR (share_id IS NOT NULL AND sync.can_write(share_id, current_user::text)));
    CREATE POLICY records_write ON sync.records FOR UPDATE TO sync_user
      USING (owner = current_user::text
             OR (share_id IS NOT NULL AND sync.can_write(share_id, current_user::text)))
      WITH CHECK (owner = current_user::text
                  OR (share_id IS NOT NULL AND sync.can_write(share_id, current_user::text)));

    CREATE POLICY batches_own ON sync.batches FOR ALL TO sync_user
      USING (user_name = current_user::text) WITH CHECK (user_name = current_user::text);

    CREATE POLICY shares_read ON sync.shares FOR SELECT TO sync_user
      USING (owner = current_user::text OR sync.can_read(share_id, current_user::text));
    CREATE POLICY participants_read ON sync.participants FOR SELECT TO sync_user
      USING (user_name = current_user::text OR sync.can_read(share_id, current_user::text));
    CREATE POLICY invites_owner ON sync.invites FOR SELECT TO sync_user
      USING (sync.owns_share(share_id, current_user::text));
    CREATE POLICY share_exits_read ON sync.share_exits FOR SELECT TO sync_user
      USING (owner = current_user::text OR sync.can_read(share_id, current_user::text));
    CREATE POLICY membership_log_own ON sync.membership_log FOR SELECT TO sync_user
      USING (user_name = current_user::text);
    CREATE POLICY assets_read ON sync.assets FOR SELECT TO sync_user
      USING (owner = current_user::text OR sync.can_read_zone(owner, zone, current_user::text));

    -- ---------------------------------------------------------------------------------------
    -- Triggers
    -- ---------------------------------------------------------------------------------------

    -- share_id is derived, never trusted from the writer: a share root takes its own share,
    -- any other record its parent's. SECURITY DEFINER: the writer may not see sync.shares.
    CREATE FUNCTION sync.records_derive_share() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      SELECT s.share_id INTO NEW.share_id
        FROM sync.shares s
       WHERE s.owner = NEW.owner AND s.zone = NEW.zone AND s.root_record_name = NEW.record_name;
      IF NOT FOUND THEN
        IF NEW.parent_record_name IS NULL THEN
          NEW.share_id := NULL;
        ELSE
          -- No such parent leaves NULL.
          SELECT p.share_id INTO NEW.share_id
            FROM sync.records p
           WHERE p.owner = NEW.owner AND p.zone = NEW.zone
             AND p.record_name = NEW.parent_record_name;
        END IF;
      END IF;
      RETURN NEW;
    END
    $$;

    CREATE TRIGGER records_derive_share BEFORE INSERT OR UPDATE ON sync.records
      FOR EACH ROW EXECUTE FUNCTION sync.records_derive_share();

    -- When a record's share changes (re-parented, shared, unshared), its old share's
    -- participants get an exit, and its children follow: touching them (at this record's
    -- version, so they re-enter the feed) re-runs the derivation, which recurses down.
    CREATE FUNCTION sync.records_share_moved() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF OLD.share_id IS NOT NULL THEN
        INSERT INTO sync.share_exits (share_id, owner, zone, record_name, version)
        VALUES (OLD.share_id, NEW.owner, NEW.zone, NEW.record_name, NEW.version)
        ON CONFLICT (share_id, owner, zone, record_name)
          DO UPDATE SET version = EXCLUDED.version;
      END IF;
      UPDATE sync.records c
         SET version = NEW.version
       WHERE c.owner = NEW.owner AND c.zone = NEW.zone
         AND c.parent_record_name = NEW.record_name
         AND c.share_id IS DISTINCT FROM NEW.share_id;
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER records_share_moved AFTER UPDATE ON sync.records
      FOR EACH ROW WHEN (OLD.share_id IS DISTINCT FROM NEW.share_id)
      EXECUTE FUNCTION sync.records_share_moved();

    -- Push: tell the owner and every accepted participant of a share in the zone that the
    -- zone moved. NOTIFY is delivered at commit (never for rolled-back work) and is not
    -- filtered by row-level security, so the payload names the zone and version only.
    -- Channel: 'sync_' || user name.
    CREATE FUNCTION sync.zones_notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_payload text := jsonb_build_object('owner', NEW.owner, 'zone', NEW.zone,
                                           'version', NEW.version)::text;
    BEGIN
      PERFORM pg_notify('sync_' || NEW.owner, v_payload);
      PERFORM pg_notify('sync_' || u.user_name, v_payload)
         FROM (SELECT DISTINCT p.user_name
                 FROM sync.shares s
                 JOIN sync.participants p ON p.share_id = s.share_id
                WHERE s.owner = NEW.owner AND s.zone = NEW.zone
                  AND p.accepted AND p.user_name <> NEW.owner) u;
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER zones_notify_insert AFTER INSERT ON sync.zones
      FOR EACH ROW EXECUTE FUNCTION sync.zones_notify();
    CREATE TRIGGER zones_notify_update AFTER UPDATE ON sync.zones
      FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
      EXECUTE FUNCTION sync.zones_notify();

    -- ---------------------------------------------------------------------------------------
    -- JSON helpers (plain SQL, no SET clause, so the planner can inline them)
    -- ---------------------------------------------------------------------------------------

    CREATE FUNCTION sync.record_json(r sync.records) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT jsonb_build_object(
        'owner', r.owner, 'zone', r.zone, 'recordName', r.record_name,
        'recordType', r.record_type, 'parent', r.parent_record_name, 'fields', r.fields,
        'deleted', r.deleted, 'deletedStamp', r.deleted_stamp, 'version', r.version)
    $$;

    -- One entry of modify_records' reply; version and serverRecord only when given.
    CREATE FUNCTION sync.op_result(op sync.modify_op, p_status text,
                                   p_version bigint DEFAULT NULL,
                                   p_server_record jsonb DEFAULT NULL) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT jsonb_build_object('owner', op.owner, 'zone', op.zone,
                                'recordName', op.record_name, 'status', p_status)
             || CASE WHEN p_version IS NULL THEN '{}'::jsonb
                     ELSE jsonb_build_object('version', p_version) END
             || CASE WHEN p_server_record IS NULL THEN '{}'::jsonb
                     ELSE jsonb_build_object('serverRecord', p_server_record) END
    $$;

    -- Saves then deletes, numbered in reply order.
    CREATE FUNCTION sync.parse_ops(p_saves jsonb, p_deletes jsonb) RETURNS SETOF sync.modify_op
    LANGUAGE sql IMMUTABLE
    AS $$
      SELECT s.ord::int, false, s.e->>'owner', s.e->>'zone', s.e->>'recordName',
             s.e->>'recordType', s.e->>'parent', s.e->'fields', NULL::text,
             (s.e->>'baseVersion')::bigint
        FROM jsonb_array_elements(coalesce(p_saves, '[]'::jsonb)) WITH ORDINALITY AS s(e, ord)
      UNION ALL
      SELECT (jsonb_array_length(coalesce(p_saves, '[]'::jsonb)) + d.ord)::int, true,
             d.e->>'owner', d.e->>'zone', d.e->>'recordName', NULL::text, NULL::text,
             NULL::jsonb, d.e->>'deletedStamp', (d.e->>'baseVersion')::bigint
        FROM jsonb_array_elements(coalesce(p_deletes, '[]'::jsonb)) WITH ORDINALITY AS d(e, ord)
    $$;

    -- ---------------------------------------------------------------------------------------
    -- API (SECURITY INVOKER: row-level security applies to the caller)
    -- ---------------------------------------------------------------------------------------

    -- Saves and deletes records; one reply entry per operation, saves first.
    -- Per zone: one version bump, and all or nothing (a failed operation turns the zone's
    -- successful ones into batchRequestFailed). Per caller and batch_id: applied once.
    CREATE FUNCTION sync.modify_records(p_batch_id uuid, p_saves jsonb, p_deletes jsonb)
    RETURNS jsonb
    LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := current_user;
      v_results jsonb[];
      v_reply jsonb;
      v_bad int;
      z record;
      op sync.modify_op;
      v_row sync.records;
      v_exists boolean;
      v_version bigint;       -- the zone's new version
      v_status text;
      v_reply_version bigint; -- the version a successful operation reports
      v_failed boolean;       -- an operation in this zone failed
      v_wrote boolean;        -- an operation in this zone wrote a row
      v_current int;          -- the operation being applied (for a privilege error)
    BEGIN
      IF p_batch_id IS NULL THEN
        RAISE EXCEPTION 'sync.modify_records: batch_id is null'
          USING ERRCODE = 'invalid_parameter_value';
      END IF;

      -- Claim the batch id before anything else. A concurrent call with the same id waits
      -- on the primary key until this one commits, then finds the row and returns its results.
      INSERT INTO sync.batches (user_name, batch_id) VALUES (v_me, p_batch_id)
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        SELECT b.results INTO v_reply
          FROM sync.batches b WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
        RETURN v_reply;
      END IF;

      -- Malformed operations are a client bug: fail the whole call, naming the first one.
      SELECT o.idx INTO v_bad
        FROM sync.parse_ops(p_saves, p_deletes) o
       WHERE o.owner IS NULL OR o.zone IS NULL OR o.record_name IS NULL
          OR (NOT o.is_delete
              AND (o.record_type IS NULL OR jsonb_typeof(o.fields) IS DISTINCT FROM 'object'))
          OR (o.is_delete
              AND (o.deleted_stamp IS NULL OR o.deleted_stamp !~ '^[0-9a-f]{16}$'))
       ORDER BY o.idx
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'sync.modify_records: operation % (saves then deletes, from 1) is malformed', v_bad
          USING ERRCODE = 'invalid_parameter_value',
                HINT = 'A save needs owner, zone, recordName, recordType and a fields object; '
                       'a delete needs owner, zone, recordName and a 16-hex-digit deletedStamp.';
      END IF;

      v_results := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(coalesce(p_saves, '[]'))
                                                 + jsonb_array_length(coalesce(p_deletes, '[]'))]);

      -- Zones in a fixed order, so two calls writing the same zones cannot deadlock. Within a
      -- zone: saves in array order (parents first), then deletes (children first).
      FOR z IN
        SELECT o.owner, o.zone,
               array_agg(o ORDER BY o.idx) AS ops,
               coalesce(array_agg(o.record_name) FILTER (WHERE NOT o.is_delete), '{}') AS save_names,
               coalesce(array_agg(o.record_name) FILTER (WHERE o.is_delete), '{}') AS delete_names
          FROM sync.parse_ops(p_saves, p_deletes) o
         GROUP BY o.owner, o.zone
         ORDER BY o.owner, o.zone
      LOOP
        v_failed := false;
        v_wrote := false;
        v_current := NULL;
        v_version := NULL;
        -- A sub-block per zone: raising inside it undoes exactly this zone's writes.
        BEGIN
          -- Bump (and lock) the zone first: concurrent writers of the zone queue here until
          -- this transaction ends, and every read below sees the latest committed state.
          IF z.owner = v_me THEN
            INSERT INTO sync.zones AS t (owner, zone, version) VALUES (z.owner, z.zone, 1)
            ON CONFLICT (owner, zone) DO UPDATE SET version = t.version + 1
            RETURNING t.version INTO v_version;
          ELSE
            -- Row-level security hides or refuses zones without an accepted read-write share.
            UPDATE sync.zones t SET version = t.version + 1
             WHERE t.owner = z.owner AND t.zone = z.zone
            RETURNING t.version INTO v_version;
          END IF;

          IF v_version IS NULL THEN
            FOREACH op IN ARRAY z.ops LOOP
              v_results[op.idx] := sync.op_result(op, 'permissionFailure');
            END LOOP;
          ELSE
            FOREACH op IN ARRAY z.ops LOOP
              v_current := op.idx;
              -- Only rows the caller can read are found.
              SELECT r.* INTO v_row
                FROM sync.records r
               WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
              v_exists := FOUND;
              v_reply_version := v_version;

              IF NOT op.is_delete THEN
                IF v_exists AND op.base_version IS DISTINCT FROM v_row.version THEN
                  v_status := 'serverRecordChanged';
                ELSIF NOT v_exists AND op.base_version IS NOT NULL THEN
                  v_status := 'unknownItem';
                ELSIF op.parent IS NOT NULL
                      AND NOT (op.parent <> op.record_name
                               AND (EXISTS (SELECT 1 FROM sync.records p
                                             WHERE p.owner = z.owner AND p.zone = z.zone
                                               AND p.record_name = op.parent AND NOT p.deleted)
                                    -- Saved later in this call: if that save fails, the
                                    -- zone fails and this one reports batchRequestFailed.
                                    OR op.parent = ANY (z.save_names))) THEN
                  v_status := 'referenceViolation';
                ELSIF NOT v_exists THEN
                  -- A conflict here means a row the caller cannot see.
                  INSERT INTO sync.records (owner, zone, record_name, record_type,
                                            parent_record_name, fields, version)
                  VALUES (z.owner, z.zone, op.record_name, op.record_type, op.parent,
                          op.fields, v_version)
                  ON CONFLICT (owner, zone, record_name) DO NOTHING;
                  v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                ELSE
                  -- Also un-deletes a tombstone whose version the client knew.
                  UPDATE sync.records r
                     SET record_type = op.record_type, parent_record_name = op.parent,
                         fields = op.fields, deleted = false, deleted_stamp = NULL,
                         version = v_version
                   WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                  -- Not found: visible but read-only.
                  v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                END IF;
              ELSE
                IF NOT v_exists THEN
                  v_status := 'deleted';  -- never existed: nothing to write, no version
                  v_reply_version := NULL;
                ELSIF v_row.deleted THEN
                  v_status := 'deleted';  -- already a tombstone: nothing to write
                  v_reply_version := v_row.version;
                ELSIF op.base_version IS NOT NULL AND op.base_version <> v_row.version THEN
                  v_status := 'serverRecordChanged';
                ELSIF EXISTS (SELECT 1 FROM sync.records c
                               WHERE c.owner = z.owner AND c.zone = z.zone
                                 AND c.parent_record_name = op.record_name AND NOT c.deleted
                                 -- Children deleted in this call do not count, whatever
                                 -- their order: if one of those deletes fails, so does
                                 -- the zone.
                                 AND c.record_name <> ALL (z.delete_names)) THEN
                  v_status := 'referenceViolation';
                ELSE
                  -- The tombstone keeps the last fields.
                  UPDATE sync.records r
                     SET deleted = true, deleted_stamp = op.deleted_stamp, version = v_version
                   WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                  v_status := CASE WHEN FOUND THEN 'deleted' ELSE 'permissionFailure' END;
                END IF;
              END IF;

              IF v_status IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, v_status, v_reply_version);
                -- Only operations that wrote report the zone's new version.
                v_wrote := v_wrote OR v_reply_version IS NOT DISTINCT FROM v_version;
              ELSIF v_status = 'serverRecordChanged' THEN
                v_results[op.idx] := sync.op_result(op, v_status, NULL, sync.record_json(v_row));
                v_failed := true;
              ELSE
                v_results[op.idx] := sync.op_result(op, v_status);
                v_failed := true;
              END IF;
            END LOOP;

            IF v_failed THEN
              RAISE SQLSTATE 'SY001';  -- undo this zone
            ELSIF NOT v_wrote THEN
              RAISE SQLSTATE 'SY002';  -- undo the version bump (and its notification)
            END IF;
          END IF;
        EXCEPTION
          WHEN SQLSTATE 'SY001' THEN
            FOREACH op IN ARRAY z.ops LOOP
              IF v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
          WHEN SQLSTATE 'SY002' THEN
            NULL;  -- results stand
          WHEN insufficient_privilege THEN
            -- Row-level security refused a write (e.g. a new row outside the caller's shares):
            -- that operation failed, the zone's others did not happen.
            FOREACH op IN ARRAY z.ops LOOP
              IF v_current IS NULL OR op.idx = v_current THEN
                v_results[op.idx] := sync.op_result(op, 'permissionFailure');
              ELSIF v_results[op.idx] IS NULL
                    OR v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
        END;
      END LOOP;

      v_reply := jsonb_build_object('results', to_jsonb(v_results));
      UPDATE sync.batches b SET results = v_reply
       WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
      RETURN v_reply;
    END
    $$;

    -- Records of a zone changed after `since`, in (version, record_name) order, a page at a
    -- time. A page ends at a version boundary (it may run past page_limit to finish a version)
    -- because a token in the middle of a version would skip the rest of it. STABLE: all
    -- queries read one snapshot.
    CREATE FUNCTION sync.fetch_zone_changes(p_owner text, p_zone text, p_since bigint,
                                            p_page_limit int) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_since bigint := coalesce(p_since, 0);
      v_last bigint;
      v_zone_version bigint;
      v_records jsonb;
      v_more boolean;
    BEGIN
      -- The version of the page_limit-th record: the page's last version.
      SELECT max(s.version) INTO v_last
        FROM (SELECT r.version FROM sync.records r
               WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_since
               ORDER BY r.version
               LIMIT CASE WHEN p_page_limit IS NULL THEN NULL
                          ELSE greatest(p_page_limit, 1) END) s;

      -- NULL when the zone does not exist or the caller may not see it.
      SELECT z.version INTO v_zone_version
        FROM sync.zones z WHERE z.owner = p_owner AND z.zone = p_zone;

      IF v_last IS NULL THEN
        -- Nothing readable: still move the token to the zone's version (writes the caller
        -- cannot see, or versions consumed by undone work).
        RETURN jsonb_build_object('records', '[]'::jsonb,
                                  'version', greatest(v_since, coalesce(v_zone_version, v_since)),
                                  'more', false);
      END IF;

      SELECT jsonb_agg(sync.record_json(r) ORDER BY r.version, r.record_name) INTO v_records
        FROM sync.records r
       WHERE r.owner = p_owner AND r.zone = p_zone
         AND r.version > v_since AND r.version <= v_last;

      v_more := EXISTS (SELECT 1 FROM sync.records r
                         WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_last);

      -- On the last page the token may jump to the zone's version: in this snapshot every
      -- write up to that version has committed, and none after v_last is readable.
      RETURN jsonb_build_object(
        'records', v_records,
        'version', CASE WHEN v_more THEN v_last
                        ELSE greatest(v_last, coalesce(v_zone_version, v_last)) END,
        'more', v_more);
    END
    $$;

    -- The given records that exist and are readable (tombstones included), in request order.
    CREATE FUNCTION sync.fetch_records(p_ids jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT jsonb_build_object('records',
               coalesce(jsonb_agg(sync.record_json(r) ORDER BY i.ord), '[]'::jsonb))
        FROM jsonb_array_elements(coalesce(p_ids, '[]'::jsonb)) WITH ORDINALITY AS i(id, ord)
        JOIN sync.records r
          ON r.owner = i.id->>'owner' AND r.zone = i.id->>'zone'
         AND r.record_name = i.id->>'recordName'
    $$;

    -- Every zone the caller can read (own zones, zones holding a share they accepted) with
    -- its version, and the caller's membership-log position as the token. `since` is not
    -- needed yet: the list is short and always sent whole.
    CREATE FUNCTION sync.fetch_database_changes(p_since bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT jsonb_build_object(
        'zones', coalesce((
          SELECT jsonb_agg(jsonb_build_object('owner', z.owner, 'zone', z.zone,
                                              'version', z.version)
                           ORDER BY z.owner, z.zone)
            FROM (SELECT z.owner, z.zone, z.version
                    FROM sync.zones z
                   WHERE z.owner = current_user::text
                  UNION
                  SELECT z.owner, z.zone, z.version
                    FROM sync.participants p
                    JOIN sync.shares s ON s.share_id = p.share_id
                    JOIN sync.zones z ON z.owner = s.owner AND z.zone = s.zone
                   WHERE p.user_name = current_user::text AND p.accepted) z),
          '[]'::jsonb),
        'token', (SELECT coalesce(max(m.seq), 0) FROM sync.membership_log m
                   WHERE m.user_name = current_user::text))
    $$;

    CREATE FUNCTION sync.whoami() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT jsonb_build_object('user', current_user::text, 'serverID', i.server_id)
        FROM sync.schema_info i
    $$;

    -- Creates a user (a LOGIN role in sync_user), or sets the password of an existing one.
    -- For the installer only (EXECUTE is revoked from PUBLIC below; it needs CREATEROLE). A NULL password means none
    -- (e.g. certificate authentication). A 'SCRAM-SHA-256$...' string is stored as given.
    -- Names are at most 58 characters so that the channel 'sync_' || name fits in 63 bytes.
    CREATE FUNCTION sync.add_user(p_name text, p_password text) RETURNS void
    LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF p_name IS NULL OR p_name !~ '^[a-z_][a-z0-9_]{0,57}$' THEN
        RAISE EXCEPTION 'sync.add_user: % is not a valid user name', coalesce(quote_literal(p_name), 'NULL')
          USING ERRCODE = 'invalid_parameter_value',
                HINT = 'Use 1 to 58 lowercase letters, digits and underscores, not starting with a digit.';
      END IF;
      IF p_name LIKE 'pg\_%' OR p_name IN ('sync_admin', 'sync_user', 'public', 'none') THEN
        RAISE EXCEPTION 'sync.add_user: % is a reserved name', quote_literal(p_name)
          USING ERRCODE = 'reserved_name';
      END IF;

      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_name) THEN
        -- Never touch a role that is not a plain sync user (e.g. postgres).
        IF NOT EXISTS (SELECT 1
                         FROM pg_auth_members m
                         JOIN pg_roles g ON g.oid = m.roleid
                         JOIN pg_roles u ON u.oid = m.member
                        WHERE g.rolname = 'sync_user' AND u.rolname = p_name
                          AND NOT u.rolsuper AND NOT u.rolbypassrls) THEN
          RAISE EXCEPTION 'sync.add_user: role % exists and is not a sync user', quote_literal(p_name)
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Choose another name; sync.add_user only manages members of sync_user.';
        END IF;
        EXECUTE format('ALTER ROLE %I WITH LOGIN PASSWORD %L', p_name, p_password);
      ELSE
        EXECUTE format('CREATE ROLE %I WITH LOGIN PASSWORD %L IN ROLE sync_user', p_name, p_password);
      END IF;
    END
    $$;

    -- ---------------------------------------------------------------------------------------
    -- Ownership and privileges
    -- ---------------------------------------------------------------------------------------

    -- The definer helpers run as sync_admin, which owns the tables they read.
    ALTER FUNCTION sync.can_read(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.can_write(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.can_read_zone(text, text, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.can_write_zone(text, text, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.owns_share(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.records_derive_share() OWNER TO sync_admin;
    ALTER FUNCTION sync.records_share_moved() OWNER TO sync_admin;
    ALTER FUNCTION sync.zones_notify() OWNER TO sync_admin;

    REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sync FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION
      sync.modify_records(uuid, jsonb, jsonb),
      sync.fetch_zone_changes(text, text, bigint, int),
      sync.fetch_records(jsonb),
      sync.fetch_database_changes(bigint),
      sync.whoami(),
      -- called by the API functions and the policies, with the caller's privileges:
      sync.parse_ops(jsonb, jsonb),
      sync.op_result(sync.modify_op, text, bigint, jsonb),
      sync.record_json(sync.records),
      sync.can_read(uuid, text),
      sync.can_write(uuid, text),
      sync.can_read_zone(text, text, text),
      sync.can_write_zone(text, text, text),
      sync.owns_share(uuid, text)
    TO sync_user;

    -- Clients write only through the API's statements: no DELETE anywhere, no writing of
    -- keys, owners or share_id.
    GRANT SELECT ON sync.schema_info, sync.zones, sync.records, sync.batches, sync.shares,
                    sync.participants, sync.membership_log
      TO sync_user;
    GRANT INSERT (owner, zone, version), UPDATE (version) ON sync.zones TO sync_user;
    GRANT INSERT (owner, zone, record_name, record_type, parent_record_name, fields, deleted,
                  deleted_stamp, version),
          UPDATE (record_type, parent_record_name, fields, deleted, deleted_stamp, version)
      ON sync.records TO sync_user;
    GRANT INSERT (user_name, batch_id, results), UPDATE (results) ON sync.batches TO sync_user;
    """#,
    #"""
    -- Migration 2: sharing. A root record and the records under it (through parents) are
    -- shared with other users, read-only or read-write, by name or by an invitation token
    -- handed over out of band. Participants see the owner's zone, and in it only the records
    -- of shares they accepted (row-level security, migration 1).
    --
    -- The functions that change shares are SECURITY DEFINER (they write tables clients may
    -- only read) and take the caller from sync.caller(): inside them current_user is the
    -- definer, while the login (or SET ROLE) of the session is the caller's.

    ALTER TABLE sync.shares ADD COLUMN title text;

    CREATE FUNCTION sync.caller() RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT coalesce(nullif(current_setting('role'), 'none'), session_user)::text
    $$;

    CREATE FUNCTION sync.permission_name(p_permission text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
      SELECT CASE p_permission WHEN 'readwrite' THEN 'readWrite' WHEN 'read' THEN 'readOnly'
                               ELSE 'none' END
    $$;

    -- A share as `p_user` sees it, in the client's CKShare shape.
    CREATE FUNCTION sync.share_json(p_share_id uuid, p_user text) RETURNS jsonb
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT jsonb_build_object(
        'shareID', s.share_id::text, 'ownerName', s.owner, 'zoneName', s.zone,
        'rootRecordName', s.root_record_name, 'publicPermission', 'none',
        'currentUserPermission',
          CASE WHEN s.owner = p_user THEN 'readWrite'
               ELSE coalesce((SELECT sync.permission_name(p.permission) FROM sync.participants p
                               WHERE p.share_id = s.share_id AND p.user_name = p_user
                                 AND p.accepted), 'none') END,
        'participants', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                            'userName', p.user_name,
                                            'permission', sync.permission_name(p.permission),
                                            'isAccepted', p.accepted) ORDER BY p.user_name)
                                    FROM sync.participants p WHERE p.share_id = s.share_id),
                                 '[]'::jsonb),
        'systemFields', CASE WHEN s.title IS NULL THEN '{}'::jsonb
                             ELSE jsonb_build_object('title', s.title) END)
        FROM sync.shares s WHERE s.share_id = p_share_id
    $$;

    -- The share, which the caller must own. Errors carry SQLSTATE SH404 (no such share) and
    -- SH403 (not the owner) for the client to name.
    CREATE FUNCTION sync.owned_share(p_share_id uuid, p_user text) RETURNS sync.shares
    LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_share sync.shares;
    BEGIN
      SELECT s.* INTO v_share FROM sync.shares s WHERE s.share_id = p_share_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no share %', p_share_id USING ERRCODE = 'SH404';
      END IF;
      IF v_share.owner <> p_user THEN
        RAISE EXCEPTION 'only the owner of share % may change it', p_share_id USING ERRCODE = 'SH403';
      END IF;
      RETURN v_share;
    END
    $$;

    -- Moves a zone's version on (notifying its readers) and re-stamps a root record at it, so
    -- that its share is derived again and its subtree follows (records_share_moved).
    CREATE FUNCTION sync.touch_root(p_owner text, p_zone text, p_root text) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_version bigint;
    BEGIN
      UPDATE sync.zones z SET version = z.version + 1
       WHERE z.owner = p_owner AND z.zone = p_zone RETURNING z.version INTO v_version;
      UPDATE sync.records r SET version = v_version
       WHERE r.owner = p_owner AND r.zone = p_zone AND r.record_name = p_root;
    END
    $$;

    -- Shares a root record of the caller's (a record with no parent, on the server, not
    -- deleted), or returns its share when it has one already; a title given replaces the old.
    CREATE FUNCTION sync.share_root(p_zone text, p_root text, p_title text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := sync.caller();
      v_record sync.records;
      v_share_id uuid;
    BEGIN
      SELECT r.* INTO v_record FROM sync.records r
       WHERE r.owner = v_me AND r.zone = p_zone AND r.record_name = p_root;
      IF NOT FOUND OR v_record.deleted THEN
        RAISE EXCEPTION 'record % is not on the server', p_root USING ERRCODE = 'SH404',
          HINT = 'Sync the record before sharing it.';
      END IF;
      IF v_record.parent_record_name IS NOT NULL THEN
        RAISE EXCEPTION 'record % has a parent: only root records can be shared', p_root
          USING ERRCODE = 'SH400';
      END IF;
      SELECT s.share_id INTO v_share_id FROM sync.shares s
       WHERE s.owner = v_me AND s.zone = p_zone AND s.root_record_name = p_root;
      IF FOUND THEN
        UPDATE sync.shares s SET title = coalesce(p_title, s.title) WHERE s.share_id = v_share_id;
      ELSE
        INSERT INTO sync.shares (owner, zone, root_record_name, title)
        VALUES (v_me, p_zone, p_root, p_title) RETURNING share_id INTO v_share_id;
        PERFORM sync.touch_root(v_me, p_zone, p_root);
      END IF;
      RETURN sync.share_json(v_share_id, v_me);
    END
    $$;

    -- Adds a user to a share, or changes their permission ('read' or 'readwrite'). They take
    -- part once they accept (sync.accept_share).
    CREATE FUNCTION sync.add_participant(p_share_id uuid, p_user text, p_permission text)
    RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := sync.caller();
      v_share sync.shares := sync.owned_share(p_share_id, v_me);
    BEGIN
      IF p_permission IS NULL OR p_permission NOT IN ('read', 'readwrite') THEN
        RAISE EXCEPTION 'a permission is read or readwrite, not %', coalesce(p_permission, 'NULL')
          USING ERRCODE = 'SH400';
      END IF;
      IF p_user = v_me THEN
        RAISE EXCEPTION 'the owner of a share cannot take part in it' USING ERRCODE = 'SH400';
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_auth_members m
                       JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
                      WHERE g.rolname = 'sync_user' AND u.rolname = p_user) THEN
        RAISE EXCEPTION 'there is no user % on this server', p_user USING ERRCODE = 'SH405';
      END IF;
      INSERT INTO sync.participants (share_id, user_name, permission)
      VALUES (p_share_id, p_user, p_permission)
      ON CONFLICT (share_id, user_name) DO UPDATE SET permission = EXCLUDED.permission;
      INSERT INTO sync.membership_log (user_name, share_id, event) VALUES (p_user, p_share_id, 'invited');
      -- Devices of the participant pull again, and learn their new permission.
      PERFORM sync.touch_root(v_share.owner, v_share.zone, v_share.root_record_name);
      PERFORM pg_notify('sync_' || p_user, '{}');
      RETURN sync.share_json(p_share_id, v_me);
    END
    $$;

    -- A token that lets whoever holds it join the share, once, within a week. Only its hash
    -- is kept.
    CREATE FUNCTION sync.create_invitation(p_share_id uuid, p_permission text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_share sync.shares := sync.owned_share(p_share_id, sync.caller());
      v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    BEGIN
      IF p_permission IS NULL OR p_permission NOT IN ('read', 'readwrite') THEN
        RAISE EXCEPTION 'a permission is read or readwrite, not %', coalesce(p_permission, 'NULL')
          USING ERRCODE = 'SH400';
      END IF;
      INSERT INTO sync.invites (token_hash, share_id, permission, expires_at)
      VALUES (sha256(convert_to(v_token, 'UTF8')), v_share.share_id, p_permission,
              now() + interval '7 days');
      RETURN v_token;
    END
    $$;

    -- Joins a share: by an invitation token, or by the id of a share the caller was added to.
    CREATE FUNCTION sync.accept_share(p_token text, p_share_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := sync.caller();
      v_invite sync.invites;
      v_share sync.shares;
    BEGIN
      IF p_token IS NOT NULL THEN
        DELETE FROM sync.invites i WHERE i.token_hash = sha256(convert_to(p_token, 'UTF8'))
        RETURNING i.* INTO v_invite;
        IF NOT FOUND OR v_invite.expires_at < now() THEN
          RAISE EXCEPTION 'the invitation is unknown, used or expired' USING ERRCODE = 'SH404',
            HINT = 'Ask the owner of the share for a new invitation.';
        END IF;
        SELECT s.* INTO v_share FROM sync.shares s WHERE s.share_id = v_invite.share_id;
        IF v_share.owner = v_me THEN
          RAISE EXCEPTION 'the owner of a share cannot take part in it' USING ERRCODE = 'SH400';
        END IF;
        INSERT INTO sync.participants (share_id, user_name, permission, accepted)
        VALUES (v_share.share_id, v_me, v_invite.permission, true)
        ON CONFLICT (share_id, user_name)
          DO UPDATE SET permission = EXCLUDED.permission, accepted = true;
      ELSE
        SELECT s.* INTO v_share FROM sync.shares s
          JOIN sync.participants p ON p.share_id = s.share_id
         WHERE s.share_id = p_share_id AND p.user_name = v_me;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'you were not invited to share %', p_share_id USING ERRCODE = 'SH404';
        END IF;
        UPDATE sync.participants p SET accepted = true
         WHERE p.share_id = p_share_id AND p.user_name = v_me;
      END IF;
      INSERT INTO sync.membership_log (user_name, share_id, event) VALUES (v_me, v_share.share_id, 'accepted');
      PERFORM pg_notify('sync_' || v_me, '{}');
      RETURN sync.share_json(v_share.share_id, v_me);
    END
    $$;

    -- Takes a user out of a share (the owner removing them, or the user leaving).
    CREATE FUNCTION sync.remove_participant(p_share_id uuid, p_user text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := sync.caller();
      v_share sync.shares;
    BEGIN
      SELECT s.* INTO v_share FROM sync.shares s WHERE s.share_id = p_share_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no share %', p_share_id USING ERRCODE = 'SH404';
      END IF;
      IF v_share.owner <> v_me AND p_user <> v_me THEN
        RAISE EXCEPTION 'only the owner of share % may remove others', p_share_id
          USING ERRCODE = 'SH403';
      END IF;
      DELETE FROM sync.participants p WHERE p.share_id = p_share_id AND p.user_name = p_user;
      IF FOUND THEN
        INSERT INTO sync.membership_log (user_name, share_id, event)
        VALUES (p_user, p_share_id, CASE WHEN p_user = v_me THEN 'left' ELSE 'removed' END);
        PERFORM pg_notify('sync_' || p_user, '{}');
      END IF;
    END
    $$;

    -- Stops sharing: the participants lose the records, the owner keeps them.
    CREATE FUNCTION sync.stop_sharing(p_share_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_share sync.shares := sync.owned_share(p_share_id, sync.caller());
      v_user text;
    BEGIN
      FOR v_user IN SELECT p.user_name FROM sync.participants p WHERE p.share_id = p_share_id LOOP
        INSERT INTO sync.membership_log (user_name, share_id, event) VALUES (v_user, p_share_id, 'unshared');
        PERFORM pg_notify('sync_' || v_user, '{}');
      END LOOP;
      DELETE FROM sync.shares s WHERE s.share_id = p_share_id;
      PERFORM sync.touch_root(v_share.owner, v_share.zone, v_share.root_record_name);
    END
    $$;

    -- The shares the caller owns or was added to (accepted or not).
    CREATE FUNCTION sync.list_shares() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT jsonb_build_object('shares', coalesce(jsonb_agg(sync.share_json(s.share_id, c.me)
                                                             ORDER BY s.owner, s.root_record_name),
                                                   '[]'::jsonb))
        FROM (SELECT sync.caller() AS me) c
        JOIN sync.shares s
          ON s.owner = c.me
          OR EXISTS (SELECT 1 FROM sync.participants p
                      WHERE p.share_id = s.share_id AND p.user_name = c.me)
    $$;

    -- The change feed also names records that left a share the caller can read (moved out of
    -- it), so that participants drop them. Built as json, not jsonb: a page of records is only
    -- ever printed, and json builds it in less than half the time.
    DROP FUNCTION sync.fetch_zone_changes(text, text, bigint, int);
    CREATE FUNCTION sync.fetch_zone_changes(p_owner text, p_zone text, p_since bigint, p_page_limit int)
    RETURNS json
    LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_since bigint := coalesce(p_since, 0);
      v_last bigint;
      v_zone_version bigint;
      v_records json;
      v_more boolean;
      v_token bigint;
    BEGIN
      SELECT max(s.version) INTO v_last
        FROM (SELECT r.version FROM sync.records r
               WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_since
               ORDER BY r.version
               LIMIT CASE WHEN p_page_limit IS NULL THEN NULL
                          ELSE greatest(p_page_limit, 1) END) s;

      SELECT z.version INTO v_zone_version
        FROM sync.zones z WHERE z.owner = p_owner AND z.zone = p_zone;

      IF v_last IS NULL THEN
        v_records := '[]'::json;
        v_more := false;
        v_token := greatest(v_since, coalesce(v_zone_version, v_since));
      ELSE
        SELECT json_agg(json_build_object(
                 'owner', r.owner, 'zone', r.zone, 'recordName', r.record_name,
                 'recordType', r.record_type, 'parent', r.parent_record_name, 'fields', r.fields,
                 'deleted', r.deleted, 'deletedStamp', r.deleted_stamp, 'version', r.version,
                 'modifiedBy', r.modified_by)
               ORDER BY r.version, r.record_name) INTO v_records
          FROM sync.records r
         WHERE r.owner = p_owner AND r.zone = p_zone
           AND r.version > v_since AND r.version <= v_last;
        v_more := EXISTS (SELECT 1 FROM sync.records r
                           WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_last);
        v_token := CASE WHEN v_more THEN v_last
                        ELSE greatest(v_last, coalesce(v_zone_version, v_last)) END;
      END IF;

      RETURN json_build_object(
        'records', v_records, 'version', v_token, 'more', v_more,
        'exits', coalesce((
          SELECT json_agg(DISTINCT e.record_name)
            FROM sync.share_exits e
           WHERE e.owner = p_owner AND e.zone = p_zone AND e.owner <> current_user::text
             AND e.version > v_since AND e.version <= v_token
             AND NOT EXISTS (SELECT 1 FROM sync.records r
                              WHERE r.owner = e.owner AND r.zone = e.zone
                                AND r.record_name = e.record_name)), '[]'::json));
    END
    $$;

    -- Who wrote each record last: stamped by the server from the session (never taken from
    -- the writer), on a change of its content, not when a share re-stamps its version.
    ALTER TABLE sync.records ADD COLUMN modified_by text;

    CREATE OR REPLACE FUNCTION sync.records_derive_share() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      SELECT s.share_id INTO NEW.share_id
        FROM sync.shares s
       WHERE s.owner = NEW.owner AND s.zone = NEW.zone AND s.root_record_name = NEW.record_name;
      IF NOT FOUND THEN
        IF NEW.parent_record_name IS NULL THEN
          NEW.share_id := NULL;
        ELSE
          -- No such parent leaves NULL.
          SELECT p.share_id INTO NEW.share_id
            FROM sync.records p
           WHERE p.owner = NEW.owner AND p.zone = NEW.zone
             AND p.record_name = NEW.parent_record_name;
        END IF;
      END IF;
      IF TG_OP = 'INSERT' OR NEW.fields IS DISTINCT FROM OLD.fields OR NEW.deleted <> OLD.deleted
         OR NEW.parent_record_name IS DISTINCT FROM OLD.parent_record_name THEN
        NEW.modified_by := sync.caller();
      ELSE
        NEW.modified_by := OLD.modified_by;
      END IF;
      RETURN NEW;
    END
    $$;

    CREATE OR REPLACE FUNCTION sync.record_json(r sync.records) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT jsonb_build_object(
        'owner', r.owner, 'zone', r.zone, 'recordName', r.record_name,
        'recordType', r.record_type, 'parent', r.parent_record_name, 'fields', r.fields,
        'deleted', r.deleted, 'deletedStamp', r.deleted_stamp, 'version', r.version,
        'modifiedBy', r.modified_by)
    $$;

    ALTER FUNCTION sync.caller() OWNER TO sync_admin;
    ALTER FUNCTION sync.permission_name(text) OWNER TO sync_admin;
    ALTER FUNCTION sync.share_json(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.owned_share(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.touch_root(text, text, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.share_root(text, text, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.add_participant(uuid, text, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.create_invitation(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.accept_share(text, uuid) OWNER TO sync_admin;
    ALTER FUNCTION sync.remove_participant(uuid, text) OWNER TO sync_admin;
    ALTER FUNCTION sync.stop_sharing(uuid) OWNER TO sync_admin;
    ALTER FUNCTION sync.list_shares() OWNER TO sync_admin;

    REVOKE ALL ON FUNCTION sync.caller(), sync.permission_name(text), sync.share_json(uuid, text),
      sync.owned_share(uuid, text), sync.touch_root(text, text, text),
      sync.share_root(text, text, text), sync.add_participant(uuid, text, text),
      sync.create_invitation(uuid, text), sync.accept_share(text, uuid),
      sync.remove_participant(uuid, text), sync.stop_sharing(uuid), sync.list_shares(),
      sync.fetch_zone_changes(text, text, bigint, int)
      FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION
      sync.share_root(text, text, text), sync.add_participant(uuid, text, text),
      sync.create_invitation(uuid, text), sync.accept_share(text, uuid),
      sync.remove_participant(uuid, text), sync.stop_sharing(uuid), sync.list_shares(),
      sync.fetch_zone_changes(text, text, bigint, int)
    TO sync_user;
    GRANT SELECT ON sync.share_exits TO sync_user;
    """#,
    #"""
    -- Migration 3: modify_records creates a zone's new records with one INSERT when all of
    -- them will succeed (a first upload, an import), rather than one at a time; results,
    -- versions and notifications are unchanged.

    CREATE OR REPLACE FUNCTION sync.modify_records(p_batch_id uuid, p_saves jsonb, p_deletes jsonb)
    RETURNS jsonb
    LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := current_user;
      v_results jsonb[];
      v_reply jsonb;
      v_bad int;
      z record;
      op sync.modify_op;
      v_row sync.records;
      v_exists boolean;
      v_version bigint;       -- the zone's new version
      v_status text;
      v_reply_version bigint; -- the version a successful operation reports
      v_failed boolean;       -- an operation in this zone failed
      v_wrote boolean;        -- an operation in this zone wrote a row
      v_current int;          -- the operation being applied (for a privilege error)
      v_fast boolean;         -- the zone's operations were written all at once
      v_count bigint;
    BEGIN
      IF p_batch_id IS NULL THEN
        RAISE EXCEPTION 'sync.modify_records: batch_id is null'
          USING ERRCODE = 'invalid_parameter_value';
      END IF;

      -- Claim the batch id before anything else. A concurrent call with the same id waits
      -- on the primary key until this one commits, then finds the row and returns its results.
      INSERT INTO sync.batches (user_name, batch_id) VALUES (v_me, p_batch_id)
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        SELECT b.results INTO v_reply
          FROM sync.batches b WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
        RETURN v_reply;
      END IF;

      -- Malformed operations are a client bug: fail the whole call, naming the first one.
      SELECT o.idx INTO v_bad
        FROM sync.parse_ops(p_saves, p_deletes) o
       WHERE o.owner IS NULL OR o.zone IS NULL OR o.record_name IS NULL
          OR (NOT o.is_delete
              AND (o.record_type IS NULL OR jsonb_typeof(o.fields) IS DISTINCT FROM 'object'))
          OR (o.is_delete
              AND (o.deleted_stamp IS NULL OR o.deleted_stamp !~ '^[0-9a-f]{16}$'))
       ORDER BY o.idx
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'sync.modify_records: operation % (saves then deletes, from 1) is malformed', v_bad
          USING ERRCODE = 'invalid_parameter_value',
                HINT = 'A save needs owner, zone, recordName, recordType and a fields object; '
                       'a delete needs owner, zone, recordName and a 16-hex-digit deletedStamp.';
      END IF;

      v_results := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(coalesce(p_saves, '[]'))
                                                 + jsonb_array_length(coalesce(p_deletes, '[]'))]);

      -- Zones in a fixed order, so two calls writing the same zones cannot deadlock. Within a
      -- zone: saves in array order (parents first), then deletes (children first).
      FOR z IN
        SELECT o.owner, o.zone,
               array_agg(o ORDER BY o.idx) AS ops,
               coalesce(array_agg(o.record_name) FILTER (WHERE NOT o.is_delete), '{}') AS save_names,
               coalesce(array_agg(o.record_name) FILTER (WHERE o.is_delete), '{}') AS delete_names
          FROM sync.parse_ops(p_saves, p_deletes) o
         GROUP BY o.owner, o.zone
         ORDER BY o.owner, o.zone
      LOOP
        v_failed := false;
        v_wrote := false;
        v_current := NULL;
        v_version := NULL;
        -- A sub-block per zone: raising inside it undoes exactly this zone's writes.
        BEGIN
          -- Bump (and lock) the zone first: concurrent writers of the zone queue here until
          -- this transaction ends, and every read below sees the latest committed state.
          IF z.owner = v_me THEN
            INSERT INTO sync.zones AS t (owner, zone, version) VALUES (z.owner, z.zone, 1)
            ON CONFLICT (owner, zone) DO UPDATE SET version = t.version + 1
            RETURNING t.version INTO v_version;
          ELSE
            -- Row-level security hides or refuses zones without an accepted read-write share.
            UPDATE sync.zones t SET version = t.version + 1
             WHERE t.owner = z.owner AND t.zone = z.zone
            RETURNING t.version INTO v_version;
          END IF;

          IF v_version IS NULL THEN
            FOREACH op IN ARRAY z.ops LOOP
              v_results[op.idx] := sync.op_result(op, 'permissionFailure');
            END LOOP;
          ELSE
            -- A zone whose operations all create records the server does not have yet (a
            -- first upload, an import: where throughput matters) takes one INSERT for all of
            -- them, when they will all succeed: each is checked to be absent before, and its
            -- parent to be live after (a parent may be created in the same call). Anything else
            -- (changes, deletes, a missing parent, a row the caller may not see or create)
            -- undoes that INSERT and takes the loop below, which says what failed and why.
            -- Lookups are scalar subqueries by the whole key: a join lets the planner scan the
            -- zone when the table's statistics are stale (on a first upload, a zone looks like
            -- one row), which would cost the zone's size for every batch.
            v_fast := cardinality(z.delete_names) = 0
              AND cardinality(z.ops) = (SELECT count(DISTINCT o.record_name) FROM unnest(z.ops) o)
              AND NOT EXISTS (
                SELECT 1 FROM unnest(z.ops) o
                 WHERE o.base_version IS NOT NULL
                    OR (SELECT true FROM sync.records r
                         WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = o.record_name));
            IF v_fast THEN
              -- A sub-block: when a record turns out to be out of reach, the INSERT is undone
              -- and the loop runs instead.
              BEGIN
                INSERT INTO sync.records (owner, zone, record_name, record_type,
                                          parent_record_name, fields, version)
                SELECT z.owner, z.zone, o.record_name, o.record_type, o.parent, o.fields, v_version
                  FROM unnest(z.ops) o
                 ORDER BY o.idx
                ON CONFLICT (owner, zone, record_name) DO NOTHING;
                GET DIAGNOSTICS v_count = ROW_COUNT;
                IF v_count <> cardinality(z.ops)
                   OR EXISTS (
                        SELECT 1 FROM unnest(z.ops) o
                         WHERE o.parent IS NOT NULL
                           AND (o.parent = o.record_name
                                OR (SELECT NOT p.deleted FROM sync.records p
                                     WHERE p.owner = z.owner AND p.zone = z.zone
                                       AND p.record_name = o.parent) IS NOT TRUE)) THEN
                  RAISE SQLSTATE 'SY003';
                END IF;
              EXCEPTION
                WHEN SQLSTATE 'SY003' OR insufficient_privilege THEN
                  v_fast := false;
              END;
            END IF;

            IF v_fast THEN
              SELECT array_agg(coalesce(f.result, v.result) ORDER BY v.ord) INTO v_results
                FROM unnest(v_results) WITH ORDINALITY AS v(result, ord)
                LEFT JOIN (SELECT o.idx,
                                  jsonb_build_object('owner', o.owner, 'zone', o.zone,
                                                     'recordName', o.record_name,
                                                     'status', 'saved', 'version', v_version) AS result
                             FROM unnest(z.ops) o) f
                  ON f.idx = v.ord;
              v_wrote := true;
            ELSE
              FOREACH op IN ARRAY z.ops LOOP
                v_current := op.idx;
                -- Only rows the caller can read are found.
                SELECT r.* INTO v_row
                  FROM sync.records r
                 WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                v_exists := FOUND;
                v_reply_version := v_version;

                IF NOT op.is_delete THEN
                  IF v_exists AND op.base_version IS DISTINCT FROM v_row.version THEN
                    v_status := 'serverRecordChanged';
                  ELSIF NOT v_exists AND op.base_version IS NOT NULL THEN
                    v_status := 'unknownItem';
                  ELSIF op.parent IS NOT NULL
                        AND NOT (op.parent <> op.record_name
                                 AND (EXISTS (SELECT 1 FROM sync.records p
                                               WHERE p.owner = z.owner AND p.zone = z.zone
                                                 AND p.record_name = op.parent AND NOT p.deleted)
                                      -- Saved later in this call: if that save fails, the
                                      -- zone fails and this one reports batchRequestFailed.
                                      OR op.parent = ANY (z.save_names))) THEN
                    v_status := 'referenceViolation';
                  ELSIF NOT v_exists THEN
                    -- A conflict here means a row the caller cannot see.
                    INSERT INTO sync.records (owner, zone, record_name, record_type,
                                              parent_record_name, fields, version)
                    VALUES (z.owner, z.zone, op.record_name, op.record_type, op.parent,
                            op.fields, v_version)
                    ON CONFLICT (owner, zone, record_name) DO NOTHING;
                    v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                  ELSE
                    -- Also un-deletes a tombstone whose version the client knew.
                    UPDATE sync.records r
                       SET record_type = op.record_type, parent_record_name = op.parent,
                           fields = op.fields, deleted = false, deleted_stamp = NULL,
                           version = v_version
                     WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                    -- Not found: visible but read-only.
                    v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                  END IF;
                ELSE
                  IF NOT v_exists THEN
                    v_status := 'deleted';  -- never existed: nothing to write, no version
                    v_reply_version := NULL;
                  ELSIF v_row.deleted THEN
                    v_status := 'deleted';  -- already a tombstone: nothing to write
                    v_reply_version := v_row.version;
                  ELSIF op.base_version IS NOT NULL AND op.base_version <> v_row.version THEN
                    v_status := 'serverRecordChanged';
                  ELSIF EXISTS (SELECT 1 FROM sync.records c
                                 WHERE c.owner = z.owner AND c.zone = z.zone
                                   AND c.parent_record_name = op.record_name AND NOT c.deleted
                                   -- Children deleted in this call do not count, whatever
                                   -- their order: if one of those deletes fails, so does
                                   -- the zone.
                                   AND c.record_name <> ALL (z.delete_names)) THEN
                    v_status := 'referenceViolation';
                  ELSE
                    -- The tombstone keeps the last fields.
                    UPDATE sync.records r
                       SET deleted = true, deleted_stamp = op.deleted_stamp, version = v_version
                     WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                    v_status := CASE WHEN FOUND THEN 'deleted' ELSE 'permissionFailure' END;
                  END IF;
                END IF;

                IF v_status IN ('saved', 'deleted') THEN
                  v_results[op.idx] := sync.op_result(op, v_status, v_reply_version);
                  -- Only operations that wrote report the zone's new version.
                  v_wrote := v_wrote OR v_reply_version IS NOT DISTINCT FROM v_version;
                ELSIF v_status = 'serverRecordChanged' THEN
                  v_results[op.idx] := sync.op_result(op, v_status, NULL, sync.record_json(v_row));
                  v_failed := true;
                ELSE
                  v_results[op.idx] := sync.op_result(op, v_status);
                  v_failed := true;
                END IF;
              END LOOP;
            END IF;

            IF v_failed THEN
              RAISE SQLSTATE 'SY001';  -- undo this zone
            ELSIF NOT v_wrote THEN
              RAISE SQLSTATE 'SY002';  -- undo the version bump (and its notification)
            END IF;
          END IF;
        EXCEPTION
          WHEN SQLSTATE 'SY001' THEN
            FOREACH op IN ARRAY z.ops LOOP
              IF v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
          WHEN SQLSTATE 'SY002' THEN
            NULL;  -- results stand
          WHEN insufficient_privilege THEN
            -- Row-level security refused a write (e.g. a new row outside the caller's shares):
            -- that operation failed, the zone's others did not happen.
            FOREACH op IN ARRAY z.ops LOOP
              IF v_current IS NULL OR op.idx = v_current THEN
                v_results[op.idx] := sync.op_result(op, 'permissionFailure');
              ELSIF v_results[op.idx] IS NULL
                    OR v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
        END;
      END LOOP;

      v_reply := jsonb_build_object('results', to_jsonb(v_results));
      UPDATE sync.batches b SET results = v_reply
       WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
      RETURN v_reply;
    END
    $$;
    """#,
    #"""
    -- Migration 4: records are created set-wise. What a per-row trigger and a foreign key did
    -- for every record an owner created (about 30 µs a record, most of a first upload's server
    -- time) is done once per statement: the writer is stamped by a column default, the zone is
    -- checked and the share derived over the statement's new rows. Updates, and records
    -- created through a share, keep the per-row trigger.

    -- The writer of a new record: the session's caller, as sync.caller() says (clients have
    -- no privilege on modified_by or share_id, so the defaults always apply).
    ALTER TABLE sync.records ALTER COLUMN modified_by
      SET DEFAULT coalesce(nullif(current_setting('role'), 'none'), session_user)::text;

    -- A record created in another user's zone (through a share) still takes its share row by
    -- row, before row-level security checks it: its share is what lets the caller write it.
    DROP TRIGGER records_derive_share ON sync.records;
    CREATE TRIGGER records_derive_share BEFORE UPDATE ON sync.records
      FOR EACH ROW EXECUTE FUNCTION sync.records_derive_share();
    CREATE TRIGGER records_derive_share_in_shares BEFORE INSERT ON sync.records
      FOR EACH ROW WHEN (NEW.owner IS DISTINCT FROM current_user::text)
      EXECUTE FUNCTION sync.records_derive_share();

    -- Every new record's zone exists (what the foreign key checked row by row), and records
    -- created under a share take its share_id. Only zones that hold a share can have such
    -- records. Setting a parent's share_id touches its children (records_share_moved), so
    -- records created under a parent created in the same statement follow it.
    CREATE FUNCTION sync.records_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM (SELECT DISTINCT c.owner, c.zone FROM created c) c
                  WHERE NOT EXISTS (SELECT 1 FROM sync.zones z
                                     WHERE z.owner = c.owner AND z.zone = c.zone)) THEN
        RAISE EXCEPTION 'sync.records: a record was created in a zone that does not exist'
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF EXISTS (SELECT 1 FROM sync.shares s
                  WHERE (s.owner, s.zone) IN (SELECT DISTINCT c.owner, c.zone FROM created c)) THEN
        UPDATE sync.records r
           SET share_id = d.share_id
          FROM (SELECT c.owner, c.zone, c.record_name,
                       coalesce((SELECT s.share_id FROM sync.shares s
                                  WHERE s.owner = c.owner AND s.zone = c.zone
                                    AND s.root_record_name = c.record_name),
                                (SELECT p.share_id FROM sync.records p
                                  WHERE p.owner = c.owner AND p.zone = c.zone
                                    AND p.record_name = c.parent_record_name)) AS share_id
                  FROM created c) d
         WHERE d.share_id IS NOT NULL AND r.share_id IS DISTINCT FROM d.share_id
           AND r.owner = d.owner AND r.zone = d.zone AND r.record_name = d.record_name;
      END IF;
      RETURN NULL;
    END
    $$;
    ALTER FUNCTION sync.records_created() OWNER TO sync_admin;

    CREATE TRIGGER records_created AFTER INSERT ON sync.records
      REFERENCING NEW TABLE AS created
      FOR EACH STATEMENT EXECUTE FUNCTION sync.records_created();

    ALTER TABLE sync.records DROP CONSTRAINT records_owner_zone_fkey;

    -- The foreign key's ON DELETE CASCADE.
    CREATE FUNCTION sync.zones_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      DELETE FROM sync.records r USING deleted d WHERE r.owner = d.owner AND r.zone = d.zone;
      RETURN NULL;
    END
    $$;
    ALTER FUNCTION sync.zones_deleted() OWNER TO sync_admin;

    CREATE TRIGGER zones_deleted AFTER DELETE ON sync.zones
      REFERENCING OLD TABLE AS deleted
      FOR EACH STATEMENT EXECUTE FUNCTION sync.zones_deleted();

    -- A zone's new records go in with one plain INSERT: the primary key, not a lookup per
    -- record and ON CONFLICT, tells a record the server has (about 8 µs a record less); the
    -- operations are parsed once.
    CREATE OR REPLACE FUNCTION sync.modify_records(p_batch_id uuid, p_saves jsonb, p_deletes jsonb)
    RETURNS jsonb
    LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_me text := current_user;
      v_results jsonb[];
      v_reply jsonb;
      v_bad int;
      z record;
      op sync.modify_op;
      v_row sync.records;
      v_exists boolean;
      v_version bigint;       -- the zone's new version
      v_status text;
      v_reply_version bigint; -- the version a successful operation reports
      v_failed boolean;       -- an operation in this zone failed
      v_wrote boolean;        -- an operation in this zone wrote a row
      v_current int;          -- the operation being applied (for a privilege error)
      v_fast boolean;         -- the zone's operations were written all at once
      v_ops sync.modify_op[];
    BEGIN
      IF p_batch_id IS NULL THEN
        RAISE EXCEPTION 'sync.modify_records: batch_id is null'
          USING ERRCODE = 'invalid_parameter_value';
      END IF;

      -- Claim the batch id before anything else. A concurrent call with the same id waits
      -- on the primary key until this one commits, then finds the row and returns its results.
      INSERT INTO sync.batches (user_name, batch_id) VALUES (v_me, p_batch_id)
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        SELECT b.results INTO v_reply
          FROM sync.batches b WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
        RETURN v_reply;
      END IF;

      v_ops := ARRAY(SELECT o FROM sync.parse_ops(p_saves, p_deletes) o);

      -- Malformed operations are a client bug: fail the whole call, naming the first one.
      SELECT o.idx INTO v_bad
        FROM unnest(v_ops) o
       WHERE o.owner IS NULL OR o.zone IS NULL OR o.record_name IS NULL
          OR (NOT o.is_delete
              AND (o.record_type IS NULL OR jsonb_typeof(o.fields) IS DISTINCT FROM 'object'))
          OR (o.is_delete
              AND (o.deleted_stamp IS NULL OR o.deleted_stamp !~ '^[0-9a-f]{16}$'))
       ORDER BY o.idx
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'sync.modify_records: operation % (saves then deletes, from 1) is malformed', v_bad
          USING ERRCODE = 'invalid_parameter_value',
                HINT = 'A save needs owner, zone, recordName, recordType and a fields object; '
                       'a delete needs owner, zone, recordName and a 16-hex-digit deletedStamp.';
      END IF;

      v_results := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(coalesce(p_saves, '[]'))
                                                 + jsonb_array_length(coalesce(p_deletes, '[]'))]);

      -- Zones in a fixed order, so two calls writing the same zones cannot deadlock. Within a
      -- zone: saves in array order (parents first), then deletes (children first).
      FOR z IN
        SELECT o.owner, o.zone,
               array_agg(o ORDER BY o.idx) AS ops,
               coalesce(array_agg(o.record_name) FILTER (WHERE NOT o.is_delete), '{}') AS save_names,
               coalesce(array_agg(o.record_name) FILTER (WHERE o.is_delete), '{}') AS delete_names
          FROM unnest(v_ops) o
         GROUP BY o.owner, o.zone
         ORDER BY o.owner, o.zone
      LOOP
        v_failed := false;
        v_wrote := false;
        v_current := NULL;
        v_version := NULL;
        -- A sub-block per zone: raising inside it undoes exactly this zone's writes.
        BEGIN
          -- Bump (and lock) the zone first: concurrent writers of the zone queue here until
          -- this transaction ends, and every read below sees the latest committed state.
          IF z.owner = v_me THEN
            INSERT INTO sync.zones AS t (owner, zone, version) VALUES (z.owner, z.zone, 1)
            ON CONFLICT (owner, zone) DO UPDATE SET version = t.version + 1
            RETURNING t.version INTO v_version;
          ELSE
            -- Row-level security hides or refuses zones without an accepted read-write share.
            UPDATE sync.zones t SET version = t.version + 1
             WHERE t.owner = z.owner AND t.zone = z.zone
            RETURNING t.version INTO v_version;
          END IF;

          IF v_version IS NULL THEN
            FOREACH op IN ARRAY z.ops LOOP
              v_results[op.idx] := sync.op_result(op, 'permissionFailure');
            END LOOP;
          ELSE
            -- A zone whose operations all create records the client believes new (a first
            -- upload, an import: where throughput matters) takes one INSERT for all of them,
            -- when they all succeed: the primary key refuses a record the server has (seen or
            -- not by the caller) or one named twice, and each parent must be live after (a
            -- parent may be created in the same call). Anything else (changes, deletes, a
            -- refusal) undoes that INSERT and takes the loop below, which says what failed and
            -- why.
            v_fast := cardinality(z.delete_names) = 0
              AND NOT EXISTS (SELECT 1 FROM unnest(z.ops) o WHERE o.base_version IS NOT NULL);
            IF v_fast THEN
              -- A sub-block: when a record turns out to be out of reach, the INSERT is undone
              -- and the loop runs instead.
              BEGIN
                INSERT INTO sync.records (owner, zone, record_name, record_type,
                                          parent_record_name, fields, version)
                SELECT z.owner, z.zone, o.record_name, o.record_type, o.parent, o.fields, v_version
                  FROM unnest(z.ops) o;
                -- Each parent once: siblings share theirs.
                IF EXISTS (SELECT 1 FROM unnest(z.ops) o WHERE o.parent = o.record_name)
                   OR EXISTS (
                     SELECT 1
                       FROM (SELECT DISTINCT o.parent FROM unnest(z.ops) o
                              WHERE o.parent IS NOT NULL) d
                      WHERE (SELECT NOT p.deleted FROM sync.records p
                              WHERE p.owner = z.owner AND p.zone = z.zone
                                AND p.record_name = d.parent) IS NOT TRUE) THEN
                  RAISE SQLSTATE 'SY003';
                END IF;
              EXCEPTION
                WHEN SQLSTATE 'SY003' OR insufficient_privilege OR unique_violation THEN
                  v_fast := false;
              END;
            END IF;

            IF v_fast AND cardinality(z.ops) = cardinality(v_results) THEN
              -- The call's only zone: its results are all of them.
              SELECT array_agg(jsonb_build_object('owner', o.owner, 'zone', o.zone,
                                                  'recordName', o.record_name,
                                                  'status', 'saved', 'version', v_version)
                               ORDER BY o.idx) INTO v_results
                FROM unnest(z.ops) o;
              v_wrote := true;
            ELSIF v_fast THEN
              SELECT array_agg(coalesce(f.result, v.result) ORDER BY v.ord) INTO v_results
                FROM unnest(v_results) WITH ORDINALITY AS v(result, ord)
                LEFT JOIN (SELECT o.idx,
                                  jsonb_build_object('owner', o.owner, 'zone', o.zone,
                                                     'recordName', o.record_name,
                                                     'status', 'saved', 'version', v_version) AS result
                             FROM unnest(z.ops) o) f
                  ON f.idx = v.ord;
              v_wrote := true;
            ELSE
              FOREACH op IN ARRAY z.ops LOOP
                v_current := op.idx;
                -- Only rows the caller can read are found.
                SELECT r.* INTO v_row
                  FROM sync.records r
                 WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                v_exists := FOUND;
                v_reply_version := v_version;

                IF NOT op.is_delete THEN
                  IF v_exists AND op.base_version IS DISTINCT FROM v_row.version THEN
                    v_status := 'serverRecordChanged';
                  ELSIF NOT v_exists AND op.base_version IS NOT NULL THEN
                    v_status := 'unknownItem';
                  ELSIF op.parent IS NOT NULL
                        AND NOT (op.parent <> op.record_name
                                 AND (EXISTS (SELECT 1 FROM sync.records p
                                               WHERE p.owner = z.owner AND p.zone = z.zone
                                                 AND p.record_name = op.parent AND NOT p.deleted)
                                      -- Saved later in this call: if that save fails, the
                                      -- zone fails and this one reports batchRequestFailed.
                                      OR op.parent = ANY (z.save_names))) THEN
                    v_status := 'referenceViolation';
                  ELSIF NOT v_exists THEN
                    -- A conflict here means a row the caller cannot see.
                    INSERT INTO sync.records (owner, zone, record_name, record_type,
                                              parent_record_name, fields, version)
                    VALUES (z.owner, z.zone, op.record_name, op.record_type, op.parent,
                            op.fields, v_version)
                    ON CONFLICT (owner, zone, record_name) DO NOTHING;
                    v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                  ELSE
                    -- Also un-deletes a tombstone whose version the client knew.
                    UPDATE sync.records r
                       SET record_type = op.record_type, parent_record_name = op.parent,
                           fields = op.fields, deleted = false, deleted_stamp = NULL,
                           version = v_version
                     WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                    -- Not found: visible but read-only.
                    v_status := CASE WHEN FOUND THEN 'saved' ELSE 'permissionFailure' END;
                  END IF;
                ELSE
                  IF NOT v_exists THEN
                    v_status := 'deleted';  -- never existed: nothing to write, no version
                    v_reply_version := NULL;
                  ELSIF v_row.deleted THEN
                    v_status := 'deleted';  -- already a tombstone: nothing to write
                    v_reply_version := v_row.version;
                  ELSIF op.base_version IS NOT NULL AND op.base_version <> v_row.version THEN
                    v_status := 'serverRecordChanged';
                  ELSIF EXISTS (SELECT 1 FROM sync.records c
                                 WHERE c.owner = z.owner AND c.zone = z.zone
                                   AND c.parent_record_name = op.record_name AND NOT c.deleted
                                   -- Children deleted in this call do not count, whatever
                                   -- their order: if one of those deletes fails, so does
                                   -- the zone.
                                   AND c.record_name <> ALL (z.delete_names)) THEN
                    v_status := 'referenceViolation';
                  ELSE
                    -- The tombstone keeps the last fields.
                    UPDATE sync.records r
                       SET deleted = true, deleted_stamp = op.deleted_stamp, version = v_version
                     WHERE r.owner = z.owner AND r.zone = z.zone AND r.record_name = op.record_name;
                    v_status := CASE WHEN FOUND THEN 'deleted' ELSE 'permissionFailure' END;
                  END IF;
                END IF;

                IF v_status IN ('saved', 'deleted') THEN
                  v_results[op.idx] := sync.op_result(op, v_status, v_reply_version);
                  -- Only operations that wrote report the zone's new version.
                  v_wrote := v_wrote OR v_reply_version IS NOT DISTINCT FROM v_version;
                ELSIF v_status = 'serverRecordChanged' THEN
                  v_results[op.idx] := sync.op_result(op, v_status, NULL, sync.record_json(v_row));
                  v_failed := true;
                ELSE
                  v_results[op.idx] := sync.op_result(op, v_status);
                  v_failed := true;
                END IF;
              END LOOP;
            END IF;

            IF v_failed THEN
              RAISE SQLSTATE 'SY001';  -- undo this zone
            ELSIF NOT v_wrote THEN
              RAISE SQLSTATE 'SY002';  -- undo the version bump (and its notification)
            END IF;
          END IF;
        EXCEPTION
          WHEN SQLSTATE 'SY001' THEN
            FOREACH op IN ARRAY z.ops LOOP
              IF v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
          WHEN SQLSTATE 'SY002' THEN
            NULL;  -- results stand
          WHEN insufficient_privilege THEN
            -- Row-level security refused a write (e.g. a new row outside the caller's shares):
            -- that operation failed, the zone's others did not happen.
            FOREACH op IN ARRAY z.ops LOOP
              IF v_current IS NULL OR op.idx = v_current THEN
                v_results[op.idx] := sync.op_result(op, 'permissionFailure');
              ELSIF v_results[op.idx] IS NULL
                    OR v_results[op.idx]->>'status' IN ('saved', 'deleted') THEN
                v_results[op.idx] := sync.op_result(op, 'batchRequestFailed');
              END IF;
            END LOOP;
        END;
      END LOOP;

      v_reply := jsonb_build_object('results', to_jsonb(v_results));
      UPDATE sync.batches b SET results = v_reply
       WHERE b.user_name = v_me AND b.batch_id = p_batch_id;
      RETURN v_reply;
    END
    $$;

    -- A page of the change feed as rows, for clients that read records column by column
    -- rather than parse a JSON document built record by record (which took most of a page's
    -- server time): the records, oldest first ('record'), the names of records that left a
    -- share the caller reads ('exit'), and last one row with the page's token and whether more
    -- follows ('end'). The same page as fetch_zone_changes.
    --
    -- Both walk the feed index in order: a bitmap scan of the rest of the zone, which the
    -- planner may take for the page bound, made each page cost the zone's remaining size and
    -- a first download quadratic.
    CREATE FUNCTION sync.fetch_zone_page(p_owner text, p_zone text, p_since bigint, p_page_limit int)
    RETURNS TABLE (kind text, record_name text, record_type text, parent text, fields text,
                   deleted boolean, deleted_stamp text, version bigint, modified_by text,
                   page_version bigint, more boolean)
    LANGUAGE plpgsql STABLE SECURITY INVOKER
    SET search_path = pg_catalog, pg_temp SET enable_bitmapscan = off
    AS $$
    DECLARE
      v_since bigint := coalesce(p_since, 0);
      v_last bigint;
      v_zone_version bigint;
      v_more boolean := false;
      v_token bigint;
    BEGIN
      SELECT max(s.version) INTO v_last
        FROM (SELECT r.version FROM sync.records r
               WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_since
               ORDER BY r.version
               LIMIT CASE WHEN p_page_limit IS NULL THEN NULL
                          ELSE greatest(p_page_limit, 1) END) s;

      SELECT z.version INTO v_zone_version
        FROM sync.zones z WHERE z.owner = p_owner AND z.zone = p_zone;

      IF v_last IS NULL THEN
        v_token := greatest(v_since, coalesce(v_zone_version, v_since));
      ELSE
        RETURN QUERY
          SELECT 'record', r.record_name, r.record_type, r.parent_record_name, r.fields::text,
                 r.deleted, r.deleted_stamp, r.version, r.modified_by, NULL::bigint, NULL::boolean
            FROM sync.records r
           WHERE r.owner = p_owner AND r.zone = p_zone
             AND r.version > v_since AND r.version <= v_last
           ORDER BY r.version, r.record_name;
        v_more := EXISTS (SELECT 1 FROM sync.records r
                           WHERE r.owner = p_owner AND r.zone = p_zone AND r.version > v_last);
        v_token := CASE WHEN v_more THEN v_last
                        ELSE greatest(v_last, coalesce(v_zone_version, v_last)) END;
      END IF;

      RETURN QUERY
        SELECT DISTINCT 'exit', e.record_name, NULL, NULL, NULL, NULL::boolean, NULL, NULL::bigint,
               NULL, NULL::bigint, NULL::boolean
          FROM sync.share_exits e
         WHERE e.owner = p_owner AND e.zone = p_zone AND e.owner <> current_user::text
           AND e.version > v_since AND e.version <= v_token
           AND NOT EXISTS (SELECT 1 FROM sync.records r
                            WHERE r.owner = e.owner AND r.zone = e.zone
                              AND r.record_name = e.record_name);
      RETURN QUERY
        SELECT 'end', NULL, NULL, NULL, NULL, NULL::boolean, NULL, NULL::bigint, NULL, v_token, v_more;
    END
    $$;
    REVOKE ALL ON FUNCTION sync.fetch_zone_page(text, text, bigint, int) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION sync.fetch_zone_page(text, text, bigint, int) TO sync_user;
    ALTER FUNCTION sync.fetch_zone_changes(text, text, bigint, int) SET enable_bitmapscan = off;
    """#,
  ]
}

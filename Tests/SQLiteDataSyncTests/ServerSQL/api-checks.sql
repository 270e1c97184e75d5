-- Behaviour checks for the sync server's SQL API (ServerSchema.swift, migration 1 onwards).
-- Run as a superuser on a freshly installed database; Scripts/server-sql-check.sh does it all.
-- Each check is an ASSERT (or an expected error) that stops the script when broken.
\set ON_ERROR_STOP on
\pset tuples_only on
\pset format unaligned
SET client_min_messages = notice;
SET plpgsql.check_asserts = on;  -- an ASSERT that is not checked proves nothing

\echo '== setup: users and helpers'
SELECT sync.add_user('alice', 'alice-password');
SELECT sync.add_user('bob', 'bob-password');
SELECT sync.add_user('carol', 'carol-password');

-- Helpers for this session only (pg_temp), run with the caller's rights.
-- A save of an "items" record with one field.
CREATE FUNCTION pg_temp.save(p_name text, p_base bigint DEFAULT NULL, p_parent text DEFAULT NULL,
                             p_value text DEFAULT 'v', p_zone text DEFAULT 'z1',
                             p_owner text DEFAULT 'alice') RETURNS jsonb
LANGUAGE sql AS $$
  SELECT jsonb_build_object(
    'owner', p_owner, 'zone', p_zone, 'recordName', p_name, 'recordType', 'items',
    'parent', p_parent,
    'fields', jsonb_build_object('title', jsonb_build_object('value', p_value,
                                                             'stamp', '00000000000000a1')),
    'deleted', false, 'deletedStamp', NULL, 'baseVersion', p_base)
$$;

CREATE FUNCTION pg_temp.del(p_name text, p_base bigint DEFAULT NULL, p_zone text DEFAULT 'z1',
                            p_owner text DEFAULT 'alice',
                            p_stamp text DEFAULT '00000000000000d1') RETURNS jsonb
LANGUAGE sql AS $$
  SELECT jsonb_build_object('owner', p_owner, 'zone', p_zone, 'recordName', p_name,
                            'baseVersion', p_base, 'deletedStamp', p_stamp)
$$;

CREATE FUNCTION pg_temp.modify(p_saves jsonb DEFAULT '[]', p_deletes jsonb DEFAULT '[]')
RETURNS jsonb LANGUAGE sql AS $$
  SELECT sync.modify_records(gen_random_uuid(), p_saves, p_deletes)
$$;

-- The statuses of a reply, in order.
CREATE FUNCTION pg_temp.statuses(p_reply jsonb) RETURNS text[]
LANGUAGE sql AS $$
  SELECT coalesce(array_agg(e->>'status' ORDER BY ord), '{}')
    FROM jsonb_array_elements(p_reply->'results') WITH ORDINALITY AS r(e, ord)
$$;

-- One record as the current role sees it (NULL if not found or not readable).
CREATE FUNCTION pg_temp.get(p_name text, p_zone text DEFAULT 'z1', p_owner text DEFAULT 'alice')
RETURNS jsonb LANGUAGE sql AS $$
  SELECT sync.fetch_records(jsonb_build_array(jsonb_build_object(
           'owner', p_owner, 'zone', p_zone, 'recordName', p_name)))->'records'->0
$$;

-- A zone's version read as a superuser would see it (SECURITY DEFINER is not needed: callers
-- below are the zone's owner or the superuser).
CREATE FUNCTION pg_temp.zone_version(p_zone text, p_owner text DEFAULT 'alice') RETURNS bigint
LANGUAGE sql AS $$
  SELECT version FROM sync.zones WHERE owner = p_owner AND zone = p_zone
$$;

\echo '== install invariants'
DO $$
DECLARE
  v_bad text;
BEGIN
  SELECT string_agg(c.relname, ', ') INTO v_bad
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'sync' AND c.relkind = 'r'
     AND NOT (c.relrowsecurity AND c.relforcerowsecurity
              AND pg_get_userbyid(c.relowner) = 'sync_admin');
  ASSERT v_bad IS NULL, 'tables without forced RLS or not owned by sync_admin: ' || v_bad;

  ASSERT NOT has_table_privilege('sync_user', 'sync.records', 'DELETE'), 'clients may delete';
  ASSERT NOT has_column_privilege('sync_user', 'sync.records', 'share_id', 'UPDATE'),
    'clients may set share_id';
  ASSERT NOT has_column_privilege('sync_user', 'sync.records', 'owner', 'UPDATE'),
    'clients may change owners';
  ASSERT NOT has_table_privilege('sync_user', 'sync.invites', 'SELECT'), 'clients read invites';
  ASSERT NOT has_function_privilege('sync_user', 'sync.add_user(text, text)', 'EXECUTE'),
    'clients may add users';

  -- Every API function runs with the caller's rights.
  SELECT string_agg(p.proname, ', ') INTO v_bad
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'sync' AND p.prosecdef
     AND p.proname IN ('modify_records', 'fetch_zone_changes', 'fetch_records',
                       'fetch_database_changes', 'whoami', 'add_user');
  ASSERT v_bad IS NULL, 'SECURITY DEFINER API functions: ' || v_bad;

  -- Every SECURITY DEFINER function pins its search_path.
  SELECT string_agg(p.proname, ', ') INTO v_bad
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'sync' AND p.prosecdef
     AND NOT coalesce(p.proconfig::text LIKE '%search_path=pg_catalog, pg_temp%', false);
  ASSERT v_bad IS NULL, 'SECURITY DEFINER functions without a fixed search_path: ' || v_bad;

  ASSERT (SELECT count(*) FROM sync.schema_info) = 1, 'schema_info has one row';
  RAISE NOTICE 'ok: ownership, forced RLS, privileges';
END
$$;

\echo '== add_user'
DO $$
BEGIN
  BEGIN
    PERFORM sync.add_user('Bad-Name', 'x');
    RAISE EXCEPTION 'add_user accepted Bad-Name';
  EXCEPTION WHEN invalid_parameter_value THEN
    NULL;
  END;
  BEGIN
    PERFORM sync.add_user(repeat('a', 59), 'x');  -- 'sync_' || name would not fit a channel
    RAISE EXCEPTION 'add_user accepted a 59-character name';
  EXCEPTION WHEN invalid_parameter_value THEN
    NULL;
  END;
  BEGIN
    PERFORM sync.add_user('postgres', 'x');       -- exists and is not a sync user
    RAISE EXCEPTION 'add_user changed the password of postgres';
  EXCEPTION WHEN duplicate_object THEN
    NULL;
  END;
  BEGIN
    PERFORM sync.add_user('pg_monitor', 'x');
    RAISE EXCEPTION 'add_user accepted pg_monitor';
  EXCEPTION WHEN reserved_name THEN
    NULL;
  END;
  -- An existing user: the password changes, nothing else.
  PERFORM sync.add_user('alice', 'new-alice-password');
  ASSERT pg_has_role('alice', 'sync_user', 'MEMBER'), 'alice is a sync user';
  ASSERT (SELECT rolcanlogin AND NOT rolsuper FROM pg_roles WHERE rolname = 'alice'),
    'alice logs in and is no superuser';
  RAISE NOTICE 'ok: add_user validates names and refuses foreign roles';
END
$$;

SET ROLE bob;
DO $$
BEGIN
  PERFORM sync.add_user('mallory', 'x');
  RAISE EXCEPTION 'bob could add a user';
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'ok: clients cannot call add_user';
END
$$;
RESET ROLE;

\echo '== whoami'
SET ROLE alice;
DO $$
DECLARE
  v jsonb := sync.whoami();
BEGIN
  ASSERT v->>'user' = 'alice', 'whoami user: ' || v;
  ASSERT (v->>'serverID')::uuid = (SELECT server_id FROM sync.schema_info), 'serverID: ' || v;
  RAISE NOTICE 'ok: whoami %', v;
END
$$;

\echo '== create, update, CAS conflict, unknownItem'
DO $$
DECLARE
  r jsonb;
  v1 bigint;
  v2 bigint;
BEGIN
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', p_value => 'one')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'create: ' || r;
  v1 := (r #>> '{results,0,version}')::bigint;
  ASSERT v1 = 1 AND pg_temp.zone_version('z1') = 1, 'first version is 1: ' || r;
  ASSERT r->'results'->0 = jsonb_build_object('owner', 'alice', 'zone', 'z1',
                                              'recordName', 'a:items', 'status', 'saved',
                                              'version', 1), 'reply shape: ' || r;

  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', v1, p_value => 'two')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'update with current base: ' || r;
  v2 := (r #>> '{results,0,version}')::bigint;
  ASSERT v2 = 2, 'update bumps the version: ' || r;

  -- Stale base: the server record comes back and nothing changes.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', v1, p_value => 'three')));
  ASSERT pg_temp.statuses(r) = '{serverRecordChanged}', 'stale base: ' || r;
  ASSERT r #> '{results,0,serverRecord}' = pg_temp.get('a:items'), 'server record: ' || r;
  ASSERT (r #>> '{results,0,serverRecord,version}')::bigint = v2
     AND r #>> '{results,0,serverRecord,fields,title,value}' = 'two'
     AND r #>> '{results,0,serverRecord,recordType}' = 'items'
     AND r #> '{results,0,serverRecord,deleted}' = 'false'
     AND NOT (r #> '{results,0}' ? 'version'), 'server record contents: ' || r;

  -- No base on an existing record is a conflict too.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', NULL, p_value => 'four')));
  ASSERT pg_temp.statuses(r) = '{serverRecordChanged}', 'null base on existing: ' || r;
  ASSERT pg_temp.get('a:items') #>> '{fields,title,value}' = 'two', 'conflicts wrote nothing';
  ASSERT pg_temp.zone_version('z1') = v2, 'failed calls leave the zone version alone';

  -- A new record named twice in one call: the second save finds the first.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('twice:items', p_value => 'one'),
                                        pg_temp.save('twice:items', p_value => 'two')));
  ASSERT pg_temp.statuses(r) = '{batchRequestFailed,serverRecordChanged}', 'named twice: ' || r;
  ASSERT pg_temp.get('twice:items') IS NULL AND pg_temp.zone_version('z1') = v2,
    'a record named twice wrote nothing';

  -- A base version for a record the server never had.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('ghost:items', 7)));
  ASSERT pg_temp.statuses(r) = '{unknownItem}', 'unknownItem: ' || r;
  ASSERT pg_temp.get('ghost:items') IS NULL, 'unknownItem created nothing';
  RAISE NOTICE 'ok: create / update / serverRecordChanged / unknownItem';
END
$$;

\echo '== parents: referenceViolation, parent and child in one batch, delete order'
DO $$
DECLARE
  r jsonb;
  v bigint;
BEGIN
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('c:items', p_parent => 'nope:lists')));
  ASSERT pg_temp.statuses(r) = '{referenceViolation}', 'missing parent: ' || r;
  ASSERT pg_temp.get('c:items') IS NULL, 'child without parent not written';

  -- Parent and child in one call share one new version.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('p:lists'),
                                        pg_temp.save('q:items', p_parent => 'p:lists')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'parent + child: ' || r;
  v := (r #>> '{results,0,version}')::bigint;
  ASSERT (r #>> '{results,1,version}')::bigint = v, 'one version per zone per call: ' || r;
  ASSERT pg_temp.zone_version('z1') = v, 'zone version = records'' version';
  ASSERT pg_temp.get('q:items')->>'parent' = 'p:lists', 'parent stored';

  -- The parent still has a live child.
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('p:lists')));
  ASSERT pg_temp.statuses(r) = '{referenceViolation}', 'delete parent with live child: ' || r;
  ASSERT (pg_temp.get('p:lists')->>'deleted')::boolean = false, 'parent still alive';

  -- A child of a deleted (tombstoned) parent cannot be saved either: checked below.

  -- Child first, then parent, in one call.
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('q:items'), pg_temp.del('p:lists')));
  ASSERT pg_temp.statuses(r) = '{deleted,deleted}', 'delete child then parent: ' || r;
  ASSERT (pg_temp.get('p:lists')->>'deleted')::boolean
     AND (pg_temp.get('q:items')->>'deleted')::boolean, 'both tombstoned';

  r := pg_temp.modify(jsonb_build_array(pg_temp.save('c2:items', p_parent => 'p:lists')));
  ASSERT pg_temp.statuses(r) = '{referenceViolation}', 'parent is a tombstone: ' || r;

  -- Not required by the contract, but safe because zones are atomic: parent listed first.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('p2:lists'),
                                        pg_temp.save('q2:items', p_parent => 'p2:lists')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'setup p2: ' || r;
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('p2:lists'), pg_temp.del('q2:items')));
  ASSERT pg_temp.statuses(r) = '{deleted,deleted}', 'delete parent then child: ' || r;

  -- A child whose parent comes later in the same call.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('q3:items', p_parent => 'p3:lists'),
                                        pg_temp.save('p3:lists')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'child before parent: ' || r;
  RAISE NOTICE 'ok: referenceViolation and ordering within a call';
END
$$;

\echo '== tombstones: keep fields, idempotent deletes, un-delete'
DO $$
DECLARE
  r jsonb;
  t jsonb;
  v bigint;
  zv bigint;
BEGIN
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('t:items', p_value => 'kept')));
  v := (r #>> '{results,0,version}')::bigint;
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('t:items', v, p_stamp => '00000000000000f0')));
  ASSERT pg_temp.statuses(r) = '{deleted}', 'delete with current base: ' || r;
  t := pg_temp.get('t:items');
  ASSERT (t->>'deleted')::boolean AND t->>'deletedStamp' = '00000000000000f0'
     AND t #>> '{fields,title,value}' = 'kept'
     AND (t->>'version')::bigint = (r #>> '{results,0,version}')::bigint, 'tombstone: ' || t;

  -- Deleting again, or deleting what never existed, writes nothing.
  zv := pg_temp.zone_version('z1');
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('t:items', 1), pg_temp.del('never:items')));
  ASSERT pg_temp.statuses(r) = '{deleted,deleted}', 'repeat / missing delete: ' || r;
  ASSERT pg_temp.zone_version('z1') = zv, 'no-op deletes do not bump the zone';
  ASSERT pg_temp.get('t:items') = t, 'tombstone unchanged';
  ASSERT pg_temp.get('never:items') IS NULL, 'no row for a missing delete';

  -- A delete in a zone that does not exist: deleted, and no zone appears.
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('x:items', p_zone => 'nowhere')));
  ASSERT pg_temp.statuses(r) = '{deleted}', 'delete in missing zone: ' || r;
  ASSERT pg_temp.zone_version('nowhere') IS NULL, 'no zone created by a delete';

  -- Saving onto a tombstone with a stale base returns the tombstone.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('t:items', v, p_value => 'back')));
  ASSERT pg_temp.statuses(r) = '{serverRecordChanged}', 'stale save onto tombstone: ' || r;
  ASSERT r #> '{results,0,serverRecord}' = t, 'server record is the tombstone: ' || r;

  -- With the tombstone's version it comes back to life.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('t:items', (t->>'version')::bigint,
                                                     p_value => 'back')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'un-delete: ' || r;
  t := pg_temp.get('t:items');
  ASSERT NOT (t->>'deleted')::boolean AND t->'deletedStamp' = 'null'
     AND t #>> '{fields,title,value}' = 'back', 'un-deleted: ' || t;

  -- A delete with a stale base is a conflict.
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('t:items', v)));
  ASSERT pg_temp.statuses(r) = '{serverRecordChanged}', 'stale delete: ' || r;
  ASSERT r #> '{results,0,serverRecord}' = t, 'stale delete returns the record';
  RAISE NOTICE 'ok: tombstones';
END
$$;

\echo '== atomic zones'
DO $$
DECLARE
  r jsonb;
  zv bigint;
  a jsonb;
BEGIN
  zv := pg_temp.zone_version('z1');
  a := pg_temp.get('a:items');
  -- Two good saves and a bad one in z1, one good save in z2.
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('n1:items'),
         pg_temp.save('other:items', p_zone => 'z2'),
         pg_temp.save('a:items', 1, p_value => 'stale'),
         pg_temp.save('n2:items', p_parent => 'n1:items')),
       jsonb_build_array(pg_temp.del('t:items')));
  ASSERT pg_temp.statuses(r) = '{batchRequestFailed,saved,serverRecordChanged,batchRequestFailed,batchRequestFailed}',
    'atomic zone statuses: ' || r;
  ASSERT NOT (r->'results'->0 ? 'version'), 'batchRequestFailed has no version: ' || r;
  ASSERT pg_temp.get('n1:items') IS NULL AND pg_temp.get('n2:items') IS NULL,
    'nothing of z1 written';
  ASSERT NOT (pg_temp.get('t:items')->>'deleted')::boolean, 'z1 delete undone';
  ASSERT pg_temp.get('a:items') = a, 'a unchanged';
  ASSERT pg_temp.zone_version('z1') = zv, 'z1 version unchanged';
  ASSERT pg_temp.get('other:items', 'z2') IS NOT NULL AND pg_temp.zone_version('z2') = 1,
    'z2 stands';

  -- Two failures in one zone are both reported (the client merges both in one go).
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', 1), pg_temp.save('ok:items'),
                                        pg_temp.save('t:items', 1)));
  ASSERT pg_temp.statuses(r) = '{serverRecordChanged,batchRequestFailed,serverRecordChanged}',
    'all failures reported: ' || r;

  -- A child whose parent's save failed in the same call is not blamed for it.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('np:lists', 5),
                                        pg_temp.save('nc:items', p_parent => 'np:lists')));
  ASSERT pg_temp.statuses(r) = '{unknownItem,batchRequestFailed}', 'failed parent: ' || r;
  RAISE NOTICE 'ok: one bad operation rolls back its zone only';
END
$$;

\echo '== idempotent batches'
DO $$
DECLARE
  b uuid := gen_random_uuid();
  saves jsonb := jsonb_build_array(pg_temp.save('i1:items'), pg_temp.save('i2:items'));
  r1 jsonb;
  r2 jsonb;
  r3 jsonb;
  zv bigint;
BEGIN
  r1 := sync.modify_records(b, saves, '[]');
  ASSERT pg_temp.statuses(r1) = '{saved,saved}', 'first: ' || r1;
  zv := pg_temp.zone_version('z1');
  r2 := sync.modify_records(b, saves, '[]');
  ASSERT r2 = r1, 'repeat returns the stored reply: ' || r2;
  -- Even with another payload: the batch id decides.
  r3 := sync.modify_records(b, jsonb_build_array(pg_temp.save('i3:items')), '[]');
  ASSERT r3 = r1, 'repeat with other payload: ' || r3;
  ASSERT pg_temp.zone_version('z1') = zv, 'repeat bumps nothing';
  ASSERT pg_temp.get('i3:items') IS NULL, 'repeat applies nothing';
  ASSERT (SELECT results FROM sync.batches WHERE batch_id = b) = r1, 'stored under the caller';
  RAISE NOTICE 'ok: a repeated batch id returns the first reply';
END
$$;
RESET ROLE;
-- Batch ids are per user: bob's batch with alice's id is a new batch.
DO $$
DECLARE
  b uuid := (SELECT batch_id FROM sync.batches WHERE user_name = 'alice' LIMIT 1);
  r jsonb;
BEGIN
  SET LOCAL ROLE bob;
  r := sync.modify_records(b, jsonb_build_array(pg_temp.save('b1:items', p_owner => 'bob')), '[]');
  ASSERT pg_temp.statuses(r) = '{saved}', 'bob''s batch is his own: ' || r;
  RAISE NOTICE 'ok: batch ids are per user';
END
$$;

\echo '== fetch_zone_changes paging'
SET ROLE alice;
DO $$
DECLARE
  page jsonb;
  since bigint := 0;
  seen text[] := '{}';
  pages int := 0;
  r jsonb;
BEGIN
  -- 5 records in 3 versions: 2, 2, 1.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('r1', p_zone => 'zp'), pg_temp.save('r2', p_zone => 'zp')));
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('r3', p_zone => 'zp'), pg_temp.save('r4', p_zone => 'zp')));
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('r5', p_zone => 'zp')));
  ASSERT pg_temp.zone_version('zp') = 3, 'three versions';

  LOOP
    page := sync.fetch_zone_changes('alice', 'zp', since, 2);
    pages := pages + 1;
    seen := seen || ARRAY(SELECT e->>'recordName' FROM jsonb_array_elements(page->'records') e);
    -- Pages end on whole versions.
    ASSERT (page->>'version')::bigint = (page->'records'->-1->>'version')::bigint,
      'token = last record''s version: ' || page;
    ASSERT (page->>'more')::boolean = (pages < 3), 'more on page ' || pages || ': ' || page;
    since := (page->>'version')::bigint;
    EXIT WHEN NOT (page->>'more')::boolean;
    ASSERT pages < 10, 'paging does not end';
  END LOOP;
  ASSERT pages = 3 AND since = 3, 'three pages, token 3';
  ASSERT seen = '{r1,r2,r3,r4,r5}', 'each record once, in (version, name) order: ' || seen::text;

  -- page_limit 3 finishes the second version: 4 records, then 1.
  page := sync.fetch_zone_changes('alice', 'zp', 0, 3);
  ASSERT jsonb_array_length(page->'records') = 4 AND (page->>'version')::bigint = 2
     AND (page->>'more')::boolean, 'a page finishes its version: ' || page;
  page := sync.fetch_zone_changes('alice', 'zp', 2, 3);
  ASSERT jsonb_array_length(page->'records') = 1 AND NOT (page->>'more')::boolean, 'rest: ' || page;

  -- Up to date: nothing, same token.
  page := sync.fetch_zone_changes('alice', 'zp', 3, 2);
  ASSERT page = '{"records": [], "version": 3, "more": false, "exits": []}', 'up to date: ' || page;

  -- Tombstones are changes too, and carry their fields.
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('r2', p_zone => 'zp')));
  page := sync.fetch_zone_changes('alice', 'zp', 3, 100);
  ASSERT jsonb_array_length(page->'records') = 1
     AND (page->'records'->0->>'deleted')::boolean
     AND page->'records'->0->'fields' ? 'title'
     AND (page->>'version')::bigint = 4, 'tombstone in the feed: ' || page;

  -- A failed call consumed no version; a zone whose version moved without readable records
  -- still moves the token (exercised as the superuser below).
  page := sync.fetch_zone_changes('alice', 'no-such-zone', 5, 2);
  ASSERT page = '{"records": [], "version": 5, "more": false, "exits": []}', 'missing zone: ' || page;
  RAISE NOTICE 'ok: paging returns whole versions, each record once';
END
$$;
RESET ROLE;
-- The token moves to the zone's version when no readable record is newer.
UPDATE sync.zones SET version = version + 1 WHERE owner = 'alice' AND zone = 'zp';
SET ROLE alice;
DO $$
DECLARE
  page jsonb := sync.fetch_zone_changes('alice', 'zp', 4, 2);
BEGIN
  ASSERT page = '{"records": [], "version": 5, "more": false, "exits": []}', 'token follows the zone: ' || page;
  RAISE NOTICE 'ok: token follows the zone version';
END
$$;

\echo '== fetch_records and fetch_database_changes'
DO $$
DECLARE
  r jsonb;
BEGIN
  r := sync.fetch_records('[{"owner":"alice","zone":"zp","recordName":"r3"},
                            {"owner":"alice","zone":"zp","recordName":"missing"},
                            {"owner":"alice","zone":"zp","recordName":"r2"}]');
  ASSERT jsonb_array_length(r->'records') = 2
     AND r->'records'->0->>'recordName' = 'r3'
     AND r->'records'->1->>'recordName' = 'r2'
     AND (r->'records'->1->>'deleted')::boolean, 'found ones, in order, tombstones too: ' || r;

  r := sync.fetch_database_changes(0);
  ASSERT r->'token' = '0', 'no membership events yet: ' || r;
  ASSERT (SELECT array_agg(e->>'zone' ORDER BY e->>'zone') FROM jsonb_array_elements(r->'zones') e)
         = '{z1,z2,zp}', 'alice''s zones: ' || r;
  ASSERT r->'zones' @> jsonb_build_array(jsonb_build_object('owner', 'alice', 'zone', 'zp',
                                                            'version', 5)), 'zone versions: ' || r;
  RAISE NOTICE 'ok: fetch_records, fetch_database_changes';
END
$$;

\echo '== row-level security: bob and alice''s data'
SET ROLE bob;
DO $$
DECLARE
  r jsonb;
  n bigint;
BEGIN
  r := sync.fetch_zone_changes('alice', 'z1', 0, 100);
  ASSERT r = '{"records": [], "version": 0, "more": false, "exits": []}', 'bob fetches alice''s zone: ' || r;
  r := sync.fetch_records('[{"owner":"alice","zone":"z1","recordName":"a:items"}]');
  ASSERT r = '{"records": []}', 'bob fetches alice''s record: ' || r;
  SELECT count(*) INTO n FROM sync.records WHERE owner = 'alice';
  ASSERT n = 0, 'bob selects alice''s records';
  SELECT count(*) INTO n FROM sync.zones WHERE owner = 'alice';
  ASSERT n = 0, 'bob selects alice''s zones';
  SELECT count(*) INTO n FROM sync.batches WHERE user_name = 'alice';
  ASSERT n = 0, 'bob selects alice''s batches';
  r := sync.fetch_database_changes(0);
  ASSERT NOT (r::text LIKE '%alice%'), 'bob''s database changes: ' || r;

  -- Writing through the API.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('evil:items')));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'bob saves into alice''s zone: ' || r;
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('a:items', 2)));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'bob overwrites a:items: ' || r;
  r := pg_temp.modify('[]', jsonb_build_array(pg_temp.del('a:items')));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'bob deletes a:items: ' || r;

  -- Writing directly.
  UPDATE sync.records SET fields = '{}' WHERE owner = 'alice';
  GET DIAGNOSTICS n = ROW_COUNT;
  ASSERT n = 0, 'bob updated alice''s records directly';
  UPDATE sync.zones SET version = 0 WHERE owner = 'alice';
  GET DIAGNOSTICS n = ROW_COUNT;
  ASSERT n = 0, 'bob updated alice''s zones directly';
  BEGIN
    INSERT INTO sync.records (owner, zone, record_name, record_type, fields, version)
    VALUES ('alice', 'z1', 'evil2', 'items', '{}', 99);
    RAISE EXCEPTION 'bob inserted into alice''s zone';
  EXCEPTION WHEN insufficient_privilege THEN
    NULL;
  END;
  BEGIN
    DELETE FROM sync.records WHERE owner = 'alice';
    RAISE EXCEPTION 'bob could run DELETE';
  EXCEPTION WHEN insufficient_privilege THEN
    NULL;
  END;
  BEGIN
    UPDATE sync.records SET owner = 'bob' WHERE owner = 'bob';
    RAISE EXCEPTION 'bob could change owners';
  EXCEPTION WHEN insufficient_privilege THEN
    NULL;
  END;
  BEGIN
    PERFORM 1 FROM sync.invites;
    RAISE EXCEPTION 'bob could read invites';
  EXCEPTION WHEN insufficient_privilege THEN
    NULL;
  END;
  RAISE NOTICE 'ok: bob neither sees nor writes alice''s data';
END
$$;
RESET ROLE;
DO $$
BEGIN
  ASSERT pg_temp.zone_version('z1') = (SELECT max(version) FROM sync.records
                                        WHERE owner = 'alice' AND zone = 'z1'),
    'bob''s attempts left z1 alone';
  ASSERT NOT EXISTS (SELECT 1 FROM sync.records WHERE owner = 'alice' AND record_name LIKE 'evil%'),
    'no evil rows';
  ASSERT (SELECT fields <> '{}' FROM sync.records
           WHERE owner = 'alice' AND zone = 'z1' AND record_name = 'a:items'), 'a:items intact';
END
$$;

\echo '== sharing groundwork: derived share_id and participants'
-- Shares are made by the sharing API later; here the superuser sets one up by hand.
INSERT INTO sync.zones (owner, zone) VALUES ('alice', 'zs');
INSERT INTO sync.shares (share_id, owner, zone, root_record_name, public_permission)
VALUES ('00000000-0000-0000-0000-00000000000a', 'alice', 'zs', 'root:lists', 'none');
INSERT INTO sync.participants (share_id, user_name, permission, accepted)
VALUES ('00000000-0000-0000-0000-00000000000a', 'bob', 'readwrite', true),
       ('00000000-0000-0000-0000-00000000000a', 'carol', 'read', true);
SET ROLE alice;
DO $$
DECLARE
  r jsonb;
BEGIN
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('root:lists', p_zone => 'zs'),
         pg_temp.save('kid:items', p_zone => 'zs', p_parent => 'root:lists'),
         pg_temp.save('private:lists', p_zone => 'zs')));
  ASSERT pg_temp.statuses(r) = '{saved,saved,saved}', 'alice fills zs: ' || r;
  ASSERT (SELECT array_agg(record_name ORDER BY record_name) FROM sync.records
           WHERE owner = 'alice' AND zone = 'zs'
             AND share_id = '00000000-0000-0000-0000-00000000000a') = '{kid:items,root:lists}',
    'share_id derived for the root and its child only';
END
$$;
SET ROLE bob;
DO $$
DECLARE
  r jsonb;
  v bigint;
BEGIN
  r := sync.fetch_zone_changes('alice', 'zs', 0, 100);
  ASSERT (SELECT array_agg(e->>'recordName' ORDER BY e->>'recordName')
            FROM jsonb_array_elements(r->'records') e) = '{kid:items,root:lists}',
    'bob reads the shared subtree only: ' || r;
  r := sync.fetch_database_changes(0);
  ASSERT r->'zones' @> '[{"owner": "alice", "zone": "zs"}]', 'bob lists alice''s zs: ' || r;
  ASSERT NOT (r->'zones' @> '[{"owner": "alice", "zone": "z1"}]'), 'but not z1: ' || r;

  -- Read-write participant: new child and edit inside the share.
  v := (pg_temp.get('kid:items', 'zs')->>'version')::bigint;
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('kid2:items', p_zone => 'zs', p_parent => 'root:lists'),
         pg_temp.save('kid:items', v, p_zone => 'zs', p_parent => 'root:lists', p_value => 'bob')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'bob writes inside the share: ' || r;

  -- Outside the share: a record he cannot see, and a new root.
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('private:lists', p_zone => 'zs')));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'bob overwrites a hidden record: ' || r;
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('kid3:items', p_zone => 'zs', p_parent => 'root:lists'),
                                        pg_temp.save('newroot:lists', p_zone => 'zs')));
  ASSERT pg_temp.statuses(r) = '{batchRequestFailed,permissionFailure}',
    'bob adds an unshared root (RLS error becomes permissionFailure): ' || r;
  ASSERT pg_temp.get('kid3:items', 'zs') IS NULL, 'zone rolled back';
  RAISE NOTICE 'ok: read-write participant';
END
$$;
SET ROLE carol;
DO $$
DECLARE
  r jsonb;
  v bigint;
BEGIN
  v := (pg_temp.get('kid:items', 'zs')->>'version')::bigint;
  ASSERT v IS NOT NULL, 'carol reads the share';
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('kid:items', v, p_zone => 'zs',
                                                     p_parent => 'root:lists')));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'read-only participant writes: ' || r;
  RAISE NOTICE 'ok: read-only participant';
END
$$;
RESET ROLE;
-- Moving a record out of the share records an exit and takes its subtree along.
SET ROLE alice;
DO $$
DECLARE
  r jsonb;
  v bigint;
BEGIN
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('grandkid:items', p_zone => 'zs',
                                                     p_parent => 'kid:items')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'grandchild: ' || r;
  v := (pg_temp.get('kid:items', 'zs')->>'version')::bigint;
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('kid:items', v, p_zone => 'zs',
                                                     p_parent => 'private:lists')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'move out: ' || r;
  v := (r #>> '{results,0,version}')::bigint;
  ASSERT (SELECT share_id IS NULL AND version = v FROM sync.records
           WHERE owner = 'alice' AND zone = 'zs' AND record_name = 'grandkid:items'),
    'the subtree followed, at the new version';
END
$$;
RESET ROLE;
DO $$
BEGIN
  ASSERT (SELECT array_agg(record_name ORDER BY record_name) FROM sync.share_exits
           WHERE share_id = '00000000-0000-0000-0000-00000000000a') = '{grandkid:items,kid:items}',
    'share exits recorded';
  RAISE NOTICE 'ok: share_id follows the parent chain; exits recorded';
END
$$;

\echo '== records created set-wise: share, writer and zone per statement'
-- Each named record of alice's zs as name=share/writer ("none" for no share), by name.
CREATE FUNCTION pg_temp.shares_and_writers(p_names text[]) RETURNS text[]
LANGUAGE sql AS $$
  SELECT array_agg(record_name || '=' || coalesce(share_id::text, 'none') || '/' || modified_by
                   ORDER BY record_name)
    FROM sync.records WHERE owner = 'alice' AND zone = 'zs' AND record_name = ANY (p_names)
$$;
SET ROLE alice;
DO $$
DECLARE
  r jsonb;
BEGIN
  -- A chain three deep under the shared root, in one call (one INSERT): each level takes
  -- the share from the level above, created in the same statement.
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('a:items', p_zone => 'zs', p_parent => 'root:lists'),
         pg_temp.save('b:items', p_zone => 'zs', p_parent => 'a:items'),
         pg_temp.save('c:items', p_zone => 'zs', p_parent => 'b:items'),
         pg_temp.save('d:items', p_zone => 'zs', p_parent => 'private:lists')));
  ASSERT pg_temp.statuses(r) = '{saved,saved,saved,saved}', 'alice adds a chain: ' || r;
  ASSERT pg_temp.shares_and_writers('{a:items,b:items,c:items,d:items}')
         = '{a:items=00000000-0000-0000-0000-00000000000a/alice,b:items=00000000-0000-0000-0000-00000000000a/alice,c:items=00000000-0000-0000-0000-00000000000a/alice,d:items=none/alice}',
    'the chain is in the share, the other record not, all written by alice';
END
$$;
SET ROLE bob;
DO $$
DECLARE
  r jsonb;
BEGIN
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('e:items', p_zone => 'zs', p_parent => 'c:items'),
         pg_temp.save('f:items', p_zone => 'zs', p_parent => 'e:items')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'bob adds a chain inside the share: ' || r;
END
$$;
RESET ROLE;
DO $$
BEGIN
  ASSERT pg_temp.shares_and_writers('{e:items,f:items}')
         = '{e:items=00000000-0000-0000-0000-00000000000a/bob,f:items=00000000-0000-0000-0000-00000000000a/bob}',
    'bob''s records are in the share, written by bob';
  RAISE NOTICE 'ok: records created in one statement take their share and writer';
END
$$;
SET ROLE alice;
DO $$
BEGIN
  BEGIN
    INSERT INTO sync.records (owner, zone, record_name, record_type, fields, version)
    VALUES ('alice', 'no such zone', 'x:items', 'items', '{}', 1);
    RAISE EXCEPTION 'a record was created in a zone that does not exist';
  EXCEPTION WHEN foreign_key_violation THEN
    NULL;
  END;
  RAISE NOTICE 'ok: a record needs its zone';
END
$$;
RESET ROLE;
DO $$
BEGIN
  INSERT INTO sync.zones (owner, zone) VALUES ('alice', 'doomed');
  INSERT INTO sync.records (owner, zone, record_name, record_type, fields, version)
  VALUES ('alice', 'doomed', 'x:items', 'items', '{}', 1), ('alice', 'doomed', 'y:items', 'items', '{}', 1);
  DELETE FROM sync.zones WHERE owner = 'alice' AND zone = 'doomed';
  ASSERT NOT EXISTS (SELECT 1 FROM sync.records WHERE owner = 'alice' AND zone = 'doomed'),
    'a deleted zone''s records go with it';
  RAISE NOTICE 'ok: deleting a zone deletes its records';
END
$$;

\echo '== the feed as rows: the same pages as the JSON feed'
-- fetch_zone_page's rows, put back into fetch_zone_changes's shape.
CREATE FUNCTION pg_temp.page_as_json(p_owner text, p_zone text, p_since bigint, p_limit int)
RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object(
    'records', coalesce((SELECT jsonb_agg(jsonb_build_object(
                 'owner', p_owner, 'zone', p_zone, 'recordName', p.record_name,
                 'recordType', p.record_type, 'parent', p.parent, 'fields', p.fields::jsonb,
                 'deleted', p.deleted, 'deletedStamp', p.deleted_stamp, 'version', p.version,
                 'modifiedBy', p.modified_by) ORDER BY p.ord)
               FROM sync.fetch_zone_page(p_owner, p_zone, p_since, p_limit) WITH ORDINALITY p(kind, record_name, record_type, parent, fields, deleted, deleted_stamp, version, modified_by, page_version, more, ord)
              WHERE p.kind = 'record'), '[]'),
    'exits', coalesce((SELECT jsonb_agg(p.record_name ORDER BY p.record_name)
               FROM sync.fetch_zone_page(p_owner, p_zone, p_since, p_limit) p WHERE p.kind = 'exit'), '[]'),
    'version', (SELECT p.page_version FROM sync.fetch_zone_page(p_owner, p_zone, p_since, p_limit) p
                 WHERE p.kind = 'end'),
    'more', (SELECT p.more FROM sync.fetch_zone_page(p_owner, p_zone, p_since, p_limit) p
              WHERE p.kind = 'end'))
$$;
CREATE FUNCTION pg_temp.check_same_pages(p_owner text, p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_since bigint;
  v_limit int;
  v_json jsonb;
  v_rows jsonb;
BEGIN
  FOREACH v_limit IN ARRAY ARRAY[1, 2, 1000] LOOP
    v_since := 0;
    LOOP
      v_json := sync.fetch_zone_changes(p_owner, p_zone, v_since, v_limit)::jsonb;
      v_json := jsonb_set(v_json, '{exits}',
                          coalesce((SELECT jsonb_agg(e ORDER BY e) FROM jsonb_array_elements_text(v_json->'exits') e), '[]'));
      v_rows := pg_temp.page_as_json(p_owner, p_zone, v_since, v_limit);
      ASSERT v_rows = v_json, format('page of %s/%s since %s (limit %s): rows %s, json %s',
                                     p_owner, p_zone, v_since, v_limit, v_rows, v_json);
      EXIT WHEN NOT (v_json->>'more')::boolean;
      v_since := (v_json->>'version')::bigint;
    END LOOP;
  END LOOP;
END
$$;
SET ROLE alice;
SELECT pg_temp.check_same_pages('alice', 'zs');
SELECT pg_temp.check_same_pages('alice', 'z1');
SET ROLE bob;
SELECT pg_temp.check_same_pages('alice', 'zs');
SET ROLE carol;
SELECT pg_temp.check_same_pages('alice', 'zs');
SELECT pg_temp.check_same_pages('alice', 'nothing here');
RESET ROLE;
DO $$ BEGIN RAISE NOTICE 'ok: the row feed gives the JSON feed''s pages'; END $$;

\echo '== sharing API: who may do what'
SET ROLE alice;
DO $$
DECLARE
  r jsonb;
  share jsonb;
  token text;
BEGIN
  r := pg_temp.modify(jsonb_build_array(
         pg_temp.save('list:lists', p_zone => 'zsh'),
         pg_temp.save('item:items', p_zone => 'zsh', p_parent => 'list:lists')));
  ASSERT pg_temp.statuses(r) = '{saved,saved}', 'alice fills zsh: ' || r;
  BEGIN
    PERFORM sync.share_root('zsh', 'item:items', NULL);
    ASSERT false, 'a child was shared';
  EXCEPTION WHEN SQLSTATE 'SH400' THEN NULL;
  END;
  share := sync.share_root('zsh', 'list:lists', 'Groceries');
  ASSERT share->>'ownerName' = 'alice' AND share->>'currentUserPermission' = 'readWrite'
     AND share->'systemFields'->>'title' = 'Groceries', 'the owner''s view: ' || share;
  ASSERT sync.share_root('zsh', 'list:lists', NULL)->>'shareID' = share->>'shareID', 'sharing again returns it';
  PERFORM sync.add_participant((share->>'shareID')::uuid, 'bob', 'read');
  token := sync.create_invitation((share->>'shareID')::uuid, 'readwrite');
  ASSERT length(token) = 64, 'a token of 64 hex digits';
  BEGIN
    PERFORM 1 FROM sync.invites;
    ASSERT false, 'a client read the invites';
  EXCEPTION WHEN insufficient_privilege THEN NULL;
  END;
  PERFORM set_config('check.token', token, false);
  PERFORM set_config('check.share', share->>'shareID', false);
END
$$;
RESET ROLE;
DO $$
BEGIN
  -- Compared as bytes: a hash is no text (one with a zero byte in it broke a text comparison).
  ASSERT NOT EXISTS (SELECT 1 FROM sync.invites
                      WHERE position(convert_to(current_setting('check.token'), 'UTF8') IN token_hash) > 0),
    'the token itself is not stored';
END
$$;
SET ROLE bob;
DO $$
DECLARE
  share uuid := current_setting('check.share')::uuid;
  r jsonb;
BEGIN
  -- bob is invited, not yet in: he sees the share listed, not its records.
  ASSERT (sync.list_shares()->'shares'->0->>'currentUserPermission') = 'none', 'invited only';
  ASSERT NOT (sync.fetch_database_changes(0)->'zones' @> '[{"zone": "zsh"}]'), 'zone hidden before accepting';
  BEGIN
    PERFORM sync.add_participant(share, 'carol', 'read');
    ASSERT false, 'a participant added someone';
  EXCEPTION WHEN SQLSTATE 'SH403' THEN NULL;
  END;
  BEGIN
    PERFORM sync.stop_sharing(share);
    ASSERT false, 'a participant stopped the share';
  EXCEPTION WHEN SQLSTATE 'SH403' THEN NULL;
  END;
  -- The helpers behind the API are not callable by clients.
  BEGIN
    PERFORM sync.touch_root('alice', 'zsh', 'list:lists');
    ASSERT false, 'a client called touch_root';
  EXCEPTION WHEN insufficient_privilege THEN NULL;
  END;
  BEGIN
    PERFORM sync.share_json(share, 'alice');
    ASSERT false, 'a client called share_json';
  EXCEPTION WHEN insufficient_privilege THEN NULL;
  END;
  r := sync.accept_share(NULL, share);
  ASSERT r->>'currentUserPermission' = 'readOnly', 'bob accepted, read-only: ' || r;
  r := sync.fetch_zone_changes('alice', 'zsh', 0, 100)::jsonb;
  ASSERT jsonb_array_length(r->'records') = 2, 'bob reads the list and its item: ' || r;
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('sneak:items', p_zone => 'zsh', p_parent => 'list:lists')));
  ASSERT pg_temp.statuses(r) = '{permissionFailure}', 'read-only bob cannot add: ' || r;
  PERFORM sync.remove_participant(share, 'bob');
  ASSERT NOT (sync.fetch_database_changes(0)->'zones' @> '[{"zone": "zsh"}]'), 'bob left';
END
$$;
SET ROLE carol;
DO $$
DECLARE
  r jsonb;
BEGIN
  r := sync.accept_share(current_setting('check.token'), NULL);
  ASSERT r->>'currentUserPermission' = 'readWrite', 'carol joined by the token: ' || r;
  BEGIN
    PERFORM sync.accept_share(current_setting('check.token'), NULL);
    ASSERT false, 'a token was used twice';
  EXCEPTION WHEN SQLSTATE 'SH404' THEN NULL;
  END;
  r := pg_temp.modify(jsonb_build_array(pg_temp.save('carols:items', p_zone => 'zsh', p_parent => 'list:lists')));
  ASSERT pg_temp.statuses(r) = '{saved}', 'read-write carol adds: ' || r;
END
$$;
SET ROLE alice;
DO $$
DECLARE
  r jsonb;
BEGIN
  PERFORM sync.stop_sharing(current_setting('check.share')::uuid);
  ASSERT NOT (sync.list_shares()->'shares' @> '[{"rootRecordName": "list:lists"}]'), 'the share is gone';
  ASSERT pg_temp.get('carols:items', 'zsh') IS NOT NULL, 'alice keeps what carol added';
END
$$;
SET ROLE carol;
DO $$
BEGIN
  ASSERT NOT (sync.fetch_database_changes(0)->'zones' @> '[{"zone": "zsh"}]'), 'carol lost zsh';
  ASSERT NOT (sync.list_shares()->'shares' @> '[{"rootRecordName": "list:lists"}]'), 'carol has no share of it';
  RAISE NOTICE 'ok: sharing API: owners share, participants accept, tokens work once, helpers stay private';
END
$$;
RESET ROLE;

\echo '== NOTIFY on commit (a second connection listens, through dblink)'
CREATE SCHEMA check_ext;
CREATE EXTENSION dblink SCHEMA check_ext;
SELECT check_ext.dblink_connect('listener',
         format('host=%s port=%s dbname=%s user=postgres',
                split_part(current_setting('unix_socket_directories'), ',', 1),
                current_setting('port'), current_database()));
SELECT check_ext.dblink_exec('listener', 'LISTEN sync_alice');
SELECT check_ext.dblink_exec('listener', 'LISTEN sync_bob');
-- Notifications that reached the listener within a second.
CREATE FUNCTION pg_temp.heard(p_wait boolean DEFAULT true)
RETURNS TABLE (channel text, payload jsonb) LANGUAGE plpgsql AS $$
DECLARE
  tries int := 0;
BEGIN
  LOOP
    RETURN QUERY SELECT n.notify_name, n.extra::jsonb FROM check_ext.dblink_get_notify('listener') n;
    EXIT WHEN FOUND OR NOT p_wait OR tries >= 20;
    PERFORM pg_sleep(0.05);
    tries := tries + 1;
  END LOOP;
END
$$;

SET ROLE alice;
BEGIN;
DO $$ BEGIN ASSERT pg_temp.statuses(pg_temp.modify(jsonb_build_array(pg_temp.save('n:items', p_zone => 'zn')))) = '{saved}'; END $$;
RESET ROLE;
DO $$
BEGIN
  PERFORM pg_sleep(0.2);
  ASSERT NOT EXISTS (SELECT 1 FROM pg_temp.heard(false)), 'notified before commit';
END
$$;
COMMIT;
DO $$
DECLARE
  got jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('channel', channel, 'payload', payload)) INTO got
    FROM pg_temp.heard();
  ASSERT got = '[{"channel": "sync_alice", "payload": {"owner": "alice", "zone": "zn", "version": 1}}]',
    'one notification on sync_alice after commit: ' || coalesce(got::text, 'none');
  RAISE NOTICE 'ok: %', got;
END
$$;
-- A call that fails (atomic rollback) or writes nothing notifies nobody.
SET ROLE alice;
DO $$
BEGIN
  ASSERT pg_temp.statuses(pg_temp.modify(jsonb_build_array(pg_temp.save('n:items', 99, p_zone => 'zn'))))
         = '{serverRecordChanged}';
  ASSERT pg_temp.statuses(pg_temp.modify('[]', jsonb_build_array(pg_temp.del('gone', p_zone => 'zn'))))
         = '{deleted}';
END
$$;
RESET ROLE;
DO $$
BEGIN
  PERFORM pg_sleep(0.2);
  ASSERT NOT EXISTS (SELECT 1 FROM pg_temp.heard(false)), 'notified for nothing';
  RAISE NOTICE 'ok: no notification without a write';
END
$$;
-- Participants hear about the zones their shares are in.
SET ROLE alice;
DO $$
BEGIN
  ASSERT pg_temp.statuses(pg_temp.modify(jsonb_build_array(pg_temp.save(
           'root:lists', (pg_temp.get('root:lists', 'zs')->>'version')::bigint, p_zone => 'zs'))))
         = '{saved}';
END
$$;
RESET ROLE;
DO $$
DECLARE
  got text[];
BEGIN
  PERFORM pg_sleep(0.2);
  SELECT array_agg(channel ORDER BY channel) INTO got FROM pg_temp.heard();
  ASSERT got = '{sync_alice,sync_bob}', 'owner and participant notified: ' || coalesce(got::text, 'none');
  RAISE NOTICE 'ok: participants notified';
END
$$;
SELECT check_ext.dblink_disconnect('listener');

\echo '== concurrency: a retry while the first call is open; writers of a zone queue'
-- Fails the script with msg unless ok (for checks on psql variables, which DO cannot see).
CREATE FUNCTION pg_temp.check(ok boolean, msg text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'check failed: %', msg;
  END IF;
  RETURN 'ok: ' || msg;
END
$$;
SELECT check_ext.dblink_connect('worker',
         format('host=%s port=%s dbname=%s user=postgres',
                split_part(current_setting('unix_socket_directories'), ',', 1),
                current_setting('port'), current_database()));
SELECT check_ext.dblink_exec('worker', 'SET ROLE alice');
SELECT gen_random_uuid() AS batch,
       jsonb_build_array(pg_temp.save('cc1:items', p_zone => 'zc'))::text AS saves1,
       jsonb_build_array(pg_temp.save('cc2:items', p_zone => 'zc'))::text AS saves2
\gset

-- The same batch id sent again (a client retry) while the first call's transaction is open:
-- the retry waits, then returns the first reply and applies nothing.
BEGIN;
SET LOCAL ROLE alice;
SELECT sync.modify_records(:'batch', :'saves1', '[]') AS first_reply \gset
RESET ROLE;
SELECT check_ext.dblink_send_query('worker',
         format('SELECT sync.modify_records(%L, %L, ''[]'')', :'batch', :'saves2'));
SELECT pg_sleep(0.3);
SELECT pg_temp.check(check_ext.dblink_is_busy('worker') = 1, 'the retry waits for the first call');
COMMIT;
SELECT r AS retry_reply FROM check_ext.dblink_get_result('worker') AS t(r jsonb) \gset
SELECT count(*) FROM check_ext.dblink_get_result('worker') AS t(r jsonb);
SELECT pg_temp.check(:'retry_reply'::jsonb = :'first_reply'::jsonb, 'the retry returns the first reply'),
       pg_temp.check(pg_temp.get('cc2:items', 'zc') IS NULL, 'the retry applied nothing');

-- Another call writing the same zone waits for the open one and gets the next version, so
-- versions become visible in commit order.
BEGIN;
SET LOCAL ROLE alice;
SELECT (sync.modify_records(gen_random_uuid(), :'saves2', '[]') #>> '{results,0,version}')::bigint AS v_first \gset
RESET ROLE;
SELECT check_ext.dblink_send_query('worker',
         format('SELECT sync.modify_records(%L, %L, ''[]'')', gen_random_uuid(),
                jsonb_build_array(pg_temp.save('cc3:items', p_zone => 'zc'))));
SELECT pg_sleep(0.3);
SELECT pg_temp.check(check_ext.dblink_is_busy('worker') = 1, 'a second writer of the zone waits');
COMMIT;
SELECT (r #>> '{results,0,version}')::bigint AS v_second
  FROM check_ext.dblink_get_result('worker') AS t(r jsonb) \gset
SELECT count(*) FROM check_ext.dblink_get_result('worker') AS t(r jsonb);
SELECT pg_temp.check(:v_second = :v_first + 1, 'the waiting writer gets the next version');
SELECT check_ext.dblink_disconnect('worker');

\echo '== timing (500 records per call, like the client''s batches)'
SET ROLE alice;
DO $$
DECLARE
  saves jsonb;
  updates jsonb;
  deletes jsonb;
  r jsonb;
  t timestamptz;
  ms numeric;
  page jsonb;
  i int;
BEGIN
  -- 250 parents and 250 children (each child's parent earlier in the same call).
  SELECT jsonb_agg(CASE WHEN g % 2 = 1
                        THEN pg_temp.save('t' || g || ':lists', p_zone => 'bulk', p_value => repeat('x', 100))
                        ELSE pg_temp.save('t' || g || ':items', p_zone => 'bulk', p_value => repeat('y', 100),
                                          p_parent => 't' || (g - 1) || ':lists') END ORDER BY g)
    INTO saves FROM generate_series(1, 500) g;

  t := clock_timestamp();
  r := sync.modify_records(gen_random_uuid(), saves, '[]');
  ms := extract(epoch FROM clock_timestamp() - t) * 1000;
  ASSERT (SELECT bool_and(s = 'saved') FROM unnest(pg_temp.statuses(r)) s), 'bulk create';
  RAISE NOTICE 'timing: 500 creates in one call: % ms (% us/record)', round(ms, 1), round(ms * 2, 1);

  SELECT jsonb_agg(jsonb_set(e, '{baseVersion}', to_jsonb(1)) ORDER BY ord) INTO updates
    FROM jsonb_array_elements(saves) WITH ORDINALITY AS x(e, ord);
  t := clock_timestamp();
  r := sync.modify_records(gen_random_uuid(), updates, '[]');
  ms := extract(epoch FROM clock_timestamp() - t) * 1000;
  ASSERT (SELECT bool_and(s = 'saved') FROM unnest(pg_temp.statuses(r)) s), 'bulk update';
  RAISE NOTICE 'timing: 500 updates in one call: % ms (% us/record)', round(ms, 1), round(ms * 2, 1);

  t := clock_timestamp();
  page := sync.fetch_zone_changes('alice', 'bulk', 0, 1000);
  ms := extract(epoch FROM clock_timestamp() - t) * 1000;
  ASSERT jsonb_array_length(page->'records') = 500, 'bulk fetch';
  RAISE NOTICE 'timing: fetch 500 records: % ms', round(ms, 1);

  -- Children first, then parents.
  SELECT jsonb_agg(pg_temp.del(e->>'recordName', 2, p_zone => 'bulk')
                   ORDER BY (e->>'recordName' LIKE '%:lists'), ord) INTO deletes
    FROM jsonb_array_elements(saves) WITH ORDINALITY AS x(e, ord);
  t := clock_timestamp();
  r := sync.modify_records(gen_random_uuid(), '[]', deletes);
  ms := extract(epoch FROM clock_timestamp() - t) * 1000;
  ASSERT (SELECT bool_and(s = 'deleted') FROM unnest(pg_temp.statuses(r)) s), 'bulk delete: ' || r;
  RAISE NOTICE 'timing: 500 deletes in one call: % ms (% us/record)', round(ms, 1), round(ms * 2, 1);

  -- 10,000 new rows in 20 calls of 500.
  t := clock_timestamp();
  FOR i IN 1..20 LOOP
    SELECT jsonb_agg(pg_temp.save('big' || i || '-' || g, p_zone => 'big', p_value => repeat('z', 100)))
      INTO saves FROM generate_series(1, 500) g;
    r := sync.modify_records(gen_random_uuid(), saves, '[]');
  END LOOP;
  ms := extract(epoch FROM clock_timestamp() - t) * 1000;
  ASSERT (SELECT count(*) FROM sync.records WHERE owner = 'alice' AND zone = 'big') = 10000, 'big';
  RAISE NOTICE 'timing: 10,000 creates in 20 calls: % ms (% us/record, JSON building included)',
    round(ms, 1), round(ms / 10, 1);
END
$$;
RESET ROLE;

\echo '== timing of one top-level call as a client sends it (JSON text in, JSON text out)'
SELECT jsonb_agg(pg_temp.save('w' || g || ':items', p_zone => 'wire', p_value => repeat('w', 100)))::text
       AS saves500
  FROM generate_series(1, 500) g
\gset
SET ROLE alice;
\timing on
SELECT length(sync.modify_records(gen_random_uuid(), :'saves500'::jsonb, '[]')::text) AS reply_bytes;
\timing off
RESET ROLE;
\echo '== all checks passed'

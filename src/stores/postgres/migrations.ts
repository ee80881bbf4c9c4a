/**
 * The schema of the Postgres stores, as versioned migrations shipped in the package. Each
 * runs once per schema, in a transaction, under an advisory lock, so several instances starting
 * together apply it exactly once and the others wait, then find it applied.
 *
 * Migrations are append-only: a released one is never edited; a change is a new version.
 */
import {
  DEFAULT_SCHEMA,
  type PgConnection,
  type PgPoolClientLike,
  type PgPoolLike,
  checkPool,
  checkTimeout,
  connectWithin,
  quotedSchema,
  statement,
} from './connection.js'

export interface Migration {
  version: number
  name: string
  /** The SQL, for the schema given already quoted. */
  sql(schema: string): string
}

/**
 * v1: keys (looked up by hash, listed newest first per owner and overall, O4) and usage entries
 * (read newest first per key, per owner and overall; deleted oldest first after the retention
 * period, S4). Ids compare in code-unit order ("C"), as every store lists them.
 */
const v1: Migration = {
  version: 1,
  name: 'keys and usage',
  sql: (s) => `
CREATE TABLE ${s}.keys (
  id text COLLATE "C" PRIMARY KEY,
  hash text COLLATE "C" NOT NULL,
  name text NOT NULL,
  key_type text NOT NULL CHECK (key_type IN ('live', 'test')),
  last4 text NOT NULL,
  owner_id text COLLATE "C",
  meta json,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  scopes text[],
  limits jsonb,
  CONSTRAINT keys_hash_unique UNIQUE (hash)
);
CREATE INDEX keys_by_owner ON ${s}.keys (owner_id, created_at DESC, id DESC);
CREATE INDEX keys_by_creation ON ${s}.keys (created_at DESC, id DESC);

CREATE TABLE ${s}.usage (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_id text COLLATE "C" NOT NULL,
  owner_id text COLLATE "C",
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  ip text,
  country text
);
CREATE INDEX usage_by_key ON ${s}.usage (key_id, created_at DESC, seq DESC);
CREATE INDEX usage_by_owner ON ${s}.usage (owner_id, created_at DESC, seq DESC);
CREATE INDEX usage_by_time ON ${s}.usage (created_at, seq);
`,
}

/** v2: the app's settings (one row), recorded when it starts, for the command line (K1, K4). */
const v2: Migration = {
  version: 2,
  name: 'app settings',
  sql: (s) => `
CREATE TABLE ${s}.app_settings (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  key_prefix text NOT NULL,
  service_name text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
`,
}

/** v3: what a key may do beyond its scopes: `enabled` (suspend and resume), `allowed_ips`, `roles`. */
const v3: Migration = {
  version: 3,
  name: 'key access',
  sql: (s) => `
ALTER TABLE ${s}.keys ADD COLUMN enabled boolean NOT NULL DEFAULT true;
ALTER TABLE ${s}.keys ADD COLUMN allowed_ips text[];
ALTER TABLE ${s}.keys ADD COLUMN roles text[];
`,
}

/** v4: a key's credits as last set, `{ remaining, refill? }` (the live balance is the limiter's). */
const v4: Migration = {
  version: 4,
  name: 'key credits',
  sql: (s) => `
ALTER TABLE ${s}.keys ADD COLUMN credits jsonb;
`,
}

/**
 * v5: the webhook outbox (one row per event and endpoint; a pending row is due at
 * `next_attempt_at`, which a lease moves to its end) and the marks that make an event be sent once
 * across instances (thresholds, expiry warnings).
 */
const v5: Migration = {
  version: 5,
  name: 'webhook outbox',
  sql: (s) => `
CREATE TABLE ${s}.webhook_deliveries (
  id text COLLATE "C" PRIMARY KEY,
  event_id text NOT NULL,
  endpoint_url text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  lease_owner text,
  last_status integer,
  last_error text,
  last_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON ${s}.webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_by_creation ON ${s}.webhook_deliveries (created_at DESC, id DESC);

CREATE TABLE ${s}.event_marks (
  mark text COLLATE "C" PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
`,
}

/**
 * v6: the audit trail of key changes, read newest first overall, per key and per owner, and
 * deleted oldest first after the retention period.
 */
const v6: Migration = {
  version: 6,
  name: 'audit trail',
  sql: (s) => `
CREATE TABLE ${s}.audit (
  id text COLLATE "C" PRIMARY KEY,
  created_at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'suspended', 'enabled', 'revoked', 'revoked_all', 'rotated', 'imported')),
  actor text,
  key_id text COLLATE "C",
  owner_id text COLLATE "C",
  fields text[] NOT NULL
);
CREATE INDEX audit_by_time ON ${s}.audit (created_at DESC, id DESC);
CREATE INDEX audit_by_key ON ${s}.audit (key_id, created_at DESC, id DESC);
CREATE INDEX audit_by_owner ON ${s}.audit (owner_id, created_at DESC, id DESC);
`,
}

/**
 * v7: the outcome counters (N1): one row per subject (a key, an owner, the service), granularity,
 * bucket and outcome, read by that primary key in time order; deleted oldest first per granularity.
 */
const v7: Migration = {
  version: 7,
  name: 'outcome counters',
  sql: (s) => `
CREATE TABLE ${s}.analytics (
  scope text COLLATE "C" NOT NULL CHECK (scope IN ('key', 'owner', 'service')),
  subject_id text COLLATE "C" NOT NULL,
  granularity text COLLATE "C" NOT NULL CHECK (granularity IN ('minute', 'hour', 'day')),
  bucket timestamptz NOT NULL,
  outcome text COLLATE "C" NOT NULL,
  requests bigint NOT NULL,
  units bigint NOT NULL,
  PRIMARY KEY (scope, subject_id, granularity, bucket, outcome)
);
CREATE INDEX analytics_by_age ON ${s}.analytics (granularity, bucket);
`,
}

/**
 * v8: a record version, raised by every change of a field that decides a request (not by
 * `lastUsedAt` writes), so a Redis cache in front of the keys never replaces a newer record with
 * an older one. A trigger raises it, whatever statement made the change.
 */
const v8: Migration = {
  version: 8,
  name: 'record versions',
  sql: (s) => `
ALTER TABLE ${s}.keys ADD COLUMN version bigint NOT NULL DEFAULT 0;
CREATE FUNCTION ${s}.keys_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER keys_next_version BEFORE UPDATE OF name, meta, expires_at, revoked_at, scopes, limits, enabled, allowed_ips, roles, credits
  ON ${s}.keys FOR EACH ROW EXECUTE FUNCTION ${s}.keys_next_version();
`,
}

/**
 * v9: the outbox is claimed endpoint by endpoint, each reading only its own due deliveries, so a
 * silent endpoint's backlog never stands in front of another's. (v5's index stays for instances
 * of an older keyward in the same fleet during an upgrade.)
 */
const v9: Migration = {
  version: 9,
  name: 'webhook deliveries by endpoint',
  sql: (s) => `
CREATE INDEX webhook_deliveries_due_by_endpoint ON ${s}.webhook_deliveries (endpoint_url, next_attempt_at)
  WHERE state = 'pending';
`,
}

/**
 * v10: a usage entry's error code, so refusals of known keys are recorded with it; null for an
 * admitted request, as every entry written before is.
 */
const v10: Migration = {
  version: 10,
  name: 'usage refusal codes',
  sql: (s) => `ALTER TABLE ${s}.usage ADD COLUMN code text;`,
}

/**
 * v11: per sender of outcome counts, the last batch (and part of it) applied, written in the same
 * statement as the counts, so a batch retried after a timeout adds nothing twice; rows of senders
 * silent for a day are deleted with the old buckets.
 */
const analyticsBatches: Migration = {
  version: 11,
  name: 'outcome counter batches',
  sql: (s) => `
CREATE TABLE ${s}.analytics_batches (
  source text COLLATE "C" PRIMARY KEY,
  sequence bigint NOT NULL,
  part integer NOT NULL,
  applied_at timestamptz NOT NULL
);
`,
}

/**
 * v12: a usage entry is stored once: its request id is unique, so a batch written again after a
 * timeout (which Postgres may have committed) adds nothing. Duplicates already stored are removed
 * first, the oldest row of each request id kept.
 */
const v12UniqueUsageRequests: Migration = {
  version: 12,
  name: 'usage entries stored once',
  sql: (s) => `
DELETE FROM ${s}.usage AS later USING ${s}.usage AS first
  WHERE later.request_id = first.request_id AND later.seq > first.seq;
CREATE UNIQUE INDEX usage_request_id_unique ON ${s}.usage (request_id);
`,
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  v1,
  v2,
  v3,
  v4,
  v5,
  v6,
  v7,
  v8,
  v9,
  v10,
  analyticsBatches,
  v12UniqueUsageRequests,
])

/** The schema version this keyward needs. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

export interface MigrateOptions {
  /** The schema the stores live in. Default `keyward`; created when missing. */
  schema?: string
  /** The longest wait for another instance's migration, and for each statement. Default 60 s. */
  timeoutMs?: number
}

export interface MigrateResult {
  /** The versions this call applied (none when the schema was up to date). */
  applied: number[]
  /** The schema's version afterwards. */
  version: number
}

/**
 * Brings the schema up to date: creates it and its migrations table when missing and applies
 * every migration not yet applied, each recorded in the same transaction. Idempotent, and safe
 * when several instances run it at once.
 *
 * @example
 * import pg from 'pg'
 * import { migrate } from 'keyward/postgres'
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool) // at start, before serving
 */
export async function migrate(pool: PgPoolLike, options: MigrateOptions = {}): Promise<MigrateResult> {
  checkPool(pool)
  const name = options.schema ?? DEFAULT_SCHEMA
  const schema = quotedSchema(name)
  const timeoutMs = checkTimeout('timeoutMs', options.timeoutMs, 60_000)
  const client = await connectWithin(pool, timeoutMs)
  const onError = () => {}
  client.on('error', onError)
  let failed: Error | undefined
  try {
    await sql(client, 'BEGIN')
    await sql(
      client,
      `SET LOCAL lock_timeout = ${Math.ceil(timeoutMs)}; SET LOCAL statement_timeout = ${Math.ceil(timeoutMs)}`,
    )
    // One lock per schema, taken before anything is read: the second instance waits here.
    await sql(client, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`keyward.migrate.${name}`])
    const result = await applyMissing(client, schema, name)
    await sql(client, 'COMMIT')
    return result
  } catch (error) {
    failed = error as Error
    await sql(client, 'ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.removeListener('error', onError)
    client.release(failed)
  }
}

async function applyMissing(client: PgPoolClientLike, schema: string, name: string): Promise<MigrateResult> {
  const exists = await sql(client, 'SELECT 1 FROM pg_namespace WHERE nspname = $1', [name])
  if (exists.rows.length === 0) await sql(client, `CREATE SCHEMA ${schema}`)
  await sql(
    client,
    `CREATE TABLE IF NOT EXISTS ${schema}.migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  )
  const done = new Set(
    (await sql(client, `SELECT version FROM ${schema}.migrations`)).rows.map((row) => Number(row.version)),
  )
  const applied: number[] = []
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue
    await sql(client, migration.sql(schema))
    await sql(client, `INSERT INTO ${schema}.migrations (version, name) VALUES ($1, $2)`, [
      migration.version,
      migration.name,
    ])
    applied.push(migration.version)
  }
  return { applied, version: Math.max(0, ...done, ...applied) }
}

/** An unnamed query (migrations run once; several statements need the simple protocol). */
function sql(client: PgPoolClientLike, text: string, values?: unknown[]) {
  return client.query(values === undefined ? { text } : { text, values })
}

/**
 * The schema's version, or 0 when it was never migrated: what the stores check in `ready()`.
 * A version above `SCHEMA_VERSION` is a newer keyward's schema, which this one can still use as
 * long as migrations only add.
 */
export async function schemaVersion(connection: PgConnection, schemaName: string): Promise<number> {
  const [table] = await connection.rows(statement('SELECT to_regclass($1) IS NOT NULL AS present'), [
    `"${schemaName}".migrations`,
  ])
  if (table?.present !== 't') return 0
  const [row] = await connection.rows(
    statement(`SELECT coalesce(max(version), 0) AS version FROM "${schemaName}".migrations`),
    [],
  )
  return Number(row?.version ?? 0)
}

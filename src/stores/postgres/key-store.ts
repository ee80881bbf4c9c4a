/**
 * Key records in PostgreSQL. Every read goes to Postgres: there is no
 * cache of records, so a revocation is seen by the next request on every instance. The
 * lookups by hash of one event-loop turn share one prepared statement on the unique hash index
 * (`lookup-batch.ts`): at most one round trip per request, fewer under load.
 */
import type { KeyListQuery, KeyPage, KeyPatch, KeyStore, StoredKey } from '../../core/types.js'
import { type PgConnection, type Row, type Statement, isSqlError, statement } from './connection.js'
import { LAST_USED_INTERVAL_MS, LastUsedWriter } from './last-used.js'
import { createLookupBatch } from './lookup-batch.js'
import { safeReporter, warnAtMostEvery } from '../../core/background-warning.js'

/** The Postgres KeyStore: every method answers with a promise, except `touch`, which only notes the time. */
export interface PostgresKeyStore extends KeyStore {
  insert(key: StoredKey): Promise<void>
  findByHash(hash: string): Promise<StoredKey | undefined>
  get(id: string): Promise<StoredKey | undefined>
  list(query: KeyListQuery): Promise<KeyPage>
  update(id: string, patch: KeyPatch): Promise<StoredKey | undefined>
  revokeAll(ownerId: string, at: number): Promise<number>
  revoke(id: string, at: number): Promise<StoredKey | undefined>
  shortenExpiry(id: string, expiresAt: number): Promise<StoredKey | undefined>
  /** Notes the time; it is written within a second, then at most once a minute per key. */
  touch(id: string, at: number): void
  /** Writes every noted `lastUsedAt` now. */
  flushLastUsed(): Promise<void>
  /** Writes what is noted and stops the timer. Never ends the pool you passed in. */
  close(): Promise<void>
}

export interface PostgresKeyStoreSettings {
  /** Told when writing `lastUsedAt` fails (it is retried). Default: a process warning at most every 10 s. */
  onError?: ((error: unknown) => void) | undefined
  /** How often `lastUsedAt` writes go out, and how often each key at most (tests shorten them). */
  lastUsed?: { tickMs: number; intervalMs: number }
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::int8 AS ${column}`
const COLUMNS = [
  'id, hash, name, key_type, last4, owner_id, meta',
  ms('created_at'),
  ms('expires_at'),
  ms('revoked_at'),
  ms('last_used_at'),
  'array_to_json(scopes) AS scopes, limits, enabled, array_to_json(allowed_ips) AS allowed_ips, array_to_json(roles) AS roles, credits',
  'version',
].join(', ')
const TIME = (param: string) => `to_timestamp(${param}::float8 / 1000)`

/** The statements of one schema, built once per store. */
function statements(s: string) {
  return {
    insert: statement(
      `INSERT INTO ${s}.keys (id, hash, name, key_type, last4, owner_id, meta, created_at, expires_at, revoked_at, last_used_at, scopes, limits, enabled, allowed_ips, roles, credits)
       VALUES ($1, $2, $3, $4, $5, $6, $7::json, ${TIME('$8')}, ${TIME('$9')}, ${TIME('$10')}, ${TIME('$11')}, $12::text[], $13::jsonb, $14, $15::text[], $16::text[], $17::jsonb)`,
    ),
    // S4: the lookups of one turn in one statement; hashes with no row are simply absent.
    byHashes: statement(`SELECT ${COLUMNS} FROM ${s}.keys WHERE hash = ANY($1::text[])`),
    byId: statement(`SELECT ${COLUMNS} FROM ${s}.keys WHERE id = $1`),
    // O5: $2..$5, $11, $13, $15 and $17 say which fields the patch holds, so one statement serves every patch;
    // a null $10 keeps `enabled`.
    update: statement(
      `UPDATE ${s}.keys SET
         name = CASE WHEN $2 THEN $6 ELSE name END,
         meta = CASE WHEN $3 THEN $7::json ELSE meta END,
         scopes = CASE WHEN $4 THEN $8::text[] ELSE scopes END,
         limits = CASE WHEN $5 THEN $9::jsonb ELSE limits END,
         enabled = coalesce($10::boolean, enabled),
         allowed_ips = CASE WHEN $11 THEN $12::text[] ELSE allowed_ips END,
         roles = CASE WHEN $13 THEN $14::text[] ELSE roles END,
         credits = CASE WHEN $15 THEN $16::jsonb ELSE credits END,
         expires_at = CASE WHEN $17 THEN ${TIME('$18')} ELSE expires_at END
       WHERE id = $1 AND revoked_at IS NULL
       RETURNING ${COLUMNS}`,
    ),
    revoke: statement(
      `UPDATE ${s}.keys SET revoked_at = ${TIME('$2')} WHERE id = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    ),
    revokeAll: statement(`UPDATE ${s}.keys SET revoked_at = ${TIME('$2')} WHERE owner_id = $1 AND revoked_at IS NULL`),
    // The owner's keys not revoked yet, and revoking exactly those (a key created meanwhile waits for the next round).
    unrevokedOf: statement(`SELECT hash FROM ${s}.keys WHERE owner_id = $1 AND revoked_at IS NULL LIMIT $2`),
    revokeHashes: statement(
      `UPDATE ${s}.keys SET revoked_at = ${TIME('$3')} WHERE owner_id = $1 AND revoked_at IS NULL AND hash = ANY($2::text[]) RETURNING ${COLUMNS}`,
    ),
    shortenExpiry: statement(
      `UPDATE ${s}.keys SET expires_at = least(coalesce(expires_at, ${TIME('$2')}), ${TIME('$2')}) WHERE id = $1 RETURNING ${COLUMNS}`,
    ),
    touch: statement(
      `UPDATE ${s}.keys AS k SET last_used_at = ${TIME('t.at')}
       FROM unnest($1::text[], $2::int8[]) AS t(id, at)
       WHERE k.id = t.id AND (k.last_used_at IS NULL OR k.last_used_at < ${TIME('t.at')})`,
    ),
  }
}

/** A record with its version: raised by every change but `lastUsedAt` (migration 8). */
export interface VersionedKey {
  key: StoredKey
  version: number
}

/**
 * The changes of the key store answering with the record's version, for a cache in front of it
 * (`redis-cache.ts`): each is one statement, as in the store.
 */
export interface VersionedKeyOps {
  /** The batched lookup by hash (one statement per turn), with versions. */
  findByHash(hash: string): Promise<VersionedKey | undefined>
  get(id: string): Promise<VersionedKey | undefined>
  update(id: string, patch: KeyPatch): Promise<VersionedKey | undefined>
  revoke(id: string, at: number): Promise<VersionedKey | undefined>
  shortenExpiry(id: string, expiresAt: number): Promise<VersionedKey | undefined>
  /** The hashes of at most `limit` of the owner's keys not revoked yet. */
  unrevokedOf(ownerId: string, limit: number): Promise<string[]>
  /** Revokes those of `hashes` still unrevoked keys of the owner; the records it revoked. */
  revokeHashes(ownerId: string, hashes: readonly string[], at: number): Promise<VersionedKey[]>
}

/**
 * Creates the key store on a connection (see `createPostgresStores` for options and faults).
 *
 * @example
 * import pg from 'pg'
 * import { createPostgresKeyStore, migrate } from 'keyward/postgres'
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool)
 * const keys = createPostgresKeyStore({ pool })
 */
export function keyStoreOn(
  connection: PgConnection,
  schema: string,
  settings: PostgresKeyStoreSettings = {},
): PostgresKeyStore {
  return versionedKeyStoreOn(connection, schema, settings).store
}

/** The key store and the same changes answering with versions, on one `lastUsedAt` writer. */
export function versionedKeyStoreOn(
  connection: PgConnection,
  schema: string,
  settings: PostgresKeyStoreSettings = {},
): { store: PostgresKeyStore; versioned: VersionedKeyOps } {
  const sql = statements(schema)
  const report = safeReporter(
    settings.onError ?? warnAtMostEvery(10_000, 'keyward/postgres: lastUsedAt not written yet, will retry'),
  )
  const lastUsed = new LastUsedWriter({
    tickMs: settings.lastUsed?.tickMs ?? 1000,
    intervalMs: settings.lastUsed?.intervalMs ?? LAST_USED_INTERVAL_MS,
    write: async (ids, times) => void (await connection.count(sql.touch, [ids, times])),
    report,
  })
  const versionOf = (row: Row): VersionedKey => ({
    key: lastUsed.overlay(decodeKey(row)),
    version: Number(row.version),
  })
  const versionedOne = async (query: Statement, values: unknown[]) => {
    const [row] = await connection.rows(query, values)
    return row === undefined ? undefined : versionOf(row)
  }
  const lookUp = (hashes: string[], startedAt: number) => connection.rows(sql.byHashes, [hashes], startedAt)
  const byHash = createLookupBatch(lookUp, (row) => lastUsed.overlay(decodeKey(row)))
  const versioned: VersionedKeyOps = {
    findByHash: createLookupBatch(lookUp, versionOf),
    get: (id) => versionedOne(sql.byId, [id]),
    // A revoked key is left as it is (O5): no row updated, so the key is read as it stands.
    update: async (id, patch) =>
      (await versionedOne(sql.update, encodePatch(id, patch))) ?? versionedOne(sql.byId, [id]),
    // K6: idempotent; a second revoke finds nothing to update and reads the first revocation.
    revoke: async (id, at) => (await versionedOne(sql.revoke, [id, at])) ?? versionedOne(sql.byId, [id]),
    shortenExpiry: (id, expiresAt) => versionedOne(sql.shortenExpiry, [id, expiresAt]),
    unrevokedOf: async (ownerId, limit) =>
      (await connection.rows(sql.unrevokedOf, [ownerId, limit])).map((row) => row.hash!),
    revokeHashes: async (ownerId, hashes, at) =>
      (await connection.rows(sql.revokeHashes, [ownerId, [...hashes], at])).map(versionOf),
  }

  const store: PostgresKeyStore = {
    async insert(key) {
      try {
        await connection.count(sql.insert, encodeKey(key))
      } catch (error) {
        throw duplicateError(error) ?? error
      }
    },
    findByHash: byHash,
    get: async (id) => (await versioned.get(id))?.key,
    list: (query) => listKeys(connection, schema, query, lastUsed),
    update: async (id, patch) => (await versioned.update(id, patch))?.key,
    revoke: async (id, at) => (await versioned.revoke(id, at))?.key,
    revokeAll: (ownerId, at) => connection.count(sql.revokeAll, [ownerId, at]),
    shortenExpiry: async (id, expiresAt) => (await versioned.shortenExpiry(id, expiresAt))?.key,
    touch: (id, at) => lastUsed.touch(id, at),
    flushLastUsed: () => lastUsed.flush(),
    close: () => lastUsed.close(),
  }
  return { store, versioned }
}

function encodeKey(key: StoredKey): unknown[] {
  return [
    key.id,
    key.hash,
    key.name,
    key.keyType,
    key.last4,
    key.ownerId ?? null,
    key.meta == null ? null : JSON.stringify(key.meta),
    key.createdAt,
    key.expiresAt,
    key.revokedAt,
    key.lastUsedAt,
    [...key.scopes],
    key.limits === null ? null : JSON.stringify(key.limits),
    key.enabled !== false,
    key.allowedIps == null ? null : [...key.allowedIps],
    key.roles == null ? null : [...key.roles],
    key.credits == null ? null : JSON.stringify(key.credits),
  ]
}

function encodePatch(id: string, patch: KeyPatch): unknown[] {
  const { name, meta, scopes, limits } = patch
  return [
    id,
    name !== undefined,
    meta !== undefined,
    scopes !== undefined,
    limits !== undefined,
    name ?? null,
    meta == null ? null : JSON.stringify(meta),
    scopes === undefined ? null : [...scopes],
    limits == null ? null : JSON.stringify(limits),
    patch.enabled ?? null,
    patch.allowedIps !== undefined,
    patch.allowedIps == null ? null : [...patch.allowedIps],
    patch.roles !== undefined,
    patch.roles == null ? null : [...patch.roles],
    patch.credits !== undefined,
    patch.credits == null ? null : JSON.stringify(patch.credits),
    patch.expiresAt !== undefined,
    patch.expiresAt ?? null,
  ]
}

const time = (text: string | null | undefined): number | null => (text == null ? null : Number(text))
const json = <T>(text: string | null | undefined): T | null => (text == null ? null : (JSON.parse(text) as T))

/** A row as a record of the same shape the memory store keeps. */
export function decodeKey(row: Row): StoredKey {
  return {
    id: row.id!,
    hash: row.hash!,
    name: row.name!,
    keyType: row.key_type === 'test' ? 'test' : 'live',
    last4: row.last4!,
    createdAt: Number(row.created_at),
    expiresAt: time(row.expires_at),
    revokedAt: time(row.revoked_at),
    lastUsedAt: time(row.last_used_at),
    // Never written null; a null read holds nothing rather than everything.
    scopes: json<string[]>(row.scopes) ?? [],
    limits: json(row.limits),
    ownerId: row.owner_id ?? null,
    meta: json(row.meta),
    enabled: row.enabled === 't',
    allowedIps: json<string[]>(row.allowed_ips),
    roles: json<string[]>(row.roles),
    credits: json(row.credits),
  }
}

/** A unique violation on insert, as the memory store words it (never echoing the hash). */
function duplicateError(error: unknown): Error | undefined {
  if (!isSqlError(error) || (error as { code: string }).code !== '23505') return undefined
  const constraint = (error as { constraint?: string }).constraint
  const what = constraint === 'keys_hash_unique' ? 'this hash' : 'this id'
  return new Error(`keyward/postgres: a key with ${what} already exists`, { cause: error })
}

/** The WHERE clauses and values of a listing (O4); each combination is its own prepared statement. */
function listFilter(query: KeyListQuery): { clauses: string[]; values: unknown[] } {
  const clauses: string[] = []
  const values: unknown[] = []
  const param = (value: unknown) => `$${values.push(value)}`
  if (query.ownerId !== undefined) clauses.push(`owner_id = ${param(query.ownerId)}`)
  if (query.keyType !== undefined) clauses.push(`key_type = ${param(query.keyType)}`)
  if (query.after !== undefined) {
    clauses.push(`(created_at, id) < (${TIME(param(query.after.createdAt))}, ${param(query.after.id)})`)
  }
  if (query.status === 'revoked') clauses.push('revoked_at IS NOT NULL')
  else if (query.status === 'expired') clauses.push(`revoked_at IS NULL AND expires_at <= ${TIME(param(query.now))}`)
  else if (query.status === 'active')
    clauses.push(`revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${TIME(param(query.now))})`)
  return { clauses, values }
}

const listStatements = new Map<string, Statement>()

/** O4: one page, newest first (larger id first on ties), read on the owner's index when filtered by owner. */
async function listKeys(
  connection: PgConnection,
  schema: string,
  query: KeyListQuery,
  lastUsed: LastUsedWriter,
): Promise<KeyPage> {
  const { clauses, values } = listFilter(query)
  const limit = `$${values.push(query.limit + 1)}`
  const where = clauses.length === 0 ? '' : ` WHERE ${clauses.join(' AND ')}`
  const text = `SELECT ${COLUMNS} FROM ${schema}.keys${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`
  let prepared = listStatements.get(text)
  if (prepared === undefined) {
    prepared = statement(text)
    listStatements.set(text, prepared)
  }
  const rows = await connection.rows(prepared, values)
  const keys = rows.slice(0, query.limit).map((row) => lastUsed.overlay(decodeKey(row)))
  return { keys, more: rows.length > query.limit }
}

/**
 * `keyward/postgres`: keys, the usage log and the audit trail in PostgreSQL 13 or later, through a `pg` Pool you
 * create (S1). Postgres is the system of record; limits stay where they are fast: the memory
 * limiter for one instance, or the Redis limiter for a fleet (S2).
 *
 * - Schema: versioned migrations in the package; run `migrate(pool)` (or `keyward migrate`) before
 *   serving. Safe from several instances at once.
 * - Hot path (S4): at most one prepared statement on the hash index per request, shared by the lookups of one event-loop turn, plus the limiter's own
 *   call; `lastUsedAt` is written off the request's path, at most once a minute per key; usage
 *   entries are inserted in batches.
 * - Usage: in Postgres, or with `redis` in Redis by default, so a request writes nothing to
 *   Postgres (`usage-store.ts`).
 * - Revocation (S3, K7): nothing is cached, so a request that starts after `revoke()` returned is
 *   refused on every instance. With `redis` (S9), records are cached in Redis and every change
 *   reaches the cache before it returns (`redis-cache.ts`); a hit costs no Postgres statement.
 * - Faults (S5, R5): every call, the wait for a pooled connection included, rejects after
 *   `timeoutMs` (default 1 s); the core answers 500 and never lets the request through, and the
 *   stores recover as soon as Postgres answers again.
 */
import { createMemoryRateLimiter } from '../memory/rate-limiter.js'
import type { EventOutbox } from '../../core/outbox.js'
import type { KeywardStores, RateLimiter } from '../../core/types.js'
import {
  DEFAULT_SCHEMA,
  type PgPoolLike,
  checkPool,
  checkTimeout,
  createPgConnection,
  quotedSchema,
} from './connection.js'
import type { TimedAuditLogOptions } from '../../core/audit.js'
import { type PostgresAuditLog, auditLogOn } from './audit.js'
import { type PostgresKeyStore, keyStoreOn, versionedKeyStoreOn } from './key-store.js'
import { type PostgresRedisCacheOptions, recordCacheOn } from './redis-cache.js'
import { boundedMethods, operationsWithin } from '../redis/client.js'
import { fusedAuthorize } from '../../core/fused-authorize.js'
import type { AnalyticsStoreOptions } from '../../core/analytics-types.js'
import { analyticsOn, type PostgresAnalyticsStore } from './analytics.js'
import { appSettingsOn } from './app-settings.js'
import { outboxOn } from './outbox.js'
import { SCHEMA_VERSION, schemaVersion } from './migrations.js'
import { safeReporter, warnAtMostEvery } from '../../core/background-warning.js'
import { type PostgresUsageLog, type PostgresUsageOptions, usageLogOn } from './usage-log.js'
import { type PostgresStoresUsageOptions, type PostgresUsageStore, usageStoreOn } from './usage-store.js'
import type { RedisUsageLog } from '../redis/usage-log.js'

export type { PgPoolClientLike, PgPoolLike, PgQueryConfig, PgQueryResult } from './connection.js'
export type { PostgresKeyStore } from './key-store.js'
export type { PostgresAuditLog } from './audit.js'
export type { PostgresAnalyticsStore } from './analytics.js'
export type { PostgresUsageLog, PostgresUsageOptions } from './usage-log.js'
export type { PostgresStoresUsageOptions, PostgresUsageStore } from './usage-store.js'
export type { RedisUsageLog } from '../redis/usage-log.js'
export type { PostgresRedisCacheOptions } from './redis-cache.js'
export {
  MIGRATIONS,
  SCHEMA_VERSION,
  migrate,
  type Migration,
  type MigrateOptions,
  type MigrateResult,
} from './migrations.js'

/** What every Postgres store takes. */
export interface PostgresStoreOptions {
  /** A `pg` Pool (`new pg.Pool({ connectionString, connectionTimeoutMillis: 2000 })`). Never ended by keyward. */
  pool: PgPoolLike
  /** The schema `migrate()` created. Default `keyward`. */
  schema?: string
  /** Every call settles within this many milliseconds, the wait for a connection included. Default 1000. */
  timeoutMs?: number
  /** Told of faults off the request's path: `lastUsedAt` writes, and connections the pool lost while idle. Default: a process warning at most every 10 s. */
  onError?: (error: unknown) => void
}

/** Options of `createPostgresStores()`. */
export interface PostgresStoresOptions extends PostgresStoreOptions {
  /** Where limits are counted. Default: a memory limiter (one instance); for a fleet, `createRedisRateLimiter()` from `keyward/redis`, or `redis`. */
  limiter?: RateLimiter
  /**
   * Key records cached in this Redis, limits counted there (instead of `limiter`): a request whose
   * record is cached is decided in one Redis round trip with no Postgres statement, and every
   * change reaches the cache before it returns, so a revoked key is refused at once on every
   * instance. The client as `keyward/redis` takes it; Redis must run with
   * `maxmemory-policy noeviction`. See "The Redis cache" in docs/postgres.md.
   */
  redis?: PostgresRedisCacheOptions
  /**
   * Where usage entries are kept, and how they are batched and kept. Without `redis`: in Postgres,
   * one row per request. With `redis`: by default in Redis, capped per key as the Redis store's
   * usage log, so Postgres writes nothing per request; `'postgres'` (or `{ store: 'postgres', ... }`)
   * keeps the durable per-request log in Postgres at the cost of one row per request.
   */
  usage?: PostgresUsageStore | PostgresStoresUsageOptions
  /** How long audit entries are kept (default a year) and how often old ones are deleted. */
  audit?: TimedAuditLogOptions
  /** How long minute, hour and day buckets of the outcome counters are kept. */
  analytics?: AnalyticsStoreOptions
}

/** The Postgres stores for `createKeyward({ stores })`. */
export interface PostgresStores extends KeywardStores {
  keys: PostgresKeyStore
  limiter: RateLimiter
  /** In Postgres (`deleteExpired()` removes entries past their retention), or with the Redis cache in Redis by default. */
  usage: PostgresUsageLog | RedisUsageLog
  /** Webhook deliveries, shared by every instance on this database. */
  outbox: EventOutbox
  audit: PostgresAuditLog
  /** The outcome counters (N1): an upsert per flush, old buckets deleted in batches. */
  analytics: PostgresAnalyticsStore
  /** Writes out buffered usage and `lastUsedAt` and stops the timers. Never ends the pool. */
  close(): Promise<void>
  /**
   * Resolves once the schema is migrated far enough for these stores (and, when `createKeyward()`
   * was given them first, once the app's key prefix is recorded for the command line); rejects
   * saying to run the migrations when it is not, or with the fault that kept Postgres from answering.
   */
  ready(): Promise<void>
}

/** Per pool, the reporters of the stores built on it, told of the pool's 'error' events. */
const poolReporters = new WeakMap<object, Set<(error: unknown) => void>>()

/**
 * A pool emits 'error' when an idle connection dies (Postgres restarted): unheard, it would end
 * the process. One listener per pool tells every open store's reporter; returns how to stop.
 */
function watchPool(pool: PgPoolLike, report: (error: unknown) => void): () => void {
  let reporters = poolReporters.get(pool)
  if (reporters === undefined) {
    const set = new Set<(error: unknown) => void>()
    reporters = set
    poolReporters.set(pool, set)
    pool.on('error', (error) => {
      for (const reporter of set) reporter(error)
    })
  }
  reporters.add(report)
  return () => reporters.delete(report)
}

function settingsOf(options: PostgresStoreOptions) {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('keyward/postgres: options must be an object { pool, schema?, timeoutMs? }')
  const pool = checkPool(options.pool)
  const schemaName = options.schema ?? DEFAULT_SCHEMA
  const schema = quotedSchema(schemaName)
  const timeoutMs = checkTimeout('timeoutMs', options.timeoutMs, 1000)
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError('keyward/postgres: option "onError" must be a function')
  }
  const report = safeReporter(
    options.onError ?? warnAtMostEvery(10_000, 'keyward/postgres: a background write or an idle connection failed'),
  )
  const unwatch = watchPool(pool, report)
  return { connection: createPgConnection(pool, timeoutMs), schema, schemaName, report, timeoutMs, unwatch }
}

/**
 * The key store alone (for a custom set of stores).
 *
 * @example
 * import pg from 'pg'
 * import { createPostgresKeyStore } from 'keyward/postgres'
 * const keys = createPostgresKeyStore({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) })
 */
export function createPostgresKeyStore(options: PostgresStoreOptions): PostgresKeyStore {
  const { connection, schema, report, unwatch } = settingsOf(options)
  return closedWith(keyStoreOn(connection, schema, { onError: report }), unwatch)
}

/** The store, its `close()` also stopping `after` (its pool's reporter). */
function closedWith<T extends { close(): Promise<void> }>(store: T, after: () => void): T {
  return {
    ...store,
    async close() {
      after()
      await store.close()
    },
  }
}

/**
 * The usage log alone: batched inserts, entries kept `retentionDays` (default 90).
 *
 * @example
 * import { createPostgresUsageLog } from 'keyward/postgres'
 * const usage = createPostgresUsageLog({ pool, retentionDays: 30 })
 */
export function createPostgresUsageLog(options: PostgresStoreOptions & PostgresUsageOptions): PostgresUsageLog {
  const { connection, schema, report, unwatch } = settingsOf(options)
  return closedWith(usageLogOn(connection, schema, { ...options, onError: options.onError ?? report }), unwatch)
}

/**
 * Keys and usage on Postgres, limits in memory or in the limiter given. There is no fused
 * `authorize`: the core composes the stores, at most one Postgres round trip per request.
 *
 * @example
 * import pg from 'pg'
 * import { createKeyward } from 'keyward'
 * import { createPostgresStores, migrate } from 'keyward/postgres'
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2000 })
 * await migrate(pool)
 * const keyward = createKeyward({ stores: createPostgresStores({ pool }) })
 *
 * @example
 * // A fleet: keys in Postgres, limits in Redis
 * import { createRedisRateLimiter } from 'keyward/redis'
 * const stores = createPostgresStores({ pool, limiter: createRedisRateLimiter({ client: redis, keys: 'elsewhere' }) })
 */
export function createPostgresStores(options: PostgresStoresOptions): PostgresStores {
  const { connection, schema, schemaName, report, timeoutMs, unwatch } = settingsOf(options)
  if (options.redis !== undefined && options.limiter !== undefined) {
    throw new TypeError(
      'keyward/postgres: give "limiter" or "redis", not both: with "redis" the limits are counted there',
    )
  }
  const { store, versioned } = versionedKeyStoreOn(connection, schema, { onError: report })
  const cache = options.redis === undefined ? null : recordCacheOn(options.redis, store, versioned, report, timeoutMs)
  const limiter = cache?.limiter ?? options.limiter ?? createMemoryRateLimiter()
  if (
    typeof limiter !== 'object' ||
    limiter === null ||
    typeof limiter.consume !== 'function' ||
    typeof limiter.peek !== 'function'
  ) {
    throw new TypeError(
      'keyward/postgres: option "limiter" must be a RateLimiter (createMemoryRateLimiter(), createRedisRateLimiter())',
    )
  }
  const ownKeys = cache?.keys ?? store
  const usage = usageStoreOn(options.usage, cache, connection, schema, report)
  const ownAudit = auditLogOn(connection, schema, options.audit, report)
  // With the cache, an operation may span Redis and Postgres: each is bounded as a whole here, on
  // one timer, so the stores vouch for their bound and the core sets no timer per request (R5).
  // The usage log is left as it is, as without the cache: its flush writes out all it holds.
  const within =
    cache === null
      ? null
      : operationsWithin(
          cache.timeoutMs,
          (what) => `keyward/postgres: ${what} did not settle within ${cache.timeoutMs} ms`,
        )
  const bounded = <T extends object>(part: T, name: string): T =>
    within === null ? part : boundedMethods(part, within, name)
  const keys = bounded(ownKeys, 'keys')
  const boundedLimiter = bounded(limiter, 'limiter')
  const audit = bounded(ownAudit, 'audit')
  const migrated = async (): Promise<void> => {
    const version = await schemaVersion(connection, schemaName)
    if (version < SCHEMA_VERSION) {
      throw new Error(
        `keyward/postgres: the schema "${schemaName}" is at version ${version}, and these stores need version ${SCHEMA_VERSION}: run migrate(pool${schemaName === DEFAULT_SCHEMA ? '' : `, { schema: '${schemaName}' }`}) or keyward migrate --database-url <url> first`,
      )
    }
  }
  const app = appSettingsOn(connection, schema, migrated)
  return {
    ...(cache === null ? {} : { authorize: fusedAuthorize(cache.authorize, { keys, limiter: boundedLimiter, usage }) }),
    keys,
    limiter: boundedLimiter,
    usage,
    audit,
    analytics: bounded(analyticsOn(connection, schema, options.analytics), 'analytics'),
    recordAppSettings: app.record,
    appSettings: app.read,
    outbox: bounded(outboxOn(connection, schema), 'outbox'),
    async close() {
      unwatch()
      ownAudit.close()
      // Unbounded: closing writes out everything buffered, however long Postgres takes.
      await Promise.all([ownKeys.close(), usage.close()])
    },
    async ready() {
      await migrated()
      await cache?.ready()
      await app.recorded()
    },
    // Every key-store call settles within `timeoutMs`, or with the cache within its bound; with a
    // limiter of the host's, the core bounds them together.
    ...(cache !== null ? { timeoutMs: cache.timeoutMs } : options.limiter === undefined ? { timeoutMs } : {}),
  }
}
